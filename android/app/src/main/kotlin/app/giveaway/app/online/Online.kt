package app.giveaway.app.online

import android.app.Activity
import app.giveaway.app.GameActivity
import app.giveaway.app.GiveawayApp
import app.giveaway.app.ScreenRelay
import app.giveaway.core.GiveawayException
import app.giveaway.core.OnlineClient
import app.giveaway.core.OnlineEvent
import app.giveaway.core.OnlineScreen
import app.giveaway.core.ScreenObserver

/**
 * The online client for the whole process: it outlives every Activity, so neither a rotation nor going from the
 * lobby to the board and back reconnects. The client's one observer wakes the lobby's and the board's relays;
 * the state and the one-off events are read here, once per wake-up, and handed to every screen listening.
 *
 * The server's address is the player's setting ([server], kept in the core's settings with its default, read
 * and written on the storage thread like all disk work); changing it connects to the new server.
 */
class Online(private val app: GiveawayApp) {
    /** The lobby's relay: re-reads the client's state for the listeners. */
    private val lobbyRelay = ScreenRelay().apply { listener = ::dispatch }

    /** The online board's relay (the game's controller reports through the client's observer). */
    val gameRelay = ScreenRelay()

    private val observer = object : ScreenObserver {
        override fun changed() {
            lobbyRelay.changed()
            gameRelay.changed()
        }
    }

    /** Set on the main thread only; read also by the background check ([CorrespondenceJob]). */
    @Volatile
    var client: OnlineClient? = null
        private set

    /** The screen state read last (decided in the core; drawn here); null before the first connection. */
    var state: OnlineScreen? = null
        private set

    /** The server connected to (or being connected to); null until [connect] has read the setting. */
    var server: String? = null
        private set

    /** The last game whose board was opened, so that a game opens by itself only once. */
    var opened: Long? = null

    /**
     * Opens the board of the online game from [from]; [onlyNew]: only a game in progress whose board has not
     * opened yet (one just paired, accepted or back after a reconnection).
     */
    fun openGame(from: Activity, onlyNew: Boolean = false) {
        val s = state ?: return
        val game = s.game?.game
        if (onlyNew && (game == null || !s.actions.backToGame || opened == game)) return
        opened = game
        from.startActivity(GameActivity.onlineIntent(from))
    }

    /** Why the client could not be made at all (an address that is not ws:// or wss://); null otherwise. */
    var failure: GiveawayException? = null
        private set

    /** Screens to tell of a change: they read [state] and [failure] and get the events since the last call. */
    private val listeners = mutableListOf<(List<OnlineEvent>) -> Unit>()

    /** The client is being made (read by the background check, which then does not connect a second one). */
    @Volatile
    var connecting = false
        private set

    /** [l] is called now and at every change, on the main thread, until [unlisten]. */
    fun listen(l: (List<OnlineEvent>) -> Unit) {
        listeners += l
        l(emptyList())
    }

    fun unlisten(l: (List<OnlineEvent>) -> Unit) {
        listeners -= l
    }

    /** Connects to the server of the settings, unless connected already. */
    fun connect() {
        if (client != null || connecting) return
        connecting = true
        failure = null
        app.storage({ lib ->
            val url = lib.settings().onlineServer
            url to OnlineClient.connect(url, lib, observer)
        }) { r ->
            connecting = false
            r.onSuccess { (url, c) ->
                server = url
                client = c
                dispatch()
            }.onFailure { e ->
                failure = e as GiveawayException
                tell(emptyList())
            }
        }
    }

    /** The setting's address, for the settings screen ([then] on the main thread). */
    fun readServer(
        then: (String) -> Unit,
    ) = app.storage({ lib -> lib.settings().onlineServer }) { r -> r.onSuccess(then) }

    /** A new address: saved, and the client, if any, connects there instead. */
    fun changeServer(url: String) {
        val trimmed = url.trim()
        app.storage({ lib -> lib.saveSettings(lib.settings().copy(onlineServer = trimmed)) }) {
            // Not started yet: the lobby connects when it opens.
            if ((client == null && failure == null) || (server == trimmed && client != null)) return@storage
            client?.run {
                disconnect()
                close()
            }
            client = null
            state = null
            opened = null
            connect()
        }
    }

    private fun dispatch() {
        val c = client ?: return
        // One read: the screen shows every change its events tell of (a game's end with the game over).
        val update = c.takeUpdate()
        val s = update.screen
        val events = update.events
        state = s
        tell(events)
        // A countdown (the first move's) is read again when its next second starts.
        main.removeCallbacks(tick)
        s.nextTickMs?.let { main.postDelayed(tick, it.toLong()) }
    }

    private val main = android.os.Handler(android.os.Looper.getMainLooper())
    private val tick = Runnable { dispatch() }

    private fun tell(events: List<OnlineEvent>) = listeners.toList().forEach { it(events) }
}
