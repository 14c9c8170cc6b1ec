//! The puzzle set's generator (`giveaway puzzles build`): candidate positions from engine self-play and from
//! the endgame tables, screened cheaply, given a solution line, verified whole by the core's verifier, given
//! their themes, and rated by how the engine's levels solve them.
//!
//! Sources: self-play games (a few random plies from the start, then each side a level from 2 to 6, so that
//! mistakes happen and get punished), every position of each; and positions drawn uniformly from the tables
//! (3 and 4 pieces). Each position goes to the core's [`Maker`] (screens, line, verification, themes, rating);
//! only sound puzzles are kept, each position once.
//!
//! Work is split over threads by item (one game, or one batch of table positions); each item's result depends
//! only on its index and the seed, and the kept puzzles are ordered by item, so a run is reproducible whatever
//! the threads.

use crate::matches::{play_out, random_opening};
use crate::table_check::random_position;
use giveaway_core::engine::{Engine, Level, Rng, StopHandle};
use giveaway_core::puzzle::{JudgeSettings, Maker, Puzzle, PuzzleSet, Rejection, Theme, VerifyError, THEMES};
use giveaway_core::tablebase::Tablebase;
use giveaway_core::{Position, Rules};
use std::collections::{BTreeMap, HashSet};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Plies from the start within which a won position counts as an opening trap.
const OPENING_PLIES: usize = 16;
/// Table positions drawn per work item.
const TABLE_BATCH: usize = 200;

/// What [`build_puzzles`] does.
#[derive(Clone, Copy, Debug)]
pub struct PuzzleSettings {
    /// Self-play games whose positions are examined.
    pub games: u32,
    /// Positions drawn from the endgame tables (half of 3 pieces, half of 4).
    pub table_positions: u32,
    /// Seed of everything random.
    pub seed: u64,
    /// Worker threads.
    pub threads: usize,
    /// The judge's settings (the shipped set's verification uses the default).
    pub judge: JudgeSettings,
}

/// Where a candidate came from: its work item and place in it (the order of the set).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Origin {
    item: usize,
    index: usize,
}

/// What a build counted.
#[derive(Clone, Debug, Default)]
pub struct PuzzleReport {
    /// Self-play games played.
    pub games: u64,
    /// Positions examined (self-play positions and table positions).
    pub positions: u64,
    /// Candidates that passed a screen and were verified.
    pub candidates: u64,
    /// Candidates refused by the verifier, by reason.
    pub rejected: BTreeMap<String, u64>,
    /// Puzzles kept (after removing repeated positions).
    pub kept: usize,
    /// Kept puzzles per theme.
    pub per_theme: Vec<(Theme, usize)>,
    /// Kept puzzles per rating band of 200 (its lower end).
    pub per_rating: BTreeMap<u16, usize>,
    /// Wall time.
    pub elapsed: Duration,
}

/// One kept candidate before numbering.
struct Found {
    origin: Origin,
    puzzle: Puzzle,
}

/// Builds a set; `progress(items_done, items, report_so_far)` after each work item. The tables decide every
/// position they hold (the shipped set is verified with the shipped 4-piece tables).
pub fn build_puzzles(
    settings: &PuzzleSettings,
    tables: Arc<Tablebase>,
    stop: &StopHandle,
    progress: &(dyn Fn(usize, usize, &PuzzleReport) + Sync),
) -> (PuzzleSet, PuzzleReport) {
    let start = Instant::now();
    let table_items = (settings.table_positions as usize).div_ceil(TABLE_BATCH);
    let items = settings.games as usize + table_items;
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let found: Mutex<Vec<Found>> = Mutex::new(Vec::new());
    let report = Mutex::new(PuzzleReport::default());
    std::thread::scope(|scope| {
        for _ in 0..settings.threads.max(1) {
            scope.spawn(|| {
                let mut worker = Worker::new(settings, tables.clone());
                loop {
                    let item = next.fetch_add(1, Ordering::Relaxed);
                    if item >= items || stop.is_stopped() {
                        break;
                    }
                    let mut local = PuzzleReport::default();
                    let kept = if item < settings.games as usize {
                        worker.game_item(item, &mut local)
                    } else {
                        let batch = item - settings.games as usize;
                        let n = TABLE_BATCH.min(settings.table_positions as usize - batch * TABLE_BATCH);
                        worker.table_item(item, n, &mut local)
                    };
                    found.lock().unwrap().extend(kept);
                    let mut r = report.lock().unwrap();
                    merge(&mut r, &local);
                    r.elapsed = start.elapsed();
                    progress(done.fetch_add(1, Ordering::Relaxed) + 1, items, &r);
                }
            });
        }
    });
    let mut found = found.into_inner().unwrap();
    found.sort_by_key(|f| f.origin);
    let mut seen = HashSet::new();
    let mut puzzles = Vec::new();
    for f in found {
        if seen.insert(f.puzzle.position) {
            puzzles.push(Puzzle { id: puzzles.len() as u32 + 1, ..f.puzzle });
        }
    }
    let set = PuzzleSet::new(puzzles).expect("numbers are given in order");
    let mut report = report.into_inner().unwrap();
    report.kept = set.len();
    report.per_theme = THEMES.iter().map(|&t| (t, set.count(t))).collect();
    for p in set.puzzles() {
        *report.per_rating.entry(p.rating / 200 * 200).or_default() += 1;
    }
    report.elapsed = start.elapsed();
    (set, report)
}

fn merge(into: &mut PuzzleReport, from: &PuzzleReport) {
    into.games += from.games;
    into.positions += from.positions;
    into.candidates += from.candidates;
    for (k, v) in &from.rejected {
        *into.rejected.entry(k.clone()).or_default() += v;
    }
}

/// One thread's engines.
struct Worker<'a> {
    settings: &'a PuzzleSettings,
    maker: Maker,
    /// The self-play's engine (with the tables).
    engine: Engine,
}

impl<'a> Worker<'a> {
    fn new(settings: &'a PuzzleSettings, tables: Arc<Tablebase>) -> Worker<'a> {
        let mut engine = Engine::new(4);
        engine.set_tablebase(Some(tables.clone()));
        Worker { settings, maker: Maker::new(settings.judge, Some(tables)), engine }
    }

    /// One self-play game, every position of it examined.
    fn game_item(&mut self, item: usize, report: &mut PuzzleReport) -> Vec<Found> {
        let mut rng = Rng::new(self.settings.seed ^ (item as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let rules = Rules::default();
        let mut game = loop {
            let plies = 2 + rng.below(3);
            if let Some(g) = random_opening(&mut rng, plies, rules) {
                break g;
            }
        };
        let levels = [Level::get(2 + rng.below(5) as u8).unwrap(), Level::get(2 + rng.below(5) as u8).unwrap()];
        let stop = StopHandle::new();
        self.engine.clear();
        let engine = &mut self.engine;
        let mut choice_rng = Rng::new(rng.next_u64());
        play_out(&mut game, &mut |root| {
            // Long king shuffles teach nothing; two pieces are the tables' anyway.
            if root.position.occupied().count() <= 2 || root.king_plies > 20 {
                return None;
            }
            let level = levels[root.position.side_to_move().index()].without_book();
            level.choose(engine, root, &mut choice_rng, &stop, &mut |_| {}).and_then(|r| r.best)
        });
        report.games += 1;
        let mut out: Vec<Found> = Vec::new();
        // The positions of the lines already kept from this game: a later position on one of them is the same
        // puzzle, shorter.
        let mut on_lines = HashSet::new();
        for ply in 0..game.ply() {
            let Some(&position) = game.position_at(ply) else { break };
            report.positions += 1;
            if on_lines.contains(&position) {
                continue;
            }
            if let Some(puzzle) = self.make(position, ply < OPENING_PLIES, &mut rng, report) {
                on_lines.extend((1..=puzzle.solution.len()).map(|k| puzzle.position_after(k)));
                out.push(Found { origin: Origin { item, index: ply }, puzzle });
            }
        }
        out
    }

    /// `n` positions drawn from the tables.
    fn table_item(&mut self, item: usize, n: usize, report: &mut PuzzleReport) -> Vec<Found> {
        let mut rng = Rng::new(self.settings.seed ^ (item as u64 + 1).wrapping_mul(0xD1B5_4A32_D192_ED03));
        let mut out = Vec::new();
        for index in 0..n {
            let position = random_position(3 + (index % 2) as u32, &mut rng);
            report.positions += 1;
            if let Some(puzzle) = self.make(position, false, &mut rng, report) {
                out.push(Found { origin: Origin { item, index }, puzzle });
            }
        }
        out
    }

    /// The maker's puzzle for `position`, counted in `report`.
    fn make(&mut self, position: Position, opening: bool, rng: &mut Rng, report: &mut PuzzleReport) -> Option<Puzzle> {
        match self.maker.make(position, opening, rng.next_u64()) {
            Ok(p) => {
                report.candidates += 1;
                Some(p)
            }
            Err(Rejection::NoCandidate) => None,
            Err(Rejection::Unsound(e)) => {
                report.candidates += 1;
                *report.rejected.entry(reason(&e).to_string()).or_default() += 1;
                None
            }
        }
    }
}

fn reason(e: &VerifyError) -> &'static str {
    match e {
        VerifyError::Forced => "forced first move",
        VerifyError::SolutionFails { .. } => "solution does not hold",
        VerifyError::NotUnique { .. } => "another first move as good",
        VerifyError::Unclear { .. } => "a move could not be judged",
        VerifyError::ReplyNotBest { .. } => "a reply not best",
        VerifyError::BadEnd => "line ends wrongly",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_small_build_keeps_only_verified_puzzles_with_a_kind_and_a_rating() {
        let tables = Arc::new(Tablebase::build(3, |_, _| {}).unwrap().0);
        let settings =
            PuzzleSettings { games: 2, table_positions: 400, seed: 5, threads: 2, judge: JudgeSettings::default() };
        let (set, report) = build_puzzles(&settings, tables.clone(), &StopHandle::new(), &|_, _, _| {});
        assert_eq!(report.games, 2);
        assert!(report.positions >= 400);
        assert!(!set.is_empty(), "{report:?}");
        assert_eq!(report.kept, set.len());
        let mut judge = giveaway_core::puzzle::Judge::new(JudgeSettings::default(), Some(tables));
        for p in set.puzzles() {
            assert_eq!(p.themes.iter().filter(|t| t.is_kind()).count(), 1);
            assert!((600..=2620).contains(&p.rating), "{}", p.rating);
            giveaway_core::puzzle::verify(p, &mut judge).unwrap_or_else(|e| panic!("{}: {e}", p.to_line()));
        }
        // The same settings make the same set, whatever the threads.
        let one = PuzzleSettings { threads: 1, ..settings };
        let (again, _) =
            build_puzzles(&one, Arc::new(Tablebase::build(3, |_, _| {}).unwrap().0), &StopHandle::new(), &|_, _, _| {});
        assert_eq!(again, set);
    }
}
