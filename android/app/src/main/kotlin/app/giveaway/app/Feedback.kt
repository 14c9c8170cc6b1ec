package app.giveaway.app

import android.media.AudioManager
import android.media.ToneGenerator
import android.view.View
import app.giveaway.core.Cue
import app.giveaway.core.Sound

/** Plays an event's cue: the core has already left out what the sound and vibration settings turn off. */
class Feedback(private val view: View) {
    private var tones: ToneGenerator? = null

    /** [haptic]: the `HapticFeedbackConstants` kind that fits the event. Tones need no sound files. */
    fun play(cue: Cue, haptic: Int) {
        cue.sound?.let { sound ->
            val (tone, ms) = when (sound) {
                Sound.MOVE -> ToneGenerator.TONE_PROP_BEEP to 60
                Sound.CAPTURE -> ToneGenerator.TONE_PROP_BEEP2 to 60
                Sound.WIN -> ToneGenerator.TONE_PROP_ACK to 200
                Sound.LOSS -> ToneGenerator.TONE_PROP_NACK to 200
                Sound.DRAW -> ToneGenerator.TONE_PROP_PROMPT to 200
                Sound.REFUSED -> ToneGenerator.TONE_PROP_NACK to 60
            }
            val t =
                tones ?: runCatching { ToneGenerator(AudioManager.STREAM_MUSIC, 60) }.getOrNull()?.also { tones = it }
            t?.startTone(tone, ms)
        }
        if (cue.vibrate) view.performHapticFeedback(haptic)
    }

    fun release() {
        tones?.release()
        tones = null
    }
}
