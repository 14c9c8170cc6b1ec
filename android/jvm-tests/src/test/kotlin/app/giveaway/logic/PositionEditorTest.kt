package app.giveaway.logic

import app.giveaway.core.Color
import app.giveaway.core.GiveawayException
import app.giveaway.core.Opponent
import app.giveaway.core.PieceKind
import app.giveaway.core.PieceView
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertThrows

class PositionEditorTest {
    @Test
    fun `taps cycle the pieces, men never on their promotion rank`() {
        val e = PositionEditor()
        val d4 = sq("d4")
        val seen = (1..5).map { e.cycle(d4); e.piece(d4) }
        assertEquals(
            listOf(
                PieceView(Color.WHITE, PieceKind.MAN), PieceView(Color.WHITE, PieceKind.KING),
                PieceView(Color.BLACK, PieceKind.MAN), PieceView(Color.BLACK, PieceKind.KING), null,
            ),
            seen,
        )
        e.cycle(sq("b8"))
        assertEquals(PieceView(Color.WHITE, PieceKind.KING), e.piece(sq("b8")), "no white man on rank 8")
        e.cycle(sq("a1"))
        e.cycle(sq("a1"))
        e.cycle(sq("a1"))
        assertEquals(PieceView(Color.BLACK, PieceKind.KING), e.piece(sq("a1")), "no black man on rank 1")
    }

    @Test
    fun `the edited position starts a game in the core`() {
        val e = PositionEditor()
        e.standard()
        assertEquals("W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12", e.fen())
        e.clear()
        e.cycle(sq("h6"))
        repeat(3) { e.cycle(sq("g7")) }
        repeat(3) { e.cycle(sq("c5")) }
        repeat(4) { e.cycle(sq("d2")) }
        e.sideToMove = Color.WHITE
        assertEquals("W:W12:B8,14,K26", e.fen())
        session(Opponent.PassAndPlay, e.fen()).use { game ->
            val s = game.snapshot()
            assertEquals(PieceKind.KING, s.at("d2").piece!!.kind)
            assertEquals(setOf("h6"), s.names { it.mustCapture })
        }
        assertEquals(4, e.scene().squares.count { it.piece != null })
        assertNull(e.scene().flying)
        e.clear()
        repeat(3) { e.cycle(sq("c3")) }
        assertEquals("W:W:B22", e.fen())
        assertThrows<GiveawayException.BadSetup>("White to move without pieces") { session(Opponent.PassAndPlay, e.fen()) }
    }
}
