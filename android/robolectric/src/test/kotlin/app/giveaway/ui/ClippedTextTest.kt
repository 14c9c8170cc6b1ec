package app.giveaway.ui

import android.widget.TextView
import app.giveaway.app.cutsAWord
import org.junit.Assert.assertEquals
import org.junit.Test
import org.robolectric.RuntimeEnvironment
import org.robolectric.annotation.Config

/**
 * No button or label on any screen is cut short or broken inside a word, in English, Russian and Portuguese, at
 * the normal font size and at 1.3 times it (the system's "large" text), on a 360 × 640 dp phone.
 */
class ClippedTextTest : AppTest() {
    private fun check(fontScale: Float) {
        RuntimeEnvironment.setFontScale(fontScale)
        val found = everyScreen().mapValues { (_, root) ->
            Ui.find<TextView>(root)
                .filter { Ui.shown(it) && it.width > 0 && it.layout != null && cutsAWord(it.layout, it.text) }
                .map { "${it.javaClass.simpleName} '${it.text}'" }
        }.filterValues { it.isNotEmpty() }
        val what = "text cut or broken inside a word at font scale $fontScale"
        assertEquals(what, emptyMap<String, List<String>>(), found)
    }

    @Test
    @Config(qualifiers = "en-w360dp-h640dp-xhdpi")
    fun english() = check(1.0f)

    @Test
    @Config(qualifiers = "en-w360dp-h640dp-xhdpi")
    fun englishLarge() = check(1.3f)

    @Test
    @Config(qualifiers = "ru-w360dp-h640dp-xhdpi")
    fun russian() = check(1.0f)

    @Test
    @Config(qualifiers = "ru-w360dp-h640dp-xhdpi")
    fun russianLarge() = check(1.3f)

    @Test
    @Config(qualifiers = "pt-w360dp-h640dp-xhdpi")
    fun portuguese() = check(1.0f)

    @Test
    @Config(qualifiers = "pt-w360dp-h640dp-xhdpi")
    fun portugueseLarge() = check(1.3f)
}
