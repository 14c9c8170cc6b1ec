package app.giveaway.app.online

import android.app.Activity
import android.view.Gravity
import android.view.View
import android.widget.LinearLayout
import app.giveaway.R
import app.giveaway.app.button
import app.giveaway.app.card
import app.giveaway.app.column
import app.giveaway.app.label
import app.giveaway.app.px
import app.giveaway.app.section
import app.giveaway.app.textButton
import app.giveaway.core.LiveGameView
import app.giveaway.core.OnlineClient
import app.giveaway.core.OnlineScreen
import app.giveaway.core.timeControlLabel

/**
 * The lobby's "Watch a game" card: the games being played (friends' games first, then the highest rated), each
 * with its players and ratings, clock, move and spectators; Watch opens it in [WatchActivity].
 */
class LiveGamesCard(private val a: Activity, private val request: (OnlineClient.() -> Unit) -> Unit) {
    private val list = a.column(gap = 0)
    private val empty = a.label(R.string.live_games_empty)
    private var shown: List<LiveGameView>? = null
    private var open = false

    val card: View = a.card(
        a.column(
            a.section(R.string.watch_game),
            list,
            empty,
            a.button(R.string.refresh) { request { liveGames() } },
        ),
    )

    fun show(s: OnlineScreen) {
        // Asked for as the card appears; then again by Refresh and the lobby's periodic refresh.
        if (s.actions.watch && !open) request { liveGames() }
        open = s.actions.watch
        card.visibility = if (open) View.VISIBLE else View.GONE
        if (s.liveGames == shown) return
        shown = s.liveGames
        list.removeAllViews()
        s.liveGames.forEach { list.addView(row(it)) }
        empty.visibility = if (s.liveGames.isEmpty()) View.VISIBLE else View.GONE
    }

    private fun row(g: LiveGameView): View {
        val players = a.label(R.string.empty).apply {
            text = a.getString(
                R.string.watch_title,
                "${g.white.nickname} ${ratingText(g.white.rating, g.white.provisional)}",
                "${g.black.nickname} ${ratingText(g.black.rating, g.black.provisional)}",
            )
        }
        val details = listOfNotNull(
            timeControlLabel(g.timeControl),
            a.getString(R.string.move_number, g.ply.toInt() / 2 + 1),
            a.resources.getQuantityString(R.plurals.watching_count, g.spectators.toInt(), g.spectators.toInt()),
            a.getString(R.string.friend_plays).takeIf { g.friend },
        ).joinToString(" · ")
        val detail = a.label(R.string.empty, R.style.TextAppearance_Giveaway_Label).apply { text = details }
        return LinearLayout(a).apply {
            gravity = Gravity.CENTER_VERTICAL
            minimumHeight = a.px(R.dimen.touch_target)
            val wrap = LinearLayout.LayoutParams.WRAP_CONTENT
            addView(a.column(players, detail, gap = 0), LinearLayout.LayoutParams(0, wrap, 1f))
            addView(a.textButton(R.string.watch) { WatchActivity.open(a, g.game) })
        }
    }
}
