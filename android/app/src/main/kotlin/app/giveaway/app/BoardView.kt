package app.giveaway.app

import android.content.Context
import android.graphics.Canvas
import android.graphics.Paint
import android.graphics.Path
import android.graphics.Typeface
import android.os.SystemClock
import android.view.MotionEvent
import android.view.View
import android.view.ViewConfiguration
import android.view.accessibility.AccessibilityNodeProvider
import app.giveaway.core.Color
import app.giveaway.core.Notation
import app.giveaway.core.PieceKind
import app.giveaway.core.PieceView
import app.giveaway.logic.BoardGeometry
import app.giveaway.logic.BoardScene
import app.giveaway.logic.DragTracker
import app.giveaway.logic.GameUiState
import app.giveaway.logic.Speech
import app.giveaway.logic.Squares

/**
 * The board, drawn on a Canvas from the plain-Kotlin [BoardScene]; touches go through [DragTracker] to
 * [onTap] / [onDrag]. Squares are virtual accessibility nodes ([BoardAccessibility]) for TalkBack.
 */
class BoardView(context: Context) : View(context) {
    var onTap: (Int) -> Unit = {}
    var onDrag: (Int, Int) -> Unit = { _, _ -> }

    /** Whether touches do anything (a replay only looks). */
    var interactive = true

    var boardColors: BoardColors = Themes.board(context, "classic")
    var pieceColors: PieceColors = Themes.pieces(context, "classic")

    var ui: GameUiState? = null
        private set

    private val words = AndroidWords(context)
    private val tracker = DragTracker(ViewConfiguration.get(context).scaledTouchSlop.toFloat())
    private val accessibility = BoardAccessibility(this)
    private val fill = Paint(Paint.ANTI_ALIAS_FLAG).apply { style = Paint.Style.FILL }
    private val stroke = Paint(Paint.ANTI_ALIAS_FLAG).apply { style = Paint.Style.STROKE }
    private val text = Paint(Paint.ANTI_ALIAS_FLAG).apply { typeface = Typeface.DEFAULT_BOLD }
    private val crown = Path()

    init {
        isFocusable = true
        importantForAccessibility = IMPORTANT_FOR_ACCESSIBILITY_YES
        contentDescription = context.getString(app.giveaway.R.string.board_description)
    }

    /** A board that is not a game (the position editor): drawn as given. */
    private var fixedScene: BoardScene? = null

    fun show(state: GameUiState) {
        ui = state
        fixedScene = null
        invalidate()
        accessibility.contentChanged()
    }

    fun show(scene: BoardScene) {
        fixedScene = scene
        ui = null
        invalidate()
        accessibility.contentChanged()
    }

    val geometry: BoardGeometry
        get() = BoardGeometry.fitting(width.toFloat(), height.toFloat(), ui?.orientation?.flipped ?: false)

    /** A square's spoken description, for the accessibility nodes. */
    fun describe(square: Int): String {
        fixedScene?.let { scene ->
            val piece = scene.squares.getOrNull(square - 1)?.piece
            return words.join(listOf(Squares.name(square), piece?.let { words.piece(it.color, it.kind) } ?: words.empty()))
        }
        val s = ui ?: return ""
        val view = s.snapshot.squares.getOrNull(square - 1) ?: return ""
        return Speech.square(view, words, hinted = s.hint.piece == square)
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
        val state = ui
        val now = SystemClock.uptimeMillis()
        val scene = fixedScene ?: state?.scene(now) ?: return
        val topFacesAway = state?.orientation?.topFacesAway ?: false
        val g = geometry
        val cell = g.cellSize
        val c = boardColors
        for (row in 0..7) for (col in 0..7) {
            if ((row + col) % 2 == 0) {
                fill.color = c.light
                canvas.drawRect(g.originX + col * cell, g.originY + row * cell, g.originX + (col + 1) * cell, g.originY + (row + 1) * cell, fill)
            }
        }
        val dragging = if (tracker.dragging) tracker.origin else null
        for (sq in scene.squares) {
            val r = g.cell(sq.number)
            fill.color = when {
                sq.selected -> c.selected
                sq.lastMove -> c.lastMove
                else -> c.dark
            }
            canvas.drawRect(r.left, r.top, r.left + cell, r.top + cell, fill)
            if (c.strong && !sq.selected && !sq.lastMove) hatch(canvas, r.left, r.top, cell)
            if (sq.hint) ring(canvas, r.centerX, r.centerY, cell * 0.47f, c.hint, cell * 0.08f)
            val piece = sq.piece
            if (piece != null && sq.number != dragging) {
                drawPiece(canvas, piece, r.centerX, r.centerY, cell, if (sq.ghost) 90 else 255, topFacesAway)
            }
            if (sq.lastCaptured && piece == null) ring(canvas, r.centerX, r.centerY, cell * 0.2f, c.lastMove, cell * 0.05f)
            if (sq.mustCapture) ring(canvas, r.centerX, r.centerY, cell * 0.44f, c.mustCapture, cell * if (c.strong) 0.09f else 0.06f)
            if (sq.dot) {
                fill.color = c.dot
                canvas.drawCircle(r.centerX, r.centerY, cell * 0.13f, fill)
            }
            if (sq.finalDestination) ring(canvas, r.centerX, r.centerY, cell * 0.3f, c.dot, cell * 0.06f)
        }
        if (state?.snapshot?.notation == Notation.NUMERIC) drawNumbers(canvas, g, c) else drawCoordinates(canvas, g, c)
        scene.flying?.let { f ->
            val col = if (g.flipped) 7 - f.file else f.file
            val row = if (g.flipped) f.rank else 7 - f.rank
            drawPiece(canvas, f.piece, g.originX + (col + 0.5f) * cell, g.originY + (row + 0.5f) * cell, cell, 255, topFacesAway)
        }
        if (dragging != null && state != null) {
            state.snapshot.squares.getOrNull(dragging - 1)?.piece?.let {
                drawPiece(canvas, it, tracker.x, tracker.y - cell * 0.3f, cell * 1.15f, 230, topFacesAway)
            }
        }
        val anim = state?.animation
        if (anim != null && now - state.animationStartMs < anim.totalMs) postInvalidateOnAnimation()
    }

    private fun drawPiece(canvas: Canvas, piece: PieceView, x: Float, y: Float, cell: Float, alpha: Int, topFacesAway: Boolean) {
        val p = pieceColors
        val white = piece.color == Color.WHITE
        val radius = cell * 0.38f
        fill.color = if (white) p.white else p.black
        fill.alpha = alpha
        canvas.drawCircle(x, y, radius, fill)
        stroke.color = if (white) p.whiteEdge else p.blackEdge
        stroke.alpha = alpha
        stroke.strokeWidth = cell * if (boardColors.strong) 0.07f else 0.04f
        canvas.drawCircle(x, y, radius, stroke)
        canvas.drawCircle(x, y, radius * 0.65f, stroke)
        fill.alpha = 255
        stroke.alpha = 255
        if (piece.kind == PieceKind.KING) {
            // Face-to-face: the far player's crowns face them.
            val turned = topFacesAway && piece.color == Color.BLACK
            canvas.save()
            if (turned) canvas.rotate(180f, x, y)
            crown.reset()
            val w = radius * 0.55f
            crown.moveTo(x - w, y + w * 0.5f)
            crown.lineTo(x - w, y - w * 0.4f)
            crown.lineTo(x - w * 0.5f, y)
            crown.lineTo(x, y - w * 0.7f)
            crown.lineTo(x + w * 0.5f, y)
            crown.lineTo(x + w, y - w * 0.4f)
            crown.lineTo(x + w, y + w * 0.5f)
            crown.close()
            fill.color = p.crown
            fill.alpha = alpha
            canvas.drawPath(crown, fill)
            fill.alpha = 255
            canvas.restore()
        }
    }

    private fun ring(canvas: Canvas, x: Float, y: Float, radius: Float, color: Int, width: Float) {
        stroke.color = color
        stroke.strokeWidth = width
        canvas.drawCircle(x, y, radius, stroke)
    }

    private fun hatch(canvas: Canvas, left: Float, top: Float, cell: Float) {
        stroke.color = boardColors.light
        stroke.strokeWidth = cell * 0.02f
        stroke.alpha = 70
        var d = cell / 4
        while (d < cell * 2) {
            canvas.drawLine(left + maxOf(0f, d - cell), top + minOf(d, cell), left + minOf(d, cell), top + maxOf(0f, d - cell), stroke)
            d += cell / 4
        }
        stroke.alpha = 255
    }

    /** Numeric notation: each dark square's PDN number in its corner. */
    private fun drawNumbers(canvas: Canvas, g: BoardGeometry, c: BoardColors) {
        val cell = g.cellSize
        text.textSize = cell * 0.18f
        text.color = c.coordinatesOnDark
        for (n in 1..Squares.COUNT) {
            val r = g.cell(n)
            canvas.drawText("$n", r.left + cell * 0.05f, r.top + cell * 0.2f, text)
        }
    }

    /**
     * Ranks down the left edge, files along the bottom, each in the colour that stands out on the square it
     * sits on (light and dark squares alternate along an edge).
     */
    private fun drawCoordinates(canvas: Canvas, g: BoardGeometry, c: BoardColors) {
        val cell = g.cellSize
        text.textSize = cell * 0.2f
        for (i in 0..7) {
            // Row i, column 0 is light when i is even; row 7, column i is light when i is odd.
            text.color = if (i % 2 == 0) c.coordinatesOnLight else c.coordinatesOnDark
            canvas.drawText(g.rankLabel(i), g.originX + cell * 0.05f, g.originY + i * cell + cell * 0.24f, text)
            val label = g.fileLabel(i)
            text.color = if (i % 2 == 1) c.coordinatesOnLight else c.coordinatesOnDark
            canvas.drawText(label, g.originX + (i + 1) * cell - text.measureText(label) - cell * 0.05f, g.originY + 8 * cell - cell * 0.06f, text)
        }
    }

    override fun onTouchEvent(event: MotionEvent): Boolean {
        if (!interactive || (ui == null && fixedScene == null)) return false
        when (event.actionMasked) {
            MotionEvent.ACTION_DOWN -> {
                tracker.down(event.x, event.y, geometry)
                parent?.requestDisallowInterceptTouchEvent(true)
            }
            MotionEvent.ACTION_MOVE -> if (tracker.move(event.x, event.y)) invalidate()
            MotionEvent.ACTION_UP -> {
                when (val gesture = tracker.up(event.x, event.y, geometry)) {
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
