package app.giveaway.logic

import app.giveaway.core.AnimationSpeed
import app.giveaway.core.Color
import app.giveaway.core.EndReason
import app.giveaway.core.NoticeKind
import app.giveaway.core.Opponent
import app.giveaway.core.Orientation
import app.giveaway.core.Outcome
import app.giveaway.core.TimeControl
import app.giveaway.core.SideTime
import kotlinx.coroutines.runBlocking
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertNotNull
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

class GameControllerTest {
    @Test
    fun `versus the computer - taps select, show destinations, and the computer replies`() = runBlocking {
        val r = Recorder()
        session(computer(1)).use { game ->
            val c = r.controller(game, this)
            c.start()
            assertFalse(c.state.thinking)
            c.tap(sq("c3"))
            assertEquals(setOf("b4", "d4"), c.snapshot.names { it.destination })
            assertEquals(setOf(sq("b4"), sq("d4")), c.state.scene(0).squares.filter { it.dot }.map { it.number }.toSet())
            c.tap(sq("d4"))
            assertNotNull(c.state.animation, "the move is animated")
            assertNotNull(c.state.scene(10).flying, "mid-animation the piece is in flight")
            assertNull(c.state.scene(10_000).flying, "and lands")
            assertTrue(c.state.thinking, "the computer thinks after the player's move")
            c.tap(sq("e3"))
            assertNull(c.snapshot.selected, "input waits while the computer thinks")
            c.idle()
            assertFalse(c.state.thinking)
            assertEquals(2u, c.snapshot.ply)
            assertEquals(Color.WHITE, c.snapshot.sideToMove)
            val moved = r.of<GameEvent.Moved>()
            assertEquals(listOf(false, true), moved.map { it.byOpponent }, "the computer's move is the one announced")
            assertEquals(Color.BLACK, moved.last().move.color)
            assertTrue(r.states.any { it.thinking } && !r.states.last().thinking)
            c.close()
        }
    }

    @Test
    fun `versus the computer - a multi-capture hop by hop, then the computer's reply`() = runBlocking {
        val r = Recorder()
        session(computer(2), "W:Wh6:Bg7,c5,d2,a7").use { game ->
            val c = r.controller(game, this)
            c.start()
            assertEquals(listOf<GameEvent>(GameEvent.ExplainMustCapture), r.events, "forced capture explained once")
            c.tap(sq("g3"))
            c.tap(sq("h6"))
            c.tap(sq("f8"))
            assertEquals(listOf(sq("g7").toUInt()), c.snapshot.capture!!.ghosts)
            assertTrue(c.state.scene(0).squares[sq("g7") - 1].ghost)
            c.tap(sq("b4"))
            assertTrue(c.snapshot.at("e1").destination)
            c.tap(sq("e1"))
            c.idle()
            assertEquals("h6:f8:b4:e1", c.snapshot.moves().first())
            assertEquals(2u, c.snapshot.ply, "the computer answered")
            assertEquals(1, r.of<GameEvent.ExplainMustCapture>().size)
            c.close()
        }
    }

    @Test
    fun `a man that may not move while another must capture is explained`() = runBlocking {
        val r = Recorder()
        session(Opponent.PassAndPlay, "W:Wh6,a1:Bg7").use { game ->
            val c = r.controller(game, this, explained = true)
            c.start()
            assertTrue(r.events.isEmpty(), "already explained before")
            c.tap(sq("a1"))
            val notice = r.of<GameEvent.HeldBack>().single().notice
            assertEquals(NoticeKind.MUST_CAPTURE_ELSEWHERE, notice.kind)
            assertEquals(listOf(sq("h6").toUInt()), notice.capturers)
            assertNull(c.snapshot.selected)
            // Dragging it is refused the same way, and the capturing man still moves by drag.
            c.drag(sq("a1"), sq("b2"))
            assertEquals(2, r.of<GameEvent.HeldBack>().size)
            assertTrue(r.of<GameEvent.Refused>().isEmpty())
            c.drag(sq("h6"), sq("f8"))
            assertEquals(1u, c.snapshot.ply)
        }
    }

    @Test
    fun `a blocked man says it cannot move`() = runBlocking {
        val r = Recorder()
        session(Opponent.PassAndPlay, "W:Wa1,b2:Bh8").use { game ->
            val c = r.controller(game, this, explained = true)
            c.start()
            c.tap(sq("a1"))
            assertEquals(NoticeKind.PIECE_CANNOT_MOVE, r.of<GameEvent.HeldBack>().single().notice.kind)
            c.tap(sq("b2"))
            assertEquals(sq("b2").toUInt(), c.snapshot.selected)
            assertEquals(1, r.of<GameEvent.HeldBack>().size, "a piece that can move raises no notice")
        }
    }

    @Test
    fun `drag moves a piece and a shared final square offers a choice`() = runBlocking {
        val r = Recorder()
        session(Opponent.PassAndPlay, "W:WKg5:Bb2,f4,b8,e7,d4,e5").use { game ->
            val c = r.controller(game, this)
            c.start()
            c.drag(sq("g5"), sq("f8"))
            assertEquals(2, c.snapshot.choices.size)
            c.dismissChoice()
            assertTrue(c.snapshot.choices.isEmpty())
            c.drag(sq("g5"), sq("f8"))
            val pick = c.snapshot.choices.indexOfFirst { it.text == "g5:e3:c5:f8" }
            c.choose(pick)
            assertEquals(listOf("g5:e3:c5:f8"), c.snapshot.moves())
        }
    }

    @Test
    fun `pass-and-play - orientation modes and clocks`() = runBlocking {
        val r = Recorder()
        val odds = TimeControl(SideTime(65_000u, 0u), SideTime(9_500u, 1_000u))
        session(Opponent.PassAndPlay, clock = odds).use { game ->
            val c = r.controller(game, this, GamePrefs(orientation = Orientation.FLIP_EACH_MOVE))
            c.start()
            assertFalse(c.state.orientation.flipped)
            assertTrue(c.state.whiteClock!!.matches(Regex("1:0[45]")), c.state.whiteClock)
            assertEquals("9.5", c.state.blackClock)
            c.tap(sq("c3"))
            c.tap(sq("d4"))
            c.setNotation(app.giveaway.core.Notation.NUMERIC)
            assertEquals(listOf("22-18"), c.snapshot.moves())
            assertTrue(c.state.orientation.flipped, "Black to move sits at the bottom")
            assertEquals(Color.BLACK, c.snapshot.clocks!!.running)
            assertTrue(c.nextTickMs()!! in 1..100, "tenths tick under ten seconds")
            assertTrue(r.of<GameEvent.Moved>().single().byOpponent, "pass-and-play announces every move")
            c.setPrefs(GamePrefs(orientation = Orientation.FACE_TO_FACE))
            assertEquals(BoardOrientation(flipped = false, topFacesAway = true), c.state.orientation)
            c.pause()
            assertNull(c.snapshot.clocks!!.running)
            assertNull(c.nextTickMs())
            c.resume()
            assertEquals(Color.BLACK, c.snapshot.clocks!!.running)
        }
    }

    @Test
    fun `reduced motion turns animation off`() = runBlocking {
        val r = Recorder()
        session(Opponent.PassAndPlay).use { game ->
            val c = r.controller(game, this, GamePrefs(reducedMotion = true))
            c.start()
            c.playMove("c3-d4")
            assertNull(c.state.animation)
            c.setPrefs(GamePrefs(animation = AnimationSpeed.FAST))
            c.playMove("f6-g5")
            assertEquals(140L, c.state.animation!!.totalMs)
        }
    }

    @Test
    fun `flag fall ends the game on a tick`() = runBlocking {
        val r = Recorder()
        session(Opponent.PassAndPlay, clock = even(300)).use { game ->
            val c = r.controller(game, this)
            c.start()
            Thread.sleep(400)
            c.tick()
            assertEquals(EndReason.TIME, c.snapshot.result!!.reason)
            assertEquals(Outcome.BLACK_WINS, r.of<GameEvent.Ended>().single().result.outcome)
        }
    }

    @Test
    fun `undo, hint in two steps, resign`() = runBlocking {
        val r = Recorder()
        session(computer(1)).use { game ->
            val c = r.controller(game, this, GamePrefs(coach = false))
            c.start()
            c.hint()
            c.idle()
            val piece = c.state.hint.piece
            assertNotNull(piece)
            assertEquals(HintState.Step.PIECE, c.state.hint.step)
            assertTrue(c.state.scene(0).squares[piece!! - 1].hint)
            c.hint()
            val move = c.state.hint.move!!
            assertEquals(piece.toUInt(), move.from)
            c.playMove(move.text)
            c.idle()
            assertEquals(HintState(), c.state.hint, "the hint is gone once the position changed")
            assertEquals(2u, c.snapshot.ply)
            c.undo()
            assertEquals(0u, c.snapshot.ply, "undo takes back the computer's reply and the player's move")
            c.undo()
            assertTrue(r.of<GameEvent.Refused>().isNotEmpty(), "nothing left to undo is refused, not thrown")
            c.resign()
            assertEquals(Outcome.BLACK_WINS, c.snapshot.result!!.outcome)
            assertEquals(EndReason.RESIGNATION, r.of<GameEvent.Ended>().single().result.reason)
            c.undo()
            assertNull(c.snapshot.result, "undo also after the end")
        }
    }

    @Test
    fun `moving while a hint is searched still gets the computer's reply`() = runBlocking {
        val r = Recorder()
        session(computer(1)).use { game ->
            val c = r.controller(game, this, GamePrefs(coach = false))
            c.start()
            c.hint()
            untilThinking(game) // the hint's search starts
            assertTrue(game.snapshot().thinking, "the hint is being searched")
            c.playMove("c3-d4")
            c.idle()
            assertEquals(2u, c.snapshot.ply, "the computer answered")
            assertTrue(r.of<GameEvent.Refused>().isEmpty(), "nothing was refused: ${r.events}")
            assertEquals(HintState(), c.state.hint)
        }
    }

    @Test
    fun `the computer thinks again after resigning and taking it back while it was thinking`() = runBlocking {
        val r = Recorder()
        session(computer(7, Color.BLACK)).use { game ->
            val c = r.controller(game, this, GamePrefs(coach = false))
            c.start()
            untilThinking(game) // the computer's search is under way
            assertTrue(game.snapshot().thinking)
            c.resign()
            assertNotNull(c.snapshot.result)
            c.undo()
            assertNull(c.snapshot.result)
            assertTrue(c.snapshot.computerToMove)
            c.idle()
            assertEquals(1u, c.snapshot.ply, "the computer played its first move after all")
            assertFalse(c.state.thinking)
        }
    }

    @Test
    fun `closing the screen cancels the computer's search`() = runBlocking {
        val r = Recorder()
        session(computer(8, Color.BLACK)).use { game ->
            val c = r.controller(game, this)
            c.start()
            assertTrue(c.state.thinking)
            val t0 = System.nanoTime()
            kotlinx.coroutines.delay(100)
            c.close()
            c.idle()
            val ms = (System.nanoTime() - t0) / 1_000_000
            assertTrue(ms < 1500, "the job ended well before the 2 s think: $ms ms")
            // Had the core's search gone on, it would have played its move after its 2 s.
            kotlinx.coroutines.delay(2300)
            assertEquals(0u, game.snapshot().ply, "no move was played")
            assertFalse(game.snapshot().thinking)
        }
    }

    @Test
    fun `the coach comments on the player's moves against the computer`() = runBlocking {
        val r = Recorder()
        session(computer(1)).use { game ->
            val c = r.controller(game, this, GamePrefs(coach = true, animation = AnimationSpeed.OFF))
            c.start()
            repeat(3) {
                val mv = c.snapshot.squares.first { it.movable }
                c.tap(mv.number.toInt())
                val dest = c.snapshot.squares.first { it.destination || it.finalDestination }
                c.tap(dest.number.toInt())
                c.idle()
                if (c.snapshot.result != null) return@repeat
            }
            // The coach speaks only after moves that lose much; what matters here is that it ran without
            // blocking the game: every player move got the computer's answer.
            assertTrue(c.snapshot.ply >= 6u || c.snapshot.result != null)
            val mine = c.snapshot.moveList.mapNotNull { it.white }
            r.of<GameEvent.Coach>().forEach {
                assertEquals(Color.WHITE, it.tip.played.color)
                assertTrue(it.tip.played.text in mine, "a tip is about one of the player's moves")
                assertTrue(it.tip.`class` in MISTAKE_CLASSES)
            }
        }
    }
}
