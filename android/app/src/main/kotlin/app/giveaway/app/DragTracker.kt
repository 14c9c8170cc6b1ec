package app.giveaway.app

/**
 * Touch input on the board: down/move/up in view pixels become a tap on a square or a drag from one square to
 * another. Movement within [slopPx] of the touch-down point is a tap (fingers wobble). The board view says which
 * square is under a point.
 */
class DragTracker(private val slopPx: Float) {
    sealed interface Gesture {
        data class Tap(val square: Int) : Gesture
        data class Drag(val from: Int, val to: Int) : Gesture
        data object None : Gesture
    }

    private var downSquare: Int? = null
    private var downX = 0f
    private var downY = 0f

    /** True once the finger moved beyond the slop: the piece follows it. */
    var dragging = false
        private set

    /** Where the dragged piece is drawn, while [dragging]. */
    var x = 0f
        private set
    var y = 0f
        private set

    /** The square the gesture started on. */
    val origin: Int? get() = downSquare

    /** A finger down at ([x], [y]), on [square] (null: off the board or on a light square). */
    fun down(x: Float, y: Float, square: Int?) {
        downSquare = square
        downX = x
        downY = y
        this.x = x
        this.y = y
        dragging = false
    }

    /** Returns true when the view must redraw (the dragged piece moved). */
    fun move(x: Float, y: Float): Boolean {
        if (downSquare == null) return false
        this.x = x
        this.y = y
        if (!dragging && (x - downX) * (x - downX) + (y - downY) * (y - downY) > slopPx * slopPx) dragging = true
        return dragging
    }

    /** The finger lifted over [square]. */
    fun up(square: Int?): Gesture {
        val from = downSquare ?: return Gesture.None.also { reset() }
        val wasDragging = dragging
        reset()
        if (!wasDragging) return Gesture.Tap(from)
        val to = square ?: return Gesture.None
        return if (to == from) Gesture.Tap(from) else Gesture.Drag(from, to)
    }

    fun cancel() = reset()

    private fun reset() {
        downSquare = null
        dragging = false
    }
}
