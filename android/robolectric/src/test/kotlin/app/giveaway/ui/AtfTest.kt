package app.giveaway.ui

import android.view.View
import com.google.android.apps.common.testing.accessibility.framework.AccessibilityCheckPreset
import com.google.android.apps.common.testing.accessibility.framework.AccessibilityCheckResult.AccessibilityCheckResultType
import com.google.android.apps.common.testing.accessibility.framework.uielement.AccessibilityHierarchyAndroid
import org.junit.Assert.assertEquals
import org.junit.Test
import org.robolectric.annotation.Config
import java.util.Locale

/**
 * Google's Accessibility Test Framework (3.1, its latest checks) on every screen in both themes: touch targets,
 * labels, duplicate descriptions, contrast, clickable spans, … with no error. Robolectric draws no screen, so
 * the contrast check sees the colours the views declare rather than pixels; AccessibilityTest checks the
 * design system's colour pairs in both themes directly.
 */
class AtfTest : AppTest() {
    /** The errors ATF finds under [root], one line each: the check, the view, what it says. */
    private fun errors(root: View): List<String> {
        val hierarchy = AccessibilityHierarchyAndroid.newBuilder(root).build()
        val checks = AccessibilityCheckPreset.getAccessibilityHierarchyChecksForPreset(AccessibilityCheckPreset.LATEST)
        return checks.flatMap { it.runCheckOnHierarchy(hierarchy) }
            .filter { it.type == AccessibilityCheckResultType.ERROR }
            .map { r ->
                val e = r.element
                "${r.sourceCheckClass.simpleName}: ${e?.className} '${e?.text ?: e?.contentDescription}' " +
                    runCatching { r.getMessage(Locale.ENGLISH) }.getOrDefault("")
            }
    }

    private fun check() {
        val found = everyScreen().mapValues { (_, root) -> errors(root) }.filterValues { it.isNotEmpty() }
        assertEquals("Accessibility Test Framework errors", emptyMap<String, List<String>>(), found)
    }

    /** The framework does find faults here: a 20 dp button with no label, put on the home screen, is two. */
    @Test
    fun theChecksFindAFault() {
        val h = home()
        val content = h.findViewById<android.view.ViewGroup>(android.R.id.content)
        val size = (20 * h.resources.displayMetrics.density).toInt()
        content.addView(android.widget.ImageButton(h), android.widget.FrameLayout.LayoutParams(size, size))
        Ui.idle()
        h.window.decorView.measure(
            View.MeasureSpec.makeMeasureSpec(h.window.decorView.width, View.MeasureSpec.EXACTLY),
            View.MeasureSpec.makeMeasureSpec(h.window.decorView.height, View.MeasureSpec.EXACTLY),
        )
        h.window.decorView.layout(0, 0, h.window.decorView.width, h.window.decorView.height)
        val found = errors(root(h)).map { it.substringBefore(":") }.toSet()
        assertEquals(setOf("TouchTargetSizeCheck", "SpeakableTextPresentCheck"), found)
    }

    @Test
    fun everyScreenPassesInTheLightTheme() = check()

    @Test
    @Config(qualifiers = "night")
    fun everyScreenPassesInTheDarkTheme() = check()
}
