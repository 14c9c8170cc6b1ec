package app.giveaway.app.online

import android.app.Activity
import android.content.Context
import android.content.Intent
import android.content.res.Configuration
import android.graphics.Typeface
import android.os.Bundle
import android.view.Gravity
import android.view.View
import android.widget.LinearLayout
import android.widget.TextView
import app.giveaway.R
import app.giveaway.app.GiveawayApp
import app.giveaway.app.button
import app.giveaway.app.card
import app.giveaway.app.column
import app.giveaway.app.errorText
import app.giveaway.app.label
import app.giveaway.app.primaryButton
import app.giveaway.app.px
import app.giveaway.app.screen
import app.giveaway.app.section
import app.giveaway.app.whenReady
import app.giveaway.core.ArenaLine
import app.giveaway.core.ArenaScreen
import app.giveaway.core.GiveawayException
import app.giveaway.core.OnlineClient
import app.giveaway.core.OnlineEvent

/**
 * An arena: its clock and countdown, how it scores, join or pause, and the standings as they change (the
 * player's line in bold; who is on fire, playing or paused). The server pairs the players: a game that starts
 * opens its board, and this screen is there again after it. Everything shown is the client's `arena` screen.
 */
class ArenaActivity : Activity() {
    private val online get() = (application as GiveawayApp).online
    private val heading by lazy { label(R.string.empty, R.style.TextAppearance_Giveaway_Title) }
    private val details by lazy { label(R.string.empty, R.style.TextAppearance_Giveaway_Label) }
    private val status by lazy { label(R.string.empty) }
    private val message by lazy { label(R.string.empty).apply { visibility = View.GONE } }
    private val join by lazy { primaryButton(R.string.join_arena) { act { joinArena(it) } } }
    private val pause by lazy { button(R.string.pause_arena) { act { pauseArena(it) } } }
    private val standings by lazy { column(gap = 0) }
    private val nobody by lazy { label(R.string.arena_nobody) }
    private var resumed = false
    private var shown: ArenaScreen? = null
    private val listener: (List<OnlineEvent>) -> Unit = ::changed

    /** Standings change with every game: read again this often while the screen shows. */
    private val refresh = object : Runnable {
        override fun run() {
            online.client?.let { c -> runCatching { c.refreshArena() } }
            window.decorView.postDelayed(this, REFRESH_MS)
        }
    }

    override fun onCreate(savedInstanceState: Bundle?) {
        super.onCreate(savedInstanceState)
        setTitle(R.string.arenas)
        whenReady {
            val top = card(column(heading, details, status, message, join, pause))
            val table = card(column(section(R.string.standings), nobody, standings))
            val gap = px(R.dimen.space_m)
            val landscape = resources.configuration.orientation == Configuration.ORIENTATION_LANDSCAPE
            // Landscape: the arena beside its standings, both above the fold.
            val content = if (landscape) {
                LinearLayout(this).apply {
                    isBaselineAligned = false
                    val wrap = LinearLayout.LayoutParams.WRAP_CONTENT
                    addView(top, LinearLayout.LayoutParams(0, wrap, 1f))
                    addView(table, LinearLayout.LayoutParams(0, wrap, 1f).apply { marginStart = gap })
                }
            } else {
                column(top, table, gap = gap)
            }
            setContentView(screen(content))
            online.listen(listener)
        }
    }

    override fun onResume() {
        super.onResume()
        resumed = true
        window.decorView.post(refresh)
    }

    override fun onPause() {
        super.onPause()
        resumed = false
        window.decorView.removeCallbacks(refresh)
    }

    override fun onDestroy() {
        super.onDestroy()
        online.unlisten(listener)
        if (isFinishing) online.client?.closeArena()
    }

    private fun act(call: OnlineClient.(Long) -> Unit) {
        val arena = shown?.arena?.id ?: return
        try {
            online.client?.call(arena)
        } catch (e: GiveawayException) {
            message.text = errorText(e)
            message.visibility = View.VISIBLE
        }
    }

    private fun changed(events: List<OnlineEvent>) {
        events.firstNotNullOfOrNull { e -> (e as? OnlineEvent.Refused)?.let { eventText(it) } }?.let {
            message.text = it
            message.visibility = View.VISIBLE
        }
        val s = online.state ?: return
        // Paired: the game's board opens (once); back here after it.
        if (resumed) online.openGame(this, onlyNew = true)
        val arena = s.arena ?: run {
            heading.text = getString(R.string.arena_loading)
            return
        }
        show(arena)
    }

    private fun show(a: ArenaScreen) {
        val v = a.arena
        title = arenaName(v)
        heading.text = arenaName(v)
        details.text = listOfNotNull(
            arenaDetails(v),
            v.createdBy?.let { getString(R.string.arena_made_by, it) },
            getString(R.string.arena_scoring),
        ).joinToString(" · ")
        status.text = getString(
            when {
                v.status == app.giveaway.core.ArenaStatus.FINISHED -> R.string.arena_over
                v.joined -> R.string.arena_take_part
                else -> R.string.arena_join_hint
            },
        )
        join.visibility = if (a.actions.join) View.VISIBLE else View.GONE
        pause.visibility = if (a.actions.pause) View.VISIBLE else View.GONE
        if (a.standings == shown?.standings) {
            shown = a
            return
        }
        shown = a
        standings.removeAllViews()
        a.standings.forEach { standings.addView(line(it)) }
        nobody.visibility = if (a.standings.isEmpty()) View.VISIBLE else View.GONE
    }

    private fun line(l: ArenaLine): View {
        val who = label(R.string.empty).apply {
            text =
                getString(R.string.arena_rank, l.rank.toInt(), l.player.nickname, l.rating.toInt())
        }
        val notes = listOfNotNull(
            resources.getQuantityString(R.plurals.arena_games, l.games.toInt(), l.games.toInt(), l.wins.toInt()),
            getString(R.string.arena_on_fire).takeIf { l.onFire },
            getString(R.string.arena_playing).takeIf { l.playing },
            getString(R.string.arena_paused).takeIf { !l.active && !l.playing },
        ).joinToString(" · ")
        val note = label(R.string.empty, R.style.TextAppearance_Giveaway_Label).apply { text = notes }
        val score = label(R.string.empty, R.style.TextAppearance_Giveaway_Title).apply {
            text = l.score.toString()
            gravity = Gravity.END
            contentDescription = resources.getQuantityString(R.plurals.arena_points, l.score.toInt(), l.score.toInt())
        }
        if (l.you) listOf(who, score).forEach { (it as TextView).setTypeface(it.typeface, Typeface.BOLD) }
        return LinearLayout(this).apply {
            gravity = Gravity.CENTER_VERTICAL
            minimumHeight = px(R.dimen.touch_target)
            val wrap = LinearLayout.LayoutParams.WRAP_CONTENT
            addView(column(who, note, gap = 0), LinearLayout.LayoutParams(0, wrap, 1f))
            addView(score)
        }
    }

    companion object {
        private const val REFRESH_MS = 3_000L

        /** Shows arena [id] (asked of the server now; null: the one just created) in its screen. */
        fun open(context: Context, id: Long?) {
            if (id != null) {
                (context.applicationContext as GiveawayApp).online.client?.let { c ->
                    runCatching { c.arenaStandings(id) }
                }
            }
            context.startActivity(Intent(context, ArenaActivity::class.java))
        }
    }
}
