//! The engine: search, evaluation, levels, hints, coach tips and post-game analysis.
//!
//! Everything here is plain Rust data and `Send`, meant to be called from a background thread: a search is
//! stopped through a clonable [`StopHandle`], and progress is reported through a callback.
//!
//! Files by job, each private and re-exported here: `search` (alpha-beta), `eval` (features and weights),
//! `tt` (transposition table), `limits` (limits and the stop handle), `root` (position plus game history),
//! `levels` (the eight playing levels), `book` (reading the opening book), `advice` (hints and coach tips),
//! `analysis` (post-game review), `exact` (the endgame tables' verdict on a game's moves), `analysis_codec`
//! (the review as cache text), `proof` (proof-number search: wins and losses proven by force), `rng` (seeded
//! randomness), `weights` (the fitted weights, written by `giveaway tune`). The offline tools that make and
//! measure this data (the book's builder, the tuner, engine matches) are the `giveaway-tools` crate's, outside
//! the runtime.

mod advice;
mod analysis;
mod analysis_codec;
mod book;
mod eval;
mod exact;
mod levels;
mod limits;
mod proof;
mod rng;
mod root;
mod search;
mod tt;
mod weights;

pub use advice::{coach, hint, CoachTip, Hint};
pub use analysis::{analyze, win_chance, Analysis, AnalysisOptions, Cancelled, ForcedLoss, MoveClass, MoveReview};
pub use book::{Book, BookError, BookMove, BookPosition, BookProof, EMBEDDED_BOOK_BYTES};
// Beside `Weights`, the features and the starting weights are for the tuner (`giveaway-tools`), which fits
// `weights.rs`.
pub use eval::{features, phase, Weights, FEATURE_NAMES, FULL_PHASE, N_FEATURES};
pub use exact::{exact_moves, exact_value, ExactMove};
pub use levels::{pick, Level, LEVELS};
pub use limits::{ClockReading, Limits, StopHandle, TimeBudget};
pub use proof::{
    prove, prove_moves, prove_side, prove_with, unique_win, MoveProof, Proof, ProofCache, ProofLimits, UniqueWin,
    Verdict,
};
pub use rng::Rng;
pub use root::SearchRoot;
pub use search::{SearchConfig, MAX_PLY, WIN, WIN_BOUND};
pub use weights::INITIAL as INITIAL_WEIGHTS;

use crate::movegen::Move;
use crate::tablebase::Tablebase;
use search::{MoveOrdering, Searcher};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tt::Tt;

/// Default transposition table size.
pub const DEFAULT_TT_MB: usize = 32;

/// Less time than this left after the search: no proof is tried.
const MIN_PROOF_TIME: Duration = Duration::from_millis(2);
/// The most positions one proof in the search may hold (about 56 bytes each).
const PROOF_NODES: u64 = 1_000_000;
/// With [`SearchConfig::proof_time`], the most root moves proven lost (or known) before a move is played anyway.
const MAX_EXTRA_PROOFS: usize = 4;
/// Positions the engine's proof cache keeps for a game (some 30 MB at most).
const PROOF_CACHE_POSITIONS: usize = 1 << 19;

/// Progress of a running search, reported after every completed iteration.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchInfo {
    /// The iteration just completed (nominal depth in plies).
    pub depth: u32,
    /// The deepest ply any line reached (extensions and quiescence included).
    pub seldepth: u32,
    /// From the side to move's point of view; see [`score_text`].
    pub score: i32,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Nodes per second so far.
    pub nps: u64,
    /// Time since the search started.
    pub elapsed: Duration,
    /// The principal variation: the best line found, first move first.
    pub pv: Vec<Move>,
}

impl SearchInfo {
    fn from_result(r: &SearchResult) -> SearchInfo {
        let secs = r.elapsed.as_secs_f64();
        SearchInfo {
            depth: r.depth,
            seldepth: r.seldepth,
            score: r.score,
            nodes: r.nodes,
            nps: if secs > 0.0 { (r.nodes as f64 / secs) as u64 } else { 0 },
            elapsed: r.elapsed,
            pv: r.pv.clone(),
        }
    }
}

/// The outcome of a search.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult {
    /// `None` only when the side to move has no legal move (it has already won).
    pub best: Option<Move>,
    /// The best move's score from the side to move's point of view; see [`score_text`].
    pub score: i32,
    /// The deepest completed iteration.
    pub depth: u32,
    /// The deepest ply any line reached.
    pub seldepth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Time the search took.
    pub elapsed: Duration,
    /// The principal variation, `best` first.
    pub pv: Vec<Move>,
}

/// A score as text: centi-units, or `win N` / `loss N` with the distance in plies.
pub fn score_text(score: i32) -> String {
    if score >= WIN_BOUND {
        format!("win {}", WIN - score)
    } else if score <= -WIN_BOUND {
        format!("loss {}", WIN + score)
    } else {
        score.to_string()
    }
}

/// A searching engine: owns its transposition table and move-ordering memory, so keep one per game.
///
/// Ask for a move from the start:
///
/// ```
/// use giveaway_core::engine::{Engine, Limits, SearchRoot, StopHandle};
/// use giveaway_core::{format_move, Game, Notation, Rules};
///
/// let game = Game::new(giveaway_core::Position::start(), Rules::default());
/// let mut engine = Engine::default();
/// let found = engine.search(&SearchRoot::from_game(&game), &Limits::depth(4), &StopHandle::new(), &mut |_| {});
/// let best = found.best.expect("the start has legal moves");
/// assert!(game.legal_moves().contains(&best));
/// println!("{} ({})", format_move(&best, Notation::Algebraic), found.score);
/// ```
pub struct Engine {
    tt: Tt,
    ordering: MoveOrdering,
    weights: Weights,
    config: SearchConfig,
    tablebase: Option<Arc<Tablebase>>,
    /// What the proofs of earlier moves settled (positions without history), kept for the game.
    proofs: ProofCache,
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new(DEFAULT_TT_MB)
    }
}

impl Engine {
    /// An engine with a transposition table of about `tt_megabytes` MB.
    pub fn new(tt_megabytes: usize) -> Engine {
        Engine::with_weights(tt_megabytes, Weights::default())
    }

    /// An engine with a transposition table of about `tt_megabytes` MB and evaluation weights of its own (tuning).
    pub fn with_weights(tt_megabytes: usize, weights: Weights) -> Engine {
        Engine {
            tt: Tt::new(tt_megabytes),
            ordering: MoveOrdering::default(),
            weights,
            config: SearchConfig::default(),
            tablebase: None,
            proofs: ProofCache::with_capacity(PROOF_CACHE_POSITIONS),
        }
    }

    /// Switches search features on or off (to measure each).
    pub fn set_config(&mut self, config: SearchConfig) {
        self.config = config;
    }

    /// Endgame tables for the search to probe (`None`: search every position). Forgets the transposition
    /// table, whose scores were found with or without them.
    ///
    /// The tables are pure game theory; the game's draw rules only ever turn a win into a draw. So the search
    /// takes a drawn entry as a draw, and a win or loss in `d` plies as exact only where the king-move rule
    /// cannot strike before its end (plies of king moves so far + `d` below the limit); a shortest win never
    /// repeats a position of its own, as its distance falls every ply. Other positions are searched as
    /// without tables.
    pub fn set_tablebase(&mut self, tablebase: Option<Arc<Tablebase>>) {
        self.tablebase = tablebase;
        self.tt.clear();
    }

    /// The endgame tables the search probes, if any.
    pub fn tablebase(&self) -> Option<&Tablebase> {
        self.tablebase.as_deref()
    }

    /// The evaluation weights in use.
    pub fn weights(&self) -> &Weights {
        &self.weights
    }

    /// Forgets everything learnt (start of a new game; makes results independent of earlier searches).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.ordering.clear();
        self.proofs.clear();
    }

    /// Searches for the best move within `limits`; `stop` ends it early (best move so far is returned).
    ///
    /// With a time limit (and [`SearchConfig::proof`], the default) the alpha-beta search runs as it would
    /// alone; the time it leaves unused (it starts no iteration after the soft limit, so it often ends well
    /// before the hard one) goes to the proof search, which checks the move chosen: does the opponent win by
    /// force after it? A move proven to lose is set aside with its exact score and the search goes on without
    /// it in what is left, until a move is not proven to lose or the time is up. In every search (with
    /// [`SearchConfig::proof`]) root moves whose positions an earlier proof of the game settled are scored from
    /// that at once. (Giving the proof a fixed fifth of the
    /// time instead lost 54–2–70 to the plain search at 100 ms a move: docs/engine.md.)
    pub fn search(
        &mut self,
        root: &SearchRoot,
        limits: &Limits,
        stop: &StopHandle,
        info: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        let known = if self.config.proof { self.known_root_moves(root) } else { Vec::new() };
        let r = match limits.time_budget() {
            Some(budget) if self.config.proof => self.search_and_prove(root, limits, budget, known, stop, info),
            budget => self.alpha_beta(root, limits, budget, &known, stop, info),
        };
        let i = SearchInfo::from_result(&r);
        log::debug!(
            "search: depth {} (sel {}), score {}, {} nodes in {:.0?} ({} nodes/s){}",
            i.depth,
            i.seldepth,
            score_text(i.score),
            i.nodes,
            i.elapsed,
            i.nps,
            if stop.is_stopped() { ", stopped" } else { "" }
        );
        r
    }

    /// One alpha-beta search (iterative deepening) with `known` root moves scored without a search.
    /// A searcher over this engine's table, ordering, weights and tables.
    fn searcher(&mut self, root: &SearchRoot, stop: &StopHandle) -> Searcher<'_> {
        Searcher::new(
            &mut self.tt,
            &mut self.ordering,
            &self.weights,
            self.config,
            self.tablebase.as_deref(),
            root,
            stop.clone(),
        )
    }

    fn alpha_beta(
        &mut self,
        root: &SearchRoot,
        limits: &Limits,
        budget: Option<TimeBudget>,
        known: &[(Move, i32)],
        stop: &StopHandle,
        info: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        let mut s = self.searcher(root, stop).knowing(known);
        s.run(root, limits, budget, info)
    }

    /// The time-limited search with proofs (see [`Engine::search`]).
    fn search_and_prove(
        &mut self,
        root: &SearchRoot,
        limits: &Limits,
        budget: TimeBudget,
        mut known: Vec<(Move, i32)>,
        stop: &StopHandle,
        info: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        let start = Instant::now();
        let mover = root.position.side_to_move();
        let mut r = self.alpha_beta(root, limits, Some(budget), &known, stop, info);
        let mut nodes = r.nodes;
        while let Some(best) = r.best {
            let left = budget.hard.saturating_sub(start.elapsed());
            let extra = self.config.proof_time;
            let no_time = match extra {
                None => left < MIN_PROOF_TIME,
                Some(_) => known.len() >= MAX_EXTRA_PROOFS,
            };
            if r.score >= WIN_BOUND || known.iter().any(|(m, _)| *m == best) || no_time {
                break;
            }
            // The proof may use most of what is left; the rest is for searching again if the move loses. A proof
            // with time of its own is bounded by that time rather than by its size.
            let proof_limits = ProofLimits {
                nodes: if extra.is_some() { 4 * PROOF_NODES } else { PROOF_NODES },
                movetime: Some(extra.unwrap_or(left.mul_f64(0.75))),
                stop: Some(stop.clone()),
            };
            let after = root.after(&best);
            let proof =
                prove_side(&after, self.tablebase.as_deref(), mover.opponent(), &proof_limits, &mut self.proofs);
            let Some(plies) = proof.plies.filter(|_| proof.verdict == Verdict::Win) else { break };
            log::debug!("search: {best} loses by force in {} plies (proof of {} nodes)", plies + 1, proof.nodes);
            known.push((best, -(WIN - 1 - plies as i32)));
            let left = budget.hard.saturating_sub(start.elapsed());
            let again = if extra.is_some() { budget } else { TimeBudget { soft: left / 2, hard: left } };
            r = self.alpha_beta(root, limits, Some(again), &known, stop, info);
            nodes += r.nodes;
        }
        r.nodes = nodes;
        r.elapsed = start.elapsed();
        r
    }

    /// Proves `root` won, lost or drawn by force ([`prove`]) with the engine's endgame tables and its proof
    /// cache: what it settles is known to the engine's later searches and proofs of the game (and what they
    /// settled makes it cheaper). For a puzzle generator, [`unique_win`] with a [`ProofCache`] of its own does
    /// the same for every move.
    pub fn prove(&mut self, root: &SearchRoot, limits: &ProofLimits) -> Proof {
        prove_with(root, self.tablebase.as_deref(), limits, &mut self.proofs)
    }

    /// The root moves whose position after them an earlier proof of the game settled, with their exact scores
    /// (only positions without history are kept, that is after a man move or a capture).
    fn known_root_moves(&self, root: &SearchRoot) -> Vec<(Move, i32)> {
        if self.proofs.is_empty() {
            return Vec::new();
        }
        let mover = root.position.side_to_move();
        let mut moves = crate::movegen::legal_moves(&root.position);
        moves.dedup_outcomes();
        moves
            .iter()
            .filter(|mv| root.is_irreversible(mv))
            .filter_map(|mv| {
                let (winner, plies) = self.proofs.winner(&root.position.play(mv))?;
                let end = 1 + i32::from(plies);
                Some((*mv, if winner == mover { WIN - end } else { -(WIN - end) }))
            })
            .collect()
    }

    /// Every root move with its score at a fixed depth, best first (used by weak levels). Also returns nodes.
    pub fn root_scores(&mut self, root: &SearchRoot, depth: u32, stop: &StopHandle) -> (Vec<(Move, i32)>, u64) {
        let mut s = self.searcher(root, stop);
        let scores = s.root_scores(root, depth.max(1));
        (scores, s.nodes())
    }

    /// The static evaluation of a position (side to move's view).
    pub fn evaluate(&self, root: &SearchRoot) -> i32 {
        eval::evaluate(&root.position, &self.weights)
    }
}
