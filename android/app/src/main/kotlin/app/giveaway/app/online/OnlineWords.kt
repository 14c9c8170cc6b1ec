package app.giveaway.app.online

import android.content.Context
import app.giveaway.R
import app.giveaway.app.reasonText
import app.giveaway.core.AccountState
import app.giveaway.core.ArenaStatus
import app.giveaway.core.ArenaView
import app.giveaway.core.ChallengeOutcome
import app.giveaway.core.Color
import app.giveaway.core.Connection
import app.giveaway.core.EndReason
import app.giveaway.core.ErrorCode
import app.giveaway.core.OnlineEnd
import app.giveaway.core.OnlineEvent
import app.giveaway.core.OnlineGameStatus
import app.giveaway.core.OnlineProblem
import app.giveaway.core.OnlineScreen
import app.giveaway.core.RatingChange
import app.giveaway.core.ScheduledArena
import app.giveaway.core.Speed
import app.giveaway.core.TimeControl
import app.giveaway.core.timeControlLabel
import java.util.Locale
import kotlin.math.roundToInt

// The online screens' words, in the app's language: each failure says what happens next and what to do.

/** The connection as one line; the screen says whether it is a problem. */
fun Context.connectionText(s: OnlineScreen): String = when (val p = s.problem) {
    is OnlineProblem.Offline -> getString(
        R.string.offline, p.reason,
        String.format(
            locale(), "%.1f",
            p.retryInMs.toDouble() / 1000,
        ),
    )

    is OnlineProblem.UpdateNeeded -> getString(R.string.update_needed, p.message)

    OnlineProblem.SignedOut -> getString(R.string.signed_out)

    OnlineProblem.Closed -> getString(R.string.disconnected)

    OnlineProblem.PlayingElsewhere -> getString(R.string.playing_elsewhere)

    null -> when (val c = s.connection) {
        // The server's address is on the settings' Advanced section only: here, the state in words.
        is Connection.Connecting ->
            if (c.attempt <= 1u) {
                getString(R.string.connecting)
            } else {
                getString(R.string.connecting_attempt, c.attempt.toInt())
            }

        else -> (s.account as? AccountState.SignedIn)?.let {
            getString(R.string.online_as, it.player.nickname)
        }
            ?: getString(R.string.online_no_account)
    }
}

/**
 * The online game's line beside the board: the first-move countdown, the opponent away, this device offline; in
 * correspondence the days per move and the time the side to move has left ([leftMs], its clock), in words.
 */
fun Context.onlineGameText(s: OnlineScreen, leftMs: ULong? = null): String? {
    val g = s.game ?: return null
    val days = g.daysPerMove
    return when (val st = g.status) {
        is OnlineGameStatus.FirstMove -> {
            val seconds = ((st.remainingMs + 999uL) / 1000uL).toInt()
            val words = durationWords(st.remainingMs)
            when {
                days != null && st.side == g.you -> getString(R.string.first_move_yours_words, words)
                days != null -> getString(R.string.first_move_theirs_words, g.opponent.nickname, words)
                st.side == g.you -> getString(R.string.first_move_yours, seconds)
                else -> getString(R.string.first_move_theirs, g.opponent.nickname, seconds)
            }
        }

        OnlineGameStatus.Reconnecting -> s.problem?.let { connectionText(s) }

        is OnlineGameStatus.Playing -> when {
            days != null && leftMs != null && st.side == g.you ->
                getString(R.string.correspondence_turn_yours, daysPerMoveText(days), durationWords(leftMs))

            days != null && leftMs != null ->
                getString(
                    R.string.correspondence_turn_theirs, daysPerMoveText(days), g.opponent.nickname,
                    durationWords(leftMs),
                )

            days != null -> daysPerMoveText(days)

            g.opponentAway -> getString(R.string.opponent_offline, g.opponent.nickname)

            else -> null
        }

        is OnlineGameStatus.Over -> days?.let(::daysPerMoveText)
    }
}

/** "3 days per move". */
fun Context.daysPerMoveText(days: UInt): String =
    resources.getQuantityString(R.plurals.days_per_move, days.toInt(), days.toInt())

/** A game's clock in words: "5+3", or "3 days per move" for correspondence. */
fun Context.clockText(timeControl: TimeControl, daysPerMove: UInt?): String =
    daysPerMove?.let(::daysPerMoveText) ?: timeControlLabel(timeControl)

/** A long time in words, to the minute: "2 days 5 h", "5 h 20 min", "20 min", "under 1 min". */
fun Context.durationWords(ms: ULong): String {
    val minutes = (ms / 60_000uL).toLong()
    val (days, hours, mins) = Triple(minutes / (24 * 60), minutes / 60 % 24, minutes % 60)
    return when {
        days > 0 -> {
            val d = resources.getQuantityString(R.plurals.days, days.toInt(), days.toInt())
            if (hours == 0L) d else getString(R.string.duration_days_hours, d, hours.toInt())
        }

        hours > 0 -> getString(R.string.duration_hours_minutes, hours.toInt(), mins.toInt())

        mins > 0 -> getString(R.string.duration_minutes, mins.toInt())

        else -> getString(R.string.duration_under_minute)
    }
}

/** A clock of a day or more as days and hours ("2 d 5 h", "3 d"); null below a day (the core's h:mm:ss reads well). */
fun Context.daysClockText(ms: ULong): String? {
    val hours = (ms / 3_600_000uL).toLong()
    if (hours < 24) return null
    val (days, rest) = (hours / 24).toInt() to (hours % 24).toInt()
    return if (rest == 0) getString(R.string.clock_days, days) else getString(R.string.clock_days_hours, days, rest)
}

/** "You won: resignation" and the rating change, or why the game was aborted. */
fun Context.endText(end: OnlineEnd, you: Color): CharSequence {
    val reason = end.reason ?: return getString(R.string.aborted)
    val verdict = getString(
        when (end.winner) {
            null -> R.string.online_drawn
            you -> R.string.online_won
            else -> R.string.online_lost
        },
        reasonText(reason),
    )
    val rating = end.rating ?: return verdict
    // The change in colour: the accent for a gain, the error colour for a loss.
    val change = android.text.SpannableString(ratingChangeText(rating))
    val colour = if (rating.after >= rating.before) R.color.result_won else R.color.ui_error
    change.setSpan(android.text.style.ForegroundColorSpan(getColor(colour)), 0, change.length, 0)
    return android.text.SpannableStringBuilder(verdict).append("\n").append(change)
}

/**
 * The online result's title: what the opponent did when it decided the game ("NICK resigned — you won"), else
 * the outcome for the player.
 */
fun Context.endTitle(end: OnlineEnd, you: Color, opponent: String): String {
    val reason = end.reason ?: return getString(R.string.online_title_aborted)
    return when {
        end.winner == null -> getString(R.string.result_draw)
        end.winner != you -> getString(R.string.you_lost)
        reason == EndReason.RESIGNATION -> getString(R.string.online_title_resigned, opponent)
        reason == EndReason.TIME -> getString(R.string.online_title_time, opponent)
        reason == EndReason.ABANDONMENT -> getString(R.string.online_title_left, opponent)
        else -> getString(R.string.you_won)
    }
}

/** "Rating 1500 → 1662 (+162)". */
fun Context.ratingChangeText(r: RatingChange): String {
    val before = r.before.roundToInt()
    val after = r.after.roundToInt()
    return getString(R.string.rating_change, before, after, String.format(locale(), "%+d", after - before))
}

/** A rating as shown beside a name: "1500", or "1500?" while provisional. */
fun ratingText(rating: Double, provisional: Boolean): String =
    rating.roundToInt().toString() + if (provisional) "?" else ""

/** An event worth telling the player in words; null for those the screens show otherwise. */
fun Context.eventText(e: OnlineEvent): String? = when (e) {
    is OnlineEvent.AccountCreated -> getString(R.string.welcome, e.player.nickname)

    is OnlineEvent.MoveRefused -> getString(R.string.move_refused, e.mv, e.reason)

    is OnlineEvent.Refused -> when (e.code) {
        ErrorCode.NICKNAME_INVALID -> getString(R.string.refused_nickname_invalid, e.message)

        ErrorCode.NICKNAME_TAKEN -> getString(R.string.refused_nickname_taken)

        ErrorCode.UNKNOWN_INVITE -> getString(R.string.refused_unknown_invite)

        ErrorCode.OWN_INVITE -> getString(R.string.refused_own_invite)

        ErrorCode.BUSY -> getString(R.string.refused_busy)

        ErrorCode.UNKNOWN_LINK_CODE -> getString(R.string.refused_unknown_link_code)

        ErrorCode.UNKNOWN_PLAYER -> getString(R.string.refused_unknown_player)

        ErrorCode.UNKNOWN_CHALLENGE -> getString(R.string.refused_unknown_challenge)

        ErrorCode.UNKNOWN_SEEK -> getString(R.string.refused_unknown_seek)

        ErrorCode.UNKNOWN_ARENA -> getString(R.string.refused_unknown_arena)

        // The server's own words name the player ("Bob does not take challenges from you").
        ErrorCode.REFUSED -> e.message

        else -> getString(R.string.refused_other, e.message)
    }

    is OnlineEvent.ChallengeReceived -> getString(
        R.string.challenge_received,
        e.challenge.opponent.nickname,
        clockText(e.challenge.timeControl, e.challenge.daysPerMove) + " · " +
            getString(if (e.challenge.rated) R.string.rated_game else R.string.casual_game),
    )

    is OnlineEvent.ChallengeClosed -> when (e.outcome) {
        // The game's board opens.
        ChallengeOutcome.ACCEPTED -> null

        ChallengeOutcome.DECLINED -> getString(R.string.challenge_declined, e.opponent.nickname)

        ChallengeOutcome.CANCELLED -> getString(R.string.challenge_withdrawn, e.opponent.nickname)

        ChallengeOutcome.EXPIRED -> getString(R.string.challenge_expired, e.opponent.nickname)
    }

    // The screen's problem says it (SignedOut); the others show in the screen state.
    OnlineEvent.SignedOut, OnlineEvent.Connected, is OnlineEvent.GameStarted, is OnlineEvent.GameEnded,
    is OnlineEvent.OpponentConnection,
    -> null
}

fun Context.speedName(s: Speed): String = getString(
    when (s) {
        Speed.BULLET -> R.string.speed_bullet
        Speed.BLITZ -> R.string.speed_blitz
        Speed.RAPID -> R.string.speed_rapid
        Speed.CLASSIC -> R.string.speed_classic
    },
)

private fun Context.locale(): Locale = resources.configuration.locales[0]

/** `12:05`, or `1:02:05` from an hour on. */
private fun countdown(ms: ULong): String {
    val s = (ms / 1000u).toLong()
    return if (s >= 3600) "%d:%02d:%02d".format(s / 3600, s / 60 % 60, s % 60) else "%d:%02d".format(s / 60, s % 60)
}

/** The arena's name: the scheduled ones in the app's language, a player's own as they named it. */
fun Context.arenaName(a: ArenaView): String = when (a.scheduled) {
    ScheduledArena.HOURLY_BLITZ -> getString(R.string.arena_hourly_blitz)
    ScheduledArena.DAILY_RAPID -> getString(R.string.arena_daily_rapid)
    null -> a.name
}

/** "3+2 Blitz · 35:04 left · 12 players · leader Anna 14 · joined". */
fun Context.arenaDetails(a: ArenaView): String = listOfNotNull(
    "${timeControlLabel(a.timeControl)} ${speedName(a.speed)}",
    when (a.status) {
        ArenaStatus.UPCOMING -> getString(R.string.arena_starts_in, countdown(a.startsInMs))
        ArenaStatus.RUNNING -> getString(R.string.arena_left, countdown(a.endsInMs))
        ArenaStatus.FINISHED -> getString(R.string.arena_finished)
    },
    resources.getQuantityString(R.plurals.arena_players, a.players.toInt(), a.players.toInt()),
    a.leader?.let { leader ->
        val word = if (a.status == ArenaStatus.FINISHED) R.string.arena_won_by else R.string.arena_leader
        getString(word, leader, a.leaderScore.toInt())
    },
    getString(R.string.arena_joined).takeIf { a.joined },
).joinToString(" · ")
