package app.giveaway.app

import android.content.Context
import android.graphics.Typeface
import android.view.Gravity
import android.view.View
import android.widget.LinearLayout
import app.giveaway.R
import app.giveaway.core.Coordinates
import app.giveaway.core.GameMode
import app.giveaway.core.GameSummaryView
import app.giveaway.core.Outcome
import app.giveaway.core.PlayerOutcome
import app.giveaway.core.levels
import app.giveaway.core.timeControlLabel
import java.text.DateFormat
import java.util.Date

/**
 * A saved game as a card: a small picture of where it stands, who it was against (the level with its rating,
 * the opponent, or the two players) with the result for the player in its colour beside it, then the date, length
 * and clock (if it had one).
 * TalkBack reads the card as one item, in the same words.
 */
class GameCardView(context: Context) : LinearLayout(context) {
    private val picture = BoardView(context).apply {
        interactive = false
        // The card speaks for it: 32 squares read one by one in a list would drown the games.
        importantForAccessibility = IMPORTANT_FOR_ACCESSIBILITY_NO_HIDE_DESCENDANTS
        isFocusable = false
    }
    private val title = context.label(R.string.empty).apply {
        typeface = Typeface.create("sans-serif-medium", Typeface.NORMAL)
        maxLines = 2
        setPadding(0, 0, 0, 0)
    }
    private val meta = context.label(R.string.empty, R.style.TextAppearance_Giveaway_Label).apply {
        setPadding(0, 0, 0, 0)
    }
    private val result = context.label(R.string.empty, R.style.TextAppearance_Giveaway_Label).apply {
        typeface = Typeface.create("sans-serif-medium", Typeface.NORMAL)
        setPadding(0, 0, 0, 0)
    }

    init {
        orientation = HORIZONTAL
        gravity = Gravity.CENTER_VERTICAL
        setBackgroundResource(R.drawable.card)
        val p = context.px(R.dimen.space_s)
        setPadding(p, p, context.px(R.dimen.space_m), p)
        val side = context.dp(64)
        addView(picture, LayoutParams(side, side).apply { marginEnd = context.px(R.dimen.space_m) })
        // Who and the result on one line, the rest below: two lines a card, so that five cards fit a phone.
        val top = LinearLayout(context).apply {
            orientation = HORIZONTAL
            addView(title, LayoutParams(0, LayoutParams.WRAP_CONTENT, 1f))
            addView(
                result,
                LayoutParams(LayoutParams.WRAP_CONTENT, LayoutParams.WRAP_CONTENT).apply {
                    marginStart = context.px(R.dimen.space_s)
                },
            )
        }
        val texts = LinearLayout(context).apply {
            orientation = VERTICAL
            addView(top)
            addView(meta)
        }
        addView(texts, LayoutParams(0, LayoutParams.WRAP_CONTENT, 1f))
        importantForAccessibility = IMPORTANT_FOR_ACCESSIBILITY_YES
    }

    fun show(g: GameSummaryView) {
        val c = context
        picture.show(g.position, NO_COORDINATES)
        title.text = who(c, g)
        val (words, colour) = resultWords(c, g)
        result.text = words
        result.setTextColor(c.getColor(colour))
        // The date in the app's language, like the rest of the card.
        val locale = c.resources.configuration.locales[0]
        val date = DateFormat.getDateInstance(DateFormat.MEDIUM, locale).format(Date(g.updatedAt))
        val moves = (g.plies.toInt() + 1) / 2
        val parts = listOfNotNull(
            date,
            c.resources.getQuantityString(R.plurals.moves_count, moves, moves),
            // Only a clock is worth a word: "Unlimited" on most cards took a line and told the games apart less.
            g.timeControl?.let(::timeControlLabel),
            g.handicap?.let { c.getString(R.string.handicap) },
        )
        // Lines break between the parts only, never inside "4 Dec 2026".
        meta.text = parts.joinToString(" · ") { it.replace(' ', '\u00A0') }
        contentDescription = "${title.text} · $words, ${meta.text}"
    }

    companion object {
        private val NO_COORDINATES = Coordinates(emptyList(), emptyList(), false)

        /** Who the game was against, in the words of the home screen ("Beginner · 800"). */
        fun who(c: Context, g: GameSummaryView): String = when (g.mode) {
            GameMode.VS_COMPUTER -> levels().firstOrNull { it.number == g.level }?.let { c.levelLabel(it) } ?: ""

            GameMode.PASS_AND_PLAY -> c.getString(R.string.two_players_short)

            GameMode.ONLINE -> when (g.humanColor) {
                app.giveaway.core.Color.WHITE -> c.getString(R.string.you_vs, g.black)
                app.giveaway.core.Color.BLACK -> c.getString(R.string.you_vs, g.white)
                null -> "${g.white} – ${g.black}"
            }

            GameMode.IMPORTED -> "${g.white} – ${g.black}"
        }

        /** The result for the player (won, lost, drawn), or who won between two players; and its colour. */
        fun resultWords(c: Context, g: GameSummaryView): Pair<String, Int> {
            val (words, colour) = when (g.forPlayer) {
                PlayerOutcome.WON -> R.string.you_won to R.color.result_won

                PlayerOutcome.LOST -> R.string.you_lost to R.color.ui_error

                PlayerOutcome.DRAWN -> R.string.result_draw to R.color.text_secondary

                null -> when (g.outcome) {
                    null -> R.string.in_progress to R.color.text_secondary
                    Outcome.WHITE_WINS -> R.string.result_white_wins to R.color.text_secondary
                    Outcome.BLACK_WINS -> R.string.result_black_wins to R.color.text_secondary
                    Outcome.DRAW -> R.string.result_draw to R.color.text_secondary
                }
            }
            return c.getString(words) to colour
        }
    }
}
