package app.giveaway.app

import android.app.Activity
import android.content.Context
import android.content.Intent
import android.content.res.Configuration
import android.os.Bundle
import android.view.View
import android.widget.LinearLayout
import android.widget.ProgressBar
import android.widget.ScrollView
import android.widget.SeekBar
import android.widget.TextView
import android.widget.Toast
import app.giveaway.R
import app.giveaway.core.Color
import app.giveaway.core.ExactOutcome
import app.giveaway.core.ExactValue
import app.giveaway.core.ExactVerdict
import app.giveaway.core.ForcedLoss
import app.giveaway.core.GiveawayException
import app.giveaway.core.ReplayController
import app.giveaway.core.ReplayState
import app.giveaway.core.Settings
import app.giveaway.core.ThrownAway
import app.giveaway.core.TurningPoint

/**
 * Replay a saved game with a slider, and its post-game analysis: graph, classified moves, jump to mistakes. The
 * core's [ReplayController] steps through the game and runs the analysis in the background; this draws its
 * [ReplayState].
 */
class ReplayActivity : Activity() {
    private var controller: ReplayController? = null
    private val relay = ScreenRelay()
    private lateinit var board: BoardView

    // Padded to a 48 dp touch target (the bare bar is 24 dp high).
    private val slider by lazy { SeekBar(this).apply { setPadding(dp(16), dp(12), dp(16), dp(12)) } }
    private val position by lazy { label(R.string.empty) }
    private val review by lazy { label(R.string.empty) }
    private val graph by lazy { EvalGraphView(this).apply { onFraction = { f -> act { goToFraction(f) } } } }
    private val progress by lazy {
        ProgressBar(this, null, android.R.attr.progressBarStyleHorizontal).apply {
            visibility =
                View.GONE
        }
    }
    private val analyse by lazy { primaryButton(R.string.analyse) { act { analyse() } } }
    private val nextMistake by lazy { button(R.string.next_mistake) { act { nextMistake() } } }
    private val mistakes by lazy {
        tonalButton(R.string.learn_from_mistakes) {
            startActivity(PuzzleActivity.intent(this, app.giveaway.core.TrainerMode.Mistakes(gameId)))
        }
    }
    private var gameId = 0L

    /** The state drawn last. */
    private var state: ReplayState? = null

    override fun onCreate(savedInstanceState: Bundle?) {
        super.onCreate(savedInstanceState)
        val app = application as GiveawayApp
        gameId = intent.getLongExtra(GameActivity.EXTRA_GAME_ID, 0L)
        val ply = savedInstanceState?.getInt(KEY_PLY)
        val analysed = savedInstanceState?.getBoolean(KEY_ANALYSED) ?: false
        whenReady { settings ->
            app.storage({ lib -> lib.openReplay(gameId, relay) }) { r ->
                r.onSuccess { c -> if (isDestroyed) c.leave() else build(c, settings, ply, analysed) }.onFailure { e ->
                    Toast.makeText(this, errorText(e as GiveawayException), Toast.LENGTH_LONG).show()
                    finish()
                }
            }
        }
    }

    private fun build(c: ReplayController, settings: Settings, ply: Int?, analysed: Boolean) {
        controller = c
        relay.listener = { act { state() } }
        board = BoardView(this).apply {
            interactive = false
            boardColors = Themes.board(context, settings.boardTheme)
            pieceColors = Themes.pieces(context, settings.pieceTheme)
        }
        slider.setOnSeekBarChangeListener(object : SeekBar.OnSeekBarChangeListener {
            override fun onProgressChanged(bar: SeekBar?, value: Int, fromUser: Boolean) {
                if (fromUser) act { goTo(value.toUInt()) }
            }
            override fun onStartTrackingTouch(bar: SeekBar?) = Unit
            override fun onStopTrackingTouch(bar: SeekBar?) = Unit
        })
        val content = column(
            row(
                button(R.string.first) { act { first() } }, button(R.string.previous) { act { previous() } },
                button(R.string.next) { act { next() } }, button(R.string.last) { act { last() } },
            ),
            slider, position, row(analyse, nextMistake), mistakes, progress, graph, review,
            button(R.string.share_pdn) { share() },
        ).apply {
            val m = px(R.dimen.screen_margin)
            setPadding(m, m, m, m)
        }
        // Landscape: the controls beside the board, which takes the full height (below it they had no room).
        val landscape = resources.configuration.orientation == Configuration.ORIENTATION_LANDSCAPE
        val controls = ScrollView(this).apply { addView(content) }
        setContentView(
            LinearLayout(this).apply {
                if (landscape) {
                    orientation = LinearLayout.HORIZONTAL
                    val fill = LinearLayout.LayoutParams.MATCH_PARENT
                    addView(board, LinearLayout.LayoutParams(LinearLayout.LayoutParams.WRAP_CONTENT, fill))
                    addView(controls, LinearLayout.LayoutParams(0, LinearLayout.LayoutParams.MATCH_PARENT, 1f))
                } else {
                    orientation = LinearLayout.VERTICAL
                    addView(board)
                    addView(controls, LinearLayout.LayoutParams(LinearLayout.LayoutParams.MATCH_PARENT, 0, 1f))
                }
            },
        )
        // After a rotation: the same position, and the analysis again (read from the core's cache at once).
        act { ply?.let { goTo(it.toUInt()) } ?: state() }
        if (analysed) act { analyse() }
    }

    /** A controller call whose state is drawn; a refusal is said instead. */
    private fun act(call: ReplayController.() -> ReplayState) {
        val c = controller ?: return
        try {
            render(c.call())
        } catch (e: GiveawayException) {
            Toast.makeText(this, errorText(e), Toast.LENGTH_LONG).show()
        }
    }

    override fun onSaveInstanceState(outState: Bundle) {
        super.onSaveInstanceState(outState)
        state?.let {
            outState.putInt(KEY_PLY, it.ply.toInt())
            outState.putBoolean(KEY_ANALYSED, it.analysis != null || it.progress != null)
        }
    }

    override fun onDestroy() {
        super.onDestroy()
        relay.listener = null
        controller?.leave()
    }

    private fun render(s: ReplayState) {
        if (s.error != null &&
            s.error != state?.error
        ) {
            Toast.makeText(this, R.string.error_engine, Toast.LENGTH_LONG).show()
        }
        state = s
        board.show(s.snapshot.squares, s.coordinates, s.snapshot.notation)
        slider.max = s.plies.toInt()
        slider.progress = s.ply.toInt()
        position.text = getString(R.string.replay_position, s.ply.toInt(), s.plies.toInt())
        val p = s.progress
        progress.visibility = if (p != null) View.VISIBLE else View.GONE
        if (p != null) {
            progress.max = p.total.toInt()
            progress.progress = p.done.toInt()
        }
        analyse.visibility = if (s.canAnalyse) View.VISIBLE else View.GONE
        nextMistake.visibility = if (s.markers.isNotEmpty()) View.VISIBLE else View.GONE
        mistakes.visibility = nextMistake.visibility
        val a = s.analysis
        fun percent(v: Double?) = v?.let { Math.round(it).toInt() } ?: 0
        val white = percent(a?.whiteAccuracy)
        val black = percent(a?.blackAccuracy)
        graph.show(
            a?.whiteChances ?: emptyList(), s.markers, s.ply.toInt(),
            a?.let {
                getString(R.string.graph_description, white, black)
            },
        )
        val accuracy = a?.let { getString(R.string.accuracy, white, black) }
        val turningPoints = a?.turningPoints?.map(::turningPointText) ?: emptyList()
        val forcedLoss = a?.forcedLoss?.let(::forcedLossText)
        val verdict = s.review?.exact?.let(::verdictText)
        review.text =
            (listOfNotNull(accuracy) + turningPoints + listOfNotNull(forcedLoss, reviewText(s), verdict))
                .joinToString("\n")
    }

    /** An exact value from the endgame tables, in words. */
    private fun valueText(v: ExactValue): String {
        val moves = v.moves.toInt()
        val inMoves = resources.getQuantityString(R.plurals.moves_count, moves, moves)
        return when (v.outcome) {
            ExactOutcome.WIN -> if (moves ==
                0
            ) {
                getString(R.string.tables_won)
            } else {
                getString(R.string.tables_win, inMoves)
            }

            ExactOutcome.LOSS -> getString(R.string.tables_loss, inMoves)

            ExactOutcome.DRAW -> getString(R.string.tables_draw)
        }
    }

    /** The tables' verdict on the move that led to the board shown. */
    private fun verdictText(v: ExactVerdict): String = getString(
        R.string.tables_verdict,
        when (v.threwAway) {
            ThrownAway.WIN -> getString(R.string.tables_thrown_win, valueText(v.before))
            ThrownAway.DRAW -> getString(R.string.tables_thrown_draw)
            null -> valueText(v.before)
        },
    )

    /** Where the game was lost by force, as the proof search showed, and the move that lost it. */
    private fun forcedLossText(f: ForcedLoss): String {
        val side = getString(if (f.loser == Color.WHITE) R.string.white else R.string.black)
        val line = resources.getQuantityString(R.plurals.moves_count, f.moves.toInt(), f.moves.toInt())
        val mistake = f.mistake
        val number = f.mistakeMoveNumber?.toInt()
        return when {
            mistake == null || number == null -> getString(R.string.forced_loss_start, side, line)
            f.proven -> getString(R.string.forced_loss_mistake, side, f.moveNumber.toInt(), line, mistake.text, number)
            else -> getString(R.string.forced_loss_maybe, side, f.moveNumber.toInt(), line, mistake.text, number)
        }
    }

    /** A move that threw away a win or a draw the tables prove. */
    private fun turningPointText(t: TurningPoint): String {
        val side = getString(if (t.mover == Color.WHITE) R.string.white else R.string.black)
        return when (t.threwAway) {
            ThrownAway.WIN ->
                getString(R.string.turning_point_win, side, valueText(t.before), t.moveNumber.toInt(), t.played.text)

            ThrownAway.DRAW -> getString(R.string.turning_point_draw, side, t.moveNumber.toInt(), t.played.text)
        }
    }

    /** The judgement of the move that led to the board shown. */
    private fun reviewText(s: ReplayState): String? {
        val r = s.review ?: return null
        val kind = getString(
            when (r.`class`) {
                "best" -> R.string.class_best
                "good" -> R.string.class_good
                "inaccuracy" -> R.string.class_inaccuracy
                "mistake" -> R.string.class_mistake
                else -> R.string.class_blunder
            },
        )
        return r.best?.let { getString(R.string.review_better, r.played.text, kind, it.text) }
            ?: getString(R.string.review, r.played.text, kind)
    }

    private fun share() {
        (application as GiveawayApp).storage({ lib -> lib.exportPdn(gameId) }) { r ->
            r.onSuccess(this::sharePdn)
                .onFailure { e -> Toast.makeText(this, errorText(e as GiveawayException), Toast.LENGTH_LONG).show() }
        }
    }

    companion object {
        private const val KEY_PLY = "ply"
        private const val KEY_ANALYSED = "analysed"

        fun intent(context: Context, id: Long): Intent =
            Intent(context, ReplayActivity::class.java).putExtra(GameActivity.EXTRA_GAME_ID, id)
    }
}
