package app.giveaway.app

import android.app.Activity
import android.app.AlertDialog
import android.content.Context
import android.content.Intent
import android.content.res.Configuration
import android.os.Bundle
import android.os.Handler
import android.os.Looper
import android.view.Gravity
import android.view.HapticFeedbackConstants
import android.view.View
import android.view.ViewGroup
import android.widget.HorizontalScrollView
import android.widget.LinearLayout
import android.widget.ProgressBar
import android.widget.ScrollView
import android.widget.TextView
import android.widget.Toast
import app.giveaway.R
import app.giveaway.app.online.connectionText
import app.giveaway.app.online.daysClockText
import app.giveaway.app.online.durationWords
import app.giveaway.app.online.endText
import app.giveaway.app.online.endTitle
import app.giveaway.app.online.eventText
import app.giveaway.app.online.onlineGameText
import app.giveaway.core.Color
import app.giveaway.core.GameController
import app.giveaway.core.GameEvent
import app.giveaway.core.GiveawayException
import app.giveaway.core.NoticeKind
import app.giveaway.core.OnlineClient
import app.giveaway.core.OnlineEvent
import app.giveaway.core.OnlineGameStatus
import app.giveaway.core.Opponent
import app.giveaway.core.Outcome
import app.giveaway.core.PlayerOutcome
import app.giveaway.core.RematchState
import app.giveaway.core.ResultView
import app.giveaway.core.ScreenState
import app.giveaway.core.Settings
import app.giveaway.core.Status
import app.giveaway.core.reactionEmojis
import android.provider.Settings as SystemSettings

/**
 * The game screen: draws the core's [ScreenState], turns touches and buttons into [GameController] calls, and
 * voices, sounds and shows its [GameEvent]s. The controller decides everything else (the computer's moves,
 * hints, coach tips, orientation, animation, clocks); the game lives in the core's storage (saved game
 * [EXTRA_GAME_ID]), so rotation keeps the controller and process death reopens the game where it stood.
 */
class GameActivity : Activity() {
    /**
     * What outlives a rotation: the controller with its engine work (a search under way goes on, not started
     * again) and the screen it reports to, set anew by each Activity instance.
     */
    private class Retained(val game: Game, val onlineGame: Long?) {
        var screen: GameActivity? = null
        var animationSeen: ULong? = null
    }

    private var retained: Retained? = null
    private val controller: GameController get() = retained!!.game.controller
    private val built get() = retained?.screen === this && ::board.isInitialized
    private lateinit var board: BoardView
    private lateinit var feedback: Feedback
    private lateinit var words: AndroidWords
    private val ticker = Handler(Looper.getMainLooper())
    private val tick = Runnable { show(controller.tick()) }
    private var gameId = 0L
    private var started = false

    /** The state drawn last. */
    private var state: ScreenState? = null

    private val topBar by lazy { PlayerBarView(this) }
    private val bottomBar by lazy { PlayerBarView(this) }
    private val status by lazy {
        label(R.string.empty, R.style.TextAppearance_Giveaway_Label).apply { setPadding(0, dp(2), 0, dp(2)) }
    }
    private val thinking by lazy {
        ProgressBar(this).apply {
            isIndeterminate = true
            visibility = View.INVISIBLE
            contentDescription = getString(R.string.computer_thinking)
        }
    }
    private val moves by lazy { TextView(this).apply { setTextAppearance(R.style.TextAppearance_Giveaway_Body) } }

    /** Portrait phones: the moves on one line that scrolls with the game (else a list beside or below the board). */
    private var strip: HorizontalScrollView? = null
    private val undo by lazy { iconButton(R.drawable.ic_undo, R.string.undo) { act { undo() } } }
    private val redo by lazy { iconButton(R.drawable.ic_redo, R.string.redo) { act { redo() } } }
    private val hint by lazy { iconButton(R.drawable.ic_hint, R.string.hint) { act { hint() } } }
    private val draw by lazy {
        iconButton(R.drawable.ic_draw, R.string.offer_draw) { ask(R.string.confirm_offer_draw) }
    }
    private val react by lazy { iconButton(R.drawable.ic_react, R.string.react) { pickReaction() } }
    private val more by lazy { iconButton(R.drawable.ic_more, R.string.more) { showMore() } }

    /** A correspondence game's board is closed while the game goes on on the server (the lobby lists it). */
    private val lobby by lazy {
        iconButton(R.drawable.ic_lobby, R.string.lobby) { backToLobby() }.apply {
            contentDescription = getString(R.string.back_to_lobby)
            visibility = View.GONE
        }
    }

    /** Online with "confirm moves" on: the move on the board waits for these, in place of the actions. */
    private val confirmBar by lazy {
        row(
            button(R.string.take_back_move) { act { cancelMove() } },
            primaryButton(R.string.confirm_move) { act { confirmMove() } },
        ).apply {
            gravity = Gravity.CENTER
            visibility = View.GONE
        }
    }
    private var actionRow: View? = null

    /** Dialogs shown for a state, so a state drawn again does not stack them. */
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
                refresh()
                reopen?.let(::ask)
                if (resultWasOpen) (state?.status as? Status.Over)?.let { showResult(it.result, it.forPlayer) }
            }
            return
        }
        if (isOnline) {
            return whenReady { settings ->
                // The online client's board; none when the process came back without the game (the lobby shows it).
                val controller = app.online.client?.game() ?: return@whenReady finish()
                build(Game(gameId, controller, app.online.gameRelay), settings)
            }
        }
        whenReady { settings ->
            // The game the home screen just started, or the saved game opened again (after process death) on the
            // storage thread.
            val handed = app.take(gameId)
            if (handed != null) return@whenReady build(handed, settings)
            val relay = ScreenRelay()
            app.storage({ lib -> lib.openGame(gameId, relay) }) { r ->
                r.onSuccess { controller ->
                    if (isDestroyed) controller.leave() else build(Game(gameId, controller, relay), settings)
                }.onFailure { e ->
                    Toast.makeText(this, errorText(e as GiveawayException), Toast.LENGTH_LONG).show()
                    finish()
                }
            }
        }
    }

    private fun build(game: Game, settings: Settings) {
        val r = Retained(game, (application as GiveawayApp).online.state?.game?.game)
        game.relay.listener = { r.screen?.refresh() }
        attach(r, settings)
        controller.setReducedMotion(reducedMotion())
        // The storage answered while the screen was in the background: no clock runs, no search starts yet.
        if (started) begin() else refresh()
    }

    /** This Activity instance draws [r]'s game: the views, built for the current orientation. */
    private fun attach(r: Retained, settings: Settings) {
        val app = application as GiveawayApp
        retained = r
        r.screen = this
        words = AndroidWords(this)
        board = BoardView(this).apply {
            boardColors = Themes.board(context, settings.boardTheme)
            pieceColors = Themes.pieces(context, settings.pieceTheme)
            animationSeen = r.animationSeen
            onTap = { act { tap(it.toUInt()) } }
            onDrag = { from, to -> act { drag(from.toUInt(), to.toUInt()) } }
        }
        feedback = Feedback(board)
        topBar.pieceColors = board.pieceColors
        bottomBar.pieceColors = board.pieceColors
        setContentView(layout())
        if (isOnline) app.online.listen(onlineListener)
    }

    /** The screen is up: the clocks run and the computer moves when it is its turn. */
    private fun begin() = show(controller.start())

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
        if (built) begin()
    }

    override fun onStop() {
        super.onStop()
        started = false
        ticker.removeCallbacks(tick)
        // A rotation keeps the clocks and the search running for the next instance; online the server keeps time.
        if (built && !isChangingConfigurations && !isOnline) act { pause() }
    }

    override fun onDestroy() {
        super.onDestroy()
        if (::feedback.isInitialized) feedback.release()
        val r = retained ?: return
        if (r.screen === this) r.screen = null
        if (::board.isInitialized) r.animationSeen = board.animationSeen
        if (isOnline) (application as GiveawayApp).online.unlisten(onlineListener)
        if (isChangingConfigurations) return
        // A correspondence board left (Back, Up): closed, the game goes on on the server.
        if (isOnline && isFinishing && !leftToLobby && correspondenceInProgress()) onlineRequest { leaveGame() }
        r.game.relay.listener = null
        // The online board is the client's: it stays with it until the lobby leaves the game.
        if (!isOnline) controller.leave()
    }

    private fun layout(): View {
        val config = resources.configuration
        val landscape = config.orientation == Configuration.ORIENTATION_LANDSCAPE
        val tablet = config.smallestScreenWidthDp >= 600
        val wrap = ViewGroup.LayoutParams.WRAP_CONTENT
        val fill = ViewGroup.LayoutParams.MATCH_PARENT
        val m = px(R.dimen.screen_margin)
        val gap = px(R.dimen.space_s)
        // Whose move it is in words (a capture to make, the computer thinking), with the spinner beside it.
        val spinner = px(R.dimen.space_xl)
        val statusRow = LinearLayout(this).apply {
            gravity = Gravity.CENTER_VERTICAL
            addView(status, LinearLayout.LayoutParams(0, wrap, 1f))
            addView(thinking, LinearLayout.LayoutParams(spinner, spinner))
        }
        // Online, the first-move countdown, the opponent away or this device offline above it.
        val statusLines = column(onlineStatus, statusRow, gap = 0)
        // Online there is no undo nor hint; a draw offer and a reaction are one tap away instead.
        val actions = if (isOnline) {
            row(draw, react, more, lobby, gap = 0)
        } else {
            row(undo, redo, hint, more, gap = 0)
        }
        actionRow = actions
        val moveList = { ScrollView(this).apply { addView(moves) } }
        if (landscape) {
            // The board as high as the screen on one side; the players, moves and actions on the other.
            val panel = column(topBar, statusLines, gap = gap).apply {
                setPadding(m, gap, m, gap)
                addView(moveList(), LinearLayout.LayoutParams(fill, 0, 1f))
                addView(bottomBar)
                addView(actions)
                addView(confirmBar)
            }
            return LinearLayout(this).apply {
                orientation = LinearLayout.HORIZONTAL
                addView(board, LinearLayout.LayoutParams(wrap, fill))
                // A tablet's panel has the width of a phone; a phone's takes what the board leaves.
                val panelWidth = if (tablet) dp(360) else 0
                addView(panel, LinearLayout.LayoutParams(panelWidth, fill, if (tablet) 0f else 1f))
                if (tablet) gravity = Gravity.CENTER_HORIZONTAL
            }
        }
        val half = gap / 2
        val barMargins = { LinearLayout.LayoutParams(fill, wrap).apply { setMargins(half, 2, half, 2) } }
        return column(gap = 0).apply {
            addView(topBar, barMargins())
            addView(board, LinearLayout.LayoutParams(fill, wrap))
            addView(bottomBar, barMargins())
            addView(statusLines, LinearLayout.LayoutParams(fill, wrap).apply { setMargins(m, 0, m, 0) })
            if (tablet) {
                // A tablet has room below the board for the moves as a list.
                addView(moveList(), LinearLayout.LayoutParams(fill, 0, 1f).apply { setMargins(m, 0, m, 0) })
            } else {
                moves.isSingleLine = true
                strip = HorizontalScrollView(this@GameActivity).apply {
                    isHorizontalScrollBarEnabled = false
                    addView(moves)
                }
                addView(strip, LinearLayout.LayoutParams(fill, wrap).apply { setMargins(m, 0, m, 0) })
                addView(View(this@GameActivity), LinearLayout.LayoutParams(fill, 0, 1f))
            }
            addView(actions, LinearLayout.LayoutParams(fill, wrap))
            addView(confirmBar, LinearLayout.LayoutParams(fill, wrap))
        }
    }

    /** A controller call; its state is drawn, or its refusal said. Either way the events since are played. */
    private fun act(call: GameController.() -> ScreenState) {
        val next = try {
            controller.call()
        } catch (e: GiveawayException) {
            Toast.makeText(this, errorText(e), Toast.LENGTH_SHORT).show()
            // A refused call may still have changed the game (a flag fell meanwhile).
            controller.state()
        }
        show(next)
    }

    /** The controller's state now: the computer moved, a hint or coach tip arrived, the search progressed. */
    private fun refresh() = show(controller.state())

    private fun show(s: ScreenState) {
        render(s)
        controller.takeEvents().forEach(::onEvent)
    }

    /** Resign or offer a draw, once confirmed; the question survives a rotation. */
    private fun ask(message: Int) {
        confirming = message
        val (yes, action) = when (message) {
            R.string.confirm_offer_draw -> R.string.offer_draw to { act { offerDraw() } }
            else -> R.string.resign to { act { resign() } }
        }
        AlertDialog.Builder(this)
            .setMessage(message)
            .setPositiveButton(yes) { _, _ -> action() }
            .setNegativeButton(R.string.cancel, null)
            .setOnDismissListener { if (confirming == message) confirming = null }
            .show()
    }

    /** The end, titled by what it means for the player ("You lost"), or who won between two players. */
    private fun showResult(result: ResultView, forPlayer: PlayerOutcome?) {
        if (isOnline) return showOnlineResult()
        resultOpen = true
        val title = when (forPlayer) {
            PlayerOutcome.WON -> R.string.you_won

            PlayerOutcome.LOST -> R.string.you_lost

            PlayerOutcome.DRAWN -> R.string.result_draw

            null -> when (result.outcome) {
                Outcome.WHITE_WINS -> R.string.result_white_wins
                Outcome.BLACK_WINS -> R.string.result_black_wins
                Outcome.DRAW -> R.string.result_draw
            }
        }
        AlertDialog.Builder(this)
            .setTitle(title)
            .setMessage(resultText(result))
            .setPositiveButton(R.string.analyse) { _, _ -> startActivity(ReplayActivity.intent(this, gameId)) }
            .setNeutralButton(R.string.new_game) { _, _ -> finish() }
            .setNegativeButton(R.string.close, null)
            .setOnDismissListener { resultOpen = false }
            .show()
    }

    private fun render(s: ScreenState) {
        if (!::board.isInitialized) return
        state = s
        val snap = s.snapshot
        val o = s.orientation
        board.show(snap.squares, s.coordinates, snap.notation, o.top.takeIf { o.topFacesAway }, s.animation)
        (snap.opponent as? Opponent.Online)?.let { o ->
            // Who plays whom, in the title: "You vs NICK". The rating is in the opponent's bar: with it the title
            // was cut short on a phone.
            title = getString(R.string.you_vs, if (o.human == Color.WHITE) o.black else o.white)
        }
        topBar.show(s.topBar)
        bottomBar.show(s.bottomBar)
        if (isOnline) showCorrespondence(s)
        thinking.visibility = if (s.thinking != null) View.VISIBLE else View.INVISIBLE
        status.text = statusText(s)
        val list = snap.moveList.map { r -> "${r.number}. ${r.white ?: "…"}  ${r.black ?: ""}".trimEnd() }
        val shown = list.joinToString(if (strip == null) "\n" else "   ")
        if (moves.text.toString() != shown) {
            moves.text = shown
            // The newest move in sight.
            strip?.let { st -> st.post { st.scrollTo(moves.width, 0) } }
        }
        val a = s.actions
        undo.isEnabled = a.undo
        redo.isEnabled = a.redo
        hint.isEnabled = a.hint
        draw.isEnabled = a.offerDraw
        react.isEnabled = a.react
        val confirming = snap.proposed != null
        confirmBar.visibility = if (confirming) View.VISIBLE else View.GONE
        actionRow?.visibility = if (confirming) View.GONE else View.VISIBLE
        // A small phone has no room for both the move strip and the taller confirm bar; the pending move is on
        // the board meanwhile.
        strip?.visibility = if (confirming) View.GONE else View.VISIBLE
        showChoices(s)
        showDrawOffer(s)
        ticker.removeCallbacks(tick)
        s.nextTickMs?.let { ticker.postDelayed(tick, it.toLong()) }
    }

    private fun statusText(s: ScreenState): String {
        fun turn(side: Color, mustCapture: Boolean): String {
            val t = getString(R.string.to_move, colorName(side))
            return if (mustCapture) getString(R.string.turn_must_capture, t) else t
        }
        return when (val st = s.status) {
            is Status.YourMove -> turn(s.snapshot.sideToMove, st.mustCapture)
            is Status.SideToMove -> turn(st.side, st.mustCapture)
            is Status.Capturing -> getString(R.string.status_capturing, st.path.joinToString(":"))
            Status.ChooseCapture -> getString(R.string.choose_capture)
            is Status.DrawOffered -> getString(R.string.draw_offered, colorName(st.by))
            Status.ComputerThinking -> getString(R.string.computer_thinking)
            Status.ComputerHeld -> getString(R.string.computer_waiting)
            is Status.Over -> resultText(st.result)
        }.let { text ->
            // A queued premove is said under the turn, so the player knows the tap took.
            s.snapshot.premove?.let { getString(R.string.premove_queued, text, it.text) } ?: text
        }
    }

    private fun showChoices(s: ScreenState) {
        val choices = s.snapshot.choices
        if (choices.isEmpty()) {
            choiceDialog?.dismiss()
            choiceDialog = null
            return
        }
        if (choiceDialog?.isShowing == true) return
        choiceDialog = AlertDialog.Builder(this)
            .setTitle(R.string.choose_capture)
            .setItems(choices.map { it.text }.toTypedArray()) { _, i ->
                choiceDialog = null
                act { choose(i.toUInt()) }
            }
            .setOnCancelListener {
                choiceDialog = null
                act { dismissChoice() }
            }
            .show()
    }

    private fun showDrawOffer(s: ScreenState) {
        val by = s.snapshot.drawOffer
        if (by == null || !s.actions.answerDraw) {
            drawDialog?.dismiss()
            drawDialog = null
            return
        }
        if (drawDialog?.isShowing == true) return
        drawDialog = AlertDialog.Builder(this)
            .setMessage(getString(R.string.draw_offered, colorName(by)))
            .setPositiveButton(R.string.accept) { _, _ ->
                drawDialog = null
                act { acceptDraw() }
            }
            .setNegativeButton(R.string.decline) { _, _ ->
                drawDialog = null
                act { declineDraw() }
            }
            .setCancelable(false)
            .show()
    }

    private fun onEvent(e: GameEvent) {
        when (e) {
            is GameEvent.Moved -> {
                val capture = e.mv.captured.isNotEmpty()
                val haptic = if (capture) HapticFeedbackConstants.LONG_PRESS else HapticFeedbackConstants.CLOCK_TICK
                feedback.play(e.cue, haptic)
                if (e.byOpponent) board.announceForAccessibility(words.move(e.announcement))
            }

            is GameEvent.Ended -> {
                feedback.play(e.cue, HapticFeedbackConstants.LONG_PRESS)
                board.announceForAccessibility(resultText(e.result))
                // Online, the result waits for the server's end with the rating change (onlineChanged).
                if (!isOnline) showResult(e.result, e.forPlayer)
            }

            is GameEvent.CoachTip -> {
                val t = e.tip
                val kind = getString(
                    when (t.`class`) {
                        "blunder" -> R.string.class_blunder
                        "mistake" -> R.string.class_mistake
                        else -> R.string.class_inaccuracy
                    },
                )
                val text = getString(R.string.coach_tip, kind, t.played.text, t.better.text)
                AlertDialog.Builder(this).setTitle(R.string.coach).setMessage(text)
                    .setPositiveButton(R.string.undo) { _, _ -> act { undo() } }
                    .setNegativeButton(R.string.close, null)
                    .show()
                board.announceForAccessibility(text)
            }

            is GameEvent.ExplainMustCapture -> explainMustCapture()

            is GameEvent.HeldBack -> {
                feedback.play(e.cue, HapticFeedbackConstants.REJECT)
                when (e.notice.kind) {
                    NoticeKind.MUST_CAPTURE_ELSEWHERE -> explainMustCapture()

                    NoticeKind.PIECE_CANNOT_MOVE ->
                        Toast.makeText(this, R.string.piece_cannot_move, Toast.LENGTH_SHORT).show()

                    NoticeKind.PREMOVE_DROPPED -> {
                        Toast.makeText(this, R.string.premove_dropped, Toast.LENGTH_SHORT).show()
                        board.announceForAccessibility(getString(R.string.premove_dropped))
                    }
                }
            }

            is GameEvent.LowTime -> {
                feedback.play(e.cue, HapticFeedbackConstants.REJECT)
                board.announceForAccessibility(getString(R.string.low_time))
            }

            is GameEvent.Reacted -> board.announceForAccessibility(e.reaction.emoji)

            is GameEvent.Failed -> Toast.makeText(this, R.string.error_engine, Toast.LENGTH_LONG).show()
        }
    }

    private fun explainMustCapture() {
        AlertDialog.Builder(this).setTitle(R.string.must_capture_title).setMessage(R.string.must_capture_text)
            .setPositiveButton(R.string.got_it, null)
            .show()
    }

    private fun pickReaction() {
        val side = state?.actingSide ?: return
        AlertDialog.Builder(this)
            .setTitle(R.string.react)
            .setItems(reactions.toTypedArray()) { _, i -> act { react(side, reactions[i]) } }
            .show()
    }

    /** The actions a tap on "More" offers now: resign, a draw, flip the board, react, share the game. */
    private fun showMore() {
        val s = state ?: return
        val a = s.actions
        val items = mutableListOf<Pair<Int, () -> Unit>>()
        if (!isOnline && a.offerDraw) items += R.string.offer_draw to { ask(R.string.confirm_offer_draw) }
        if (a.resign) items += R.string.resign to { ask(R.string.confirm_resign) }
        items += R.string.flip_board to { act { flipBoard() } }
        if (!isOnline && a.react) items += R.string.react to { pickReaction() }
        s.snapshot.gameId?.let { id -> items += R.string.share_game to { shareGame(id) } }
        AlertDialog.Builder(this)
            .setItems(items.map { getString(it.first) }.toTypedArray()) { _, i -> items[i].second() }
            .show()
    }

    private fun shareGame(id: Long) = (application as GiveawayApp).storage({ lib -> lib.exportPdn(id) }) { r ->
        r.onSuccess(this::sharePdn)
            .onFailure { e -> Toast.makeText(this, errorText(e as GiveawayException), Toast.LENGTH_LONG).show() }
    }

    private fun reducedMotion(): Boolean =
        SystemSettings.Global.getFloat(contentResolver, SystemSettings.Global.ANIMATOR_DURATION_SCALE, 1f) == 0f

    /** The online game's words beside the board: the players' ratings, the connection, the result. */
    private val onlineListener: (List<OnlineEvent>) -> Unit = ::onlineChanged
    private val isOnline get() = intent.getBooleanExtra(EXTRA_ONLINE, false)
    private val onlineStatus by lazy {
        label(R.string.empty, R.style.TextAppearance_Giveaway_Label).apply { visibility = View.GONE }
    }
    private var rematchDialog: AlertDialog? = null

    private fun onlineChanged(events: List<OnlineEvent>) {
        val online = (application as GiveawayApp).online
        val s = online.state ?: return
        val game = s.game
        val mine = retained?.onlineGame
        // A rematch (or another game) began: its board replaces this one.
        if (game != null && mine != null && game.game != mine && s.actions.backToGame) {
            online.opened = game.game
            startActivity(onlineIntent(this))
            return finish()
        }
        events.firstNotNullOfOrNull { e ->
            eventText(e)?.takeIf {
                e is OnlineEvent.MoveRefused ||
                    e is OnlineEvent.Refused
            }
        }
            ?.let { Toast.makeText(this, it, Toast.LENGTH_LONG).show() }
        if (game == null || !::board.isInitialized) return
        showOnlineStatus()
        if (game.status is OnlineGameStatus.Over && !resultOpen &&
            events.any { it is OnlineEvent.GameEnded }
        ) {
            showOnlineResult()
        }
        showRematchOffer(game.rematch == RematchState.OFFERED_TO_YOU, game.opponent.nickname)
        refresh()
    }

    /**
     * The line above the board: the first-move countdown, the connection; in correspondence the days per move and
     * the time left of the side to move (its clock), in words.
     */
    private fun showOnlineStatus() {
        val s = (application as GiveawayApp).online.state ?: return
        val clocks = state?.snapshot?.clocks
        val left = clocks?.running?.let { if (it == Color.WHITE) clocks.whiteMs else clocks.blackMs }
        val text = onlineGameText(s, left) ?: s.problem?.let { connectionText(s) } ?: ""
        if (onlineStatus.text.toString() != text) onlineStatus.text = text
        onlineStatus.visibility = if (text.isEmpty()) View.GONE else View.VISIBLE
    }

    /** This board's game, as the client shows it now; null once another game (a rematch) or none is shown. */
    private fun onlineGame() =
        (application as GiveawayApp).online.state?.game?.takeIf { it.game == retained?.onlineGame }

    private fun correspondenceInProgress(): Boolean =
        onlineGame()?.let { it.daysPerMove != null && it.status !is OnlineGameStatus.Over } == true

    /**
     * Correspondence: Lobby while the game goes on, clocks of a day or more as days and hours ("2 d 5 h"), and the
     * line above the board kept current with the clock.
     */
    private fun showCorrespondence(s: ScreenState) {
        val game = onlineGame()
        lobby.visibility = if (game?.daysPerMove != null && game.actions.backToLobby) View.VISIBLE else View.GONE
        if (game?.daysPerMove == null) return
        val clocks = s.snapshot.clocks ?: return
        for (bar in listOf(topBar to s.topBar, bottomBar to s.bottomBar)) {
            val ms = if (bar.second.side == Color.WHITE) clocks.whiteMs else clocks.blackMs
            val days = daysClockText(ms) ?: continue
            bar.first.clock.text = days
            bar.first.clock.contentDescription =
                getString(R.string.clock_description, colorName(bar.second.side), durationWords(ms))
        }
        showOnlineStatus()
    }

    private var leftToLobby = false

    /** Closes a correspondence game's board: the game goes on, and the lobby lists it. */
    private fun backToLobby() {
        leftToLobby = true
        onlineRequest { leaveGame() }
        finish()
    }

    /** The end as the server told it, with the rating change: rematch, analysis, or back to the lobby. */
    private fun showOnlineResult() {
        val online = (application as GiveawayApp).online
        val game = online.state?.game ?: return
        val end = (game.status as? OnlineGameStatus.Over)?.end ?: return
        resultOpen = true
        val dialog = AlertDialog.Builder(this)
            .setTitle(endTitle(end, game.you, game.opponent.nickname))
            .setMessage(endText(end, game.you))
            // An arena game has no rematch: the arena pairs again, and its screen is the one below.
            .setNegativeButton(if (game.arena != null) R.string.back_to_arena else R.string.lobby) { _, _ ->
                onlineRequest { leaveGame() }
                finish()
            }
            .setOnDismissListener { resultOpen = false }
        if (game.actions.offerRematch) {
            dialog.setPositiveButton(R.string.rematch) { _, _ ->
                onlineRequest { offerRematch() }
            }
        }
        end.savedId?.let { id ->
            dialog.setNeutralButton(R.string.analyse) { _, _ -> startActivity(ReplayActivity.intent(this, id)) }
        }
        dialog.show()
    }

    private fun showRematchOffer(offered: Boolean, nickname: String) {
        if (!offered) {
            rematchDialog?.dismiss()
            rematchDialog = null
            return
        }
        if (rematchDialog?.isShowing == true) return
        rematchDialog = AlertDialog.Builder(this)
            .setMessage(getString(R.string.rematch_offered, nickname))
            .setPositiveButton(R.string.accept) { _, _ ->
                rematchDialog = null
                onlineRequest { offerRematch() }
            }
            .setNegativeButton(R.string.decline) { _, _ ->
                rematchDialog = null
                onlineRequest { declineRematch() }
            }
            .show()
    }

    private fun onlineRequest(call: OnlineClient.() -> Unit) {
        val client = (application as GiveawayApp).online.client ?: return
        try {
            client.call()
        } catch (e: GiveawayException) {
            val text = if (e is GiveawayException.Unavailable) getString(R.string.error_offline) else errorText(e)
            Toast.makeText(this, text, Toast.LENGTH_LONG).show()
        }
    }

    companion object {
        const val EXTRA_GAME_ID = "game_id"
        private const val EXTRA_ONLINE = "online"
        private const val KEY_CONFIRMING = "confirming"
        private const val KEY_RESULT_OPEN = "result_open"

        /** The emoji every front end offers, from the core's catalog. */
        private val reactions: List<String> by lazy { reactionEmojis() }

        fun intent(context: Context, id: Long): Intent =
            Intent(context, GameActivity::class.java).putExtra(EXTRA_GAME_ID, id)

        /** The online client's game (the lobby opens it). */
        fun onlineIntent(
            context: Context,
        ): Intent = Intent(context, GameActivity::class.java).putExtra(EXTRA_ONLINE, true)
    }
}
