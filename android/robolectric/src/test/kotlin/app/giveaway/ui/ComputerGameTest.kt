package app.giveaway.ui

import android.content.DialogInterface.BUTTON_NEGATIVE
import android.content.DialogInterface.BUTTON_POSITIVE
import android.graphics.Bitmap
import android.graphics.Canvas
import android.widget.NumberPicker
import app.giveaway.app.GamesActivity
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertTrue
import org.junit.Test

/** Home → a game against the computer with every choice → moves, hint, undo/redo, resignation, the result. */
class ComputerGameTest : AppTest() {
    private val levels =
        listOf("Beginner", "Novice", "Amateur", "Club player", "Expert", "Master", "Grandmaster", "World Champion")

    @Test
    fun firstMoveByTapsAndTheComputersReply() {
        val g = newGame()
        val b = board(g)
        assertTrue(b.says("c3"), "can move" in b.says("c3"))
        assertFalse("no clocks in an untimed game", clock(g, "White") != null || clock(g, "Black") != null)
        b.tap("c3")
        assertTrue("selected" in b.says("c3"))
        assertEquals(listOf("b4", "d4"), b.squaresSaying("can move here"))
        b.tap("d4")
        awaitEngine(g)
        assertTrue("white man" in b.says("d4"))
        assertTrue(moveList(g), Regex("""1\. c3-d4  \S+""").matches(moveList(g)))
        assertTrue(screenText(g), shows(g, "White to move"))
    }

    @Test
    fun everyLevelStartsAGameSavedAtThatLevel() {
        for ((i, name) in levels.withIndex()) {
            val g = newGame { h -> pickLevel(h, name) }
            assertTrue("level ${i + 1}", shows(g, "White to move"))
            g.finish()
        }
        val games = launch(GamesActivity::class.java).get()
        Ui.until(what = "the list") { shows(games, "8 games") }
        val rows = Ui.listRows(root(games))
        for (n in 1..8) assertTrue("level $n listed in $rows", rows.any { "Computer, level $n ·" in it })
    }

    @Test
    fun playingBlackTheComputerOpensAndTheBoardIsTurned() {
        val g = newGame { h -> Ui.pick(root(h), "White", "Black") }
        awaitEngine(g)
        val b = board(g, blackAtBottom = true)
        assertTrue(moveList(g), Regex("""1\. \S+""").matches(moveList(g).trim()))
        assertTrue(shows(g, "Black to move"))
        // Black's men are at the bottom now: b6 is drawn below a3.
        val r6 = android.graphics.Rect().also {
            @Suppress("DEPRECATION")
            b.node("b6").getBoundsInParent(it)
        }
        val r3 = android.graphics.Rect().also {
            @Suppress("DEPRECATION")
            b.node("a3").getBoundsInParent(it)
        }
        assertTrue("b6 below a3", r6.top > r3.top)
        // A black man is picked up where it is drawn.
        val movable = Board.ALL.first { "black man, can move" in b.says(it) }
        b.tap(movable)
        assertTrue(b.says(movable), "selected" in b.says(movable))
    }

    @Test
    fun randomColourGivesOneOfTheTwo() {
        val g = newGame { h -> Ui.pick(root(h), "White", "Random") }
        awaitEngine(g)
        val whiteFirst = shows(g, "White to move") && moveList(g).isEmpty()
        assertTrue(whiteFirst || (shows(g, "Black to move") && moveList(g).isNotEmpty()))
    }

    @Test
    fun timeControlsPresetAndCustom() {
        val start = System.nanoTime()
        val g = newGame { h -> Ui.pick(root(h), "Unlimited", "5+3") }
        // White's clock runs from the start (real time), Black's waits.
        assertTrue(clock(g, "White"), seconds(clock(g, "White")) in 300 - secondsSince(start)..300)
        assertEquals("5:00", clock(g, "Black"))
        g.finish()
        val start2 = System.nanoTime()
        val g2 = newGame { h ->
            Ui.click(h, "Custom time…")
            val pickers = Ui.find<NumberPicker>(Ui.alert().window!!.decorView)
            assertEquals("White's minutes and increment (the computer gets the same)", 2, pickers.size)
            pickers[0].value = 7
            pickers[1].value = 2
            Ui.dialogButton(BUTTON_POSITIVE)
            assertTrue(screenText(h), shows(h, "7+2"))
        }
        assertTrue(clock(g2, "White"), seconds(clock(g2, "White")) in 420 - secondsSince(start2)..420)
        assertEquals("7:00", clock(g2, "Black"))
    }

    @Test
    fun handicapPresetAndChosenMen() {
        val g = newGame { h ->
            Ui.click(h, "Handicap: none")
            Ui.chooseItem("White without 1 man")
            assertTrue(shows(h, "Handicap: White without 1 man"))
        }
        val b = board(g)
        assertTrue(b.says("a1"), "empty" in b.says("a1"))
        assertTrue("white man" in b.says("c1"))
        g.finish()
        val start2 = System.nanoTime()
        val g2 = newGame { h ->
            Ui.click(h, "Handicap: none")
            Ui.chooseItem("Choose the men…")
            org.robolectric.Shadows.shadowOf(Ui.alert()).clickOnItem(0) // b8, the first of Black's men
            Ui.dialogButton(BUTTON_POSITIVE)
            assertTrue(shows(h, "Handicap: 1 men removed"))
        }
        assertTrue(board(g2).says("b8"), "empty" in board(g2).says("b8"))
        assertTrue("black man" in board(g2).says("d8"))
    }

    @Test
    fun twoStepHint() {
        val g = newGame()
        val b = board(g)
        Ui.click(g, "Hint")
        awaitEngine(g)
        val piece = b.squaresSaying("hint")
        assertEquals("step one shows one piece", 1, piece.size)
        assertTrue("white man" in b.says(piece[0]))
        Ui.click(g, "Hint")
        // Step two draws the move's path: a hint ring on a square other than the piece's.
        val ringed = Board.ALL.filter { hintRing(b, it) }
        assertTrue("ringed $ringed", piece[0] in ringed && ringed.size >= 2)
    }

    /** The hint ring's colour is drawn where the ring passes (right of the square's centre). */
    private fun hintRing(b: Board, square: String): Boolean {
        val v = b.view
        val bitmap = Bitmap.createBitmap(v.width, v.height, Bitmap.Config.ARGB_8888)
        v.draw(Canvas(bitmap))
        val (x, y) = b.centre(square)
        val px = bitmap.getPixel((x + b.cell * 0.47f).toInt(), y.toInt())
        return android.graphics.Color.red(px) < 80 && android.graphics.Color.blue(px) > 180
    }

    @Test
    fun resignationIsConfirmedAndUndoneAfterTheEnd() {
        val g = newGame()
        board(g).play("c3", "d4")
        awaitEngine(g)
        more(g, "Resign")
        assertEquals("Resign this game?", Ui.alertText())
        Ui.dialogButton(BUTTON_NEGATIVE)
        assertTrue("cancelled: still playing", shows(g, "White to move"))
        more(g, "Resign")
        Ui.dialogButton(BUTTON_POSITIVE)
        assertEquals("Black wins (resignation)", Ui.alertText())
        Ui.dialogButton(BUTTON_NEGATIVE)
        assertFalse("Resign" in moreItems(g))
        // Undo also after the end: the resignation is taken back.
        Ui.click(g, "Undo")
        awaitEngine(g)
        assertTrue(screenText(g), shows(g, "White to move"))
        assertTrue("Resign" in moreItems(g))
    }

    /** White c3 can take b4 then b6 (c3:a5:c7) or d4 then f6 (c3:e5:g7). */
    private fun twoPaths(h: app.giveaway.app.HomeActivity) {
        passAndPlay(h)
        editPosition(h, white = listOf("c3"), black = listOf("b4", "d4", "b6", "f6"))
    }

    @Test
    fun multiCaptureWithAChoiceOfPathsByTheFinalSquareAndHopByHop() {
        val g = newGame(::twoPaths)
        gotIt()
        val b = board(g)
        assertTrue(shows(g, "White to move — must capture"))
        assertTrue(b.says("c3"), "must capture" in b.says("c3"))
        b.tap("c3")
        val landings = b.squaresSaying("can move here").sorted()
        assertEquals("each path's first landing and final square", listOf("a5", "c7", "e5", "g7"), landings)
        // By the final square: the whole capture at once.
        b.tap("g7")
        assertTrue(moveList(g), moveList(g).startsWith("1. c3:e5:g7"))
        assertTrue("d4 and f6 taken", "empty" in b.says("d4") && "empty" in b.says("f6"))
        assertTrue("b4 and b6 stay", "black man" in b.says("b4") && "black man" in b.says("b6"))
        Ui.click(g, "Undo")
        // Hop by hop along the other path: the captured man stays on the board until the move ends.
        b.play("c3", "a5")
        assertTrue("mid-capture the man stands on a5", "white man" in b.says("a5"))
        assertTrue(b.says("b4"), "black man" in b.says("b4"))
        assertEquals(listOf("c7"), b.squaresSaying("can move here"))
        b.tap("c7")
        assertTrue(moveList(g), moveList(g).startsWith("1. c3:a5:c7"))
        assertTrue("b4 and b6 taken", "empty" in b.says("b4") && "empty" in b.says("b6"))
    }

    @Test
    fun aGameWonByGivingAwayEveryPiece() {
        val g = newGame { h ->
            passAndPlay(h)
            editPosition(h, white = listOf("c3"), black = listOf("d4"))
        }
        gotIt()
        board(g).play("c3", "e5")
        // Black has no piece left to move: in giveaway that side wins.
        assertEquals("Black wins (no move left)", Ui.alertText())
        Ui.dialogButton(BUTTON_NEGATIVE)
        Ui.click(g, "Undo")
        assertTrue(shows(g, "White to move — must capture"))
        Ui.click(g, "Redo")
        assertTrue(screenText(g), shows(g, "Black wins (no move left)"))
    }
}
