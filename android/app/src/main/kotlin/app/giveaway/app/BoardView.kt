package app.giveaway.app

import android.content.Context
import android.graphics.Canvas
import android.graphics.Paint
import android.graphics.Rect
import android.graphics.Typeface
import android.os.SystemClock
import android.view.MotionEvent
import android.view.View
import android.view.ViewConfiguration
import android.view.accessibility.AccessibilityNodeProvider
import app.giveaway.core.AnimationFrame
import app.giveaway.core.AnimationPlan
import app.giveaway.core.Color
import app.giveaway.core.Coordinates
import app.giveaway.core.Notation
import app.giveaway.core.PieceKind
import app.giveaway.core.PieceView
import app.giveaway.core.SquareView
import app.giveaway.core.animationFrame
import app.giveaway.core.boardCoordinates
import app.giveaway.core.describeSquare
import kotlin.math.floor

/**
 * A board drawn on a Canvas from the core's squares, each already placed at its screen column and row for the
 * board's orientation and marked with what to show; a move's animation frames come from the core too. Touches
 * go through [DragTracker] to [onTap] / [onDrag]. Squares are virtual accessibility nodes ([BoardAccessibility])
 * for TalkBack.
 */
class BoardView(context: Context) : View(context) {
    var onTap: (Int) -> Unit = {}
    var onDrag: (Int, Int) -> Unit = { _, _ -> }

    /** Whether touches do anything (a replay only looks). */
    var interactive = true

    var boardColors: BoardColors = Themes.board(context, app.giveaway.core.BoardTheme.CLASSIC)
    var pieceColors: PieceColors = Themes.pieces(context, app.giveaway.core.PieceTheme.CLASSIC)

    /** The animation last started: a state drawn again, or by the next screen after a rotation, does not replay it. */
    var animationSeen: ULong? = null

    private var squares: List<SquareView> = emptyList()
    private var byCell: Map<Pair<Int, Int>, SquareView> = emptyMap()
    private var coordinates: Coordinates = boardCoordinates(false, Notation.ALGEBRAIC)
    private var notation = Notation.ALGEBRAIC
    private var turnedSide: Color? = null
    private var animation: AnimationPlan? = null
    private var animationStart = 0L

    private val words = AndroidWords(context)
    private val tracker = DragTracker(ViewConfiguration.get(context).scaledTouchSlop.toFloat())
    private val accessibility = BoardAccessibility(this)
    private val fill = Paint(Paint.ANTI_ALIAS_FLAG).apply { style = Paint.Style.FILL }
    private val stroke = Paint(Paint.ANTI_ALIAS_FLAG).apply { style = Paint.Style.STROKE }
    private val text = Paint(Paint.ANTI_ALIAS_FLAG).apply { typeface = Typeface.DEFAULT_BOLD }

    init {
        isFocusable = true
        importantForAccessibility = IMPORTANT_FOR_ACCESSIBILITY_YES
        contentDescription = context.getString(app.giveaway.R.string.board_description)
    }

    /**
     * Shows [squares] with the edge labels [coordinates] (by default White's side at the bottom, for the boards
     * without a controller: rules and editor); [turnedSide]: the side whose pieces are drawn turned
     * towards the far player (face-to-face); [animation]: the move to animate, run once from now.
     */
    fun show(
        squares: List<SquareView>,
        coordinates: Coordinates = boardCoordinates(false, Notation.ALGEBRAIC),
        notation: Notation = Notation.ALGEBRAIC,
        turnedSide: Color? = null,
        animation: AnimationPlan? = null,
    ) {
        this.squares = squares
        byCell = squares.associateBy { it.column.toInt() to it.row.toInt() }
        this.coordinates = coordinates
        this.notation = notation
        this.turnedSide = turnedSide
        if (animation == null) {
            this.animation = null
        } else if (animation.id != animationSeen) {
            animationSeen = animation.id
            this.animation = animation
            animationStart = SystemClock.uptimeMillis()
        }
        invalidate()
        accessibility.contentChanged()
    }

    /** The PDN numbers of the squares shown. */
    val squareNumbers: List<Int> get() = squares.map { it.number.toInt() }

    /** A square's spoken description as it is drawn (the core says what, [AndroidWords] in which words). */
    fun describe(square: Int): String =
        squares.firstOrNull { it.number.toInt() == square }?.let { words.square(describeSquare(it, notation)) } ?: ""

    // Pixels: the board is the largest square the view holds, centred; a cell is an eighth of it.
    private val side: Float get() = minOf(width, height).toFloat()
    private val cell: Float get() = side / 8
    private fun x(column: Float): Float = (width - side) / 2 + column * cell
    private fun y(row: Float): Float = (height - side) / 2 + row * cell

    /** The dark square under a point in view pixels, or null (off the board, or a light square). */
    fun squareAt(px: Float, py: Float): Int? {
        if (cell <= 0f) return null
        val column = floor((px - x(0f)) / cell).toInt()
        val row = floor((py - y(0f)) / cell).toInt()
        return byCell[column to row]?.number?.toInt()
    }

    /** Where square [square] is drawn, in view pixels. */
    fun bounds(square: Int): Rect? = squares.firstOrNull { it.number.toInt() == square }?.let {
        val left = x(it.column.toFloat())
        val top = y(it.row.toFloat())
        Rect(left.toInt(), top.toInt(), (left + cell).toInt(), (top + cell).toInt())
    }

    override fun onMeasure(widthMeasureSpec: Int, heightMeasureSpec: Int) {
        // As large a square as the parent allows.
        val w = MeasureSpec.getSize(widthMeasureSpec)
        val h = MeasureSpec.getSize(heightMeasureSpec)
        val side = when {
            MeasureSpec.getMode(heightMeasureSpec) == MeasureSpec.UNSPECIFIED -> w
            MeasureSpec.getMode(widthMeasureSpec) == MeasureSpec.UNSPECIFIED -> h
            else -> minOf(w, h)
        }
        setMeasuredDimension(side, side)
    }

    override fun onDraw(canvas: Canvas) {
        if (squares.isEmpty()) return
        val frame: AnimationFrame? = animation?.let {
            animationFrame(it, (SystemClock.uptimeMillis() - animationStart).coerceAtLeast(0).toULong())
        }
        if (frame == null) animation = null
        val c = boardColors
        for (row in 0..7) {
            for (column in 0..7) {
                if ((column to row) !in byCell) {
                    fill.color = c.light
                    canvas.drawRect(x(column.toFloat()), y(row.toFloat()), x(column + 1f), y(row + 1f), fill)
                }
            }
        }
        val captured = frame?.captured?.associateBy { it.square.toInt() }
        val dragging = if (tracker.dragging) tracker.origin else null
        for (sq in squares) {
            val n = sq.number.toInt()
            val left = x(sq.column.toFloat())
            val top = y(sq.row.toFloat())
            val cx = left + cell / 2
            val cy = top + cell / 2
            // While a move animates, the marks of the position after it wait until it is over.
            val still = frame == null
            fill.color = c.dark
            canvas.drawRect(left, top, left + cell, top + cell, fill)
            // The marks' colours are translucent: they tint the dark square, whatever lies behind the view.
            val mark = when {
                sq.selected -> c.selected
                sq.pending -> c.pending
                sq.lastMove && still -> c.lastMove
                else -> null
            }
            if (mark != null) {
                fill.color = mark
                canvas.drawRect(left, top, left + cell, top + cell, fill)
            } else if (c.strong) {
                hatch(canvas, left, top)
            }
            if (sq.hint) ring(canvas, cx, cy, cell * 0.47f, c.hint, cell * 0.08f)
            val standing = captured?.get(n)
            val piece = when {
                frame != null && n == frame.destination.toInt() -> null
                standing != null -> standing.piece
                else -> sq.piece
            }
            // Captured pieces stay on the board, faded, until the move is over (and on a rules diagram).
            val faded = standing?.ghost ?: (sq.ghost || sq.lastCaptured)
            if (piece != null && n != dragging) drawPiece(canvas, piece, cx, cy, cell, if (faded) 90 else 255)
            if (sq.lastCaptured && piece == null && still) ring(canvas, cx, cy, cell * 0.2f, c.lastMove, cell * 0.05f)
            if (sq.mustCapture) ring(canvas, cx, cy, cell * 0.44f, c.mustCapture, cell * if (c.strong) 0.09f else 0.06f)
            if (sq.destination && still) {
                fill.color = c.dot
                canvas.drawCircle(cx, cy, cell * 0.13f, fill)
            }
            if (sq.finalDestination && still) ring(canvas, cx, cy, cell * 0.3f, c.dot, cell * 0.06f)
            if (coordinates.squareNumbers && piece == null) {
                text.textSize = cell * 0.18f
                text.color = c.coordinatesOnDark
                canvas.drawText("$n", left + cell * 0.05f, top + cell * 0.2f, text)
            }
        }
        drawEdgeLabels(canvas)
        frame?.flying?.let { f ->
            drawPiece(canvas, f.piece, x(f.column + 0.5f), y(f.row + 0.5f), cell, 255)
        }
        if (dragging != null) {
            squares.firstOrNull { it.number.toInt() == dragging }?.piece?.let {
                drawPiece(canvas, it, tracker.x, tracker.y - cell * 0.3f, cell * 1.15f, 230)
            }
        }
        if (frame != null) postInvalidateOnAnimation()
    }

    private fun drawPiece(canvas: Canvas, piece: PieceView, x: Float, y: Float, cell: Float, alpha: Int) =
        PiecePainter.draw(canvas, piece, x, y, cell, alpha, pieceColors, boardColors.strong, piece.color == turnedSide)

    private fun ring(canvas: Canvas, x: Float, y: Float, radius: Float, color: Int, width: Float) {
        stroke.color = color
        stroke.strokeWidth = width
        canvas.drawCircle(x, y, radius, stroke)
    }

    private fun hatch(canvas: Canvas, left: Float, top: Float) {
        stroke.color = boardColors.light
        stroke.strokeWidth = cell * 0.02f
        stroke.alpha = 70
        var d = cell / 4
        while (d < cell * 2) {
            canvas.drawLine(
                left + maxOf(0f, d - cell), top + minOf(d, cell), left + minOf(d, cell),
                top + maxOf(0f, d - cell), stroke,
            )
            d += cell / 4
        }
        stroke.alpha = 255
    }

    /**
     * The core's rank labels down the left edge and file labels along the bottom, each in the colour that stands
     * out on the square it sits on (light and dark squares alternate along an edge).
     */
    private fun drawEdgeLabels(canvas: Canvas) {
        val c = boardColors
        text.textSize = cell * 0.2f
        fun onDark(column: Int, row: Int) = (column to row) in byCell
        coordinates.ranks.forEachIndexed { row, label ->
            text.color = if (onDark(0, row)) c.coordinatesOnDark else c.coordinatesOnLight
            canvas.drawText(label, x(0f) + cell * 0.05f, y(row.toFloat()) + cell * 0.24f, text)
        }
        coordinates.files.forEachIndexed { column, label ->
            text.color = if (onDark(column, 7)) c.coordinatesOnDark else c.coordinatesOnLight
            canvas.drawText(label, x(column + 1f) - text.measureText(label) - cell * 0.05f, y(8f) - cell * 0.06f, text)
        }
    }

    override fun onTouchEvent(event: MotionEvent): Boolean {
        if (!interactive || squares.isEmpty()) return false
        when (event.actionMasked) {
            MotionEvent.ACTION_DOWN -> {
                tracker.down(event.x, event.y, squareAt(event.x, event.y))
                parent?.requestDisallowInterceptTouchEvent(true)
            }

            MotionEvent.ACTION_MOVE -> if (tracker.move(event.x, event.y)) invalidate()

            MotionEvent.ACTION_UP -> {
                when (val gesture = tracker.up(squareAt(event.x, event.y))) {
                    is DragTracker.Gesture.Tap -> {
                        performClick()
                        onTap(gesture.square)
                    }

                    is DragTracker.Gesture.Drag -> onDrag(gesture.from, gesture.to)

                    DragTracker.Gesture.None -> Unit
                }
                invalidate()
            }

            MotionEvent.ACTION_CANCEL -> {
                tracker.cancel()
                invalidate()
            }
        }
        return true
    }

    override fun performClick(): Boolean = super.performClick()

    override fun dispatchHoverEvent(event: MotionEvent): Boolean =
        accessibility.hover(event) || super.dispatchHoverEvent(event)

    override fun getAccessibilityNodeProvider(): AccessibilityNodeProvider = accessibility
}
