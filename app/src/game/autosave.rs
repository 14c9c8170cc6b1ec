//! Autosave: after every change a session brings its saved game in line with the game in memory.
//!
//! It compares what was saved (moves, result, reactions) with the state and writes only the difference, so
//! every kind of change — a move, undo, redo, resignation, flag fall, reaction — goes through one path, and a
//! failed write is retried by the next change instead of leaving the two apart.

use crate::error::{ApiResult, GiveawayError};
use crate::game::state::GameState;
use giveaway_core::game::GameResult;
use giveaway_core::movegen::Move;
use giveaway_core::record::{ClockTimes, GameId};
use giveaway_core::storage::{Storage, StorageError};
use std::sync::Arc;
use std::time::Instant;

impl From<StorageError> for GiveawayError {
    fn from(e: StorageError) -> Self {
        match e {
            StorageError::NoSuchGame(id) => GiveawayError::NotFound { id },
            StorageError::Import(p) => GiveawayError::BadPdn { reason: p.to_string() },
            StorageError::NoGamesInFile => GiveawayError::BadPdn { reason: e.to_string() },
            other => GiveawayError::Storage { reason: other.to_string() },
        }
    }
}

pub(crate) struct Autosave {
    storage: Arc<Storage>,
    id: GameId,
    saved_moves: Vec<Move>,
    saved_result: Option<GameResult>,
    saved_reactions: usize,
    /// The record has an ending the game in memory cannot show (an imported `0-1` without a reason, so the
    /// board plays on): the first move reopens it, as a move after an undo past the end of a game does.
    unshown_ending: bool,
}

impl Autosave {
    /// For a game whose record in `storage` matches `state` now (just created or just loaded); `stored_ending`
    /// says whether the record is finished.
    pub fn new(storage: Arc<Storage>, id: GameId, state: &GameState, stored_ending: bool) -> Autosave {
        let saved_result = state.game().result();
        Autosave {
            storage,
            id,
            saved_moves: state.game().moves().to_vec(),
            saved_result,
            saved_reactions: state.reactions.len(),
            unshown_ending: stored_ending && saved_result.is_none(),
        }
    }

    pub fn id(&self) -> GameId {
        self.id
    }

    pub fn storage(&self) -> &Arc<Storage> {
        &self.storage
    }

    /// Writes what changed since the last sync.
    pub fn sync(&mut self, state: &GameState) -> ApiResult<()> {
        let moves = state.game().moves();
        let result = state.game().result();
        if self.unshown_ending && moves.len() > self.saved_moves.len() {
            self.storage.reopen_game(self.id)?;
            self.unshown_ending = false;
        }
        let common = self.saved_moves.iter().zip(moves).take_while(|(a, b)| a == b).count();
        if common < self.saved_moves.len() {
            // Taken back: truncating also reopens the game and drops reactions shown after that point.
            self.storage.truncate_moves(self.id, common as u32)?;
            self.saved_moves.truncate(common);
            self.saved_result = None;
            self.saved_reactions = state.reactions.iter().filter(|r| r.ply as usize <= common).count();
        }
        if self.saved_result.is_some() && self.saved_result != result {
            self.storage.reopen_game(self.id)?;
            self.saved_result = None;
        }
        for (ply, mv) in moves.iter().enumerate().skip(self.saved_moves.len()) {
            let clocks = state.clock_after(ply).map(|[w, b]| ClockTimes { white_ms: w as u64, black_ms: b as u64 });
            self.storage.append_move(self.id, ply as u32, mv, clocks)?;
            self.saved_moves.push(*mv);
        }
        for r in state.reactions.iter().skip(self.saved_reactions) {
            self.storage.add_reaction(self.id, r)?;
            self.saved_reactions += 1;
        }
        if let (Some(r), None) = (result, self.saved_result) {
            self.storage.finish_game(self.id, r)?;
            self.saved_result = Some(r);
        }
        Ok(())
    }

    /// Saves the clocks as they are (the app goes to the background).
    pub fn save_clocks(&self, state: &GameState, now: Instant) -> ApiResult<()> {
        if state.clock.is_some() {
            let [w, b] = state.clock_now(now);
            self.storage.save_clocks(self.id, ClockTimes { white_ms: w as u64, black_ms: b as u64 })?;
        }
        Ok(())
    }
}
