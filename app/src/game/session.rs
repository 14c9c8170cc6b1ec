//! `GameSession`: one game as the three front ends see it. Shared across threads behind an `Arc`; every method
//! takes `&self` and locks the state briefly. No lock is held while foreign code runs (progress callbacks).

use crate::analysis::cache::CacheSlot;
use crate::error::{ApiResult, GiveawayError};
use crate::game::autosave::Autosave;
use crate::game::engine_calls::SharedEngine;
use crate::game::state::GameState;
use crate::game::Snapshot;
use crate::setup::NewGame;
use giveaway_core::engine::StopHandle;
use giveaway_core::movegen::Move;
use giveaway_core::notation::Notation;
use giveaway_core::position::Color;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Instant;

/// The game in memory and, for a saved game, its autosave.
pub(crate) struct Live {
    state: GameState,
    save: Option<Autosave>,
}

impl std::ops::Deref for Live {
    type Target = GameState;
    fn deref(&self) -> &GameState {
        &self.state
    }
}

impl std::ops::DerefMut for Live {
    fn deref_mut(&mut self) -> &mut GameState {
        &mut self.state
    }
}

impl Live {
    /// Where the analysis of a saved game is cached (`None` for an unsaved session).
    pub(crate) fn analysis_cache(&self) -> Option<CacheSlot> {
        self.save.as_ref().map(|a| CacheSlot { storage: a.storage().clone(), id: a.id() })
    }

    /// Brings the saved game in line with the state (no-op for an unsaved session).
    fn save(&mut self) -> ApiResult<()> {
        match self.save.as_mut() {
            Some(a) => a.sync(&self.state),
            None => Ok(()),
        }
    }
}

/// One game being played: input, undo and redo, clocks, draw offers, computer moves and hints; autosaves when opened from the library. Safe to share between threads.
pub struct GameSession {
    state: Mutex<Live>,
    /// The search running for this session, if any: its ticket number and stop handle.
    search: Mutex<Option<(u64, StopHandle)>>,
    tickets: AtomicU64,
    /// Created on the first search and kept, so the transposition table carries from move to move.
    engine: SharedEngine,
}

/// A registered search: `cancel_search` stops it through the handle.
pub(crate) struct SearchTicket {
    id: u64,
    pub stop: StopHandle,
}

/// What a search is for: the game at a generation (any, when `None`), with a stop handle its caller may flip
/// before the search starts or while it runs.
#[derive(Clone, Default)]
pub(crate) struct SearchFor {
    pub generation: Option<u64>,
    pub stop: StopHandle,
}

impl GameSession {
    pub(crate) fn from_state(state: GameState, save: Option<Autosave>) -> Arc<GameSession> {
        Arc::new(GameSession {
            state: Mutex::new(Live { state, save }),
            search: Mutex::new(None),
            tickets: AtomicU64::new(0),
            engine: SharedEngine::default(),
        })
    }

    /// The state, even if a panic elsewhere poisoned the lock (the state is valid between method calls).
    pub(crate) fn lock(&self) -> MutexGuard<'_, Live> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn searching(&self) -> bool {
        self.search.lock().unwrap_or_else(|p| p.into_inner()).is_some()
    }

    fn snapshot_of(&self, live: &Live, now: Instant) -> Snapshot {
        live.state.snapshot(now, self.searching(), live.save.as_ref().map(Autosave::id))
    }

    /// Runs a change on the state, autosaves, and returns the snapshot after it. A refused change may still
    /// have ended the game on time, so the save runs either way. When the save fails the session is put back
    /// exactly as it was before the change: what the player sees is always what is saved.
    fn change(&self, f: impl FnOnce(&mut GameState, Instant) -> ApiResult<()>) -> ApiResult<Snapshot> {
        self.change_with(f).map(|((), snap)| snap)
    }

    /// [`Self::change`] for a change that also gives a value (the online client's changes from the server).
    pub(crate) fn change_with<T>(
        &self,
        f: impl FnOnce(&mut GameState, Instant) -> ApiResult<T>,
    ) -> ApiResult<(T, Snapshot)> {
        let now = Instant::now();
        let mut live = self.lock();
        let before = live.save.is_some().then(|| live.state.clone());
        let outcome = f(&mut live.state, now);
        if let Err(e) = live.save() {
            if let Some(before) = before {
                live.state = before;
            }
            return Err(e);
        }
        Ok((outcome?, self.snapshot_of(&live, now)))
    }

    /// Like [`Self::change`], then stopping any search: the game it was searching has changed (its answer
    /// would be refused anyway, as the game's generation moved on).
    fn change_stopping_search(&self, f: impl FnOnce(&mut GameState, Instant) -> ApiResult<()>) -> ApiResult<Snapshot> {
        let snap = self.change(f)?;
        self.cancel_search();
        Ok(Snapshot { thinking: false, ..snap })
    }
}

impl GameSession {
    /// A new game that is not saved (the library's `new_game` gives one that autosaves).
    pub fn new(setup: NewGame) -> ApiResult<Arc<GameSession>> {
        Ok(GameSession::from_state(GameState::new(setup, Instant::now())?, None))
    }

    /// Everything the game screen draws. Also applies flag fall when a clock has run out (and saves it).
    pub fn snapshot(&self) -> ApiResult<Snapshot> {
        self.change(|s, now| {
            s.check_flag(now);
            Ok(())
        })
    }

    /// A tap on square `square` (PDN number 1–32): selects a piece, enters a hop, completes a move, or clears
    /// the selection — whatever the tap means on the board as it is.
    pub fn tap(&self, square: u32) -> ApiResult<Snapshot> {
        self.change(|s, now| s.tap(square, now))
    }

    /// Selects the piece on `square` for moving.
    pub fn select(&self, square: u32) -> ApiResult<Snapshot> {
        self.change(|s, now| s.select(square, now))
    }

    /// Moves the selected piece to `square`: one hop of a capture, or its final square. When paths with
    /// different captures end there, the snapshot's `choices` lists them for [`Self::choose`].
    pub fn move_to(&self, square: u32) -> ApiResult<Snapshot> {
        self.change(|s, now| s.move_to(square, now))
    }

    /// Plays choice number `index` of the snapshot's `choices`.
    pub fn choose(&self, index: u32) -> ApiResult<Snapshot> {
        self.change(|s, now| s.choose(index, now))
    }

    /// Drops the selected piece and any capture entered hop by hop.
    pub fn clear_selection(&self) -> Snapshot {
        let now = Instant::now();
        let mut state = self.lock();
        state.clear_selection();
        self.snapshot_of(&state, now)
    }

    /// Plays a move written in algebraic (`c3-d4`, `c3:e5:c7`) or numeric (`22-18`, `22x15`) notation.
    pub fn play_move(&self, text: String) -> ApiResult<Snapshot> {
        self.change(|s, now| s.play_text(&text, now))
    }

    /// Takes back the last move; against the computer, the player's move and the computer's reply.
    pub fn undo(&self) -> ApiResult<Snapshot> {
        self.change_stopping_search(|s, now| s.undo(now))
    }

    /// Plays the move taken back last again.
    pub fn redo(&self) -> ApiResult<Snapshot> {
        self.change_stopping_search(|s, now| s.redo(now))
    }

    /// `side` resigns (the shell asks for confirmation first).
    pub fn resign(&self, side: Color) -> ApiResult<Snapshot> {
        self.change_stopping_search(|s, now| s.resign(side, now))
    }

    /// The side to move offers a draw (pass-and-play).
    pub fn offer_draw(&self) -> ApiResult<Snapshot> {
        self.change(|s, now| s.offer_draw(now))
    }

    /// Accepts the pending draw offer: the game ends in a draw.
    pub fn accept_draw(&self) -> ApiResult<Snapshot> {
        self.change(|s, now| s.accept_draw(now))
    }

    /// Declines the pending draw offer; play goes on.
    pub fn decline_draw(&self) -> ApiResult<Snapshot> {
        self.change(|s, _| s.decline_draw())
    }

    /// `side` shows an emoji reaction; it is kept in the game record.
    pub fn react(&self, side: Color, emoji: String) -> ApiResult<Snapshot> {
        self.change(|s, _| s.react(side, &emoji))
    }

    /// How moves are written in the snapshot's move list.
    pub fn set_notation(&self, notation: Notation) -> Snapshot {
        let now = Instant::now();
        let mut state = self.lock();
        state.set_notation(notation);
        self.snapshot_of(&state, now)
    }

    /// Follows the player's premove and confirmation settings (online games; see `state::premove`).
    pub fn set_move_input(&self, input: crate::game::state::MoveInput) -> Snapshot {
        let now = Instant::now();
        let mut state = self.lock();
        state.set_move_input(input);
        self.snapshot_of(&state, now)
    }

    /// Plays the move waiting for Confirm.
    pub fn confirm_move(&self) -> ApiResult<Snapshot> {
        self.change(|g, now| g.confirm_move(now))
    }

    /// Drops the move waiting for Confirm and the queued premove.
    pub fn cancel_waiting_moves(&self) -> Snapshot {
        let now = Instant::now();
        let mut state = self.lock();
        state.drop_waiting_moves();
        self.snapshot_of(&state, now)
    }

    /// Stops the clocks and saves them (the app went to the background).
    pub fn pause_clock(&self) -> ApiResult<Snapshot> {
        let now = Instant::now();
        let mut live = self.lock();
        live.pause_clock(now);
        if let Some(a) = &live.save {
            a.save_clocks(&live.state, now)?;
        }
        Ok(self.snapshot_of(&live, now))
    }

    /// Starts the clocks again after [`Self::pause_clock`].
    pub fn resume_clock(&self) -> Snapshot {
        let now = Instant::now();
        let mut state = self.lock();
        state.resume_clock(now);
        self.snapshot_of(&state, now)
    }

    /// Stops the running search (computer move, hint, analysis) of this session; it returns `Cancelled`.
    pub fn cancel_search(&self) {
        if let Some((_, stop)) = self.search.lock().unwrap_or_else(|p| p.into_inner()).take() {
            stop.stop();
        }
    }
}

impl GameSession {
    /// The number of changes the game has had (see `GameState::generation`).
    pub(crate) fn generation(&self) -> u64 {
        self.lock().generation
    }

    /// Reads what a search needs from the game and registers the search, both under the state lock: a change
    /// made after this point that stops searches (undo, redo, resignation) stops this one. Refuses with
    /// `Cancelled` when the game is no longer at the generation the search is for, or its handle was stopped.
    pub(crate) fn prepare<T>(
        &self,
        purpose: &SearchFor,
        read: impl FnOnce(&mut Live) -> ApiResult<T>,
    ) -> ApiResult<(T, SearchTicket)> {
        let mut live = self.lock();
        if purpose.stop.is_stopped() || purpose.generation.is_some_and(|g| g != live.generation) {
            return Err(GiveawayError::Cancelled);
        }
        let found = read(&mut live)?;
        Ok((found, self.begin_search(purpose.stop.clone())?))
    }

    /// Registers a new search. Refuses while another search runs for this session.
    fn begin_search(&self, stop: StopHandle) -> ApiResult<SearchTicket> {
        let mut slot = self.search.lock().unwrap_or_else(|p| p.into_inner());
        if slot.is_some() {
            return Err(GiveawayError::Busy);
        }
        let ticket = SearchTicket { id: self.tickets.fetch_add(1, Ordering::Relaxed), stop };
        *slot = Some((ticket.id, ticket.stop.clone()));
        Ok(ticket)
    }

    /// Forgets the search if it is still the registered one (`cancel_search` may have removed it already).
    pub(crate) fn end_search(&self, ticket: &SearchTicket) {
        let mut slot = self.search.lock().unwrap_or_else(|p| p.into_inner());
        if slot.as_ref().is_some_and(|(id, _)| *id == ticket.id) {
            *slot = None;
        }
    }

    pub(crate) fn engine(&self) -> SharedEngine {
        self.engine.clone()
    }

    /// Plays the computer's move if the game is still the one it searched (`generation`).
    pub(crate) fn apply_computer_move(&self, mv: &Move, generation: u64) -> ApiResult<Snapshot> {
        self.change(|s, now| {
            if s.generation != generation {
                return Err(GiveawayError::Cancelled);
            }
            s.play_computer(mv, now)
        })
    }
}
