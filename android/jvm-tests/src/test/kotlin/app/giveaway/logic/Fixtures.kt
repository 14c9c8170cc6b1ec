package app.giveaway.logic

import app.giveaway.core.Color
import app.giveaway.core.GameSession
import app.giveaway.core.NewGame
import app.giveaway.core.Opponent
import app.giveaway.core.SideTime
import app.giveaway.core.Snapshot
import app.giveaway.core.SquareView
import app.giveaway.core.StartPosition
import app.giveaway.core.TimeControl
import kotlinx.coroutines.CoroutineScope

/** Square number by algebraic name, so tests read like the game. */
fun sq(name: String): Int = Squares.number(name[0] - 'a', name[1] - '1') ?: error("$name is a light square")

fun Snapshot.at(name: String): SquareView = squares[sq(name) - 1]

fun Snapshot.names(pick: (SquareView) -> Boolean): Set<String> = squares.filter(pick).map { Squares.name(it.number.toInt()) }.toSet()

fun Snapshot.moves(): List<String> = moveList.flatMap { listOfNotNull(it.white, it.black) }

fun session(opponent: Opponent, fen: String? = null, clock: TimeControl? = null) = GameSession(
    NewGame(opponent, if (fen == null) StartPosition.Standard else StartPosition.Fen(fen), clock)
)

fun computer(level: Int, human: Color = Color.WHITE) = Opponent.Computer(level.toUByte(), human)

fun even(ms: Long, incrementMs: Long = 0) =
    TimeControl(SideTime(ms.toULong(), incrementMs.toULong()), SideTime(ms.toULong(), incrementMs.toULong()))

/** A controller recording what it publishes and the events it emits. */
class Recorder {
    val states = mutableListOf<GameUiState>()
    val events = mutableListOf<GameEvent>()

    fun controller(
        session: GameSession,
        scope: CoroutineScope,
        prefs: GamePrefs = GamePrefs(),
        explained: Boolean = false,
        now: () -> Long = { 0L },
    ) = GameController(session, scope, prefs, explained, { states += it }, { events += it }, now)

    inline fun <reified T : GameEvent> of(): List<T> = events.filterIsInstance<T>()
}

/**
 * Until the core reports a search under way: the FFI's async call starts it on the core's runtime, which may take
 * more than one turn of this coroutine. Gives up after 5 s (the caller's assertion then fails).
 */
suspend fun untilThinking(game: app.giveaway.core.GameSession) {
    kotlinx.coroutines.withTimeoutOrNull(5_000) { while (!game.snapshot().thinking) kotlinx.coroutines.delay(1) }
}
