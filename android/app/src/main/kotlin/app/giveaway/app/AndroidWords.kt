package app.giveaway.app

import android.content.Context
import app.giveaway.R
import app.giveaway.core.Announcement
import app.giveaway.core.Color
import app.giveaway.core.PieceKind
import app.giveaway.core.PieceView
import app.giveaway.core.SquareDescription
import app.giveaway.core.SquareState

/**
 * The words of spoken descriptions, from the string resources of the current language. The core says what is
 * said and in which order ([SquareDescription], [Announcement]); this only puts it into words.
 */
class AndroidWords(private val context: Context) {
    /** "c3, white man, must capture". */
    fun square(d: SquareDescription): String =
        (listOf(d.name, d.piece?.let(::piece) ?: context.getString(R.string.speak_empty)) + d.states.map(::state))
            .joinToString(", ")

    /** "c3 to d4", "c3 takes e5, g3", with ", becomes a king". */
    fun move(a: Announcement): String {
        val text = if (a.captures == 0u) {
            context.getString(R.string.speak_quiet_move, a.from, a.landings.last())
        } else {
            context.getString(R.string.speak_capture, a.from, a.landings.joinToString(", "))
        }
        return if (a.promotes) "$text, ${context.getString(R.string.speak_promotes)}" else text
    }

    private fun piece(p: PieceView): String = context.getString(
        when {
            p.color == Color.WHITE && p.kind == PieceKind.MAN -> R.string.speak_white_man
            p.color == Color.WHITE -> R.string.speak_white_king
            p.kind == PieceKind.MAN -> R.string.speak_black_man
            else -> R.string.speak_black_king
        },
    )

    private fun state(state: SquareState): String = context.getString(
        when (state) {
            SquareState.SELECTED -> R.string.speak_selected
            SquareState.MUST_CAPTURE -> R.string.speak_must_capture
            SquareState.CAN_MOVE -> R.string.speak_can_move
            SquareState.DESTINATION -> R.string.speak_destination
            SquareState.CAPTURED -> R.string.speak_captured
            SquareState.HINT -> R.string.speak_hint
            SquareState.LAST_MOVE -> R.string.speak_last_move
        },
    )
}
