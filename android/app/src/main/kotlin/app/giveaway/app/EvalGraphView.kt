package app.giveaway.app

import android.content.Context
import android.graphics.Canvas
import android.graphics.Paint
import android.graphics.Path
import android.view.MotionEvent
import android.view.View
import app.giveaway.R
import app.giveaway.core.AnalysisView
import app.giveaway.logic.EvalGraph

/** The evaluation graph of a post-game analysis; a tap jumps the replay to the position under it. */
class EvalGraphView(context: Context) : View(context) {
    var onPosition: (Int) -> Unit = {}
    private var analysis: AnalysisView? = null
    private var current = 0
    private val line = Paint(Paint.ANTI_ALIAS_FLAG).apply { style = Paint.Style.STROKE; strokeWidth = 4f }
    private val area = Paint(Paint.ANTI_ALIAS_FLAG).apply { style = Paint.Style.FILL }
    private val mark = Paint(Paint.ANTI_ALIAS_FLAG).apply { style = Paint.Style.FILL }
    private val path = Path()

    fun show(analysis: AnalysisView?, position: Int) {
        this.analysis = analysis
        current = position
        contentDescription = analysis?.let {
            context.getString(
                R.string.graph_description,
                it.whiteAccuracy?.let { a -> Math.round(a).toInt() } ?: 0,
                it.blackAccuracy?.let { a -> Math.round(a).toInt() } ?: 0,
            )
        }
        invalidate()
    }

    override fun onMeasure(widthMeasureSpec: Int, heightMeasureSpec: Int) {
        val w = MeasureSpec.getSize(widthMeasureSpec)
        setMeasuredDimension(w, w / 4)
    }

    override fun onDraw(canvas: Canvas) {
        val a = analysis ?: return
        val g = EvalGraph(a, width.toFloat(), height.toFloat())
        area.color = context.getColor(R.color.graph_black)
        canvas.drawRect(0f, 0f, g.width, g.height, area)
        val pts = g.points
        if (pts.isEmpty()) return
        path.reset()
        path.moveTo(0f, g.height)
        pts.forEach { path.lineTo(it.x, it.y) }
        path.lineTo(pts.last().x, g.height)
        path.close()
        area.color = context.getColor(R.color.graph_white)
        canvas.drawPath(path, area)
        line.color = context.getColor(R.color.graph_line)
        canvas.drawLine(0f, g.middleY, g.width, g.middleY, line)
        for (m in g.markers(a)) {
            mark.color = context.getColor(
                when (m.moveClass) {
                    "blunder" -> R.color.class_blunder
                    "mistake" -> R.color.class_mistake
                    else -> R.color.class_inaccuracy
                }
            )
            canvas.drawCircle(m.point.x, m.point.y, 8f, mark)
        }
        line.color = context.getColor(R.color.selected)
        canvas.drawLine(g.x(current), 0f, g.x(current), g.height, line)
    }

    override fun onTouchEvent(event: MotionEvent): Boolean {
        val a = analysis ?: return false
        if (event.actionMasked == MotionEvent.ACTION_UP) {
            performClick()
            onPosition(EvalGraph(a, width.toFloat(), height.toFloat()).positionAt(event.x))
        }
        return true
    }

    override fun performClick(): Boolean = super.performClick()
}
