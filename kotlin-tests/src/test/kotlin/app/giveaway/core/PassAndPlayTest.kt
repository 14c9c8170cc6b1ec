package app.giveaway.core

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertNotNull
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertThrows

class PassAndPlayTest {
    @Test
    fun `taps select a piece, show destinations and move`() {
        passAndPlay().use { game ->
            var s = game.snapshot()
            assertEquals(32, s.squares.size)
            assertEquals(Color.WHITE, s.sideToMove)
            assertEquals(
                setOf("a3", "c3", "e3", "g3"),
                s.squares.filter {
                    it.movable
                }.map { squareName(it.number, Notation.ALGEBRAIC)!! }.toSet(),
            )
            s = game.tap(sq("c3"))
            assertEquals(sq("c3"), s.selected)
            assertEquals(
                setOf("b4", "d4"),
                s.squares.filter {
                    it.destination
                }.map { squareName(it.number, Notation.ALGEBRAIC)!! }.toSet(),
            )
            s = game.tap(sq("d4"))
            assertEquals(listOf("c3-d4"), s.moves())
            assertEquals(Color.BLACK, s.sideToMove)
            assertTrue(s.square("c3").lastMove && s.square("d4").lastMove)
            assertEquals(Color.WHITE, s.lastMove!!.color)
        }
    }

    @Test
    fun `a tap on a piece held back by a capture elsewhere says why, then offered reactions are accepted`() {
        passAndPlay("W:Wc3,g3:Bd4").use { game ->
            var s = game.tap(sq("g3"))
            assertNull(s.selected)
            assertNotNull(s.notice, "g3 is held back")
            val notice = s.notice!!
            assertEquals(NoticeKind.MUST_CAPTURE_ELSEWHERE, notice.kind)
            assertEquals(sq("g3"), notice.square)
            assertEquals(listOf(sq("c3")), notice.capturers)
            assertEquals("capturing is compulsory: move a piece that can capture (c3)", notice.message)
            s = game.tap(sq("c3"))
            assertNull(s.notice, "the next input clears it")
            assertEquals(sq("c3"), s.selected)
            val offered = reactionEmojis()
            assertEquals(offered.size, offered.toSet().size)
            offered.forEach { game.react(Color.WHITE, it) }
            assertEquals(offered, game.snapshot().reactions.map { it.emoji })
        }
    }

    @Test
    fun `a multi-capture entered hop by hop shows ghosts, then by its final square`() {
        val fen = "W:Wh6:Bg7,c5,d2"
        passAndPlay(fen).use { game ->
            game.select(sq("h6"))
            var s = game.moveTo(sq("f8"))
            assertEquals(listOf(sq("f8")), s.capture!!.visited)
            assertEquals(listOf(sq("g7")), s.capture!!.ghosts)
            assertTrue(s.square("g7").ghost)
            assertNull(s.square("h6").piece)
            assertEquals(PieceKind.KING, s.square("f8").piece!!.kind, "crowned on f8 mid-capture, it goes on as a king")
            assertTrue(s.square("b4").destination)
            assertThrows<GiveawayException.IllegalMove> { game.moveTo(sq("a3")) }
            game.moveTo(sq("b4"))
            s = game.moveTo(sq("e1"))
            assertEquals(listOf("h6:f8:b4:e1"), s.moves())
            assertEquals(3, s.lastMove!!.captured.size)
            assertTrue(s.lastMove!!.promotes)
            assertEquals(Outcome.BLACK_WINS, s.result!!.outcome, "Black has no piece left and is to move: it wins")
        }
        passAndPlay(fen).use { game ->
            game.tap(sq("h6"))
            val s = game.tap(sq("e1"))
            assertEquals(listOf("h6:f8:b4:e1"), s.moves())
        }
    }

    @Test
    fun `a final square shared by paths with different captures offers a choice`() {
        passAndPlay("W:WKg5:Bb2,f4,b8,e7,d4,e5").use { game ->
            game.tap(sq("g5"))
            var s = game.tap(sq("f8"))
            assertEquals(setOf("g5:c1:a3:f8", "g5:e3:c5:f8"), s.choices.map { it.text }.toSet())
            val pick = s.choices.indexOfFirst { it.text == "g5:e3:c5:f8" }
            s = game.choose(pick.toUInt())
            assertEquals(listOf("g5:e3:c5:f8"), s.moves())
            assertTrue(s.choices.isEmpty())
        }
    }

    @Test
    fun `undo and redo`() {
        passAndPlay().use { game ->
            assertFalse(game.snapshot().canUndo)
            game.playMove("c3-d4")
            game.playMove("11-16")
            var s = game.undo()
            assertEquals(listOf("c3-d4"), s.moves())
            assertTrue(s.canRedo)
            s = game.redo()
            assertEquals(listOf("c3-d4", "f6-g5"), s.moves())
            game.undo()
            s = game.undo()
            assertEquals(0u, s.ply)
            assertThrows<GiveawayException.Unavailable> { game.undo() }
            game.setNotation(Notation.NUMERIC)
            s = game.redo()
            assertEquals(listOf("22-18"), s.moves())
        }
    }

    @Test
    fun `clocks with time odds, increments and flag fall`() {
        val odds = TimeControl(SideTime(400u, 0u), SideTime(60_000u, 2_000u))
        passAndPlay(clock = odds).use { game ->
            var s = game.snapshot()
            assertEquals(Color.WHITE, s.clocks!!.running)
            assertTrue(s.clocks!!.whiteMs <= 400u)
            s = game.playMove("c3-d4")
            assertEquals(Color.BLACK, s.clocks!!.running)
            s = game.playMove("f6-g5")
            assertTrue(s.clocks!!.blackMs > 60_000u, "Black got its 2 s increment: ${s.clocks}")
            Thread.sleep(600)
            s = game.snapshot()
            assertNotNull(s.result)
            assertEquals(EndReason.TIME, s.result!!.reason)
            assertEquals(Outcome.BLACK_WINS, s.result!!.outcome)
            assertEquals(0uL, s.clocks!!.whiteMs)
            assertThrows<GiveawayException.GameOver> { game.playMove("g3-h4") }
        }
    }

    @Test
    fun `draw offer, acceptance, resignation and reactions`() {
        passAndPlay().use { game ->
            var s = game.offerDraw()
            assertEquals(Color.WHITE, s.drawOffer)
            s = game.acceptDraw()
            assertEquals(Outcome.DRAW, s.result!!.outcome)
            assertEquals(EndReason.AGREEMENT, s.result!!.reason)
            s = game.undo()
            assertNull(s.result)
            s = game.react(Color.BLACK, "😮")
            assertEquals(listOf(Reaction(0u, Color.BLACK, "😮")), s.reactions)
            s = game.resign(Color.WHITE)
            assertEquals(Outcome.BLACK_WINS, s.result!!.outcome)
        }
    }

    @Test
    fun `errors become typed exceptions`() {
        passAndPlay().use { game ->
            val illegal = assertThrows<GiveawayException.IllegalMove> { game.playMove("c3-e5") }
            assertTrue(illegal.reason.contains("cannot go to e5"), illegal.reason)
            assertThrows<GiveawayException.BadNotation> { game.playMove("hello") }
            assertThrows<GiveawayException.IllegalMove> { game.select(sq("b6")) }
            assertThrows<GiveawayException.Unavailable> { game.select(0u) }
            assertThrows<GiveawayException.Unavailable> { game.moveTo(sq("d4")) }
            assertThrows<GiveawayException.Unavailable> { game.choose(3u) }
            assertThrows<GiveawayException.Unavailable> { game.react(Color.WHITE, "not an emoji") }
        }
        assertThrows<GiveawayException.BadFen> { passAndPlay("W:W33:B1") }
        assertThrows<GiveawayException.BadSetup> { passAndPlay("W:W:B1") }
        assertThrows<GiveawayException.BadSetup> { versusComputer(9) }
        assertThrows<GiveawayException.BadSetup> { passAndPlay(clock = even(0)) }
        assertThrows<GiveawayException.BadSetup> {
            GameSession(NewGame(Opponent.PassAndPlay, StartPosition.RemovedMen(listOf(15u)), null))
        }
    }

    @Test
    fun `handicap by removed men`() {
        GameSession(NewGame(Opponent.PassAndPlay, StartPosition.RemovedMen(listOf(1u, 2u, 29u)), null)).use { game ->
            val s = game.snapshot()
            assertEquals(21, s.squares.count { it.piece != null })
            assertNull(s.square("a1").piece)
            assertNull(s.square("b8").piece)
        }
    }
}
