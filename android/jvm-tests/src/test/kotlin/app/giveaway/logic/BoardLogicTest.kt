package app.giveaway.logic

import app.giveaway.core.AnimationSpeed
import app.giveaway.core.Color
import app.giveaway.core.HintView
import app.giveaway.core.MoveView
import app.giveaway.core.Opponent
import app.giveaway.core.Orientation
import app.giveaway.core.PieceKind
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertNotNull
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

/** Snapshot-driven logic against the real core: animation plans, the scene, speech, hints, orientation. */
class BoardLogicTest {
    private val promoteAndTake = "W:Wh6:Bg7,c5,d2,a7"

    @Test
    fun `a multi-capture animates hop by hop with ghosts until the end`() {
        session(Opponent.PassAndPlay, promoteAndTake).use { game ->
            val before = game.snapshot()
            val after = game.playMove("h6:f8:b4:e1")
            val plan = MoveAnimator.plan(before, after, AnimationSpeed.NORMAL, reducedMotion = false)!!
            assertEquals(
                listOf(Hop(sq("h6"), sq("f8"), sq("g7")), Hop(sq("f8"), sq("b4"), sq("c5")), Hop(sq("b4"), sq("e1"), sq("d2"))),
                plan.hops,
            )
            assertEquals(3 * 260L, plan.totalMs)
            assertEquals(PieceKind.MAN, plan.piece.kind)
            val start = plan.frameAt(0)!!
            assertEquals(Squares.file(sq("h6")).toFloat(), start.file)
            assertEquals(setOf(sq("g7"), sq("c5"), sq("d2")), start.captured.keys)
            assertTrue(start.captured.values.none { it.second }, "nothing jumped yet")
            val second = plan.frameAt(260 + 200)!!
            assertTrue(second.captured[sq("g7")]!!.second, "g7 is a ghost during the second hop")
            assertFalse(second.captured[sq("d2")]!!.second)
            val scene = BoardScene.build(after, frame = second)
            assertNull(scene.squares[sq("e1") - 1].piece, "the mover is in flight, not yet on e1")
            assertTrue(scene.squares[sq("g7") - 1].ghost)
            assertEquals(Color.BLACK, scene.squares[sq("d2") - 1].piece!!.color, "d2 still stands until jumped")
            assertNotNull(scene.flying)
            assertNull(plan.frameAt(plan.totalMs), "over at the end: the snapshot takes over")
            val still = BoardScene.build(after)
            assertEquals(PieceKind.KING, still.squares[sq("e1") - 1].piece!!.kind)
            assertNull(still.squares[sq("g7") - 1].piece)
            assertTrue(still.squares[sq("g7") - 1].lastCaptured)
        }
    }

    @Test
    fun `no animation when off, with reduced motion, or after an undo`() {
        session(Opponent.PassAndPlay).use { game ->
            val before = game.snapshot()
            val after = game.playMove("c3-d4")
            assertNull(MoveAnimator.plan(before, after, AnimationSpeed.OFF, false))
            assertNull(MoveAnimator.plan(before, after, AnimationSpeed.FAST, true))
            val quiet = MoveAnimator.plan(before, after, AnimationSpeed.FAST, false)!!
            assertEquals(listOf(Hop(sq("c3"), sq("d4"), null)), quiet.hops)
            assertNull(MoveAnimator.plan(after, game.undo(), AnimationSpeed.FAST, false))
        }
    }

    @Test
    fun `a capture entered hop by hop animates only the last hop`() {
        session(Opponent.PassAndPlay, promoteAndTake).use { game ->
            game.tap(sq("h6").toUInt())
            game.tap(sq("f8").toUInt())
            val before = game.tap(sq("b4").toUInt())
            val after = game.tap(sq("e1").toUInt())
            val plan = MoveAnimator.plan(before, after, AnimationSpeed.SLOW, false)!!
            assertEquals(listOf(Hop(sq("b4"), sq("e1"), sq("d2"))), plan.hops)
            assertEquals(PieceKind.KING, plan.piece.kind, "crowned on f8, it flies on as a king")
            val frame = plan.frameAt(10)!!
            assertTrue(frame.captured[sq("g7")]!!.second && frame.captured[sq("c5")]!!.second)
        }
    }

    @Test
    fun `scene dots, rings and must-capture marks follow the snapshot`() {
        session(Opponent.PassAndPlay, "W:WKg5:Bb2,f4,b8,e7,d4,e5").use { game ->
            var s = game.snapshot()
            assertTrue(s.mustCapture)
            assertTrue(BoardScene.build(s).squares[sq("g5") - 1].mustCapture)
            s = game.tap(sq("g5").toUInt())
            val scene = BoardScene.build(s)
            assertEquals(s.names { it.destination }, scene.squares.filter { it.dot }.map { Squares.name(it.number) }.toSet())
            assertTrue(scene.squares.any { it.finalDestination })
            assertTrue(BoardScene.build(s, showLegalMoves = false).squares.none { it.dot || it.finalDestination })
        }
    }

    @Test
    fun `square descriptions and move announcements`() {
        session(Opponent.PassAndPlay, promoteAndTake).use { game ->
            val s = game.snapshot()
            assertEquals("h6, white man, must capture", Speech.square(s.at("h6"), EnglishWords))
            assertEquals("a5, empty", Speech.square(s.at("a5"), EnglishWords))
            val after = game.playMove("h6:f8:b4:e1")
            assertEquals("h6 takes f8, b4, e1, becomes a king", Speech.move(after.lastMove!!, EnglishWords))
            assertEquals("e1, white king, last move", Speech.square(after.at("e1"), EnglishWords))
        }
        session(Opponent.PassAndPlay).use { game ->
            assertEquals("c3, white man, can move", Speech.square(game.snapshot().at("c3"), EnglishWords))
            val s = game.tap(sq("c3").toUInt())
            assertEquals("c3, white man, selected", Speech.square(s.at("c3"), EnglishWords))
            assertEquals("d4, empty, can move here", Speech.square(s.at("d4"), EnglishWords))
            assertEquals("c3 to d4", Speech.move(game.playMove("c3-d4").lastMove!!, EnglishWords))
        }
    }

    @Test
    fun `the hint shows the piece, then the move, and is dropped when the position changes`() {
        val mv = MoveView("c3-d4", Color.WHITE, sq("c3").toUInt(), listOf(sq("d4").toUInt()), emptyList(), false)
        val hint = HintView(sq("c3").toUInt(), mv, "12", null)
        var h = HintState()
        assertEquals(HintState.Press.AskEngine, h.press())
        h = h.received(hint, "fen1")
        assertEquals(sq("c3"), h.piece)
        assertNull(h.move)
        h = (h.press() as HintState.Press.Show).next
        assertEquals(mv, h.move)
        assertEquals(HintState.Press.Nothing, h.press())
        assertEquals(h, h.forPosition("fen1"))
        assertEquals(HintState(), h.forPosition("fen2"))
        session(Opponent.PassAndPlay).use { game ->
            val scene = BoardScene.build(game.snapshot(), h)
            assertEquals(setOf(sq("c3"), sq("d4")), scene.squares.filter { it.hint }.map { it.number }.toSet())
        }
    }

    @Test
    fun `the rules screen's examples show what its texts say`() {
        session(Opponent.PassAndPlay, RulesExamples.FORCED_CAPTURE_FEN).use { game ->
            val s = game.snapshot()
            assertEquals(setOf("c3"), s.names { it.mustCapture })
            assertEquals(setOf("c3"), s.names { it.movable }, "only the capturing man may move")
        }
        session(Opponent.PassAndPlay, RulesExamples.MULTI_CAPTURE_FEN).use { game ->
            val s = game.playMove(RulesExamples.MULTI_CAPTURE_MOVE)
            assertTrue(s.lastMove!!.promotes)
            assertEquals(3, s.lastMove!!.captured.size)
        }
    }

    @Test
    fun `orientation modes`() {
        val pp = Opponent.PassAndPlay
        assertEquals(BoardOrientation(false, false), OrientationPolicy.of(pp, Orientation.FIXED, Color.BLACK))
        assertEquals(BoardOrientation(false, true), OrientationPolicy.of(pp, Orientation.FACE_TO_FACE, Color.BLACK))
        assertEquals(BoardOrientation(true, false), OrientationPolicy.of(pp, Orientation.FLIP_EACH_MOVE, Color.BLACK))
        assertEquals(BoardOrientation(false, false), OrientationPolicy.of(pp, Orientation.FLIP_EACH_MOVE, Color.WHITE))
        val asBlack = computer(3, Color.BLACK)
        assertEquals(BoardOrientation(true, false), OrientationPolicy.of(asBlack, Orientation.FLIP_EACH_MOVE, Color.WHITE))
    }

    @Test
    fun `between finds the jumped square on a diagonal`() {
        assertTrue(MoveAnimator.between(sq("f8"), sq("b4"), sq("c5")))
        assertFalse(MoveAnimator.between(sq("f8"), sq("b4"), sq("a3")))
        assertFalse(MoveAnimator.between(sq("f8"), sq("b4"), sq("f8")))
        assertFalse(MoveAnimator.between(sq("c3"), sq("e5"), sq("e3")))
    }
}
