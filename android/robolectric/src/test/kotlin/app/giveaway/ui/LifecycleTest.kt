package app.giveaway.ui

import android.content.DialogInterface.BUTTON_POSITIVE
import android.os.Bundle
import app.giveaway.app.GameActivity
import org.junit.Assert.assertEquals
import org.junit.Assert.assertSame
import org.junit.Assert.assertTrue
import org.junit.Test
import org.robolectric.Robolectric
import org.robolectric.RuntimeEnvironment

/** Rotation while the computer thinks and with a dialog open; the process killed and the game restored. */
class LifecycleTest : AppTest() {
    private fun startedGame(
        choose: (app.giveaway.app.HomeActivity) -> Unit,
    ): org.robolectric.android.controller.ActivityController<GameActivity> {
        val h = home()
        choose(h)
        Ui.click(h, "Start")
        return follow(h, GameActivity::class.java)
    }

    @Test
    fun rotationWhileTheComputerThinksKeepsItsSearch() {
        // The World Champion as White thinks at once; a handicap start, as the opening book answers the
        // standard start without thinking.
        val c = startedGame { h ->
            pickLevel(h, "World Champion")
            Ui.pick(root(h), "White", "Black")
            Ui.click(h, "Handicap: none")
            Ui.chooseItem("White without 1 man")
        }
        val before = c.get()
        assertTrue("the computer is thinking", thinking(before))
        val game = before.onRetainNonConfigurationInstance()
        RuntimeEnvironment.setQualifiers("+land")
        c.recreate()
        val after = c.get()
        assertTrue("a new screen", after !== before)
        assertSame("the same game and its search go on", game, after.onRetainNonConfigurationInstance())
        assertTrue("still thinking", thinking(after))
        awaitEngine(after)
        assertTrue(moveList(after), Regex("""1\. \S+""").matches(moveList(after).trim()))
        assertTrue(shows(after, "Black to move"))
    }

    @Test
    fun rotationKeepsTheOpenQuestion() {
        val c = startedGame(::passAndPlay)
        board(c.get()).play("c3", "d4")
        more(c.get(), "Resign")
        assertEquals("Resign this game?", Ui.alertText())
        RuntimeEnvironment.setQualifiers("+land")
        c.recreate()
        assertEquals("asked again on the turned screen", "Resign this game?", Ui.alertText())
        Ui.dialogButton(BUTTON_POSITIVE)
        assertEquals("Black resigns: White wins", "White wins (resignation)", Ui.alertText())
        RuntimeEnvironment.setQualifiers("+port")
        c.recreate()
        assertEquals("the result stays up", "White wins (resignation)", Ui.alertText())
    }

    @Test
    fun rotationKeepsTheDrawOffer() {
        val c = startedGame(::passAndPlay)
        more(c.get(), "Draw")
        Ui.dialogButton(android.content.DialogInterface.BUTTON_POSITIVE)
        assertEquals("White offers a draw.", Ui.alertText())
        RuntimeEnvironment.setQualifiers("+land")
        c.recreate()
        assertEquals("White offers a draw.", Ui.alertText())
        Ui.dialogButton(BUTTON_POSITIVE)
        assertEquals("Draw (by agreement)", Ui.alertText())
    }

    @Test
    fun processKilledAndRestoredIntoTheSameGame() {
        val c = startedGame { }
        val g = c.get()
        board(g).play("c3", "d4")
        awaitEngine(g)
        val moves = moveList(g)
        val squares = Board.ALL.map { board(g).says(it) }
        val state = Bundle()
        c.saveInstanceState(state).pause().stop()
        // Another game becomes the one the process holds, then the system kills the game screen.
        val other = newGame(::passAndPlay)
        other.finish()
        c.destroy()
        val restored = Robolectric.buildActivity(GameActivity::class.java, g.intent)
        restored.setup(state)
        Ui.until(what = "the restored game") { moveList(restored.get()).isNotEmpty() }
        val r = restored.get()
        assertEquals(moves, moveList(r))
        assertEquals(squares, Board.ALL.map { board(r).says(it) })
        restored.pause().stop().destroy()
    }

    @Test
    fun goingToTheBackgroundLeavesEveryMoveInTheGamesFileItself() {
        val h = launch(app.giveaway.app.HomeActivity::class.java)
        passAndPlay(h.get())
        Ui.click(h.get(), "Start")
        val g = follow(h.get(), GameActivity::class.java)
        board(g.get()).play("c3", "d4")
        board(g.get()).play("f6", "g5")
        val db = java.io.File(g.get().filesDir, "games.db")
        val wal = java.io.File(db.path + "-wal")
        // The home screen is behind the game; then the game screen goes too: the app is in the background.
        h.pause().stop()
        g.pause().stop()
        // File work off the main thread, where the test's own disk access would count as the app's.
        fun <T> offMain(work: () -> T): T {
            var result: Result<T>? = null
            kotlin.concurrent.thread { result = runCatching(work) }.join()
            return result!!.getOrThrow()
        }
        Ui.until(what = "the journal written back") { offMain { !wal.exists() || wal.length() == 0L } }
        // games.db alone, as a backup would copy it, holds the game with both moves.
        val plies = offMain {
            val copy = java.nio.file.Files.createTempDirectory("backup").resolve("games.db").toFile()
            db.copyTo(copy)
            app.giveaway.core.GameLibrary.open(copy.path).use { lib ->
                val games = lib.gameList(app.giveaway.core.ListFilter(null, null, null, null, null), 10u).use {
                    it.state().games
                }
                lib.replay(games.single().id).use { it.plies() }
            }
        }
        assertEquals(2u, plies)
    }
}
