package app.giveaway.logic

import app.giveaway.core.MoveView
import app.giveaway.core.PieceView
import app.giveaway.core.Snapshot

/** Everything drawn on one dark square. */
data class SquareScene(
    val number: Int,
    /** The piece standing here (null when empty or when it is the piece in flight). */
    val piece: PieceView?,
    /** A captured piece still on the board until the move ends (drawn faded). */
    val ghost: Boolean,
    val selected: Boolean,
    /** Destination dot: a next landing square of the selected piece. */
    val dot: Boolean,
    /** Ring: tapping here completes a move. */
    val finalDestination: Boolean,
    val mustCapture: Boolean,
    val lastMove: Boolean,
    val lastCaptured: Boolean,
    /** Part of the hint: the piece (first step) or the move's path (second step). */
    val hint: Boolean,
)

/** A piece drawn between squares (animation or drag), at fractional board coordinates or view pixels. */
data class FlyingPiece(val piece: PieceView, val file: Float, val rank: Float)

/** The drawable board: built from a snapshot, the hint, and an animation frame when one runs. */
data class BoardScene(val squares: List<SquareScene>, val flying: FlyingPiece?) {
    companion object {
        fun build(
            snapshot: Snapshot,
            hint: HintState = HintState(),
            frame: AnimationFrame? = null,
            showLegalMoves: Boolean = true,
        ): BoardScene {
            val hinted: Set<Int> = hintSquares(hint)
            val squares = snapshot.squares.map { s ->
                val n = s.number.toInt()
                val animatedCapture = frame?.captured?.get(n)
                val piece = when {
                    frame != null && n == frame.destination -> null
                    animatedCapture != null -> animatedCapture.first
                    else -> s.piece
                }
                SquareScene(
                    number = n,
                    piece = piece,
                    ghost = animatedCapture?.second ?: s.ghost,
                    selected = s.selected,
                    dot = showLegalMoves && frame == null && s.destination,
                    finalDestination = showLegalMoves && frame == null && s.finalDestination && !s.destination,
                    mustCapture = s.mustCapture,
                    lastMove = frame == null && s.lastMove,
                    lastCaptured = frame == null && s.lastCaptured,
                    hint = n in hinted,
                )
            }
            return BoardScene(squares, frame?.let { FlyingPiece(it.piece, it.file, it.rank) })
        }

        private fun hintSquares(hint: HintState): Set<Int> {
            val move: MoveView = hint.move ?: return setOfNotNull(hint.piece)
            return (listOf(move.from) + move.path).map { it.toInt() }.toSet()
        }
    }
}
