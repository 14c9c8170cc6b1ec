package app.giveaway.ui

import app.giveaway.app.GameActivity
import app.giveaway.app.HomeActivity
import org.junit.Assert.assertEquals
import org.junit.Assert.assertTrue
import org.junit.Test

class FirstGameTest : AppTest() {
    @Test
    fun newUserPlaysAMoveAndTheComputerReplies() {
        val home = launch(HomeActivity::class.java).get()
        Ui.click(home, "Start")
        val game = follow(home, GameActivity::class.java).get()
        val board = board(game)
        assertTrue(board.says("c3"), "can move" in board.says("c3"))
        board.tap("c3")
        assertEquals(listOf("b4", "d4"), board.squaresSaying("can move here"))
        board.tap("d4")
        awaitEngine(game)
        assertTrue(screenText(game), shows(game, "White to move"))
        assertTrue(board.says("d4"), "white man" in board.says("d4"))
    }
}
