package app.giveaway.app

import android.app.Activity
import android.content.Context
import android.content.Intent
import android.os.Bundle
import android.view.View
import android.widget.LinearLayout
import android.widget.ProgressBar
import android.widget.ScrollView
import android.widget.SeekBar
import android.widget.TextView
import android.widget.Toast
import app.giveaway.R
import app.giveaway.core.GiveawayException
import app.giveaway.core.Replay
import app.giveaway.core.Settings
import app.giveaway.logic.BoardOrientation
import app.giveaway.logic.GameUiState
import app.giveaway.logic.HintState
import app.giveaway.logic.ReplayController
import app.giveaway.logic.ReplayUiState
import kotlinx.coroutines.MainScope
import kotlinx.coroutines.cancel

/** Replay a saved game with a slider, and its post-game analysis: graph, classified moves, jump to mistakes. */
class ReplayActivity : Activity() {
    private val scope = MainScope()
    private lateinit var controller: ReplayController
    private lateinit var board: BoardView
    // Padded to a 48 dp touch target (the bare bar is 24 dp high).
    private val slider by lazy { SeekBar(this).apply { setPadding(dp(16), dp(12), dp(16), dp(12)) } }
    private val position by lazy { TextView(this).apply { setPadding(dp(8), dp(4), dp(8), dp(4)) } }
    private val review by lazy { label(R.string.empty) }
    private val graph by lazy { EvalGraphView(this).apply { onPosition = { controller.goTo(it) } } }
    private val progress by lazy { ProgressBar(this, null, android.R.attr.progressBarStyleHorizontal).apply { visibility = View.GONE } }
    private val analyse by lazy { button(R.string.analyse) { controller.analyse() } }
    private val nextMistake by lazy { button(R.string.next_mistake) { controller.nextMistake() } }
    private var gameId = 0L

    override fun onCreate(savedInstanceState: Bundle?) {
        super.onCreate(savedInstanceState)
        val app = application as GiveawayApp
        gameId = intent.getLongExtra(GameActivity.EXTRA_GAME_ID, 0L)
        val ply = savedInstanceState?.getInt(KEY_PLY)
        whenReady { settings ->
            app.storage({ lib -> lib.replay(gameId) }) { r ->
                r.onSuccess { if (!isDestroyed) build(it, settings, ply) }.onFailure { e ->
                    Toast.makeText(this, errorText(e as GiveawayException), Toast.LENGTH_LONG).show()
                    finish()
                }
            }
        }
    }

    private fun build(replay: Replay, settings: Settings, ply: Int?) {
        replay.setNotation(settings.notation)
        board = BoardView(this).apply {
            interactive = false
            boardColors = Themes.board(context, settings.boardTheme)
            pieceColors = Themes.pieces(context, settings.pieceTheme)
        }
        controller = ReplayController(replay, scope, ::render, { e ->
            Toast.makeText(this, errorText(e), Toast.LENGTH_LONG).show()
        }, { block -> runOnUiThread(block) })
        slider.max = controller.plies
        slider.setOnSeekBarChangeListener(object : SeekBar.OnSeekBarChangeListener {
            override fun onProgressChanged(bar: SeekBar?, value: Int, fromUser: Boolean) {
                if (fromUser) controller.goTo(value)
            }
            override fun onStartTrackingTouch(bar: SeekBar?) = Unit
            override fun onStopTrackingTouch(bar: SeekBar?) = Unit
        })
        val content = column(
            row(button(R.string.first) { controller.first() }, button(R.string.previous) { controller.previous() },
                button(R.string.next) { controller.next() }, button(R.string.last) { controller.last() }),
            slider, position, row(analyse, nextMistake), progress, graph, review,
            button(R.string.share_pdn) { share() },
        )
        setContentView(LinearLayout(this).apply {
            orientation = LinearLayout.VERTICAL
            addView(board)
            addView(ScrollView(context).apply { addView(content) }, LinearLayout.LayoutParams(LinearLayout.LayoutParams.MATCH_PARENT, 0, 1f))
        })
        ply?.let { controller.goTo(it) } ?: controller.start()
    }

    override fun onSaveInstanceState(outState: Bundle) {
        super.onSaveInstanceState(outState)
        if (::controller.isInitialized) outState.putInt(KEY_PLY, controller.state.ply)
    }

    override fun onDestroy() {
        super.onDestroy()
        if (::controller.isInitialized) controller.close()
        scope.cancel()
    }

    private fun render(s: ReplayUiState) {
        val orientation = BoardOrientation(flipped = false, topFacesAway = false)
        board.show(GameUiState(s.snapshot, orientation, HintState(), null, 0L, false, false))
        slider.progress = s.ply
        position.text = getString(R.string.replay_position, s.ply, s.plies)
        progress.visibility = if (s.progress != null) View.VISIBLE else View.GONE
        s.progress?.let { (done, total) ->
            progress.max = total
            progress.progress = done
        }
        analyse.visibility = if (s.analysis == null && s.progress == null) View.VISIBLE else View.GONE
        nextMistake.visibility = if (s.analysis != null) View.VISIBLE else View.GONE
        graph.show(s.analysis, s.ply)
        review.text = reviewText(s)
    }

    private fun reviewText(s: ReplayUiState): String {
        val a = s.analysis ?: return ""
        val accuracy = getString(
            R.string.accuracy,
            a.whiteAccuracy?.let { Math.round(it).toInt() } ?: 0,
            a.blackAccuracy?.let { Math.round(it).toInt() } ?: 0,
        )
        val r = s.review ?: return accuracy
        val kind = getString(
            when (r.`class`) {
                "best" -> R.string.class_best
                "good" -> R.string.class_good
                "inaccuracy" -> R.string.class_inaccuracy
                "mistake" -> R.string.class_mistake
                else -> R.string.class_blunder
            }
        )
        val line = r.best?.let { getString(R.string.review_better, r.played.text, kind, it.text) }
            ?: getString(R.string.review, r.played.text, kind)
        return "$accuracy\n$line"
    }

    private fun share() {
        (application as GiveawayApp).storage({ lib -> lib.exportPdn(gameId) }) { r ->
            r.onSuccess { pdn ->
                startActivity(Intent.createChooser(Intent(Intent.ACTION_SEND).apply {
                    type = "application/x-chess-pdn"
                    putExtra(Intent.EXTRA_TEXT, pdn)
                }, getString(R.string.share_pdn)))
            }.onFailure { e -> Toast.makeText(this, errorText(e as GiveawayException), Toast.LENGTH_LONG).show() }
        }
    }

    companion object {
        private const val KEY_PLY = "ply"

        fun intent(context: Context, id: Long): Intent =
            Intent(context, ReplayActivity::class.java).putExtra(GameActivity.EXTRA_GAME_ID, id)
    }
}
