package app.giveaway.app

import android.app.Application
import app.giveaway.core.GameLibrary
import app.giveaway.core.GameSession
import app.giveaway.core.GiveawayException
import app.giveaway.core.Settings
import java.io.File

/**
 * The process: the saved-games library (SQLite in the app's private files) and the session of the game on
 * screen. The session is kept here across Activity re-creation (rotation); after process death the game
 * screen reopens it from storage by id, since every change was autosaved.
 */
class GiveawayApp : Application() {
    lateinit var library: GameLibrary
        private set

    private var open: Pair<Long, GameSession>? = null

    override fun onCreate() {
        super.onCreate()
        library = GameLibrary.open(File(filesDir, "games.db").path)
    }

    /** The session of saved game [id]: the one already open, or resumed from storage. */
    @Throws(GiveawayException::class)
    fun session(id: Long): GameSession {
        open?.let { (openId, s) -> if (openId == id) return s }
        val s = library.resume(id)
        keep(id, s)
        return s
    }

    /**
     * Makes [session] (a new game) the open one. The previous one is not closed here: a screen may still hold
     * it; uniffi frees it once unreachable.
     */
    fun keep(id: Long, session: GameSession) {
        open = id to session
    }

    fun settings(): Settings = library.settings()

    fun saveSettings(s: Settings) = library.saveSettings(s)
}
