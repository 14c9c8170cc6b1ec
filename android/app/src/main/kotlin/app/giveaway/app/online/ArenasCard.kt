package app.giveaway.app.online

import android.app.Activity
import android.text.InputType
import android.view.Gravity
import android.view.View
import android.widget.EditText
import android.widget.LinearLayout
import app.giveaway.R
import app.giveaway.app.button
import app.giveaway.app.card
import app.giveaway.app.choice
import app.giveaway.app.column
import app.giveaway.app.dp
import app.giveaway.app.label
import app.giveaway.app.primaryButton
import app.giveaway.app.px
import app.giveaway.app.section
import app.giveaway.app.spinner
import app.giveaway.app.textButton
import app.giveaway.core.ArenaView
import app.giveaway.core.OnlineClient
import app.giveaway.core.OnlineScreen
import app.giveaway.core.TimeControl
import app.giveaway.core.timeControlLabel

/**
 * The lobby's "Arenas" card: the running, upcoming and recent arenas (Open shows one in [ArenaActivity]) and a
 * new arena made with a name, a clock, a start and a length.
 */
class ArenasCard(private val a: Activity, private val request: (OnlineClient.() -> Unit) -> Unit) {
    private val name = EditText(a).apply {
        setHint(R.string.arena_name)
        inputType = InputType.TYPE_CLASS_TEXT or InputType.TYPE_TEXT_FLAG_CAP_SENTENCES
        isSingleLine = true
        minHeight = a.dp(48)
    }
    private val form = a.column().apply { visibility = View.GONE }
    private val newArena = a.button(R.string.new_arena) { showForm(true) }
    private val list = LobbyListCard(
        a, R.string.arenas, R.string.arenas_empty, request, { arenas() },
        shows = { it.actions.social }, items = { it.arenas },
        row = { arena: ArenaView ->
            a.lobbyRow(a.arenaName(arena), a.arenaDetails(arena), R.string.open_arena) {
                ArenaActivity.open(a, arena.id)
            }
        },
        newArena, form,
    )
    private var presets: List<TimeControl> = emptyList()
    private var clock = 0
    private var starts = 0
    private var lasts = 2

    val card: View = list.card

    private fun showForm(on: Boolean) {
        form.visibility = if (on) View.VISIBLE else View.GONE
        newArena.visibility = if (on) View.GONE else View.VISIBLE
        if (!on || form.childCount > 0) return
        val startNames = STARTS.map {
            if (it ==
                0L
            ) {
                a.getString(R.string.starts_now)
            } else {
                a.getString(R.string.starts_in_min, it)
            }
        }
        form.addView(name)
        form.addView(a.choice(R.string.time_control, a.spinner(presets, clock, ::timeControlLabel) { clock = it }))
        form.addView(a.choice(R.string.arena_starts, a.spinner(startNames, starts, { it }) { starts = it }))
        val lengths = LENGTHS.map { a.getString(R.string.minutes, it) }
        form.addView(a.choice(R.string.arena_lasts, a.spinner(lengths, lasts, { it }) { lasts = it }))
        form.addView(
            a.primaryButton(R.string.create_arena) {
                val tc = presets.getOrNull(clock) ?: return@primaryButton
                val arenaName = name.text.toString().trim()
                request { createArena(arenaName, tc, STARTS[starts].toULong() * 60u, LENGTHS[lasts].toUInt()) }
                name.text.clear()
                showForm(false)
                ArenaActivity.open(a, null)
            },
        )
    }

    fun show(s: OnlineScreen) {
        if (presets.isEmpty() && s.presets.isNotEmpty()) {
            presets = s.presets
            clock = s.defaultPreset.toInt()
        }
        list.show(s)
    }

    private companion object {
        /** When a new arena starts, in minutes from now. */
        val STARTS = listOf(0L, 5L, 15L, 30L, 60L)

        /** How long a new arena lasts, in minutes. */
        val LENGTHS = listOf(10, 20, 30, 45, 60, 90, 120)
    }
}
