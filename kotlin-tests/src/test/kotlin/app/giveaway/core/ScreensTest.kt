package app.giveaway.core

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertNotNull
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertThrows
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Path
import java.util.Collections
import java.util.concurrent.Semaphore
import java.util.concurrent.TimeUnit

/** Counts wake-ups from the core's background thread, as a shell posts them to its main thread. */
class Wakes : ScreenObserver {
    private val signals = Semaphore(0)
    override fun changed() = signals.release()

    /** Waits until [done] holds, re-checking on every wake-up; fails after [seconds]. */
    fun <T> until(seconds: Long = 30, read: () -> T, done: (T) -> Boolean): T {
        val deadline = System.nanoTime() + seconds * 1_000_000_000
        while (true) {
            val value = read()
            if (done(value)) return value
            val left = deadline - System.nanoTime()
            check(left > 0) { "timed out waiting; last value: $value" }
            signals.tryAcquire(left, TimeUnit.NANOSECONDS)
        }
    }
}

class Logs : LogSink {
    val lines: MutableList<String> = Collections.synchronizedList(mutableListOf())
    override fun log(level: LogLevel, target: String, message: String) {
        lines.add("$level $target $message")
    }
}

/** The screen controllers as the phone shells use them: through the library, with an observer. */
class ScreensTest {
    @TempDir
    lateinit var dir: Path

    private fun open() = GameLibrary.open(dir.resolve("games.db").toString())

    @Test
    fun `the computer answers on its own and the observer says when`() {
        open().use { lib ->
            val wakes = Wakes()
            val setup = lib.rememberedSetup().copy(level = 2u, color = ColorChoice.WHITE)
            lib.startGame(setup, wakes).use { game ->
                var s = game.start()
                assertEquals(Status.YourMove(false), s.status)
                assertFalse(s.orientation.flipped)
                s = game.tap(sq("c3"))
                assertTrue(s.snapshot.squares.first { it.number == sq("d4") }.destination, "the dot on d4")
                s = game.tap(sq("d4"))
                assertEquals(1u, s.snapshot.ply)
                assertNotNull(s.animation, "the player's move animates")
                // The computer thinks on the core's runtime; the observer wakes us when it has moved.
                s = wakes.until(read = { game.state() }) { it.snapshot.ply == 2u && it.thinking == null }
                val reply = s.animation!!
                val frame = animationFrame(reply, 0u)!!
                assertEquals(reply.hops.first().from, s.snapshot.lastMove!!.from)
                assertEquals(s.snapshot.lastMove!!.path.last(), frame.destination)
                assertNull(animationFrame(reply, reply.totalMs), "over once its time is up")
                val moved = game.takeEvents().filterIsInstance<GameEvent.Moved>()
                assertEquals(listOf(false, true), moved.map { it.byOpponent })
                assertEquals("c3", moved.first().announcement.from)
                assertEquals(listOf("d4"), moved.first().announcement.landings)
                game.leave()
            }
        }
    }

    @Test
    fun `input while the computer thinks is refused and the board follows the player's colour`() {
        open().use { lib ->
            val setup = lib.rememberedSetup().copy(level = 8u, color = ColorChoice.BLACK)
            lib.startGame(setup, Wakes()).use { game ->
                val s = game.start()
                assertTrue(s.orientation.flipped)
                assertEquals(Color.BLACK, s.orientation.bottom)
                assertEquals(listOf("h", "g", "f", "e", "d", "c", "b", "a"), s.coordinates.files)
                assertEquals(Status.ComputerThinking, s.status)
                assertThrows<GiveawayException.Busy> { game.tap(sq("f6")) }
                assertEquals(sq("a1"), squareAt(7u, 0u, true), "a1 at the top right for Black")
                val held = game.stopThinking()
                assertEquals(Status.ComputerHeld, held.status)
                assertEquals(0u, held.snapshot.ply)
                game.leave()
            }
        }
    }

    @Test
    fun `a two-step hint, a capture choice and undo after the end in pass-and-play`() {
        open().use { lib ->
            val wakes = Wakes()
            val setup = lib.rememberedSetup().copy(versusComputer = false, fen = "W:WKg5:Bb2,f4,b8,e7,d4,e5")
            lib.startGame(setup, wakes).use { game ->
                game.start()
                game.hint()
                var s = wakes.until(read = { game.state() }) { it.hint != null }
                assertEquals(HintStep.PIECE, s.hint!!.step)
                s = game.hint()
                assertEquals(HintStep.MOVE, s.hint!!.step)
                assertNotNull(s.hint!!.mv)
                game.tap(sq("g5"))
                s = game.tap(sq("f8"))
                assertEquals(Status.ChooseCapture, s.status)
                assertEquals(2, s.snapshot.choices.size)
                val pick = s.snapshot.choices.indexOfFirst { it.text == "g5:c1:a3:f8" }
                s = game.choose(pick.toUInt())
                assertEquals(3, s.snapshot.lastMove!!.captured.size)
                assertNull(s.hint, "the hint went with its position")
                s = game.resign()
                val over = s.status as Status.Over
                assertEquals(EndReason.RESIGNATION, over.result.reason)
                assertTrue(game.takeEvents().any { it is GameEvent.Ended })
                s = game.undo()
                assertNull(s.snapshot.result, "a resignation is withdrawn by undo")
                game.leave()
            }
        }
    }

    @Test
    fun `flag fall on the clock, with the one clock text`() {
        open().use { lib ->
            val tenth = SideTime(300uL, 0uL)
            val setup = lib.rememberedSetup().copy(versusComputer = false, whiteTime = tenth)
            lib.startGame(setup, Wakes()).use { game ->
                var s = game.start()
                assertEquals("0.3", s.snapshot.clocks!!.whiteText)
                assertNotNull(s.nextTickMs)
                Thread.sleep(400)
                s = game.tick()
                val over = s.status as Status.Over
                assertEquals(EndReason.TIME, over.result.reason)
                assertEquals("0.0", s.snapshot.clocks!!.whiteText)
                game.leave()
            }
        }
    }

    @Test
    fun `the replay screen analyses in the background and jumps to mistakes`() {
        open().use { lib ->
            val id = lib.newGame(NewGame(Opponent.PassAndPlay, StartPosition.Standard, null)).use { game ->
                // Each side moves its first movable piece to its first landing: a thoughtless game, full of errors.
                var s = game.snapshot()
                while (s.result == null && s.ply < 30u) {
                    val mover = s.sideToMove
                    s = game.tap(s.squares.first { it.movable }.number)
                    while (s.selected != null && s.sideToMove == mover && s.result == null) {
                        s = game.tap(s.squares.first { it.destination || it.finalDestination }.number)
                        if (s.choices.isNotEmpty()) s = game.choose(0u)
                    }
                }
                s.gameId!!
            }
            val wakes = Wakes()
            lib.openReplay(id, wakes).use { replay ->
                var s = replay.last()
                assertEquals(s.plies, s.ply)
                assertThrows<GiveawayException.Unavailable> { replay.nextMistake() }
                replay.analyse()
                s = wakes.until(read = { replay.state() }) { it.analysis != null }
                assertEquals(
                    s.markers.size,
                    s.analysis!!.moves.count {
                        it.`class` in
                            setOf("inaccuracy", "mistake", "blunder")
                    },
                )
                assertTrue(s.markers.isNotEmpty(), "thoughtless moves are mistakes")
                s = replay.nextMistake()
                assertEquals(s.markers.first().position, s.ply, "wraps to the first mistake from the end")
                assertEquals(s.ply, s.review!!.ply + 1u)
                replay.leave()
            }
        }
    }

    @Test
    fun `saved games page in, the editor checks positions, and the core's log reaches the shell`() {
        val logs = Logs()
        setLogSink(logs, LogLevel.DEBUG)
        open().use { lib ->
            repeat(3) {
                lib.newGame(NewGame(Opponent.PassAndPlay, StartPosition.Standard, null)).use { it.playMove("c3-d4") }
            }
            lib.gameList(ListFilter(null, null, null, null, 7u), 2u).use { list ->
                var s = list.state()
                assertEquals(3uL, s.total)
                assertTrue(s.hasMore)
                s = list.loadMore()
                assertEquals(3, s.games.size)
                assertFalse(s.hasMore)
            }
            val wakes = Wakes()
            lib.startGame(lib.rememberedSetup().copy(level = 5u), wakes).use { game ->
                game.start()
                game.playMove("c3-d4")
                wakes.until(read = { game.state() }) { it.snapshot.ply == 2u }
                game.leave()
            }
        }
        assertTrue(logs.lines.any { it.contains("search: depth") }, "the engine's search summary: ${logs.lines}")
        PositionEditor().use { e ->
            e.clear()
            assertThrows<GiveawayException> { e.check() }
            e.cycle(sq("c3"))
            e.cycle(sq("f6"))
            e.cycle(sq("f6"))
            e.cycle(sq("f6"))
            e.check()
            assertEquals("W:W22:B11", e.fen())
        }
        assertEquals(3, rulesExamples().size)
        assertEquals("5+3", timeControlLabel(even(300_000, 3_000)))
    }
}
