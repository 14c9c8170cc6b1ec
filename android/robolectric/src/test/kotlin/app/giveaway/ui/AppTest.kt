package app.giveaway.ui

import android.app.Activity
import android.content.Intent
import android.os.StrictMode
import android.os.strictmode.Violation
import android.view.View
import android.widget.ProgressBar
import android.widget.TextView
import app.giveaway.app.BoardView
import org.junit.After
import org.junit.Assert.assertEquals
import org.junit.Before
import org.junit.runner.RunWith
import org.robolectric.Robolectric
import org.robolectric.RobolectricTestRunner
import org.robolectric.Shadows.shadowOf
import org.robolectric.android.controller.ActivityController
import java.util.Collections
import java.util.concurrent.Executor

/**
 * The app as it runs: the real Application (a fresh games database in Robolectric's per-test files folder), the
 * real Activities, the core through JNA. Disk and network on the main thread fail the test (StrictMode,
 * collected by a listener and checked after the test).
 */
@RunWith(RobolectricTestRunner::class)
abstract class AppTest {
    private val violations: MutableList<Violation> = Collections.synchronizedList(mutableListOf())
    private val opened = mutableListOf<ActivityController<*>>()

    @Before
    fun strictMode() {
        val direct = Executor { it.run() }
        StrictMode.setThreadPolicy(
            StrictMode.ThreadPolicy.Builder()
                .detectDiskReads().detectDiskWrites().detectNetwork()
                .penaltyListener(direct) { violations += it }
                .build()
        )
    }

    @After
    fun noViolations() {
        // Destroy what the test left open, so no engine search outlives it.
        opened.asReversed().forEach { runCatching { it.pause().stop().destroy() } }
        Ui.idle()
        StrictMode.setThreadPolicy(StrictMode.ThreadPolicy.LAX)
        assertEquals("main-thread disk/network/storage:\n" + violations.joinToString("\n") { it.toString() }, 0, violations.size)
    }

    fun <T : Activity> launch(cls: Class<T>, intent: Intent? = null): ActivityController<T> {
        val c = if (intent == null) Robolectric.buildActivity(cls) else Robolectric.buildActivity(cls, intent)
        opened += c
        c.setup()
        // The screen builds itself once the storage thread has answered (settings, the saved game).
        Ui.until(what = "${cls.simpleName} to show its content") {
            (c.get().findViewById<android.view.ViewGroup>(android.R.id.content)?.childCount ?: 0) > 0 || c.get().isFinishing
        }
        return c
    }

    /** The activity [from] started last, launched (it must be a [cls]). */
    fun <T : Activity> follow(from: Activity, cls: Class<T>): ActivityController<T> {
        Ui.until(what = "${from.javaClass.simpleName} to start ${cls.simpleName}") { shadowOf(from).peekNextStartedActivity() != null }
        val intent = shadowOf(from).nextStartedActivity
        assertEquals(cls.name, intent.component?.className)
        return launch(cls, intent)
    }

    fun root(a: Activity): View = a.window.decorView

    fun board(a: Activity, blackAtBottom: Boolean = false) = Board(Ui.find<BoardView>(root(a)).first(), blackAtBottom)

    /** The computer (or the hint) is thinking: its indicator is shown. */
    fun thinking(a: Activity): Boolean = Ui.find<ProgressBar>(root(a)).any { it.isIndeterminate && it.visibility == View.VISIBLE }

    /** Waits (see [Ui.until]) until the thinking indicator is gone. */
    fun awaitEngine(a: Activity) = Ui.until(what = "the engine") { !thinking(a) }

    /** Every text shown on [a]'s screen, joined by newlines. */
    fun screenText(a: Activity): String = Ui.texts(root(a)).joinToString("\n")

    fun shows(a: Activity, text: String): Boolean = Ui.find<TextView>(root(a)).any { Ui.shown(it) && text in it.text.toString() }
}
