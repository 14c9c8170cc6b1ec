//! Chess-style clocks owned by the core: Fischer increment, time odds (each side its own time), flag fall; and
//! [`ClockView`], both clocks as a screen shows them.
//!
//! Time is read from a caller-given `Instant`, so the logic is tested without sleeping.

use giveaway_core::position::Color;
use giveaway_core::record::{SideTime, TimeControl};
use std::time::Instant;

/// Both clocks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClockView {
    /// White's time left, in milliseconds.
    pub white_ms: u64,
    /// Black's time left, in milliseconds.
    pub black_ms: u64,
    /// `h:mm:ss` from an hour, `m:ss` from ten seconds, `s.t` below (the one clock text of every front end).
    pub white_text: String,
    /// Black's time as text (same form as `white_text`).
    pub black_text: String,
    /// The side whose time is running, `None` while paused or after the end.
    pub running: Option<Color>,
    /// The clocks' setting.
    pub control: TimeControl,
}

/// Refuses controls that cannot be played: no starting time, or absurd values (over 14 days, the longest a
/// correspondence game gives a move).
pub fn validate(tc: &TimeControl) -> Result<(), String> {
    const MAX_MS: u64 = 14 * 24 * 3600 * 1000;
    for (name, t) in [("White", tc.white), ("Black", tc.black)] {
        if t.base_ms == 0 {
            return Err(format!("{name} has no time on the clock"));
        }
        if t.base_ms > MAX_MS || t.increment_ms > MAX_MS {
            return Err(format!("{name}'s time is longer than 14 days"));
        }
    }
    Ok(())
}

fn side(tc: &TimeControl, c: Color) -> SideTime {
    match c {
        Color::White => tc.white,
        Color::Black => tc.black,
    }
}

/// Both clocks. `remaining` holds the time left when the running side's turn began.
#[derive(Clone, Debug)]
pub struct GameClock {
    control: TimeControl,
    remaining: [i64; 2],
    /// The side whose time runs, and since when. `None` while paused or after the game ended.
    running: Option<(Color, Instant)>,
}

impl GameClock {
    /// Both clocks at their base time, stopped.
    pub fn new(control: TimeControl) -> GameClock {
        GameClock { control, remaining: [control.white.base_ms as i64, control.black.base_ms as i64], running: None }
    }

    /// The time control the clocks follow.
    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// Time left for each side (White, Black) at `now`, never below zero.
    pub fn remaining_at(&self, now: Instant) -> [i64; 2] {
        let mut r = self.remaining;
        if let Some((side, since)) = self.running {
            let spent = now.saturating_duration_since(since).as_millis() as i64;
            r[side.index()] = (r[side.index()] - spent).max(0);
        }
        r
    }

    /// The side whose time is running, `None` while stopped.
    pub fn running_side(&self) -> Option<Color> {
        self.running.map(|(c, _)| c)
    }

    /// Starts (or keeps) `side`'s time running.
    pub fn start(&mut self, side: Color, now: Instant) {
        if self.running_side() != Some(side) {
            self.stop(now);
            self.running = Some((side, now));
        }
    }

    /// Stops both clocks, keeping the time used so far.
    pub fn stop(&mut self, now: Instant) {
        self.remaining = self.remaining_at(now);
        self.running = None;
    }

    /// `mover` completed a move at `now`: its time is charged, its increment added, the opponent's time starts.
    pub fn moved(&mut self, mover: Color, now: Instant) {
        self.stop(now);
        // Saturating: an imported game's clocks can be near i64::MAX.
        let left = &mut self.remaining[mover.index()];
        *left = left.saturating_add(i64::try_from(side(&self.control, mover).increment_ms).unwrap_or(i64::MAX));
        self.running = Some((mover.opponent(), now));
    }

    /// The side whose time has run out at `now`, if any.
    pub fn flagged(&self, now: Instant) -> Option<Color> {
        let side = self.running_side()?;
        (self.remaining_at(now)[side.index()] <= 0).then_some(side)
    }

    /// Sets the times left (undo, resume), keeping whether and for whom the clock runs.
    pub fn set_remaining(&mut self, remaining: [i64; 2], now: Instant) {
        self.remaining = remaining;
        if let Some((side, _)) = self.running {
            self.running = Some((side, now));
        }
    }
}

/// Below this a clock shows tenths of a second.
const TENTHS_BELOW_MS: u64 = 10_000;

/// The clock text of every front end: `h:mm:ss` from an hour, `m:ss` from ten seconds, `s.t` with tenths
/// below. Rounded down, so a clock never shows more time than is left.
pub fn clock_text(ms: u64) -> String {
    if ms < TENTHS_BELOW_MS {
        return format!("{}.{}", ms / 1000, ms % 1000 / 100);
    }
    let s = ms / 1000;
    let (h, m, s) = (s / 3600, s / 60 % 60, s % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

/// Milliseconds until [`clock_text`] of a running clock now showing `ms` changes (the next tick to schedule);
/// `None` once it shows zero.
pub fn next_change_ms(ms: u64) -> Option<u64> {
    if ms == 0 {
        return None;
    }
    let unit = if ms < TENTHS_BELOW_MS { 100 } else { 1000 };
    // Below the last tenth the text stays `0.0`: the next tick is the flag falling.
    Some((ms % unit + 1).min(ms))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn clock_text_has_one_rule_with_hours_and_tenths() {
        let cases = [
            (0, "0.0"),
            (99, "0.0"),
            (9_999, "9.9"),
            (10_000, "0:10"),
            (59_999, "0:59"),
            (60_000, "1:00"),
            (3_599_999, "59:59"),
            (3_600_000, "1:00:00"),
            (36_061_000, "10:01:01"),
        ];
        for (ms, text) in cases {
            assert_eq!(clock_text(ms), text, "{ms} ms");
        }
    }

    #[test]
    fn the_next_tick_is_when_the_text_changes() {
        for ms in [100u64, 199, 9_999, 10_000, 10_001, 65_432, 3_600_000] {
            let wait = next_change_ms(ms).unwrap();
            assert_ne!(clock_text(ms), clock_text(ms - wait), "{ms}: changed after {wait} ms");
            assert_eq!(clock_text(ms), clock_text(ms - (wait - 1)), "{ms}: not before");
        }
        assert_eq!(next_change_ms(0), None);
        assert_eq!(next_change_ms(1), Some(1), "the flag falls then");
        assert_eq!(next_change_ms(99), Some(99));
    }

    #[test]
    fn increment_and_time_odds() {
        let tc = TimeControl {
            white: SideTime { base_ms: 60_000, increment_ms: 2_000 },
            black: SideTime { base_ms: 180_000, increment_ms: 0 },
        };
        let t0 = Instant::now();
        let mut c = GameClock::new(tc);
        assert_eq!(c.remaining_at(t0), [60_000, 180_000]);
        c.start(Color::White, t0);
        assert_eq!(c.remaining_at(t0 + ms(5_000)), [55_000, 180_000]);
        c.moved(Color::White, t0 + ms(5_000));
        assert_eq!(c.remaining_at(t0 + ms(5_000)), [57_000, 180_000]);
        assert_eq!(c.remaining_at(t0 + ms(15_000)), [57_000, 170_000]);
        c.moved(Color::Black, t0 + ms(15_000));
        assert_eq!(c.remaining_at(t0 + ms(15_000)), [57_000, 170_000]);
        c.stop(t0 + ms(20_000));
        assert_eq!(c.remaining_at(t0 + ms(99_000)), [52_000, 170_000], "paused clocks do not run");
    }

    #[test]
    fn flag_falls_only_for_the_running_side() {
        let mut c = GameClock::new(TimeControl::even(1, 0));
        let t0 = Instant::now();
        c.start(Color::White, t0);
        assert_eq!(c.flagged(t0 + ms(59_999)), None);
        assert_eq!(c.flagged(t0 + ms(60_000)), Some(Color::White));
        assert_eq!(c.remaining_at(t0 + ms(70_000)), [0, 60_000]);
        c.stop(t0);
        assert_eq!(c.flagged(t0 + ms(70_000)), None);
    }

    #[test]
    fn validation() {
        assert!(validate(&TimeControl::even(3, 2)).is_ok());
        assert!(validate(&TimeControl::even(0, 2)).is_err());
        assert!(validate(&TimeControl::even(14 * 24 * 60, 0)).is_ok(), "a correspondence game's 14 days");
        assert!(validate(&TimeControl::even(15 * 24 * 60, 0)).is_err());
    }
}
