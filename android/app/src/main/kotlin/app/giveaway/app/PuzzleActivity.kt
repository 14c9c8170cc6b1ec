package app.giveaway.app

import android.app.Activity
import android.app.AlertDialog
import android.content.Context
import android.content.Intent
import android.content.res.Configuration
import android.os.Bundle
import android.view.Gravity
import android.view.View
import android.view.ViewGroup
import android.widget.LinearLayout
import android.widget.ProgressBar
import android.widget.ScrollView
import android.widget.Toast
import app.giveaway.R
import app.giveaway.core.GiveawayException
import app.giveaway.core.PuzzleController
import app.giveaway.core.PuzzleState
import app.giveaway.core.PuzzleStatus
import app.giveaway.core.Settings
import app.giveaway.core.TrainerMode

/**
 * A puzzle or a mistake of the player's game on the board: draws the core's [PuzzleState] and turns taps and
 * buttons into [PuzzleController] calls. The controller judges every move, plays the replies, keeps the rating,
 * streak and progress; it outlives a rotation (a move being judged goes on).
 */
class PuzzleActivity : Activity() {
    /** The controller and its relay, kept across a rotation. */
    private class Retained(val controller: PuzzleController, val relay: ScreenRelay)

    private var retained: Retained? = null
    private lateinit var board: BoardView
    private var choiceDialog: AlertDialog? = null

    private val heading by lazy { label(R.string.empty, R.style.TextAppearance_Giveaway_Label) }
    private val status by lazy { title(R.string.empty) }
    private val details by lazy { label(R.string.empty) }
    private val working by lazy {
        ProgressBar(this).apply {
            isIndeterminate = true
            visibility = View.GONE
        }
    }
    private val hint by lazy { iconButton(R.drawable.ic_hint, R.string.hint) { act { hint() } } }
    private val solution by lazy {
        iconButton(R.drawable.ic_solution, R.string.solution) { act { showSolution() } }.apply {
            contentDescription = getString(R.string.show_solution)
        }
    }
    private val retry by lazy { iconButton(R.drawable.ic_retry, R.string.retry) { act { retry() } } }
    private val next by lazy { iconButton(R.drawable.ic_next, R.string.next_puzzle) { act { next() } } }

    override fun onCreate(savedInstanceState: Bundle?) {
        super.onCreate(savedInstanceState)
        val kept = lastNonConfigurationInstance as? Retained
        whenReady { settings ->
            if (kept != null) return@whenReady build(kept, settings)
            val relay = ScreenRelay()
            val mode = TrainerModes.get(intent)
            // Started on the storage thread: choosing the first puzzle reads the player's rating and history.
            val app = application as GiveawayApp
            app.storage({ lib -> lib.puzzleTrainer(mode, relay).also { it.start() } }) { r ->
                r.onSuccess { c ->
                    if (isDestroyed) c.leave() else build(Retained(c, relay), settings)
                }.onFailure { e ->
                    Toast.makeText(this, errorText(e as GiveawayException), Toast.LENGTH_LONG).show()
                    finish()
                }
            }
        }
    }

    private fun build(r: Retained, settings: Settings) {
        retained = r
        r.relay.listener = { render(r.controller.state()) }
        board = BoardView(this).apply {
            boardColors = Themes.board(context, settings.boardTheme)
            pieceColors = Themes.pieces(context, settings.pieceTheme)
            onTap = { act { tap(it.toUInt()) } }
            // A drag is the two taps it stands for: the piece, then where it goes.
            onDrag = { from, to ->
                act {
                    tap(from.toUInt())
                    tap(to.toUInt())
                }
            }
        }
        setContentView(layout())
        // Read after the relay listens: a change made meanwhile (a game's mistakes found) is not missed.
        render(r.controller.state())
    }

    /**
     * The board as wide (portrait) or as high (landscape) as the screen; beside or below it the words, which
     * scroll, over the actions, which never do.
     */
    private fun layout(): View {
        val m = px(R.dimen.screen_margin)
        val statusRow = LinearLayout(this).apply {
            gravity = Gravity.CENTER_VERTICAL
            addView(status, LinearLayout.LayoutParams(0, ViewGroup.LayoutParams.WRAP_CONTENT, 1f))
            addView(working, LinearLayout.LayoutParams(px(R.dimen.space_xl), px(R.dimen.space_xl)))
        }
        val words = column(statusRow, details, heading).apply { setPadding(m, px(R.dimen.space_s), m, m) }
        val fill = ViewGroup.LayoutParams.MATCH_PARENT
        val wrap = ViewGroup.LayoutParams.WRAP_CONTENT
        val panel = column(gap = 0).apply {
            addView(ScrollView(this@PuzzleActivity).apply { addView(words) }, LinearLayout.LayoutParams(fill, 0, 1f))
            addView(row(hint, solution, retry, next, gap = 0), LinearLayout.LayoutParams(fill, wrap))
        }
        return LinearLayout(this).apply {
            if (resources.configuration.orientation == Configuration.ORIENTATION_LANDSCAPE) {
                orientation = LinearLayout.HORIZONTAL
                addView(board, LinearLayout.LayoutParams(wrap, fill))
                addView(panel, LinearLayout.LayoutParams(0, fill, 1f))
            } else {
                orientation = LinearLayout.VERTICAL
                addView(board, LinearLayout.LayoutParams(fill, wrap))
                addView(panel, LinearLayout.LayoutParams(fill, 0, 1f))
            }
        }
    }

    /** A controller call whose state is drawn; a refusal is said instead. */
    private fun act(call: PuzzleController.() -> PuzzleState) {
        val c = retained?.controller ?: return
        try {
            render(c.call())
        } catch (e: GiveawayException) {
            Toast.makeText(this, errorText(e), Toast.LENGTH_SHORT).show()
        }
    }

    private fun render(s: PuzzleState) {
        if (!::board.isInitialized) return
        s.snapshot?.let { snap ->
            val o = s.orientation
            board.show(snap.squares, s.coordinates, snap.notation, o.top.takeIf { o.topFacesAway })
        }
        board.visibility = if (s.snapshot == null) View.INVISIBLE else View.VISIBLE
        heading.text = s.puzzle?.let { p ->
            (listOf(puzzleTitle(p)) + p.themes.map { themeName(it) }).joinToString(" · ")
        }.orEmpty()
        status.text = puzzleStatusText(s)
        details.text = puzzleDetails(s).joinToString("\n")
        details.visibility = if (details.text.isEmpty()) View.GONE else View.VISIBLE
        working.visibility =
            if (s.status == PuzzleStatus.LOADING || s.status == PuzzleStatus.CHECKING) View.VISIBLE else View.GONE
        hint.isEnabled = s.canHint
        solution.isEnabled = s.canShowSolution
        retry.isEnabled = s.canRetry
        next.isEnabled = s.canNext
        showChoices(s)
    }

    /** Two capture paths end on the same square: the player picks one. */
    private fun showChoices(s: PuzzleState) {
        val choices = s.snapshot?.choices.orEmpty()
        if (choices.isEmpty()) {
            choiceDialog?.dismiss()
            choiceDialog = null
            return
        }
        if (choiceDialog?.isShowing == true) return
        choiceDialog = AlertDialog.Builder(this)
            .setTitle(R.string.choose_capture)
            .setCancelable(false)
            .setItems(choices.map { it.text }.toTypedArray()) { _, i ->
                choiceDialog = null
                act { choose(i.toUInt()) }
            }
            .show()
    }

    override fun onRetainNonConfigurationInstance(): Any? = retained

    override fun onDestroy() {
        super.onDestroy()
        choiceDialog?.dismiss()
        val r = retained ?: return
        if (isChangingConfigurations) return
        r.relay.listener = null
        r.controller.leave()
    }

    companion object {
        fun intent(context: Context, mode: TrainerMode): Intent =
            TrainerModes.put(Intent(context, PuzzleActivity::class.java), mode)
    }
}
