package app.giveaway.logic

import app.giveaway.core.AnimationSpeed
import app.giveaway.core.PieceView
import app.giveaway.core.Snapshot

/** One hop of a move: from one square to the next landing square, jumping [captured] (null for a quiet move). */
data class Hop(val from: Int, val to: Int, val captured: Int?)

/** A piece the animation shows that the new snapshot no longer has: a captured piece, until the move ends. */
data class CapturedPiece(val square: Int, val piece: PieceView)

/** Where things are at one moment of an animation. Files and ranks are fractional board coordinates. */
data class AnimationFrame(
    val piece: PieceView,
    val file: Float,
    val rank: Float,
    /** The square the piece ends on: hidden in the scene until the animation is over. */
    val destination: Int,
    /** Captured pieces still standing, each with whether it is already jumped (drawn as a ghost). */
    val captured: Map<Int, Pair<PieceView, Boolean>>,
)

/** A planned move animation: [hops] of [hopMs] each. */
data class AnimationPlan(
    val piece: PieceView,
    val hops: List<Hop>,
    val hopMs: Long,
    val captured: List<CapturedPiece>,
    /** Pieces jumped before the animated hops began (entered hop by hop): ghosts from the start. */
    val alreadyJumped: Set<Int>,
) {
    val totalMs: Long get() = hopMs * hops.size

    /** The frame at [elapsedMs] from the start, or null when the animation is over. */
    fun frameAt(elapsedMs: Long): AnimationFrame? {
        if (elapsedMs < 0 || elapsedMs >= totalMs || hops.isEmpty()) return null
        val index = (elapsedMs / hopMs).toInt()
        val t = (elapsedMs - index * hopMs).toFloat() / hopMs
        val hop = hops[index]
        val eased = t * t * (3 - 2 * t)
        val file = Squares.file(hop.from) + (Squares.file(hop.to) - Squares.file(hop.from)) * eased
        val rank = Squares.rank(hop.from) + (Squares.rank(hop.to) - Squares.rank(hop.from)) * eased
        // A piece turns into a ghost once the mover has passed it; it stays until the move ends.
        val jumped = alreadyJumped + hops.take(index).mapNotNull { it.captured } +
            listOfNotNull(hop.captured.takeIf { passed(hop, it, eased) })
        return AnimationFrame(
            piece,
            file,
            rank,
            hops.last().to,
            captured.associate { it.square to (it.piece to (it.square in jumped)) },
        )
    }

    private fun passed(hop: Hop, square: Int?, progress: Float): Boolean {
        if (square == null) return false
        val whole = Squares.file(hop.to) - Squares.file(hop.from)
        val toCaptured = Squares.file(square) - Squares.file(hop.from)
        return whole != 0 && progress >= toCaptured.toFloat() / whole
    }
}

object MoveAnimator {
    /** Milliseconds per hop for each speed. */
    fun hopMs(speed: AnimationSpeed): Long = when (speed) {
        AnimationSpeed.OFF -> 0
        AnimationSpeed.SLOW -> 450
        AnimationSpeed.NORMAL -> 260
        AnimationSpeed.FAST -> 140
    }

    /**
     * The animation from [before] to [after], when [after] is [before] plus one move; null when nothing is to
     * animate (no new move, an undo, animation off or reduced motion).
     */
    fun plan(before: Snapshot, after: Snapshot, speed: AnimationSpeed, reducedMotion: Boolean): AnimationPlan? {
        val ms = hopMs(speed)
        if (ms == 0L || reducedMotion) return null
        val move = after.lastMove ?: return null
        if (after.ply != before.ply + 1u) return null
        val from = move.from.toInt()
        val path = move.path.map { it.toInt() }
        // A capture entered hop by hop has shown its first hops already: animate the rest from where it stands.
        val done = before.capture?.takeIf { it.from.toInt() == from }?.visited?.size ?: 0
        val start = if (done == 0) from else path[done - 1]
        val piece = before.squares.getOrNull(start - 1)?.piece ?: return null
        val capturedSquares = move.captured.map { it.toInt() }
        val hops = (done until path.size).map { i ->
            val a = if (i == 0) from else path[i - 1]
            val b = path[i]
            Hop(a, b, capturedSquares.firstOrNull { between(a, b, it) })
        }
        val captured = capturedSquares.mapNotNull { sq ->
            before.squares.getOrNull(sq - 1)?.piece?.let { CapturedPiece(sq, it) }
        }
        val earlier = before.capture?.ghosts?.map { it.toInt() }?.toSet() ?: emptySet()
        return AnimationPlan(piece, hops, ms, captured, earlier)
    }

    /** Whether square [s] lies strictly between [a] and [b] on one diagonal. */
    fun between(a: Int, b: Int, s: Int): Boolean {
        val df = Squares.file(b) - Squares.file(a)
        val dr = Squares.rank(b) - Squares.rank(a)
        if (df == 0 || kotlin.math.abs(df) != kotlin.math.abs(dr)) return false
        val sf = Squares.file(s) - Squares.file(a)
        val sr = Squares.rank(s) - Squares.rank(a)
        if (kotlin.math.abs(sf) != kotlin.math.abs(sr) || sf == 0) return false
        return sf * df > 0 && sr * dr > 0 && kotlin.math.abs(sf) < kotlin.math.abs(df)
    }
}
