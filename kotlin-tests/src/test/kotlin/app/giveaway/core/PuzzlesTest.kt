package app.giveaway.core

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertThrows
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Path

/** The puzzle trainer as the phone shells drive it: through the library, with an observer. */
class PuzzlesTest {
    @TempDir
    lateinit var dir: Path

    private fun open() = GameLibrary.open(dir.resolve("games.db").toString())

    @Test
    fun `the daily puzzle is solved move by move from the hints and kept`() {
        open().use { lib ->
            val daily = lib.puzzleOverview(5u).daily!!
            lib.puzzleTrainer(TrainerMode.Daily, Wakes()).use { trainer ->
                var s = trainer.start()
                assertEquals(PuzzleStatus.YOUR_MOVE, s.status)
                assertEquals(daily.id.toLong(), s.puzzle!!.id)
                assertTrue(s.solution.isEmpty(), "the solution is not given away")
                while (s.status == PuzzleStatus.YOUR_MOVE) {
                    val piece = trainer.hint().hint!!
                    assertTrue(s.snapshot!!.squares.first { it.number == piece.piece }.piece != null)
                    val mv = trainer.hint().hint!!.mv!!
                    s = trainer.play(mv.text)
                    assertEquals(MoveFeedback.CORRECT, s.feedback)
                }
                assertEquals(PuzzleStatus.SOLVED, s.status)
                assertTrue(s.countedSolved, "hints do not make it failed")
                assertFalse(s.canNext, "one daily puzzle")
                trainer.leave()
            }
            assertEquals(true, lib.puzzleOverview(5u).daily!!.solvedToday)
        }
    }

    @Test
    fun `a rated puzzle shown is failed and lowers the rating, and bad modes are refused`() {
        open().use { lib ->
            lib.puzzleTrainer(TrainerMode.Rated, Wakes()).use { trainer ->
                val s = trainer.start()
                assertEquals(1500.0, s.rating!!.rating)
                val shown = trainer.showSolution()
                assertEquals(PuzzleStatus.FAILED, shown.status)
                assertTrue(shown.solution.isNotEmpty())
                assertTrue(shown.rating!!.change!! < 0.0)
                assertThrows<GiveawayException.Unavailable> { trainer.hint() }
                trainer.leave()
            }
            val o = lib.puzzleOverview(5u)
            assertEquals(1u, o.rating.attempts)
            assertFalse(o.history.first().solved)
            assertThrows<GiveawayException.BadSetup> { lib.puzzleTrainer(TrainerMode.Theme("sparkle"), Wakes()) }
        }
    }

    @Test
    fun `a saved game's blunder is an exercise judged in the background`() {
        open().use { lib ->
            val id = lib.newGame(NewGame(Opponent.PassAndPlay, StartPosition.Fen("W:W22,29:B15"), null)).use { game ->
                for (m in listOf("a1-b2", "e5-d4", "c3:e5")) game.playMove(m)
                game.snapshot().gameId!!
            }
            val wakes = Wakes()
            lib.puzzleTrainer(TrainerMode.Mistakes(id), wakes).use { trainer ->
                trainer.start()
                var s = wakes.until(read = { trainer.state() }) { it.status != PuzzleStatus.LOADING }
                assertEquals(PuzzleGoal.BETTER_MOVE, s.puzzle!!.goal)
                assertEquals("blunder", s.puzzle!!.mistake!!.`class`)
                assertEquals(PuzzleStatus.CHECKING, trainer.play("a1-b2").status)
                s = wakes.until(read = { trainer.state() }) { it.status != PuzzleStatus.CHECKING }
                assertEquals(MoveFeedback.WRONG, s.feedback)
                s = trainer.play("c3-d4")
                assertEquals(PuzzleStatus.SOLVED, s.status)
                assertTrue(s.follow.isNotEmpty(), "the line that follows")
                trainer.leave()
            }
        }
    }
}
