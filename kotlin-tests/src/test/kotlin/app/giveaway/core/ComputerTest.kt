package app.giveaway.core

import kotlinx.coroutines.async
import kotlinx.coroutines.delay
import kotlinx.coroutines.runBlocking
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertNotNull
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertThrows
import java.util.Collections

/** Collects progress reported from the core's background thread. */
class Progress : ProgressListener {
    val searches: MutableList<SearchProgress> = Collections.synchronizedList(mutableListOf())
    val analysis: MutableList<Pair<UInt, UInt>> = Collections.synchronizedList(mutableListOf())
    override fun onSearch(progress: SearchProgress) {
        searches.add(progress)
    }
    override fun onAnalysis(done: UInt, total: UInt) {
        analysis.add(done to total)
    }
}

class ComputerTest {
    /** The player taps its first movable piece, then destinations until the move is made. */
    private fun playFirstMove(game: GameSession): Snapshot {
        var s = game.snapshot()
        val mover = s.sideToMove
        s = game.tap(s.squares.first { it.movable }.number)
        while (s.selected != null && s.sideToMove == mover && s.result == null) {
            s = game.tap(s.squares.first { it.destination }.number)
            if (s.choices.isNotEmpty()) s = game.choose(0u)
        }
        return s
    }

    @Test
    fun `a full game against the computer`() = runBlocking {
        versusComputer(3, Color.BLACK).use { game ->
            var s = game.snapshot()
            assertTrue(s.computerToMove, "White is the computer and moves first")
            assertThrows<GiveawayException.NotYourTurn> { game.playMove("c3-d4") }
            var plies = 0
            while (s.result == null) {
                s = if (s.computerToMove) game.computerMove(null) else playFirstMove(game)
                plies++
                assertTrue(plies < 400, "the game ends")
            }
            assertNotNull(s.result)
            assertEquals(s.ply.toInt(), s.moves().size)
            assertThrows<GiveawayException.GameOver> { game.computerMove(null) }
            // Undo after the end: back to the player's turn.
            s = game.undo()
            assertNull(s.result)
            assertFalse(s.computerToMove)
        }
    }

    @Test
    fun `the computer reports progress and undo takes back the pair`() = runBlocking {
        versusComputer(6).use { game ->
            game.playMove("c3-d4")
            val progress = Progress()
            var s = game.computerMove(progress)
            assertEquals(2u, s.ply)
            assertTrue(progress.searches.isNotEmpty(), "level 6 searches iteratively and reports each depth")
            assertTrue(progress.searches.last().depth >= 1u)
            assertTrue(progress.searches.last().bestLine.isNotEmpty())
            s = game.undo()
            assertEquals(0u, s.ply)
            s = game.redo()
            assertEquals(2u, s.ply)
        }
    }

    @Test
    fun `cancelling the computer's move stops it and plays nothing`() = runBlocking {
        // How quickly the stop is obeyed is measured by `make bench-ffi`, not asserted here. The start lacks
        // Black's b8, so the opening book, which answers the standard start at once, leaves level 8 to search.
        versusComputer(8, Color.BLACK, "W:W21,22,23,24,25,26,27,28,29,30,31,32:B2,3,4,5,6,7,8,9,10,11,12").use { game ->
            val move = async(kotlinx.coroutines.Dispatchers.Default) {
                runCatching { game.computerMove(null) }
            }
            while (!game.snapshot().thinking) delay(5)
            val t0 = System.nanoTime()
            game.cancelSearch()
            val result = move.await()
            val ms = (System.nanoTime() - t0) / 1e6
            assertTrue(result.exceptionOrNull() is GiveawayException.Cancelled, "a finished search plays: $result")
            println("cancel latency: %.1f ms".format(ms))
            val s = game.snapshot()
            assertEquals(0u, s.ply)
            assertFalse(s.thinking)
            assertTrue(s.computerToMove)
        }
    }

    @Test
    fun `hint, coach and analysis with progress`() = runBlocking {
        versusComputer(1).use { game ->
            val hint = game.hint()
            assertTrue(game.snapshot().squares[hint.piece.toInt() - 1].movable)
            game.playMove(hint.mv.text)
            game.computerMove(null)
            assertNull(game.coachTip(), "the engine's own move earns no tip")
            val progress = Progress()
            val analysis = game.analyse(progress)
            assertEquals(2, analysis.moves.size)
            assertEquals(3, analysis.whiteChances.size)
            assertEquals(3u to 3u, progress.analysis.last())
            assertTrue(analysis.whiteAccuracy!! in 0.0..100.0)
        }
    }
}
