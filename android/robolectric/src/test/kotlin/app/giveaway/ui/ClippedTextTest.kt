package app.giveaway.ui

import android.widget.TextView
import app.giveaway.app.cutsAWord
import org.junit.Assert.assertEquals
import org.junit.Test
import org.robolectric.RuntimeEnvironment

/**
 * No button or label on any screen is cut short or broken inside a word, in English, Russian and Portuguese, at
 * the normal font size and at 1.3 times it (the system's "large" text), on a 360 × 640 dp phone.
 */
class ClippedTextTest : AppTest() {
    /** The text views cut or broken inside a word, by screen, in the current language at [fontScale]. */
    private fun clipped(fontScale: Float): Map<String, List<String>> {
        RuntimeEnvironment.setFontScale(fontScale)
        return everyScreen().mapValues { (_, root) ->
            Ui.find<TextView>(root)
                .filter { Ui.shown(it) && it.width > 0 && it.layout != null && cutsAWord(it.layout, it.text) }
                .map { "${it.javaClass.simpleName} '${it.text}'" }
        }.filterValues { it.isNotEmpty() }
    }

    @Test
    fun everyLanguageAtBothSizes() {
        val found = listOf("en", "ru", "pt").flatMap { language ->
            listOf(1.0f, 1.3f).map { scale ->
                RuntimeEnvironment.setQualifiers("$language-w360dp-h640dp-xhdpi")
                "$language at font scale $scale" to clipped(scale)
            }
        }.filter { it.second.isNotEmpty() }
        assertEquals("text cut or broken inside a word", emptyList<Pair<String, Map<String, List<String>>>>(), found)
    }
}
