// The start-position editor (a handicap beyond men removed): the core's PositionEditor puts the palette's piece
// on a tapped square (a second tap takes it off) and says why no game can start from the position, if so.
import Observation
import GiveawayCore

@MainActor
@Observable
public final class EditorModel {
    public private(set) var squares: [SquareView] = []
    public private(set) var sideToMove = Color.white
    /// The position as PDN FEN, for `GameSetup.fen`.
    public private(set) var fen = ""
    /// Why no game can start from this position; nil when one can.
    public private(set) var problem: UserMessage?
    /// The same, as the core names it (no pieces for a side, or no move for the side to move), to word.
    public private(set) var positionProblem: PositionProblem?
    /// The palette's choice: the piece a tap puts down (nil: the eraser).
    public var tool: PieceView? = PieceView(color: .white, kind: .man)

    /// The palette: white and black man and king, then the eraser.
    public static let palette: [PieceView?] = [
        PieceView(color: .white, kind: .man), PieceView(color: .white, kind: .king),
        PieceView(color: .black, kind: .man), PieceView(color: .black, kind: .king), nil,
    ]

    private let editor = PositionEditor()

    /// An editor holding `fen` (a position set up before), else the standard start.
    public init(fen: String? = nil) {
        perform { editor in try fen.map { try editor.load(fen: $0) } }
    }

    /// A tap on square `n` (PDN number): the palette's piece goes there, or comes off if it is already there.
    public func tap(_ n: UInt32) {
        let piece = tool
        perform { try $0.place(square: n, piece: piece) }
    }

    /// Runs one edit and shows the board it leaves: `model.perform { try $0.cycle(square: n) }`.
    public func perform(_ edit: (PositionEditor) throws -> Void) {
        do {
            try edit(editor)
            try editor.check()
            problem = nil
        } catch {
            problem = UserMessage(error)
        }
        positionProblem = editor.problem()
        squares = editor.squares()
        sideToMove = editor.sideToMove()
        fen = editor.fen()
    }
}
