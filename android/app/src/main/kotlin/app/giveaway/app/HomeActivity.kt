package app.giveaway.app

import android.app.Activity
import android.app.AlertDialog
import android.content.Intent
import android.content.res.Configuration
import android.os.Bundle
import android.view.Gravity
import android.view.View
import android.view.ViewGroup
import android.widget.LinearLayout
import android.widget.NumberPicker
import android.widget.ScrollView
import android.widget.TextView
import android.widget.Toast
import app.giveaway.R
import app.giveaway.app.online.LobbyActivity
import app.giveaway.core.Color
import app.giveaway.core.ColorChoice
import app.giveaway.core.GameSetup
import app.giveaway.core.GiveawayException
import app.giveaway.core.Notation
import app.giveaway.core.Orientation
import app.giveaway.core.PositionEditor
import app.giveaway.core.Settings
import app.giveaway.core.SideTime
import app.giveaway.core.TimeControl
import app.giveaway.core.handicapPresets
import app.giveaway.core.levels
import app.giveaway.core.setupTogglingMan
import app.giveaway.core.setupWithHandicap
import app.giveaway.core.squareName
import app.giveaway.core.timeControlLabel
import app.giveaway.core.timeControlPresets

/**
 * Home: a new game against the computer (level with rating, colour, time, handicap) or pass-and-play (time
 * with odds, handicap, board orientation), continue the last unfinished game, and the other screens. The
 * choices are the core's [GameSetup], as the last game left them; the core makes the game from them.
 */
class HomeActivity : Activity() {
    private val app get() = application as GiveawayApp
    private lateinit var setup: GameSetup
    private val continueButton by lazy { button(R.string.continue_game) { continueLast() } }
    private val customTimeButton by lazy { tonalButton(R.string.custom_time) { pickCustomTime() } }
    private val handicapButton by lazy { tonalButton(R.string.handicap_none) { pickHandicap() } }
    private var lastUnfinished: Long? = null

    override fun onCreate(savedInstanceState: Bundle?) {
        super.onCreate(savedInstanceState)
        whenReady { settings ->
            app.storage({ lib -> lib.rememberedSetup() }) { r ->
                if (isDestroyed) return@storage
                r.onSuccess { build(settings, it) }
                    .onFailure { e ->
                        Toast.makeText(this, errorText(e as GiveawayException), Toast.LENGTH_LONG).show()
                    }
            }
        }
    }

    private fun build(settings: Settings, remembered: GameSetup) {
        setup = remembered
        val levelList = levels()
        val presets = timeControlPresets().map { it.control.white }
        // The remembered times stay choosable when they are not presets (a custom clock).
        val times: List<SideTime?> = (listOf(null) + presets + listOfNotNull(setup.whiteTime)).distinct()
        val blackTimes: List<SideTime?> = (listOf(null) + presets + listOfNotNull(setup.blackTime)).distinct()
        val orientations = listOf(Orientation.FIXED, Orientation.FACE_TO_FACE, Orientation.FLIP_EACH_MOVE)
        val colours = ColorChoice.entries

        val computerOptions = column(
            choice(
                R.string.level,
                spinner(levelList, levelList.indexOfFirst { it.number == setup.level }, { levelLabel(it) }) {
                    setup = setup.copy(level = levelList[it].number)
                },
            ),
            choice(
                R.string.your_colour,
                spinner(colours, colours.indexOf(setup.color), { colourLabel(it) }) {
                    setup = setup.copy(color = colours[it])
                },
            ),
            gap = px(R.dimen.space_xs),
        )
        val friendOptions = column(
            choice(
                R.string.black_time_odds,
                spinner(blackTimes, blackTimes.indexOf(setup.blackTime), {
                    it?.let(::timeLabel) ?: getString(R.string.time_same_as_white)
                }) {
                    setup = setup.copy(blackTime = blackTimes[it])
                },
            ),
            choice(
                R.string.orientation,
                spinner(orientations, orientations.indexOf(settings.orientation), { orientationLabel(it) }) { i ->
                    app.updateSettings { it.copy(orientation = orientations[i]) }
                },
            ),
            gap = px(R.dimen.space_xs),
        )
        fun versus(computer: Boolean) {
            setup = setup.copy(versusComputer = computer)
            computerOptions.visibility = if (computer) View.VISIBLE else View.GONE
            friendOptions.visibility = if (computer) View.GONE else View.VISIBLE
        }
        versus(setup.versusComputer)

        // The new game's choices, as the last game left them: Start plays again with them in one tap.
        val choices = card(
            column(
                // Setting up a position is a way to start a new game: a minor action in the card's heading, so
                // that every main entry fits a 360×640 dp phone without scrolling.
                LinearLayout(this).apply {
                    orientation = LinearLayout.HORIZONTAL
                    gravity = Gravity.CENTER_VERTICAL
                    val wrap = ViewGroup.LayoutParams.WRAP_CONTENT
                    // No padding above the heading here: centred beside the button, it would sit low.
                    val heading = section(R.string.new_game).apply { setPadding(0, 0, 0, 0) }
                    addView(heading, LinearLayout.LayoutParams(0, wrap, 1f))
                    addView(
                        textButton(R.string.set_up_position) {
                            editPosition()
                        },
                        LinearLayout.LayoutParams(wrap, wrap),
                    )
                },
                spinner(listOf(R.string.versus_computer, R.string.pass_and_play), if (setup.versusComputer) 0 else 1, {
                    getString(it)
                }) {
                    versus(it == 0)
                },
                computerOptions,
                choice(
                    R.string.time_control,
                    spinner(times, times.indexOf(setup.whiteTime), {
                        it?.let(::timeLabel) ?: getString(R.string.time_unlimited)
                    }) {
                        setup = setup.copy(whiteTime = times[it])
                    },
                ),
                friendOptions,
                gap = px(R.dimen.space_xs),
            ),
        )
        val options = row(customTimeButton, handicapButton)
        val start = row(continueButton, primaryButton(R.string.start) { startGame() })
        val places = column(
            row(
                button(R.string.play_online) { startActivity(Intent(this, LobbyActivity::class.java)) },
                button(R.string.puzzles) { startActivity(Intent(this, PuzzlesActivity::class.java)) },
            ),
            // Three to a row, so that every entry stays in sight on a 360×640 phone.
            row(
                button(R.string.home_saved_games) { startActivity(Intent(this, GamesActivity::class.java)) },
                button(R.string.home_settings) { startActivity(Intent(this, SettingsActivity::class.java)) },
                button(R.string.rules) { startActivity(Intent(this, RulesActivity::class.java)) },
            ),
        )
        val landscape = resources.configuration.orientation == Configuration.ORIENTATION_LANDSCAPE
        if (!landscape) {
            setContentView(screen(column(choices, options, start, places, gap = px(R.dimen.space_m))))
            return
        }
        // Landscape: the choices on the left (they scroll if the screen is short), every action on the right.
        val m = px(R.dimen.screen_margin)
        val actions = column(options, start, places, gap = px(R.dimen.space_m)).apply { setPadding(0, m, m, m) }
        setContentView(
            LinearLayout(this).apply {
                orientation = LinearLayout.HORIZONTAL
                addView(screen(choices), LinearLayout.LayoutParams(0, ViewGroup.LayoutParams.MATCH_PARENT, 1f))
                addView(
                    ScrollView(this@HomeActivity).apply { addView(actions) },
                    LinearLayout.LayoutParams(0, ViewGroup.LayoutParams.MATCH_PARENT, 1f),
                )
            },
        )
    }

    override fun onResume() {
        super.onResume()
        app.scratchReason?.let {
            Toast.makeText(this, getString(R.string.storage_scratch, it), Toast.LENGTH_LONG).show()
        }
        // The newest unfinished game that can be played on here (an online one's moves come from the server).
        app.storage({ lib ->
            lib.gameList(UNFINISHED, 8u).use { l -> l.state().games.firstOrNull { it.resumable }?.id }
        }) { r ->
            lastUnfinished = r.getOrNull()
            continueButton.visibility = if (lastUnfinished == null) View.GONE else View.VISIBLE
        }
    }

    /** The core starts the game from the choices (a random colour drawn there) and remembers them. */
    private fun startGame() {
        val chosen = setup
        val relay = ScreenRelay()
        app.storage({ lib -> lib.startGame(chosen, relay).let { it to it.state().snapshot.gameId } }) { r ->
            r.onSuccess { (controller, id) ->
                if (id == null) return@onSuccess controller.leave()
                app.hand(Game(id, controller, relay))
                startActivity(GameActivity.intent(this, id))
            }.onFailure { e -> Toast.makeText(this, errorText(e as GiveawayException), Toast.LENGTH_LONG).show() }
        }
    }

    private fun continueLast() {
        lastUnfinished?.let { startActivity(GameActivity.intent(this, it)) }
    }

    /** "5+3": one side's clock as the core labels a time control. */
    private fun timeLabel(t: SideTime): String = timeControlLabel(TimeControl(t, t))

    /** A custom clock: minutes and increment for White and, in pass-and-play, for Black (time odds). */
    private fun pickCustomTime() {
        fun picker(range: IntRange, value: Int) = NumberPicker(this).apply {
            minValue = range.first
            maxValue = range.last
            this.value = value.coerceIn(range)
        }
        fun minutes(t: SideTime?) = t?.let { (it.baseMs / 60_000uL).toInt() }
        fun seconds(t: SideTime?) = t?.let { (it.incrementMs / 1000uL).toInt() }
        val wMin = picker(1..180, minutes(setup.whiteTime) ?: 10)
        val wInc = picker(0..60, seconds(setup.whiteTime) ?: 0)
        val bMin = picker(1..180, minutes(setup.blackTime) ?: wMin.value)
        val bInc = picker(0..60, seconds(setup.blackTime) ?: wInc.value)
        val view = column(label(R.string.white), row(wMin, wInc))
        if (!setup.versusComputer) {
            view.addView(label(R.string.black))
            view.addView(row(bMin, bInc))
        }
        view.addView(label(R.string.custom_time_hint, R.style.TextAppearance_Giveaway_Label))
        view.setPadding(px(R.dimen.space_xl), px(R.dimen.space_s), px(R.dimen.space_xl), 0)
        fun time(min: NumberPicker, inc: NumberPicker) = SideTime(
            min.value.toULong() * 60_000uL,
            inc.value.toULong() * 1000uL,
        )
        AlertDialog.Builder(this)
            .setTitle(R.string.custom_time)
            .setView(view)
            .setPositiveButton(R.string.ok) { _, _ ->
                // Against the computer the core gives both sides White's time.
                val white = time(wMin, wInc)
                val black = if (setup.versusComputer) white else time(bMin, bInc)
                setup = setup.copy(whiteTime = white, blackTime = black)
                customTimeButton.text = timeControlLabel(TimeControl(white, black))
            }
            .setNegativeButton(R.string.cancel, null)
            .show()
    }

    /** Handicap: none, one of the core's presets, or men chosen one by one. */
    private fun pickHandicap() {
        val presets = handicapPresets()
        val labels = listOf(getString(R.string.handicap_none)) +
            presets.map {
                val men = it.men.toInt()
                resources.getQuantityString(R.plurals.handicap_preset, men, colorName(it.side), men)
            } +
            getString(R.string.handicap_choose_men)
        AlertDialog.Builder(this)
            .setTitle(R.string.handicap)
            .setItems(labels.toTypedArray()) { _, i ->
                setup = when (i) {
                    0 -> setup.copy(removedMen = emptyList(), fen = null)
                    labels.size - 1 -> return@setItems pickMen()
                    else -> setupWithHandicap(setup, presets[i - 1])
                }
                handicapButton.text =
                    labels[i].takeIf { i > 0 }?.let { getString(R.string.handicap_named, it) } ?: labels[0]
            }
            .show()
    }

    /** Handicap: which men to take off the start position (the men of the core's standard start). */
    private fun pickMen() {
        val men = PositionEditor().use { it.squares() }.filter { it.piece != null }
        val labels = men.map { sq ->
            getString(R.string.handicap_man, squareName(sq.number, Notation.ALGEBRAIC), colorName(sq.piece!!.color))
        }.toTypedArray()
        val checked = men.map { it.number in setup.removedMen }.toBooleanArray()
        AlertDialog.Builder(this)
            .setTitle(R.string.handicap)
            // The dialog's ticks start as the setup's removed men, so each tick toggles that man.
            .setMultiChoiceItems(labels, checked) { _, i, _ -> setup = setupTogglingMan(setup, men[i].number) }
            .setPositiveButton(R.string.ok) { _, _ ->
                handicapButton.text = if (setup.removedMen.isEmpty()) {
                    getString(R.string.handicap_none)
                } else {
                    getString(R.string.handicap_count, setup.removedMen.size)
                }
            }
            .show()
    }

    /** The core's position editor: the game starts from the position set up there. */
    private fun editPosition() = PositionEditorDialog(this) { fen ->
        setup = setup.copy(fen = fen, removedMen = emptyList())
        handicapButton.text = getString(R.string.handicap_position)
    }.show()

    private fun colourLabel(c: ColorChoice) = getString(
        when (c) {
            ColorChoice.WHITE -> R.string.white
            ColorChoice.BLACK -> R.string.black
            ColorChoice.RANDOM -> R.string.random_colour
        },
    )

    private fun orientationLabel(o: Orientation) = getString(
        when (o) {
            Orientation.FIXED -> R.string.orientation_fixed
            Orientation.FACE_TO_FACE -> R.string.orientation_face_to_face
            Orientation.FLIP_EACH_MOVE -> R.string.orientation_flip
        },
    )
}
