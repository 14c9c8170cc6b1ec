//! Autosave: after every change a session brings its saved game in line with the game in memory.
//!
//! It compares what was saved (moves, result, reactions) with the state and writes only the difference, in one
//! transaction, so every kind of change — a move, undo, redo, resignation, flag fall, reaction — goes through
//! one path, and a failed write changes neither the saved game nor what autosave believes is saved.

use crate::error::{ApiResult, GiveawayError};
use crate::game::state::GameState;
use giveaway_core::game::GameResult;
use giveaway_core::movegen::Move;
use giveaway_core::record::{ClockTimes, GameId};
use giveaway_core::storage::{GameChanges, Storage, StorageError};
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

    /// Writes what changed since the last sync, in one transaction: on an error nothing was written and
    /// nothing here moved on, so the next sync writes the same difference again.
    pub fn sync(&mut self, state: &GameState) -> ApiResult<()> {
        let moves = state.game().moves();
        let result = state.game().result();
        let mut c = GameChanges::default();
        let mut unshown_ending = self.unshown_ending;
        if unshown_ending && moves.len() > self.saved_moves.len() {
            c.reopen = true;
            unshown_ending = false;
        }
        let (mut saved_plies, mut saved_result, mut saved_reactions) =
            (self.saved_moves.len(), self.saved_result, self.saved_reactions);
        let common = self.saved_moves.iter().zip(moves).take_while(|(a, b)| a == b).count();
        if common < saved_plies {
            // Taken back: truncating also reopens the game and drops reactions shown after that point.
            c.truncate_to = Some(common as u32);
            saved_plies = common;
            saved_result = None;
            saved_reactions = state.reactions.iter().filter(|r| r.ply as usize <= common).count();
        }
        if saved_result.is_some() && saved_result != result {
            c.reopen = true;
            saved_result = None;
        }
        for (ply, mv) in moves.iter().enumerate().skip(saved_plies) {
            let clocks = state.clock_after(ply).map(|[w, b]| ClockTimes { white_ms: w as u64, black_ms: b as u64 });
            c.moves.push((ply as u32, *mv, clocks));
        }
        c.reactions = state.reactions.iter().skip(saved_reactions).cloned().collect();
        if saved_result.is_none() {
            c.finish = result;
        }
        if c == GameChanges::default() {
            return Ok(());
        }
        self.storage.save_changes(self.id, &c)?;
        self.saved_moves = moves.to_vec();
        self.saved_result = result;
        self.saved_reactions = state.reactions.len();
        self.unshown_ending = unshown_ending;
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
