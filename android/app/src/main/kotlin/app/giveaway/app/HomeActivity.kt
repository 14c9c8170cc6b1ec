package app.giveaway.app

import android.app.Activity
import android.app.AlertDialog
import android.content.Intent
import android.content.res.Configuration
import android.os.Bundle
import android.view.View
import android.view.ViewGroup
import android.widget.LinearLayout
import android.widget.NumberPicker
import android.widget.ScrollView
import android.widget.TextView
import android.widget.Toast
import app.giveaway.R
import app.giveaway.core.Color
import app.giveaway.core.GiveawayException
import app.giveaway.core.handicapPresets
import app.giveaway.core.Orientation
import app.giveaway.core.Settings
import app.giveaway.core.levels
import app.giveaway.logic.ColorChoice
import app.giveaway.logic.GameListModel
import app.giveaway.logic.GameSetup
import app.giveaway.logic.ListFilter
import app.giveaway.logic.PositionEditor
import app.giveaway.logic.Squares
import app.giveaway.logic.TimeControls
import app.giveaway.logic.TimePreset

/**
 * Home: a new game against the computer (level with rating, colour, time, handicap) or pass-and-play (time
 * with odds, handicap, board orientation), continue the last unfinished game, and the other screens.
 */
class HomeActivity : Activity() {
    private val app get() = application as GiveawayApp
    private var setup = GameSetup()
    private val continueButton by lazy { button(R.string.continue_game) { continueLast() } }
    private val customTimeButton by lazy { button(R.string.custom_time) { pickCustomTime() } }
    private val handicapButton by lazy { button(R.string.handicap_none) { pickHandicap() } }
    private var lastUnfinished: Long? = null

    override fun onCreate(savedInstanceState: Bundle?) {
        super.onCreate(savedInstanceState)
        whenReady(::build)
    }

    private fun build(settings: Settings) {
        setup = GameSetup(level = settings.lastLevel.toInt().coerceAtLeast(1))
        val levelList = levels()
        val times: List<TimePreset?> = listOf(null) + TimeControls.presets()
        fun timeLabel(t: TimePreset?) = t?.label ?: getString(R.string.time_unlimited)
        val orientations = listOf(Orientation.FIXED, Orientation.FACE_TO_FACE, Orientation.FLIP_EACH_MOVE)

        val computerOptions = column(
            label(R.string.level),
            spinner(levelList, setup.level - 1, { levelLabel(it) }) { setup = setup.copy(level = levelList[it].number.toInt()) },
            label(R.string.your_colour),
            spinner(ColorChoice.entries, 0, { colourLabel(it) }) { setup = setup.copy(color = ColorChoice.entries[it]) },
        )
        val friendOptions = column(
            label(R.string.black_time_odds),
            spinner(times, 0, { it?.label ?: getString(R.string.time_same_as_white) }) { setup = setup.copy(blackTime = times[it]) },
            label(R.string.orientation),
            spinner(orientations, orientations.indexOf(settings.orientation), { orientationLabel(it) }) {
                app.saveSettings(app.settings().copy(orientation = orientations[it]))
            },
        ).apply { visibility = View.GONE }

        val content = column(
            continueButton,
            label(R.string.new_game, android.R.style.TextAppearance_Material_Title),
            spinner(listOf(R.string.versus_computer, R.string.pass_and_play), 0, { getString(it) }) {
                setup = setup.copy(versusComputer = it == 0)
                computerOptions.visibility = if (it == 0) View.VISIBLE else View.GONE
                friendOptions.visibility = if (it == 0) View.GONE else View.VISIBLE
            },
            computerOptions,
            label(R.string.time_control),
            spinner(times, 0, ::timeLabel) { setup = setup.copy(whiteTime = times[it]) },
            customTimeButton,
            friendOptions,
            handicapButton,
            button(R.string.set_up_position) { editPosition() },
            button(R.string.start) { startGame() },
            row(button(R.string.saved_games) { startActivity(Intent(this, GamesActivity::class.java)) },
                button(R.string.settings) { startActivity(Intent(this, SettingsActivity::class.java)) }),
            button(R.string.rules) { startActivity(Intent(this, RulesActivity::class.java)) },
        ).apply { setPadding(dp(16), dp(16), dp(16), dp(16)) }
        setContentView(ScrollView(this).apply { addView(content) })
    }

    override fun onResume() {
        super.onResume()
        if (app.storageFailed) Toast.makeText(this, R.string.error_storage, Toast.LENGTH_LONG).show()
        // The newest unfinished game, to continue.
        app.storage({ lib -> GameListModel(lib, pageSize = 1).run { load(ListFilter(inProgress = true)); games.firstOrNull()?.id } }) { r ->
            lastUnfinished = r.getOrNull()
            continueButton.visibility = if (lastUnfinished == null) View.GONE else View.VISIBLE
        }
    }

    private fun startGame() {
        val newGame = setup.toNewGame()
        val versusComputer = setup.versusComputer
        val level = setup.level
        app.storage({ lib -> lib.newGame(newGame) }) { r ->
            r.onSuccess { session ->
                val id = session.snapshot().gameId ?: return@onSuccess
                app.keep(id, session)
                if (versusComputer) app.saveSettings(app.settings().copy(lastLevel = level.toUByte()))
                startActivity(GameActivity.intent(this, id))
            }.onFailure { e -> Toast.makeText(this, errorText(e as GiveawayException), Toast.LENGTH_LONG).show() }
        }
    }

    private fun continueLast() {
        lastUnfinished?.let { startActivity(GameActivity.intent(this, it)) }
    }

    /** A custom clock: minutes and increment for White and, in pass-and-play, for Black (time odds). */
    private fun pickCustomTime() {
        fun picker(range: IntRange, value: Int) = NumberPicker(this).apply {
            minValue = range.first
            maxValue = range.last
            this.value = value
        }
        val wMin = picker(1..180, setup.whiteTime?.minutes ?: 10)
        val wInc = picker(0..60, setup.whiteTime?.incrementSeconds ?: 0)
        val bMin = picker(1..180, setup.blackTime?.minutes ?: wMin.value)
        val bInc = picker(0..60, setup.blackTime?.incrementSeconds ?: wInc.value)
        val view = column(label(R.string.white), row(wMin, wInc))
        if (!setup.versusComputer) {
            view.addView(label(R.string.black))
            view.addView(row(bMin, bInc))
        }
        view.addView(label(R.string.custom_time_hint))
        AlertDialog.Builder(this)
            .setTitle(R.string.custom_time)
            .setView(view)
            .setPositiveButton(R.string.ok) { _, _ ->
                val white = TimePreset(wMin.value, wInc.value)
                val black = if (setup.versusComputer) white else TimePreset(bMin.value, bInc.value)
                setup = setup.copy(whiteTime = white, blackTime = black)
                customTimeButton.text = TimeControls.label(TimeControls.control(white, black))
            }
            .setNegativeButton(R.string.cancel, null)
            .show()
    }

    /** Handicap: none, one of the core's presets, or men chosen one by one. */
    private fun pickHandicap() {
        val presets = handicapPresets()
        val labels = listOf(getString(R.string.handicap_none)) +
            presets.map { resources.getQuantityString(R.plurals.handicap_preset, it.men.toInt(), colorName(it.side), it.men.toInt()) } +
            getString(R.string.handicap_choose_men)
        AlertDialog.Builder(this)
            .setTitle(R.string.handicap)
            .setItems(labels.toTypedArray()) { _, i ->
                when (i) {
                    0 -> setup = setup.copy(removedMen = emptySet(), fen = null)
                    labels.size - 1 -> return@setItems pickMen()
                    else -> setup = setup.withHandicap(presets[i - 1])
                }
                handicapButton.text = labels[i].takeIf { i > 0 }?.let { getString(R.string.handicap_named, it) } ?: labels[0]
            }
            .show()
    }

    /** Handicap: which men to take off the start position. */
    private fun pickMen() {
        val squares = GameSetup.HANDICAP_SQUARES.sorted()
        val labels = squares.map { n ->
            getString(R.string.handicap_man, Squares.name(n), colorName(if (n <= 12) Color.BLACK else Color.WHITE))
        }.toTypedArray()
        val checked = squares.map { it in setup.removedMen }.toBooleanArray()
        AlertDialog.Builder(this)
            .setTitle(R.string.handicap)
            .setMultiChoiceItems(labels, checked) { _, i, _ -> setup = setup.toggleMan(squares[i]).copy(fen = null) }
            .setPositiveButton(R.string.ok) { _, _ ->
                handicapButton.text = if (setup.removedMen.isEmpty()) getString(R.string.handicap_none)
                else getString(R.string.handicap_count, setup.removedMen.size)
            }
            .show()
    }

    /** The position editor: tap squares to cycle pieces; the game starts from it. */
    private fun editPosition() {
        val editor = PositionEditor().apply { standard() }
        val board = BoardView(this)
        val turn = TextView(this)
        fun refresh() {
            board.show(editor.scene())
            turn.text = getString(R.string.to_move, colorName(editor.sideToMove))
        }
        board.onTap = { editor.cycle(it); refresh() }
        refresh()
        turn.setPadding(dp(16), dp(8), dp(16), dp(8))
        val switchSide = button(R.string.switch_side) {
            editor.sideToMove = if (editor.sideToMove == Color.WHITE) Color.BLACK else Color.WHITE
            refresh()
        }
        val clear = button(R.string.clear_board) { editor.clear(); refresh() }
        val standard = button(R.string.standard_position) { editor.standard(); refresh() }
        // Landscape: the controls beside a board half the screen high (below it, they were pushed out of sight).
        val landscape = resources.configuration.orientation == Configuration.ORIENTATION_LANDSCAPE
        val view = if (landscape) {
            val side = resources.displayMetrics.heightPixels / 2
            LinearLayout(this).apply {
                addView(board, LinearLayout.LayoutParams(side, side))
                addView(column(turn, switchSide, clear, standard), LinearLayout.LayoutParams(0, ViewGroup.LayoutParams.WRAP_CONTENT, 1f))
            }
        } else {
            column(board, turn, row(switchSide, clear, standard))
        }
        AlertDialog.Builder(this)
            .setTitle(R.string.set_up_position)
            .setView(view)
            .setPositiveButton(R.string.ok) { _, _ ->
                setup = setup.copy(fen = editor.fen(), removedMen = emptySet())
                handicapButton.text = getString(R.string.handicap_position)
            }
            .setNegativeButton(R.string.cancel) { _, _ ->
                setup = setup.copy(fen = null)
            }
            .show()
    }

    private fun colourLabel(c: ColorChoice) = getString(
        when (c) {
            ColorChoice.WHITE -> R.string.white
            ColorChoice.BLACK -> R.string.black
            ColorChoice.RANDOM -> R.string.random_colour
        }
    )

    private fun orientationLabel(o: Orientation) = getString(
        when (o) {
            Orientation.FIXED -> R.string.orientation_fixed
            Orientation.FACE_TO_FACE -> R.string.orientation_face_to_face
            Orientation.FLIP_EACH_MOVE -> R.string.orientation_flip
        }
    )
}
