package app.giveaway.app

import android.app.Activity
import android.app.Application
import android.os.Bundle
import android.os.Handler
import android.os.Looper
import android.util.Log
import app.giveaway.app.online.Online
import app.giveaway.core.EndgameTables
import app.giveaway.core.GameController
import app.giveaway.core.GameLibrary
import app.giveaway.core.GiveawayException
import app.giveaway.core.LogLevel
import app.giveaway.core.LogSink
import app.giveaway.core.ScreenObserver
import app.giveaway.core.Settings
import app.giveaway.core.setLogSink
import java.io.File
import java.util.concurrent.Executors
import java.util.concurrent.atomic.AtomicBoolean

/**
 * The core's "this screen changed" calls, made on its own threads, brought to the main thread for whichever
 * screen listens now (a game's controller outlives a rotation; each new Activity instance listens anew).
 */
class ScreenRelay : ScreenObserver {
    private val main = Handler(Looper.getMainLooper())
    private val posted = AtomicBoolean(false)

    /** Main thread: re-read the controller's state and events. */
    @Volatile
    var listener: (() -> Unit)? = null

    override fun changed() {
        // One post at a time: search progress can come faster than a screen draws, and each read takes it all in.
        if (posted.compareAndSet(false, true)) {
            main.post {
                posted.set(false)
                listener?.invoke()
            }
        }
    }
}

/** A game screen's controller and the relay it reports through. */
class Game(val id: Long, val controller: GameController, val relay: ScreenRelay)

/**
 * The process: the saved-games library (SQLite in the app's private files), the settings, and the hand-over of
 * a new game's controller from the home screen to the game screen. After process death the game screen opens
 * the game again from storage by id (every change was autosaved).
 *
 * The library's work that touches the database file (open, start or open a game, list, import, export,
 * statistics, settings) runs on one storage thread, never on the main thread: [storage] runs a block there and
 * hands its result back on the main thread. The settings are cached in memory so that a screen can build itself
 * at once.
 */
class GiveawayApp : Application() {
    private val io = Executors.newSingleThreadExecutor { r -> Thread(r, "giveaway-storage").apply { isDaemon = true } }
    private val main by lazy { Handler(Looper.getMainLooper()) }

    /** Only touched on the storage thread. */
    private lateinit var opened: GameLibrary

    /** The settings as last read or saved; null until the library is open. Main thread only. */
    private var cached: Settings? = null
    private val waiting = mutableListOf<(Settings) -> Unit>()

    /** The online client, made when the lobby first opens; it lives as long as the process. */
    val online by lazy { Online(this) }

    /** The endgame tables, once opened at start (off the main thread); null until then. */
    @Volatile
    var tables: EndgameTables? = null
        private set

    /** Told when the tables' state changes: opened, the first-use build advanced or ended. */
    val tablesRelay = ScreenRelay()

    /** A game started on the home screen, until its game screen takes it. Main thread only. */
    private var handed: Game? = null

    override fun onCreate() {
        super.onCreate()
        setLogSink(Logcat, LogLevel.INFO)
        storage({ lib -> lib.settings() }, opening = true) { result ->
            val s = result.getOrThrow()
            cached = s
            waiting.toList().also { waiting.clear() }.forEach { it(s) }
        }
        openTables()
        registerActivityLifecycleCallbacks(object : ActivityLifecycleCallbacks {
            override fun onActivityStarted(a: Activity) {
                visible++
            }

            override fun onActivityStopped(a: Activity) {
                // A rotation stops the old Activity after the new one started: still in front.
                if (--visible == 0) checkpoint()
            }

            override fun onActivityCreated(a: Activity, state: Bundle?) = Unit
            override fun onActivityResumed(a: Activity) = Unit
            override fun onActivityPaused(a: Activity) = Unit
            override fun onActivitySaveInstanceState(a: Activity, state: Bundle) = Unit
            override fun onActivityDestroyed(a: Activity) = Unit
        })
    }

    /**
     * Opens the bundled tables and any built before, then starts the first-use build of the bigger ones (the
     * core decides what is missing). The test JVM switches the build off with `-Dgiveaway.tables.build=false`:
     * it is minutes of work.
     */
    private fun openTables() {
        Thread({
            val shipped = runCatching { shippedTables() }
                .onFailure { Log.w("giveaway", "no bundled endgame tables: $it") }
                .getOrNull()
            val t = EndgameTables.open(shipped, tablesDir.path)
            tables = t
            if (System.getProperty("giveaway.tables.build") != "false") {
                runCatching { t.buildMissing(tablesRelay) }.onFailure { Log.w("giveaway", "endgame table build: $it") }
            }
            tablesRelay.changed()
        }, "giveaway-tables").apply { isDaemon = true }.start()
    }

    private val tablesDir get() = File(filesDir, "tables")

    /**
     * The bundled tables copied out of the APK (the core reads files): once per installed version of the app,
     * the copy named after the install time, older copies removed.
     */
    private fun shippedTables(): String {
        val name = "tablebase-4.gwtb"

        @Suppress("DEPRECATION")
        val installed = packageManager.getPackageInfo(packageName, 0).lastUpdateTime
        val out = File(tablesDir, "shipped-$installed-$name")
        if (!out.exists()) {
            tablesDir.mkdirs()
            val part = File(out.path + ".part")
            assets.open(name).use { input -> part.outputStream().use { input.copyTo(it) } }
            check(part.renameTo(out)) { "cannot move $part into place" }
            tablesDir.listFiles()?.filter { it.name.startsWith("shipped-") && it != out }?.forEach { it.delete() }
        }
        return out.path
    }

    /** The core's log in Logcat. */
    private object Logcat : LogSink {
        override fun log(level: LogLevel, target: String, message: String) {
            val priority = when (level) {
                LogLevel.ERROR -> Log.ERROR
                LogLevel.WARN -> Log.WARN
                LogLevel.INFO -> Log.INFO
                LogLevel.DEBUG -> Log.DEBUG
                LogLevel.TRACE -> Log.VERBOSE
            }
            Log.println(priority, "giveaway", "$target: $message")
        }
    }

    /** Why the games file could not be opened, when a scratch file stands in for this run (the core's policy). */
    var scratchReason: String? = null
        private set

    /** Runs [then] with the settings on the main thread: at once when the library is open, else once it is. */
    fun whenReady(then: (Settings) -> Unit) {
        cached?.let { return then(it) }
        waiting += then
    }

    /**
     * Changes the stored settings by [change], read and written on the storage thread: the core keeps some of
     * them itself (the last game's choices, the forced-capture explanation), which the cached copy may not know.
     */
    fun updateSettings(change: (Settings) -> Settings) {
        cached = cached?.let(change)
        val update = ++settingsUpdates
        // Only the latest change's stored result replaces the cache: an earlier one's would undo the later
        // changes already applied to it until their own results arrive.
        storage({ lib -> change(lib.settings()).also(lib::saveSettings) }) { r ->
            r.onSuccess { if (update == settingsUpdates) cached = it }
        }
    }

    /** How many settings changes were made, so that a stored result can tell whether it is the latest. */
    private var settingsUpdates = 0

    /**
     * Runs [work] with the library on the storage thread; [done] gets its result (a core refusal as a failure)
     * on the main thread. Calls run one at a time, in the order made.
     */
    fun <T> storage(work: (GameLibrary) -> T, done: (Result<T>) -> Unit) = storage(work, false, done)

    /**
     * Runs [work] with the library on the storage thread and waits for its result: for a worker thread (the
     * background check of correspondence games), never the main thread. A core refusal is thrown.
     */
    fun <T> storageNow(work: (GameLibrary) -> T): T = try {
        io.submit<T> { work(opened) }.get()
    } catch (e: java.util.concurrent.ExecutionException) {
        throw e.cause ?: e
    }

    private fun <T> storage(work: (GameLibrary) -> T, opening: Boolean, done: (Result<T>) -> Unit) {
        io.execute {
            if (opening) open()
            val result = try {
                Result.success(work(opened))
            } catch (e: GiveawayException) {
                Result.failure(e)
            }
            main.post { done(result) }
        }
    }

    /**
     * Storage thread: opens the games file with the core's policy for one that cannot be opened at all (a
     * damaged one it already moves aside): a scratch file stands in for this run, and the home screen says so.
     */
    private fun open() {
        // Even finding the folders may create them: disk work.
        opened = try {
            GameLibrary.openOrScratch(File(filesDir, "games.db").path, File(cacheDir, "games-scratch.db").path)
        } catch (e: GiveawayException) {
            throw IllegalStateException("no games file could be opened", e)
        }
        opened.scratchReason()?.let { reason -> main.post { scratchReason = reason } }
    }

    /**
     * The app went to the background, where it may be ended without notice: the core writes every saved move
     * back into the games file itself (a copy or backup of `games.db` alone then has them all).
     */
    private fun checkpoint() = storage({ lib -> lib.checkpoint() }) { r ->
        r.onFailure { Log.w("giveaway", "the games file could not be checkpointed: $it") }
    }

    /** Activities started and not stopped: none means the app is in the background. Main thread only. */
    private var visible = 0

    /** Hands a game just started to the game screen about to open it. */
    fun hand(game: Game) {
        handed?.takeIf { it.id != game.id }?.controller?.leave()
        handed = game
    }

    /** The game [id] handed over by [hand], once; null when there is none (the screen opens it from storage). */
    fun take(id: Long): Game? = handed?.takeIf { it.id == id }?.also { handed = null }
}
