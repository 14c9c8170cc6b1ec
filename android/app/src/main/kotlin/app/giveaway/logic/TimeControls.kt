package app.giveaway.logic

import app.giveaway.core.SideTime
import app.giveaway.core.TimeControl
import app.giveaway.core.timeControlPresets
import java.util.Locale

/** One side's clock as players name it: minutes + increment seconds (`5+3`). */
data class TimePreset(val minutes: Int, val incrementSeconds: Int) {
    val label: String get() = "$minutes+$incrementSeconds"

    fun sideTime(): SideTime = SideTime((minutes * 60_000L).toULong(), (incrementSeconds * 1000L).toULong())

    companion object {
        fun of(t: SideTime) = TimePreset((t.baseMs.toLong() / 60_000).toInt(), (t.incrementMs.toLong() / 1000).toInt())
    }
}

object TimeControls {
    /** The core's list of usual time controls (the same in every front end), shortest first. */
    fun presets(): List<TimePreset> = timeControlPresets().map { TimePreset.of(it.control.white) }

    /** `null` white time = unlimited. A different [black] gives time odds. */
    fun control(white: TimePreset?, black: TimePreset? = white): TimeControl? {
        if (white == null) return null
        return TimeControl(white.sideTime(), (black ?: white).sideTime())
    }

    /** `5+3`, or `5+3 / 1+0` for time odds; null for unlimited. */
    fun label(control: TimeControl?): String? {
        if (control == null) return null
        val w = labelOf(control.white)
        val b = labelOf(control.black)
        return if (w == b) w else "$w / $b"
    }

    private fun labelOf(t: SideTime): String {
        val ms = t.baseMs.toLong()
        val base = if (ms % 60_000 == 0L) "${ms / 60_000}" else String.format(Locale.ROOT, "%.1f", ms / 60_000.0)
        return "$base+${t.incrementMs.toLong() / 1000}"
    }
}
