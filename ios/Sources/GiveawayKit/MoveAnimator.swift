// The hop-by-hop animation of a move: the piece travels landing square by landing square, and each piece it
// jumps stays on the board as a ghost until the move ends (Turkish strike), exactly as the rules have it.
import GiveawayCore

/// One step of a move's animation: the moving piece stands on `at`, and `ghosts` are the pieces jumped so far.
public struct HopFrame: Equatable, Sendable {
    public let at: UInt32
    public let ghosts: [UInt32]
}

public struct MoveAnimator: Equatable, Sendable {
    /// The square the piece left.
    public let from: UInt32
    public let frames: [HopFrame]
    /// Time per hop, in seconds.
    public let secondsPerHop: Double

    /// The animation of `move`, or nil when animations are off or the user asked iOS to reduce motion
    /// (the board then shows the result at once, with the last move highlighted).
    public init?(move: MoveView, speed: AnimationSpeed, reduceMotion: Bool) {
        guard !reduceMotion, let seconds = MoveAnimator.hopSeconds(for: speed) else { return nil }
        let captured = Set(move.captured)
        var ghosts: [UInt32] = []
        var frames: [HopFrame] = []
        var previous = move.from
        for landing in move.path {
            if let jumped = BoardGeometry.jumpedSquare(from: previous, to: landing, occupied: captured) {
                ghosts.append(jumped)
            }
            frames.append(HopFrame(at: landing, ghosts: ghosts))
            previous = landing
        }
        self.from = move.from
        self.frames = frames
        self.secondsPerHop = seconds
    }

    /// Seconds per hop for each speed setting; nil for off.
    public static func hopSeconds(for speed: AnimationSpeed) -> Double? {
        switch speed {
        case .off: return nil
        case .slow: return 0.45
        case .normal: return 0.25
        case .fast: return 0.12
        }
    }

    public var totalSeconds: Double { secondsPerHop * Double(frames.count) }
}
