// Touch input on the board: touch-down, moves and lift in board points become a tap on a square or a drag from
// one square to another. Movement within `slop` of the touch-down point is a tap (fingers wobble).

public struct DragTracker: Sendable {
    public enum Gesture: Equatable, Sendable {
        case tap(UInt32)
        case drag(from: UInt32, to: UInt32)
        /// Dropped off the board, or started on a light square.
        case none
    }

    private let slop: Double
    private var downX = 0.0
    private var downY = 0.0

    /// The square the touch started on.
    public private(set) var origin: UInt32?
    /// True once the finger moved beyond the slop: the piece follows it.
    public private(set) var dragging = false
    /// Where the dragged piece is drawn, while `dragging`.
    public private(set) var x = 0.0
    public private(set) var y = 0.0

    public init(slop: Double) {
        self.slop = slop
    }

    public mutating func down(x: Double, y: Double, side: Double, flipped: Bool) {
        origin = BoardGeometry.square(atX: x, y: y, side: side, flipped: flipped)
        downX = x
        downY = y
        self.x = x
        self.y = y
        dragging = false
    }

    /// Returns true when the drag starts with this move (the screen picks the piece up).
    public mutating func move(x: Double, y: Double) -> Bool {
        guard origin != nil else { return false }
        self.x = x
        self.y = y
        let dx = x - downX
        let dy = y - downY
        guard !dragging, dx * dx + dy * dy > slop * slop else { return false }
        dragging = true
        return true
    }

    public mutating func up(x: Double, y: Double, side: Double, flipped: Bool) -> Gesture {
        defer { cancel() }
        guard let from = origin else { return .none }
        guard dragging else { return .tap(from) }
        guard let to = BoardGeometry.square(atX: x, y: y, side: side, flipped: flipped) else { return .none }
        return to == from ? .tap(from) : .drag(from: from, to: to)
    }

    public mutating func cancel() {
        origin = nil
        dragging = false
    }
}
