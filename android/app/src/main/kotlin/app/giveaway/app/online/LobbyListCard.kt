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

/**
 * A lobby card listing what the server last sent (live games, open seeks, arenas): asked for as the card
 * appears, then again by its Refresh button and the lobby's periodic refresh; a row per item, or a line saying
 * the list is empty. [extra] views go between the list and Refresh.
 */
class LobbyListCard<T>(
    private val a: Activity,
    title: Int,
    empty: Int,
    private val request: (OnlineClient.() -> Unit) -> Unit,
    private val ask: OnlineClient.() -> Unit,
    private val shows: (OnlineScreen) -> Boolean,
    private val items: (OnlineScreen) -> List<T>,
    private val row: (T) -> View,
    vararg extra: View,
) {
    private val list = a.column(gap = 0)
    private val emptyLine = a.label(empty)
    private var shown: List<T>? = null
    private var open = false

    val card: View =
        a.card(a.column(a.section(title), list, emptyLine, *extra, a.button(R.string.refresh) { request(ask) }))

    fun show(s: OnlineScreen) {
        if (shows(s) && !open) request(ask)
        open = shows(s)
        card.visibility = if (open) View.VISIBLE else View.GONE
        val now = items(s)
        if (now == shown) return
        shown = now
        list.removeAllViews()
        now.forEach { list.addView(row(it)) }
        emptyLine.visibility = if (now.isEmpty()) View.VISIBLE else View.GONE
    }
}

/**
 * A lobby list's row: a title, a detail line under it, and one text button at the end; an [emphasized] title is
 * bold in the accent colour (what waits for the player).
 */
fun Activity.lobbyRow(
    title: String,
    detail: String,
    action: Int,
    emphasized: Boolean = false,
    onClick: () -> Unit,
): View {
    val top = label(R.string.empty).apply {
        text = title
        if (emphasized) {
            setTypeface(typeface, android.graphics.Typeface.BOLD)
            setTextColor(getColor(R.color.ui_accent))
        }
    }
    val under = label(R.string.empty, R.style.TextAppearance_Giveaway_Label).apply { text = detail }
    return LinearLayout(this).apply {
        gravity = Gravity.CENTER_VERTICAL
        minimumHeight = px(R.dimen.touch_target)
        val wrap = LinearLayout.LayoutParams.WRAP_CONTENT
        addView(column(top, under, gap = 0), LinearLayout.LayoutParams(0, wrap, 1f))
        addView(textButton(action, onClick))
    }
}
