// Touches on the board: which square a point of the drawn board is (the core maps the cell to its square for
// the orientation), and a touch's down/move/up read as a tap, a piece picked up, or a drag from one square to
// another. Movement within a quarter of a square of the touch-down point is a tap (fingers wobble).
import GiveawayCore

public struct DragTracker: Sendable {
    public enum Gesture: Equatable, Sendable {
        /// The finger left the slop: the piece follows it from here.
        case pickUp(UInt32)
        case tap(UInt32)
        case drag(from: UInt32, to: UInt32)
    }

    private let side: Double
    private let flipped: Bool
    private var down = (x: 0.0, y: 0.0)
    /// The square the touch started on (nil on a light square or off the board).
    public private(set) var origin: UInt32?
    /// The finger moved beyond the slop: the piece on `origin` follows it.
    public private(set) var dragging = false
    /// Where the finger is, in board points.
    public private(set) var x = 0.0
    public private(set) var y = 0.0

    /// A tracker for one touch on a board `side` points wide, turned as `flipped` says.
    public init(side: Double, flipped: Bool) {
        self.side = side
        self.flipped = flipped
    }

    /// The dark square under a point (0,0 = top left) of a board `side` points wide, nil on a light square or off
    /// the board.
    public static func square(atX x: Double, y: Double, side: Double, flipped: Bool) -> UInt32? {
        guard side > 0, x >= 0, y >= 0, x < side, y < side else { return nil }
        return squareAt(column: UInt32(x / side * 8), row: UInt32(y / side * 8), flipped: flipped)
    }

    public mutating func down(x: Double, y: Double) {
        origin = DragTracker.square(atX: x, y: y, side: side, flipped: flipped)
        down = (x, y)
        (self.x, self.y) = (x, y)
        dragging = false
    }

    /// `.pickUp` once, when the finger first leaves the slop.
    public mutating func move(x: Double, y: Double) -> Gesture? {
        guard let from = origin else { return nil }
        (self.x, self.y) = (x, y)
        let (dx, dy) = (x - down.x, y - down.y)
        let slop = side / 32
        guard !dragging, dx * dx + dy * dy > slop * slop else { return nil }
        dragging = true
        return .pickUp(from)
    }

    /// The gesture the touch made; nil when it started on a light square or was dropped off the board.
    public mutating func up(x: Double, y: Double) -> Gesture? {
        defer { (origin, dragging) = (nil, false) }
        guard let from = origin else { return nil }
        guard dragging else { return .tap(from) }
        guard let to = DragTracker.square(atX: x, y: y, side: side, flipped: flipped) else { return nil }
        return to == from ? .tap(from) : .drag(from: from, to: to)
    }
}
