//! The session's engine work: the computer's move, hints, coach tips and post-game analysis, and the views of
//! the advice it gives ([`SearchProgress`], [`HintView`], [`CoachView`]).
//!
//! Each call copies what it needs out of the locked state, releases the lock, searches on the core's runtime
//! (blocking pool) with a stop handle that `cancel_search` flips, and re-locks only to apply the answer — after
//! checking the game did not change meanwhile. Progress goes to a foreign listener with no lock held.

use crate::analysis::cache::{analyse_cached, CacheSlot};
use crate::analysis::{AnalysisView, MoveReviewView};
use crate::board::MoveView;
use crate::error::{ApiResult, GiveawayError};
use crate::game::exact::exact_layer;
use crate::game::forced::forced_loss_view;
use crate::game::session::{GameSession, SearchFor};
use crate::game::snapshot::move_view;
use crate::game::Snapshot;
use giveaway_core::engine::{self, Engine, Level, Limits, SearchInfo, SearchRoot, StopHandle};
use giveaway_core::game::Game;
use giveaway_core::notation::{format_move, Notation};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Progress of a running search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchProgress {
    /// The iteration just completed (nominal depth in plies).
    pub depth: u32,
    /// Side to move's view, in centi-units.
    pub score: i32,
    /// The score for people: centi-units, or `win N` / `loss N` plies.
    pub score_text: String,
    /// Nodes searched so far.
    pub nodes: u64,
    /// The expected line, in the session's notation.
    pub best_line: Vec<String>,
}

/// A hint in two steps: the shell highlights `piece` first, then shows `mv`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HintView {
    /// The piece to move (PDN number).
    pub piece: u32,
    /// The move to play.
    pub mv: MoveView,
    /// The engine's score for people (`+0.35`, `win 7`).
    pub score_text: String,
    /// Why the move is good, when a simple reason can be named.
    pub reason: Option<String>,
}

/// A coach tip after a move that gave away much of the player's chances.
#[derive(Clone, Debug, PartialEq)]
pub struct CoachView {
    /// The move the player made.
    pub played: MoveView,
    /// The move the engine prefers in its place.
    pub better: MoveView,
    /// `inaccuracy`, `mistake` or `blunder`.
    pub class: String,
    /// The player's expected result (0..1) with the better move and after the move played.
    pub chance_before: f64,
    /// The player's expected result after the move played (0..1).
    pub chance_after: f64,
    /// The tip in English.
    pub message: String,
}

/// Receives progress from a running search or analysis. Implemented by the shells (Kotlin, Swift) or in Rust.
/// Called on a background thread; keep it short.
pub trait ProgressListener: Send + Sync {
    /// A search finished another iteration.
    fn on_search(&self, progress: SearchProgress);
    /// Analysis finished `done` of `total` positions.
    fn on_analysis(&self, done: u32, total: u32);
}

/// How long a hint or coach tip may think: short enough to feel instant on a phone.
const ADVICE_LIMITS: Limits =
    Limits { depth: None, nodes: Some(200_000), movetime: Some(Duration::from_millis(800)), clock: None };

/// Analysis budget per position, and the table it searches with (part of the analysis cache's key).
pub(crate) const ANALYSIS: engine::AnalysisOptions = engine::AnalysisOptions {
    limits: Limits { depth: None, nodes: Some(100_000), movetime: None, clock: None },
    tt_megabytes: engine::DEFAULT_TT_MB,
    proof_nodes: 200_000,
};

fn search_progress(info: &SearchInfo, notation: Notation) -> SearchProgress {
    SearchProgress {
        depth: info.depth,
        score: info.score,
        score_text: engine::score_text(info.score),
        nodes: info.nodes,
        best_line: info.pv.iter().map(|m| format_move(m, notation)).collect(),
    }
}

pub(crate) fn seed() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(7, |d| d.as_nanos() as u64)
}

/// The shared engine of a session: one transposition table kept across its moves.
pub(crate) type SharedEngine = Arc<Mutex<Option<Engine>>>;

fn with_engine<T>(shared: &SharedEngine, f: impl FnOnce(&mut Engine) -> T) -> T {
    let mut guard = shared.lock().unwrap_or_else(|p| p.into_inner());
    let engine = guard.get_or_insert_with(Engine::default);
    // Tables that arrived since the last search (the background build finished) are used from now on;
    // setting them clears the transposition table, so only when they changed.
    let tables = crate::tables::current();
    if !std::ptr::eq(
        engine.tablebase().map_or(std::ptr::null(), |t| t),
        tables.as_deref().map_or(std::ptr::null(), |t| t),
    ) {
        engine.set_tablebase(tables);
    }
    f(engine)
}

/// Analyses a whole game (session or saved game); a saved game's analysis goes through its cache, and
/// `progress` is called only while positions are being searched.
pub(crate) fn analyse_game(
    game: Game,
    cache: Option<CacheSlot>,
    notation: Notation,
    stop: StopHandle,
    progress: Option<Arc<dyn ProgressListener>>,
) -> ApiResult<AnalysisView> {
    let analysis = analyse_cached(&game, cache.as_ref(), &ANALYSIS, &stop, &mut |done, total| {
        if let Some(p) = &progress {
            p.on_analysis(done as u32, total as u32);
        }
    })
    .map_err(|_| GiveawayError::Cancelled)?;
    let mut exact = exact_layer(&game, crate::tables::current().as_deref(), notation);
    Ok(AnalysisView {
        moves: analysis
            .moves
            .iter()
            .map(|r| MoveReviewView {
                exact: exact.verdicts.get_mut(r.ply).and_then(Option::take),
                ply: r.ply as u32,
                played: move_view(&r.played, r.mover, notation),
                best: r.best.as_ref().map(|b| move_view(b, r.mover, notation)),
                chance_before: r.chance_before,
                chance_after: r.chance_after,
                class: r.class.name().to_string(),
                accuracy: r.accuracy,
            })
            .collect(),
        white_scores: analysis.white_scores.clone(),
        white_chances: analysis.white_chances.clone(),
        white_accuracy: analysis.accuracy[0],
        black_accuracy: analysis.accuracy[1],
        turning_points: exact.turning_points,
        exact_pieces: exact.pieces,
        forced_loss: analysis.forced_loss.as_ref().map(|f| forced_loss_view(&game, f, notation)),
    })
}

impl GameSession {
    /// The computer plays its move (searching on the calling thread). Progress goes to `progress`;
    /// `cancel_search` stops it within milliseconds and this then fails with `Cancelled`, playing nothing.
    pub fn computer_move(&self, progress: Option<Arc<dyn ProgressListener>>) -> ApiResult<Snapshot> {
        self.computer_move_for(&SearchFor::default(), progress)
    }

    /// [`Self::computer_move`] for `purpose`: `Cancelled` if the game changed since or the handle stopped.
    pub(crate) fn computer_move_for(
        &self,
        purpose: &SearchFor,
        progress: Option<Arc<dyn ProgressListener>>,
    ) -> ApiResult<Snapshot> {
        let now = Instant::now();
        let ((root, level, generation, notation), ticket) = self.prepare(purpose, |s| {
            s.check_flag(now);
            if let Some(r) = s.game().result() {
                return Err(GiveawayError::GameOver { result: r.to_string() });
            }
            if !s.computer_to_move() {
                return Err(GiveawayError::NotYourTurn { reason: "it is the player's turn".into() });
            }
            let mut level = s
                .level()
                .and_then(Level::get)
                .ok_or_else(|| GiveawayError::Internal { reason: "a computer game without a valid level".into() })?;
            if let Some(clock) = s.engine_clock(now) {
                level.limits.clock = Some(clock);
            }
            Ok((SearchRoot::from_game(s.game()), level, s.generation, s.notation))
        })?;
        let engine = self.engine();
        let job_stop = ticket.stop.clone();
        let mut rng = engine::Rng::new(seed());
        let result = with_engine(&engine, |e| {
            level.choose(e, &root, &mut rng, &job_stop, &mut |info| {
                if let Some(p) = &progress {
                    p.on_search(search_progress(info, notation));
                }
            })
        });
        self.end_search(&ticket);
        if ticket.stop.is_stopped() {
            return Err(GiveawayError::Cancelled);
        }
        let best = result.and_then(|r| r.best).ok_or_else(|| GiveawayError::Internal {
            reason: "the engine found no move in a position with legal moves".into(),
        })?;
        self.apply_computer_move(&best, generation)
    }

    /// The best move for the player to move, in two steps for the shell: first `piece`, then `mv`.
    pub fn hint(&self) -> ApiResult<HintView> {
        self.hint_for(&SearchFor::default())
    }

    /// [`Self::hint`] for `purpose`.
    pub(crate) fn hint_for(&self, purpose: &SearchFor) -> ApiResult<HintView> {
        let ((root, generation, notation, color), ticket) = self.prepare(purpose, |s| {
            s.check_flag(Instant::now());
            if let Some(r) = s.game().result() {
                return Err(GiveawayError::GameOver { result: r.to_string() });
            }
            if s.computer_to_move() {
                return Err(GiveawayError::NotYourTurn { reason: "it is the computer's turn".into() });
            }
            Ok((SearchRoot::from_game(s.game()), s.generation, s.notation, s.game().position().side_to_move()))
        })?;
        let engine = self.engine();
        let job_stop = ticket.stop.clone();
        let hint = with_engine(&engine, |e| engine::hint(e, &root, &ADVICE_LIMITS, &job_stop));
        self.end_search(&ticket);
        if ticket.stop.is_stopped() || self.lock().generation != generation {
            return Err(GiveawayError::Cancelled);
        }
        let h = hint.ok_or_else(|| GiveawayError::Unavailable { reason: "there is no move to hint".into() })?;
        Ok(HintView {
            piece: h.piece.pdn() as u32,
            mv: move_view(&h.mv, color, notation),
            score_text: engine::score_text(h.score),
            reason: h.reason,
        })
    }

    /// A coach tip on the last move a player (not the computer) made: `None` when it was fine.
    pub fn coach_tip(&self) -> ApiResult<Option<CoachView>> {
        self.coach_tip_for(&SearchFor::default())
    }

    /// [`Self::coach_tip`] for `purpose`.
    pub(crate) fn coach_tip_for(&self, purpose: &SearchFor) -> ApiResult<Option<CoachView>> {
        let (found, ticket) = self.prepare(purpose, |s| {
            let game = s.game();
            let Some(ply) = (0..game.ply()).rev().find(|&i| Some(s.mover_of(i)) != s.computer()) else {
                return Ok(None);
            };
            let before = SearchRoot::at_ply(game, ply)
                .ok_or_else(|| GiveawayError::Internal { reason: "a played move without its position".into() })?;
            Ok(Some((before, game.moves()[ply], s.mover_of(ply), s.generation, s.notation)))
        })?;
        let Some((before, played, color, generation, notation)) = found else {
            self.end_search(&ticket);
            return Ok(None);
        };
        let engine = self.engine();
        let job_stop = ticket.stop.clone();
        let tip = with_engine(&engine, |e| engine::coach(e, &before, &played, &ADVICE_LIMITS, &job_stop));
        self.end_search(&ticket);
        if ticket.stop.is_stopped() || self.lock().generation != generation {
            return Err(GiveawayError::Cancelled);
        }
        Ok(tip.map(|t| CoachView {
            played: move_view(&t.played, color, notation),
            better: move_view(&t.better, color, notation),
            class: t.class.name().to_string(),
            chance_before: t.chance_before,
            chance_after: t.chance_after,
            message: t.message,
        }))
    }

    /// Post-game analysis of this game: every move judged, the evaluation graph and each side's accuracy.
    pub fn analyse(&self, progress: Option<Arc<dyn ProgressListener>>) -> ApiResult<AnalysisView> {
        // A saved game's analysis goes through its cache, shared with `Replay::analyse`.
        let ((game, cache, notation), ticket) =
            self.prepare(&SearchFor::default(), |s| Ok((s.game().clone(), s.analysis_cache(), s.notation)))?;
        let result = analyse_game(game, cache, notation, ticket.stop.clone(), progress);
        self.end_search(&ticket);
        result
    }
}
