package app.giveaway.ui

import android.app.Activity
import android.widget.EditText
import android.widget.TextView
import app.giveaway.R
import app.giveaway.app.GiveawayApp
import app.giveaway.app.SettingsActivity
import app.giveaway.app.online.LobbyActivity
import app.giveaway.core.GameLibrary
import app.giveaway.core.OnlineClient
import app.giveaway.core.OnlineScreen
import app.giveaway.core.ScreenObserver
import org.robolectric.RuntimeEnvironment
import org.robolectric.android.controller.ActivityController
import java.io.File
import java.nio.file.Files
import java.util.concurrent.atomic.AtomicInteger

/**
 * The game server the online tests play on: `make test-android` starts one with server/tools/test-server.sh in
 * the folder `giveaway.server.dir` (its URL in `url` there; a restart gives a new port, so it is read anew).
 */
object TestServer {
    private val dir = File(System.getProperty("giveaway.server.dir").orEmpty())
    private val script = System.getProperty("giveaway.server.script").orEmpty()

    fun url(): String = File(dir, "url").takeIf { it.exists() }?.readText()?.trim()
        ?: throw AssertionError("no game server in '$dir': run through `make test-android`, which starts one")

    fun stop() = run("stop")

    fun start() = run("start")

    private fun run(command: String) {
        val p = ProcessBuilder(script, command, dir.path).redirectErrorStream(true).start()
        val out = p.inputStream.bufferedReader().readText()
        check(p.waitFor() == 0) { "test-server.sh $command failed: $out" }
    }

    /** Nicknames are unique on the server, which may outlive one test run (a run by hand): a count from now. */
    private val serial = AtomicInteger((System.currentTimeMillis() / 1000 % 1_000_000).toInt())

    fun nickname(base: String) = "$base${serial.incrementAndGet()}"
}

/** A second phone in plain Kotlin: its own games file and online client, as the bindings give them. */
class Friend(url: String) : AutoCloseable {
    private val dir = Files.createTempDirectory("friend").toFile()
    val library = GameLibrary.open(File(dir, "games.db").path)
    val client = OnlineClient.connect(
        url, library,
        object : ScreenObserver {
            override fun changed() = Unit
        },
    )

    fun state(): OnlineScreen = client.screen()

    /** Waits, running the app's main thread meanwhile, until [done] holds of this client's state. */
    fun until(what: String, done: (OnlineScreen) -> Boolean) = Ui.until(what = "the friend: $what") { done(state()) }

    fun signUp(nickname: String) {
        until("connected") { it.connection == app.giveaway.core.Connection.Online }
        client.createAccount(nickname)
        until("the account") { it.account is app.giveaway.core.AccountState.SignedIn }
    }

    /** Plays [move] once the game is at [ply] (the app's move has arrived). */
    fun play(ply: UInt, move: String) {
        until("ply $ply") { client.game()?.state()?.snapshot?.ply == ply }
        client.game()!!.playMove(move)
    }

    override fun close() {
        client.disconnect()
        client.close()
        library.close()
        dir.deleteRecursively()
    }
}

/** The app's side of online play, through its screens. */
object OnlineUi {
    /** Settings: the server's address typed and used. */
    fun useServer(test: AppTest, url: String) {
        val s = test.launch(SettingsActivity::class.java).get()
        val label = Ui.find<TextView>(test.root(s)).first { it.text.toString() == s.getString(R.string.game_server) }
        val field = test.root(s).findViewById<EditText>(label.labelFor)
        Ui.until(what = "the stored address") { field.text.isNotEmpty() }
        field.setText(url)
        Ui.click(s, s.getString(R.string.save_server))
    }

    /**
     * Settings → the test server's address; home → "Play online" → the lobby, connected, with an account (made
     * by its nickname field as [nickname] when the lobby asks for one).
     */
    fun lobby(test: AppTest, nickname: String = TestServer.nickname("Anna")): ActivityController<LobbyActivity> {
        useServer(test, TestServer.url())
        val h = test.home()
        Ui.click(h, h.getString(R.string.play_online))
        val controller = test.follow(h, LobbyActivity::class.java)
        val lobby = controller.get()
        val ask = lobby.getString(R.string.choose_nickname)
        val pairing = lobby.getString(R.string.quick_pairing)
        Ui.until(what = "the lobby connected") { test.shows(lobby, ask) || test.shows(lobby, pairing) }
        if (test.shows(lobby, ask)) {
            type(lobby, lobby.getString(R.string.nickname), nickname)
            Ui.click(lobby, lobby.getString(R.string.create_account))
            val welcome = lobby.getString(R.string.online_as, nickname, TestServer.url())
            try {
                Ui.until(what = "the account") { test.shows(lobby, welcome) }
            } catch (
                e: AssertionError,
            ) {
                throw AssertionError("wanted $welcome; shown: " + test.screenText(lobby), e)
            }
        }
        return controller
    }

    /** Types [text] into the field whose hint is [hint]. */
    fun type(a: Activity, hint: String, text: String) {
        val f = Ui.find<EditText>(a.window.decorView).first { Ui.shown(it) && it.hint?.toString() == hint }
        f.setText(text)
        Ui.idle()
    }

    /** The invite code shown big in the lobby. */
    fun inviteCode(a: Activity): String? {
        val spoken = a.getString(R.string.invite_code_description, "")
        return Ui.find<TextView>(a.window.decorView)
            .firstOrNull { Ui.shown(it) && it.contentDescription?.startsWith(spoken) == true }?.text?.toString()
    }

    /**
     * Presses the button [label] beside a text containing [text]: the live games' Watch or the open seeks' Play on
     * the row naming a player (other tests' games and seeks on the shared server are listed too), or a card's
     * Refresh under its heading.
     */
    fun pressInRowOf(a: Activity, label: Int, text: String) {
        val word = a.getString(label)
        val button = Ui.find<android.widget.Button>(a.window.decorView).first { b ->
            val row = b.parent as? android.view.ViewGroup
            Ui.shown(b) && b.text.toString() == word && row != null &&
                Ui.find<TextView>(row).any { text in it.text.toString() }
        }
        button.performClick()
        Ui.idle()
    }

    /** Scrolls the lobby so that the card headed [heading] is at the top, with a margin above it. */
    fun scrollToHeading(lobby: Activity, heading: String) {
        val view = Ui.find<TextView>(lobby.window.decorView).first { Ui.shown(it) && it.text.toString() == heading }
        val scroll = Ui.find<android.widget.ScrollView>(lobby.window.decorView).first()
        val at = IntArray(2).also { view.getLocationInWindow(it) }[1]
        val top = IntArray(2).also { scroll.getLocationInWindow(it) }[1]
        val margin = lobby.resources.getDimensionPixelSize(R.dimen.space_xl)
        scroll.scrollTo(0, scroll.scrollY + at - top - margin)
        Ui.idle()
    }

    /** Whether a text containing [text] is shown. */
    fun shown(a: Activity, text: String): Boolean =
        Ui.find<TextView>(a.window.decorView).any { Ui.shown(it) && text in it.text.toString() }

    /** Whether the Devices card shows a link code (read out as "Link code K 7 Q M …"). */
    fun linkCodeShown(a: Activity): Boolean {
        val spoken = a.getString(R.string.link_code_description, "")
        return Ui.find<TextView>(a.window.decorView).any {
            Ui.shown(it) && it.contentDescription?.startsWith(spoken) == true
        }
    }

    /** The app's online client is closed with the test, so that its socket thread does not outlive it. */
    fun close() {
        (RuntimeEnvironment.getApplication() as GiveawayApp).online.client?.disconnect()
    }
}
