package app.giveaway.app

import android.content.Context
import android.graphics.Canvas
import android.graphics.Paint
import android.graphics.Typeface
import android.util.TypedValue
import android.view.Gravity
import android.view.View
import android.widget.LinearLayout
import android.widget.TextView
import app.giveaway.R
import app.giveaway.core.Color
import app.giveaway.core.PieceKind
import app.giveaway.core.PieceView
import app.giveaway.core.PlayerBar
import app.giveaway.core.PlayerName
import app.giveaway.core.levels

/**
 * A player's bar beside the board, drawn from the core's [PlayerBar]: a disc of the player's colour, who it is,
 * the pieces left, the reaction they just showed as a bubble, and their clock. The bar whose move it is is
 * outlined in the accent colour; a running clock is filled, and turns red when its time is low.
 */
class PlayerBarView(context: Context) : LinearLayout(context) {
    var pieceColors: PieceColors = Themes.pieces(context, app.giveaway.core.PieceTheme.CLASSIC)

    private val disc = Disc(context)
    private val name = context.label(R.string.empty).apply {
        setTextAppearance(R.style.TextAppearance_Giveaway_Body)
        typeface = Typeface.create("sans-serif-medium", Typeface.NORMAL)
        isSingleLine = true
        ellipsize = android.text.TextUtils.TruncateAt.END
        setPadding(0, 0, 0, 0)
    }
    private val detail = context.label(R.string.empty, R.style.TextAppearance_Giveaway_Label).apply {
        isSingleLine = true
        setPadding(0, 0, 0, 0)
    }
    private val bubble = TextView(context).apply {
        setTextSize(TypedValue.COMPLEX_UNIT_SP, 22f)
        setBackgroundResource(R.drawable.reaction_bubble)
        gravity = Gravity.CENTER
        val p = context.px(R.dimen.space_xs)
        setPadding(p * 2, p, p * 2, p)
        visibility = GONE
    }

    /** The clock, found by its spoken name ("White clock: 5:00"). */
    val clock = TextView(context).apply {
        setTextSize(TypedValue.COMPLEX_UNIT_SP, 24f)
        typeface = Typeface.create("sans-serif-medium", Typeface.NORMAL)
        fontFeatureSettings = "tnum"
        gravity = Gravity.CENTER
        val p = context.px(R.dimen.space_s)
        setPadding(p + p / 2, p / 4, p + p / 2, p / 4)
        minWidth = context.dp(88)
        visibility = GONE
    }

    init {
        orientation = HORIZONTAL
        gravity = Gravity.CENTER_VERTICAL
        minimumHeight = context.px(R.dimen.touch_target)
        val p = context.px(R.dimen.space_s)
        setPadding(p + p / 2, p / 4, p / 2, p / 4)
        val discSize = context.dp(28)
        addView(disc, LayoutParams(discSize, discSize).apply { marginEnd = context.px(R.dimen.space_m) })
        val texts = LinearLayout(context).apply {
            orientation = VERTICAL
            addView(name)
            addView(detail)
        }
        addView(texts, LayoutParams(0, LayoutParams.WRAP_CONTENT, 1f))
        addView(bubble, LayoutParams(LayoutParams.WRAP_CONTENT, LayoutParams.WRAP_CONTENT).apply { marginEnd = p })
        addView(clock)
        importantForAccessibility = IMPORTANT_FOR_ACCESSIBILITY_YES
        isFocusable = true
    }

    fun show(bar: PlayerBar) {
        val c = context
        val side = c.colorName(bar.side)
        disc.color = bar.side
        disc.pieceColors = pieceColors
        disc.invalidate()
        name.text = who(bar, side)
        detail.text = piecesText(c, bar.men.toInt(), bar.kings.toInt())
        setBackgroundResource(if (bar.toMove) R.drawable.bar_to_move else R.drawable.bar)
        bubble.text = bar.reaction ?: ""
        bubble.visibility = if (bar.reaction == null) GONE else VISIBLE
        clock.visibility = if (bar.clock == null) GONE else VISIBLE
        clock.text = bar.clock ?: ""
        clock.isActivated = bar.clockRunning
        clock.contentDescription = c.getString(R.string.clock_description, side, clock.text)
        clock.setBackgroundResource(
            when {
                bar.lowTime -> R.drawable.clock_low
                bar.clockRunning -> R.drawable.clock_running
                else -> R.drawable.clock_idle
            },
        )
        clock.setTextColor(
            c.getColor(
                when {
                    bar.lowTime -> R.color.clock_low_text
                    bar.clockRunning -> R.color.ui_on_accent
                    else -> R.color.ui_on_surface
                },
            ),
        )
        // Face-to-face: the far player reads their bar the right way up.
        rotation = if (bar.turned) 180f else 0f
        val parts = listOfNotNull(
            side, name.text.takeIf { it != side }, detail.text,
            c.getString(R.string.bar_to_move).takeIf { bar.toMove }, bar.reaction,
        )
        contentDescription = parts.joinToString(", ")
    }

    private fun who(bar: PlayerBar, side: String): String = when (val n = bar.name) {
        PlayerName.You -> context.getString(R.string.you)

        is PlayerName.Computer -> levels().firstOrNull { it.number == n.level }?.let { context.levelLabel(it) } ?: ""

        PlayerName.Side -> side

        is PlayerName.Nickname -> n.rating?.let { context.getString(R.string.player_rating, n.nickname, it) }
            ?: n.nickname
    }

    /** The player's colour as a small man, ringed in the window's outline colour so a black one shows on a dark bar. */
    private class Disc(context: Context) : View(context) {
        var color = Color.WHITE
        var pieceColors: PieceColors = Themes.pieces(context, app.giveaway.core.PieceTheme.CLASSIC)
        private val outline = Paint(Paint.ANTI_ALIAS_FLAG).apply {
            style = Paint.Style.STROKE
            color = context.getColor(R.color.ui_outline)
        }

        override fun onDraw(canvas: Canvas) {
            val side = minOf(width, height).toFloat()
            val cx = width / 2f
            val cy = height / 2f
            PiecePainter.draw(canvas, PieceView(color, PieceKind.MAN), cx, cy, side / 0.76f, 255, pieceColors, false)
            outline.strokeWidth = side * 0.04f
            canvas.drawCircle(cx, cy, side * 0.5f - outline.strokeWidth / 2, outline)
        }
    }

    companion object {
        /** "12 pieces" or "10 pieces · 2 kings" (kings counted among the pieces). */
        fun piecesText(c: Context, men: Int, kings: Int): String {
            val pieces = c.resources.getQuantityString(R.plurals.pieces_left, men + kings, men + kings)
            if (kings == 0) return pieces
            return "$pieces · " + c.resources.getQuantityString(R.plurals.kings, kings, kings)
        }
    }
}
