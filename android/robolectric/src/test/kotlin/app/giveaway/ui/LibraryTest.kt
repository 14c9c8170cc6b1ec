package app.giveaway.ui

import android.content.DialogInterface.BUTTON_POSITIVE
import android.content.Intent
import android.net.Uri
import android.widget.ListView
import app.giveaway.app.EvalGraphView
import app.giveaway.app.GameActivity
import app.giveaway.app.GamesActivity
import app.giveaway.app.ReplayActivity
import org.junit.Assert.assertEquals
import org.junit.Assert.assertTrue
import org.junit.Test
import org.robolectric.Shadows.shadowOf
import org.robolectric.shadows.ShadowToast
import java.io.File

/** Saved games: the list with filters → replay → analysis graph → export (the share intent) and import. */
class LibraryTest : AppTest() {
    /** A game against the computer, resigned after one move each; and a pass-and-play game of one move. */
    private fun playTwoGames() {
        val g = newGame()
        board(g).play("c3", "d4")
        awaitEngine(g)
        more(g, "Resign")
        Ui.dialogButton(BUTTON_POSITIVE)
        Ui.dialogButton(android.content.DialogInterface.BUTTON_NEGATIVE) // the result: closed
        g.finish()
        val p = newGame(::passAndPlay)
        board(p).play("c3", "d4")
        p.finish()
    }

    private fun games(intent: Intent? = null): GamesActivity {
        val a = launch(GamesActivity::class.java, intent).get()
        Ui.until(what = "the list") { shows(a, " game") }
        return a
    }

    private fun count(a: GamesActivity, n: Int) =
        Ui.until(what = "$n listed") { shows(a, if (n == 1) "1 game" else "$n games") }

    @Test
    fun filtersReplayAnalysisAndShare() {
        playTwoGames()
        val a = games()
        count(a, 2)
        Ui.pick(root(a), "All modes", "Play the computer")
        count(a, 1)
        Ui.pick(root(a), "All results", "You won")
        count(a, 0)
        Ui.pick(root(a), "You won", "You lost")
        count(a, 1)
        Ui.pick(root(a), "All games", "In progress")
        count(a, 0)
        Ui.pick(root(a), "In progress", "Finished")
        count(a, 1)
        Ui.pick(root(a), "All levels", "Level 2")
        count(a, 0)
        Ui.pick(root(a), "Level 2", "Level 1")
        count(a, 1)
        Ui.pick(root(a), "Any date", "Last 1 day")
        count(a, 1)
        assertTrue(Ui.listRows(root(a)).single().startsWith("Computer, level 1 · You lost"))

        // The row → replay and analyse.
        val list = Ui.find<ListView>(root(a)).first()
        list.performItemClick(list.adapter.getView(0, null, list), 0, list.adapter.getItemId(0))
        Ui.idle()
        assertEquals(
            listOf("Continue playing", "Replay and analyse", "Share as PDN", "Delete"),
            shadowOf(Ui.alert()).items.map {
                it.toString()
            },
        )
        Ui.chooseItem("Replay and analyse")
        val r = follow(a, ReplayActivity::class.java).get()
        assertTrue(shows(r, "Move 0 of 2"))
        val b = board(r)
        assertTrue("white man" in b.says("c3"))
        Ui.click(r, "▶")
        assertTrue(shows(r, "Move 1 of 2"))
        assertTrue("white man" in b.says("d4") && "empty" in b.says("c3"))
        Ui.click(r, "Analyse")
        Ui.until(what = "the analysis") { shows(r, "Accuracy: White") }
        val graph = Ui.find<EvalGraphView>(root(r)).first()
        val described = graph.contentDescription.toString()
        assertTrue(described, described.startsWith("Evaluation graph. Accuracy: White"))
        // A tap on the graph's right edge jumps to the last position.
        Ui.tapAt(graph, graph.width - 1f, graph.height / 2f)
        assertTrue(shows(r, "Move 2 of 2"))

        Ui.click(r, "Share as PDN")
        Ui.until(what = "the share sheet") { shadowOf(r).peekNextStartedActivity() != null }
        val chooser = shadowOf(r).nextStartedActivity
        assertEquals(Intent.ACTION_CHOOSER, chooser.action)
        @Suppress("DEPRECATION")
        val send = chooser.getParcelableExtra<Intent>(Intent.EXTRA_INTENT)!!
        assertEquals(Intent.ACTION_SEND, send.action)
        assertEquals("application/x-chess-pdn", send.type)
        val pdn = send.getStringExtra(Intent.EXTRA_TEXT)!!
        assertTrue(pdn, "[Variant \"Giveaway\"]" in pdn && "1. c3-d4" in pdn && "0-1" in pdn)
    }

    @Test
    fun importSharedTextAndAnOpenedFileAndRefuseNonsense() {
        playTwoGames()
        val a = games()
        Ui.click(a, "Share all games (PDN)")
        Ui.until(what = "the share sheet") { shadowOf(a).peekNextStartedActivity() != null }
        @Suppress("DEPRECATION")
        val chooser = shadowOf(a).nextStartedActivity
        val pdn = chooser.getParcelableExtra<Intent>(Intent.EXTRA_INTENT)!!.getStringExtra(Intent.EXTRA_TEXT)!!
        a.finish()

        val shared = games(Intent(Intent.ACTION_SEND).setType("text/plain").putExtra(Intent.EXTRA_TEXT, pdn))
        Ui.until(what = "the import") { ShadowToast.getTextOfLatestToast() == "Imported 2 games" }
        count(shared, 4)
        Ui.pick(root(shared), "All modes", "Imported")
        count(shared, 2)
        shared.finish()

        val file = File(shared.cacheDir, "games.pdn").apply { writeText(pdn) }
        val opened = games(Intent(Intent.ACTION_VIEW, Uri.fromFile(file)))
        Ui.until(what = "the import") { ShadowToast.getTextOfLatestToast() == "Imported 2 games" }
        count(opened, 6)
        // The document was copied to a file for the core to read a game at a time, and the copy is gone.
        assertEquals(listOf("games.pdn"), opened.cacheDir.list()!!.filter { it.endsWith(".pdn") })
        opened.finish()

        val bad = games(Intent(Intent.ACTION_SEND).setType("text/plain").putExtra(Intent.EXTRA_TEXT, "not a game"))
        Ui.until(what = "the refusal") {
            ShadowToast.getTextOfLatestToast() ==
                "This is not a PDN file this app can read."
        }
        count(bad, 6)
    }

    @Test
    fun statisticsAndDelete() {
        playTwoGames()
        val a = games()
        Ui.click(a, "Statistics")
        Ui.until(what = "statistics") {
            Ui.dialog()?.let { Ui.shadowTitle(it as android.app.AlertDialog) } ==
                "Statistics"
        }
        assertEquals("Level 1: 0 won, 0 drawn, 1 lost, 0 unfinished", Ui.alertText())
        Ui.dialogButton(BUTTON_POSITIVE)
        val list = Ui.find<ListView>(root(a)).first()
        list.performItemClick(list.adapter.getView(0, null, list), 0, list.adapter.getItemId(0))
        Ui.idle()
        Ui.chooseItem("Delete")
        assertEquals("Delete this game?", Ui.alertText())
        Ui.dialogButton(BUTTON_POSITIVE)
        count(a, 1)
        assertTrue(Ui.listRows(root(a)).single().startsWith("Computer, level 1 · You lost"))
        // The one left opens where it stood: over, after a move each.
        list.performItemClick(list.adapter.getView(0, null, list), 0, list.adapter.getItemId(0))
        Ui.idle()
        Ui.chooseItem("Continue playing")
        val g = follow(a, GameActivity::class.java).get()
        assertTrue("white man" in board(g).says("d4"))
        assertTrue(shows(g, "Black wins (resignation)"))
    }
}
