package app.giveaway.app

import android.app.Activity
import android.app.AlertDialog
import android.content.Intent
import android.net.Uri
import android.os.Bundle
import android.view.View
import android.view.ViewGroup
import android.widget.BaseAdapter
import android.widget.LinearLayout
import android.widget.ListView
import android.widget.TextView
import android.widget.Toast
import app.giveaway.R
import app.giveaway.core.Color
import app.giveaway.core.GameLibrary
import app.giveaway.core.GameList
import app.giveaway.core.GameListState
import app.giveaway.core.GameMode
import app.giveaway.core.GameSummaryView
import app.giveaway.core.GiveawayException
import app.giveaway.core.ListFilter
import app.giveaway.core.Outcome
import app.giveaway.core.PlayerOutcome
import app.giveaway.core.ResultFilter
import app.giveaway.core.levels
import app.giveaway.core.timeControlLabel
import java.io.File
import java.text.DateFormat
import java.util.Date

/** Every saved game: the list's filter with no chip set. */
val ALL_GAMES = ListFilter(mode = null, result = null, level = null, inProgress = null, withinDays = null)

/** The games still being played. */
val UNFINISHED = ALL_GAMES.copy(inProgress = true)

/**
 * Saved games: filters, resume, replay and analysis, share as PDN, delete; also opens PDN files shared in. The
 * core's [GameList] pages the list; the list, import, export and statistics run on the app's storage thread.
 */
class GamesActivity : Activity() {
    private val app get() = application as GiveawayApp

    /** The paged list; only used on the storage thread. */
    private var gameList: GameList? = null
    private val adapter = Rows()
    private val count by lazy { label(R.string.empty, R.style.TextAppearance_Giveaway_Label) }
    private var filter = ALL_GAMES
    private var built = false
    private var loadingMore = false

    /** The list as the storage thread read it last, for the main thread to show. */
    private var page = GameListState(ALL_GAMES, emptyList(), 0uL, false)

    override fun onCreate(savedInstanceState: Bundle?) {
        super.onCreate(savedInstanceState)
        whenReady { build() }
    }

    private fun build() {
        val modes = listOf(null, GameMode.VS_COMPUTER, GameMode.PASS_AND_PLAY, GameMode.IMPORTED)
        val results = listOf(null, ResultFilter.WON, ResultFilter.LOST, ResultFilter.DRAW) +
            listOf(ResultFilter.WHITE_WINS, ResultFilter.BLACK_WINS)
        val levelChoices = listOf(null) + levels().map { it.number }
        val progress = listOf(null, true, false)
        val periods = listOf(null, 1, 7, 30, 365)
        val list = ListView(this).apply {
            adapter = this@GamesActivity.adapter
            setOnItemClickListener { _, _, i, _ -> open(page.games[i]) }
            setOnScrollListener(object : android.widget.AbsListView.OnScrollListener {
                override fun onScrollStateChanged(v: android.widget.AbsListView?, state: Int) = Unit
                override fun onScroll(v: android.widget.AbsListView?, first: Int, visible: Int, total: Int) {
                    if (first + visible >= total && page.hasMore) loadMore()
                }
            })
        }
        setContentView(
            LinearLayout(this).apply {
                orientation = LinearLayout.VERTICAL
                val m = px(R.dimen.screen_margin)
                setPadding(m, px(R.dimen.space_s), m, m)
                addView(
                    row(
                        spinner(modes, 0, { modeLabel(it) }) { reload(filter.copy(mode = modes[it])) },
                        spinner(results, 0, { resultFilterLabel(it) }) { reload(filter.copy(result = results[it])) },
                    ),
                )
                // Two filters a row: three were cut short in Russian on a phone held upright.
                addView(
                    row(
                        spinner(levelChoices, 0, {
                            it?.let { n -> getString(R.string.level_number, n.toInt()) }
                                ?: getString(R.string.all_levels)
                        }) {
                            reload(filter.copy(level = levelChoices[it]))
                        },
                        spinner(progress, 0, { progressLabel(it) }) { reload(filter.copy(inProgress = progress[it])) },
                    ),
                )
                addView(
                    row(
                        spinner(periods, 0, { d ->
                            d?.let { resources.getQuantityString(R.plurals.last_days, it, it) }
                                ?: getString(R.string.any_date)
                        }) {
                            reload(filter.copy(withinDays = periods[it]?.toUInt()))
                        },
                    ),
                )
                addView(count)
                addView(list, LinearLayout.LayoutParams(LinearLayout.LayoutParams.MATCH_PARENT, 0, 1f))
                addView(row(button(R.string.statistics) { showStats() }, button(R.string.share_all_pdn) { shareAll() }))
            },
        )
        built = true
        importFrom(intent)
        reload(filter)
    }

    override fun onNewIntent(intent: Intent) {
        super.onNewIntent(intent)
        importFrom(intent)
    }

    override fun onResume() {
        super.onResume()
        // A game finished or deleted elsewhere meanwhile; the first load is build's.
        if (built) reload(filter)
    }

    private fun reload(f: ListFilter) {
        filter = f
        storage({ lib -> gameList?.setFilter(f) ?: lib.gameList(f, PAGE_SIZE).also { gameList = it }.state() }, ::show)
    }

    private fun loadMore() {
        if (loadingMore) return
        loadingMore = true
        storage({ _ -> gameList?.loadMore() }) {
            loadingMore = false
            it?.let(::show)
        }
    }

    private fun show(p: GameListState) {
        page = p
        count.text = resources.getQuantityString(R.plurals.games_count, p.total.toInt(), p.total.toInt())
        adapter.notifyDataSetChanged()
    }

    /** A PDN file opened or shared from another app: import all its games. */
    private fun importFrom(intent: Intent?) {
        val uri: Uri = when (intent?.action) {
            Intent.ACTION_VIEW -> intent.data

            Intent.ACTION_SEND -> {
                intent.getStringExtra(Intent.EXTRA_TEXT)?.let { return importText(it) }
                @Suppress("DEPRECATION")
                intent.getParcelableExtra(Intent.EXTRA_STREAM)
            }

            else -> null
        } ?: return
        storage({ lib ->
            copyToFile(uri)?.let { file ->
                try {
                    lib.importPdnFile(file.path).count.toInt()
                } finally {
                    file.delete()
                }
            }
        }) { n ->
            if (n == null) Toast.makeText(this, R.string.error_read_file, Toast.LENGTH_LONG).show() else imported(n)
        }
    }

    /**
     * Storage thread: the shared document copied to a private file a block at a time, or null when it cannot be
     * read. The core then reads the file a game at a time, so a file of any size takes little memory (its whole
     * text in a String could get the app killed).
     */
    private fun copyToFile(uri: Uri): File? {
        val file = File.createTempFile("import", ".pdn", cacheDir)
        return try {
            val input = contentResolver.openInputStream(uri) ?: throw java.io.IOException("no stream for $uri")
            input.use { i -> file.outputStream().use { i.copyTo(it) } }
            file
        } catch (e: java.io.IOException) {
            file.delete()
            null
        } catch (e: SecurityException) {
            file.delete()
            null
        }
    }

    private fun importText(text: String) = storage({ lib -> lib.importPdn(text).count.toInt() }, ::imported)

    private fun imported(n: Int) {
        Toast.makeText(this, resources.getQuantityString(R.plurals.imported, n, n), Toast.LENGTH_LONG).show()
        reload(filter)
    }

    private fun open(game: GameSummaryView) {
        val actions =
            mutableListOf(R.string.replay_and_analyse to { startActivity(ReplayActivity.intent(this, game.id)) })
        if (game.resumable) actions.add(0, R.string.resume to { startActivity(GameActivity.intent(this, game.id)) })
        actions += R.string.share_pdn to { storage({ lib -> lib.exportPdn(game.id) }, this::sharePdn) }
        actions += R.string.delete to {
            confirm(R.string.confirm_delete, R.string.delete) {
                storage({ lib -> lib.deleteGame(game.id) }) { reload(filter) }
            }
        }
        AlertDialog.Builder(this)
            .setTitle(rowTitle(game))
            .setItems(actions.map { getString(it.first) }.toTypedArray()) { _, i -> actions[i].second() }
            .show()
    }

    /** Results against each computer level. */
    private fun showStats() = storage({ lib -> lib.stats() }) { stats ->
        val lines = stats.byLevel.filter { it.games > 0u }.map { l ->
            getString(
                R.string.level_stats, getString(R.string.level_number, l.level.toInt()),
                l.wins.toInt(), l.draws.toInt(), l.losses.toInt(), l.inProgress.toInt(),
            )
        }
        AlertDialog.Builder(this)
            .setTitle(R.string.statistics)
            .setMessage(if (lines.isEmpty()) getString(R.string.no_stats) else lines.joinToString("\n"))
            .setPositiveButton(R.string.ok, null)
            .show()
    }

    private fun shareAll() = storage({ lib -> lib.exportAllPdn() }, this::sharePdn)

    /** [work] on the storage thread, then [done] here; a core refusal is shown instead. */
    private fun <T> storage(work: (GameLibrary) -> T, done: (T) -> Unit) = app.storage(work) { r ->
        if (isDestroyed) return@storage
        r.onSuccess(done).onFailure { e ->
            Toast.makeText(this, errorText(e as GiveawayException), Toast.LENGTH_LONG).show()
        }
    }

    private fun rowTitle(g: GameSummaryView): String {
        val who = when (g.mode) {
            GameMode.VS_COMPUTER -> getString(R.string.versus_level, g.level?.toInt() ?: 0)

            GameMode.PASS_AND_PLAY -> getString(R.string.pass_and_play)

            GameMode.ONLINE -> when (g.humanColor) {
                Color.WHITE -> getString(R.string.you_vs, g.black)
                Color.BLACK -> getString(R.string.you_vs, g.white)
                null -> "${g.white} – ${g.black}"
            }

            GameMode.IMPORTED -> "${g.white} – ${g.black}"
        }
        // Against the computer the core says how it went for the player; otherwise who won.
        val result = getString(
            when (g.forPlayer) {
                PlayerOutcome.WON -> R.string.you_won

                PlayerOutcome.LOST -> R.string.you_lost

                PlayerOutcome.DRAWN -> R.string.result_draw

                null -> when (g.outcome) {
                    null -> R.string.in_progress
                    Outcome.WHITE_WINS -> R.string.result_white_wins
                    Outcome.BLACK_WINS -> R.string.result_black_wins
                    Outcome.DRAW -> R.string.result_draw
                }
            },
        )
        return "$who · $result"
    }

    private fun modeLabel(m: GameMode?) = getString(
        when (m) {
            null -> R.string.all_modes
            GameMode.VS_COMPUTER -> R.string.versus_computer
            GameMode.PASS_AND_PLAY -> R.string.pass_and_play
            GameMode.IMPORTED -> R.string.imported
            GameMode.ONLINE -> R.string.online
        },
    )

    private fun resultFilterLabel(r: ResultFilter?) = getString(
        when (r) {
            null -> R.string.all_results
            ResultFilter.WON -> R.string.you_won
            ResultFilter.LOST -> R.string.you_lost
            ResultFilter.DRAW -> R.string.result_draw
            ResultFilter.WHITE_WINS -> R.string.result_white_wins
            ResultFilter.BLACK_WINS -> R.string.result_black_wins
        },
    )

    private fun progressLabel(p: Boolean?) = getString(
        when (p) {
            null -> R.string.all_games
            true -> R.string.in_progress
            false -> R.string.finished
        },
    )

    private companion object {
        val PAGE_SIZE = 40u
    }

    private inner class Rows : BaseAdapter() {
        override fun getCount() = page.games.size
        override fun getItem(position: Int) = page.games[position]
        override fun getItemId(position: Int) = page.games[position].id

        override fun getView(position: Int, convertView: View?, parent: ViewGroup?): View {
            val view =
                (convertView as? TextView)
                    ?: TextView(this@GamesActivity).apply {
                        setTextAppearance(R.style.TextAppearance_Giveaway_Body)
                        setPadding(0, dp(12), 0, dp(12))
                    }
            val g = page.games[position]
            // The date in the app's language, like the rest of the row.
            val locale = resources.configuration.locales[0]
            val date =
                DateFormat.getDateTimeInstance(DateFormat.MEDIUM, DateFormat.SHORT, locale).format(Date(g.updatedAt))
            val time = g.timeControl?.let(::timeControlLabel) ?: getString(R.string.time_unlimited)
            val moves = resources.getQuantityString(
                R.plurals.moves_count, ((g.plies.toInt() + 1) / 2),
                (g.plies.toInt() + 1) / 2,
            )
            view.text =
                "${rowTitle(g)}\n$date · $time · $moves" +
                (g.handicap?.let { " · ${getString(R.string.handicap)}" } ?: "")
            return view
        }
    }
}
