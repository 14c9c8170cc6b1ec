package app.giveaway.app.online

import android.Manifest
import android.app.Activity
import android.app.Notification
import android.app.NotificationChannel
import android.app.NotificationManager
import android.app.PendingIntent
import android.app.job.JobInfo
import android.app.job.JobParameters
import android.app.job.JobScheduler
import android.app.job.JobService
import android.content.ComponentName
import android.content.Context
import android.content.Intent
import android.content.pm.PackageManager
import android.os.Build
import android.util.Log
import app.giveaway.R
import app.giveaway.app.GiveawayApp
import app.giveaway.core.CorrespondenceView
import app.giveaway.core.OnlineClient
import app.giveaway.core.ScreenObserver
import app.giveaway.core.YourMoveCheck

/**
 * The background check of correspondence games: a periodic job (every 15 minutes at most often, with a network),
 * scheduled once the player has an account. On its thread it takes the app's own client when the process has one
 * (a second connection of the account would close the first), else connects one with the app's library; waits a
 * bounded time for the client's "your move" games not told before ([OnlineClient.checkYourMove]: the
 * core decides which, each position once) and posts a notification for each, whose tap opens its board through
 * the lobby. Which game is whose move, and what was told, is all the core's.
 */
class CorrespondenceJob : JobService() {
    @Volatile
    private var worker: Thread? = null

    override fun onStartJob(params: JobParameters): Boolean {
        val app = application as GiveawayApp
        worker = Thread({
            try {
                check(app)
            } catch (e: Exception) {
                Log.w("giveaway", "correspondence check: $e")
            }
            jobFinished(params, false)
        }, "giveaway-correspondence").apply {
            isDaemon = true
            start()
        }
        return true
    }

    /** Stopped by the system (the network went): the next period checks again. */
    override fun onStopJob(params: JobParameters): Boolean {
        worker?.interrupt()
        return false
    }

    companion object {
        /** The job's id in the app's JobScheduler. */
        const val JOB_ID = 2605

        /** The notification channel, and the tag of each game's notification (its id is the game's). */
        const val CHANNEL = "correspondence"
        private const val TAG = "correspondence"

        /** How long a check waits for the list at most. */
        private const val WAIT_MS = 20_000L

        /** How often the system runs it at most. */
        private const val PERIOD_MS = 15 * 60 * 1000L
        private const val PERMISSION_REQUEST = 26

        /** The periodic check, unless it is scheduled already; it outlives a reboot. */
        fun schedule(context: Context) {
            val jobs = context.getSystemService(JobScheduler::class.java) ?: return
            if (jobs.getPendingJob(JOB_ID) != null) return
            val job = JobInfo.Builder(JOB_ID, ComponentName(context, CorrespondenceJob::class.java))
                .setRequiredNetworkType(JobInfo.NETWORK_TYPE_ANY)
                .setPeriodic(PERIOD_MS)
                .setPersisted(true)
                .build()
            jobs.schedule(job)
        }

        /** No more checks: the account is gone. */
        fun cancel(context: Context) {
            context.getSystemService(JobScheduler::class.java)?.cancel(JOB_ID)
        }

        /**
         * Asks for the permission to notify (Android 13 on), when the player starts or accepts a correspondence
         * game: the moment a notification's use is plain.
         */
        fun askToNotify(a: Activity) {
            if (Build.VERSION.SDK_INT < Build.VERSION_CODES.TIRAMISU) return
            if (a.checkSelfPermission(Manifest.permission.POST_NOTIFICATIONS) == PackageManager.PERMISSION_GRANTED) {
                return
            }
            a.requestPermissions(arrayOf(Manifest.permission.POST_NOTIFICATIONS), PERMISSION_REQUEST)
        }

        /** The notification of [game], if any, is gone (its board is being opened). */
        fun dismiss(context: Context, game: Long) {
            context.getSystemService(NotificationManager::class.java)?.cancel(TAG, game.toInt())
        }

        /**
         * The check itself, on a worker thread (never the main thread: it waits): the games told now, each
         * posted as a notification. Nothing when notifications are off (nothing is then marked as told), or while
         * the app's client is being made.
         */
        fun check(app: GiveawayApp, waitMs: Long = WAIT_MS): List<CorrespondenceView> {
            val notifications = app.getSystemService(NotificationManager::class.java) ?: return emptyList()
            if (!notifications.areNotificationsEnabled()) return emptyList()
            val online = app.online
            val own = online.client
            val games = when {
                own != null -> take(app, own, waitMs)
                online.connecting -> null
                else -> withClient(app, waitMs)
            } ?: return emptyList()
            post(app, notifications, games)
            return games
        }

        /** A client of this check's own, connected with the app's library and server, closed after. */
        private fun withClient(app: GiveawayApp, waitMs: Long): List<CorrespondenceView>? {
            val (server, library) = app.storageNow { lib -> lib.settings().onlineServer to lib }
            val client = OnlineClient.connect(server, library, Unobserved)
            try {
                return take(app, client, waitMs)
            } finally {
                client.disconnect()
                client.close()
            }
        }

        /** The check waits on its own thread; nothing needs telling of the screen meanwhile. */
        private object Unobserved : ScreenObserver {
            override fun changed() = Unit
        }

        /**
         * The games to tell once [client]'s list has come (the core waits [waitMs] at most and decides what to
         * tell); null when it did not come, or cannot (no account: the checks stop).
         */
        private fun take(app: GiveawayApp, client: OnlineClient, waitMs: Long): List<CorrespondenceView>? =
            when (val found = client.checkYourMove(waitMs.toULong())) {
                is YourMoveCheck.Games -> found.games

                YourMoveCheck.NotYet -> null

                YourMoveCheck.NoAccount -> {
                    cancel(app)
                    null
                }
            }

        /** "Your move against Bob", "3 days per move · 2 days 5 h left"; a tap opens the game. */
        private fun post(context: Context, notifications: NotificationManager, games: List<CorrespondenceView>) {
            if (games.isEmpty()) return
            if (Build.VERSION.SDK_INT >= Build.VERSION_CODES.O) {
                val channel = NotificationChannel(
                    CHANNEL,
                    context.getString(R.string.correspondence),
                    NotificationManager.IMPORTANCE_DEFAULT,
                )
                channel.description = context.getString(R.string.correspondence_channel)
                notifications.createNotificationChannel(channel)
            }
            for (g in games) {
                val open = LobbyActivity.intent(context, g.game)
                    .addFlags(Intent.FLAG_ACTIVITY_NEW_TASK or Intent.FLAG_ACTIVITY_CLEAR_TOP)
                val tap = PendingIntent.getActivity(
                    context,
                    g.game.toInt(),
                    open,
                    PendingIntent.FLAG_UPDATE_CURRENT or PendingIntent.FLAG_IMMUTABLE,
                )
                val text = context.daysPerMoveText(g.daysPerMove) + " · " +
                    context.getString(R.string.time_left_words, context.durationWords(g.timeLeftMs))
                val builder = if (Build.VERSION.SDK_INT >= Build.VERSION_CODES.O) {
                    Notification.Builder(context, CHANNEL)
                } else {
                    @Suppress("DEPRECATION")
                    Notification.Builder(context)
                }
                val notification = builder
                    .setSmallIcon(R.drawable.ic_notification)
                    .setContentTitle(context.getString(R.string.correspondence_your_move, g.opponent.nickname))
                    .setContentText(text)
                    .setContentIntent(tap)
                    .setAutoCancel(true)
                    .setCategory(Notification.CATEGORY_REMINDER)
                    .build()
                notifications.notify(TAG, g.game.toInt(), notification)
            }
        }
    }
}
