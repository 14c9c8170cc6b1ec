package app.giveaway.app.online

import android.app.Activity
import app.giveaway.R
import app.giveaway.core.OnlineClient
import app.giveaway.core.SeekView
import app.giveaway.core.timeControlLabel

/**
 * The lobby's "Open seeks" card: the players waiting in the pool, the longest waiting first, each with rating,
 * clock and time waited; Play starts a rated game with that player at their clock.
 */
fun openSeeksCard(a: Activity, request: (OnlineClient.() -> Unit) -> Unit) = LobbyListCard(
    a, R.string.open_seeks, R.string.open_seeks_empty, request, { openSeeks() },
    shows = { it.actions.acceptSeek }, items = { it.openSeeks },
    row = { seek: SeekView ->
        val waited = seek.waitedS.toLong()
        a.lobbyRow(
            "${seek.player.nickname} ${seek.rating}",
            listOf(
                "${timeControlLabel(seek.timeControl)} ${a.speedName(seek.speed)}",
                a.getString(R.string.seek_waiting, "%d:%02d".format(waited / 60, waited % 60)),
            ).joinToString(" · "),
            R.string.play_seek,
        ) { request { acceptSeek(seek.player.id) } }
    },
)
