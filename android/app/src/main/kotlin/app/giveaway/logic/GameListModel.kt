package app.giveaway.logic

import app.giveaway.core.Color
import app.giveaway.core.Filter
import app.giveaway.core.GameLibrary
import app.giveaway.core.GameMode
import app.giveaway.core.GameSummaryView
import app.giveaway.core.GiveawayException
import app.giveaway.core.Outcome
import app.giveaway.core.ResultFilter

/** The saved-games list's filter chips. */
data class ListFilter(
    val mode: GameMode? = null,
    val result: ResultFilter? = null,
    val level: Int? = null,
    val inProgress: Boolean? = null,
    /** Only games started within this many days before [nowMs]. */
    val withinDays: Int? = null,
) {
    fun toFilter(nowMs: Long = System.currentTimeMillis()) =
        Filter(mode, result, level?.toUByte(), inProgress, withinDays?.let { nowMs - it * DAY_MS }, null, null)

    private companion object {
        const val DAY_MS = 24L * 60 * 60 * 1000
    }
}

/** A row's result as the list words it: the player's view against the computer, colours otherwise. */
enum class RowResult { IN_PROGRESS, WON, LOST, DRAW, WHITE_WON, BLACK_WON }

/** The saved games, filtered, newest first, loaded a page at a time. */
class GameListModel(private val library: GameLibrary, private val pageSize: Int = 40) {
    var filter = ListFilter()
        private set
    var games: List<GameSummaryView> = emptyList()
        private set
    var total: Long = 0
        private set
    private var cursor: String? = null

    val hasMore: Boolean get() = cursor != null

    @Throws(GiveawayException::class)
    fun load(filter: ListFilter) {
        this.filter = filter
        val page = library.listGames(filter.toFilter(), null, pageSize.toUInt())
        games = page.games
        total = page.total.toLong()
        cursor = page.nextCursor
    }

    @Throws(GiveawayException::class)
    fun reload() = load(filter)

    /** Appends the next page; false when there was none. */
    @Throws(GiveawayException::class)
    fun loadMore(): Boolean {
        val c = cursor ?: return false
        val page = library.listGames(filter.toFilter(), c, pageSize.toUInt())
        games = games + page.games
        cursor = page.nextCursor
        return true
    }

    companion object {
        fun resultOf(game: GameSummaryView): RowResult {
            val outcome = game.outcome ?: return RowResult.IN_PROGRESS
            if (outcome == Outcome.DRAW) return RowResult.DRAW
            val winner = if (outcome == Outcome.WHITE_WINS) Color.WHITE else Color.BLACK
            val human = game.humanColor ?: return if (winner == Color.WHITE) RowResult.WHITE_WON else RowResult.BLACK_WON
            return if (winner == human) RowResult.WON else RowResult.LOST
        }
    }
}
