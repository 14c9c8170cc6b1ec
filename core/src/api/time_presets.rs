//! The time-control presets the new-game screens offer. Every front end lists the same clocks, so they come
//! from the core instead of a table copied into each shell (the levels are in `levels.rs`).

use crate::record::TimeControl;

/// The speed family of a time control.
#[derive(Clone, Copy, Debug, PartialEq, Eq, uniffi::Enum)]
pub enum TimeCategory {
    Bullet,
    Blitz,
    Rapid,
    Classic,
}

/// A standard time control: `minutes + increment` seconds, the same for both sides.
#[derive(Clone, Debug, PartialEq, Eq, uniffi::Record)]
pub struct TimePreset {
    pub category: TimeCategory,
    pub minutes: u32,
    pub increment_seconds: u32,
    /// `3+2`.
    pub label: String,
    pub control: TimeControl,
}

/// Minutes and increment of the presets the product offers (DESIGN.md), fastest first.
const PRESETS: [(TimeCategory, u32, u32); 12] = [
    (TimeCategory::Bullet, 1, 0),
    (TimeCategory::Bullet, 2, 1),
    (TimeCategory::Blitz, 3, 0),
    (TimeCategory::Blitz, 3, 2),
    (TimeCategory::Blitz, 5, 0),
    (TimeCategory::Blitz, 5, 3),
    (TimeCategory::Rapid, 10, 0),
    (TimeCategory::Rapid, 10, 5),
    (TimeCategory::Rapid, 15, 10),
    (TimeCategory::Classic, 30, 0),
    (TimeCategory::Classic, 30, 20),
    (TimeCategory::Classic, 60, 0),
];

/// The standard time controls, fastest first (unlimited, custom and time odds are built by the shell).
#[uniffi::export]
pub fn time_presets() -> Vec<TimePreset> {
    PRESETS
        .iter()
        .map(|&(category, minutes, increment_seconds)| TimePreset {
            category,
            minutes,
            increment_seconds,
            label: format!("{minutes}+{increment_seconds}"),
            control: TimeControl::even(u64::from(minutes), u64::from(increment_seconds)),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_match_their_labels_and_controls() {
        let p = time_presets();
        assert_eq!(p.len(), 12);
        for t in &p {
            assert_eq!(t.label, format!("{}+{}", t.minutes, t.increment_seconds));
            assert_eq!(t.control.white, t.control.black);
            assert_eq!(t.control.white.base_ms, u64::from(t.minutes) * 60_000);
            assert_eq!(t.control.white.increment_ms, u64::from(t.increment_seconds) * 1000);
        }
        assert_eq!(p.iter().filter(|t| t.category == TimeCategory::Blitz).count(), 4);
    }
}
