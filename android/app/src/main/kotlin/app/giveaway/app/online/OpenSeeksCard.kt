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
import app.giveaway.core.OnlineClient
import app.giveaway.core.OnlineScreen
import app.giveaway.core.SeekView
import app.giveaway.core.timeControlLabel

/**
 * The lobby's "Open seeks" card: the players waiting in the pool, the longest waiting first, each with rating,
 * clock and time waited; Play starts a rated game with that player at their clock.
 */
class OpenSeeksCard(private val a: Activity, private val request: (OnlineClient.() -> Unit) -> Unit) {
    private val list = a.column(gap = 0)
    private val empty = a.label(R.string.open_seeks_empty)
    private var shown: List<SeekView>? = null
    private var open = false

    val card: View = a.card(
        a.column(
            a.section(R.string.open_seeks),
            list,
            empty,
            a.button(R.string.refresh) { request { openSeeks() } },
        ),
    )

    fun show(s: OnlineScreen) {
        // Asked for as the card appears; then again by Refresh and the lobby's periodic refresh.
        if (s.actions.acceptSeek && !open) request { openSeeks() }
        open = s.actions.acceptSeek
        card.visibility = if (open) View.VISIBLE else View.GONE
        if (s.openSeeks == shown) return
        shown = s.openSeeks
        list.removeAllViews()
        s.openSeeks.forEach { list.addView(row(it)) }
        empty.visibility = if (s.openSeeks.isEmpty()) View.VISIBLE else View.GONE
    }

    private fun row(seek: SeekView): View {
        val who = a.label(R.string.empty).apply { text = "${seek.player.nickname} ${seek.rating}" }
        val waited = seek.waitedS.toLong()
        val details = listOf(
            "${timeControlLabel(seek.timeControl)} ${a.speedName(seek.speed)}",
            a.getString(R.string.seek_waiting, "%d:%02d".format(waited / 60, waited % 60)),
        ).joinToString(" · ")
        val detail = a.label(R.string.empty, R.style.TextAppearance_Giveaway_Label).apply { text = details }
        return LinearLayout(a).apply {
            gravity = Gravity.CENTER_VERTICAL
            minimumHeight = a.px(R.dimen.touch_target)
            val wrap = LinearLayout.LayoutParams.WRAP_CONTENT
            addView(a.column(who, detail, gap = 0), LinearLayout.LayoutParams(0, wrap, 1f))
            addView(a.textButton(R.string.play_seek) { request { acceptSeek(seek.player.id) } })
        }
    }
}
