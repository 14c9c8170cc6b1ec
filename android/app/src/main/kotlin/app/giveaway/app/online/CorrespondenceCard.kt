package app.giveaway.app.online

import android.app.Activity
import app.giveaway.R
import app.giveaway.core.Color
import app.giveaway.core.CorrespondenceView
import app.giveaway.core.OnlineClient

/**
 * The lobby's "Correspondence" card: the player's correspondence games as the client last listed them (the
 * player's move first, emphasized), each with the opponent, the player's colour, the days per move, the time left
 * in words and the last move; Open ([open]) shows its board. Empty, it says how to start one.
 */
fun correspondenceCard(
    a: Activity,
    request: (OnlineClient.() -> Unit) -> Unit,
    open: (CorrespondenceView) -> Unit,
) = LobbyListCard(
    a, R.string.correspondence, R.string.correspondence_empty, request, { correspondence() },
    shows = { it.actions.social }, items = { it.correspondence },
    row = { g: CorrespondenceView ->
        val nick = g.opponent.nickname
        val title = a.getString(
            if (g.yourMove) R.string.correspondence_your_move else R.string.correspondence_their_move,
            nick,
        )
        val detail = listOfNotNull(
            a.getString(if (g.you == Color.WHITE) R.string.you_play_white else R.string.you_play_black),
            a.daysPerMoveText(g.daysPerMove),
            a.getString(R.string.time_left_words, a.durationWords(g.timeLeftMs)),
            g.lastMove?.let { a.getString(R.string.last_move, it) },
        ).joinToString(" · ")
        a.lobbyRow(title, detail, R.string.open_game, emphasized = g.yourMove) { open(g) }.apply {
            // The whole row opens the game, not only its button.
            setOnClickListener { open(g) }
        }
    },
)
