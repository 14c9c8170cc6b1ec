package app.giveaway.ui

import android.view.View
import android.view.accessibility.AccessibilityNodeInfo

/**
 * The board on screen as a player sees it: a square board as large as the view allows, centred; White at the
 * bottom unless [blackAtBottom]. Squares are named as players name them ("c3"); what a square shows is read
 * from its accessibility node (the same words TalkBack speaks), whose virtual id is the square's PDN number.
 */
class Board(val view: View, var blackAtBottom: Boolean = false) {
    private val size get() = minOf(view.width, view.height).toFloat()
    val cell get() = size / 8

    fun centre(square: String): Pair<Float, Float> {
        val file = square[0] - 'a'
        val rank = square[1] - '1'
        val col = if (blackAtBottom) 7 - file else file
        val row = if (blackAtBottom) rank else 7 - rank
        val x0 = (view.width - size) / 2
        val y0 = (view.height - size) / 2
        return (x0 + (col + 0.5f) * cell) to (y0 + (row + 0.5f) * cell)
    }

    fun tap(square: String) {
        val (x, y) = centre(square)
        Ui.tapAt(view, x, y)
    }

    fun drag(from: String, to: String) = Ui.dragBetween(view, centre(from), centre(to))

    /** Taps each square in turn: a move entered square by square. */
    fun play(vararg squares: String) = squares.forEach(::tap)

    fun node(square: String): AccessibilityNodeInfo =
        view.accessibilityNodeProvider.createAccessibilityNodeInfo(number(square))
            ?: throw AssertionError("no accessibility node for $square")

    /** What the square says, e.g. "c3, white man, can move". */
    fun says(square: String): String = node(square).contentDescription?.toString() ?: ""

    /** The squares whose description contains [word] (e.g. "destination"). */
    fun squaresSaying(word: String): List<String> = ALL.filter { word in says(it) }

    companion object {
        fun number(square: String): Int {
            val file = square[0] - 'a'
            val rank = square[1] - '1'
            require((file + rank) % 2 == 0) { "$square is a light square" }
            return (7 - rank) * 4 + file / 2 + 1
        }

        /** The 32 dark squares by name, in PDN order (b8 … g1). */
        val ALL: List<String> = (7 downTo 0).flatMap { rank ->
            (0..7).filter { (it + rank) % 2 == 0 }.map { "${'a' + it}${rank + 1}" }
        }
    }
}
