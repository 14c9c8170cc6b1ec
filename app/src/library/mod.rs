//! `GameLibrary`: the saved games (new, resume, replay, list, delete, statistics, PDN) and the settings, on the
//! storage module's SQLite database. Sessions it hands out autosave into it.

pub mod list;
pub mod replay;

pub use list::{GameList, GameListState, ListFilter};
pub use replay::{AnalysisProgress, GraphMarker, Replay, ReplayController, ReplayState, MISTAKE_CLASSES};

use crate::background::{Background, Observer};
use crate::error::{ApiResult, GiveawayError};
use crate::game::autosave::Autosave;
use crate::game::engine_calls::seed;
use crate::game::session::GameSession;
use crate::game::state::{start_position, GameState};
use crate::game::{GameController, PlayerOutcome};
use crate::setup::GameSetup;
use crate::setup::{NewGame, Opponent, StartPosition};
use giveaway_core::engine::Rng;
use giveaway_core::engine::{Level, StopHandle};
use giveaway_core::fen::to_fen;
use giveaway_core::game::{EndReason, Game, Outcome, Rules};
use giveaway_core::position::{Color, Position};
use giveaway_core::record::{self, GameMode, GameSummary, SavedGame, TimeControl};
use giveaway_core::square::Square;
use giveaway_core::storage::{training_path, Cursor, Filter, Recovery, Settings, Stats, Storage};
use std::path::Path;
use std::sync::Arc;
use std::time::Instant;

/// What an import added, for the message after it: how many games, and the range of their ids (every id in it
/// is theirs unless another game was saved while the import was being written). Small whatever the file's
/// size, unlike a list of every id.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ImportResult {
    /// How many games were imported (at least 1: a file without games is an error).
    pub count: u64,
    /// The first imported game's id.
    pub first_id: Option<i64>,
    /// The last imported game's id.
    pub last_id: Option<i64>,
}

impl From<&giveaway_core::storage::ImportedIds> for ImportResult {
    fn from(ids: &giveaway_core::storage::ImportedIds) -> ImportResult {
        ImportResult { count: ids.count(), first_id: ids.first(), last_id: ids.last() }
    }
}

/// A saved game as listed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSummaryView {
    /// The saved game's id.
    pub id: i64,
    /// What kind of game it is.
    pub mode: GameMode,
    /// White player's name.
    pub white: String,
    /// Black player's name.
    pub black: String,
    /// The engine level, against the computer.
    pub level: Option<u8>,
    /// That level's name.
    pub level_name: Option<String>,
    /// The human's colour, against the computer.
    pub human_color: Option<Color>,
    /// The clocks' setting, for timed games.
    pub time_control: Option<TimeControl>,
    /// How a handicap start was made, for people.
    pub handicap: Option<String>,
    /// Plies played.
    pub plies: u32,
    /// `None` while in progress.
    pub outcome: Option<Outcome>,
    /// Why it ended, where known.
    pub reason: Option<EndReason>,
    /// How it went for the player against the computer (`None` in progress or between two players).
    pub for_player: Option<PlayerOutcome>,
    /// Unix milliseconds.
    pub created_at: i64,
    /// Unix milliseconds of the last change.
    pub updated_at: i64,
    /// It can be opened to play on (also after its end, where undo works): games against the computer and
    /// between two players on this device; not imported games, nor online ones (their moves come from the
    /// server).
    pub resumable: bool,
}

/// One page of the list, newest first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GamePage {
    /// The games on this page, newest first.
    pub games: Vec<GameSummaryView>,
    /// Games matching the filter on all pages.
    pub total: u64,
    /// Pass it back to get the next page; `None` on the last page.
    pub next_cursor: Option<String>,
}

pub(crate) fn summary_view(s: &GameSummary) -> GameSummaryView {
    GameSummaryView {
        id: s.id,
        mode: s.setup.mode,
        white: s.setup.white.clone(),
        black: s.setup.black.clone(),
        level: s.setup.level,
        level_name: s.setup.level.and_then(Level::get).map(|l| l.name.to_string()),
        human_color: s.setup.human_color,
        time_control: s.setup.time_control,
        handicap: s.setup.handicap.clone(),
        plies: s.plies,
        outcome: s.ending.map(|e| e.outcome),
        reason: s.ending.and_then(|e| e.reason),
        for_player: match (s.ending, s.setup.human_color) {
            (Some(e), Some(human)) => Some(match (e.outcome, human) {
                (Outcome::Draw, _) => PlayerOutcome::Drawn,
                (Outcome::WhiteWins, Color::White) | (Outcome::BlackWins, Color::Black) => PlayerOutcome::Won,
                _ => PlayerOutcome::Lost,
            }),
            _ => None,
        },
        created_at: s.created_at,
        updated_at: s.updated_at,
        resumable: matches!(s.setup.mode, GameMode::VsComputer | GameMode::PassAndPlay),
    }
}

/// The stored description of a new game.
fn record_setup(setup: &NewGame, start: &Position) -> record::NewGame {
    let (mode, white, black, level, human) = match setup.opponent {
        Opponent::Computer { level, human } => {
            let cpu = format!("Computer ({})", Level::get(level).map_or("?", |l| l.name));
            let (w, b) = if human == Color::White { ("You".to_string(), cpu) } else { (cpu, "You".to_string()) };
            (GameMode::VsComputer, w, b, Some(level), Some(human))
        }
        Opponent::PassAndPlay => (GameMode::PassAndPlay, "White".into(), "Black".into(), None, None),
        Opponent::Online { human, ref white, ref black } => {
            (GameMode::Online, white.clone(), black.clone(), None, Some(human))
        }
    };
    let handicap = match &setup.start {
        StartPosition::RemovedMen { squares } if !squares.is_empty() => {
            let names: Vec<String> = squares
                .iter()
                .filter_map(|&n| u8::try_from(n).ok().and_then(Square::from_pdn))
                .map(|s| s.to_string())
                .collect();
            Some(format!("without {}", names.join(", ")))
        }
        StartPosition::Fen { .. } => Some("set-up position".into()),
        _ => None,
    };
    record::NewGame {
        mode,
        white,
        black,
        level,
        human_color: human,
        time_control: setup.time_control,
        start_fen: (*start != Position::start()).then(|| to_fen(start)),
        handicap,
        rules: Rules::default(),
    }
}

/// How a saved game is played on: the opponent, start and clock it was made with.
fn session_setup(s: &record::NewGame) -> ApiResult<NewGame> {
    let opponent = match (s.mode, s.level, s.human_color) {
        (GameMode::VsComputer, Some(level), Some(human)) if Level::get(level).is_some() => {
            Opponent::Computer { level, human }
        }
        (GameMode::VsComputer, ..) => {
            return Err(GiveawayError::Storage { reason: "the saved game has no valid computer level".into() })
        }
        (GameMode::Online, _, Some(human)) => {
            Opponent::Online { human, white: s.white.clone(), black: s.black.clone() }
        }
        _ => Opponent::PassAndPlay,
    };
    let start = match &s.start_fen {
        Some(fen) => StartPosition::Fen { fen: fen.clone() },
        None => StartPosition::Standard,
    };
    Ok(NewGame { opponent, start, time_control: s.time_control })
}

/// The game record of a saved game up to `ply`, with a decided ending (resignation, time, agreement) applied
/// when it is the whole game.
fn game_until(saved: &SavedGame, ply: usize) -> ApiResult<Game> {
    let mut game = Game::new(*saved.game.start(), saved.game.rules());
    for mv in &saved.game.moves()[..ply.min(saved.game.ply())] {
        game.play(mv)?;
    }
    if ply >= saved.game.ply() && game.result().is_none() {
        if let Some(e) = saved.summary.ending {
            let loser = |o: Outcome| if o == Outcome::WhiteWins { Color::Black } else { Color::White };
            // An imported result without a reason is shown in the list only; the board cannot say it.
            let _ = match e.reason {
                Some(EndReason::Resignation) => game.resign(loser(e.outcome)),
                Some(EndReason::Time) => game.flag(loser(e.outcome)),
                Some(EndReason::Agreement) => game.agree_draw(),
                _ => Ok(()),
            };
        }
    }
    Ok(game)
}

pub(crate) fn state_of(saved: &SavedGame, ply: usize, now: Instant) -> ApiResult<GameState> {
    let setup = session_setup(&saved.summary.setup)?;
    let mut state = GameState::with_game(setup, game_until(saved, ply)?, now);
    let clocks: Vec<Option<[i64; 2]>> =
        saved.move_clocks.iter().map(|c| c.map(|c| [c.white_ms as i64, c.black_ms as i64])).collect();
    let current = if ply >= saved.game.ply() {
        saved.summary.clocks.map(|c| [c.white_ms as i64, c.black_ms as i64])
    } else {
        None
    };
    let reactions = saved.reactions.iter().filter(|r| r.ply as usize <= ply).cloned().collect();
    state.restore(&clocks[..ply.min(clocks.len())], current, reactions, now);
    Ok(state)
}

/// The saved games and settings: one library database, opened once and shared by every screen.
///
/// Save a game move by move and list it:
///
/// ```
/// use giveaway_app::{GameLibrary, NewGame};
///
/// let dir = tempfile::tempdir().unwrap();
/// let library = GameLibrary::open(dir.path().join("games.db").to_string_lossy().into_owned()).unwrap();
/// let game = library.new_game(NewGame::pass_and_play(None)).unwrap();
/// game.play_move("c3-d4".into()).unwrap();
/// let page = library.list_games(Default::default(), None, 10).unwrap();
/// assert_eq!(page.games.len(), 1);
/// assert_eq!(library.replay(page.games[0].id).unwrap().plies(), 1, "saved after the move");
/// ```
pub struct GameLibrary {
    storage: Arc<Storage>,
    /// Set when opening found a damaged file and moved it aside; the shell tells the player once.
    opened_fresh: Option<DatabaseNotice>,
    /// Set when the games file could not be opened at all and a scratch file stands in (see
    /// [`GameLibrary::open_or_scratch`]): why, in English.
    scratch: Option<String>,
}

/// A damaged games database was renamed (never deleted), a fresh one started, and every game that could still
/// be read copied into it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DatabaseNotice {
    /// Where the damaged file now is.
    pub moved_to: String,
    /// What was wrong with it.
    pub reason: String,
    /// Games read back whole into the fresh library, with their ids.
    pub recovered: u64,
    /// Games the damaged file lists that could not be read; `None` when even its list was unreadable.
    pub lost: Option<u64>,
}

impl DatabaseNotice {
    fn from(recovery: Option<Recovery>) -> Option<DatabaseNotice> {
        recovery.map(|r| DatabaseNotice {
            moved_to: r.moved_to.to_string_lossy().into_owned(),
            reason: r.reason,
            recovered: r.recovered,
            lost: r.lost,
        })
    }
}

impl GameLibrary {
    /// Opens (creating if needed) the games database at `path` (a file in the app's private storage).
    pub fn open(path: String) -> ApiResult<Arc<GameLibrary>> {
        let (storage, report) = Storage::open(&path)?;
        Ok(Arc::new(GameLibrary {
            storage: Arc::new(storage),
            opened_fresh: DatabaseNotice::from(report.recovery),
            scratch: None,
        }))
    }

    /// The apps' one policy for a games file that cannot be opened at all (a damaged one is already moved aside
    /// by [`Self::open`]; this is a file the system refuses: no space, no permission, a folder in its place):
    /// the app still starts, on a fresh scratch file at `scratch_path` (an older one is removed: it held only a
    /// past run's games), and [`Self::scratch_reason`] says why, for the shell to tell the player that this
    /// run's games may not be kept. Fails only when the scratch file cannot be opened either.
    pub fn open_or_scratch(path: String, scratch_path: String) -> ApiResult<Arc<GameLibrary>> {
        let refused = match Self::open(path.clone()) {
            Ok(library) => return Ok(library),
            Err(e) => e,
        };
        log::error!("the games file {path} cannot be opened ({refused}); using a scratch file for this run");
        let training = training_path(Path::new(&scratch_path)).to_string_lossy().into_owned();
        for file in [&scratch_path, &training] {
            for stale in [file.clone(), format!("{file}-wal"), format!("{file}-shm")] {
                let _ = std::fs::remove_file(stale);
            }
        }
        let (storage, _) = Storage::open(&scratch_path)?;
        Ok(Arc::new(GameLibrary { storage: Arc::new(storage), opened_fresh: None, scratch: Some(refused.to_string()) }))
    }

    /// Why the games file could not be opened, when a scratch file stands in for this run.
    pub fn scratch_reason(&self) -> Option<String> {
        self.scratch.clone()
    }

    /// What opening had to do to a damaged file, if anything (see [`DatabaseNotice`]).
    pub fn open_notice(&self) -> Option<DatabaseNotice> {
        self.opened_fresh.clone()
    }

    /// When the puzzle trainer's file (beside the games file) could not be used, at open or since, and was set
    /// aside and started afresh, or the trainer kept in memory for the run: what happened, in English (the
    /// shell may say in the player's words that the puzzle history and rating start again). The games are
    /// never affected.
    pub fn trainer_notice(&self) -> Option<String> {
        self.storage.training_notice().map(|n| n.to_string())
    }

    /// The full integrity check of the database file: it reads the whole file (about 100 ms for 10,000 games),
    /// too slow for start-up, so a front end runs it in the background once the first screen is up. A damaged
    /// file is moved aside and a fresh database started; the notice says where it went.
    pub fn check_integrity(&self) -> ApiResult<Option<DatabaseNotice>> {
        Ok(DatabaseNotice::from(self.storage.check_and_recover()?))
    }

    /// Writes every saved change back into the database file itself and empties its `-wal` journal, so that
    /// the file alone holds the library (a copy or backup of it alone loses nothing). A phone calls this when
    /// the app goes to the background, where it may be ended without notice; see `Storage::checkpoint`.
    pub fn checkpoint(&self) -> ApiResult<()> {
        Ok(self.storage.checkpoint()?)
    }

    /// The front end's last call before the process ends (quit, end of input, a signal, the terminal gone):
    /// refuses every later save and writes the journal back as [`GameLibrary::checkpoint`] does. A process
    /// that ends with a thread still holding the library never closes its connection, which is when SQLite
    /// would do this by itself.
    pub fn close(&self) -> ApiResult<()> {
        Ok(self.storage.close()?)
    }

    /// Starts a new game that is saved after every change.
    pub fn new_game(&self, setup: NewGame) -> ApiResult<Arc<GameSession>> {
        let now = Instant::now();
        let start = start_position(&setup.start)?;
        let state = GameState::new(setup.clone(), now)?;
        let id = self.storage.create_game(&record_setup(&setup, &start))?;
        let save = Autosave::new(self.storage.clone(), id, &state, false);
        Ok(GameSession::from_state(state, Some(save)))
    }

    /// Opens a saved game to play on from where it stopped (also a finished one: undo works after the end).
    pub fn resume(&self, id: i64) -> ApiResult<Arc<GameSession>> {
        let saved = self.storage.load_game(id)?;
        if saved.summary.setup.mode == GameMode::Online {
            // Its moves come from the server: an online game goes on through the online client only.
            return Err(GiveawayError::Unavailable { reason: "an online game is played on through the server".into() });
        }
        let state = state_of(&saved, saved.game.ply(), Instant::now())?;
        let save = Autosave::new(self.storage.clone(), id, &state, saved.summary.ending.is_some());
        Ok(GameSession::from_state(state, Some(save)))
    }

    /// Opens a saved game for replay, move by move.
    pub fn replay(&self, id: i64) -> ApiResult<Arc<Replay>> {
        let saved = self.storage.load_game(id)?;
        session_setup(&saved.summary.setup)?;
        Ok(Arc::new(Replay::new(saved, self.storage.clone())))
    }

    /// Starts a new saved game from the new-game screen's choices (a random colour is drawn now) and remembers
    /// them for next time; the controller runs its screen.
    pub fn start_game(
        &self,
        setup: &GameSetup,
        background: Arc<dyn Background>,
        observer: Arc<dyn Observer>,
    ) -> ApiResult<Arc<GameController>> {
        let white_if_random = Rng::new(seed()).below(2) == 0;
        let new_game = setup.new_game(white_if_random);
        let session = self.new_game(new_game.clone())?;
        let mut settings = self.settings()?;
        if let Opponent::Computer { level, human } = new_game.opponent {
            (settings.last_level, settings.last_human_color) = (level, human);
        }
        settings.last_time_control = new_game.time_control;
        if let Err(e) = self.save_settings(settings.clone()) {
            log::warn!("could not remember the new game's choices: {e}");
        }
        GameController::new(session, settings, Some(self.storage.clone()), background, observer)
    }

    /// Opens a saved game's screen, to play on from where it stopped.
    pub fn open_game(
        &self,
        id: i64,
        background: Arc<dyn Background>,
        observer: Arc<dyn Observer>,
    ) -> ApiResult<Arc<GameController>> {
        self.controller(self.resume(id)?, background, observer)
    }

    /// A screen controller for `session` (one of this library's), following the stored settings.
    pub fn controller(
        &self,
        session: Arc<GameSession>,
        background: Arc<dyn Background>,
        observer: Arc<dyn Observer>,
    ) -> ApiResult<Arc<GameController>> {
        GameController::new(session, self.settings()?, Some(self.storage.clone()), background, observer)
    }

    /// Opens a saved game's replay screen.
    pub fn open_replay(
        &self,
        id: i64,
        background: Arc<dyn Background>,
        observer: Arc<dyn Observer>,
    ) -> ApiResult<Arc<ReplayController>> {
        let replay = self.replay(id)?;
        Ok(ReplayController::new(replay, self.settings()?.notation, background, observer))
    }

    /// The puzzle trainer's screen in `mode` (attempts, rating and progress kept in this library). Call
    /// `start` on it once the screen is up.
    pub fn puzzle_trainer(
        &self,
        mode: crate::TrainerMode,
        background: Arc<dyn Background>,
        observer: Arc<dyn Observer>,
    ) -> ApiResult<Arc<crate::PuzzleController>> {
        let notation = self.settings()?.notation;
        crate::PuzzleController::new(mode, Some(self.storage.clone()), notation, background, observer)
    }

    /// What the trainer's menu shows: the rating, the daily puzzle, themes, the latest `history` attempts.
    pub fn puzzle_overview(&self, history: u32) -> ApiResult<crate::PuzzleOverview> {
        crate::puzzles::overview(&self.storage, history)
    }

    /// Mines saved game `id` for puzzles (as after its analysis), unless it was mined at its length already;
    /// returns how many new puzzles were found. Blocking: seconds for a long game.
    pub fn mine_game(&self, id: i64) -> ApiResult<u32> {
        let saved = self.storage.load_game(id)?;
        Ok(crate::puzzles::mine_game(&self.storage, id, &saved.game, &StopHandle::new())? as u32)
    }

    /// The saved games matching `filter`, newest first, loaded `page_size` at a time.
    pub fn game_list(self: &Arc<Self>, filter: ListFilter, page_size: u32) -> ApiResult<Arc<GameList>> {
        GameList::new(self.clone(), filter, page_size)
    }

    /// The choices of the last game started, for the new-game screen.
    pub fn remembered_setup(&self) -> ApiResult<GameSetup> {
        Ok(GameSetup::remembered(&self.settings()?))
    }

    /// One page of saved games, newest first. `cursor` is the previous page's `next_cursor`.
    pub fn list_games(&self, filter: Filter, cursor: Option<String>, page_size: u32) -> ApiResult<GamePage> {
        let after = cursor.map(|c| c.parse::<Cursor>()).transpose()?;
        let page = self.storage.list_games(&filter, after, page_size)?;
        Ok(GamePage {
            games: page.games.iter().map(summary_view).collect(),
            total: page.total,
            next_cursor: page.next_cursor.map(|c| c.to_string()),
        })
    }

    /// The database (the online client keeps its token and game tags in it).
    pub fn storage(&self) -> &Arc<Storage> {
        &self.storage
    }

    /// Deletes a saved game.
    pub fn delete_game(&self, id: i64) -> ApiResult<()> {
        Ok(self.storage.delete_game(id)?)
    }

    /// Results per level (against the computer) and per mode.
    pub fn stats(&self) -> ApiResult<Stats> {
        Ok(self.storage.stats()?)
    }

    /// One saved game as PDN text.
    pub fn export_pdn(&self, id: i64) -> ApiResult<String> {
        Ok(self.storage.export_pdn(id)?)
    }

    /// Every saved game as one PDN text.
    pub fn export_all_pdn(&self) -> ApiResult<String> {
        Ok(self.storage.export_all_pdn()?)
    }

    /// Imports every game of a PDN text (all or nothing), a game at a time; returns how many and their ids.
    pub fn import_pdn(&self, text: String) -> ApiResult<ImportResult> {
        Ok(ImportResult::from(&self.storage.import_pdn(&text)?))
    }

    /// Imports every game of the PDN file at `path` (all or nothing), reading it a game at a time, so that a file
    /// of any size takes little memory: the phones copy a shared document to a file and give its path here
    /// rather than its whole text.
    pub fn import_pdn_file(&self, path: String) -> ApiResult<ImportResult> {
        let file = std::fs::File::open(&path)
            .map_err(|e| GiveawayError::Storage { reason: format!("cannot read {path}: {e}") })?;
        Ok(ImportResult::from(&self.storage.import_pdn_from(file)?))
    }

    /// The player's settings (defaults for any not saved).
    pub fn settings(&self) -> ApiResult<Settings> {
        Ok(self.storage.settings()?)
    }

    /// Saves the player's settings.
    pub fn save_settings(&self, settings: Settings) -> ApiResult<()> {
        Ok(self.storage.save_settings(&settings)?)
    }
}
