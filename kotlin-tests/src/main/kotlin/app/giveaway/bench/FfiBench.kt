package app.giveaway.bench

import app.giveaway.core.Color
import app.giveaway.core.GameLibrary
import app.giveaway.core.GameSession
import app.giveaway.core.GameSetup
import app.giveaway.core.NewGame
import app.giveaway.core.Opponent
import app.giveaway.core.ScreenObserver
import app.giveaway.core.StartPosition
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.async
import kotlinx.coroutines.delay
import kotlinx.coroutines.runBlocking

/**
 * FFI cost from Kotlin on the JVM: plain timed loops after a warm-up, each run 5 times (median shown):
 *  - `snapshot()`: builds and returns the whole board record (32 squares, move list, clocks…);
 *  - `playMove(text)`: parses, plays, and returns the snapshot after it (timed alone; an untimed `undo` follows);
 *  - `tap` + `tap`: selecting a piece and tapping its destination, the way a board view plays a move;
 *  - `GameController.state()`: the game screen's whole state (snapshot placed for the board, status, actions…);
 *  - cancel latency: `cancelSearch()` during the World Champion's 2 s think, until `computerMove` returns.
 * Run with `make bench-ffi`.
 */
fun main() {
    screenState()
    GameSession(NewGame(Opponent.PassAndPlay, StartPosition.Standard, null)).use { game ->
        // A middlegame-sized record: 10 plies already in the move list.
        val opening = listOf(
            "c3-d4", "f6-g5", "g3-h4", "g7-f6", "b2-c3", "b6-a5", "a1-b2", "a7-b6", "h2-g3", "h8-g7",
        )
        opening.forEach { game.playMove(it) }
        val e3: UInt = 23u
        val f4: UInt = 19u
        report(
            "snapshot()", 20_000,
            timed(20_000) {
                val t0 = System.nanoTime()
                game.snapshot()
                System.nanoTime() - t0
            },
        )
        report(
            "playMove(\"e3-f4\")", 10_000,
            timed(10_000) {
                val t0 = System.nanoTime()
                game.playMove("e3-f4")
                val dt = System.nanoTime() - t0
                game.undo()
                dt
            },
        )
        report(
            "tap(e3) + tap(f4)", 10_000,
            timed(10_000) {
                val t0 = System.nanoTime()
                game.tap(e3)
                game.tap(f4)
                val dt = System.nanoTime() - t0
                game.undo()
                dt
            },
        )
    }
    cancelLatency()
}

fun report(label: String, calls: Int, runs: List<Double>) {
    val r = runs.sorted()
    println(
        "%-30s median %7.1f us  (best %.1f, worst %.1f; %d calls x %d runs)"
            .format(label, r[r.size / 2], r.first(), r.last(), calls, r.size),
    )
}

fun timed(calls: Int, body: () -> Long): List<Double> {
    repeat(calls / 5) { body() } // warm-up: JIT and JNA stubs
    return (1..5).map { (0 until calls).sumOf { body() } / 1000.0 / calls }
}

/** The game screen's state after the same 10 plies, through a saved game's controller. */
fun screenState() {
    val dir = kotlin.io.path.createTempDirectory("ffi-bench").toFile()
    GameLibrary.open(java.io.File(dir, "games.db").path).use { lib ->
        val setup = lib.rememberedSetup().copy(versusComputer = false)
        lib.startGame(
            setup,
            object : ScreenObserver {
                override fun changed() {}
            },
        ).use { game ->
            game.start()
            listOf("c3-d4", "f6-g5", "g3-h4", "g7-f6", "b2-c3", "b6-a5", "a1-b2", "a7-b6", "h2-g3", "h8-g7")
                .forEach { game.playMove(it) }
            report(
                "isStartSquare() (no buffers)", 20_000,
                timed(20_000) {
                    val t0 = System.nanoTime()
                    app.giveaway.core.isStartSquare(22u)
                    System.nanoTime() - t0
                },
            )
            report(
                "squareName() (fixed cost)", 20_000,
                timed(20_000) {
                    val t0 = System.nanoTime()
                    app.giveaway.core.squareName(22u, app.giveaway.core.Notation.ALGEBRAIC)
                    System.nanoTime() -
                        t0
                },
            )
            report(
                "GameController.state()", 20_000,
                timed(20_000) {
                    val t0 = System.nanoTime()
                    game.state()
                    System.nanoTime() - t0
                },
            )
            game.leave()
        }
    }
    dir.deleteRecursively()
}

/** Milliseconds from `cancelSearch()` to the suspended `computerMove` returning, 10 times. */
fun cancelLatency() = runBlocking {
    val ms = (1..10).map {
        // Black without b8: the opening book answers the standard start at once, leaving nothing to cancel.
        val setup = NewGame(Opponent.Computer(8u, Color.BLACK), StartPosition.RemovedMen(listOf(1u)), null)
        GameSession(setup).use { game ->
            val move = async(Dispatchers.Default) { runCatching { game.computerMove(null) } }
            delay(200)
            val t0 = System.nanoTime()
            game.cancelSearch()
            move.await()
            (System.nanoTime() - t0) / 1e6
        }
    }.sorted()
    val line = "%-30s median %7.1f ms  (best %.1f, worst %.1f; 10 searches)"
    println(line.format("cancel -> computerMove returns", ms[5], ms.first(), ms.last()))
}
