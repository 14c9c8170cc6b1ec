package app.giveaway.ui

import android.content.DialogInterface.BUTTON_POSITIVE
import android.graphics.Rect
import android.os.Looper
import android.view.View
import android.widget.NumberPicker
import android.widget.TextView
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertTrue
import org.junit.Test
import org.robolectric.Shadows.shadowOf
import java.time.Duration

/** Two players on one device: drag moves, clocks, a flag fall, the three orientation modes, a draw offer. */
class PassAndPlayTest : AppTest() {
    private fun top(b: Board, square: String): Int =
        Rect().also {
            @Suppress("DEPRECATION")
            b.node(square).getBoundsInParent(it)
        }.top

    /** a1 is drawn below h8: White's side at the bottom. */
    private fun whiteAtBottom(b: Board) = top(b, "a1") > top(b, "h8")

    @Test
    fun movesByDragAndTheCompulsoryCapture() {
        val g = newGame(::passAndPlay)
        val b = board(g)
        b.drag("c3", "d4")
        assertTrue("white man" in b.says("d4") && "empty" in b.says("c3"))
        assertTrue(shows(g, "Black to move"))
        b.drag("f6", "e5")
        gotIt()
        assertTrue(shows(g, "White to move — must capture"))
        assertTrue(b.says("d4"), "must capture" in b.says("d4"))
        // A quiet move is refused while a capture is due: the man dragged stays.
        b.drag("a3", "b4")
        assertTrue("white man" in b.says("a3"))
        b.drag("d4", "f6")
        assertEquals(listOf("1. c3-d4  f6-e5", "2. d4:f6"), moveList(g).lines().map { it.trim() })
    }

    @Test
    fun clocksRunForTheSideToMoveWithTheIncrement() {
        val start = System.nanoTime()
        val g = newGame { h ->
            passAndPlay(h)
            Ui.pick(root(h), "Unlimited", "5+3")
        }
        board(g).play("c3", "d4")
        // White's clock got its 3 s increment and stopped; Black's runs. Without the increment it would show at
        // most 5:00 less the time spent, which the lower bound excludes.
        val white = seconds(clock(g, "White"))
        assertTrue(clock(g, "White"), white in 303 - secondsSince(start)..303 && white > 300 - secondsSince(start) + 1)
        val running = Ui.find<TextView>(root(g)).filter {
            it.contentDescription?.contains("clock") == true
        }.filter { it.isActivated }
        assertEquals(listOf("Black"), running.map { it.contentDescription.toString().substringBefore(" ") })
    }

    @Test
    fun flagFall() {
        val g = newGame { h ->
            passAndPlay(h)
            Ui.click(h, "Custom time…")
            val pickers = Ui.find<NumberPicker>(Ui.alert().window!!.decorView)
            assertEquals("minutes and increment for White and for Black", 4, pickers.size)
            pickers.forEach { it.value = it.minValue } // 1 minute, no increment: the shortest clock offered
            Ui.dialogButton(BUTTON_POSITIVE)
        }
        // The core keeps real time: a minute passes for White, the screen ticking as it would.
        val looper = shadowOf(Looper.getMainLooper())
        Ui.until(timeoutMs = 90_000, what = "White's flag to fall") {
            looper.idleFor(Duration.ofMillis(100))
            shows(g, "Black wins (on time)")
        }
        assertEquals("0.0", clock(g, "White"))
        assertFalse("Resign" in moreItems(g))
    }

    @Test
    fun fixedOrientationKeepsWhiteAtTheBottom() {
        val g = newGame(::passAndPlay)
        val b = board(g)
        b.play("c3", "d4")
        assertTrue("a1 below h8", whiteAtBottom(b))
    }

    @Test
    fun turnAfterEachMoveShowsTheSideToMoveAtTheBottom() {
        val g = newGame { h ->
            passAndPlay(h)
            Ui.pick(root(h), "Fixed", "Turn after each move")
        }
        val b = board(g)
        assertTrue("White at the bottom first", whiteAtBottom(b))
        b.play("c3", "d4")
        assertTrue("Black at the bottom after White's move", !whiteAtBottom(b))
        b.blackAtBottom = true
        b.play("f6", "e5")
        assertTrue(moveList(g), moveList(g).startsWith("1. c3-d4  f6-e5"))
        assertTrue("White again", whiteAtBottom(b))
    }

    @Test
    fun faceToFaceTurnsTheFarPlayersPanel() {
        val g = newGame { h ->
            passAndPlay(h)
            Ui.pick(root(h), "Fixed", "Face to face")
            Ui.pick(root(h), "Unlimited", "5+0")
        }
        val b = board(g)
        assertTrue("White at the bottom", whiteAtBottom(b))
        val blackClock = Ui.find<TextView>(root(g)).first { it.contentDescription?.startsWith("Black clock") == true }
        val rotation = (blackClock.parent as View).rotation
        assertEquals("Black's clock reads the right way up from the far side", 180f, rotation)
        val whiteClock = Ui.find<TextView>(root(g)).first { it.contentDescription?.startsWith("White clock") == true }
        assertEquals(0f, (whiteClock.parent as View).rotation)
        b.play("c3", "d4")
        assertTrue("the board does not turn", whiteAtBottom(b))
    }

    @Test
    fun drawOfferAccepted() {
        val g = newGame(::passAndPlay)
        board(g).play("c3", "d4")
        more(g, "Draw")
        assertEquals("Offer a draw?", Ui.alertText())
        Ui.dialogButton(BUTTON_POSITIVE)
        assertEquals("Black offers a draw.", Ui.alertText())
        Ui.dialogButton(BUTTON_POSITIVE)
        assertEquals("Draw (by agreement)", Ui.alertText())
    }

    @Test
    fun drawOfferDeclined() {
        val g = newGame(::passAndPlay)
        more(g, "Draw")
        Ui.dialogButton(BUTTON_POSITIVE)
        assertEquals("White offers a draw.", Ui.alertText())
        Ui.dialogButton(android.content.DialogInterface.BUTTON_NEGATIVE)
        assertTrue(shows(g, "White to move"))
        board(g).play("c3", "d4")
        assertTrue("play goes on", shows(g, "Black to move"))
    }
}
