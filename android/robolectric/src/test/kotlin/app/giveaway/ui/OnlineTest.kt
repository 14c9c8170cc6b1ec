package app.giveaway.ui

import android.content.DialogInterface
import android.content.Intent
import app.giveaway.app.GameActivity
import app.giveaway.core.Color
import org.junit.Assert.assertEquals
import org.junit.Assert.assertTrue
import org.junit.Test
import org.robolectric.Shadows.shadowOf

/**
 * The online screens against a real game server ([TestServer]), with a second phone played by a plain Kotlin
 * client ([Friend]): the server typed in the settings, the lobby, an account, an invite code shown and shared,
 * the friend accepting it, moves made by touching the board, the result with the rating change, the profile and
 * the leaderboard ([OnlineRestartTest]: the server going away and coming back).
 */
class OnlineTest : OnlineAppTest() {
    @Test
    fun `an invited friend plays on the board and the result shows the rating change`() {
        val anna = TestServer.nickname("Anna")
        val lobby = OnlineUi.lobby(this, anna).get()
        assertTrue(shows(lobby, "Welcome, $anna!"))

        Ui.click(lobby, "Create an invite code")
        Ui.until(what = "the invite code") { OnlineUi.inviteCode(lobby) != null }
        val code = OnlineUi.inviteCode(lobby)!!
        // TalkBack spells the code out, as it is to be typed; every control is large enough to touch.
        assertTrue(
            Ui.find<android.widget.TextView>(root(lobby)).any {
                it.contentDescription ==
                    "Invite code " + code.toList().joinToString(" ")
            },
        )
        targets(lobby)
        assertTrue(shows(lobby, "Give this code to your friend (5+3, rated)"))
        Ui.click(lobby, "Share the code")
        val chooser = shadowOf(lobby).nextStartedActivity
        val shared = chooser.getParcelableExtra(Intent.EXTRA_INTENT, Intent::class.java)!!
        assertTrue(shared.getStringExtra(Intent.EXTRA_TEXT)!!.endsWith(code))

        val boris = friend()
        val borisName = TestServer.nickname("Boris")
        boris.signUp(borisName)
        boris.client.acceptInvite(code)
        val game = follow(lobby, GameActivity::class.java).get()
        Ui.until(what = "the opponent's name in the title, with the rating in the bar") {
            game.title == "You vs $borisName" && shows(game, "$borisName (")
        }
        val white = boris.state().game!!.you == Color.BLACK
        val board = board(game, blackAtBottom = !white)
        // No clock runs before the first moves: the screen counts down the first move's time instead.
        val countdown = if (white) "Make your first move within " else "$borisName has "
        Ui.until(what = "the first-move countdown") { shows(game, countdown) && shows(game, "or the game is aborted") }

        // The app's moves by touch, the friend's through its board controller; each crosses to the other side.
        if (white) {
            board.play("c3", "d4")
            boris.play(1u, "f6-g5")
            Ui.until(what = "the friend's move") { "black man" in board.says("g5") }
            board.play("g3", "h4")
            boris.until("the app's second move") { boris.client.game()?.state()?.snapshot?.ply == 3u }
        } else {
            boris.play(0u, "c3-d4")
            Ui.until(what = "the friend's move") { "white man" in board.says("d4") }
            board.play("f6", "g5")
            boris.play(2u, "g3-h4")
            Ui.until(what = "the friend's second move") { "white man" in board.says("h4") }
            board.play("b6", "a5")
            boris.until("the app's second move") { boris.client.game()?.state()?.snapshot?.ply == 4u }
        }
        assertTrue(moveList(game).startsWith("1. c3-d4  f6-g5"))

        boris.client.game()!!.resign()
        Ui.until(what = "the result") { Ui.dialog() != null && "Rating" in Ui.alertText() }
        val result = Ui.alertText()
        assertTrue(result, result.startsWith("You won: resignation"))
        val rating = Regex("""Rating (\d+) → (\d+) \(\+(\d+)\)""").find(result) ?: throw AssertionError(result)
        val (before, after, gain) = rating.destructured.toList().map(String::toInt)
        assertEquals(after - before, gain)
        assertTrue("a win gains: $result", gain > 0)
        assertEquals("Rematch", Ui.alert().getButton(DialogInterface.BUTTON_POSITIVE).text.toString())

        // Back in the lobby: the profile has the game and the new rating; the leaderboard of its speed answers.
        Ui.dialogButton(DialogInterface.BUTTON_NEGATIVE)
        assertTrue(game.isFinishing)
        Ui.click(lobby, "My profile")
        Ui.until(what = "the profile") { shows(lobby, "Recent games") }
        assertTrue(
            screenText(lobby),
            shows(lobby, "Blitz: $after?") && shows(lobby, "You vs $borisName · 5+3 · You won (+$gain)"),
        )
        Ui.click(lobby, "Show")
        Ui.until(what = "the leaderboard") { shows(lobby, "Leaderboard · Blitz") }
    }

    /**
     * Blitz (the invite's 5+3): a move entered during the friend's turn is queued as a premove and played the
     * moment the friend's move arrives; with "Confirm each move" on, a move made on the player's turn waits on the
     * board for Confirm (Take back drops it).
     */
    @Test
    fun `a premove plays as soon as the friend moves and a move waits for Confirm`() {
        val settings = launch(app.giveaway.app.SettingsActivity::class.java).get()
        Ui.find<android.widget.Switch>(root(settings)).first {
            it.text.toString() == "Confirm each move"
        }.performClick()
        Ui.idle()
        settings.finish()
        val lobby = OnlineUi.lobby(this).get()
        Ui.click(lobby, "Create an invite code")
        Ui.until(what = "the invite code") { OnlineUi.inviteCode(lobby) != null }
        val boris = friend()
        boris.signUp(TestServer.nickname("Boris"))
        boris.client.acceptInvite(OnlineUi.inviteCode(lobby)!!)
        val game = follow(lobby, GameActivity::class.java).get()
        val ply = { boris.client.game()?.state()?.snapshot?.ply }
        Ui.until(what = "the game") { ply() == 0u }
        val white = boris.state().game!!.you == Color.BLACK
        val board = board(game, blackAtBottom = !white)

        // The app's own move on its turn, confirmed: nothing reaches the friend before Confirm.
        fun confirmed(from: String, to: String, plyAfter: UInt) {
            board.play(from, to)
            Ui.until(what = "the confirm bar") { shows(game, "Confirm") }
            assertTrue(ply() == plyAfter - 1u)
            Ui.click(game, "Take back")
            assertTrue("a piece on $from again", "man" in board.says(from))
            board.play(from, to)
            Ui.click(game, "Confirm")
            boris.until("the confirmed move") { ply() == plyAfter }
        }
        if (white) {
            confirmed("c3", "d4", 1u)
            board.play("g3", "h4") // the friend's turn: a premove
            Ui.until(what = "the premove said") { shows(game, "premove g3-h4") }
            boris.play(1u, "f6-g5")
        } else {
            board.play("f6", "g5")
            Ui.until(what = "the premove said") { shows(game, "premove f6-g5") }
            boris.play(0u, "c3-d4")
        }
        // Played without a tap and without Confirm: a premove is made for speed.
        val afterPremove = if (white) 3u else 2u
        boris.until("the premove") { ply() == afterPremove }
        val premove = if (white) "g3-h4" else "f6-g5"
        assertTrue(moveList(game), premove in moveList(game))
        if (!white) {
            boris.play(2u, "g3-h4")
            Ui.until(what = "the friend's second move") { "white man" in board.says("h4") }
            confirmed("b6", "a5", 4u)
        }
    }

    /**
     * A second phone: the friend's first phone shows a link code; this app, new on the server, types it instead
     * of a nickname and plays as the friend's account; the first phone is told it is in use elsewhere (and does not
     * take it back by itself); this phone lists both devices and signs the first one out.
     */
    @Test
    fun `a link code brings an account to this phone and the lost one is signed out`() {
        val first = friend()
        val nick = TestServer.nickname("Vera")
        first.signUp(nick)
        first.client.createLinkCode()
        first.until("the link code") { it.linkCode != null }
        val code = first.state().linkCode!!.code

        OnlineUi.useServer(this, TestServer.url())
        val h = home()
        Ui.click(h, h.getString(app.giveaway.R.string.play_online))
        val lobby = follow(h, app.giveaway.app.online.LobbyActivity::class.java).get()
        Ui.until(what = "the account form") { shows(lobby, "Type the link code it shows") }
        OnlineUi.type(lobby, "Link code", code.lowercase())
        Ui.click(lobby, "Link")
        Ui.until(what = "signed in as the friend's account") { shows(lobby, "Welcome, $nick!") }
        first.until("told it is in use elsewhere") { it.problem == app.giveaway.core.OnlineProblem.PlayingElsewhere }
        assertTrue(first.state().actions.tryNow)

        Ui.click(lobby, "My devices")
        Ui.until(what = "both devices") { shows(lobby, "First phone") && shows(lobby, "This phone") }
        targets(lobby)
        // This phone was seen last, so it is first; the first phone's row is the second.
        val signOut = Ui.find<android.widget.Button>(root(lobby)).filter { it.text.toString() == "Sign out" }
        assertEquals(2, signOut.size)
        signOut[1].performClick()
        Ui.idle()
        Ui.dialogButton(DialogInterface.BUTTON_POSITIVE)
        Ui.until(what = "the first phone signed out") { !shows(lobby, "First phone") }
        assertTrue(screenText(lobby), shows(lobby, "This phone"))
    }

    @Test
    fun `a followed friend is challenged from the list and a challenge from them is accepted into a game`() {
        val bob = friend()
        val bobNick = TestServer.nickname("Bob")
        bob.signUp(bobNick)
        val me = TestServer.nickname("Anna")
        val lobby = OnlineUi.lobby(this, me).get()

        // Follow by nickname: the friend shows online.
        OnlineUi.type(lobby, "Nickname", bobNick)
        Ui.click(lobby, "Follow")
        Ui.until(what = "the friend online") { shows(lobby, "$bobNick · online") }

        // Challenge from the list: the dialog gathers the clock, the colour and rated.
        // The friend's row comes before the nickname field's own Challenge button.
        Ui.find<android.widget.Button>(root(lobby)).first { Ui.shown(it) && it.text.toString() == "Challenge" }
            .performClick()
        Ui.idle()
        assertEquals("Challenge $bobNick", Ui.shadowTitle(Ui.alert()))
        Ui.pick(Ui.alert().window!!.decorView, "Random", "White")
        Ui.dialogButton(DialogInterface.BUTTON_POSITIVE)
        Ui.until(what = "the challenge shown as waiting") { shows(lobby, "Waiting for $bobNick") }
        bob.until("the challenge") { it.social.incoming.isNotEmpty() }
        val got = bob.state().social.incoming.single()
        assertEquals(app.giveaway.core.ChallengeColor.BLACK, got.color)
        bob.client.declineChallenge(got.id)
        Ui.until(what = "the decline told") { shows(lobby, "$bobNick declined your challenge.") }
        assertTrue(screenText(lobby), !shows(lobby, "Waiting for $bobNick"))

        // The friend challenges this phone: the card on top; Accept opens the game.
        val blitz = bob.state().presets[bob.state().defaultPreset.toInt()]
        bob.client.challenge(me, blitz, app.giveaway.core.ChallengeColor.WHITE, false)
        Ui.until(what = "the challenge card") { shows(lobby, "$bobNick challenges you") }
        assertTrue(screenText(lobby), shows(lobby, "you play Black"))
        targets(lobby)
        Ui.click(lobby, "Accept")
        bob.until("the game") { it.game != null }
        assertEquals(Color.WHITE, bob.state().game!!.you)
        val game = follow(lobby, GameActivity::class.java).get()
        Ui.until(what = "the game with the friend") { game.title == "You vs $bobNick" }
    }

    @Test
    fun `a game between two others is watched live from the lobby's list`() {
        val (wim, bea) = friend() to friend()
        val (wimNick, beaNick) = TestServer.nickname("Wim") to TestServer.nickname("Bea")
        wim.signUp(wimNick)
        bea.signUp(beaNick)
        val blitz = wim.state().presets[wim.state().defaultPreset.toInt()]
        wim.client.createInvite(blitz, true)
        wim.until("the invite code") { it.lobby is app.giveaway.core.Lobby.Inviting }
        bea.client.acceptInvite((wim.state().lobby as app.giveaway.core.Lobby.Inviting).code)
        wim.until("the game") { it.game != null }
        bea.until("the game") { it.game != null }
        val (white, black) = if (wim.state().game!!.you == Color.WHITE) wim to bea else bea to wim

        val lobby = OnlineUi.lobby(this).get()
        OnlineUi.pressInRowOf(lobby, app.giveaway.R.string.refresh, "Watch a game")
        Ui.until(what = "the game in the list") { shows(lobby, wimNick) }
        OnlineUi.pressInRowOf(lobby, app.giveaway.R.string.watch, wimNick)
        val watch = follow(lobby, app.giveaway.app.online.WatchActivity::class.java).get()
        Ui.until(what = "the game watched") { shows(watch, "1 watching") }
        assertTrue(screenText(watch), watch.title.toString().contains(wimNick))
        white.until("the spectator counted") { it.game?.spectators == 1u }

        white.play(0u, "c3-d4")
        Ui.until(what = "the move on the watched board") { shows(watch, "1. c3-d4") }
        black.play(1u, "f6-g5")
        Ui.until(what = "the reply") { shows(watch, "1. c3-d4  f6-g5") }
        targets(watch)
        black.client.game()!!.resign()
        val winner = white.state().game!!.player.nickname
        Ui.until(what = "the end") { shows(watch, "$winner won (resignation)") }
    }

    @Test
    fun `an open seek is played from the lobby's list`() {
        val sam = friend()
        val samNick = TestServer.nickname("Sam")
        sam.signUp(samNick)
        val blitz = sam.state().presets[sam.state().defaultPreset.toInt()]
        sam.client.seek(blitz)
        sam.until("seeking") { it.lobby is app.giveaway.core.Lobby.Seeking }

        // The lobby asks for the open seeks as it opens.
        val lobby = OnlineUi.lobby(this).get()
        Ui.until(what = "the seek in the list") { shows(lobby, samNick) }
        assertTrue(screenText(lobby), shows(lobby, "5+3 Blitz · waiting 0:"))
        targets(lobby)
        OnlineUi.pressInRowOf(lobby, app.giveaway.R.string.play_seek, samNick)
        sam.until("the game") { it.game != null }
        assertTrue("an open seek is a rated game", sam.state().game!!.rated)
        val game = follow(lobby, GameActivity::class.java).get()
        Ui.until(what = "the game with the seeker") { game.title == "You vs $samNick" }
    }

    @Test
    fun `an arena is joined from the lobby and its standings count the game`() {
        val sam = friend()
        val samNick = TestServer.nickname("Sam")
        sam.signUp(samNick)
        val blitz = sam.state().presets[sam.state().defaultPreset.toInt()]
        val arenaName = "Arena ${samNick.takeLast(6)}"
        sam.client.createArena(arenaName, blitz, 0u, 30u)
        sam.until("the arena made") { it.arena?.arena?.name == arenaName }
        val id = sam.state().arena!!.arena.id

        val lobby = OnlineUi.lobby(this).get()
        OnlineUi.pressInRowOf(lobby, app.giveaway.R.string.refresh, "Arenas")
        Ui.until(what = "the arena in the list") { shows(lobby, arenaName) }
        OnlineUi.pressInRowOf(lobby, app.giveaway.R.string.open_arena, arenaName)
        val arena = follow(lobby, app.giveaway.app.online.ArenaActivity::class.java).get()
        Ui.until(what = "the arena shown") { shows(arena, "made by $samNick") && shows(arena, "Join") }
        targets(arena)
        Ui.click(arena, "Join")

        // Paired at once: the board opens by itself; Sam resigns and pauses.
        sam.until("the arena game") { it.game?.arena == id }
        val game = follow(arena, GameActivity::class.java).get()
        Ui.until(what = "the arena game's board") { game.title == "You vs $samNick" }
        sam.client.game()!!.resign()
        sam.client.pauseArena(id)
        Ui.until(what = "the result") { Ui.dialog() != null }
        assertTrue(
            "no rematch in an arena",
            Ui.alert().getButton(DialogInterface.BUTTON_POSITIVE).visibility != android.view.View.VISIBLE,
        )
        Ui.dialogButton(DialogInterface.BUTTON_NEGATIVE)
        assertTrue(game.isFinishing)
        Ui.until(what = "the standings with the win") { shows(arena, "1 game, 1 won") && shows(arena, "paused") }
        assertTrue(screenText(arena), shows(arena, "You take part"))
    }
}
