package app.giveaway.ui

import app.giveaway.app.GameActivity
import app.giveaway.app.online.LobbyActivity
import org.junit.Test
import org.robolectric.RuntimeEnvironment
import org.robolectric.Shadows.shadowOf
import org.robolectric.android.controller.ActivityController
import java.io.File

/** The online screens' screenshots, run with the online tests in a JVM of their own (pom.xml). */
class ScreenshotsOnline : Shots() {
    /** A game the friend joined by the lobby's invite code: its screen, board, the app's colour and the ply. */
    private data class InvitedGame(
        val screen: ActivityController<GameActivity>,
        val board: Board,
        val white: Boolean,
        val ply: () -> UInt?,
    )

    /** The lobby makes an invite code ([shown] runs while it shows) and [friend] accepts it. */
    private fun invitedGame(lobby: LobbyActivity, friend: Friend, shown: () -> Unit = {}): InvitedGame {
        Ui.click(lobby, lobby.getString(app.giveaway.R.string.create_invite))
        Ui.until(what = "the invite code") { OnlineUi.inviteCode(lobby) != null }
        shown()
        friend.client.acceptInvite(OnlineUi.inviteCode(lobby)!!)
        val screen = follow(lobby, GameActivity::class.java)
        val ply = { friend.client.game()?.state()?.snapshot?.ply }
        Ui.until(what = "the game") { ply() == 0u }
        val white = friend.state().game!!.you == app.giveaway.core.Color.BLACK
        return InvitedGame(screen, board(screen.get(), blackAtBottom = !white), white, ply)
    }

    /**
     * The online screens against the test server, with a plain Kotlin client as the friend: the lobby, the invite
     * code, the game after two moves and the result with the rating change (portrait in English and Russian,
     * light and dark, and English landscape).
     */
    @Test
    fun online() {
        val friend = Friend(TestServer.url())
        try {
            friend.signUp(TestServer.nickname("Boris"))
            for (v in variants.filter { !it.land || (it.language == "en" && !it.night) }) {
                RuntimeEnvironment.setQualifiers(v.qualifiers)
                val lobbyScreen = OnlineUi.lobby(this)
                val lobby = lobbyScreen.get()
                save(File(dir, "online-lobby-${v.name}.png"), draw(lobby, null))
                // The Devices card, further down: a link code and this account's one device.
                Ui.click(lobby, lobby.getString(app.giveaway.R.string.link_code_show))
                Ui.click(lobby, lobby.getString(app.giveaway.R.string.my_devices))
                val thisPhone = lobby.getString(app.giveaway.R.string.this_device)
                Ui.until(what = "the devices") { OnlineUi.shown(lobby, thisPhone) && OnlineUi.linkCodeShown(lobby) }
                val scroll = Ui.find<android.widget.ScrollView>(lobby.window.decorView).first()
                scroll.scrollTo(0, scroll.getChildAt(0).height)
                Ui.idle()
                save(File(dir, "online-devices-${v.name}.png"), draw(lobby, null))
                scroll.scrollTo(0, 0)
                Ui.idle()
                val (gameScreen, board, white, ply) = invitedGame(lobby, friend) {
                    save(File(dir, "online-invite-${v.name}.png"), draw(lobby, null))
                }
                val game = gameScreen.get()
                if (white) board.play("c3", "d4") else friend.play(0u, "c3-d4")
                // On both boards before the app answers it (a tap before it arrives would be the opponent's turn).
                Ui.until(what = "the first move") { ply() == 1u && moveList(game).contains("c3-d4") }
                if (white) friend.play(1u, "f6-g5") else board.play("f6", "g5")
                Ui.until(what = "the second move") { ply() == 2u && moveList(game).contains("f6-g5") }
                save(File(dir, "online-game-${v.name}.png"), draw(game, null))
                friend.client.game()!!.resign()
                Ui.until(what = "the result") { Ui.dialog() != null && "→" in Ui.alertText() }
                save(File(dir, "online-result-${v.name}.png"), draw(game, Ui.dialog()))
                Ui.dialogButton(android.content.DialogInterface.BUTTON_NEGATIVE)
                // Gone before the next variant, so that only the next lobby opens the next game.
                listOf(gameScreen, lobbyScreen).forEach { it.pause().stop().destroy() }
            }
        } finally {
            OnlineUi.close()
            friend.close()
        }
    }

    /**
     * A move waiting for Confirm (the bar in place of the actions) and a premove queued during the friend's turn
     * (its squares tinted, the status line saying it), in 5+3 with "Confirm each move" on: English light and
     * Russian dark, portrait.
     */
    @Test
    fun confirmAndPremove() {
        val friend = Friend(TestServer.url())
        try {
            friend.signUp(TestServer.nickname("Boris"))
            for (v in variants.filter { !it.land && (it.language == "en") != it.night }) {
                RuntimeEnvironment.setQualifiers(v.qualifiers)
                val settings = launch(app.giveaway.app.SettingsActivity::class.java)
                val confirm = settings.get().getString(app.giveaway.R.string.confirm_moves)
                val switches = Ui.find<android.widget.Switch>(root(settings.get()))
                val switch = switches.first { it.text.toString() == confirm }
                if (!switch.isChecked) switch.performClick()
                Ui.idle()
                settings.pause().stop().destroy()
                val lobbyScreen = OnlineUi.lobby(this)
                val lobby = lobbyScreen.get()
                val (gameScreen, board, white, ply) = invitedGame(lobby, friend)
                val game = gameScreen.get()
                val confirmWord = game.getString(app.giveaway.R.string.confirm_move)
                fun confirmShot(from: String, to: String) {
                    board.play(from, to)
                    Ui.until(what = "the confirm bar") { shows(game, confirmWord) }
                    save(File(dir, "online-confirm-${v.name}.png"), draw(game, null))
                    Ui.click(game, confirmWord)
                }
                fun premoveShot(from: String, to: String) {
                    board.play(from, to)
                    Ui.until(what = "the premove") { shows(game, "$from-$to") }
                    save(File(dir, "online-premove-${v.name}.png"), draw(game, null))
                }
                if (white) {
                    confirmShot("c3", "d4")
                    Ui.until(what = "the move sent") { ply() == 1u }
                    premoveShot("g3", "h4")
                    friend.play(1u, "f6-g5")
                    Ui.until(what = "the premove played") { ply() == 3u }
                } else {
                    premoveShot("f6", "g5")
                    friend.play(0u, "c3-d4")
                    Ui.until(what = "the premove played") { ply() == 2u }
                    friend.play(2u, "g3-h4")
                    val whiteMan = game.getString(app.giveaway.R.string.speak_white_man)
                    Ui.until(what = "the friend's move") { whiteMan in board.says("h4") }
                    confirmShot("b6", "a5")
                    Ui.until(what = "the move sent") { ply() == 4u }
                }
                friend.client.game()!!.resign()
                Ui.until(what = "the result") { Ui.dialog() != null }
                Ui.dialogButton(android.content.DialogInterface.BUTTON_NEGATIVE)
                listOf(gameScreen, lobbyScreen).forEach { it.pause().stop().destroy() }
            }
        } finally {
            OnlineUi.close()
            friend.close()
        }
    }

    /**
     * Friends and challenges in the lobby: a challenge from a friend on top (Accept / Decline), and the Friends
     * card with this player's own challenge waiting, a friend online, one offline and a blocked player (portrait
     * in English and Russian, light and dark, and English landscape).
     */
    @Test
    fun friends() {
        val bob = Friend(TestServer.url())
        val away = listOf("Carl", "Troll").map { name ->
            Friend(TestServer.url()).use { f ->
                TestServer.nickname(name).also { f.signUp(it) }
            }
        }
        val (carl, troll) = away
        try {
            val bobNick = TestServer.nickname("Bob")
            bob.signUp(bobNick)
            for (v in variants.filter { !it.land || (it.language == "en" && !it.night) }) {
                RuntimeEnvironment.setQualifiers(v.qualifiers)
                val lobbyScreen = OnlineUi.lobby(this)
                val lobby = lobbyScreen.get()
                val client = (lobby.application as app.giveaway.app.GiveawayApp).online.client!!
                // The account made for the first variant stays for the next ones.
                val me = (client.screen().account as app.giveaway.core.AccountState.SignedIn).player.nickname
                // Followed and blocked once: the server keeps them (and a connection's requests are rate-limited).
                if (client.screen().social.blocked.isEmpty()) {
                    client.follow(bobNick)
                    client.follow(carl)
                    client.block(troll)
                }
                val presets = bob.state().presets
                client.challenge(carl, presets[0], app.giveaway.core.ChallengeColor.RANDOM, true)
                val blitz = presets[bob.state().defaultPreset.toInt()]
                bob.client.challenge(me, blitz, app.giveaway.core.ChallengeColor.WHITE, true)
                Ui.until(what = "the friends, both challenges and the blocked player") {
                    val social = client.screen().social
                    social.friends.size == 2 && social.incoming.size == 1 && social.outgoing.size == 1 &&
                        social.blocked.size == 1
                }
                // The lists arrive through the observer: wait until the screen draws them.
                Ui.until(what = "the lists drawn") {
                    OnlineUi.shown(lobby, troll) && OnlineUi.shown(lobby, "$bobNick ·")
                }
                save(File(dir, "online-challenge-${v.name}.png"), draw(lobby, null))
                OnlineUi.scrollToHeading(lobby, lobby.getString(app.giveaway.R.string.friends))
                save(File(dir, "online-friends-${v.name}.png"), draw(lobby, null))
                bob.client.cancelChallenge(bob.state().social.outgoing.single().id)
                client.cancelChallenge(client.screen().social.outgoing.single().id)
                Ui.until(what = "the challenges gone") {
                    client.screen().social.let {
                        it.incoming.isEmpty() &&
                            it.outgoing.isEmpty()
                    }
                }
                lobbyScreen.pause().stop().destroy()
            }
        } finally {
            OnlineUi.close()
            bob.close()
        }
    }

    /**
     * Watching: the lobby's list of live games and a game watched after a few moves with a reaction (portrait in
     * English and Russian, light and dark, and English landscape).
     */
    @Test
    fun watch() {
        val (wim, bea) = Friend(TestServer.url()) to Friend(TestServer.url())
        try {
            val wimNick = TestServer.nickname("Wim")
            wim.signUp(wimNick)
            bea.signUp(TestServer.nickname("Bea"))
            val blitz = wim.state().presets[wim.state().defaultPreset.toInt()]
            wim.client.createInvite(blitz, true)
            wim.until("the invite code") { it.lobby is app.giveaway.core.Lobby.Inviting }
            bea.client.acceptInvite((wim.state().lobby as app.giveaway.core.Lobby.Inviting).code)
            wim.until("the game") { it.game != null }
            bea.until("the game") { it.game != null }
            val (white, black) = if (wim.state().game!!.you == app.giveaway.core.Color.WHITE) wim to bea else bea to wim
            listOf("c3-d4", "f6-g5", "g3-h4", "g7-f6").forEachIndexed { ply, mv ->
                (if (ply % 2 == 0) white else black).play(ply.toUInt(), mv)
            }
            white.until("four moves") { it.game != null && white.client.game()?.state()?.snapshot?.ply == 4u }
            black.client.game()!!.react(black.state().game!!.you, "👍")
            for (v in variants.filter { !it.land || (it.language == "en" && !it.night) }) {
                RuntimeEnvironment.setQualifiers(v.qualifiers)
                val lobbyScreen = OnlineUi.lobby(this)
                val lobby = lobbyScreen.get()
                val heading = lobby.getString(app.giveaway.R.string.watch_game)
                OnlineUi.pressInRowOf(lobby, app.giveaway.R.string.refresh, heading)
                Ui.until(what = "the live game") { OnlineUi.shown(lobby, wimNick) }
                OnlineUi.scrollToHeading(lobby, heading)
                save(File(dir, "online-live-${v.name}.png"), draw(lobby, null))
                OnlineUi.pressInRowOf(lobby, app.giveaway.R.string.watch, wimNick)
                val watchScreen = follow(lobby, app.giveaway.app.online.WatchActivity::class.java)
                val watch = watchScreen.get()
                Ui.until(what = "the game watched") { shows(watch, "g3-h4") }
                save(File(dir, "online-watch-${v.name}.png"), draw(watch, null))
                watch.finish()
                listOf(watchScreen, lobbyScreen).forEach { it.pause().stop().destroy() }
            }
        } finally {
            OnlineUi.close()
            wim.close()
            bea.close()
        }
    }

    /**
     * Arenas: the lobby's list, and an arena's standings after a game between two other players (portrait in
     * English and Russian, light and dark, and English landscape).
     */
    @Test
    fun arena() {
        val (wim, bea) = Friend(TestServer.url()) to Friend(TestServer.url())
        try {
            val wimNick = TestServer.nickname("Wim")
            wim.signUp(wimNick)
            bea.signUp(TestServer.nickname("Bea"))
            val blitz = wim.state().presets[wim.state().defaultPreset.toInt()]
            val arenaName = "Friday night blitz"
            wim.client.createArena(arenaName, blitz, 0u, 45u)
            wim.until("the arena made") { it.arena?.arena?.name == arenaName && it.arena?.arena?.createdBy == wimNick }
            val id = wim.state().arena!!.arena.id
            bea.client.joinArena(id)
            bea.until("the arena game") { it.game?.arena == id }
            wim.until("the arena game") { it.game?.arena == id }
            val (white, black) = if (wim.state().game!!.you == app.giveaway.core.Color.WHITE) wim to bea else bea to wim
            white.play(0u, "c3-d4")
            black.play(1u, "f6-g5")
            black.client.game()!!.resign()
            listOf(wim, bea).forEach { f -> f.client.pauseArena(id) }
            for (v in variants.filter { !it.land || (it.language == "en" && !it.night) }) {
                RuntimeEnvironment.setQualifiers(v.qualifiers)
                val lobbyScreen = OnlineUi.lobby(this)
                val lobby = lobbyScreen.get()
                val heading = lobby.getString(app.giveaway.R.string.arenas)
                OnlineUi.pressInRowOf(lobby, app.giveaway.R.string.refresh, heading)
                Ui.until(what = "the arena in the list") { OnlineUi.shown(lobby, arenaName) }
                OnlineUi.scrollToHeading(lobby, heading)
                save(File(dir, "online-arenas-${v.name}.png"), draw(lobby, null))
                OnlineUi.pressInRowOf(lobby, app.giveaway.R.string.open_arena, arenaName)
                val arenaScreen = follow(lobby, app.giveaway.app.online.ArenaActivity::class.java)
                val arena = arenaScreen.get()
                val points = arena.resources.getQuantityString(app.giveaway.R.plurals.arena_games, 1, 1, 1)
                Ui.until(what = "the standings") { shows(arena, points) }
                save(File(dir, "online-arena-${v.name}.png"), draw(arena, null))
                arena.finish()
                listOf(arenaScreen, lobbyScreen).forEach { it.pause().stop().destroy() }
            }
        } finally {
            OnlineUi.close()
            wim.close()
            bea.close()
        }
    }

    /**
     * Correspondence: the lobby's list with two games (the player's move against Bob, after his first move, and
     * Carl's first move awaited), the challenge dialog with days per move, and the board of the game opened from
     * the list (portrait in English and Russian, light and dark, and English landscape). The games are made once:
     * the server keeps them, and a connection's requests are rate-limited.
     */
    @Test
    fun correspondence() {
        val (bob, carl) = Friend(TestServer.url()) to Friend(TestServer.url())
        try {
            val bobNick = TestServer.nickname("Bob")
            bob.signUp(bobNick)
            val carlNick = TestServer.nickname("Carl")
            carl.signUp(carlNick)
            for (v in variants.filter { !it.land || (it.language == "en" && !it.night) }) {
                RuntimeEnvironment.setQualifiers(v.qualifiers)
                val lobbyScreen = OnlineUi.lobby(this)
                val lobby = lobbyScreen.get()
                val client = (lobby.application as app.giveaway.app.GiveawayApp).online.client!!
                if (client.screen().correspondence.isEmpty()) {
                    val me = (client.screen().account as app.giveaway.core.AccountState.SignedIn).player.nickname
                    val board = { client.game()?.state()?.snapshot?.ply }
                    // Against Bob: the player White; a move each, then the board closed.
                    bob.client.challengeCorrespondence(me, 3u, app.giveaway.core.ChallengeColor.BLACK, true)
                    val fromBob = { client.screen().social.incoming.firstOrNull { it.opponent.nickname == bobNick } }
                    Ui.until(what = "Bob's challenge") { fromBob() != null }
                    client.acceptChallenge(fromBob()!!.id)
                    Ui.until(what = "the board") { board() == 0u }
                    client.game()!!.playMove("c3-d4")
                    bob.play(1u, "f6-g5")
                    Ui.until(what = "Bob's move") { board() == 2u }
                    client.leaveGame()
                    // Against Carl: his first move awaited.
                    carl.client.challengeCorrespondence(me, 7u, app.giveaway.core.ChallengeColor.WHITE, false)
                    val fromCarl = { client.screen().social.incoming.firstOrNull { it.opponent.nickname == carlNick } }
                    Ui.until(what = "Carl's challenge") { fromCarl() != null }
                    client.acceptChallenge(fromCarl()!!.id)
                    Ui.until(what = "the board") { board() == 0u }
                    client.leaveGame()
                    Ui.until(what = "both games, one the player's move") {
                        val list = client.screen().correspondence
                        list.size == 2 && list.any { it.yourMove && it.lastMove == "f6-g5" } &&
                            client.screen().game == null
                    }
                    // The boards that opened by themselves are not followed.
                    while (shadowOf(lobby).nextStartedActivity != null) Unit
                }
                val heading = lobby.getString(app.giveaway.R.string.correspondence)
                Ui.until(what = "the list drawn") { OnlineUi.shown(lobby, bobNick) && OnlineUi.shown(lobby, carlNick) }
                OnlineUi.scrollToHeading(lobby, heading)
                save(File(dir, "online-correspondence-${v.name}.png"), draw(lobby, null))

                // The challenge dialog with days per move, from the Friends card's nickname field.
                OnlineUi.scrollToHeading(lobby, lobby.getString(app.giveaway.R.string.friends))
                OnlineUi.type(lobby, lobby.getString(app.giveaway.R.string.nickname), bobNick)
                Ui.click(lobby, lobby.getString(app.giveaway.R.string.challenge))
                val dialog = Ui.alert()
                val kinds = listOf(app.giveaway.R.string.kind_clock, app.giveaway.R.string.correspondence)
                Ui.pick(dialog.window!!.decorView, lobby.getString(kinds[0]), lobby.getString(kinds[1]))
                save(File(dir, "online-correspondence-challenge-${v.name}.png"), draw(lobby, dialog))
                Ui.dialogButton(android.content.DialogInterface.BUTTON_NEGATIVE)

                // The board of the player's move, opened from the list, and closed to the lobby again.
                OnlineUi.pressInRowOf(lobby, app.giveaway.R.string.open_game, bobNick)
                val gameScreen = follow(lobby, GameActivity::class.java)
                val game = gameScreen.get()
                val perMove = game.resources.getQuantityString(app.giveaway.R.plurals.days_per_move, 3, 3)
                Ui.until(what = "the board") { shows(game, perMove) && moveList(game).contains("f6-g5") }
                save(File(dir, "online-correspondence-game-${v.name}.png"), draw(game, null))
                Ui.click(game, game.getString(app.giveaway.R.string.lobby))
                Ui.until(what = "the board closed") { client.screen().game == null }
                listOf(gameScreen, lobbyScreen).forEach { it.pause().stop().destroy() }
            }
        } finally {
            OnlineUi.close()
            bob.close()
            carl.close()
        }
    }
}
