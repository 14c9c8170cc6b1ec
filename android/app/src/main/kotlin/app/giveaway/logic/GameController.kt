package app.giveaway.logic

import app.giveaway.core.AnimationSpeed
import app.giveaway.core.Color
import app.giveaway.core.CoachView
import app.giveaway.core.GameSession
import app.giveaway.core.GiveawayException
import app.giveaway.core.MoveView
import app.giveaway.core.Notation
import app.giveaway.core.Notice
import app.giveaway.core.Opponent
import app.giveaway.core.Orientation
import app.giveaway.core.ResultView
import app.giveaway.core.Snapshot
import kotlinx.coroutines.CancellationException
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.Job
import kotlinx.coroutines.launch

/** The settings the game screen follows (a subset of the core's `Settings`, plus the system's reduce-motion). */
data class GamePrefs(
    val orientation: Orientation = Orientation.FIXED,
    val animation: AnimationSpeed = AnimationSpeed.NORMAL,
    val reducedMotion: Boolean = false,
    val showLegalMoves: Boolean = true,
    val coach: Boolean = true,
)

/** What the game screen shows at one moment. */
data class GameUiState(
    val snapshot: Snapshot,
    val orientation: BoardOrientation,
    val hint: HintState,
    /** The animation of the move just made, to be run from [animationStartMs]; null for none. */
    val animation: AnimationPlan?,
    val animationStartMs: Long,
    /** The engine is working (computer move or hint): show the thinking indicator. */
    val thinking: Boolean,
    val showLegalMoves: Boolean,
) {
    val whiteClock: String? get() = snapshot.clocks?.let { ClockFormat.format(it.whiteMs.toLong()) }
    val blackClock: String? get() = snapshot.clocks?.let { ClockFormat.format(it.blackMs.toLong()) }

    /** It is a person's turn to enter a move (not the computer's, not over). */
    val playerToMove: Boolean get() = snapshot.result == null && !snapshot.computerToMove

    /** The board to draw at [nowMs] (mid-animation or still). */
    fun scene(nowMs: Long): BoardScene =
        BoardScene.build(snapshot, hint, animation?.frameAt(nowMs - animationStartMs), showLegalMoves)
}

/** Things that happen once, for the platform to voice, sound, vibrate or show. */
sealed interface GameEvent {
    /** A move was played; [byOpponent] when the computer made it or, in pass-and-play, always. */
    data class Moved(val move: MoveView, val byOpponent: Boolean) : GameEvent
    data class Ended(val result: ResultView) : GameEvent
    data class Coach(val tip: CoachView) : GameEvent

    /** Explain forced capture: the first time it applies to the player. */
    data object ExplainMustCapture : GameEvent

    /** A tap on one of the player's own pieces did nothing; the core's [notice] says why. */
    data class HeldBack(val notice: Notice) : GameEvent

    /** A refused action, with the core's reason. */
    data class Refused(val error: GiveawayException) : GameEvent
}

/**
 * One game screen's logic. Turns input into session calls, decides when the engine plays (on [scope], a
 * background coroutine; cancelled by [close]) and publishes a [GameUiState] after every change.
 * Session calls other than the engine's are quick and made on the caller's thread.
 */
class GameController(
    private val session: GameSession,
    private val scope: CoroutineScope,
    private var prefs: GamePrefs,
    /** The must-capture explanation was shown before (the platform persists it). */
    private var mustCaptureExplained: Boolean,
    private val publish: (GameUiState) -> Unit,
    private val events: (GameEvent) -> Unit,
    private val nowMs: () -> Long = System::currentTimeMillis,
) {
    private var engineJob: Job? = null
    private var hintJob: Job? = null
    private var paused = false

    var state: GameUiState = uiState(session.snapshot(), HintState(), null)
        private set

    val snapshot: Snapshot get() = state.snapshot

    private val versusComputer: Boolean get() = snapshot.opponent is Opponent.Computer

    /** Publishes the first state and lets the computer move if it is its turn (also after a resume). */
    fun start() {
        paused = false
        publish(state)
        noteMustCapture()
        askEngineIfDue()
    }

    fun tap(square: Int) {
        input { session.tap(square.toUInt()) }?.notice?.let { events(GameEvent.HeldBack(it)) }
    }

    /** A piece dragged from [from] and dropped on [to]: pick it up as a tap would, then move (hop or final square). */
    fun drag(from: Int, to: Int) {
        if (snapshot.selected?.toInt() != from && snapshot.capture == null) {
            if (snapshot.selected != null) input { session.clearSelection() }
            tap(from)
            if (snapshot.selected?.toInt() != from) return
        }
        input { session.moveTo(to.toUInt()) }
    }

    /** Plays choice number [index] of the snapshot's `choices` (several capture paths end on one square). */
    fun choose(index: Int) = input { session.choose(index.toUInt()) }

    /** Closes the choice without moving. */
    fun dismissChoice() = update(session.clearSelection())

    fun playMove(text: String) = input { session.playMove(text) }

    fun undo() = change { session.undo() }
    fun redo() = change { session.redo() }

    /** The player resigns (the screen asked for confirmation). In pass-and-play, the side to move resigns. */
    fun resign() = change { session.resign(resigningSide()) }

    fun offerDraw() = change { session.offerDraw() }
    fun acceptDraw() = change { session.acceptDraw() }
    fun declineDraw() = change { session.declineDraw() }
    fun react(side: Color, emoji: String) = change { session.react(side, emoji) }

    fun setNotation(notation: Notation) = update(session.setNotation(notation))

    fun setPrefs(p: GamePrefs) {
        prefs = p
        publish(uiState(snapshot, state.hint, null).also { state = it })
    }

    /** The hint button: first the piece (asks the engine), then the move. */
    fun hint() {
        if (!state.playerToMove || hintJob?.isActive == true || engineJob?.isActive == true) return
        when (val press = state.hint.press()) {
            is HintState.Press.Show -> setHint(press.next)
            HintState.Press.Nothing -> Unit
            HintState.Press.AskEngine -> {
                val fen = snapshot.fen
                hintJob = engineWork {
                    val h = session.hint()
                    setHint(state.hint.received(h, fen).forPosition(snapshot.fen))
                }
                publishThinking()
            }
        }
    }

    /** Refreshes the clocks (and lets the core apply flag fall): call when the clock text is due to change. */
    fun tick() {
        if (!paused) change { session.snapshot() }
    }

    /** Milliseconds until the running clock's text changes, or null when no clock runs. */
    fun nextTickMs(): Long? {
        val c = snapshot.clocks ?: return null
        val running = c.running ?: return null
        return ClockFormat.nextChangeInMs((if (running == Color.WHITE) c.whiteMs else c.blackMs).toLong())
    }

    /** The screen went to the background: stop the engine and the clocks (both saved by the core). */
    fun pause() {
        paused = true
        cancelEngine()
        try {
            update(session.pauseClock())
        } catch (e: GiveawayException) {
            events(GameEvent.Refused(e))
        }
    }

    /** The screen is visible again. */
    fun resume() {
        paused = false
        update(session.resumeClock())
        askEngineIfDue()
    }

    /** Suspends until no engine work runs (the computer's move, a hint, a coach tip). */
    suspend fun idle() {
        while (true) {
            val job = listOfNotNull(engineJob, hintJob).firstOrNull { it.isActive } ?: return
            job.join()
        }
    }

    /** The screen goes away for good: stop any search. The session's game is already saved. */
    fun close() {
        paused = true
        cancelEngine()
    }

    private fun cancelEngine() {
        engineJob?.cancel()
        hintJob?.cancel()
        session.cancelSearch()
    }

    private fun resigningSide(): Color = when (val o = snapshot.opponent) {
        is Opponent.Computer -> o.human
        is Opponent.PassAndPlay -> snapshot.sideToMove
    }

    /** Player input: refused while the engine is thinking about a move. */
    private fun input(call: () -> Snapshot): Snapshot? {
        if (engineJob?.isActive == true) return null
        return change(call)
    }

    /** A session call whose snapshot replaces the current one; a refusal becomes an event. */
    private fun change(call: () -> Snapshot): Snapshot? = try {
        call().also { update(it) }
    } catch (e: GiveawayException) {
        events(GameEvent.Refused(e))
        null
    }

    private fun update(next: Snapshot) {
        val before = snapshot
        val plan = MoveAnimator.plan(before, next, prefs.animation, prefs.reducedMotion)
        state = uiState(next, state.hint.forPosition(next.fen), plan)
        publish(state)
        val move = next.lastMove
        if (move != null && next.ply == before.ply + 1u) {
            val byOpponent = !versusComputer || move.color != (next.opponent as Opponent.Computer).human
            events(GameEvent.Moved(move, byOpponent))
        }
        if (before.result == null) next.result?.let { events(GameEvent.Ended(it)) }
        noteMustCapture()
        askEngineIfDue()
    }

    private fun noteMustCapture() {
        if (!mustCaptureExplained && state.playerToMove && snapshot.mustCapture) {
            mustCaptureExplained = true
            events(GameEvent.ExplainMustCapture)
        }
    }

    private fun askEngineIfDue() {
        if (paused || !snapshot.computerToMove || snapshot.result != null) return
        if (engineJob?.isActive == true) return
        if (hintJob?.isActive == true) {
            // The player moved while a hint was being searched: stop it now, or the core refuses a second search.
            hintJob?.cancel()
            session.cancelSearch()
        }
        engineJob = engineWork {
            val after = session.computerMove(null)
            update(after)
            if (prefs.coach) session.coachTip()?.let { events(GameEvent.Coach(it)) }
        }
        publishThinking()
    }

    /**
     * Engine work on [scope]. Kotlin cancellation does not reach the core's search, so a cancelled job stops it
     * through `cancelSearch`; a search the core cancels (the game changed meanwhile) is not an error.
     */
    private fun engineWork(work: suspend () -> Unit): Job = scope.launch {
        try {
            work()
        } catch (e: CancellationException) {
            session.cancelSearch()
            throw e
        } catch (e: GiveawayException.Cancelled) {
            // Superseded: the next snapshot says what to do.
        } catch (e: GiveawayException) {
            events(GameEvent.Refused(e))
        }
    }.also { job ->
        job.invokeOnCompletion { cause ->
            publishThinking()
            // A search the core stopped (undo, resign) may leave the computer to move again (undo of a
            // resignation): look again now that this job is over.
            if (cause == null) askEngineIfDue()
        }
    }

    private fun setHint(h: HintState) {
        state = state.copy(hint = h, animation = null)
        publish(state)
    }

    private fun publishThinking() {
        val thinking = engineJob?.isActive == true || hintJob?.isActive == true
        if (thinking != state.thinking) {
            state = state.copy(thinking = thinking)
            publish(state)
        }
    }

    private fun uiState(s: Snapshot, hint: HintState, plan: AnimationPlan?) = GameUiState(
        snapshot = s,
        orientation = OrientationPolicy.of(s.opponent, prefs.orientation, s.sideToMove),
        hint = hint,
        animation = plan,
        animationStartMs = nowMs(),
        thinking = engineJob?.isActive == true || hintJob?.isActive == true,
        showLegalMoves = prefs.showLegalMoves,
    )
}
