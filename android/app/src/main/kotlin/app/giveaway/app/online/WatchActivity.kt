package app.giveaway.app.online

import android.app.Activity
import android.content.Context
import android.content.Intent
import android.content.res.Configuration
import android.os.Bundle
import android.view.View
import android.widget.LinearLayout
import android.widget.ScrollView
import app.giveaway.R
import app.giveaway.app.BoardView
import app.giveaway.app.GiveawayApp
import app.giveaway.app.PlayerBarView
import app.giveaway.app.Themes
import app.giveaway.app.column
import app.giveaway.app.label
import app.giveaway.app.px
import app.giveaway.app.reasonText
import app.giveaway.app.whenReady
import app.giveaway.core.Color
import app.giveaway.core.OnlineEvent
import app.giveaway.core.WatchScreen
import app.giveaway.core.timeControlLabel

/**
 * A game watched live: the board (nothing on it can be moved), the players' bars with their clocks as they run
 * and a reaction just shown, how many watch, whose move it is or how the game ended, and the moves. Everything
 * shown is the client's `watching` screen; leaving stops watching.
 */
class WatchActivity : Activity() {
    private val online get() = (application as GiveawayApp).online
    private lateinit var board: BoardView
    private lateinit var topBar: PlayerBarView
    private lateinit var bottomBar: PlayerBarView
    private val heading by lazy { label(R.string.empty, R.style.TextAppearance_Giveaway_Section) }
    private val status by lazy { label(R.string.empty) }
    private val moves by lazy { label(R.string.empty, R.style.TextAppearance_Giveaway_Label) }
    private val listener: (List<OnlineEvent>) -> Unit = { show() }

    override fun onCreate(savedInstanceState: Bundle?) {
        super.onCreate(savedInstanceState)
        whenReady { settings ->
            board = BoardView(this).apply {
                interactive = false
                boardColors = Themes.board(context, settings.boardTheme)
                pieceColors = Themes.pieces(context, settings.pieceTheme)
            }
            val pieces = Themes.pieces(this, settings.pieceTheme)
            topBar = PlayerBarView(this).apply { pieceColors = pieces }
            bottomBar = PlayerBarView(this).apply { pieceColors = pieces }
            val details = column(heading, status, moves).apply {
                val m = px(R.dimen.screen_margin)
                setPadding(m, m / 2, m, m)
            }
            val landscape = resources.configuration.orientation == Configuration.ORIENTATION_LANDSCAPE
            setContentView(
                LinearLayout(this).apply {
                    if (landscape) {
                        // The board takes the full height; the bars and the words beside it.
                        orientation = LinearLayout.HORIZONTAL
                        val fill = LinearLayout.LayoutParams.MATCH_PARENT
                        addView(board, LinearLayout.LayoutParams(LinearLayout.LayoutParams.WRAP_CONTENT, fill))
                        val side = column(topBar, bottomBar, details, gap = 0)
                        addView(
                            ScrollView(context).apply { addView(side) },
                            LinearLayout.LayoutParams(0, fill, 1f),
                        )
                    } else {
                        orientation = LinearLayout.VERTICAL
                        addView(topBar)
                        addView(board)
                        addView(bottomBar)
                        addView(
                            ScrollView(context).apply { addView(details) },
                            LinearLayout.LayoutParams(LinearLayout.LayoutParams.MATCH_PARENT, 0, 1f),
                        )
                    }
                },
            )
            online.listen(listener)
        }
    }

    override fun onDestroy() {
        super.onDestroy()
        online.unlisten(listener)
        if (isFinishing) online.client?.stopWatching()
    }

    private fun show() {
        val w = online.state?.watching
        if (w == null) {
            title = getString(R.string.watch_loading)
            return
        }
        title = getString(R.string.watch_title, w.white.nickname, w.black.nickname)
        board.show(w.board.squares)
        topBar.show(w.top)
        bottomBar.show(w.bottom)
        heading.text = listOf(
            timeControlLabel(w.timeControl),
            speedName(w.speed),
            getString(if (w.rated) R.string.rated_game else R.string.casual_game),
            resources.getQuantityString(R.plurals.watching_count, w.spectators.toInt(), w.spectators.toInt()),
        ).joinToString(" · ")
        status.text = statusText(w)
        moves.text = w.moves.chunked(2).mapIndexed { i, pair -> "${i + 1}. ${pair.joinToString("  ")}" }
            .joinToString("   ")
        moves.visibility = if (w.moves.isEmpty()) View.GONE else View.VISIBLE
    }

    /** Whose move it is, or how the game ended, in words. */
    private fun statusText(w: WatchScreen): String {
        val end = w.end ?: run {
            val side = if (w.moves.size % 2 == 0) w.white.nickname else w.black.nickname
            return getString(R.string.watch_to_move, side)
        }
        val reason = end.reason ?: return getString(R.string.aborted)
        return when (val winner = end.winner) {
            null -> getString(R.string.watch_drawn, reasonText(reason))

            else -> getString(
                R.string.watch_won,
                if (winner == Color.WHITE) w.white.nickname else w.black.nickname,
                reasonText(reason),
            )
        }
    }

    companion object {
        /** Watches [game] (asked of the server now) and opens its screen. */
        fun open(context: Context, game: Long) {
            (context.applicationContext as GiveawayApp).online.client?.let { c ->
                runCatching { c.watch(game) }
            }
            context.startActivity(Intent(context, WatchActivity::class.java))
        }
    }
}
