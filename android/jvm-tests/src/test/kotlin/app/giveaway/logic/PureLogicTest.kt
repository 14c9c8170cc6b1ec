package app.giveaway.logic

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

class BoardGeometryTest {
    @Test
    fun `square numbers match PDN and algebraic names`() {
        assertEquals("b8", Squares.name(1))
        assertEquals("a7", Squares.name(5))
        assertEquals("a1", Squares.name(29))
        assertEquals("g1", Squares.name(32))
        for (n in 1..32) assertEquals(n, Squares.number(Squares.file(n), Squares.rank(n)))
        assertNull(Squares.number(1, 0), "b1 is light")
        assertNull(Squares.number(8, 0))
    }

    @Test
    fun `cells and hit testing in both orientations`() {
        val normal = BoardGeometry(800f, flipped = false)
        val a1 = normal.cell(sq("a1"))
        assertEquals(0, a1.column)
        assertEquals(7, a1.row)
        assertEquals(sq("a1"), normal.squareAt(50f, 750f))
        assertEquals(sq("h8"), normal.squareAt(799f, 1f))
        assertNull(normal.squareAt(150f, 750f), "b1 is light")
        assertNull(normal.squareAt(-1f, 10f))
        val flipped = BoardGeometry(800f, flipped = true)
        assertEquals(sq("a1"), flipped.squareAt(750f, 50f))
        assertEquals(sq("h8"), flipped.squareAt(50f, 750f))
        assertEquals("h", flipped.fileLabel(0))
        assertEquals("1", flipped.rankLabel(0))
        assertEquals("a", normal.fileLabel(0))
        assertEquals("8", normal.rankLabel(0))
        for (n in 1..32) {
            val c = flipped.cell(n)
            assertEquals(n, flipped.squareAt(c.centerX, c.centerY))
        }
    }

    @Test
    fun `a fitted board is centred in a landscape area`() {
        val g = BoardGeometry.fitting(1000f, 600f, flipped = false)
        assertEquals(600f, g.size)
        assertEquals(200f, g.originX)
        assertEquals(sq("a1"), g.squareAt(210f, 590f))
        assertNull(g.squareAt(150f, 590f))
    }
}

class ClockFormatTest {
    @Test
    fun `minutes and seconds, hours, tenths under ten seconds`() {
        assertEquals("5:00", ClockFormat.format(300_000))
        assertEquals("0:10", ClockFormat.format(10_000))
        assertEquals("9.9", ClockFormat.format(9_999))
        assertEquals("0.0", ClockFormat.format(0))
        assertEquals("0.0", ClockFormat.format(-50))
        assertEquals("1:00:00", ClockFormat.format(3_600_000))
        assertEquals("59:59", ClockFormat.format(3_599_999))
    }

    @Test
    fun `the next tick is when the text changes`() {
        assertEquals(501, ClockFormat.nextChangeInMs(10_500))
        assertEquals(1, ClockFormat.nextChangeInMs(10_000))
        assertEquals(51, ClockFormat.nextChangeInMs(9_950))
        for (ms in listOf(10_500L, 10_000L, 9_950L, 61_001L, 123L)) {
            val wait = ClockFormat.nextChangeInMs(ms)
            assertEquals(ClockFormat.format(ms), ClockFormat.format(ms - wait + 1), "no change before the tick at $ms")
            assertTrue(ClockFormat.format(ms) != ClockFormat.format(ms - wait), "a change at the tick at $ms")
        }
    }
}

class DragTrackerTest {
    private val g = BoardGeometry(800f, flipped = false)

    @Test
    fun `a small wobble is a tap, a long move is a drag`() {
        val t = DragTracker(slopPx = 20f)
        t.down(250f, 550f, g) // c3
        assertFalse(t.move(255f, 545f))
        assertEquals(DragTracker.Gesture.Tap(sq("c3")), t.up(255f, 545f, g))
        t.down(250f, 550f, g)
        assertTrue(t.move(330f, 470f))
        assertTrue(t.dragging)
        assertEquals(DragTracker.Gesture.Drag(sq("c3"), sq("d4")), t.up(350f, 450f, g))
        t.down(250f, 550f, g)
        t.move(450f, 550f)
        assertEquals(DragTracker.Gesture.None, t.up(-10f, 550f, g), "dropped off the board")
        t.down(150f, 750f, g)
        assertEquals(DragTracker.Gesture.None, t.up(150f, 750f, g), "started on a light square")
    }
}

class TimeControlsTest {
    @Test
    fun `presets from the core, labels and time odds`() {
        assertEquals(
            listOf("1+0", "2+1", "3+0", "3+2", "5+0", "5+3", "10+0", "10+5", "15+10", "30+0", "30+20", "60+0"),
            TimeControls.presets().map { it.label },
        )
        assertNull(TimeControls.control(null))
        val odds = TimeControls.control(TimePreset(5, 3), TimePreset(1, 0))!!
        assertEquals(300_000uL, odds.white.baseMs)
        assertEquals(3_000uL, odds.white.incrementMs)
        assertEquals(60_000uL, odds.black.baseMs)
        assertEquals("5+3 / 1+0", TimeControls.label(odds))
        assertEquals("10+5", TimeControls.label(TimeControls.control(TimePreset(10, 5))))
    }
}
