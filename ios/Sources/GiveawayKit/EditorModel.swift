// The start-position editor (a handicap beyond men removed): the core's PositionEditor cycles a tapped square
// through the pieces and says whether a game can start from the position.
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

    private let editor = PositionEditor()

    /// An editor holding `fen` (a position set up before), else the standard start.
    public init(fen: String? = nil) {
        perform { editor in try fen.map { try editor.load(fen: $0) } }
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
        squares = editor.squares()
        sideToMove = editor.sideToMove()
        fen = editor.fen()
    }
}
