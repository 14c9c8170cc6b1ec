//! `GameSession`: one game as the three front ends see it. Shared across threads behind an `Arc`; every method
//! takes `&self` and locks the state briefly. No lock is held while foreign code runs (progress callbacks).

use super::error::{ApiResult, GiveawayError};
use super::runtime::StopFlag;
use super::state::GameState;
use super::types::{NewGame, Snapshot};
use crate::notation::Notation;
use crate::position::Color;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Instant;

#[derive(uniffi::Object)]
pub struct GameSession {
    state: Mutex<GameState>,
    /// The stop flag of the search running for this session, if any.
    search: Mutex<Option<StopFlag>>,
}

impl GameSession {
    pub(super) fn from_state(state: GameState) -> Arc<GameSession> {
        Arc::new(GameSession { state: Mutex::new(state), search: Mutex::new(None) })
    }

    /// The state, even if a panic elsewhere poisoned the lock (the state is valid between method calls).
    pub(super) fn lock(&self) -> MutexGuard<'_, GameState> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn searching(&self) -> bool {
        self.search.lock().unwrap_or_else(|p| p.into_inner()).is_some()
    }

    fn snapshot_of(&self, state: &GameState, now: Instant) -> Snapshot {
        state.snapshot(now, self.searching(), None)
    }

    /// Runs a change on the state and returns the snapshot after it.
    fn change(&self, f: impl FnOnce(&mut GameState, Instant) -> ApiResult<()>) -> ApiResult<Snapshot> {
        let now = Instant::now();
        let mut state = self.lock();
        f(&mut state, now)?;
        Ok(self.snapshot_of(&state, now))
    }

    /// Like [`Self::change`], first stopping any search: the game it was searching is about to change.
    fn change_stopping_search(
        &self,
        f: impl FnOnce(&mut GameState, Instant) -> ApiResult<()>,
    ) -> ApiResult<Snapshot> {
        self.cancel_search();
        self.change(f)
    }
}

#[uniffi::export]
impl GameSession {
    /// A new game that is not saved (the library's `new_game` gives one that autosaves).
    #[uniffi::constructor]
    pub fn new(setup: NewGame) -> ApiResult<Arc<GameSession>> {
        Ok(GameSession::from_state(GameState::new(setup, Instant::now())?))
    }

    /// Everything the game screen draws. Also applies flag fall when a clock has run out.
    pub fn snapshot(&self) -> Snapshot {
        let now = Instant::now();
        let mut state = self.lock();
        state.check_flag(now);
        self.snapshot_of(&state, now)
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

    pub fn accept_draw(&self) -> ApiResult<Snapshot> {
        self.change(|s, now| s.accept_draw(now))
    }

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

    /// Stops the clocks (the app went to the background).
    pub fn pause_clock(&self) -> Snapshot {
        let now = Instant::now();
        let mut state = self.lock();
        state.pause_clock(now);
        self.snapshot_of(&state, now)
    }

    pub fn resume_clock(&self) -> Snapshot {
        let now = Instant::now();
        let mut state = self.lock();
        state.resume_clock(now);
        self.snapshot_of(&state, now)
    }

    /// Stops the running search (computer move, hint, analysis) of this session; it returns `Cancelled`.
    pub fn cancel_search(&self) {
        if let Some(stop) = self.search.lock().unwrap_or_else(|p| p.into_inner()).take() {
            stop.stop();
        }
    }
}

impl GameSession {
    /// Registers a new search, stopping any earlier one. Refuses while another search runs for this session.
    pub(super) fn begin_search(&self) -> ApiResult<StopFlag> {
        let mut slot = self.search.lock().unwrap_or_else(|p| p.into_inner());
        if slot.is_some() {
            return Err(GiveawayError::Busy);
        }
        let stop = StopFlag::new();
        *slot = Some(stop.clone());
        Ok(stop)
    }

    /// Forgets the search if it is still the registered one.
    pub(super) fn end_search(&self, stop: &StopFlag) {
        let mut slot = self.search.lock().unwrap_or_else(|p| p.into_inner());
        if slot.as_ref().is_some_and(|s| s.same(stop)) {
            *slot = None;
        }
    }
}
