package app.giveaway.ui

import android.R.attr.colorBackground
import android.R.attr.textColorPrimary
import android.R.attr.textColorSecondary
import android.app.Activity
import android.content.Context
import android.content.DialogInterface.BUTTON_POSITIVE
import android.graphics.Rect
import android.view.View
import android.view.accessibility.AccessibilityEvent
import android.view.accessibility.AccessibilityManager
import android.view.accessibility.AccessibilityNodeInfo
import app.giveaway.R
import app.giveaway.app.GamesActivity
import app.giveaway.app.ReplayActivity
import app.giveaway.app.RulesActivity
import app.giveaway.app.SettingsActivity
import app.giveaway.app.Themes
import org.junit.Assert.assertEquals
import org.junit.Assert.assertTrue
import org.junit.Before
import org.junit.Test
import org.robolectric.RuntimeEnvironment
import org.robolectric.Shadows.shadowOf
import org.robolectric.annotation.Config

/**
 * TalkBack's view of the app: every square a virtual node with its description and a click, moves and results
 * announced; touch targets of at least 48 dp; text contrast of at least 4.5:1 computed from the theme colours.
 */
class AccessibilityTest : AppTest() {
    private lateinit var manager: AccessibilityManager

    @Before
    fun talkBack() {
        manager =
            RuntimeEnvironment.getApplication().getSystemService(Context.ACCESSIBILITY_SERVICE) as AccessibilityManager
        shadowOf(manager).setEnabled(true)
        shadowOf(manager).setTouchExplorationEnabled(true)
    }

    private fun announced(): List<String> = shadowOf(manager).sentAccessibilityEvents
        .filter { it.eventType == AccessibilityEvent.TYPE_ANNOUNCEMENT }.map { it.text.joinToString("") }

    @Test
    fun everySquareIsANodeWithItsDescriptionAndAClick() {
        val g = newGame()
        val b = board(g)
        val seen = mutableSetOf<Rect>()
        for (sq in Board.ALL) {
            val n = b.node(sq)
            val text = n.contentDescription.toString()
            assertTrue("$sq: $text", text.startsWith("$sq, "))
            assertTrue(n.isClickable && n.actionList.contains(AccessibilityNodeInfo.AccessibilityAction.ACTION_CLICK))
            val r = Rect().also {
                @Suppress("DEPRECATION")
                n.getBoundsInParent(it)
            }
            // The node covers the square where it is drawn: its centre is the square's centre.
            val (x, y) = b.centre(sq)
            assertTrue("$sq at $r", r.contains(x.toInt(), y.toInt()))
            seen += r
        }
        assertEquals("32 distinct squares", 32, seen.size)
        assertEquals("c3, white man, can move", b.says("c3"))
        assertEquals("d4, empty", b.says("d4"))
        // A double tap in TalkBack is ACTION_CLICK on the node: it selects the man.
        b.view.accessibilityNodeProvider.performAction(Board.number("c3"), AccessibilityNodeInfo.ACTION_CLICK, null)
        Ui.idle()
        assertEquals("c3, white man, selected", b.says("c3"))
        assertTrue(b.says("d4"), b.says("d4").endsWith("can move here"))
    }

    @Test
    fun theComputersMoveAndTheResultAreAnnounced() {
        val g = newGame()
        board(g).play("c3", "d4")
        awaitEngine(g)
        val reply = moveList(g).trim().substringAfter("c3-d4").trim()
        val (from, to) = reply.split("-")
        assertTrue("${announced()}", announced().contains("$from to $to"))
        more(g, "Resign")
        Ui.dialogButton(BUTTON_POSITIVE)
        assertTrue("${announced()}", announced().contains("Black wins (resignation)"))
    }

    @Test
    fun hoverExploresTheSquares() {
        val g = newGame()
        val b = board(g)
        val (x, y) = b.centre("e3")
        val e = android.view.MotionEvent.obtain(0, 0, android.view.MotionEvent.ACTION_HOVER_ENTER, x, y, 0)
        // A finger exploring the screen under TalkBack arrives as a hover event from the touch screen.
        e.source = android.view.InputDevice.SOURCE_TOUCHSCREEN
        b.view.dispatchGenericMotionEvent(e)
        val hovered = shadowOf(manager).sentAccessibilityEvents.last {
            it.eventType ==
                AccessibilityEvent.TYPE_VIEW_HOVER_ENTER
        }
        assertEquals("e3, white man, can move", hovered.contentDescription.toString())
    }

    @Test
    @Config(qualifiers = "w411dp-h891dp")
    fun touchTargetsOnEveryScreen() {
        targets(home())
        val g = newGame()
        targets(g)
        // The squares too: a phone 411 dp wide gives each of them over 48 dp.
        val b = board(g)
        assertTrue(
            "square ${b.cell / g.resources.displayMetrics.density} dp",
            b.cell / g.resources.displayMetrics.density >= 48f,
        )
        board(g).play("c3", "d4")
        awaitEngine(g)
        targets(launch(GamesActivity::class.java).get())
        targets(launch(SettingsActivity::class.java).get())
        targets(launch(RulesActivity::class.java).get())
        val id = g.intent.getLongExtra(app.giveaway.app.GameActivity.EXTRA_GAME_ID, 0)
        targets(launch(ReplayActivity::class.java, ReplayActivity.intent(g, id)).get())
    }

    private fun luminance(c: Int): Double {
        fun ch(v: Int): Double = (v / 255.0).let {
            if (it <=
                0.03928
            ) {
                it / 12.92
            } else {
                Math.pow((it + 0.055) / 1.055, 2.4)
            }
        }
        return 0.2126 * ch(android.graphics.Color.red(c)) + 0.7152 * ch(android.graphics.Color.green(c)) +
            0.0722 * ch(android.graphics.Color.blue(c))
    }

    private fun contrast(a: Int, b: Int): Double {
        val (hi, lo) = listOf(luminance(a), luminance(b)).sortedDescending()
        return (hi + 0.05) / (lo + 0.05)
    }

    private fun atLeast(what: String, text: Int, background: Int) {
        val r = contrast(text, background)
        assertTrue("$what: %.2f:1".format(r), r >= 4.5)
    }

    @Test
    fun coordinatesContrastInEveryTheme() {
        val c = RuntimeEnvironment.getApplication()
        for (name in Themes.boards) {
            val t = Themes.board(c, name)
            atLeast("$name: coordinates on light squares", t.coordinatesOnLight, t.light)
            atLeast("$name: coordinates on dark squares", t.coordinatesOnDark, t.dark)
        }
    }

    /** Labels: the window theme's primary and secondary text colours on its background. */
    private fun labels(context: Context, theme: Int, what: String) {
        context.setTheme(theme)
        val attrs = intArrayOf(colorBackground, textColorPrimary, textColorSecondary)
        val a = context.obtainStyledAttributes(attrs)
        val background = a.getColor(0, 0)
        val primary = a.getColorStateList(1)!!.defaultColor
        val secondary = a.getColorStateList(2)!!.defaultColor
        a.recycle()
        atLeast("$what: text", primary, background)
        atLeast("$what: secondary text", secondary, background)
    }

    @Test
    fun labelsContrastInTheLightTheme() {
        val a = home()
        labels(a, R.style.Theme_Giveaway, "light")
        labels(a, R.style.Theme_Giveaway_HighContrast, "high contrast")
    }

    @Test
    @Config(qualifiers = "night")
    fun labelsContrastInTheDarkTheme() {
        val a = home()
        labels(a, R.style.Theme_Giveaway, "dark")
        labels(a, R.style.Theme_Giveaway_HighContrast, "high contrast, dark")
    }

    /**
     * The design system's pairs: each button's text on its fill (4.5:1), the secondary buttons' outline on the
     * window (3:1), and a real dialog's button text on the dialog's own background (4.5:1).
     */
    private fun designContrast(a: Activity, what: String) {
        fun c(id: Int) = a.getColorStateList(id).defaultColor
        atLeast("$what: primary button", c(R.color.button_primary_text), c(R.color.button_primary_fill))
        atLeast("$what: secondary button", c(R.color.button_tonal_text), a.getColor(R.color.ui_surface))
        atLeast("$what: tonal button", c(R.color.button_tonal_text), c(R.color.button_tonal_fill))
        atLeast("$what: text button", c(R.color.button_accent_text), a.getColor(R.color.ui_background))
        atLeast("$what: section heading on a card", c(R.color.button_accent_text), a.getColor(R.color.ui_surface))
        // The player bars' clocks: running, waiting, running low.
        atLeast("$what: running clock", a.getColor(R.color.ui_on_accent), a.getColor(R.color.ui_accent))
        atLeast("$what: waiting clock", a.getColor(R.color.ui_on_surface), a.getColor(R.color.ui_surface_variant))
        atLeast("$what: low clock", a.getColor(R.color.clock_low_text), a.getColor(R.color.clock_low))
        val outline = contrast(c(R.color.button_outline), a.getColor(R.color.ui_background))
        assertTrue("$what: button outline %.2f:1".format(outline), outline >= 3.0)
        val d = android.app.AlertDialog.Builder(a).setMessage("?")
            .setPositiveButton(R.string.ok, null).setNegativeButton(R.string.cancel, null).show()
        Ui.idle()
        val t = d.context.obtainStyledAttributes(intArrayOf(colorBackground, textColorPrimary))
        val background = t.getColor(0, 0)
        val text = t.getColorStateList(1)!!.defaultColor
        t.recycle()
        atLeast("$what: dialog text", text, background)
        for (which in listOf(BUTTON_POSITIVE, android.content.DialogInterface.BUTTON_NEGATIVE)) {
            val b = d.getButton(which)
            atLeast("$what: dialog button '${b.text}'", b.currentTextColor, background)
            assertTrue("$what: dialog button '${b.text}' in capitals", !b.isAllCaps)
        }
        d.dismiss()
    }

    @Test
    fun buttonsAndDialogsContrastInTheLightTheme() = designContrast(home(), "light")

    @Test
    @Config(qualifiers = "night")
    fun buttonsAndDialogsContrastInTheDarkTheme() = designContrast(home(), "dark")
}
