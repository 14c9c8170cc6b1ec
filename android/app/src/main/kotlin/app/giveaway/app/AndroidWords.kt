package app.giveaway.app

import android.content.Context
import app.giveaway.R
import app.giveaway.core.Color
import app.giveaway.core.PieceKind
import app.giveaway.logic.SquareState
import app.giveaway.logic.Words

/** The words of spoken descriptions, from the string resources of the current language. */
class AndroidWords(private val context: Context) : Words {
    override fun piece(color: Color, kind: PieceKind): String = context.getString(
        when {
            color == Color.WHITE && kind == PieceKind.MAN -> R.string.speak_white_man
            color == Color.WHITE -> R.string.speak_white_king
            kind == PieceKind.MAN -> R.string.speak_black_man
            else -> R.string.speak_black_king
        }
    )

    override fun empty(): String = context.getString(R.string.speak_empty)

    override fun state(state: SquareState): String = context.getString(
        when (state) {
            SquareState.MUST_CAPTURE -> R.string.speak_must_capture
            SquareState.CAN_MOVE -> R.string.speak_can_move
            SquareState.SELECTED -> R.string.speak_selected
            SquareState.DESTINATION -> R.string.speak_destination
            SquareState.CAPTURED -> R.string.speak_captured
            SquareState.LAST_MOVE -> R.string.speak_last_move
            SquareState.HINT -> R.string.speak_hint
        }
    )

    override fun quietMove(from: String, to: String): String = context.getString(R.string.speak_quiet_move, from, to)

    override fun capture(from: String, landings: List<String>): String =
        context.getString(R.string.speak_capture, from, landings.joinToString(", "))

    override fun promotes(): String = context.getString(R.string.speak_promotes)

    override fun join(parts: List<String>): String = parts.joinToString(", ")
}
