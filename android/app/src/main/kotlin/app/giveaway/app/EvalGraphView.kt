package app.giveaway.app

import android.content.Context
import android.graphics.Canvas
import android.graphics.Paint
import android.graphics.Path
import android.view.MotionEvent
import android.view.View
import app.giveaway.R
import app.giveaway.core.GraphMarker

/**
 * The evaluation graph of a post-game analysis: White's expected result per position (start, then after each
 * move; 1 at the top, 0 at the bottom), the core's markers for inaccuracies, mistakes and blunders, and the
 * position shown. A tap gives the fraction of the width it hit (the replay goes to the nearest position).
 */
class EvalGraphView(context: Context) : View(context) {
    var onFraction: (Double) -> Unit = {}
    private var chances: List<Double> = emptyList()
    private var markers: List<GraphMarker> = emptyList()
    private var current = 0
    private val line = Paint(Paint.ANTI_ALIAS_FLAG).apply {
        style = Paint.Style.STROKE
        strokeWidth = 4f
    }
    private val area = Paint(Paint.ANTI_ALIAS_FLAG).apply { style = Paint.Style.FILL }
    private val mark = Paint(Paint.ANTI_ALIAS_FLAG).apply { style = Paint.Style.FILL }
    private val path = Path()

    /** [chances]: empty before the analysis; [position]: the position shown; [description]: for TalkBack. */
    fun show(chances: List<Double>, markers: List<GraphMarker>, position: Int, description: String?) {
        this.chances = chances
        this.markers = markers
        current = position
        contentDescription = description
        invalidate()
    }

    // The positions span the width inside a marker's radius on each side, so the first and last markers show whole.
    private val inset get() = MARKER_RADIUS
    private val span get() = (width - 2 * inset).coerceAtLeast(1f)

    private fun x(position: Int): Float = inset + if (chances.size > 1) position * span / (chances.size - 1) else 0f

    private fun y(chance: Double): Float = ((1.0 - chance.coerceIn(0.0, 1.0)) * height).toFloat()

    override fun onMeasure(widthMeasureSpec: Int, heightMeasureSpec: Int) {
        val w = MeasureSpec.getSize(widthMeasureSpec)
        setMeasuredDimension(w, w / 4)
    }

    override fun onDraw(canvas: Canvas) {
        if (chances.isEmpty()) return
        val w = width.toFloat()
        val h = height.toFloat()
        area.color = context.getColor(R.color.graph_black)
        canvas.drawRect(0f, 0f, w, h, area)
        path.reset()
        // Flat out to both edges beyond the first and last positions.
        path.moveTo(0f, h)
        path.lineTo(0f, y(chances.first()))
        chances.forEachIndexed { i, c -> path.lineTo(x(i), y(c)) }
        path.lineTo(w, y(chances.last()))
        path.lineTo(w, h)
        path.close()
        area.color = context.getColor(R.color.graph_white)
        canvas.drawPath(path, area)
        line.color = context.getColor(R.color.graph_line)
        canvas.drawLine(0f, h / 2, w, h / 2, line)
        for (m in markers) {
            val p = m.position.toInt()
            val chance = chances.getOrNull(p) ?: continue
            mark.color = context.getColor(
                when (m.`class`) {
                    "blunder" -> R.color.class_blunder
                    "mistake" -> R.color.class_mistake
                    else -> R.color.class_inaccuracy
                },
            )
            canvas.drawCircle(x(p), y(chance), MARKER_RADIUS, mark)
        }
        line.color = context.getColor(R.color.selected)
        canvas.drawLine(x(current), 0f, x(current), h, line)
    }

    override fun onTouchEvent(event: MotionEvent): Boolean {
        if (chances.isEmpty() || width == 0) return false
        if (event.actionMasked == MotionEvent.ACTION_UP) {
            performClick()
            onFraction(((event.x - inset) / span).coerceIn(0f, 1f).toDouble())
        }
        return true
    }

    override fun performClick(): Boolean = super.performClick()

    private companion object {
        const val MARKER_RADIUS = 8f
    }
}
