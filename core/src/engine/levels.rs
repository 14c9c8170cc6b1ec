//! The eight playing levels, Beginner to World Champion.
//!
//! Weak levels search every root move to a small depth and then pick among the best few, with a bias towards
//! the better ones: they play plausible moves, never random ones (a move more than `margin` worse than the
//! best is never chosen, and a forced win is never passed over). Strong levels play the search's best move
//! with a growing budget; level 8 is full strength within a phone-sized time (2 s a move). Each level opens
//! from the book (at once and differently from game to game) as deep as its strength allows: level 8 as far
//! as the book goes, level 7 its first 12 plies, down to none for levels 1 and 2.

use super::book::Book;
use super::limits::{Limits, StopHandle};
use super::rng::Rng;
use super::root::SearchRoot;
use super::search::WIN_BOUND;
use super::{Engine, SearchInfo, SearchResult};
use crate::movegen::Move;
use std::time::Duration;

/// One playing level: everything the app shows and everything the engine needs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Level {
    /// 1..=8.
    pub number: u8,
    /// The name players see ("Beginner", …).
    pub name: &'static str,
    /// Approximate rating: Beginner anchored at 800, each level above it by the Elo difference measured in
    /// 100-game matches against the level below (docs/engine.md), steps from 97% scores counted as 400.
    pub rating: u32,
    /// How long the level searches each move.
    pub limits: Limits,
    /// How many of the best moves it may choose from (1 = always the best).
    pub candidates: usize,
    /// Candidates must score within this many centi-units of the best.
    pub margin: i32,
    /// Softmax temperature of the choice among candidates, in centi-units.
    pub temperature: f64,
    /// It plays a book move, at once, where the opening book knows the position and the position is fewer
    /// than this many plies from the start (0: never; `u16::MAX`: as deep as the book goes).
    pub book_plies: u16,
}

const fn level(
    number: u8,
    name: &'static str,
    rating: u32,
    limits: Limits,
    candidates: usize,
    margin: i32,
    temperature: f64,
) -> Level {
    // The book is as deep as a level's strength: its moves are proven not to lose within the build's budget
    // and chosen by deep searches, so a weak level playing it far would be stronger than its rating.
    let book_plies = [0, 0, 2, 4, 6, 8, 12, u16::MAX][number as usize - 1];
    Level { number, name, rating, limits, candidates, margin, temperature, book_plies }
}

const fn depth(d: u32) -> Limits {
    Limits { depth: Some(d), nodes: None, movetime: None, clock: None }
}

const fn nodes(n: u64) -> Limits {
    Limits { depth: None, nodes: Some(n), movetime: None, clock: None }
}

/// The levels, index = number - 1.
pub const LEVELS: [Level; 8] = [
    level(1, "Beginner", 800, depth(1), 4, 200, 60.0),
    level(2, "Novice", 1200, depth(2), 3, 120, 40.0),
    level(3, "Amateur", 1420, depth(3), 3, 80, 25.0),
    level(4, "Club player", 1660, depth(4), 2, 40, 15.0),
    level(5, "Expert", 2060, nodes(5_000), 1, 0, 0.0),
    level(6, "Master", 2320, nodes(40_000), 1, 0, 0.0),
    level(7, "Grandmaster", 2450, nodes(150_000), 1, 0, 0.0),
    level(
        8,
        "World Champion",
        2620,
        Limits { depth: None, nodes: None, movetime: Some(Duration::from_secs(2)), clock: None },
        1,
        0,
        0.0,
    ),
];

impl Level {
    /// The level with this number (1..=8).
    pub fn get(number: u8) -> Option<Level> {
        LEVELS.get((number as usize).checked_sub(1)?).copied()
    }

    /// The same level with a different move time, where its limit is a move time (used for shorter matches).
    pub fn with_movetime(mut self, t: Duration) -> Level {
        if self.limits.movetime.is_some() {
            self.limits.movetime = Some(t);
        }
        self
    }

    /// The same level searching every move, the opening's too (to measure what the book is worth).
    pub fn without_book(mut self) -> Level {
        self.book_plies = 0;
        self
    }

    /// The same level playing from the book as deep as it goes (`giveaway bestmove --book`, `match --book`).
    pub fn with_full_book(mut self) -> Level {
        self.book_plies = u16::MAX;
        self
    }

    /// Whether this level plays a book move in `position` rather than searching (see [`Level::book_plies`]).
    pub fn uses_book_at(&self, position: &crate::position::Position) -> bool {
        Book::embedded().ply(position).is_some_and(|ply| ply < self.book_plies)
    }

    /// Picks this level's move: from the opening book where it has the position and the level uses it
    /// (no search: `nodes` 0, the book's score), else by search. `None` when the side to move has no legal move.
    pub fn choose(
        &self,
        engine: &mut Engine,
        root: &SearchRoot,
        rng: &mut Rng,
        stop: &StopHandle,
        info: &mut dyn FnMut(&SearchInfo),
    ) -> Option<SearchResult> {
        if self.uses_book_at(&root.position) {
            if let Some((mv, entry)) = Book::embedded().choose(&root.position, rng) {
                let r = SearchResult {
                    best: Some(mv),
                    score: entry.eval,
                    depth: 0,
                    seldepth: 0,
                    nodes: 0,
                    elapsed: Duration::ZERO,
                    pv: vec![mv],
                };
                info(&SearchInfo::from_result(&r));
                return Some(r);
            }
        }
        if self.candidates <= 1 {
            let r = engine.search(root, &self.limits, stop, info);
            return r.best.map(|_| r);
        }
        let d = self.limits.depth.unwrap_or(1);
        let (scored, nodes) = engine.root_scores(root, d, stop);
        let mv = pick(&scored, self.candidates, self.margin, self.temperature, rng)?;
        let score = scored.iter().find(|(m, _)| *m == mv).map_or(0, |&(_, s)| s);
        Some(SearchResult {
            best: Some(mv),
            score,
            depth: d,
            seldepth: d,
            nodes,
            elapsed: Duration::ZERO,
            pv: vec![mv],
        })
    }
}

/// Chooses among the best `n` moves (sorted best first) within `margin` of the best, weighted by
/// `exp((score - best) / temperature)`. A forced win is always taken. The weak levels' choice, and the book
/// builder's among the moves it tries.
pub fn pick(scored: &[(Move, i32)], n: usize, margin: i32, temperature: f64, rng: &mut Rng) -> Option<Move> {
    let &(best_move, best) = scored.first()?;
    if best >= WIN_BOUND || temperature <= 0.0 {
        return Some(best_move);
    }
    let pool: Vec<(Move, f64)> = scored
        .iter()
        .take(n)
        .filter(|(_, s)| *s >= best - margin)
        .map(|&(m, s)| (m, ((s - best) as f64 / temperature).exp()))
        .collect();
    let total: f64 = pool.iter().map(|(_, w)| w).sum();
    let mut x = rng.unit() * total;
    for (m, w) in &pool {
        if x < *w {
            return Some(*m);
        }
        x -= w;
    }
    Some(best_move)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movegen::legal_moves;
    use crate::position::Position;

    #[test]
    fn levels_are_numbered_named_and_ordered() {
        for (i, l) in LEVELS.iter().enumerate() {
            assert_eq!(l.number as usize, i + 1);
            assert_eq!(Level::get(l.number), Some(*l));
        }
        assert_eq!(LEVELS[0].name, "Beginner");
        assert_eq!(LEVELS[7].name, "World Champion");
        assert!(LEVELS.windows(2).all(|w| w[0].rating < w[1].rating));
        assert_eq!(Level::get(0), None);
        assert_eq!(Level::get(9), None);
        // The book as deep as the level's strength, from none to all of it.
        assert!(LEVELS.windows(2).all(|w| w[0].book_plies <= w[1].book_plies));
        assert_eq!((LEVELS[0].book_plies, LEVELS[7].book_plies), (0, u16::MAX));
        assert_eq!(LEVELS[7].without_book().book_plies, 0);
        assert_eq!(LEVELS[0].with_full_book().book_plies, u16::MAX);
    }

    #[test]
    fn pick_never_leaves_the_margin_and_takes_wins() {
        let moves = legal_moves(&Position::start());
        let scored: Vec<(Move, i32)> = moves.iter().zip([50, 40, -500, -600]).map(|(m, s)| (*m, s)).collect();
        let mut rng = Rng::new(3);
        for _ in 0..200 {
            let m = pick(&scored, 4, 100, 30.0, &mut rng).unwrap();
            assert!(m == scored[0].0 || m == scored[1].0);
        }
        let won = [(scored[1].0, WIN_BOUND + 5), (scored[0].0, WIN_BOUND + 1)];
        assert_eq!(pick(&won, 2, 100_000, 1e9, &mut rng), Some(scored[1].0));
    }
}
