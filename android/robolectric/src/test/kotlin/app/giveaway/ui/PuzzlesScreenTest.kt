package app.giveaway.ui

import android.app.Activity
import android.content.DialogInterface.BUTTON_NEGATIVE
import android.content.DialogInterface.BUTTON_POSITIVE
import app.giveaway.app.GameActivity
import app.giveaway.app.PuzzleActivity
import app.giveaway.app.PuzzlesActivity
import app.giveaway.app.ReplayActivity
import app.giveaway.core.TrainerMode
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertTrue
import org.junit.Test
import org.robolectric.RuntimeEnvironment

/**
 * The puzzle trainer through its screens: the menu from home, a puzzle solved and one failed by taps on the
 * board, the two-step hint, the solution, next; and "learn from your mistakes" from an analysed saved game.
 */
class PuzzlesScreenTest : AppTest() {
    @Test
    fun aPuzzleIsSolvedByTapsOnTheBoard() {
        val p = puzzle(PUZZLE_3)
        assertTrue(screenText(p), shows(p, "Puzzle 3 · rating 1347 · Win · Run out of pieces · Short"))
        assertTrue(shows(p, "White to play and win"))
        targets(p)
        val b = board(p)
        b.play("c3", "d4")
        // The reply e5:c3 is on the board at once, and the player's next move is asked.
        assertTrue(screenText(p), shows(p, "Correct: keep going"))
        assertTrue("black man" in b.says("c3") && "empty" in b.says("e5"))
        assertTrue(shows(p, "Moves found: 1 of 3"))
        b.play("e1", "d2")
        b.play("g1", "f2")
        assertTrue(screenText(p), shows(p, "Solved!"))
        assertTrue(shows(p, "Solution: c3-d4 e5:c3 e1-d2 c3:e1:h4 g1-f2 h4:e1"))
        assertFalse("no hint once solved", Ui.button(root(p), "Hint").isEnabled)
        assertFalse("one puzzle by number: nothing next", Ui.button(root(p), "Next").isEnabled)
        // The menu counts it.
        val menu = launch(PuzzlesActivity::class.java).get()
        assertTrue(screenText(menu), shows(menu, "Win: 1 of 1 solved"))
        targets(menu)
    }

    @Test
    fun aWrongMoveHintsAndTheSolutionFailThePuzzle() {
        val p = puzzle(PUZZLE_3)
        val b = board(p)
        b.play("f2", "g3")
        Ui.until(what = "the verdict") { shows(p, "f2-g3 is not it: try again") }
        assertTrue("taken back", "white man" in b.says("f2") && "empty" in b.says("g3"))
        Ui.click(p, "Hint")
        assertTrue(screenText(p), shows(p, "Hint: move the piece on c3"))
        Ui.click(p, "Hint")
        assertTrue(shows(p, "Hint: c3-d4"))
        assertFalse("two hints a move", Ui.button(root(p), "Hint").isEnabled)
        Ui.click(p, "Solution")
        assertTrue(screenText(p), shows(p, "Not solved: here is the solution"))
        assertTrue(shows(p, "Solution: c3-d4 e5:c3 e1-d2 c3:e1:h4 g1-f2 h4:e1"))
        Ui.click(p, "Try again")
        assertTrue(shows(p, "White to play and win"))
        assertTrue("back at the start", "white man" in b.says("c3") && "black man" in b.says("e5"))
        val menu = launch(PuzzlesActivity::class.java).get()
        assertTrue(screenText(menu), shows(menu, "Win: 0 of 1 solved"))
    }

    @Test
    fun aRotationKeepsThePuzzleWhereItStood() {
        val c = launch(
            PuzzleActivity::class.java,
            PuzzleActivity.intent(RuntimeEnvironment.getApplication(), TrainerMode.Puzzle(PUZZLE_3)),
        )
        board(c.get()).play("c3", "d4")
        Ui.click(c.get(), "Hint")
        c.recreate()
        Ui.until(what = "the screen again") { shows(c.get(), "Correct: keep going") }
        val p = c.get()
        assertTrue(screenText(p), shows(p, "Hint: move the piece on e1") && shows(p, "Moves found: 1 of 3"))
        assertTrue("the reply still on the board", "black man" in board(p).says("c3"))
        board(p).play("e1", "d2")
        assertTrue(screenText(p), shows(p, "Moves found: 2 of 3"))
    }

    @Test
    fun ratedPuzzlesFromHomeGoOnWithNext() {
        val h = home()
        Ui.click(h, "Puzzles")
        val menu = follow(h, PuzzlesActivity::class.java).get()
        assertTrue(screenText(menu), shows(menu, "Puzzle rating: 1500 ± 350"))
        assertTrue(shows(menu, "No puzzle tried yet."))
        Ui.click(menu, "Rated puzzles")
        val p = follow(menu, PuzzleActivity::class.java).get()
        val first = heading(p)
        assertTrue(first, first.startsWith("Puzzle "))
        assertTrue(screenText(p), shows(p, " to play"))
        Ui.click(p, "Solution")
        assertTrue(shows(p, "Not solved: here is the solution"))
        assertTrue("the rating moved: ${screenText(p)}", shows(p, "Your rating: ") && shows(p, "(-"))
        Ui.click(p, "Next")
        assertTrue(screenText(p), shows(p, " to play"))
        assertTrue("another puzzle", heading(p) != first)
    }

    @Test
    fun theMistakesOfAnAnalysedGameAreExercises() {
        val r = analysedBlunder(this)
        Ui.click(r, "Learn from your mistakes")
        val p = follow(r, PuzzleActivity::class.java).get()
        Ui.until(what = "the mistakes") { shows(p, "find a better move") }
        assertTrue(screenText(p), shows(p, "You played a1-b2 here, a blunder: find a better move"))
        assertTrue(shows(p, "Your game, move 1"))
        assertTrue(shows(p, "Exercise 1 of 1 · 0 solved"))
        board(p).play("c3", "d4")
        assertTrue(screenText(p), shows(p, "Solved!"))
        assertTrue("the line that follows", shows(p, "Then: "))
        Ui.click(p, "Next")
        assertTrue(screenText(p), shows(p, "Every mistake of this game is done"))
    }

    private fun heading(p: Activity): String = Ui.texts(root(p)).first { it.startsWith("Puzzle ") }

    private fun puzzle(id: UInt): PuzzleActivity = launch(
        PuzzleActivity::class.java,
        PuzzleActivity.intent(RuntimeEnvironment.getApplication(), TrainerMode.Puzzle(id)),
    ).get()

    companion object {
        /** W:W22,27,31,32:B3,4,6,12,15,K28, c3-d4 e5:c3 e1-d2 c3:e1:h4 g1-f2 h4:e1 (core/data/puzzles.txt). */
        const val PUZZLE_3 = 3u

        /**
         * A pass-and-play game from W:W22,29:B15 set up on home where White blunders with a1-b2 (c3-d4 wins by
         * force), then e5-d4 c3:e5; its replay, analysed.
         */
        fun analysedBlunder(t: AppTest): ReplayActivity {
            val h = t.home()
            val friend = h.getString(app.giveaway.R.string.pass_and_play)
            if (!t.shows(h, friend)) Ui.pick(t.root(h), h.getString(app.giveaway.R.string.versus_computer), friend)
            t.editPosition(h, white = listOf("c3", "a1"), black = listOf("e5"))
            Ui.click(h, h.getString(app.giveaway.R.string.start))
            val g = t.follow(h, GameActivity::class.java).get()
            val b = t.board(g)
            for ((from, to) in listOf("a1" to "b2", "e5" to "d4", "c3" to "e5")) {
                b.play(from, to)
                // The "Capturing is compulsory" explanation (once ever), then the result.
                while (Ui.dialog() != null) {
                    val close = Ui.alert().getButton(BUTTON_NEGATIVE)?.isShown == true
                    Ui.dialogButton(if (close) BUTTON_NEGATIVE else BUTTON_POSITIVE)
                }
            }
            assertTrue(t.moveList(g), t.moveList(g).contains("c3:e5"))
            val id = g.intent.getLongExtra(GameActivity.EXTRA_GAME_ID, 0)
            val r = t.launch(ReplayActivity::class.java, ReplayActivity.intent(g, id)).get()
            Ui.click(r, r.getString(app.giveaway.R.string.analyse))
            val learn = r.getString(app.giveaway.R.string.learn_from_mistakes)
            Ui.until(what = "the analysis") {
                Ui.find<android.widget.Button>(t.root(r)).any { Ui.shown(it) && it.text == learn }
            }
            return r
        }
    }
}
