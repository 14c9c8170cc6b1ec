//! Making a puzzle from a position: the screens, the solution line, the verification, the themes and the rating
//! by how the engine's levels solve it. The generator (`giveaway puzzles build`, in `giveaway-tools`) runs it
//! over self-play and table positions; the app runs it over the player's own games after their analysis.
//!
//! Screens, cheapest first: a position the tables know, with exactly one move keeping its win (of a puzzle's
//! length) or its draw; a forced win the search finds within [`MAX_WIN_PLIES`]; one move standing clear of every
//! other at a fixed depth (an only-move candidate). The line: the screen's move, then the judge's best play
//! by both sides to the end of the game (a win) or nothing more (a draw or an only move). Then [`verify`].

use super::judge::{Judge, JudgeSettings, ONLY_MOVE_MARGIN};
use super::verify::{verify, Verification, VerifyError};
use super::{Puzzle, Theme};
use crate::engine::{win_chance, Engine, Level, Limits, Rng, SearchRoot, StopHandle, WIN, WIN_BOUND};
use crate::game::Rules;
use crate::movegen::{legal_moves, Move};
use crate::position::Position;
use crate::tablebase::{Tablebase, Value};
use std::sync::Arc;

/// The longest win made into a puzzle, in plies (the solver's moves and the replies to the end).
pub const MAX_WIN_PLIES: usize = 14;
/// The shortest table win kept, in plies (shorter ones are mostly a single give-away).
const MIN_TABLE_WIN_PLIES: u16 = 4;

/// Why a position gave no puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rejection {
    /// No screen found a puzzle in it.
    NoCandidate,
    /// A screen did, and the verifier refused it.
    Unsound(VerifyError),
}

/// A candidate: the position (fresh, no history), its solution and kind.
struct Candidate {
    root: SearchRoot,
    solution: Vec<Move>,
    kind: Theme,
}

/// Makes puzzles: the judge, and the engines of the screens and of the rating.
pub struct Maker {
    judge: Judge,
    /// The screens' engine (with the tables).
    engine: Engine,
    /// The levels' engine when rating: without the tables, which would solve every endgame at once.
    rater: Engine,
}

impl Maker {
    /// A maker judging with `settings` and `tables` (the shipped set: the defaults and the 4-piece tables).
    pub fn new(settings: JudgeSettings, tables: Option<Arc<Tablebase>>) -> Maker {
        let mut engine = Engine::new(4);
        engine.set_tablebase(tables.clone());
        Maker { judge: Judge::new(settings, tables), engine, rater: Engine::new(4) }
    }

    /// The judge.
    pub fn judge(&mut self) -> &mut Judge {
        &mut self.judge
    }

    /// The puzzle in `position` (number 0), verified, with its themes and rating; `opening` marks a position
    /// from the first plies of a game from the start (an opening trap when it is a win). `seed` drives the weak
    /// levels' choices when rating.
    pub fn make(&mut self, position: Position, opening: bool, seed: u64) -> Result<Puzzle, Rejection> {
        let c = self.screen(position).ok_or(Rejection::NoCandidate)?;
        let exact = self.judge.exact(&c.root).is_some();
        let themes = themes(&c, exact, opening);
        let mut puzzle = Puzzle { id: 0, position: c.root.position, solution: c.solution, themes, rating: 0 };
        let v = verify(&puzzle, &mut self.judge).map_err(Rejection::Unsound)?;
        puzzle.rating = rate(&puzzle, &v, &mut self.rater, seed);
        Ok(puzzle)
    }

    /// Whether `position` looks like a puzzle, and its solution if so.
    fn screen(&mut self, position: Position) -> Option<Candidate> {
        let root = SearchRoot::new(position, Rules::default());
        let mut moves = legal_moves(&position);
        moves.dedup_outcomes();
        if moves.len() < 2 {
            return None;
        }
        if let Some(exact) = self.judge.tables().and_then(|t| t.probe(&position)) {
            return self.screen_exact(root, &moves, exact);
        }
        let (best, score) = self.judge.best(&root)?;
        if score >= WIN_BOUND && ((WIN - score) as usize) <= MAX_WIN_PLIES {
            let mut solution = vec![best];
            solution.extend(self.judge.continuation(&root.after(&best), MAX_WIN_PLIES));
            return Some(Candidate { root, solution, kind: Theme::Win });
        }
        if score >= WIN_BOUND || score <= -WIN_BOUND {
            return None;
        }
        // One move clear of the rest at a fixed depth: an only-move candidate, when it keeps a fair game.
        self.engine.clear();
        let (scored, _) = self.engine.root_scores(&root, 5, &StopHandle::new());
        let [(first, s1), (_, s2), ..] = scored[..] else { return None };
        let (c1, c2) = (win_chance(s1), win_chance(s2));
        if c1 >= 0.3 && c1 - c2 >= ONLY_MOVE_MARGIN + 0.1 && s1 < WIN_BOUND {
            return Some(Candidate { root, solution: vec![first], kind: Theme::OnlyMove });
        }
        None
    }

    /// A position the tables know: a win of a puzzle's length with one winning move, or a draw with one
    /// drawing move.
    fn screen_exact(&mut self, root: SearchRoot, moves: &[Move], exact: Value) -> Option<Candidate> {
        let tables = self.judge.tables()?;
        let keeps = |v: Value| match exact {
            Value::Win(_) => matches!(v, Value::Loss(_)),
            _ => !matches!(v, Value::Win(_)),
        };
        let good: Vec<Move> =
            moves.iter().copied().filter(|m| tables.probe(&root.position.play(m)).is_some_and(keeps)).collect();
        let [only] = good[..] else { return None };
        match exact {
            Value::Win(d) if (MIN_TABLE_WIN_PLIES..=MAX_WIN_PLIES as u16).contains(&d) => {
                let mut solution = vec![only];
                solution.extend(self.judge.continuation(&root.after(&only), MAX_WIN_PLIES));
                Some(Candidate { root, solution, kind: Theme::Win })
            }
            Value::Draw => Some(Candidate { root, solution: vec![only], kind: Theme::Draw }),
            _ => None,
        }
    }
}

/// The themes of a candidate (its kind, how it ends, its replies, its source, its length).
fn themes(c: &Candidate, exact: bool, opening: bool) -> Vec<Theme> {
    let mut t = vec![c.kind, Theme::of_length(c.solution.len().div_ceil(2))];
    let mut at = c.root.position;
    let mut forced_captures = 0;
    for (i, mv) in c.solution.iter().enumerate() {
        if i % 2 == 1 && mv.is_capture() && {
            let mut m = legal_moves(&at);
            m.dedup_outcomes();
            m.len() == 1
        } {
            forced_captures += 1;
        }
        at = at.play(mv);
    }
    let replies = c.solution.len() / 2;
    if replies >= 2 && forced_captures == replies {
        t.push(Theme::CaptureChain);
    }
    if c.kind == Theme::Win {
        t.push(if at.pieces(c.root.position.side_to_move()).any() { Theme::Blocked } else { Theme::RunOut });
        if opening {
            t.push(Theme::OpeningTrap);
        }
    }
    if exact {
        t.push(Theme::Endgame);
    }
    t.sort();
    t.dedup();
    t
}

/// The rating the weakest levels give: 600 for a puzzle level 1 always solves; each level that fails it adds
/// the step from the level below to its own rating (by the share of its tries it fails), so a puzzle only
/// level 8 solves is rated about 2450 and one no level solves 2620. Levels 1–4 choose at random among close
/// moves: three tries each; levels 5–8 search deterministically: one try (level 8 with a fixed 1,000,000
/// nodes a move instead of its 2 s, so the rating does not depend on the machine). Once two levels in a row
/// solve it every time, the stronger levels are taken to solve it too.
fn rate(puzzle: &Puzzle, v: &Verification, engine: &mut Engine, seed: u64) -> u16 {
    let mut rating = 600.0;
    let mut below = 600.0;
    let mut in_a_row = 0;
    for number in 1..=8u8 {
        let mut level = Level::get(number).expect("levels 1-8 exist");
        if number == 8 {
            level.limits = Limits::nodes(1_000_000);
        }
        let tries = if level.candidates > 1 { 3 } else { 1 };
        let solved = (0..tries).filter(|&t| solves(&level, puzzle, v, engine, seed ^ t)).count();
        let failed = 1.0 - solved as f64 / tries as f64;
        rating += failed * (f64::from(level.rating) - below);
        below = f64::from(level.rating);
        in_a_row = if failed == 0.0 { in_a_row + 1 } else { 0 };
        if in_a_row == 2 {
            break;
        }
    }
    rating.round() as u16
}

/// Whether `level` finds an accepted move at every step of the solver along the solution.
fn solves(level: &Level, puzzle: &Puzzle, v: &Verification, engine: &mut Engine, seed: u64) -> bool {
    let mut rng = Rng::new(seed);
    let mut root = SearchRoot::new(puzzle.position, Rules::default());
    for (i, mv) in puzzle.solution.iter().enumerate() {
        if i % 2 == 0 {
            engine.clear();
            let Some(choice) = level.choose(engine, &root, &mut rng, &StopHandle::new(), &mut |_| {}) else {
                return false;
            };
            let Some(played) = choice.best else { return false };
            let accepted = &v.accepted[i / 2];
            if !accepted.iter().any(|a| a.outcome_key() == played.outcome_key()) {
                return false;
            }
        }
        root = root.after(mv);
    }
    true
}
