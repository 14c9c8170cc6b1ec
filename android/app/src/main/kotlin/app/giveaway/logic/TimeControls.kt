package app.giveaway.logic

import app.giveaway.core.SideTime
import app.giveaway.core.TimeControl
import java.util.Locale

/** A clock setting as players name it: minutes + increment seconds. */
data class TimePreset(val minutes: Int, val incrementSeconds: Int) {
    val label: String get() = "$minutes+$incrementSeconds"

    val category: Category
        get() = when {
            minutes < 3 -> Category.BULLET
            minutes < 10 -> Category.BLITZ
            minutes < 30 -> Category.RAPID
            else -> Category.CLASSIC
        }

    fun sideTime(): SideTime = SideTime((minutes * 60_000L).toULong(), (incrementSeconds * 1000L).toULong())

    enum class Category { BULLET, BLITZ, RAPID, CLASSIC }
}

object TimeControls {
    /** The presets the home screen offers, fastest first. */
    val presets: List<TimePreset> = listOf(
        TimePreset(1, 0), TimePreset(2, 1),
        TimePreset(3, 0), TimePreset(3, 2), TimePreset(5, 0), TimePreset(5, 3),
        TimePreset(10, 0), TimePreset(10, 5), TimePreset(15, 10),
        TimePreset(30, 0), TimePreset(30, 20), TimePreset(60, 0),
    )

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
