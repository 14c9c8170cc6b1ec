package app.giveaway.app

import android.app.Activity
import android.os.Bundle
import android.text.InputType
import android.view.View
import android.view.ViewGroup
import android.widget.EditText
import android.widget.Switch
import app.giveaway.R
import app.giveaway.core.AnimationSpeed
import app.giveaway.core.Notation
import app.giveaway.core.PremoveMode
import app.giveaway.core.Settings

/**
 * Settings, stored by the core: themes, notation, sound, haptics, animation speed, coach, legal-move dots, premoves
 * and move confirmation online; and the
 * online game server's address (the app's preferences); and what the endgame tables can do.
 */
class SettingsActivity : Activity() {
    private val app get() = application as GiveawayApp

    override fun onCreate(savedInstanceState: Bundle?) {
        super.onCreate(savedInstanceState)
        whenReady(::build)
    }

    private fun build(s: Settings) {
        val notations = listOf(Notation.ALGEBRAIC, Notation.NUMERIC)
        val speeds = listOf(AnimationSpeed.OFF, AnimationSpeed.SLOW, AnimationSpeed.NORMAL, AnimationSpeed.FAST)
        val premoves = listOf(PremoveMode.FAST, PremoveMode.ALWAYS, PremoveMode.NEVER)
        fun <T> setting(name: Int, items: List<T>, selected: T, text: (T) -> String, pick: (Int) -> Unit) =
            choice(name, spinner(items, items.indexOf(selected), text, pick))
        val content = column(
            section(R.string.settings_board),
            setting(R.string.board_theme, Themes.boards, s.boardTheme, { getString(Themes.boardLabel(it)) }) { i ->
                save { it.copy(boardTheme = Themes.boards[i]) }
            },
            setting(R.string.piece_theme, Themes.pieces, s.pieceTheme, { getString(Themes.pieceLabel(it)) }) { i ->
                save { it.copy(pieceTheme = Themes.pieces[i]) }
            },
            setting(R.string.notation, notations, s.notation, {
                getString(if (it == Notation.ALGEBRAIC) R.string.notation_algebraic else R.string.notation_numeric)
            }) { i -> save { it.copy(notation = notations[i]) } },
            setting(R.string.animation_speed, speeds, s.animation, ::speedLabel) { i ->
                save { it.copy(animation = speeds[i]) }
            },
            section(R.string.settings_play),
            switch(R.string.sound, s.sound) { v -> save { it.copy(sound = v) } },
            switch(R.string.haptics, s.haptics) { v -> save { it.copy(haptics = v) } },
            switch(R.string.coach_setting, s.coach) { v -> save { it.copy(coach = v) } },
            switch(R.string.show_legal_moves, s.showLegalMoves) { v -> save { it.copy(showLegalMoves = v) } },
            section(R.string.settings_online),
            setting(R.string.premoves, premoves, s.premoves, ::premoveLabel) { i ->
                save { it.copy(premoves = premoves[i]) }
            },
            switch(R.string.confirm_moves, s.confirmMoves) { v -> save { it.copy(confirmMoves = v) } },
            section(R.string.settings_tables),
            tablesLine,
            // The server's address is for those who run their own: last, under Advanced, and not focused on open.
            section(R.string.settings_advanced),
            // TalkBack names the field by its label.
            label(R.string.game_server, R.style.TextAppearance_Giveaway_Label).apply { labelFor = server.id },
            server,
            button(R.string.save_server) { app.online.changeServer(server.text.toString()) },
            gap = px(R.dimen.space_xs),
        ).apply {
            // The screen itself takes the first focus, so no keyboard opens for the server field.
            isFocusableInTouchMode = true
            descendantFocusability = ViewGroup.FOCUS_BEFORE_DESCENDANTS
        }
        setContentView(screen(content))
        content.requestFocus()
    }

    private fun premoveLabel(m: PremoveMode): String = getString(
        when (m) {
            PremoveMode.FAST -> R.string.premoves_fast
            PremoveMode.ALWAYS -> R.string.premoves_always
            PremoveMode.NEVER -> R.string.premoves_never
        },
    )

    /** The online game server's address: wss://host/ws, or ws:// on a local network. */
    private val server by lazy {
        EditText(this).apply {
            inputType = InputType.TYPE_CLASS_TEXT or InputType.TYPE_TEXT_VARIATION_URI
            isSingleLine = true
            // 48 dp whatever the font measures (the padding alone leaves it at 46 dp with the real fonts).
            minHeight = dp(48)
            id = View.generateViewId()
            app.online.readServer(::setText)
        }
    }

    /** What the endgame tables can do, following the first-use build as it goes. */
    private val tablesLine by lazy {
        label(R.string.empty)
    }

    private fun showTables() {
        val state = app.tables?.state()
        val b = state?.building
        tablesLine.text = when {
            b != null -> getString(R.string.tables_building, b.pieces.toInt(), b.done.toInt(), b.total.toInt())
            state != null && state.pieces > 0u -> getString(R.string.tables_ready, state.pieces.toInt())
            else -> getString(R.string.tables_none)
        }
    }

    override fun onResume() {
        super.onResume()
        app.tablesRelay.listener = ::showTables
        showTables()
    }

    override fun onPause() {
        app.tablesRelay.listener = null
        super.onPause()
    }

    private fun save(change: (Settings) -> Settings) = app.updateSettings(change)

    private fun switch(text: Int, on: Boolean, changed: (Boolean) -> Unit) = Switch(this).apply {
        setText(text)
        isChecked = on
        setTextAppearance(R.style.TextAppearance_Giveaway_Body)
        setPadding(0, dp(12), 0, dp(12))
        minHeight = dp(48)
        setOnCheckedChangeListener { _, v -> changed(v) }
    }

    private fun speedLabel(a: AnimationSpeed) = getString(
        when (a) {
            AnimationSpeed.OFF -> R.string.speed_off
            AnimationSpeed.SLOW -> R.string.speed_slow
            AnimationSpeed.NORMAL -> R.string.speed_normal
            AnimationSpeed.FAST -> R.string.speed_fast
        },
    )
}
