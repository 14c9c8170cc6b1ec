package app.giveaway.logic

/** The 32 dark squares by PDN number (1 = b8 … 32 = g1): file and rank, both 0..7 from White's lower left. */
object Squares {
    const val COUNT = 32

    fun rank(n: Int): Int = 7 - (n - 1) / 4

    fun file(n: Int): Int = 2 * ((n - 1) % 4) + if (rank(n) % 2 == 0) 0 else 1

    /** The square's number, or null for a light square or one off the board. */
    fun number(file: Int, rank: Int): Int? {
        if (file !in 0..7 || rank !in 0..7 || (file + rank) % 2 != 0) return null
        return (7 - rank) * 4 + file / 2 + 1
    }

    fun name(n: Int): String = "${'a' + file(n)}${rank(n) + 1}"
}

/** A cell on screen: column and row from the top left, and its pixel box. */
data class Cell(val column: Int, val row: Int, val left: Float, val top: Float, val size: Float) {
    val centerX: Float get() = left + size / 2
    val centerY: Float get() = top + size / 2
}

/**
 * Square numbers ↔ screen cells for a square board of [size] pixels whose top left corner is at ([originX],
 * [originY]). Not flipped: White's side (rank 1) at the bottom, file a on the left; flipped: turned 180°.
 */
class BoardGeometry(
    val size: Float,
    val flipped: Boolean,
    val originX: Float = 0f,
    val originY: Float = 0f,
) {
    val cellSize: Float get() = size / 8

    fun column(file: Int): Int = if (flipped) 7 - file else file

    fun row(rank: Int): Int = if (flipped) rank else 7 - rank

    fun cell(n: Int): Cell {
        val c = column(Squares.file(n))
        val r = row(Squares.rank(n))
        return Cell(c, r, originX + c * cellSize, originY + r * cellSize, cellSize)
    }

    /** The dark square under a point, or null (outside the board or a light square). */
    fun squareAt(x: Float, y: Float): Int? {
        if (size <= 0f) return null
        val c = kotlin.math.floor((x - originX) / cellSize).toInt()
        val r = kotlin.math.floor((y - originY) / cellSize).toInt()
        if (c !in 0..7 || r !in 0..7) return null
        val file = if (flipped) 7 - c else c
        val rank = if (flipped) r else 7 - r
        return Squares.number(file, rank)
    }

    /** The file letter shown under column [column]. */
    fun fileLabel(column: Int): String = "${'a' + (if (flipped) 7 - column else column)}"

    /** The rank digit shown beside row [row]. */
    fun rankLabel(row: Int): String = "${(if (flipped) row else 7 - row) + 1}"

    companion object {
        /** The largest board that fits a width × height area, centred in it. */
        fun fitting(width: Float, height: Float, flipped: Boolean): BoardGeometry {
            val size = minOf(width, height)
            return BoardGeometry(size, flipped, (width - size) / 2, (height - size) / 2)
        }
    }
}
