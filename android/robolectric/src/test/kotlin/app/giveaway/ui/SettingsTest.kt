package app.giveaway.ui

import android.widget.Spinner
import android.widget.Switch
import app.giveaway.R
import app.giveaway.app.BoardView
import app.giveaway.app.RulesActivity
import app.giveaway.app.SettingsActivity
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertNotEquals
import org.junit.Assert.assertTrue
import org.junit.Test
import org.robolectric.RuntimeEnvironment
import org.robolectric.annotation.Config

/**
 * Settings in English, Russian and Portuguese: every choice made on screen, kept after the screen is opened
 * again, and followed by the game (numeric notation). The words come from the language's own resources, and
 * must differ from the English ones.
 */
class SettingsTest : AppTest() {
    private fun s(id: Int) = RuntimeEnvironment.getApplication().getString(id)

    private fun english(id: Int): String {
        val c = RuntimeEnvironment.getApplication()
        val conf = android.content.res.Configuration(c.resources.configuration).apply {
            setLocale(java.util.Locale.ENGLISH)
        }
        return c.createConfigurationContext(conf).getString(id)
    }

    private fun everySetting(language: String) {
        if (language != "en") assertNotEquals("translated", english(R.string.board_theme), s(R.string.board_theme))
        val a = launch(SettingsActivity::class.java).get()
        for (label in listOf(R.string.board_theme, R.string.piece_theme, R.string.notation, R.string.animation_speed)) {
            assertTrue(s(label), shows(a, s(label)))
        }
        Ui.pick(root(a), s(R.string.theme_classic), s(R.string.theme_wood))
        Ui.pick(root(a), s(R.string.pieces_classic), s(R.string.pieces_marble))
        Ui.pick(root(a), s(R.string.notation_algebraic), s(R.string.notation_numeric))
        Ui.pick(root(a), s(R.string.speed_normal), s(R.string.speed_fast))
        Ui.pick(root(a), s(R.string.premoves_fast), s(R.string.premoves_always))
        val confirm = Ui.find<Switch>(root(a)).first { it.text.toString() == s(R.string.confirm_moves) }
        assertFalse(confirm.isChecked)
        confirm.performClick()
        Ui.idle()
        for (sw in listOf(R.string.sound, R.string.haptics)) {
            val view = Ui.find<Switch>(root(a)).first { it.text.toString() == s(sw) }
            assertTrue(view.isChecked)
            view.performClick()
            Ui.idle()
        }
        a.finish()
        val again = launch(SettingsActivity::class.java).get()
        val shown = Ui.find<Spinner>(root(again)).map { it.selectedItem.toString() }
        val chosen = listOf(
            R.string.theme_wood,
            R.string.pieces_marble,
            R.string.notation_numeric,
            R.string.speed_fast,
            R.string.premoves_always,
        )
        assertEquals(chosen.map(::s), shown)
        assertFalse(Ui.find<Switch>(root(again)).first { it.text.toString() == s(R.string.sound) }.isChecked)
        assertFalse(Ui.find<Switch>(root(again)).first { it.text.toString() == s(R.string.haptics) }.isChecked)
        assertTrue(Ui.find<Switch>(root(again)).first { it.text.toString() == s(R.string.confirm_moves) }.isChecked)
        again.finish()

        val h = home()
        Ui.click(h, s(R.string.start))
        val g = follow(h, app.giveaway.app.GameActivity::class.java).get()
        board(g).play("c3", "d4")
        awaitEngine(g)
        assertTrue(moveList(g), moveList(g).startsWith("1. 22-18"))
    }

    @Test
    fun english() = everySetting("en")

    /** The endgame tables bundled in the APK's assets are copied out, loaded by the core, and said in Settings. */
    @Test
    fun bundledEndgameTablesAreInUse() {
        val a = launch(SettingsActivity::class.java).get()
        val ready = RuntimeEnvironment.getApplication().getString(R.string.tables_ready, 4)
        val app = RuntimeEnvironment.getApplication() as app.giveaway.app.GiveawayApp
        runCatching {
            Ui.until(what = "'$ready' in Settings") {
                Ui.idle()
                Ui.texts(root(a)).contains(ready)
            }
        }
            .onFailure {
                val shown = Ui.texts(root(a)).last()
                throw AssertionError("${it.message}; the core says ${app.tables?.state()}; shown $shown", it)
            }
    }

    @Test
    @Config(qualifiers = "ru")
    fun russian() = everySetting("ru")

    @Test
    @Config(qualifiers = "pt")
    fun portuguese() = everySetting("pt")

    @Test
    fun rulesScreenShowsItsThreeBoards() {
        val a = launch(RulesActivity::class.java).get()
        assertTrue(shows(a, "How to play giveaway"))
        val boards = Ui.find<BoardView>(root(a)).map { Board(it) }
        assertEquals(3, boards.size)
        assertEquals("the start", 24, Board.ALL.count { "man" in boards[0].says(it) })
        assertTrue("forced capture: c3 is the man that must", "must capture" in boards[1].says("c3"))
        // h6:f8:b4:e1 as the core's diagram shows it: the position before the move with the move's path marked
        // (the three black men it takes stay until the move is over).
        assertTrue(boards[2].says("h6"), "white man" in boards[2].says("h6") && "last move" in boards[2].says("h6"))
        assertTrue(boards[2].says("e1"), "last move" in boards[2].says("e1"))
        for (sq in listOf("g7", "c5", "d2")) assertTrue(boards[2].says(sq), "black man" in boards[2].says(sq))
    }

    @Test
    fun positionEditorSideToMoveClearAndStart() {
        val h = home()
        Ui.click(h, "Set up a position")
        val root = Ui.alert().window!!.decorView
        val b = Board(Ui.find<BoardView>(root).first())
        assertEquals("the standard start", 24, Board.ALL.count { "man" in b.says(it) })
        Ui.click(root, "Clear")
        assertEquals(0, Board.ALL.count { "man" in b.says(it) || "king" in b.says(it) })
        assertTrue(Ui.texts(root).contains("White has no pieces"))
        assertFalse("no game from an empty board", Ui.button(root, "OK").isEnabled)
        // The palette's piece goes where the board is tapped; the same piece again takes it off.
        palette(root, "White man")
        b.tap("e3")
        assertTrue("white man" in b.says("e3"))
        b.tap("e3")
        assertTrue("empty" in b.says("e3"))
        palette(root, "Black king")
        b.tap("e3")
        assertTrue("black king" in b.says("e3"))
        palette(root, "Eraser")
        b.tap("e3")
        assertTrue("empty" in b.says("e3"))
        palette(root, "White man")
        b.tap("h8")
        assertTrue("a white man on White's promotion rank is crowned", "white king" in b.says("h8"))
        assertTrue(Ui.texts(root).contains("Black has no pieces"))
        palette(root, "Black man")
        b.tap("a7")
        assertTrue(Ui.texts(root).toString(), Ui.texts(root).contains("White to move · ready to play"))
        Ui.click(root, "Other side to move")
        assertTrue(Ui.texts(root).contains("Black to move · ready to play"))
        Ui.click(root, "Start position")
        assertEquals(24, Board.ALL.count { "man" in b.says(it) })
    }
}
