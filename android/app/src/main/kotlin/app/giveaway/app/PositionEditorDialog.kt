package app.giveaway.app

import android.app.Activity
import android.app.AlertDialog
import android.content.Context
import android.content.res.Configuration
import android.graphics.Canvas
import android.graphics.Paint
import android.view.View
import android.view.ViewGroup
import android.widget.LinearLayout
import app.giveaway.R
import app.giveaway.core.Color
import app.giveaway.core.PieceKind
import app.giveaway.core.PieceView
import app.giveaway.core.PositionEditor
import app.giveaway.core.PositionProblem

/**
 * The core's position editor over the whole screen: a palette (white and black man and king, an eraser) whose
 * piece a tap on the board puts down (a second tap takes it off), the side to move, Clear and Start position,
 * and what stands in the way of a game, said while the position is made. [onDone] gets the position as FEN.
 */
class PositionEditorDialog(private val activity: Activity, private val onDone: (String) -> Unit) {
    private val editor = PositionEditor()
    private val board = BoardView(activity)
    private val state = activity.label(R.string.empty)
    private val swatches = PALETTE.map { (piece, name) -> Swatch(activity, piece, name) }
    private var tool: PieceView? = PALETTE.first().first
    private val ok = activity.primaryButton(R.string.ok) { done() }
    private lateinit var dialog: AlertDialog

    fun show() {
        val a = activity
        board.onTap = { square ->
            editor.place(square.toUInt(), tool)
            refresh()
        }
        swatches.forEach { s ->
            s.setOnClickListener {
                tool = s.piece
                refresh()
            }
        }
        val palette = LinearLayout(a).apply {
            swatches.forEach { addView(it, LinearLayout.LayoutParams(0, a.dp(56), 1f)) }
        }
        val switchSide = a.tonalButton(R.string.switch_side) {
            editor.setSideToMove(if (editor.sideToMove() == Color.WHITE) Color.BLACK else Color.WHITE)
            refresh()
        }
        val clear = a.tonalButton(R.string.clear_board) {
            editor.clear()
            refresh()
        }
        val standard = a.tonalButton(R.string.standard_position) {
            editor.standard()
            refresh()
        }
        val cancel = a.textButton(R.string.cancel) { dialog.dismiss() }
        val m = a.px(R.dimen.screen_margin)
        val gap = a.px(R.dimen.space_s)
        val landscape = a.resources.configuration.orientation == Configuration.ORIENTATION_LANDSCAPE
        val fill = ViewGroup.LayoutParams.MATCH_PARENT
        val wrap = ViewGroup.LayoutParams.WRAP_CONTENT
        val view = if (landscape) {
            // The board as high as the screen; everything else beside it.
            LinearLayout(a).apply {
                addView(board, LinearLayout.LayoutParams(wrap, fill))
                val title = a.title(R.string.set_up_position)
                val actions = a.row(cancel, ok)
                val tools = a.column(title, palette, state, switchSide, a.row(clear, standard), actions, gap = gap)
                addView(tools.apply { setPadding(m, gap, m, gap) }, LinearLayout.LayoutParams(0, wrap, 1f))
            }
        } else {
            a.column(gap = gap).apply {
                addView(a.title(R.string.set_up_position).apply { setPadding(m, m, m, 0) })
                addView(palette, LinearLayout.LayoutParams(fill, wrap).apply { setMargins(gap, 0, gap, 0) })
                addView(board, LinearLayout.LayoutParams(fill, wrap))
                addView(
                    a.column(state, a.row(switchSide, clear, standard), a.row(cancel, ok), gap = gap)
                        .apply { setPadding(m, 0, m, m) },
                )
            }
        }
        refresh()
        dialog = AlertDialog.Builder(a, R.style.Theme_Giveaway_Dialog_FullScreen).setView(view).show()
    }

    private fun refresh() {
        board.show(editor.squares())
        swatches.forEach { it.isSelected = it.piece == tool }
        val a = activity
        val problem = editor.problem()
        state.text = when (problem) {
            null -> {
                val turn = a.getString(R.string.to_move, a.colorName(editor.sideToMove()))
                a.getString(R.string.position_ready, turn)
            }

            is PositionProblem.NoPieces -> a.getString(
                if (problem.side == Color.WHITE) R.string.problem_white_no_pieces else R.string.problem_black_no_pieces,
            )

            is PositionProblem.NoMove -> a.getString(
                if (problem.side == Color.WHITE) R.string.problem_white_no_move else R.string.problem_black_no_move,
            )
        }
        state.setTextColor(a.getColor(if (problem == null) R.color.ui_on_surface else R.color.ui_error))
        ok.isEnabled = problem == null
    }

    /** The position (OK is on only when a game can start from it). */
    private fun done() {
        onDone(editor.fen())
        dialog.dismiss()
    }

    /** One palette choice: its piece drawn as on the board (or the eraser), ringed in the accent when chosen. */
    private class Swatch(context: Context, val piece: PieceView?, name: Int) : View(context) {
        private val colors = Themes.pieces(context, app.giveaway.core.PieceTheme.CLASSIC)
        private val ring = Paint(Paint.ANTI_ALIAS_FLAG).apply {
            style = Paint.Style.STROKE
            color = context.getColor(R.color.ui_accent)
        }
        private val eraser = context.getDrawable(R.drawable.ic_eraser)!!.mutate().apply {
            setTint(context.getColor(R.color.ui_on_surface))
        }

        init {
            contentDescription = context.getString(name)
            isClickable = true
            isFocusable = true
            setBackgroundResource(R.drawable.button_text)
        }

        override fun onDraw(canvas: Canvas) {
            val side = minOf(width, height).toFloat()
            val cx = width / 2f
            val cy = height / 2f
            if (piece != null) {
                PiecePainter.draw(canvas, piece, cx, cy, side * 0.8f, 255, colors, false)
            } else {
                val half = (side * 0.25f).toInt()
                eraser.setBounds(cx.toInt() - half, cy.toInt() - half, cx.toInt() + half, cy.toInt() + half)
                eraser.draw(canvas)
            }
            if (isSelected) {
                ring.strokeWidth = side * 0.06f
                canvas.drawCircle(cx, cy, side * 0.46f, ring)
            }
        }

        override fun setSelected(selected: Boolean) {
            super.setSelected(selected)
            invalidate()
        }
    }

    private companion object {
        val PALETTE = listOf(
            PieceView(Color.WHITE, PieceKind.MAN) to R.string.palette_white_man,
            PieceView(Color.WHITE, PieceKind.KING) to R.string.palette_white_king,
            PieceView(Color.BLACK, PieceKind.MAN) to R.string.palette_black_man,
            PieceView(Color.BLACK, PieceKind.KING) to R.string.palette_black_king,
            null to R.string.eraser,
        )
    }
}
