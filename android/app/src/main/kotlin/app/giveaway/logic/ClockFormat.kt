package app.giveaway.logic

import java.util.Locale

/** Clock text: `h:mm:ss` from an hour, `m:ss` from ten seconds, `s.t` with tenths below ten seconds. */
object ClockFormat {
    private const val TENTHS_BELOW_MS = 10_000L

    fun format(ms: Long): String {
        val t = ms.coerceAtLeast(0)
        if (t < TENTHS_BELOW_MS) {
            // Rounded down: a clock never shows more time than is left.
            return "${t / 1000}.${(t % 1000) / 100}"
        }
        val totalSeconds = t / 1000
        val h = totalSeconds / 3600
        val m = (totalSeconds / 60) % 60
        val s = totalSeconds % 60
        return if (h > 0) String.format(Locale.ROOT, "%d:%02d:%02d", h, m, s) else String.format(Locale.ROOT, "%d:%02d", m, s)
    }

    /** How long until [format] of a running clock showing [ms] changes: the tick to schedule next. */
    fun nextChangeInMs(ms: Long): Long {
        val t = ms.coerceAtLeast(0)
        if (t == 0L) return Long.MAX_VALUE
        // The text changes when the clock drops below the next multiple of its unit.
        val unit = if (t < TENTHS_BELOW_MS) 100L else 1000L
        return t % unit + 1
    }
}
