//! A saved game opened for replay ([`Replay`]: the board at any ply, post-game analysis through the cache)
//! and the replay screen's controller ([`ReplayController`]: stepping, jumping to mistakes, the analysis in
//! the background with its progress, the evaluation graph).

use super::{state_of, summary_view, GameSummaryView};
use crate::analysis::cache::CacheSlot;
use crate::analysis::{AnalysisView, MoveReviewView};
use crate::background::{Background, Observer};
use crate::board::{BoardOrientation, Coordinates};
use crate::error::{ApiResult, GiveawayError};
use crate::game::engine_calls::analyse_game;
use crate::game::Snapshot;
use crate::ProgressListener;
use giveaway_core::engine::StopHandle;
use giveaway_core::notation::Notation;
use giveaway_core::record::SavedGame;
use giveaway_core::storage::{Orientation, Storage};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Instant;

/// A saved game opened for replay: a snapshot at any ply, and post-game analysis.
pub struct Replay {
    saved: SavedGame,
    /// Holds the analysis cache.
    storage: Arc<Storage>,
    notation: Mutex<Notation>,
    search: Mutex<Option<StopHandle>>,
}

impl Replay {
    /// The game as the browser lists it.
    pub fn summary(&self) -> GameSummaryView {
        summary_view(&self.saved.summary)
    }

    /// Number of plies in the game.
    pub fn plies(&self) -> u32 {
        self.saved.game.ply() as u32
    }

    /// The board after `ply` moves (0 = start; past the end gives the end), with that move highlighted.
    pub fn snapshot_at(&self, ply: u32) -> ApiResult<Snapshot> {
        let now = Instant::now();
        let mut state = state_of(&self.saved, ply as usize, now)?;
        state.pause_clock(now);
        state.set_notation(*self.notation.lock().unwrap_or_else(|p| p.into_inner()));
        let mut snap = state.snapshot(now, false, Some(self.saved.summary.id));
        // A replay is for looking: nothing on it can be moved.
        snap.computer_to_move = false;
        for s in &mut snap.squares {
            s.movable = false;
            s.must_capture = false;
        }
        Ok(snap)
    }

    /// How moves are written in the snapshots and reviews.
    pub fn set_notation(&self, notation: Notation) {
        *self.notation.lock().unwrap_or_else(|p| p.into_inner()) = notation;
    }

    /// Post-game analysis of the whole game; `cancel_analysis` stops it (it then fails with `Cancelled`).
    pub fn analyse(&self, progress: Option<Arc<dyn ProgressListener>>) -> ApiResult<AnalysisView> {
        self.analyse_with(StopHandle::new(), progress)
    }

    /// [`Self::analyse`] stopped by `stop` too, also when it is stopped before the analysis starts.
    pub(crate) fn analyse_with(
        &self,
        stop: StopHandle,
        progress: Option<Arc<dyn ProgressListener>>,
    ) -> ApiResult<AnalysisView> {
        {
            let mut slot = self.search.lock().unwrap_or_else(|p| p.into_inner());
            if slot.is_some() {
                return Err(GiveawayError::Busy);
            }
            if stop.is_stopped() {
                return Err(GiveawayError::Cancelled);
            }
            *slot = Some(stop.clone());
        }
        let notation = *self.notation.lock().unwrap_or_else(|p| p.into_inner());
        // Read from the analysis cache when this game was analysed before (`progress` then hears nothing).
        let cache = CacheSlot { storage: self.storage.clone(), id: self.saved.summary.id };
        let result = analyse_game(self.saved.game.clone(), Some(cache), notation, stop, progress);
        *self.search.lock().unwrap_or_else(|p| p.into_inner()) = None;
        result
    }

    /// Mines the game for puzzles (`crate::puzzles::mine_game`); returns how many new puzzles were found.
    pub(crate) fn mine(&self, stop: &StopHandle) -> ApiResult<usize> {
        crate::puzzles::mine_game(&self.storage, self.saved.summary.id, &self.saved.game, stop)
    }

    /// Stops a running analysis (it returns `Cancelled`).
    pub fn cancel_analysis(&self) {
        if let Some(stop) = self.search.lock().unwrap_or_else(|p| p.into_inner()).take() {
            stop.stop();
        }
    }
}

impl Replay {
    pub(crate) fn new(saved: SavedGame, storage: Arc<Storage>) -> Replay {
        Replay { saved, storage, notation: Mutex::new(Notation::Algebraic), search: Mutex::new(None) }
    }
}

/// The analysis classes worth jumping to: the moves that lose something.
pub const MISTAKE_CLASSES: [&str; 3] = ["inaccuracy", "mistake", "blunder"];

/// Positions analysed so far, while the analysis runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AnalysisProgress {
    /// Positions analysed.
    pub done: u32,
    /// Positions to analyse.
    pub total: u32,
}

/// A classified move on the evaluation graph, at the position after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GraphMarker {
    /// The position (0 = start, n = after the n-th move), the graph's x index.
    pub position: u32,
    /// `inaccuracy`, `mistake` or `blunder`.
    pub class: String,
}

/// What the replay screen shows.
#[derive(Clone, Debug, PartialEq)]
pub struct ReplayState {
    /// Grows with every change; a shell can skip redrawing an unchanged state.
    pub revision: u64,
    /// The game as the browser lists it.
    pub summary: GameSummaryView,
    /// The board after `ply` moves, placed for `orientation`; nothing on it can be moved.
    pub snapshot: Snapshot,
    /// How the board is turned.
    pub orientation: BoardOrientation,
    /// Which coordinates to draw beside the board.
    pub coordinates: Coordinates,
    /// Moves played on the board shown (0 = the start).
    pub ply: u32,
    /// Plies in the game.
    pub plies: u32,
    /// The post-game analysis, once done (or read from the cache).
    pub analysis: Option<AnalysisView>,
    /// How far a running analysis is.
    pub progress: Option<AnalysisProgress>,
    /// The judgement of the move that led to the board shown.
    pub review: Option<MoveReviewView>,
    /// Inaccuracies, mistakes and blunders on the graph (empty before the analysis).
    pub markers: Vec<GraphMarker>,
    /// An analysis can be started now (none done or running).
    pub can_analyse: bool,
    /// The last analysis failed (not cancelled): why.
    pub error: Option<String>,
}

struct ReplayUi {
    ply: u32,
    turned: bool,
    analysis: Option<AnalysisView>,
    progress: Option<AnalysisProgress>,
    /// The analysis under way: its ticket and stop handle.
    job: Option<(u64, StopHandle)>,
    tickets: u64,
    error: Option<String>,
    revision: u64,
    closed: bool,
    /// The mining after an analysis, while it runs (leaving stops it).
    mining: Option<StopHandle>,
}

/// The replay screen's controller.
pub struct ReplayController {
    replay: Arc<Replay>,
    background: Arc<dyn Background>,
    observer: Arc<dyn Observer>,
    ui: Mutex<ReplayUi>,
}

impl ReplayController {
    /// A replay screen for `replay`, showing the start, in `notation`.
    pub fn new(
        replay: Arc<Replay>,
        notation: Notation,
        background: Arc<dyn Background>,
        observer: Arc<dyn Observer>,
    ) -> Arc<ReplayController> {
        replay.set_notation(notation);
        let ui = ReplayUi {
            ply: 0,
            turned: false,
            analysis: None,
            progress: None,
            job: None,
            tickets: 0,
            error: None,
            revision: 0,
            closed: false,
            mining: None,
        };
        Arc::new(ReplayController { replay, background, observer, ui: Mutex::new(ui) })
    }

    fn lock(&self) -> MutexGuard<'_, ReplayUi> {
        self.ui.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// What the replay screen shows now.
    pub fn state(&self) -> ApiResult<ReplayState> {
        let ui = self.lock();
        self.build(&ui)
    }

    /// Shows the board after `ply` moves (clamped to the game).
    pub fn go_to(&self, ply: u32) -> ApiResult<ReplayState> {
        let mut ui = self.lock();
        ui.ply = ply.min(self.replay.plies());
        ui.revision += 1;
        self.build(&ui)
    }

    /// Shows the board one move later.
    pub fn next(&self) -> ApiResult<ReplayState> {
        let ply = self.lock().ply;
        self.go_to(ply.saturating_add(1))
    }

    /// Shows the board one move earlier.
    pub fn previous(&self) -> ApiResult<ReplayState> {
        let ply = self.lock().ply;
        self.go_to(ply.saturating_sub(1))
    }

    /// Shows the start position.
    pub fn first(&self) -> ApiResult<ReplayState> {
        self.go_to(0)
    }

    /// Shows the final position.
    pub fn last(&self) -> ApiResult<ReplayState> {
        self.go_to(self.replay.plies())
    }

    /// Shows the board after the next inaccuracy, mistake or blunder, wrapping around; `Unavailable` before
    /// the analysis or when the game has none.
    pub fn next_mistake(&self) -> ApiResult<ReplayState> {
        self.jump_to_mistake(true)
    }

    /// The same backwards.
    pub fn previous_mistake(&self) -> ApiResult<ReplayState> {
        self.jump_to_mistake(false)
    }

    fn jump_to_mistake(&self, forward: bool) -> ApiResult<ReplayState> {
        let (ply, positions) = {
            let ui = self.lock();
            (ui.ply, ui.analysis.as_ref().map(mistake_positions).unwrap_or_default())
        };
        let target = if forward {
            positions.iter().find(|&&p| p > ply).or(positions.first())
        } else {
            positions.iter().rev().find(|&&p| p < ply).or(positions.last())
        };
        match target {
            Some(&p) => self.go_to(p),
            None => Err(GiveawayError::Unavailable { reason: "there is no mistake to go to".into() }),
        }
    }

    /// The position nearest a tap at `fraction` (0 = left edge, 1 = right edge) of the evaluation graph.
    pub fn go_to_fraction(&self, fraction: f64) -> ApiResult<ReplayState> {
        let plies = self.replay.plies();
        let f = if fraction.is_finite() { fraction.clamp(0.0, 1.0) } else { 0.0 };
        self.go_to((f * f64::from(plies)).round() as u32)
    }

    /// Turns the board round.
    pub fn flip_board(&self) -> ApiResult<ReplayState> {
        let mut ui = self.lock();
        ui.turned = !ui.turned;
        ui.revision += 1;
        self.build(&ui)
    }

    /// Writes moves in `notation` from now on.
    pub fn set_notation(&self, notation: Notation) -> ApiResult<ReplayState> {
        self.replay.set_notation(notation);
        let mut ui = self.lock();
        // The analysis speaks the notation it was made in: made again, it comes from the cache at once.
        ui.analysis = None;
        ui.revision += 1;
        self.build(&ui)
    }

    /// Starts the post-game analysis in the background (read at once from the cache when the game was
    /// analysed before); the observer hears of its progress and its end.
    pub fn analyse(self: &Arc<Self>) -> ApiResult<ReplayState> {
        let (ticket, stop) = {
            let mut ui = self.lock();
            if ui.closed || ui.job.is_some() || ui.analysis.is_some() {
                return self.build(&ui);
            }
            ui.tickets += 1;
            let stop = StopHandle::new();
            ui.job = Some((ui.tickets, stop.clone()));
            ui.progress = Some(AnalysisProgress { done: 0, total: self.replay.plies() + 1 });
            ui.error = None;
            ui.revision += 1;
            (ui.tickets, stop)
        };
        let me = self.clone();
        let started = self.background.run(Box::new(move || me.work(ticket, stop)));
        let mut ui = self.lock();
        if let Err(reason) = started {
            ui.job = None;
            ui.progress = None;
            ui.error = Some(format!("cannot start the analysis: {reason}"));
        }
        self.build(&ui)
    }

    /// Stops the analysis under way.
    pub fn cancel_analysis(&self) -> ApiResult<ReplayState> {
        let mut ui = self.lock();
        if let Some((_, stop)) = ui.job.take() {
            stop.stop();
            ui.progress = None;
            ui.revision += 1;
        }
        self.build(&ui)
    }

    /// The screen goes away: the analysis stops.
    pub fn leave(&self) {
        let _ = self.cancel_analysis();
        if let Some(mining) = self.lock().mining.take() {
            mining.stop();
        }
        self.lock().closed = true;
    }

    fn work(self: Arc<Self>, ticket: u64, stop: StopHandle) {
        let listener: Arc<dyn ProgressListener> = Arc::new(Progress { controller: Arc::downgrade(&self), ticket });
        let result = self.replay.analyse_with(stop, Some(listener));
        let analysed = result.is_ok();
        {
            let mut ui = self.lock();
            if ui.job.as_ref().is_none_or(|(t, _)| *t != ticket) {
                return;
            }
            ui.job = None;
            ui.progress = None;
            match result {
                Ok(a) => ui.analysis = Some(a),
                Err(GiveawayError::Cancelled) => {}
                Err(e) => ui.error = Some(e.to_string()),
            }
            ui.revision += 1;
        }
        self.observer.changed();
        if analysed {
            // After each analysis the game is mined for puzzles (once per length), on this same background job.
            let mining = StopHandle::new();
            {
                let mut ui = self.lock();
                if ui.closed {
                    return;
                }
                ui.mining = Some(mining.clone());
            }
            if let Err(e) = self.replay.mine(&mining) {
                log::warn!("the game was not mined for puzzles: {e}");
            }
            self.lock().mining = None;
        }
    }

    fn build(&self, ui: &ReplayUi) -> ApiResult<ReplayState> {
        let mut snapshot = self.replay.snapshot_at(ui.ply)?;
        let base = BoardOrientation::of(&snapshot.opponent, Orientation::Fixed, snapshot.side_to_move);
        let orientation = if ui.turned { base.turned() } else { base };
        snapshot.orient(orientation.flipped);
        let review = ui.analysis.as_ref().and_then(|a| a.moves.iter().find(|m| m.ply + 1 == ui.ply).cloned());
        let markers = ui.analysis.as_ref().map_or_else(Vec::new, |a| {
            a.moves
                .iter()
                .filter(|m| MISTAKE_CLASSES.contains(&m.class.as_str()))
                .map(|m| GraphMarker { position: m.ply + 1, class: m.class.clone() })
                .collect()
        });
        Ok(ReplayState {
            revision: ui.revision,
            summary: self.replay.summary(),
            coordinates: Coordinates::new(orientation.flipped, snapshot.notation),
            orientation,
            snapshot,
            ply: ui.ply,
            plies: self.replay.plies(),
            analysis: ui.analysis.clone(),
            progress: ui.progress,
            review,
            markers,
            can_analyse: ui.analysis.is_none() && ui.job.is_none() && self.replay.plies() > 0,
            error: ui.error.clone(),
        })
    }
}

/// The positions after each inaccuracy, mistake or blunder, in order.
fn mistake_positions(a: &AnalysisView) -> Vec<u32> {
    a.moves.iter().filter(|m| MISTAKE_CLASSES.contains(&m.class.as_str())).map(|m| m.ply + 1).collect()
}

struct Progress {
    controller: std::sync::Weak<ReplayController>,
    ticket: u64,
}

impl ProgressListener for Progress {
    fn on_search(&self, _: crate::game::SearchProgress) {}

    fn on_analysis(&self, done: u32, total: u32) {
        let Some(c) = self.controller.upgrade() else { return };
        {
            let mut ui = c.lock();
            if ui.job.as_ref().is_none_or(|(t, _)| *t != self.ticket) {
                return;
            }
            ui.progress = Some(AnalysisProgress { done, total });
            ui.revision += 1;
        }
        c.observer.changed();
    }
}
