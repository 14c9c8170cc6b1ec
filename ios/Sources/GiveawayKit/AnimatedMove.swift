// What the board shows while a move is animated: the position before the move, the moving piece on its
// current hop square (crowned once it reaches the far rank), and the pieces it jumped drawn as ghosts.
import GiveawayCore

/// A piece as the board draws it; `ghost` pieces are captured but stay until the move ends.
public struct DrawnPiece: Equatable, Sendable {
    public let piece: PieceView
    public let ghost: Bool

    public init(piece: PieceView, ghost: Bool) {
        self.piece = piece
        self.ghost = ghost
    }
}

public struct AnimatedMove: Equatable, Sendable {
    public let hop: MoveAnimator
    /// Pieces before the move, by square.
    public let before: [UInt32: PieceView]
    public private(set) var frame: Int = 0

    public init?(hop: MoveAnimator, before: Snapshot) {
        var pieces: [UInt32: PieceView] = [:]
        for s in before.squares {
            if let p = s.piece { pieces[s.number] = p }
        }
        guard pieces[hop.from] != nil, !hop.frames.isEmpty else { return nil }
        self.hop = hop
        self.before = pieces
    }

    public var isLastFrame: Bool { frame >= hop.frames.count - 1 }

    public mutating func advance() {
        if !isLastFrame { frame += 1 }
    }

    /// The square the moving piece stands on now.
    public var movingSquare: UInt32 { hop.frames[frame].at }

    /// Every piece to draw at this frame.
    public func pieces() -> [UInt32: DrawnPiece] {
        guard let mover = before[hop.from] else { return [:] }
        let ghosts = Set(hop.frames[frame].ghosts)
        var drawn: [UInt32: DrawnPiece] = [:]
        for (square, piece) in before where square != hop.from {
            drawn[square] = DrawnPiece(piece: piece, ghost: ghosts.contains(square))
        }
        drawn[movingSquare] = DrawnPiece(piece: crowned(mover), ghost: false)
        return drawn
    }

    /// A man that has reached the far rank on any hop so far is a king from then on.
    private func crowned(_ piece: PieceView) -> PieceView {
        guard piece.kind == .man else { return piece }
        let farRank = piece.color == .white ? 7 : 0
        let reached = hop.frames[...frame].contains { BoardGeometry.fileRank(of: $0.at)?.rank == farRank }
        return reached ? PieceView(color: piece.color, kind: .king) : piece
    }
}

extension Snapshot {
    /// The pieces of a still board: what the snapshot says, with the ghosts of a capture being entered.
    public func drawnPieces() -> [UInt32: DrawnPiece] {
        var drawn: [UInt32: DrawnPiece] = [:]
        for s in squares {
            if let p = s.piece { drawn[s.number] = DrawnPiece(piece: p, ghost: s.ghost) }
        }
        return drawn
    }
}
