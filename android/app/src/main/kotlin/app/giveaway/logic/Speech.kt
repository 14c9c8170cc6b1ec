package app.giveaway.logic

import app.giveaway.core.Color
import app.giveaway.core.MoveView
import app.giveaway.core.PieceKind
import app.giveaway.core.SquareView

/** The localised words [Speech] builds sentences from; the Android layer reads them from string resources. */
interface Words {
    /** "white man", "black king". */
    fun piece(color: Color, kind: PieceKind): String
    fun empty(): String
    fun state(state: SquareState): String
    /** "c3 to d4". */
    fun quietMove(from: String, to: String): String
    /** "c3 takes e5, g3" (the landing squares). */
    fun capture(from: String, landings: List<String>): String
    fun promotes(): String
    /** Joins the parts of one description: "c3, white man, must capture". */
    fun join(parts: List<String>): String
}

/** What can be said about a square beyond its piece. */
enum class SquareState { MUST_CAPTURE, CAN_MOVE, SELECTED, DESTINATION, CAPTURED, LAST_MOVE, HINT }

object Speech {
    /** A square's content description: name, piece, and what the player can do with it. */
    fun square(square: SquareView, words: Words, hinted: Boolean = false): String {
        val n = square.number.toInt()
        val parts = mutableListOf(Squares.name(n))
        parts += square.piece?.let { words.piece(it.color, it.kind) } ?: words.empty()
        val states = buildList {
            if (square.selected) add(SquareState.SELECTED)
            if (square.mustCapture) add(SquareState.MUST_CAPTURE)
            else if (square.movable && !square.selected) add(SquareState.CAN_MOVE)
            if (square.destination || square.finalDestination) add(SquareState.DESTINATION)
            if (square.ghost) add(SquareState.CAPTURED)
            if (hinted) add(SquareState.HINT)
            if (square.lastMove) add(SquareState.LAST_MOVE)
        }
        parts += states.map(words::state)
        return words.join(parts)
    }

    /** The announcement of a move: "c3 to d4", "c3 takes e5, g3", with promotion. */
    fun move(move: MoveView, words: Words): String {
        val from = Squares.name(move.from.toInt())
        val landings = move.path.map { Squares.name(it.toInt()) }
        val text = if (move.captured.isEmpty()) words.quietMove(from, landings.last()) else words.capture(from, landings)
        return if (move.promotes) words.join(listOf(text, words.promotes())) else text
    }
}

/** English words, for the JVM tests and as the model for the resource strings. */
object EnglishWords : Words {
    override fun piece(color: Color, kind: PieceKind): String =
        "${if (color == Color.WHITE) "white" else "black"} ${if (kind == PieceKind.MAN) "man" else "king"}"

    override fun empty() = "empty"

    override fun state(state: SquareState) = when (state) {
        SquareState.MUST_CAPTURE -> "must capture"
        SquareState.CAN_MOVE -> "can move"
        SquareState.SELECTED -> "selected"
        SquareState.DESTINATION -> "can move here"
        SquareState.CAPTURED -> "captured"
        SquareState.LAST_MOVE -> "last move"
        SquareState.HINT -> "hint"
    }

    override fun quietMove(from: String, to: String) = "$from to $to"
    override fun capture(from: String, landings: List<String>) = "$from takes ${landings.joinToString(", ")}"
    override fun promotes() = "becomes a king"
    override fun join(parts: List<String>) = parts.joinToString(", ")
}
