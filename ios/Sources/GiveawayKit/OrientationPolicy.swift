// Which way up the board is drawn. Fixed: the player's colour at the bottom (White in pass-and-play).
// Face to face: White at the bottom and the top player's pieces and clock turned towards them. Flip each move:
// the side to move at the bottom.
import GiveawayCore

public struct OrientationPolicy: Equatable, Sendable {
    /// Black's side (rank 8) at the bottom.
    public let flipped: Bool
    /// Pieces of the side at the top are drawn upside down (face to face).
    public let topFacesDown: Bool

    public init(mode: Orientation, snapshot: Snapshot) {
        switch mode {
        case .fixed:
            flipped = snapshot.humanColor == .black
            topFacesDown = false
        case .faceToFace:
            flipped = snapshot.humanColor == .black
            topFacesDown = snapshot.isPassAndPlay
        case .flipEachMove:
            // Against the computer the player's side stays down: flipping for the computer's turn helps no one.
            flipped = (snapshot.humanColor ?? snapshot.sideToMove) == .black
            topFacesDown = false
        }
    }

    /// The colour whose pieces start at the top of the drawn board.
    public var topColor: Color { flipped ? .white : .black }
}
