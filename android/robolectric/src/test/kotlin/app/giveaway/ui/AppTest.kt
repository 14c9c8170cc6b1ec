package app.giveaway.ui

import android.app.Activity
import android.content.Intent
import android.os.StrictMode
import android.os.strictmode.Violation
import android.view.View
import android.widget.ProgressBar
import android.widget.TextView
import app.giveaway.R
import app.giveaway.app.BoardView
import app.giveaway.app.GameActivity
import app.giveaway.app.HomeActivity
import org.junit.After
import org.junit.Assert.assertEquals
import org.junit.Before
import org.junit.runner.RunWith
import org.robolectric.Robolectric
import org.robolectric.RobolectricTestRunner
import org.robolectric.RuntimeEnvironment
import org.robolectric.Shadows.shadowOf
import org.robolectric.android.controller.ActivityController
import java.util.Collections
import java.util.concurrent.Executor

/**
 * The app as it runs: the real Application (a fresh games database in Robolectric's per-test files folder), the
 * real Activities, the core through JNA. Disk and network on the main thread fail the test: StrictMode's
 * violations and [MainThreadIo]'s findings are collected and checked after the test.
 */
@RunWith(RobolectricTestRunner::class)
abstract class AppTest {
    protected val violations: MutableList<Violation> = Collections.synchronizedList(mutableListOf())
    private val opened = mutableListOf<ActivityController<*>>()

    protected lateinit var io: MainThreadIo

    @Before
    fun strictMode() {
        val app = RuntimeEnvironment.getApplication()
        io = MainThreadIo(Thread.currentThread(), app.dataDir)
        @Suppress("DEPRECATION", "removal")
        System.setSecurityManager(io)
        val direct = Executor { it.run() }
        StrictMode.setThreadPolicy(
            StrictMode.ThreadPolicy.Builder()
                .detectDiskReads().detectDiskWrites().detectNetwork()
                .penaltyListener(direct) { violations += it }
                .build(),
        )
    }

    @After
    fun noViolations() {
        // Destroy what the test left open, so no engine search outlives it.
        opened.asReversed().forEach { runCatching { it.pause().stop().destroy() } }
        Ui.idle()
        StrictMode.setThreadPolicy(StrictMode.ThreadPolicy.LAX)
        @Suppress("DEPRECATION", "removal")
        System.setSecurityManager(null)
        assertEquals("StrictMode:\n" + violations.joinToString("\n") { it.toString() }, 0, violations.size)
        assertEquals("disk or network on the main thread", emptyList<String>(), io.seen.toList())
    }

    fun <T : Activity> launch(cls: Class<T>, intent: Intent? = null): ActivityController<T> {
        val c = if (intent == null) Robolectric.buildActivity(cls) else Robolectric.buildActivity(cls, intent)
        opened += c
        c.setup()
        // The screen builds itself once the storage thread has answered (settings, the saved game).
        Ui.until(what = "${cls.simpleName} to show its content") {
            (c.get().findViewById<android.view.ViewGroup>(android.R.id.content)?.childCount ?: 0) > 0 ||
                c.get().isFinishing
        }
        return c
    }

    /** The activity [from] started last, launched (it must be a [cls]). */
    fun <T : Activity> follow(from: Activity, cls: Class<T>): ActivityController<T> {
        Ui.until(what = "${from.javaClass.simpleName} to start ${cls.simpleName}") {
            shadowOf(from).peekNextStartedActivity() !=
                null
        }
        val intent = shadowOf(from).nextStartedActivity
        assertEquals(cls.name, intent.component?.className)
        return launch(cls, intent)
    }

    fun root(a: Activity): View = a.window.decorView

    fun board(a: Activity, blackAtBottom: Boolean = false) = Board(Ui.find<BoardView>(root(a)).first(), blackAtBottom)

    /** The computer (or the hint) is thinking: its indicator is shown. */
    fun thinking(a: Activity): Boolean = Ui.find<ProgressBar>(root(a)).any {
        it.isIndeterminate &&
            it.visibility == View.VISIBLE
    }

    /** Waits (see [Ui.until]) until the thinking indicator is gone. */
    fun awaitEngine(a: Activity) = Ui.until(what = "the engine") { !thinking(a) }

    /** Every text shown on [a]'s screen, joined by newlines. */
    fun screenText(a: Activity): String = Ui.texts(root(a)).joinToString("\n")

    fun shows(a: Activity, text: String): Boolean = Ui.find<TextView>(root(a)).any {
        Ui.shown(it) &&
            text in it.text.toString()
    }

    fun home(): HomeActivity = launch(HomeActivity::class.java).get()

    /** Home → [choose] (spinners, dialogs) → Start → the game screen. */
    fun newGame(choose: (HomeActivity) -> Unit = {}): GameActivity {
        val h = home()
        choose(h)
        Ui.click(h, "Start")
        return follow(h, GameActivity::class.java).get()
    }

    /** The level spinner (it shows "name · rating") set to the level called [name]. */
    fun pickLevel(h: HomeActivity, name: String) {
        val s = Ui.find<android.widget.Spinner>(root(h)).first { " · " in it.selectedItem.toString() }
        val item = (0 until s.adapter.count).map {
            s.adapter.getItem(it).toString()
        }.first { it.startsWith("$name · ") }
        Ui.pick(root(h), s.selectedItem.toString(), item)
    }

    fun passAndPlay(h: HomeActivity) = Ui.pick(root(h), "Play the computer", "Two players on this device")

    /**
     * The position editor from home: cleared, then the palette's white man put on [white] and black man on
     * [black] (and kings on [whiteKings], [blackKings]), confirmed with OK; in the screen's language.
     */
    fun editPosition(
        h: HomeActivity,
        white: List<String>,
        black: List<String>,
        whiteKings: List<String> = emptyList(),
        blackKings: List<String> = emptyList(),
    ) {
        Ui.click(h, h.getString(R.string.set_up_position))
        val root = Ui.alert().window!!.decorView
        Ui.click(root, h.getString(R.string.clear_board))
        val b = Board(Ui.find<BoardView>(root).first())
        val pieces = listOf(
            Triple(R.string.palette_white_man, R.string.speak_white_man, white),
            Triple(R.string.palette_black_man, R.string.speak_black_man, black),
            Triple(R.string.palette_white_king, R.string.speak_white_king, whiteKings),
            Triple(R.string.palette_black_king, R.string.speak_black_king, blackKings),
        )
        for ((tool, spoken, squares) in pieces) {
            palette(root, h.getString(tool))
            squares.forEach { b.tap(it) }
            squares.forEach { assertEquals("$it in the editor", true, h.getString(spoken) in b.says(it)) }
        }
        Ui.click(root, h.getString(R.string.ok))
    }

    /** The editor's palette choice named [name] (its spoken name: "White man", "Eraser"). */
    fun palette(root: View, name: String) {
        val v = Ui.all(root).first { Ui.shown(it) && it.contentDescription?.toString() == name }
        v.performClick()
        Ui.idle()
    }

    /** The "Capturing is compulsory" explanation, shown once: acknowledged. */
    fun gotIt() {
        assertEquals("Capturing is compulsory", Ui.shadowTitle(Ui.alert()))
        Ui.dialogButton(android.content.DialogInterface.BUTTON_POSITIVE)
    }

    /** The move list as shown, a numbered move to a line (a phone's strip shows them side by side). */
    fun moveList(g: Activity): String = Ui.find<TextView>(root(g)).filter { Ui.shown(it) && it.text.startsWith("1. ") }
        .joinToString { it.text.toString().replace("   ", "\n") }

    /** The game screen's "More" menu, opened: what it offers now. */
    fun moreItems(g: Activity): List<String> {
        Ui.click(g, "More")
        val items = Ui.shadowItems()
        Ui.alert().cancel()
        Ui.idle()
        return items
    }

    /** [item] chosen from the game screen's "More" menu (Resign, Draw, Flip board, React, Share). */
    fun more(g: Activity, item: String) {
        Ui.click(g, g.getString(R.string.more))
        Ui.chooseItem(item)
    }

    /** A clock's "m:ss" in seconds. */
    fun seconds(clock: String?): Int {
        val (m, s) = (clock ?: throw AssertionError("no clock shown")).split(":").map { it.toInt() }
        return m * 60 + s
    }

    /** Whole seconds of wall time since [startNs] (the core's clocks keep real time), rounded up. */
    fun secondsSince(startNs: Long): Int = ((System.nanoTime() - startNs + 999_999_999) / 1_000_000_000).toInt()

    /** A clock's text by its spoken label ("White clock: 5:00" → "5:00"), or null when not shown. */
    fun clock(g: Activity, side: String): String? = Ui.find<TextView>(root(g))
        .firstOrNull { Ui.shown(it) && it.contentDescription?.startsWith("$side clock") == true }?.text?.toString()

    /**
     * Every screen in the current language, each by its root view: home, the position editor, a game after a move
     * each, saved games, the replay with its analysis, settings and rules.
     */
    fun everyScreen(): Map<String, View> {
        val out = linkedMapOf<String, View>()
        val h = home()
        out["home"] = root(h)
        Ui.click(h, h.getString(R.string.set_up_position))
        out["editor"] = Ui.alert().window!!.decorView
        Ui.alert().dismiss()
        Ui.idle()
        Ui.click(h, h.getString(R.string.start))
        val g = follow(h, app.giveaway.app.GameActivity::class.java).get()
        board(g).play("c3", "d4")
        awaitEngine(g)
        out["game"] = root(g)
        val id = g.intent.getLongExtra(app.giveaway.app.GameActivity.EXTRA_GAME_ID, 0)
        val games = launch(app.giveaway.app.GamesActivity::class.java).get()
        Ui.until(what = "the list") { Ui.find<android.widget.ListView>(root(games)).first().adapter.count > 0 }
        out["saved games"] = root(games)
        val r = launch(app.giveaway.app.ReplayActivity::class.java, app.giveaway.app.ReplayActivity.intent(g, id)).get()
        Ui.click(r, r.getString(R.string.analyse))
        Ui.until(what = "the analysis") {
            Ui.find<app.giveaway.app.EvalGraphView>(root(r)).first().contentDescription !=
                null
        }
        out["replay"] = root(r)
        out["settings"] = root(launch(app.giveaway.app.SettingsActivity::class.java).get())
        out["rules"] = root(launch(app.giveaway.app.RulesActivity::class.java).get())
        out["puzzles"] = root(launch(app.giveaway.app.PuzzlesActivity::class.java).get())
        val p = launch(
            app.giveaway.app.PuzzleActivity::class.java,
            app.giveaway.app.PuzzleActivity.intent(g, app.giveaway.core.TrainerMode.Puzzle(3u)),
        ).get()
        val title = p.getString(R.string.puzzle_title, 3, 0).substringBefore(" 3")
        Ui.until(what = "the puzzle") { Ui.texts(root(p)).any { it.startsWith("$title 3") } }
        out["puzzle"] = root(p)
        // The views laid out again after any text made smaller to keep its words whole.
        Ui.until(what = "the screens laid out") { true }
        return out
    }

    /** Every clickable widget shown is at least 48 dp both ways. */
    fun targets(a: Activity) {
        val density = a.resources.displayMetrics.density
        val small = Ui.all(root(a)).filter {
            Ui.shown(it) && (it.isClickable || it is android.widget.SeekBar) &&
                it !is app.giveaway.app.BoardView
        }
            .filter { it.width / density < 47.5f || it.height / density < 47.5f }
            .map {
                "${it.javaClass.simpleName} '${(it as? android.widget.TextView)?.text ?: it.contentDescription}' ${it.width / density}x${it.height / density} dp"
            }
        assertEquals("${a.javaClass.simpleName}: touch targets under 48 dp", emptyList<String>(), small)
    }
}
