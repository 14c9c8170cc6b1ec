package app.giveaway.ui

import app.giveaway.app.GameActivity
import app.giveaway.app.online.LobbyActivity
import org.junit.Test
import org.robolectric.RuntimeEnvironment
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
                    Ui.until(what = "the friend's move") { "white man" in board.says("h4") }
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
}
