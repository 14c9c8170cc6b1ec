package app.giveaway.logic

import app.giveaway.core.AnalysisView

/** A point of the graph in view pixels. */
data class GraphPoint(val x: Float, val y: Float)

/** A classified move on the graph: at the position after it. */
data class GraphMarker(val ply: Int, val point: GraphPoint, val moveClass: String)

/**
 * The evaluation graph in a [width] × [height] box: one point per position (start, then after each move),
 * White's expected result 1.0 at the top, 0.0 at the bottom, 0.5 the middle line.
 */
class EvalGraph(private val chances: List<Double>, val width: Float, val height: Float) {
    constructor(analysis: AnalysisView, width: Float, height: Float) : this(analysis.whiteChances, width, height)

    private val step: Float get() = if (chances.size > 1) width / (chances.size - 1) else 0f

    fun x(position: Int): Float = position * step

    fun y(chance: Double): Float = ((1.0 - chance.coerceIn(0.0, 1.0)) * height).toFloat()

    val points: List<GraphPoint> get() = chances.mapIndexed { i, c -> GraphPoint(x(i), y(c)) }

    val middleY: Float get() = height / 2

    /** Markers for the moves in [classes] (by default inaccuracies, mistakes, blunders). */
    fun markers(analysis: AnalysisView, classes: Set<String> = MISTAKE_CLASSES): List<GraphMarker> =
        analysis.moves.filter { it.`class` in classes }.mapNotNull { m ->
            val position = m.ply.toInt() + 1
            chances.getOrNull(position)?.let { GraphMarker(position, GraphPoint(x(position), y(it)), m.`class`) }
        }

    /** The position nearest to a tap at [x] (the replay jumps there). */
    fun positionAt(x: Float): Int {
        if (chances.size <= 1 || step == 0f) return 0
        return Math.round(x / step).coerceIn(0, chances.size - 1)
    }
}
