package app.giveaway.logic

import app.giveaway.core.HintView
import app.giveaway.core.MoveView

/**
 * The two-step hint: the first press asks the engine and highlights the piece to move, the second shows the
 * whole move. A hint belongs to the position it was computed for ([fen]) and is dropped when that changes.
 */
data class HintState(val step: Step = Step.NONE, val hint: HintView? = null, val fen: String? = null) {
    enum class Step { NONE, PIECE, MOVE }

    /** What pressing the hint button does now. */
    sealed interface Press {
        /** Ask the engine; then call [received]. */
        data object AskEngine : Press

        /** Show more of the hint already known. */
        data class Show(val next: HintState) : Press

        /** The whole move is already shown. */
        data object Nothing : Press
    }

    fun press(): Press = when (step) {
        Step.NONE -> Press.AskEngine
        Step.PIECE -> Press.Show(copy(step = Step.MOVE))
        Step.MOVE -> Press.Nothing
    }

    fun received(hint: HintView, fen: String): HintState = HintState(Step.PIECE, hint, fen)

    /** This hint if it still belongs to the position [fen], else no hint. */
    fun forPosition(fen: String): HintState = if (step != Step.NONE && fen == this.fen) this else HintState()

    /** The square to highlight as "move this piece". */
    val piece: Int? get() = if (step == Step.NONE) null else hint?.piece?.toInt()

    /** The move to show, once the second step was asked for. */
    val move: MoveView? get() = if (step == Step.MOVE) hint?.mv else null
}
