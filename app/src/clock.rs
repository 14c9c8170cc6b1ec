//! Chess-style clocks owned by the core: Fischer increment, time odds (each side its own time), flag fall.
//!
//! Time is read from a caller-given `Instant`, so the logic is tested without sleeping.

use giveaway_core::position::Color;
use giveaway_core::record::{SideTime, TimeControl};
use std::time::Instant;

/// Refuses controls that cannot be played: no starting time, or absurd values (over 24 hours).
pub fn validate(tc: &TimeControl) -> Result<(), String> {
    const DAY_MS: u64 = 24 * 3600 * 1000;
    for (name, t) in [("White", tc.white), ("Black", tc.black)] {
        if t.base_ms == 0 {
            return Err(format!("{name} has no time on the clock"));
        }
        if t.base_ms > DAY_MS || t.increment_ms > DAY_MS {
            return Err(format!("{name}'s time is longer than a day"));
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
pub struct Clock {
    control: TimeControl,
    remaining: [i64; 2],
    /// The side whose time runs, and since when. `None` while paused or after the game ended.
    running: Option<(Color, Instant)>,
}

impl Clock {
    pub fn new(control: TimeControl) -> Clock {
        Clock {
            control,
            remaining: [control.white.base_ms as i64, control.black.base_ms as i64],
            running: None,
        }
    }

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

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn increment_and_time_odds() {
        let tc = TimeControl {
            white: SideTime { base_ms: 60_000, increment_ms: 2_000 },
            black: SideTime { base_ms: 180_000, increment_ms: 0 },
        };
        let t0 = Instant::now();
        let mut c = Clock::new(tc);
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
        let mut c = Clock::new(TimeControl::even(1, 0));
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
        assert!(validate(&TimeControl::even(25 * 60, 0)).is_err());
    }
}
