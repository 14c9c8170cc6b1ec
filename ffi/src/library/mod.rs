//! `GameLibrary` and `Replay` for Kotlin and Swift: the app layer's saved games, with file work that can take
//! long (integrity check, PDN import/export, analysis) run on the FFI runtime as `suspend`/`async` calls.

use crate::background::{background, observer, ScreenObserver};
use crate::game::{GameController, GameSession};
use crate::progress::{relay, ProgressListener};
use crate::runtime::{run_blocking, run_blocking_until_dropped};
use giveaway_app::GameSetup;
use giveaway_app::ListFilter;
use giveaway_app::{
    AnalysisView, ApiResult, DatabaseNotice, GamePage, GameSummaryView, ImportResult, NewGame, Snapshot,
};
use giveaway_core::notation::Notation;
use giveaway_core::storage::{Filter, Settings, Stats};
use std::sync::Arc;

mod screens;
mod settings;
mod views;

pub use screens::{GameList, ReplayController};

/// The saved games and the settings (see `giveaway_app::GameLibrary`).
#[derive(uniffi::Object)]
pub struct GameLibrary(pub(crate) Arc<giveaway_app::GameLibrary>);

#[uniffi::export]
impl GameLibrary {
    /// Opens (creating if needed) the games database at `path` (a file in the app's private storage).
    #[uniffi::constructor]
    pub fn open(path: String) -> ApiResult<Arc<GameLibrary>> {
        Ok(Arc::new(GameLibrary(giveaway_app::GameLibrary::open(path)?)))
    }

    /// The apps' policy for a games file that cannot be opened at all: a fresh scratch file at `scratch_path`
    /// stands in for this run and `scratch_reason` says why (see `giveaway_app::GameLibrary::open_or_scratch`).
    #[uniffi::constructor]
    pub fn open_or_scratch(path: String, scratch_path: String) -> ApiResult<Arc<GameLibrary>> {
        Ok(Arc::new(GameLibrary(giveaway_app::GameLibrary::open_or_scratch(path, scratch_path)?)))
    }

    /// Why the games file could not be opened, when a scratch file stands in for this run.
    pub fn scratch_reason(&self) -> Option<String> {
        self.0.scratch_reason()
    }

    /// What opening had to do to a damaged file, if anything (see [`DatabaseNotice`]).
    pub fn open_notice(&self) -> Option<DatabaseNotice> {
        self.0.open_notice()
    }

    /// When the puzzle trainer's file could not be used and its history and rating started again (in English;
    /// see `giveaway_app::GameLibrary::trainer_notice`). The games are never affected.
    pub fn trainer_notice(&self) -> Option<String> {
        self.0.trainer_notice()
    }

    /// The full integrity check, off the caller's thread.
    pub async fn check_integrity(&self) -> ApiResult<Option<DatabaseNotice>> {
        let lib = self.0.clone();
        run_blocking(move || lib.check_integrity()).await?
    }

    /// Writes every saved change back into the database file and empties its `-wal` journal (file work: call it
    /// on a storage thread or a background task). The phones call it when the app goes to the background, where
    /// the process may be ended without notice, so that the file alone holds every move. Fails with a
    /// `Storage` error when another reader kept it from finishing; the moves are then still in the journal.
    pub fn checkpoint(&self) -> ApiResult<()> {
        self.0.checkpoint()
    }

    /// Starts a new game that is saved after every change.
    pub fn new_game(&self, setup: NewGame) -> ApiResult<Arc<GameSession>> {
        Ok(Arc::new(GameSession(self.0.new_game(setup)?)))
    }

    /// Opens a saved game to play on from where it stopped (also a finished one: undo works after the end).
    pub fn resume(&self, id: i64) -> ApiResult<Arc<GameSession>> {
        Ok(Arc::new(GameSession(self.0.resume(id)?)))
    }

    /// Opens a saved game for replay, move by move.
    pub fn replay(&self, id: i64) -> ApiResult<Arc<Replay>> {
        Ok(Arc::new(Replay(self.0.replay(id)?)))
    }

    /// A new saved game from the new-game screen's choices, with its screen controller.
    pub fn start_game(&self, setup: GameSetup, observer_: Arc<dyn ScreenObserver>) -> ApiResult<Arc<GameController>> {
        Ok(Arc::new(GameController(self.0.start_game(&setup, background(), observer(observer_))?)))
    }

    /// A saved game's screen, to play on from where it stopped.
    pub fn open_game(&self, id: i64, observer_: Arc<dyn ScreenObserver>) -> ApiResult<Arc<GameController>> {
        Ok(Arc::new(GameController(self.0.open_game(id, background(), observer(observer_))?)))
    }

    /// A saved game's replay screen.
    pub fn open_replay(&self, id: i64, observer_: Arc<dyn ScreenObserver>) -> ApiResult<Arc<ReplayController>> {
        Ok(Arc::new(ReplayController(self.0.open_replay(id, background(), observer(observer_))?)))
    }

    /// The puzzle trainer's screen in `mode` (attempts, rating and progress kept in this library); call `start`
    /// on it once the screen is up.
    pub fn puzzle_trainer(
        &self,
        mode: giveaway_app::TrainerMode,
        observer_: Arc<dyn ScreenObserver>,
    ) -> ApiResult<Arc<crate::PuzzleController>> {
        Ok(Arc::new(crate::PuzzleController(self.0.puzzle_trainer(mode, background(), observer(observer_))?)))
    }

    /// What the trainer's menu shows: the puzzle rating, the puzzle of the day, results per theme and the latest
    /// `history` attempts.
    pub fn puzzle_overview(&self, history: u32) -> ApiResult<giveaway_app::PuzzleOverview> {
        self.0.puzzle_overview(history)
    }

    /// Mines saved game `id` for puzzles (done by itself after each analysis on the replay screen), off the
    /// caller's thread; returns how many new puzzles were found.
    pub async fn mine_game(&self, id: i64) -> ApiResult<u32> {
        let lib = self.0.clone();
        run_blocking(move || lib.mine_game(id)).await?
    }

    /// The saved games matching `filter`, newest first, `page_size` at a time.
    pub fn game_list(&self, filter: ListFilter, page_size: u32) -> ApiResult<Arc<GameList>> {
        Ok(Arc::new(GameList(self.0.game_list(filter, page_size)?)))
    }

    /// The new-game screen's choices as the last game left them.
    pub fn remembered_setup(&self) -> ApiResult<GameSetup> {
        self.0.remembered_setup()
    }

    /// One page of saved games, newest first. `cursor` is the previous page's `next_cursor`.
    pub fn list_games(&self, filter: Filter, cursor: Option<String>, page_size: u32) -> ApiResult<GamePage> {
        self.0.list_games(filter, cursor, page_size)
    }

    /// Deletes a saved game.
    pub fn delete_game(&self, id: i64) -> ApiResult<()> {
        self.0.delete_game(id)
    }

    /// Results per level (against the computer) and per mode.
    pub fn stats(&self) -> ApiResult<Stats> {
        self.0.stats()
    }

    /// One saved game as PDN text.
    pub fn export_pdn(&self, id: i64) -> ApiResult<String> {
        self.0.export_pdn(id)
    }

    /// Every saved game as one PDN text.
    pub fn export_all_pdn(&self) -> ApiResult<String> {
        self.0.export_all_pdn()
    }

    /// Imports every game of a PDN text, all or nothing, reading and writing a game at a time (no second copy of
    /// the file is made); returns how many and the range of their ids, not a list of every id.
    pub fn import_pdn(&self, text: String) -> ApiResult<ImportResult> {
        self.0.import_pdn(text)
    }

    /// Imports every game of the PDN file at `path` (in any encoding the core reads), all or nothing, a game at a
    /// time: memory stays small whatever the file's size. A shared document is copied to a file first and its
    /// path given here, never read whole into a string.
    pub fn import_pdn_file(&self, path: String) -> ApiResult<ImportResult> {
        self.0.import_pdn_file(path)
    }

    /// The player's settings (defaults for any not saved).
    pub fn settings(&self) -> ApiResult<Settings> {
        self.0.settings()
    }

    /// Saves the player's settings.
    pub fn save_settings(&self, settings: Settings) -> ApiResult<()> {
        self.0.save_settings(settings)
    }
}

/// A saved game opened for replay (see `giveaway_app::Replay`).
#[derive(uniffi::Object)]
pub struct Replay(Arc<giveaway_app::Replay>);

#[uniffi::export]
impl Replay {
    /// The game as the browser lists it.
    pub fn summary(&self) -> GameSummaryView {
        self.0.summary()
    }

    /// Number of plies in the game.
    pub fn plies(&self) -> u32 {
        self.0.plies()
    }

    /// The board after `ply` moves (0 = start; past the end gives the end), with that move highlighted.
    pub fn snapshot_at(&self, ply: u32) -> ApiResult<Snapshot> {
        self.0.snapshot_at(ply)
    }

    /// How moves are written in the snapshots and reviews.
    pub fn set_notation(&self, notation: Notation) {
        self.0.set_notation(notation)
    }

    /// Post-game analysis of the whole game; `cancel_analysis` stops it (it then fails with `Cancelled`).
    pub async fn analyse(&self, progress: Option<Arc<dyn ProgressListener>>) -> ApiResult<AnalysisView> {
        let (r, stop) = (self.0.clone(), self.0.clone());
        run_blocking_until_dropped(move || stop.cancel_analysis(), move || r.analyse(relay(progress))).await?
    }

    /// Stops a running analysis (it returns `Cancelled`).
    pub fn cancel_analysis(&self) {
        self.0.cancel_analysis()
    }
}
