//! The player's puzzle rating (Glicko-2 through `skillratings`, as the game server rates games: one rating
//! period per attempt, the puzzle as the opponent) and the choice of puzzles near it.

use giveaway_core::engine::Rng;
use giveaway_core::puzzle::{Puzzle, PuzzleSet, Theme};
use giveaway_core::storage::PuzzleRatingRow;
use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;
use std::collections::HashSet;

/// A puzzle's rating deviation as an opponent: its rating was measured (by the engine's levels), not guessed,
/// so it is taken as fairly sure.
const PUZZLE_DEVIATION: f64 = 80.0;
/// Puzzles are chosen within this distance of the target rating first, then ever further.
const WINDOW: f64 = 100.0;
/// A streak starts this easy and asks this much more each puzzle.
const STREAK_START: f64 = 700.0;
const STREAK_STEP: f64 = 60.0;

/// A new player's rating: Glicko-2's start (1500, deviation 350).
pub(crate) fn new_rating() -> PuzzleRatingRow {
    let r = Glicko2Rating::new();
    PuzzleRatingRow { rating: r.rating, deviation: r.deviation, volatility: r.volatility, attempts: 0 }
}

/// The player's rating after an attempt at a puzzle rated `puzzle_rating`: `solved` is a win, else a loss.
pub(crate) fn rate(player: &PuzzleRatingRow, puzzle_rating: u32, solved: bool) -> PuzzleRatingRow {
    let me = Glicko2Rating { rating: player.rating, deviation: player.deviation, volatility: player.volatility };
    let puzzle = Glicko2Rating { rating: f64::from(puzzle_rating), deviation: PUZZLE_DEVIATION, volatility: 0.06 };
    let outcome = if solved { Outcomes::WIN } else { Outcomes::LOSS };
    let (after, _) = glicko2(&me, &puzzle, &outcome, &Glicko2Config::new());
    PuzzleRatingRow {
        rating: after.rating,
        deviation: after.deviation,
        volatility: after.volatility,
        attempts: player.attempts + 1,
    }
}

/// The target rating of the `k`-th puzzle of a streak (0 = the first).
pub(crate) fn streak_target(k: u32) -> f64 {
    STREAK_START + STREAK_STEP * f64::from(k)
}

/// A puzzle near `target` not in `done` (with `theme`, when given), chosen at random among the nearest: those
/// within [`WINDOW`], else within twice that, and so on. When every puzzle was done, the done ones are chosen
/// from again.
pub(crate) fn choose<'a>(
    set: &'a PuzzleSet,
    target: f64,
    done: &HashSet<u32>,
    theme: Option<Theme>,
    rng: &mut Rng,
) -> Option<&'a Puzzle> {
    let fits = |p: &&Puzzle| theme.is_none_or(|t| p.themes.contains(&t));
    let fresh: Vec<&Puzzle> = set.puzzles().iter().filter(fits).filter(|p| !done.contains(&p.id)).collect();
    let pool = if fresh.is_empty() { set.puzzles().iter().filter(fits).collect() } else { fresh };
    let mut window = WINDOW;
    loop {
        let near: Vec<&Puzzle> =
            pool.iter().copied().filter(|p| (f64::from(p.rating) - target).abs() <= window).collect();
        if !near.is_empty() {
            return Some(near[rng.below(near.len())]);
        }
        if pool.is_empty() || window > 4000.0 {
            return None;
        }
        window *= 2.0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solving_raises_the_rating_failing_lowers_it_and_the_deviation_shrinks() {
        let start = new_rating();
        assert_eq!((start.rating, start.deviation, start.attempts), (1500.0, 350.0, 0));
        let up = rate(&start, 1500, true);
        let down = rate(&start, 1500, false);
        assert!(up.rating > 1500.0 && down.rating < 1500.0, "{up:?} {down:?}");
        assert!(up.deviation < 350.0 && up.attempts == 1);
        // Beating a much easier puzzle gains little, failing it costs much.
        let easy_win = rate(&start, 800, true).rating - 1500.0;
        let easy_loss = 1500.0 - rate(&start, 800, false).rating;
        assert!(easy_win < easy_loss, "{easy_win} {easy_loss}");
    }

    #[test]
    fn puzzles_are_chosen_near_the_target_and_not_repeated_while_others_remain() {
        let p = Puzzle::new(1, "W:WK5:BK30", &["a7-e3", "c1:h6"], &["win"], 800).unwrap();
        let set = PuzzleSet::new(
            [(1, 600), (2, 1000), (3, 1450), (4, 1550), (5, 2400)]
                .into_iter()
                .map(|(id, rating)| Puzzle { id, rating, ..p.clone() })
                .collect(),
        )
        .unwrap();
        let mut rng = Rng::new(1);
        for _ in 0..20 {
            let id = choose(&set, 1500.0, &HashSet::new(), None, &mut rng).unwrap().id;
            assert!(id == 3 || id == 4, "{id}");
        }
        let done: HashSet<u32> = [3, 4].into();
        assert_eq!(choose(&set, 1500.0, &done, None, &mut rng).unwrap().id, 2, "the next nearest window");
        let all: HashSet<u32> = (1..=5).collect();
        assert!(choose(&set, 1500.0, &all, None, &mut rng).is_some(), "all done: chosen again");
        assert_eq!(choose(&set, 1500.0, &done, Some(Theme::Draw), &mut rng), None);
        assert!(streak_target(3) > streak_target(0));
    }
}
