package app.giveaway.app

import android.app.Application
import android.os.Handler
import android.os.Looper
import app.giveaway.core.GameLibrary
import app.giveaway.core.GameSession
import app.giveaway.core.GiveawayException
import app.giveaway.core.Settings
import java.io.File
import java.util.concurrent.Executors

/**
 * The process: the saved-games library (SQLite in the app's private files) and the session of the game on
 * screen. The session is kept here across Activity re-creation (rotation); after process death the game
 * screen reopens it from storage by id, since every change was autosaved.
 *
 * The library's work (open, list, resume, import, export, statistics, settings) runs on one storage thread,
 * never on the main thread: [storage] runs a block there and hands its result back on the main thread. The
 * settings are cached in memory so that a screen can build itself at once.
 */
class GiveawayApp : Application() {
    private val io = Executors.newSingleThreadExecutor { r -> Thread(r, "giveaway-storage").apply { isDaemon = true } }
    private val main by lazy { Handler(Looper.getMainLooper()) }

    /** Only touched on the storage thread. */
    private lateinit var opened: GameLibrary

    /** The settings as last read or saved; null until the library is open. Main thread only. */
    private var cached: Settings? = null
    private val waiting = mutableListOf<(Settings) -> Unit>()

    private var open: Pair<Long, GameSession>? = null

    override fun onCreate() {
        super.onCreate()
        storage({ lib -> lib.settings() }, opening = true) { result ->
            val s = result.getOrThrow()
            cached = s
            waiting.toList().also { waiting.clear() }.forEach { it(s) }
        }
    }

    /** The games file could not be opened; a scratch file stands in for this run. */
    var storageFailed = false
        private set

    /** Runs [then] with the settings on the main thread: at once when the library is open, else once it is. */
    fun whenReady(then: (Settings) -> Unit) {
        cached?.let { return then(it) }
        waiting += then
    }

    /** The cached settings; only called from within [whenReady]'s block or later, when they are known. */
    fun settings(): Settings = cached ?: error("settings asked for before the library was open")

    fun saveSettings(s: Settings) {
        cached = s
        storage({ lib -> lib.saveSettings(s) }) { }
    }

    /**
     * Runs [work] with the library on the storage thread; [done] gets its result (a core refusal as a failure)
     * on the main thread. Calls run one at a time, in the order made.
     */
    fun <T> storage(work: (GameLibrary) -> T, done: (Result<T>) -> Unit) = storage(work, false, done)

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
     * Storage thread: opens the games file. One that cannot be opened at all (the core already moves a damaged
     * one aside) is replaced for this run by a scratch file, and the home screen says so.
     */
    private fun open() {
        // Even finding the folders may create them: disk work.
        val paths = listOf(File(filesDir, "games.db").path, File(cacheDir, "games-scratch.db").path)
        for ((i, path) in paths.withIndex()) {
            try {
                opened = GameLibrary.open(path)
                if (i > 0) main.post { storageFailed = true }
                return
            } catch (e: GiveawayException) {
                if (i == paths.lastIndex) throw IllegalStateException("no games file could be opened", e)
            }
        }
    }

    /** The open session of saved game [id], if it is the one kept; no storage is touched. */
    fun openSession(id: Long): GameSession? = open?.takeIf { it.first == id }?.second

    /**
     * Makes [session] (a new game) the open one. The previous one is not closed here: a screen may still hold
     * it; uniffi frees it once unreachable.
     */
    fun keep(id: Long, session: GameSession) {
        open = id to session
    }
}
