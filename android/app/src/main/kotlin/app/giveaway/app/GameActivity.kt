package app.giveaway.app

import android.app.Activity
import android.app.AlertDialog
import android.content.Context
import android.content.Intent
import android.content.res.Configuration
import android.os.Bundle
import android.os.Handler
import android.os.Looper
import android.os.SystemClock
import android.provider.Settings as SystemSettings
import android.view.Gravity
import android.view.View
import android.view.ViewGroup
import android.widget.LinearLayout
import android.widget.ProgressBar
import android.widget.ScrollView
import android.widget.TextView
import android.widget.Toast
import app.giveaway.R
import app.giveaway.core.Color
import app.giveaway.core.GameSession
import app.giveaway.core.GiveawayException
import app.giveaway.core.NoticeKind
import app.giveaway.core.Opponent
import app.giveaway.core.ResultView
import app.giveaway.core.Settings
import app.giveaway.core.reactionEmojis
import app.giveaway.logic.GameController
import app.giveaway.logic.GameEvent
import app.giveaway.logic.GamePrefs
import app.giveaway.logic.GameUiState
import app.giveaway.logic.Speech
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.MainScope
import kotlinx.coroutines.cancel

/**
 * The game screen. Draws [GameUiState]s and forwards input to [GameController]; the game itself lives in the
 * core's storage (saved game [EXTRA_GAME_ID]), so rotation and process death reopen it where it stood.
 */
class GameActivity : Activity() {
    /**
     * What outlives a rotation: the controller with its engine work (a search under way goes on, not started
     * again) and the screen it reports to, set anew by each Activity instance.
     */
    private class Retained(val scope: CoroutineScope) {
        var screen: GameActivity? = null
        lateinit var controller: GameController
    }

    private var retained: Retained? = null
    private val controller: GameController get() = retained!!.controller
    private val built get() = retained?.screen === this && ::board.isInitialized
    private lateinit var board: BoardView
    private lateinit var feedback: Feedback
    private lateinit var words: AndroidWords
    private val ticker = Handler(Looper.getMainLooper())
    private val tick = Runnable { controller.tick() }
    private var gameId = 0L
    private var started = false

    private val topClock by lazy { clockView() }
    private val bottomClock by lazy { clockView() }
    private val topPanel by lazy { LinearLayout(this).apply { gravity = Gravity.CENTER_VERTICAL } }
    private val bottomPanel by lazy { LinearLayout(this).apply { gravity = Gravity.CENTER_VERTICAL } }
    private val status by lazy { label(R.string.empty) }
    private val thinking by lazy {
        ProgressBar(this).apply {
            isIndeterminate = true
            visibility = View.INVISIBLE
            contentDescription = getString(R.string.computer_thinking)
        }
    }
    private val moves by lazy { TextView(this).apply { setPadding(dp(8), 0, dp(8), 0) } }
    private val reaction by lazy { TextView(this).apply { textSize = 24f } }
    private val undo by lazy { button(R.string.undo) { controller.undo() } }
    private val redo by lazy { button(R.string.redo) { controller.redo() } }
    private val hint by lazy { button(R.string.hint) { controller.hint() } }
    private val draw by lazy { button(R.string.offer_draw) { ask(R.string.confirm_offer_draw) } }
    private val resign by lazy { button(R.string.resign) { ask(R.string.confirm_resign) } }
    private val react by lazy { button(R.string.react) { pickReaction() } }

    /** Dialogs shown for a state, so a republished state does not stack them. */
    private var choiceDialog: AlertDialog? = null
    private var drawDialog: AlertDialog? = null

    /** A question or the result on screen, shown again after a rotation (the message's string id). */
    private var confirming: Int? = null
    private var resultOpen = false

    override fun onCreate(savedInstanceState: Bundle?) {
        super.onCreate(savedInstanceState)
        val app = application as GiveawayApp
        gameId = savedInstanceState?.getLong(EXTRA_GAME_ID) ?: intent.getLongExtra(EXTRA_GAME_ID, 0L)
        val reopen = savedInstanceState?.getInt(KEY_CONFIRMING)?.takeIf { it != 0 }
        val resultWasOpen = savedInstanceState?.getBoolean(KEY_RESULT_OPEN) ?: false
        (lastNonConfigurationInstance as? Retained)?.let { r ->
            whenReady { settings ->
                attach(r, settings)
                render(controller.state)
                reopen?.let(::ask)
                if (resultWasOpen) controller.snapshot.result?.let(::showResult)
            }
            return
        }
        whenReady { settings ->
            // The session kept across rotation, or the saved game resumed (after process death) on the storage
            // thread, with the one-time explanation's flag read there too.
            val kept = app.openSession(gameId)
            app.storage({ lib -> (kept ?: lib.resume(gameId)) to preferences().getBoolean(KEY_EXPLAINED, false) }) { r ->
                r.onSuccess { (session, explained) ->
                    if (isDestroyed) return@onSuccess
                    app.keep(gameId, session)
                    build(session, settings, explained)
                }.onFailure { e ->
                    Toast.makeText(this, errorText(e as GiveawayException), Toast.LENGTH_LONG).show()
                    finish()
                }
            }
        }
    }

    private fun build(session: GameSession, settings: Settings, explained: Boolean) {
        val r = Retained(MainScope())
        val prefs = GamePrefs(
            orientation = settings.orientation,
            animation = settings.animation,
            reducedMotion = reducedMotion(),
            showLegalMoves = settings.showLegalMoves,
            coach = settings.coach,
        )
        r.controller = GameController(
            session, r.scope, prefs, explained, { r.screen?.render(it) }, { r.screen?.onEvent(it) }, SystemClock::uptimeMillis,
        )
        attach(r, settings)
        controller.setNotation(settings.notation)
        controller.start()
        // The storage answered while the screen was in the background: no clock runs, no search starts.
        if (!started) controller.pause()
    }

    /** This Activity instance draws [r]'s game: the views, built for the current orientation. */
    private fun attach(r: Retained, settings: Settings) {
        retained = r
        r.screen = this
        words = AndroidWords(this)
        board = BoardView(this).apply {
            boardColors = Themes.board(context, settings.boardTheme)
            pieceColors = Themes.pieces(context, settings.pieceTheme)
            onTap = { controller.tap(it) }
            onDrag = { from, to -> controller.drag(from, to) }
        }
        feedback = Feedback(board).apply {
            sound = settings.sound
            haptics = settings.haptics
        }
        setContentView(layout())
    }

    override fun onRetainNonConfigurationInstance(): Any? = retained

    override fun onSaveInstanceState(outState: Bundle) {
        super.onSaveInstanceState(outState)
        outState.putLong(EXTRA_GAME_ID, gameId)
        outState.putInt(KEY_CONFIRMING, confirming ?: 0)
        outState.putBoolean(KEY_RESULT_OPEN, resultOpen)
    }

    override fun onStart() {
        super.onStart()
        started = true
        if (built) controller.resume()
    }

    override fun onStop() {
        super.onStop()
        started = false
        ticker.removeCallbacks(tick)
        // A rotation keeps the clocks and the search running for the next instance.
        if (built && !isChangingConfigurations) controller.pause()
    }

    override fun onDestroy() {
        super.onDestroy()
        if (::feedback.isInitialized) feedback.release()
        val r = retained ?: return
        if (r.screen === this) r.screen = null
        if (isChangingConfigurations) return
        controller.close()
        r.scope.cancel()
    }

    private fun layout(): View {
        val landscape = resources.configuration.orientation == Configuration.ORIENTATION_LANDSCAPE
        topPanel.addView(topClock)
        topPanel.addView(thinking)
        topPanel.addView(reaction)
        bottomPanel.addView(bottomClock)
        val buttons = column(row(undo, redo, hint), row(draw, resign, react))
        val moveList = ScrollView(this).apply { addView(moves) }
        return if (landscape) {
            LinearLayout(this).apply {
                orientation = LinearLayout.HORIZONTAL
                addView(board, LinearLayout.LayoutParams(ViewGroup.LayoutParams.WRAP_CONTENT, ViewGroup.LayoutParams.MATCH_PARENT))
                addView(column(topPanel, status, bottomPanel, buttons).apply {
                    addView(moveList, LinearLayout.LayoutParams(ViewGroup.LayoutParams.MATCH_PARENT, 0, 1f))
                }, LinearLayout.LayoutParams(0, ViewGroup.LayoutParams.MATCH_PARENT, 1f))
            }
        } else {
            column(topPanel).apply {
                addView(board, LinearLayout.LayoutParams(ViewGroup.LayoutParams.MATCH_PARENT, ViewGroup.LayoutParams.WRAP_CONTENT))
                addView(bottomPanel)
                addView(status)
                addView(buttons)
                addView(moveList, LinearLayout.LayoutParams(ViewGroup.LayoutParams.MATCH_PARENT, 0, 1f))
            }
        }
    }

    /** Resign or offer a draw, once confirmed; the question survives a rotation. */
    private fun ask(message: Int) {
        confirming = message
        val (yes, action) = when (message) {
            R.string.confirm_offer_draw -> R.string.offer_draw to { controller.offerDraw() }
            else -> R.string.resign to { controller.resign() }
        }
        AlertDialog.Builder(this)
            .setMessage(message)
            .setPositiveButton(yes) { _, _ -> action() }
            .setNegativeButton(R.string.cancel, null)
            .setOnDismissListener { if (confirming == message) confirming = null }
            .show()
    }

    private fun showResult(result: ResultView) {
        resultOpen = true
        AlertDialog.Builder(this)
            .setMessage(resultText(result))
            .setPositiveButton(R.string.analyse) { _, _ -> startActivity(ReplayActivity.intent(this, gameId)) }
            .setNeutralButton(R.string.new_game) { _, _ -> finish() }
            .setNegativeButton(R.string.close, null)
            .setOnDismissListener { resultOpen = false }
            .show()
    }

    private fun render(ui: GameUiState) {
        if (!::board.isInitialized) return
        val s = ui.snapshot
        board.show(ui)
        val whiteAtTop = ui.orientation.flipped
        val topColor = if (whiteAtTop) Color.WHITE else Color.BLACK
        val bottomColor = if (whiteAtTop) Color.BLACK else Color.WHITE
        topClock.text = (if (whiteAtTop) ui.whiteClock else ui.blackClock) ?: ""
        bottomClock.text = (if (whiteAtTop) ui.blackClock else ui.whiteClock) ?: ""
        topClock.contentDescription = getString(R.string.clock_description, colorName(topColor), topClock.text)
        bottomClock.contentDescription = getString(R.string.clock_description, colorName(bottomColor), bottomClock.text)
        // An untimed game has no clocks to show.
        val clockVisibility = if (s.clocks == null) View.GONE else View.VISIBLE
        topClock.visibility = clockVisibility
        bottomClock.visibility = clockVisibility
        val running = s.clocks?.running
        topClock.isActivated = running == topColor
        bottomClock.isActivated = running == bottomColor
        // Face-to-face: the far player reads their clock and reactions the right way up.
        topPanel.rotation = if (ui.orientation.topFacesAway) 180f else 0f
        thinking.visibility = if (ui.thinking) View.VISIBLE else View.INVISIBLE
        status.text = statusText(ui)
        moves.text = s.moveList.joinToString("\n") { r -> "${r.number}. ${r.white ?: "…"}  ${r.black ?: ""}" }
        reaction.text = s.reactions.lastOrNull()?.emoji ?: ""
        undo.isEnabled = s.canUndo
        redo.isEnabled = s.canRedo
        hint.isEnabled = ui.playerToMove && !ui.thinking
        val passAndPlay = s.opponent is Opponent.PassAndPlay
        draw.visibility = if (passAndPlay) View.VISIBLE else View.GONE
        draw.isEnabled = s.result == null && s.drawOffer == null
        resign.isEnabled = s.result == null
        react.isEnabled = s.result == null
        showChoices(ui)
        showDrawOffer(ui)
        ticker.removeCallbacks(tick)
        controller.nextTickMs()?.let { ticker.postDelayed(tick, it) }
    }

    private fun statusText(ui: GameUiState): String {
        val s = ui.snapshot
        s.result?.let { return resultText(it) }
        if (ui.thinking && s.computerToMove) return getString(R.string.computer_thinking)
        val turn = getString(R.string.to_move, colorName(s.sideToMove))
        return if (s.mustCapture && ui.playerToMove) getString(R.string.turn_must_capture, turn) else turn
    }

    private fun showChoices(ui: GameUiState) {
        val choices = ui.snapshot.choices
        if (choices.isEmpty()) {
            choiceDialog?.dismiss()
            choiceDialog = null
            return
        }
        if (choiceDialog?.isShowing == true) return
        choiceDialog = AlertDialog.Builder(this)
            .setTitle(R.string.choose_capture)
            .setItems(choices.map { it.text }.toTypedArray()) { _, i -> choiceDialog = null; controller.choose(i) }
            .setOnCancelListener { choiceDialog = null; controller.dismissChoice() }
            .show()
    }

    private fun showDrawOffer(ui: GameUiState) {
        val by = ui.snapshot.drawOffer
        if (by == null || ui.snapshot.result != null) {
            drawDialog?.dismiss()
            drawDialog = null
            return
        }
        if (drawDialog?.isShowing == true) return
        drawDialog = AlertDialog.Builder(this)
            .setMessage(getString(R.string.draw_offered, colorName(by)))
            .setPositiveButton(R.string.accept) { _, _ -> drawDialog = null; controller.acceptDraw() }
            .setNegativeButton(R.string.decline) { _, _ -> drawDialog = null; controller.declineDraw() }
            .setCancelable(false)
            .show()
    }

    private fun onEvent(e: GameEvent) {
        when (e) {
            is GameEvent.Moved -> {
                feedback.moved(e.move)
                if (e.byOpponent) board.announceForAccessibility(Speech.move(e.move, words))
            }
            is GameEvent.Ended -> {
                feedback.ended()
                board.announceForAccessibility(resultText(e.result))
                showResult(e.result)
            }
            is GameEvent.Coach -> {
                val t = e.tip
                val kind = getString(
                    when (t.`class`) {
                        "blunder" -> R.string.class_blunder
                        "mistake" -> R.string.class_mistake
                        else -> R.string.class_inaccuracy
                    }
                )
                val text = getString(R.string.coach_tip, kind, t.played.text, t.better.text)
                AlertDialog.Builder(this).setTitle(R.string.coach).setMessage(text)
                    .setPositiveButton(R.string.undo) { _, _ -> controller.undo() }
                    .setNegativeButton(R.string.close, null)
                    .show()
                board.announceForAccessibility(text)
            }
            GameEvent.ExplainMustCapture -> explainMustCapture()
            is GameEvent.HeldBack -> when (e.notice.kind) {
                NoticeKind.MUST_CAPTURE_ELSEWHERE -> explainMustCapture()
                NoticeKind.PIECE_CANNOT_MOVE -> {
                    feedback.refused()
                    Toast.makeText(this, R.string.piece_cannot_move, Toast.LENGTH_SHORT).show()
                }
            }
            is GameEvent.Refused -> {
                feedback.refused()
                Toast.makeText(this, errorText(e.error), Toast.LENGTH_SHORT).show()
            }
        }
    }

    private fun explainMustCapture() {
        // Written on the storage thread, as it was read there.
        (application as GiveawayApp).storage({ preferences().edit().putBoolean(KEY_EXPLAINED, true).commit() }) { }
        AlertDialog.Builder(this).setTitle(R.string.must_capture_title).setMessage(R.string.must_capture_text)
            .setPositiveButton(R.string.got_it, null)
            .show()
    }

    private fun pickReaction() {
        val s = controller.snapshot
        val side = when (val o = s.opponent) {
            is Opponent.Computer -> o.human
            is Opponent.PassAndPlay -> s.sideToMove
        }
        AlertDialog.Builder(this)
            .setTitle(R.string.react)
            .setItems(reactions.toTypedArray()) { _, i -> controller.react(side, reactions[i]) }
            .show()
    }

    private fun clockView() = TextView(this).apply {
        textSize = 28f
        setTextColor(getColor(R.color.clock_text))
        setPadding(dp(12), dp(4), dp(12), dp(4))
        setBackgroundResource(R.drawable.clock_background)
    }

    private fun reducedMotion(): Boolean =
        SystemSettings.Global.getFloat(contentResolver, SystemSettings.Global.ANIMATOR_DURATION_SCALE, 1f) == 0f

    private fun preferences() = getSharedPreferences("game_screen", Context.MODE_PRIVATE)

    companion object {
        const val EXTRA_GAME_ID = "game_id"
        private const val KEY_EXPLAINED = "must_capture_explained"
        private const val KEY_CONFIRMING = "confirming"
        private const val KEY_RESULT_OPEN = "result_open"
        /** The emoji every front end offers, from the core's catalog. */
        private val reactions: List<String> by lazy { reactionEmojis() }

        fun intent(context: Context, id: Long): Intent =
            Intent(context, GameActivity::class.java).putExtra(EXTRA_GAME_ID, id)
    }
}
