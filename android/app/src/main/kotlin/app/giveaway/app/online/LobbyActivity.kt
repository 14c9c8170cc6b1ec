package app.giveaway.app.online

import android.app.Activity
import android.content.Intent
import android.content.res.Configuration
import android.graphics.Rect
import android.os.Bundle
import android.text.InputType
import android.view.Gravity
import android.view.View
import android.widget.EditText
import android.widget.LinearLayout
import android.widget.Switch
import android.widget.TextView
import android.widget.Toast
import app.giveaway.R
import app.giveaway.app.GiveawayApp
import app.giveaway.app.button
import app.giveaway.app.card
import app.giveaway.app.column
import app.giveaway.app.dp
import app.giveaway.app.errorText
import app.giveaway.app.label
import app.giveaway.app.primaryButton
import app.giveaway.app.px
import app.giveaway.app.row
import app.giveaway.app.screen
import app.giveaway.app.section
import app.giveaway.app.spinner
import app.giveaway.app.whenReady
import app.giveaway.core.AccountState
import app.giveaway.core.Connection
import app.giveaway.core.GiveawayException
import app.giveaway.core.Leaderboard
import app.giveaway.core.Lobby
import app.giveaway.core.OnlineClient
import app.giveaway.core.OnlineEvent
import app.giveaway.core.OnlineScreen
import app.giveaway.core.ProfileView
import app.giveaway.core.Speed
import app.giveaway.core.TimeControl
import app.giveaway.core.timeControlLabel

/**
 * The online lobby: the connection (each failure in words, with "Try now"), the account (a nickname the first
 * time, or a link code from another device), quick pairing on the server's presets, an invite code shown big and
 * shared, joining with a code, friends and challenges ([FriendsCard]), the leaderboard per speed, the player's
 * profile and devices ([DevicesCard]). A game that starts opens the game screen on the client's
 * board controller; the client lives in the application ([Online]), so nothing here reconnects on rotation.
 */
class LobbyActivity : Activity() {
    private val online get() = (application as GiveawayApp).online
    private var resumed = false

    private val connection by lazy { label(R.string.empty, R.style.TextAppearance_Giveaway_Label) }
    private val tryNow by lazy { button(R.string.try_now) { online.client?.reconnect() ?: online.connect() } }
    private val message by lazy { label(R.string.empty).apply { visibility = View.GONE } }

    private val nickname by lazy {
        field(
            R.string.nickname,
            InputType.TYPE_CLASS_TEXT or InputType.TYPE_TEXT_VARIATION_PERSON_NAME,
        )
    }
    private val account by lazy {
        column(
            label(R.string.choose_nickname), nickname,
            primaryButton(R.string.create_account) {
                request { createAccount(nickname.text.toString().trim()) }
            },
        )
    }
    private val backToGame by lazy { button(R.string.back_to_game) { openGame() } }
    private val devices by lazy { DevicesCard(this) { call -> request(call) } }
    private val friends by lazy { FriendsCard(this) { call -> request(call) } }
    private val liveGames by lazy { liveGamesCard(this) { call -> request(call) } }
    private val openSeeks by lazy { openSeeksCard(this) { call -> request(call) } }
    private val arenas by lazy { ArenasCard(this) { call -> request(call) } }
    private val correspondence by lazy {
        correspondenceCard(this, { call -> request(call) }) { g -> openCorrespondence(g.game) }
    }

    /** The background check was scheduled by this screen (once is enough). */
    private var checkScheduled = false

    /** A correspondence game to open once connected: the notification tapped ([EXTRA_GAME]). */
    private var toOpen: Long? = null

    /**
     * Presence, games, seeks and arenas change by themselves: the lists are asked for again this often while the
     * lobby shows. The lists' cards ask for theirs as they first appear, so the first run asks only for friends.
     */
    private val refresh = object : Runnable {
        private var first = true

        override fun run() {
            if ((online.state?.actions?.social) == true) {
                online.client?.let { c ->
                    runCatching { c.refreshSocial() }
                    if (!first) {
                        runCatching { c.liveGames() }
                        runCatching { c.arenas() }
                        runCatching { c.correspondence() }
                        if (online.state?.actions?.acceptSeek == true) runCatching { c.openSeeks() }
                    }
                }
            }
            first = false
            window.decorView.postDelayed(this, REFRESH_MS)
        }
    }

    private var presets: List<TimeControl> = emptyList()
    private var seekChoice = 0
    private var inviteChoice = 0
    private val seekPresets by lazy { LinearLayout(this) }
    private val invitePresets by lazy { LinearLayout(this) }
    private val seekIdle by lazy {
        column(
            seekPresets,
            primaryButton(R.string.find_opponent) {
                presets.getOrNull(seekChoice)?.let { tc -> request { seek(tc) } }
            },
        )
    }
    private val seeking by lazy { label(R.string.empty) }
    private val seekBusy by lazy { column(waiting(seeking), button(R.string.cancel) { request { cancelSeek() } }) }

    private val rated by lazy {
        Switch(this).apply {
            setText(R.string.rated)
            isChecked = true
            setPadding(0, dp(12), 0, dp(12))
            minHeight = dp(48)
        }
    }
    private val inviteIdle by lazy {
        column(
            invitePresets, rated,
            button(R.string.create_invite) {
                presets.getOrNull(inviteChoice)?.let { tc -> request { createInvite(tc, rated.isChecked) } }
            },
        )
    }
    private val inviteWaiting by lazy { label(R.string.empty) }
    private val code by lazy {
        TextView(this).apply {
            setTextAppearance(android.R.style.TextAppearance_Material_Display2)
            typeface = android.graphics.Typeface.MONOSPACE
            gravity = Gravity.CENTER
            setTextIsSelectable(true)
            setPadding(dp(8), dp(8), dp(8), dp(8))
        }
    }
    private val inviting by lazy {
        column(
            waiting(inviteWaiting), code,
            row(
                button(R.string.share_code) {
                    shareCode()
                },
                button(R.string.cancel_invite) { request { cancelInvite() } },
            ),
        )
    }

    private val joinCode by lazy {
        field(
            R.string.invite_code,
            InputType.TYPE_CLASS_TEXT or InputType.TYPE_TEXT_FLAG_CAP_CHARACTERS,
        )
    }
    private var speed = Speed.BLITZ
    private val info by lazy { label(R.string.empty).apply { visibility = View.GONE } }

    /** The player's sections, shown once there is an account (landscape: in two columns, pairing first). */
    private val playing by lazy {
        val quick = card(column(section(R.string.quick_pairing), seekIdle, seekBusy))
        val invite = card(column(section(R.string.invite_friend), inviteIdle, inviting))
        val joinButton = button(R.string.join) { request { acceptInvite(joinCode.text.toString().trim()) } }
        // The code field wider than its button, so that its hint is whole.
        val join = card(
            column(
                section(R.string.join_with_code),
                row(joinCode, joinButton).apply {
                    (joinCode.layoutParams as LinearLayout.LayoutParams).weight = 1.8f
                },
            ),
        )
        val leaderboard = card(
            column(
                section(R.string.leaderboard),
                row(
                    spinner(SPEEDS, SPEEDS.indexOf(speed), { speedName(it) }) { speed = SPEEDS[it] },
                    button(R.string.show) {
                        showing = speed
                        request { leaderboard(speed) }
                    },
                ),
                button(R.string.my_profile) {
                    (online.state?.account as? AccountState.SignedIn)?.player?.let { p ->
                        showing = p.nickname
                        request { profile(p.nickname) }
                    }
                },
            ),
        )
        val gap = px(R.dimen.space_m)
        val landscape = resources.configuration.orientation == Configuration.ORIENTATION_LANDSCAPE
        if (landscape) {
            column(
                backToGame,
                friends.challenges,
                LinearLayout(this).apply {
                    orientation = LinearLayout.HORIZONTAL
                    isBaselineAligned = false
                    val half = { LinearLayout.LayoutParams(0, LinearLayout.LayoutParams.WRAP_CONTENT, 1f) }
                    val left = column(quick, correspondence.card, openSeeks.card, friends.card, invite, gap = gap)
                    addView(left, half())
                    addView(
                        column(join, arenas.card, liveGames.card, leaderboard, devices.card, gap = gap),
                        half().apply { marginStart = gap },
                    )
                },
                gap = gap,
            )
        } else {
            val social = arrayOf(
                friends.challenges, quick, correspondence.card, openSeeks.card, arenas.card, friends.card,
                liveGames.card,
            )
            column(backToGame, *social, invite, join, leaderboard, devices.card, gap = gap)
        }
    }

    /** What was last shown in [info]: the leaderboard or the profile asked for last. */
    private var showing: Any? = null
    private val listener: (List<OnlineEvent>) -> Unit = ::changed

    override fun onCreate(savedInstanceState: Bundle?) {
        super.onCreate(savedInstanceState)
        setTitle(R.string.play_online)
        toOpen = intent.getLongExtra(EXTRA_GAME, 0L).takeIf { it != 0L && savedInstanceState == null }
        whenReady {
            setContentView(screen(column(connection, tryNow, message, account, devices.redeem, playing, info)))
            online.listen(listener)
            online.connect()
        }
    }

    override fun onResume() {
        super.onResume()
        resumed = true
        online.openGame(this, onlyNew = true)
        window.decorView.post(refresh)
    }

    override fun onPause() {
        super.onPause()
        resumed = false
        window.decorView.removeCallbacks(refresh)
    }

    override fun onDestroy() {
        super.onDestroy()
        online.unlisten(listener)
    }

    /** The client's state and its events since the last call. */
    private fun changed(events: List<OnlineEvent>) {
        val failure = online.failure
        val s = online.state
        if (s == null) {
            connection.text =
                failure?.let { getString(R.string.bad_server) }
                    ?: getString(R.string.connecting)
            tryNow.visibility = if (failure != null) View.VISIBLE else View.GONE
            account.visibility = View.GONE
            devices.redeem.visibility = View.GONE
            playing.visibility = View.GONE
            return
        }
        connection.text = connectionText(s)
        tryNow.visibility = if (s.actions.tryNow) View.VISIBLE else View.GONE
        account.visibility = if (s.actions.createAccount) View.VISIBLE else View.GONE
        playing.visibility = if (s.account is AccountState.SignedIn) View.VISIBLE else View.GONE
        showPresets(s.presets, s.defaultPreset.toInt())
        backToGame.visibility = if (s.actions.backToGame) View.VISIBLE else View.GONE
        when (val l = s.lobby) {
            is Lobby.Seeking -> seeking.text = getString(R.string.seeking, timeControlLabel(l.timeControl))

            is Lobby.Inviting -> {
                inviteWaiting.text = getString(
                    R.string.invite_waiting, timeControlLabel(l.timeControl),
                    getString(if (l.rated) R.string.rated_game else R.string.casual_game),
                )
                code.text = l.code
                // Read out character by character, as it is to be typed.
                code.contentDescription = getString(R.string.invite_code_description, l.code.toList().joinToString(" "))
            }

            Lobby.Idle -> Unit
        }
        seekIdle.visibility = if (s.actions.cancelSeek) View.GONE else View.VISIBLE
        seekBusy.visibility = if (s.actions.cancelSeek) View.VISIBLE else View.GONE
        inviteIdle.visibility = if (s.actions.cancelInvite) View.GONE else View.VISIBLE
        val invitingNow = s.actions.cancelInvite
        if (invitingNow && inviting.visibility != View.VISIBLE) {
            // The code just made is what the player came for: scrolled into sight (in landscape it was below).
            inviting.post {
                inviting.requestRectangleOnScreen(Rect(0, 0, inviting.width, inviting.height + px(R.dimen.space_xl)))
            }
        }
        inviting.visibility = if (invitingNow) View.VISIBLE else View.GONE
        showInfo(s)
        devices.show(s)
        friends.show(s)
        liveGames.show(s)
        openSeeks.show(s)
        arenas.show(s)
        correspondence.show(s)
        if (s.account is AccountState.SignedIn) {
            // The background check of correspondence games, for an account (it stays scheduled).
            if (!checkScheduled) CorrespondenceJob.schedule(this)
            checkScheduled = true
            val game = toOpen
            if (game != null && s.connection == Connection.Online) {
                toOpen = null
                openCorrespondence(game)
            }
        }
        if (events.any { it is OnlineEvent.SignedOut }) CorrespondenceJob.cancel(this)
        // A refused move is the game screen's to tell; a challenge shows as its card.
        events.firstNotNullOfOrNull { e ->
            eventText(e)?.takeIf { e !is OnlineEvent.MoveRefused && e !is OnlineEvent.ChallengeReceived }
        }?.let(::say)
        if (events.any { it is OnlineEvent.AccountCreated }) nickname.text.clear()
        // A game that started (paired, invite accepted, back after a reconnection) opens its board, once.
        if (resumed) online.openGame(this, onlyNew = true)
    }

    private fun openGame() = online.openGame(this)

    /** Asks for a correspondence game's board: it opens when its state comes (the next [changed]). */
    private fun openCorrespondence(game: Long) {
        // Opened before and closed since: it may open again.
        if (online.opened == game) online.opened = null
        CorrespondenceJob.dismiss(this, game)
        request { openCorrespondence(game) }
    }

    /** The preset spinners, made once the server's presets are known (the core's first choice chosen first). */
    private fun showPresets(list: List<TimeControl>, blitz: Int) {
        if (list == presets) return
        presets = list
        seekChoice = blitz
        inviteChoice = blitz
        seekPresets.removeAllViews()
        seekPresets.addView(spinner(list, blitz, ::timeControlLabel) { seekChoice = it })
        invitePresets.removeAllViews()
        invitePresets.addView(spinner(list, blitz, ::timeControlLabel) { inviteChoice = it })
    }

    /** The leaderboard or profile asked for last, as it arrives. */
    private fun showInfo(s: OnlineScreen) {
        val text = when (val shown = showing) {
            is Speed -> s.leaderboard?.takeIf { it.speed == shown }?.let(::leaderboardText)
            is String -> s.profile?.takeIf { it.player.nickname == shown }?.let(::profileText)
            else -> null
        } ?: return
        info.text = text
        info.visibility = View.VISIBLE
    }

    private fun leaderboardText(b: Leaderboard): String {
        val rows = b.rows.map { r ->
            "${r.rank}. ${r.player.nickname}  ${ratingText(r.rating, false)} · ${resources.getQuantityString(R.plurals.games_count, r.games.toInt(), r.games.toInt())}"
        }
        return (
            listOf(getString(R.string.leaderboard_title, speedName(b.speed))) +
                rows.ifEmpty { listOf(getString(R.string.leaderboard_empty)) }
            )
            .joinToString("\n")
    }

    private fun profileText(p: ProfileView): String {
        val ratings = p.ratings.map { r ->
            getString(R.string.rating_line, speedName(r.speed), ratingText(r.rating, r.provisional)) + " · " +
                resources.getQuantityString(R.plurals.games_count, r.games.toInt(), r.games.toInt())
        }.ifEmpty { listOf(getString(R.string.no_ratings)) }
        val recent = p.recent.map { g ->
            val verdict = when (g.winner) {
                null -> getString(R.string.result_draw)
                g.color -> getString(R.string.you_won)
                else -> getString(R.string.you_lost)
            }
            val change = g.ratingChange?.let { " (%+d)".format(Math.round(it)) } ?: ""
            "${getString(R.string.you_vs, g.opponent.nickname)} · ${clockText(g.timeControl, g.daysPerMove)} · $verdict$change"
        }
        return (
            listOf(getString(R.string.profile_title, p.player.nickname)) + ratings +
                (if (recent.isEmpty()) emptyList() else listOf("", getString(R.string.recent_games)) + recent)
            ).joinToString("\n")
    }

    /** A request to the server; its answer comes through the observer. Offline, it is refused at once. */
    private fun request(call: OnlineClient.() -> Unit) {
        val c = online.client ?: return say(getString(R.string.error_offline))
        try {
            c.call()
        } catch (e: GiveawayException) {
            say(if (e is GiveawayException.Unavailable) getString(R.string.error_offline) else errorText(e))
        }
    }

    private fun say(text: String) {
        message.text = text
        message.visibility = View.VISIBLE
        message.announceForAccessibility(text)
    }

    private fun shareCode() {
        val c = code.text.toString()
        startActivity(
            Intent.createChooser(
                Intent(Intent.ACTION_SEND).apply {
                    type = "text/plain"
                    putExtra(Intent.EXTRA_TEXT, getString(R.string.invite_message, c))
                },
                getString(R.string.share_code),
            ),
        )
    }

    /** A wait the player can see: a spinner beside its words ("Looking for an opponent…"). */
    private fun waiting(words: TextView) = LinearLayout(this).apply {
        gravity = Gravity.CENTER_VERTICAL
        val size = px(R.dimen.space_xl)
        addView(
            android.widget.ProgressBar(this@LobbyActivity).apply { isIndeterminate = true },
            LinearLayout.LayoutParams(size, size).apply { marginEnd = px(R.dimen.space_m) },
        )
        addView(words, LinearLayout.LayoutParams(0, LinearLayout.LayoutParams.WRAP_CONTENT, 1f))
    }

    private fun field(hint: Int, type: Int) = EditText(this).apply {
        setHint(hint)
        inputType = type
        isSingleLine = true
        minHeight = dp(48)
    }

    companion object {
        private val SPEEDS = listOf(Speed.BULLET, Speed.BLITZ, Speed.RAPID, Speed.CLASSIC)
        private const val REFRESH_MS = 15_000L

        /** The correspondence game whose board the lobby opens once connected (a notification's tap). */
        const val EXTRA_GAME = "correspondence_game"

        /** The lobby, opening [game]'s board once connected. */
        fun intent(context: android.content.Context, game: Long): Intent =
            Intent(context, LobbyActivity::class.java).putExtra(EXTRA_GAME, game)
    }
}
