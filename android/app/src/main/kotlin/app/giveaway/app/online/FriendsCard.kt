package app.giveaway.app.online

import android.app.Activity
import android.app.AlertDialog
import android.text.InputType
import android.view.Gravity
import android.view.View
import android.widget.EditText
import android.widget.LinearLayout
import android.widget.Switch
import android.widget.TextView
import app.giveaway.R
import app.giveaway.app.button
import app.giveaway.app.card
import app.giveaway.app.choice
import app.giveaway.app.column
import app.giveaway.app.dp
import app.giveaway.app.label
import app.giveaway.app.primaryButton
import app.giveaway.app.px
import app.giveaway.app.row
import app.giveaway.app.section
import app.giveaway.app.spinner
import app.giveaway.app.textButton
import app.giveaway.core.ChallengeColor
import app.giveaway.core.ChallengeView
import app.giveaway.core.FriendView
import app.giveaway.core.OnlineClient
import app.giveaway.core.OnlinePlayer
import app.giveaway.core.OnlineScreen
import app.giveaway.core.SocialScreen
import app.giveaway.core.TimeControl
import app.giveaway.core.correspondenceDays
import app.giveaway.core.defaultCorrespondenceDays
import app.giveaway.core.timeControlLabel

/**
 * Friends and challenges in the lobby: a card of challenges made to the player (Accept / Decline), shown above
 * everything while there are any, and the Friends card — the player's own challenges (Withdraw), the players
 * they follow with who is online and playing (Challenge, and Unfollow or Block under More), following by
 * nickname, and the blocked players (Unblock). What the lists hold and what can be done now is the client's
 * screen; the challenge dialog only gathers the clock, the colour and rated.
 */
class FriendsCard(private val a: Activity, private val request: (OnlineClient.() -> Unit) -> Unit) {
    private val incoming = a.column()
    private val outgoing = a.column(gap = 0)
    private val friends = a.column(gap = 0)
    private val blocked = a.column(gap = 0)
    private val blockedTitle = a.section(R.string.blocked_players)
    private val empty = a.label(R.string.friends_empty)
    private val nickname = EditText(a).apply {
        setHint(R.string.nickname)
        inputType = InputType.TYPE_CLASS_TEXT or InputType.TYPE_TEXT_VARIATION_PERSON_NAME
        isSingleLine = true
        minHeight = a.dp(48)
    }
    private var shown: SocialScreen? = null
    private var presets: List<TimeControl> = emptyList()
    private var defaultPreset = 0

    /** Challenges made to the player, at the top of the lobby. */
    val challenges: View = a.card(a.column(a.section(R.string.challenges_to_you), incoming))

    /** The Friends card. */
    val card: View = a.card(
        a.column(
            a.section(R.string.friends),
            outgoing,
            friends,
            empty,
            nickname,
            // The buttons on a line of their own under the field: whole words in every language.
            a.row(
                a.button(R.string.follow) {
                    val name = nickname.text.toString().trim()
                    if (name.isNotEmpty()) request { follow(name) }
                    nickname.text.clear()
                },
                a.button(R.string.challenge) {
                    val name = nickname.text.toString().trim()
                    if (name.isNotEmpty()) challengeDialog(name)
                },
            ),
            blockedTitle,
            blocked,
        ),
    )

    fun show(s: OnlineScreen) {
        presets = s.presets
        defaultPreset = s.defaultPreset.toInt()
        card.visibility = if (s.actions.social) View.VISIBLE else View.GONE
        val social = s.social
        challenges.visibility = if (s.actions.social && social.incoming.isNotEmpty()) View.VISIBLE else View.GONE
        if (social == shown) return
        shown = social
        incoming.removeAllViews()
        social.incoming.forEach { incoming.addView(incomingRow(it, social.canAccept)) }
        outgoing.removeAllViews()
        social.outgoing.forEach { outgoing.addView(outgoingRow(it)) }
        friends.removeAllViews()
        social.friends.forEach { friends.addView(friendRow(it, social.canChallenge)) }
        empty.visibility = if (social.friends.isEmpty()) View.VISIBLE else View.GONE
        blocked.removeAllViews()
        social.blocked.forEach { blocked.addView(blockedRow(it)) }
        blockedTitle.visibility = if (social.blocked.isEmpty()) View.GONE else View.VISIBLE
    }

    /** "5+3 · rated · you play Black · 9:41 left", or "3 days per move · … · 6 days 23 h left". */
    private fun terms(c: ChallengeView): String {
        val left = c.remainingMs.toLong() / 1000
        val leftText = if (left >= 3600) {
            a.getString(R.string.time_left_words, a.durationWords(c.remainingMs))
        } else {
            a.getString(R.string.time_left, String.format("%d:%02d", left / 60, left % 60))
        }
        val color = when (c.color) {
            ChallengeColor.WHITE -> a.getString(R.string.you_play_white)
            ChallengeColor.BLACK -> a.getString(R.string.you_play_black)
            ChallengeColor.RANDOM -> a.getString(R.string.colours_drawn)
        }
        return listOf(
            a.clockText(c.timeControl, c.daysPerMove),
            a.getString(if (c.rated) R.string.rated_game else R.string.casual_game),
            color,
            leftText,
        ).joinToString(" · ")
    }

    private fun incomingRow(c: ChallengeView, canAccept: Boolean): View {
        val who = a.label(R.string.empty).apply { text = a.getString(R.string.challenges_you, c.opponent.nickname) }
        val what = a.label(R.string.empty, R.style.TextAppearance_Giveaway_Label).apply { text = terms(c) }
        val accept = a.primaryButton(R.string.accept) {
            // A correspondence game goes on while the app is closed: its "your move" comes as a notification.
            if (c.daysPerMove != null) CorrespondenceJob.askToNotify(a)
            request { acceptChallenge(c.id) }
        }.apply {
            isEnabled = canAccept
        }
        val hint = a.label(R.string.finish_game_first, R.style.TextAppearance_Giveaway_Label).apply {
            visibility = if (canAccept) View.GONE else View.VISIBLE
        }
        return a.column(
            who, what,
            a.row(
                accept,
                a.button(R.string.decline) {
                    request { declineChallenge(c.id) }
                },
            ),
            hint,
        )
    }

    private fun outgoingRow(c: ChallengeView): View {
        val words = a.label(R.string.empty).apply {
            text = a.getString(R.string.waiting_for_answer, c.opponent.nickname) + "\n" + terms(c)
        }
        return line(null, words, a.textButton(R.string.withdraw) { request { cancelChallenge(c.id) } })
    }

    private fun friendRow(f: FriendView, canChallenge: Boolean): View {
        val (status, colour) = when {
            f.playing != null -> R.string.friend_playing to R.color.ui_accent
            f.online -> R.string.friend_online to R.color.ui_accent
            else -> R.string.friend_offline to R.color.ui_outline
        }
        val dot = TextView(a).apply {
            text = "●"
            setTextColor(a.getColor(colour))
            importantForAccessibility = View.IMPORTANT_FOR_ACCESSIBILITY_NO
            setPadding(0, 0, a.px(R.dimen.space_s), 0)
        }
        val name = a.label(R.string.empty).apply {
            text = a.getString(R.string.friend_status, f.player.nickname, a.getString(status))
        }
        val challenge = a.textButton(R.string.challenge) { challengeDialog(f.player.nickname) }.apply {
            isEnabled = canChallenge
        }
        val more = a.textButton(R.string.more) { moreDialog(f.player) }
        return line(dot, name, challenge, more)
    }

    private fun blockedRow(p: OnlinePlayer): View {
        val name = a.label(R.string.empty).apply { text = p.nickname }
        return line(null, name, a.textButton(R.string.unblock) { request { unblock(p.nickname) } })
    }

    /** A list line: [words] take the room left by [lead] (a mark before them) and the [actions] after. */
    private fun line(lead: View?, words: View, vararg actions: View): View = LinearLayout(a).apply {
        gravity = Gravity.CENTER_VERTICAL
        minimumHeight = a.px(R.dimen.touch_target)
        lead?.let(::addView)
        addView(words, LinearLayout.LayoutParams(0, LinearLayout.LayoutParams.WRAP_CONTENT, 1f))
        actions.forEach(::addView)
    }

    private fun moreDialog(p: OnlinePlayer) {
        AlertDialog.Builder(a)
            .setTitle(p.nickname)
            .setItems(arrayOf(a.getString(R.string.unfollow), a.getString(R.string.block))) { _, which ->
                if (which == 0) {
                    request { unfollow(p.nickname) }
                } else {
                    AlertDialog.Builder(a)
                        .setMessage(a.getString(R.string.block_question, p.nickname))
                        .setPositiveButton(R.string.block) { _, _ -> request { block(p.nickname) } }
                        .setNegativeButton(R.string.cancel, null)
                        .show()
                }
            }
            .show()
    }

    /**
     * The clock or correspondence (with its days per move), the colour and rated for a challenge to [nick]. The
     * clocks are the server's presets; the days are the protocol's (the client refuses others).
     */
    fun challengeDialog(nick: String) {
        if (presets.isEmpty()) return
        var tc = defaultPreset
        var colour = 0
        var correspondence = false
        var days = DAYS.indexOf(DEFAULT_DAYS)
        val clockChoice = a.choice(R.string.time_control, a.spinner(presets, tc, ::timeControlLabel) { tc = it })
        val dayNames = DAYS.map { a.resources.getQuantityString(R.plurals.days, it, it) }
        val daysChoice = a.choice(R.string.days_per_move_label, a.spinner(dayNames, days, { it }) { days = it })
        daysChoice.visibility = View.GONE
        val kinds = listOf(a.getString(R.string.kind_clock), a.getString(R.string.correspondence))
        val kindChoice = a.choice(
            R.string.challenge_kind,
            a.spinner(kinds, 0, { it }) {
                correspondence = it == 1
                clockChoice.visibility = if (correspondence) View.GONE else View.VISIBLE
                daysChoice.visibility = if (correspondence) View.VISIBLE else View.GONE
            },
        )
        val rated = Switch(a).apply {
            setText(R.string.rated)
            isChecked = true
            minHeight = a.dp(48)
        }
        val colourNames = COLOURS.map {
            a.getString(
                when (it) {
                    ChallengeColor.WHITE -> R.string.white
                    ChallengeColor.BLACK -> R.string.black
                    ChallengeColor.RANDOM -> R.string.random_colour
                },
            )
        }
        val form = a.column(
            kindChoice,
            clockChoice,
            daysChoice,
            a.choice(R.string.your_colour, a.spinner(colourNames, 0, { it }) { colour = it }),
            rated,
        ).apply {
            val m = a.px(R.dimen.screen_margin)
            setPadding(m, a.px(R.dimen.space_s), m, 0)
        }
        AlertDialog.Builder(a)
            .setTitle(a.getString(R.string.challenge_title, nick))
            .setView(form)
            .setPositiveButton(R.string.challenge) { _, _ ->
                if (correspondence) {
                    CorrespondenceJob.askToNotify(a)
                    request { challengeCorrespondence(nick, DAYS[days].toUInt(), COLOURS[colour], rated.isChecked) }
                    return@setPositiveButton
                }
                val time = presets.getOrNull(tc) ?: return@setPositiveButton
                request { challenge(nick, time, COLOURS[colour], rated.isChecked) }
            }
            .setNegativeButton(R.string.cancel, null)
            .show()
    }

    private companion object {
        val COLOURS = listOf(ChallengeColor.RANDOM, ChallengeColor.WHITE, ChallengeColor.BLACK)

        /** The days per move a correspondence challenge may give, and the one offered first (the core's). */
        val DAYS: List<Int> by lazy { correspondenceDays().map { it.toInt() } }
        val DEFAULT_DAYS: Int by lazy { defaultCorrespondenceDays().toInt() }
    }
}
