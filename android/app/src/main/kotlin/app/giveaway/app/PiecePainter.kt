package app.giveaway.app

import android.graphics.Canvas
import android.graphics.Paint
import android.graphics.Path
import app.giveaway.core.Color
import app.giveaway.core.PieceKind
import app.giveaway.core.PieceView

/** How a piece is drawn, on the board, in a player bar and in the editor's palette: one look everywhere. */
object PiecePainter {
    private val fill = Paint(Paint.ANTI_ALIAS_FLAG).apply { style = Paint.Style.FILL }
    private val stroke = Paint(Paint.ANTI_ALIAS_FLAG).apply { style = Paint.Style.STROKE }
    private val crown = Path()

    /**
     * [piece] centred on ([x], [y]) in a square [cell] pixels wide. A king is two men stacked, as on a real
     * board, with a crown on top, so that it is told from a man at a glance; [turned]: drawn towards the far
     * player (face-to-face). [strong]: the high-contrast board's thicker outlines.
     */
    fun draw(
        canvas: Canvas,
        piece: PieceView,
        x: Float,
        y: Float,
        cell: Float,
        alpha: Int,
        colors: PieceColors,
        strong: Boolean,
        turned: Boolean = false,
    ) {
        val king = piece.kind == PieceKind.KING
        canvas.save()
        if (king && turned) canvas.rotate(180f, x, y)
        val lift = if (king) cell * 0.07f else 0f
        if (king) disc(canvas, piece.color, x, y + lift, cell, alpha, colors, strong, rings = false)
        disc(canvas, piece.color, x, y - lift, cell, alpha, colors, strong, rings = !king)
        if (king) {
            crown.reset()
            val w = cell * 0.22f
            val cy = y - lift
            crown.moveTo(x - w, cy + w * 0.55f)
            crown.lineTo(x - w, cy - w * 0.45f)
            crown.lineTo(x - w * 0.5f, cy + w * 0.05f)
            crown.lineTo(x, cy - w * 0.75f)
            crown.lineTo(x + w * 0.5f, cy + w * 0.05f)
            crown.lineTo(x + w, cy - w * 0.45f)
            crown.lineTo(x + w, cy + w * 0.55f)
            crown.close()
            fill.color = colors.crown
            fill.alpha = alpha
            canvas.drawPath(crown, fill)
            // Outlined in the piece's edge colour, so the crown stands out on a white and a black piece alike.
            stroke.color = if (piece.color == Color.WHITE) colors.whiteEdge else colors.blackEdge
            stroke.alpha = alpha
            stroke.strokeWidth = cell * 0.025f
            canvas.drawPath(crown, stroke)
        }
        fill.alpha = 255
        stroke.alpha = 255
        canvas.restore()
    }

    /** One disc of a piece; a man's face has an inner ring. */
    private fun disc(
        canvas: Canvas,
        color: Color,
        x: Float,
        y: Float,
        cell: Float,
        alpha: Int,
        colors: PieceColors,
        strong: Boolean,
        rings: Boolean,
    ) {
        val white = color == Color.WHITE
        val radius = cell * 0.38f
        fill.color = if (white) colors.white else colors.black
        fill.alpha = alpha
        canvas.drawCircle(x, y, radius, fill)
        stroke.color = if (white) colors.whiteEdge else colors.blackEdge
        stroke.alpha = alpha
        stroke.strokeWidth = cell * if (strong) 0.07f else 0.04f
        canvas.drawCircle(x, y, radius, stroke)
        if (rings) canvas.drawCircle(x, y, radius * 0.65f, stroke)
    }
}
