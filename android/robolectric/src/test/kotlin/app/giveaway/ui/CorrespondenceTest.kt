package app.giveaway.ui

import android.Manifest
import android.app.Notification
import android.app.NotificationManager
import android.app.job.JobInfo
import android.app.job.JobScheduler
import android.content.DialogInterface
import android.content.pm.PackageManager
import app.giveaway.app.GameActivity
import app.giveaway.app.GiveawayApp
import app.giveaway.app.online.CorrespondenceJob
import app.giveaway.app.online.LobbyActivity
import app.giveaway.core.AccountState
import app.giveaway.core.ChallengeColor
import app.giveaway.core.Color
import app.giveaway.core.Connection
import app.giveaway.core.CorrespondenceView
import app.giveaway.core.OnlineClient
import app.giveaway.core.OnlineProblem
import app.giveaway.core.ScreenObserver
import org.junit.Assert.assertEquals
import org.junit.Assert.assertTrue
import org.junit.Test
import org.robolectric.RuntimeEnvironment
import org.robolectric.Shadows.shadowOf
import java.util.concurrent.FutureTask

/**
 * Correspondence against the test server, with the opponent a plain Kotlin client ([Friend]): a challenge with
 * days per move made in the lobby's dialog, the game in the lobby's Correspondence list, its board opened from
 * there, a move, the board closed while the game goes on; and the background check ([CorrespondenceJob]):
 * scheduled for an account, a notification for a game where it is the player's move, once.
 */
class CorrespondenceTest : OnlineAppTest() {
    @Test
    fun `a correspondence challenge is played from the lobby's list and its board closed while it goes on`() {
        val bob = friend()
        val bobNick = TestServer.nickname("Bob")
        bob.signUp(bobNick)
        val lobby = OnlineUi.lobby(this).get()
        Ui.until(what = "the empty list") { shows(lobby, "No correspondence games yet") }

        // The dialog: correspondence in place of the clock, 3 days per move offered first.
        OnlineUi.type(lobby, "Nickname", bobNick)
        Ui.click(lobby, "Challenge")
        val dialog = Ui.alert().window!!.decorView
        assertTrue(Ui.texts(dialog).toString(), "Time control" in Ui.texts(dialog))
        Ui.pick(dialog, "On the clock", "Correspondence")
        val offered = Ui.texts(dialog)
        assertTrue(offered.toString(), "Days per move" in offered && "3\u00A0days" in offered)
        assertTrue(Ui.texts(dialog).toString(), "Time control" !in Ui.texts(dialog))
        Ui.pick(dialog, "3\u00A0days", "2\u00A0days")
        Ui.pick(dialog, "Random", "White")
        Ui.dialogButton(DialogInterface.BUTTON_POSITIVE)
        // A correspondence game tells of the player's move by notification: the permission is asked for now.
        val asked = shadowOf(lobby).lastRequestedPermission?.requestedPermissions?.toList()
        assertEquals(listOf(Manifest.permission.POST_NOTIFICATIONS), asked)
        val request = shadowOf(lobby).nextStartedActivity
        assertEquals(PackageManager.ACTION_REQUEST_PERMISSIONS, request.action)
        Ui.until(what = "the challenge waiting, with its days") {
            shows(lobby, "Waiting for $bobNick") && shows(lobby, "2\u00A0days per move · rated · you play White")
        }
        bob.until("the challenge") { it.social.incoming.isNotEmpty() }
        val got = bob.state().social.incoming.single()
        assertEquals(2u, got.daysPerMove)
        assertEquals(ChallengeColor.BLACK, got.color)
        bob.client.acceptChallenge(got.id)

        // The game begins: its board opens by itself (no other game on this phone), the first move's time in days.
        val first = follow(lobby, GameActivity::class.java).get()
        Ui.until(what = "the first move's time in days") {
            shows(first, "Make your first move within 1\u00A0day 23\u00A0h")
        }
        assertTrue(screenText(first), Ui.button(root(first), "Lobby").isShown)
        Ui.click(first, "Lobby")
        assertTrue(first.isFinishing)
        // The friend closes his board too: his list then follows the game.
        bob.until("his board") { it.game != null }
        bob.client.leaveGame()

        // The list: the player's move, emphasized; Open shows the board again.
        Ui.until(what = "the game in the list") { shows(lobby, "Your move against $bobNick") }
        assertTrue(screenText(lobby), shows(lobby, "you play White · 2\u00A0days per move · 1\u00A0day 23\u00A0h left"))
        assertTrue(screenText(lobby), !shows(lobby, "No correspondence games yet"))
        OnlineUi.pressInRowOf(lobby, app.giveaway.R.string.open_game, bobNick)
        val game = follow(lobby, GameActivity::class.java).get()
        Ui.until(what = "the board") { game.title == "You vs $bobNick" && shows(game, "Make your first move") }
        targets(game)
        board(game).play("c3", "d4")
        Ui.until(what = "the move played") { shows(game, "$bobNick has 1\u00A0day 23\u00A0h to make the first move") }
        // No "lost the connection" for an opponent who is away: that is correspondence.
        assertTrue(screenText(game), !shows(game, "lost the connection"))
        Ui.click(game, "Lobby")
        assertTrue(game.isFinishing)

        // Both lists follow: here the friend's move, there his.
        Ui.until(what = "the friend's move in the list") { shows(lobby, "$bobNick to move") }
        assertTrue(screenText(lobby), shows(lobby, "last move c3-d4"))
        bob.until("his move in his list") {
            it.correspondence.singleOrNull()?.let { g -> g.yourMove && g.lastMove == "c3-d4" } == true
        }
        assertEquals(Color.BLACK, bob.state().correspondence.single().you)
    }

    @Test
    fun `the background check is scheduled for an account and tells each move to make once`() {
        val app = RuntimeEnvironment.getApplication() as GiveawayApp
        val url = TestServer.url()
        val bob = friend()
        val bobNick = TestServer.nickname("Bob")
        bob.signUp(bobNick)

        // This phone's account and a game where it is its move, made while no screen is open: the case of a
        // phone whose app is closed.
        val nick = TestServer.nickname("Anna")
        val phone = app.storageNow { lib ->
            lib.saveSettings(lib.settings().copy(onlineServer = url))
            OnlineClient.connect(
                url, lib,
                object : ScreenObserver {
                    override fun changed() = Unit
                },
            )
        }
        try {
            Ui.until(what = "connected") { phone.screen().connection == Connection.Online }
            phone.createAccount(nick)
            Ui.until(what = "the account") { phone.screen().account is AccountState.SignedIn }
            bob.client.challengeCorrespondence(nick, 3u, ChallengeColor.BLACK, true)
            Ui.until(what = "the challenge") { phone.screen().social.incoming.isNotEmpty() }
            phone.acceptChallenge(phone.screen().social.incoming.single().id)
            Ui.until(what = "the game") { phone.screen().game != null }
        } finally {
            phone.disconnect()
            phone.close()
        }

        // The check on a worker thread, as the job runs it: one notification, for this game.
        val notifications = shadowOf(app.getSystemService(NotificationManager::class.java))
        val told = check(app)
        assertEquals(listOf(bobNick), told.map { it.opponent.nickname })
        assertEquals(1, notifications.allNotifications.size)
        val n = notifications.allNotifications.single()
        assertEquals("Your move against $bobNick", n.extras.getString(Notification.EXTRA_TITLE))
        assertEquals(
            "3\u00A0days per move · 2\u00A0days 23\u00A0h left",
            n.extras.getCharSequence(Notification.EXTRA_TEXT).toString(),
        )
        assertEquals(CorrespondenceJob.CHANNEL, n.channelId)
        val tap = shadowOf(n.contentIntent).savedIntent
        assertEquals(LobbyActivity::class.java.name, tap.component?.className)
        assertEquals(told.single().game, tap.getLongExtra(LobbyActivity.EXTRA_GAME, 0L))

        // Again: the same position is not told twice.
        assertEquals(emptyList<CorrespondenceView>(), check(app))
        assertEquals(1, notifications.allNotifications.size)

        // The lobby schedules the check (periodic, with a network); a check while it is open takes its client
        // instead of connecting a second time (which would close the lobby's connection).
        val lobby = OnlineUi.lobby(this, nick).get()
        val jobs = app.getSystemService(JobScheduler::class.java)
        val job = jobs.allPendingJobs.singleOrNull { it.id == CorrespondenceJob.JOB_ID }
            ?: throw AssertionError("no job among ${jobs.allPendingJobs}")
        assertTrue(job.isPeriodic && job.intervalMillis >= JobInfo.getMinPeriodMillis())
        @Suppress("DEPRECATION")
        assertEquals(JobInfo.NETWORK_TYPE_ANY, job.networkType)
        assertEquals(CorrespondenceJob::class.java.name, job.service.className)
        Ui.until(what = "the list in the lobby") { shows(lobby, "Your move against $bobNick") }
        assertEquals(emptyList<CorrespondenceView>(), check(app))
        Ui.idle()
        val problem = app.online.client!!.screen().problem
        assertTrue("the lobby's connection stays: $problem", problem != OnlineProblem.PlayingElsewhere)
    }

    /** [CorrespondenceJob.check] on a thread of its own, the main thread running meanwhile. */
    private fun check(app: GiveawayApp): List<CorrespondenceView> {
        val task = FutureTask { CorrespondenceJob.check(app) }
        Thread(task, "check").start()
        Ui.until(what = "the check") { task.isDone }
        return task.get()
    }
}
