package app.giveaway.ui

import android.app.Activity
import android.app.AlertDialog
import android.app.Dialog
import android.os.Looper
import android.os.SystemClock
import android.view.MotionEvent
import android.view.View
import android.view.ViewGroup
import android.widget.Button
import android.widget.Spinner
import android.widget.TextView
import org.junit.Assert.assertTrue
import org.junit.Assert.fail
import org.robolectric.Shadows.shadowOf
import org.robolectric.shadows.ShadowDialog
import org.robolectric.shadows.ShadowPausedLooper

/**
 * Driving the app as a person would, at the level of widgets: find what is shown by its text, click it, touch
 * the board at a square's place, wait until the app is idle. Nothing here calls the app's Kotlin logic, so the
 * tests stay valid when that logic moves into the Rust app layer.
 */
object Ui {
    /** Every view under [root], depth first. */
    fun all(root: View): List<View> {
        val out = mutableListOf<View>()
        fun walk(v: View) {
            out += v
            if (v is ViewGroup) for (i in 0 until v.childCount) walk(v.getChildAt(i))
        }
        walk(root)
        return out
    }

    inline fun <reified T : View> find(root: View): List<T> = all(root).filterIsInstance<T>()

    /** The view is shown: it and all its parents are visible. */
    fun shown(v: View): Boolean {
        var p: View? = v
        while (p != null) {
            if (p.visibility != View.VISIBLE) return false
            p = p.parent as? View
        }
        return true
    }

    fun texts(root: View): List<String> = find<TextView>(root).filter(::shown).map { it.text.toString() }

    fun button(root: View, text: String): Button =
        find<Button>(root).firstOrNull { shown(it) && it.text.toString() == text }
            ?: throw AssertionError("no button '$text' among ${find<Button>(root).filter(::shown).map { it.text }}")

    fun click(root: View, text: String) {
        val b = button(root, text)
        assertTrue("button '$text' is disabled", b.isEnabled)
        b.performClick()
        idle()
    }

    fun click(activity: Activity, text: String) = click(activity.window.decorView, text)

    /** Selects the item shown as [item] in the spinner that currently shows one of [among]. */
    fun pick(root: View, current: String, item: String) {
        val s = find<Spinner>(root).firstOrNull { shown(it) && it.selectedItem?.toString() == current }
            ?: throw AssertionError(
                "no spinner showing '$current' among ${find<Spinner>(root).map {
                    it.selectedItem
                }}",
            )
        val index = (0 until s.adapter.count).firstOrNull { s.adapter.getItem(it).toString() == item }
            ?: throw AssertionError("spinner '$current' has no item '$item'")
        s.setSelection(index)
        idle()
    }

    /** Runs what is due on the main thread now. */
    fun idle() = shadowOf(Looper.getMainLooper()).idle()

    /**
     * Runs the main thread until [done] holds, blocking between messages until the next one is posted (the
     * engine's answer arrives from the core's own thread). Fails after [timeoutMs] of wall time.
     */
    fun until(timeoutMs: Long = 30_000, what: String = "condition", done: () -> Boolean) {
        val looper = shadowOf(Looper.getMainLooper()) as ShadowPausedLooper
        val deadline = System.nanoTime() + timeoutMs * 1_000_000
        while (true) {
            looper.idle()
            if (done()) return
            val left = (deadline - System.nanoTime()) / 1_000_000
            if (left <= 0) fail("timed out after $timeoutMs ms waiting for $what")
            looper.poll(minOf(left, 200))
        }
    }

    /** The rows of the list on screen, as each would be drawn (also those scrolled out of view). */
    fun listRows(root: View): List<String> {
        val list = find<android.widget.ListView>(root).first()
        val a = list.adapter
        return (0 until a.count).map { (a.getView(it, null, list) as TextView).text.toString() }
    }

    /** The newest dialog still showing, or null. */
    fun dialog(): Dialog? = ShadowDialog.getLatestDialog()?.takeIf { it.isShowing }

    fun alert(): AlertDialog = dialog() as? AlertDialog ?: throw AssertionError("no dialog is showing")

    fun alertText(d: AlertDialog = alert()): String = shadowOf(d).message?.toString() ?: ""

    fun shadowTitle(d: AlertDialog): String = shadowOf(d).title?.toString() ?: ""

    /** The list items of the showing dialog. */
    fun shadowItems(d: AlertDialog = alert()): List<String> = shadowOf(d).items?.map { it.toString() } ?: emptyList()

    /** Clicks the list item shown as [item] in the showing dialog. */
    fun chooseItem(item: String) {
        val d = alert()
        val items = shadowOf(d).items?.map { it.toString() } ?: emptyList()
        val i = items.indexOf(item)
        if (i < 0) throw AssertionError("dialog has no item '$item' among $items")
        shadowOf(d).clickOnItem(i)
        idle()
    }

    fun dialogButton(which: Int) {
        val b = alert().getButton(which) ?: throw AssertionError("dialog has no button $which")
        b.performClick()
        idle()
    }

    // Touches ---------------------------------------------------------------------------------------------

    private fun touch(v: View, action: Int, x: Float, y: Float, downTime: Long) {
        val e = MotionEvent.obtain(downTime, SystemClock.uptimeMillis(), action, x, y, 0)
        v.dispatchTouchEvent(e)
        e.recycle()
    }

    fun tapAt(v: View, x: Float, y: Float) {
        val t = SystemClock.uptimeMillis()
        touch(v, MotionEvent.ACTION_DOWN, x, y, t)
        touch(v, MotionEvent.ACTION_UP, x, y, t)
        idle()
    }

    fun dragBetween(v: View, from: Pair<Float, Float>, to: Pair<Float, Float>) {
        val t = SystemClock.uptimeMillis()
        touch(v, MotionEvent.ACTION_DOWN, from.first, from.second, t)
        for (i in 1..8) {
            val f = i / 8f
            touch(
                v, MotionEvent.ACTION_MOVE, from.first + (to.first - from.first) * f,
                from.second + (to.second - from.second) * f, t,
            )
        }
        touch(v, MotionEvent.ACTION_UP, to.first, to.second, t)
        idle()
    }
}
