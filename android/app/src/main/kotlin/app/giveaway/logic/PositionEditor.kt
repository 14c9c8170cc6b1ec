package app.giveaway.logic

import app.giveaway.core.Color
import app.giveaway.core.PieceKind
import app.giveaway.core.PieceView

/**
 * The start-position editor (a handicap beyond removed men): tapping a square cycles empty → white man →
 * white king → black man → black king → empty, skipping men on their own promotion rank. The result is PDN
 * FEN for `StartPosition.Fen`; the core judges whether it can be played.
 */
class PositionEditor {
    private val pieces = sortedMapOf<Int, PieceView>()
    var sideToMove: Color = Color.WHITE

    fun piece(square: Int): PieceView? = pieces[square]

    fun cycle(square: Int) {
        if (square !in 1..Squares.COUNT) return
        val order = CYCLE.filter { it == null || allowed(it, square) }
        val next = order[(order.indexOf(pieces[square]) + 1) % order.size]
        if (next == null) pieces.remove(square) else pieces[square] = next
    }

    fun clear() = pieces.clear()

    /** The standard start: White's men on 21–32, Black's on 1–12, White to move. */
    fun standard() {
        pieces.clear()
        for (n in 1..12) pieces[n] = PieceView(Color.BLACK, PieceKind.MAN)
        for (n in 21..32) pieces[n] = PieceView(Color.WHITE, PieceKind.MAN)
        sideToMove = Color.WHITE
    }

    /** PDN FEN, e.g. `W:W21,K18:B1,2`. */
    fun fen(): String {
        fun side(c: Color) = pieces.filterValues { it.color == c }
            .map { (n, p) -> if (p.kind == PieceKind.KING) "K$n" else "$n" }
            .joinToString(",")
        val turn = if (sideToMove == Color.WHITE) "W" else "B"
        return "$turn:W${side(Color.WHITE)}:B${side(Color.BLACK)}"
    }

    /** The editor's board for drawing: pieces only. */
    fun scene(): BoardScene = BoardScene(
        (1..Squares.COUNT).map { n ->
            SquareScene(n, pieces[n], ghost = false, selected = false, dot = false, finalDestination = false,
                mustCapture = false, lastMove = false, lastCaptured = false, hint = false)
        },
        null,
    )

    private fun allowed(p: PieceView, square: Int): Boolean {
        if (p.kind == PieceKind.KING) return true
        val promotionRank = if (p.color == Color.WHITE) 7 else 0
        return Squares.rank(square) != promotionRank
    }

    private companion object {
        val CYCLE: List<PieceView?> = listOf(
            null,
            PieceView(Color.WHITE, PieceKind.MAN),
            PieceView(Color.WHITE, PieceKind.KING),
            PieceView(Color.BLACK, PieceKind.MAN),
            PieceView(Color.BLACK, PieceKind.KING),
        )
    }
}
