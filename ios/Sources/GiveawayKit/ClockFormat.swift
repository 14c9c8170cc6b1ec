// How a clock reads: `5:00`, `1:02:03` past an hour, and `9.3` (tenths) under ten seconds, when every tenth matters.

public enum ClockFormat {
    public static func format(milliseconds ms: UInt64) -> String {
        let tenths = ms / 100
        let seconds = ms / 1000
        if seconds < 10 {
            return "\(seconds).\(tenths % 10)"
        }
        let h = seconds / 3600
        let m = (seconds / 60) % 60
        let s = seconds % 60
        let ss = s < 10 ? "0\(s)" : "\(s)"
        if h > 0 {
            let mm = m < 10 ? "0\(m)" : "\(m)"
            return "\(h):\(mm):\(ss)"
        }
        return "\(m):\(ss)"
    }

    /// Below this the clock is drawn in the warning colour.
    public static let lowTimeMilliseconds: UInt64 = 10_000
}
