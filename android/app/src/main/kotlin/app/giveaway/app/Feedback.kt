package app.giveaway.app

import android.media.AudioAttributes
import android.media.AudioFormat
import android.media.AudioTrack
import android.view.View
import app.giveaway.core.Cue
import app.giveaway.core.Sound
import app.giveaway.core.soundSamples

/**
 * Plays an event's cue: the core has already left out what the sound and vibration settings turn off. The
 * sounds are the core's, made by code ([soundSamples]); each is turned into an audio track once and replayed.
 */
class Feedback(private val view: View) {
    private val tracks = mutableMapOf<Sound, AudioTrack?>()

    /** [haptic]: the `HapticFeedbackConstants` kind that fits the event. */
    fun play(cue: Cue, haptic: Int) {
        cue.sound?.let { sound ->
            tracks.getOrPut(sound) { track(sound) }?.run {
                // From the start again, also while it still plays.
                if (playState == AudioTrack.PLAYSTATE_PLAYING) stop()
                reloadStaticData()
                play()
            }
        }
        if (cue.vibrate) view.performHapticFeedback(haptic)
    }

    /** [sound] as a static track, or null when the device gives no audio output (then the game is silent). */
    private fun track(sound: Sound): AudioTrack? = runCatching {
        val pcm = soundSamples(sound, RATE.toUInt()).toShortArray()
        AudioTrack.Builder()
            .setAudioAttributes(
                AudioAttributes.Builder()
                    .setUsage(AudioAttributes.USAGE_GAME)
                    .setContentType(AudioAttributes.CONTENT_TYPE_SONIFICATION)
                    .build(),
            )
            .setAudioFormat(
                AudioFormat.Builder()
                    .setEncoding(AudioFormat.ENCODING_PCM_16BIT)
                    .setSampleRate(RATE)
                    .setChannelMask(AudioFormat.CHANNEL_OUT_MONO)
                    .build(),
            )
            .setTransferMode(AudioTrack.MODE_STATIC)
            .setBufferSizeInBytes(pcm.size * 2)
            .build()
            .apply { write(pcm, 0, pcm.size) }
    }.getOrNull()?.takeIf { track ->
        (track.state == AudioTrack.STATE_INITIALIZED).also { ready -> if (!ready) track.release() }
    }

    fun release() {
        tracks.values.forEach { it?.release() }
        tracks.clear()
    }

    private companion object {
        const val RATE = 22_050
    }
}
