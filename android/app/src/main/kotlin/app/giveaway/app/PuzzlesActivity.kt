package app.giveaway.app

import android.app.Activity
import android.content.res.Configuration
import android.os.Bundle
import android.view.View
import android.view.ViewGroup
import android.widget.LinearLayout
import android.widget.TextView
import android.widget.Toast
import app.giveaway.R
import app.giveaway.core.GiveawayException
import app.giveaway.core.PuzzleOverview
import app.giveaway.core.TrainerMode

/**
 * The puzzle trainer's menu: the player's puzzle rating, the puzzle of the day, rated puzzles, the streak, the
 * puzzles mined from the player's games, a theme, and the results per theme: all from the core's
 * [PuzzleOverview], read again each time the screen comes back.
 */
class PuzzlesActivity : Activity() {
    private val app get() = application as GiveawayApp

    override fun onResume() {
        super.onResume()
        whenReady {
            app.storage({ lib -> lib.puzzleOverview(0u) }) { r ->
                if (isDestroyed) return@storage
                r.onSuccess(::build).onFailure { e ->
                    Toast.makeText(this, errorText(e as GiveawayException), Toast.LENGTH_LONG).show()
                }
            }
        }
    }

    private fun open(mode: TrainerMode) = startActivity(PuzzleActivity.intent(this, mode))

    private fun build(o: PuzzleOverview) {
        val r = o.rating
        val attempts = r.attempts.toInt()
        val shipped = o.shipped.toInt()
        val rating = card(
            column(
                text(getString(R.string.puzzle_rating, Math.round(r.rating).toInt(), Math.round(r.deviation).toInt())),
                text(resources.getQuantityString(R.plurals.puzzle_attempts, attempts, attempts), label = true),
                text(resources.getQuantityString(R.plurals.puzzles_shipped, shipped, shipped), label = true),
                gap = 0,
            ),
        )
        val daily = o.daily?.let { d ->
            val info =
                getString(R.string.puzzle_daily_rating, d.rating.toInt(), d.themes.joinToString(", ") { themeName(it) })
            val tried = d.solvedToday?.let {
                getString(if (it) R.string.puzzle_daily_solved else R.string.puzzle_daily_failed)
            }
            card(
                column(
                    section(R.string.puzzle_daily),
                    text(listOfNotNull(info, tried).joinToString("\n"), label = true),
                    tonalButton(R.string.puzzle_daily) { open(TrainerMode.Daily) },
                ),
            )
        }
        val themes = o.themes.filter { it.puzzles > 0u }
        var theme = 0
        val byTheme = card(
            column(
                choice(R.string.puzzles_theme, spinner(themes, 0, { themeName(it.theme) }) { theme = it }),
                tonalButton(R.string.puzzles_play_theme) {
                    themes.getOrNull(theme)?.let { open(TrainerMode.Theme(it.theme)) }
                },
            ),
        )
        val mined = button(R.string.empty) { open(TrainerMode.Mined) }.apply {
            text = getString(R.string.puzzles_mined, o.mined.toInt())
            isEnabled = o.mined > 0u
        }
        val tried = o.themes.filter { it.attempts > 0u }
        val results = column(
            section(R.string.puzzles_results),
            text(
                tried.joinToString("\n") {
                    val name = themeName(it.theme)
                    getString(R.string.puzzles_theme_result, name, it.solved.toInt(), it.attempts.toInt())
                }.ifEmpty { getString(R.string.puzzles_no_results) },
            ),
            gap = 0,
        )
        val modes = column(
            primaryButton(R.string.puzzles_rated) { open(TrainerMode.Rated) },
            row(button(R.string.puzzles_streak) { open(TrainerMode.Streak) }, mined),
            gap = px(R.dimen.space_s),
        )
        val gap = px(R.dimen.space_m)
        if (resources.configuration.orientation != Configuration.ORIENTATION_LANDSCAPE) {
            val parts = listOfNotNull(rating, modes, daily, byTheme, results)
            setContentView(screen(column(*parts.toTypedArray(), gap = gap)))
            return
        }
        // Landscape: rating, modes and results on the left; the puzzle of the day and a theme on the right.
        val fill = ViewGroup.LayoutParams.MATCH_PARENT
        setContentView(
            LinearLayout(this).apply {
                addView(screen(column(rating, modes, results, gap = gap)), LinearLayout.LayoutParams(0, fill, 1f))
                val right = column(*listOfNotNull(daily, byTheme).toTypedArray(), gap = gap)
                addView(screen(right), LinearLayout.LayoutParams(0, fill, 1f))
            },
        )
    }

    /** A text of the overview (a number in it), as body text or as a secondary label. */
    private fun text(s: String, label: Boolean = false): TextView {
        val style = if (label) R.style.TextAppearance_Giveaway_Label else R.style.TextAppearance_Giveaway_Body
        return label(R.string.empty, style).apply {
            text = s
            visibility = if (s.isEmpty()) View.GONE else View.VISIBLE
        }
    }
}
