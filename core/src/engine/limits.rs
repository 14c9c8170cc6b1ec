//! How long a search may run, and the handle that stops it from another thread.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// The side to move's clock as the search sees it: time left now and the increment each move adds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockReading {
    /// Time left on the clock.
    pub remaining: Duration,
    /// Time added after each move.
    pub increment: Duration,
}

/// How long one search may take, from its limits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeBudget {
    /// No new iteration starts after this.
    pub soft: Duration,
    /// The search is cut off here.
    pub hard: Duration,
}

/// Search limits; the first one reached ends the search. No limit at all means "until stopped".
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Stop after this many plies of iterative deepening.
    pub depth: Option<u32>,
    /// Stop after about this many nodes.
    pub nodes: Option<u64>,
    /// Stop after this much time.
    pub movetime: Option<Duration>,
    /// Share the side to move's clock out over the moves to come.
    pub clock: Option<ClockReading>,
}

impl Limits {
    /// Search to depth `d` only.
    pub fn depth(d: u32) -> Limits {
        Limits { depth: Some(d), ..Limits::default() }
    }

    /// Search about `n` nodes only.
    pub fn nodes(n: u64) -> Limits {
        Limits { nodes: Some(n), ..Limits::default() }
    }

    /// Search for time `t` only.
    pub fn movetime(t: Duration) -> Limits {
        Limits { movetime: Some(t), ..Limits::default() }
    }

    /// The time this search may take, when its limits include a time (move time or clock).
    pub fn time_budget(&self) -> Option<TimeBudget> {
        let by_clock = self.clock.map(|c| {
            let budget = c.remaining / 25 + c.increment * 3 / 4;
            // Never plan to use more than a third of what is left, and keep a small margin for overhead.
            let cap = (c.remaining / 3).saturating_sub(Duration::from_millis(5));
            let hard = (budget * 3).min(cap);
            TimeBudget { soft: budget.min(hard), hard }
        });
        let by_movetime = self.movetime.map(|t| TimeBudget { soft: t / 2, hard: t });
        match (by_clock, by_movetime) {
            (Some(a), Some(b)) => Some(TimeBudget { soft: a.soft.min(b.soft), hard: a.hard.min(b.hard) }),
            (a, b) => a.or(b),
        }
    }
}

/// Stops a running search from any thread; the search then returns its best move so far. Clone it freely.
#[derive(Clone, Debug, Default)]
pub struct StopHandle(Arc<AtomicBool>);

impl StopHandle {
    /// A handle not yet stopped.
    pub fn new() -> StopHandle {
        StopHandle::default()
    }

    /// Asks every search holding a clone of this handle to stop soon (it returns its best move so far).
    pub fn stop(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether [`StopHandle::stop`] was called.
    pub fn is_stopped(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }

    /// Re-arms the handle for the next search.
    pub fn reset(&self) {
        self.0.store(false, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_budget_is_a_small_share_and_never_the_whole_clock() {
        let l = Limits {
            clock: Some(ClockReading { remaining: Duration::from_secs(60), increment: Duration::ZERO }),
            ..Limits::default()
        };
        let TimeBudget { soft, hard } = l.time_budget().unwrap();
        assert_eq!(soft, Duration::from_millis(2400));
        assert!(hard <= Duration::from_secs(20) && hard >= soft);
        let l = Limits {
            clock: Some(ClockReading { remaining: Duration::from_millis(30), increment: Duration::ZERO }),
            ..Limits::default()
        };
        assert!(l.time_budget().unwrap().hard <= Duration::from_millis(10));
        assert_eq!(Limits::depth(3).time_budget(), None);
    }

    #[test]
    fn stop_handle_is_shared_between_clones() {
        let a = StopHandle::new();
        let b = a.clone();
        assert!(!b.is_stopped());
        a.stop();
        assert!(b.is_stopped());
        b.reset();
        assert!(!a.is_stopped());
    }
}
