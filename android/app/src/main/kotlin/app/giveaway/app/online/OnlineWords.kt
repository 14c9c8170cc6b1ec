package app.giveaway.app.online

import android.content.Context
import app.giveaway.R
import app.giveaway.app.reasonText
import app.giveaway.core.Color
import app.giveaway.core.Connection
import app.giveaway.core.OnlineEnd
import app.giveaway.core.OnlineEvent
import app.giveaway.core.OnlineState
import app.giveaway.core.RatingChange
import app.giveaway.core.SeatView
import app.giveaway.core.Speed
import java.util.Locale
import kotlin.math.roundToInt

/** The online screens' words, in the app's language: each failure says what happens next and what to do. */

/** The connection as one line, and whether it is a problem (then the lobby offers "Try now"). */
fun Context.connectionText(s: OnlineState): Pair<String, Boolean> = when (val c = s.connection) {
    is Connection.Connecting ->
        (if (c.attempt <= 1u) getString(R.string.connecting, s.server) else getString(R.string.connecting_attempt, s.server, c.attempt.toInt())) to false
    Connection.Online -> (s.player?.let { getString(R.string.online_as, it.nickname, s.server) } ?: getString(R.string.online_no_account, s.server)) to false
    is Connection.Offline -> getString(R.string.offline, c.reason, String.format(locale(), "%.1f", c.retryInMs.toDouble() / 1000)) to true
    is Connection.UpdateNeeded -> getString(R.string.update_needed, c.message) to true
    Connection.Closed -> getString(R.string.disconnected) to true
}

/** "You won: resignation" and the rating change, or why the game was aborted. */
fun Context.endText(end: OnlineEnd, you: Color): String {
    val reason = end.reason ?: return getString(R.string.aborted)
    val verdict = getString(
        when (end.winner) {
            null -> R.string.online_drawn
            you -> R.string.online_won
            else -> R.string.online_lost
        },
        reasonText(reason),
    )
    return end.rating?.let { "$verdict\n${ratingChangeText(it)}" } ?: verdict
}

/** "Rating 1500 → 1662 (+162)". */
fun Context.ratingChangeText(r: RatingChange): String {
    val before = r.before.roundToInt()
    val after = r.after.roundToInt()
    return getString(R.string.rating_change, before, after, String.format(locale(), "%+d", after - before))
}

/** A rating as shown beside a name: "1500", or "1500?" while provisional. */
fun ratingText(rating: Double, provisional: Boolean): String = rating.roundToInt().toString() + if (provisional) "?" else ""

fun Context.seatText(seat: SeatView): String = getString(R.string.player_rating, seat.nickname, ratingText(seat.rating, seat.provisional))

/** An event worth telling the player in words; null for those the screens show otherwise. */
fun Context.eventText(e: OnlineEvent): String? = when (e) {
    is OnlineEvent.AccountCreated -> getString(R.string.welcome, e.player.nickname)
    OnlineEvent.SignedOut -> getString(R.string.signed_out)
    is OnlineEvent.MoveRefused -> getString(R.string.move_refused, e.mv, e.reason)
    is OnlineEvent.Refused -> when (e.code) {
        "nickname_invalid" -> getString(R.string.refused_nickname_invalid, e.message)
        "nickname_taken" -> getString(R.string.refused_nickname_taken)
        "unknown_invite" -> getString(R.string.refused_unknown_invite)
        "own_invite" -> getString(R.string.refused_own_invite)
        "busy" -> getString(R.string.refused_busy)
        else -> getString(R.string.refused_other, e.message)
    }
    OnlineEvent.Connected, is OnlineEvent.GameStarted, is OnlineEvent.GameEnded, is OnlineEvent.OpponentConnection -> null
}

fun Context.speedName(s: Speed): String = getString(
    when (s) {
        Speed.BULLET -> R.string.speed_bullet
        Speed.BLITZ -> R.string.speed_blitz
        Speed.RAPID -> R.string.speed_rapid
        Speed.CLASSIC -> R.string.speed_classic
    }
)

private fun Context.locale(): Locale = resources.configuration.locales[0]
