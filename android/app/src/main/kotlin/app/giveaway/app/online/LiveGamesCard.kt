package app.giveaway.app.online

import android.app.Activity
import app.giveaway.R
import app.giveaway.core.LiveGameView
import app.giveaway.core.OnlineClient
import app.giveaway.core.timeControlLabel

/**
 * The lobby's "Watch a game" card: the games being played (friends' games first, then the highest rated), each
 * with its players and ratings, clock, move and spectators; Watch opens it in [WatchActivity].
 */
fun liveGamesCard(a: Activity, request: (OnlineClient.() -> Unit) -> Unit) = LobbyListCard(
    a, R.string.watch_game, R.string.live_games_empty, request, { liveGames() },
    shows = { it.actions.watch }, items = { it.liveGames }, row = { g: LiveGameView -> a.liveGameRow(g) },
)

private fun Activity.liveGameRow(g: LiveGameView) = lobbyRow(
    getString(
        R.string.watch_title,
        "${g.white.nickname} ${ratingText(g.white.rating, g.white.provisional)}",
        "${g.black.nickname} ${ratingText(g.black.rating, g.black.provisional)}",
    ),
    listOfNotNull(
        timeControlLabel(g.timeControl),
        getString(R.string.move_number, g.ply.toInt() / 2 + 1),
        resources.getQuantityString(R.plurals.watching_count, g.spectators.toInt(), g.spectators.toInt()),
        getString(R.string.friend_plays).takeIf { g.friend },
    ).joinToString(" · "),
    R.string.watch,
) { WatchActivity.open(this, g.game) }
