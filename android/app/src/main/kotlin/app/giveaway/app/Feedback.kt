package app.giveaway.app

import android.media.AudioManager
import android.media.ToneGenerator
import android.view.HapticFeedbackConstants
import android.view.View
import app.giveaway.core.MoveView

/** Sounds and haptics for moves, each behind its setting. Tones need no sound files. */
class Feedback(private val view: View) {
    var sound = true
    var haptics = true
    private var tones: ToneGenerator? = null

    fun moved(move: MoveView) {
        if (sound) tone(if (move.captured.isEmpty()) ToneGenerator.TONE_PROP_BEEP else ToneGenerator.TONE_PROP_BEEP2, 60)
        if (haptics) view.performHapticFeedback(if (move.captured.isEmpty()) HapticFeedbackConstants.CLOCK_TICK else HapticFeedbackConstants.LONG_PRESS)
    }

    fun refused() {
        if (haptics) view.performHapticFeedback(HapticFeedbackConstants.REJECT)
    }

    fun ended() {
        if (sound) tone(ToneGenerator.TONE_PROP_ACK, 200)
    }

    private fun tone(kind: Int, ms: Int) {
        val t = tones ?: runCatching { ToneGenerator(AudioManager.STREAM_MUSIC, 60) }.getOrNull()?.also { tones = it }
        t?.startTone(kind, ms)
    }

    fun release() {
        tones?.release()
        tones = null
    }
}
