package app.giveaway.ui

import app.giveaway.R
import app.giveaway.app.PuzzleActivity
import app.giveaway.app.PuzzlesActivity
import app.giveaway.core.TrainerMode
import org.junit.Test
import org.robolectric.RuntimeEnvironment

/**
 * The puzzle trainer's screens (`make android-screenshots`): the menu, a puzzle in progress with a hint, solved,
 * failed (a wrong try, then the solution), and a mistake of an analysed game as an exercise.
 */
class ScreenshotsPuzzles : Shots() {
    private fun puzzle(): PuzzleActivity = launch(
        PuzzleActivity::class.java,
        PuzzleActivity.intent(RuntimeEnvironment.getApplication(), TrainerMode.Puzzle(PuzzlesScreenTest.PUZZLE_3)),
    ).get()

    @Test
    fun menu() = each("puzzles-menu") { launch(PuzzlesActivity::class.java).get() to null }

    @Test
    fun inProgress() = each("puzzle-progress") {
        val p = puzzle()
        board(p).play("c3", "d4")
        Ui.click(p, p.getString(R.string.hint))
        p to null
    }

    @Test
    fun solved() = each("puzzle-solved") {
        val p = puzzle()
        board(p).play("c3", "d4", "e1", "d2", "g1", "f2")
        p to null
    }

    @Test
    fun failed() = each("puzzle-failed") {
        val p = puzzle()
        board(p).play("f2", "g3")
        awaitEngine(p)
        Ui.click(p, p.getString(R.string.solution))
        p to null
    }

    @Test
    fun mistakes() = each("puzzle-mistakes") {
        val r = PuzzlesScreenTest.analysedBlunder(this)
        Ui.click(r, r.getString(R.string.learn_from_mistakes))
        val p = follow(r, PuzzleActivity::class.java).get()
        Ui.until(what = "the mistake") { !thinking(p) && shows(p, "a1-b2") }
        p to null
    }
}
