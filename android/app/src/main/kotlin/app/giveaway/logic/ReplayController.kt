package app.giveaway.logic

import app.giveaway.core.AnalysisView
import app.giveaway.core.GiveawayException
import app.giveaway.core.MoveReviewView
import app.giveaway.core.ProgressListener
import app.giveaway.core.Replay
import app.giveaway.core.SearchProgress
import app.giveaway.core.Snapshot
import kotlinx.coroutines.CancellationException
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.Job
import kotlinx.coroutines.launch

/** What the replay screen shows. [ply]: moves played on the board shown (0 = start). */
data class ReplayUiState(
    val snapshot: Snapshot,
    val ply: Int,
    val plies: Int,
    val analysis: AnalysisView?,
    /** Positions analysed so far and in all, while the analysis runs. */
    val progress: Pair<Int, Int>?,
) {
    /** The judgement of the move that led to the board shown. */
    val review: MoveReviewView? get() = analysis?.moves?.firstOrNull { it.ply.toInt() == ply - 1 }
}

/** Moves worth jumping to: the analysis classes that lose something. */
val MISTAKE_CLASSES = setOf("inaccuracy", "mistake", "blunder")

/**
 * A saved game's replay: a ply slider over snapshots from the core, and the post-game analysis on [scope]
 * (cancelled by [close]; progress is marshalled by [onUi], which runs a block on the screen's thread).
 */
class ReplayController(
    private val replay: Replay,
    private val scope: CoroutineScope,
    private val publish: (ReplayUiState) -> Unit,
    private val failed: (GiveawayException) -> Unit,
    private val onUi: (() -> Unit) -> Unit = { it() },
) {
    val plies: Int = replay.plies().toInt()
    private var job: Job? = null

    var state = ReplayUiState(replay.snapshotAt(0u), 0, plies, null, null)
        private set

    fun start() = publish(state)

    fun goTo(ply: Int) {
        val p = ply.coerceIn(0, plies)
        try {
            set(state.copy(snapshot = replay.snapshotAt(p.toUInt()), ply = p))
        } catch (e: GiveawayException) {
            failed(e)
        }
    }

    fun next() = goTo(state.ply + 1)
    fun previous() = goTo(state.ply - 1)
    fun first() = goTo(0)
    fun last() = goTo(plies)

    /** Shows the board after the next inaccuracy, mistake or blunder (wrapping around); false when none. */
    fun nextMistake(): Boolean {
        val moves = state.analysis?.moves?.filter { it.`class` in MISTAKE_CLASSES } ?: return false
        val target = moves.firstOrNull { it.ply.toInt() + 1 > state.ply } ?: moves.firstOrNull() ?: return false
        goTo(target.ply.toInt() + 1)
        return true
    }

    fun analyse() {
        if (job?.isActive == true || state.analysis != null) return
        set(state.copy(progress = 0 to plies + 1))
        job = scope.launch {
            try {
                val analysis = replay.analyse(object : ProgressListener {
                    override fun onSearch(progress: SearchProgress) = Unit
                    override fun onAnalysis(done: UInt, total: UInt) =
                        onUi { if (state.analysis == null) set(state.copy(progress = done.toInt() to total.toInt())) }
                })
                set(state.copy(analysis = analysis, progress = null))
            } catch (e: CancellationException) {
                replay.cancelAnalysis()
                throw e
            } catch (e: GiveawayException) {
                set(state.copy(progress = null))
                if (e !is GiveawayException.Cancelled) failed(e)
            }
        }
    }

    fun close() {
        job?.cancel()
        replay.cancelAnalysis()
    }

    private fun set(s: ReplayUiState) {
        state = s
        publish(s)
    }
}
