//! The saved games as lists show them: summaries, filters, pages, statistics, imports, the replay screen.
//!
//! Each mirrors a type of the crates below field for field (`uniffi::remote`): the compiler checks
//! every mirror against the real type. The docs are the real type's, repeated because uniffi reads only these
//! into the Kotlin and Swift bindings.

use giveaway_app::{
    AnalysisProgress, DatabaseNotice, GameListState, GamePage, GameSummaryView, GraphMarker, ImportResult, ListFilter,
    ReplayMove, ReplayState,
};
use giveaway_app::{AnalysisView, MoveReviewView};
use giveaway_app::{BoardOrientation, Coordinates, SquareView};
use giveaway_app::{PlayerOutcome, Snapshot};
use giveaway_core::game::{EndReason, Outcome};
use giveaway_core::position::Color;
use giveaway_core::record::{GameMode, TimeControl};
use giveaway_core::storage::{Filter, LevelStats, ModeStats, ResultFilter, Stats};

/// What kind of game a saved game is.
#[uniffi::remote(Enum)]
pub enum GameMode {
    /// A human against the engine at some level.
    VsComputer,
    /// Two people on one device.
    PassAndPlay,
    /// Read from a PDN file.
    Imported,
    /// Against a player on the game server.
    Online,
}

/// Which results to list.
#[uniffi::remote(Enum)]
pub enum ResultFilter {
    /// White won.
    WhiteWins,
    /// Black won.
    BlackWins,
    /// Drawn.
    Draw,
    /// Won by the human (games against the computer).
    Won,
    /// Lost by the human (games against the computer).
    Lost,
}

/// Which games to list. Every field narrows the list; the default lists all.
#[uniffi::remote(Record)]
pub struct Filter {
    /// Only games of this mode.
    pub mode: Option<GameMode>,
    /// Only games with this result.
    pub result: Option<ResultFilter>,
    /// Only games against this engine level.
    pub level: Option<u8>,
    /// `Some(true)`: only games in progress; `Some(false)`: only finished ones.
    pub in_progress: Option<bool>,
    /// Created at or after (Unix ms).
    pub since: Option<i64>,
    /// Created before (Unix ms).
    pub until: Option<i64>,
    /// Part of either player's name, any case.
    pub player: Option<String>,
}

/// Games against the computer at one level, counted from the human's side.
#[uniffi::remote(Record)]
pub struct LevelStats {
    /// The engine level (1..=8).
    pub level: u8,
    /// Games at this level, finished or not.
    pub games: u64,
    /// Of those, games still in progress.
    pub in_progress: u64,
    /// Games the human won.
    pub wins: u64,
    /// Games drawn.
    pub draws: u64,
    /// Games the human lost.
    pub losses: u64,
}

/// Games of one mode. `wins`/`losses` count the human's results and are 0 where no side is the human's.
#[uniffi::remote(Record)]
pub struct ModeStats {
    /// The mode.
    pub mode: GameMode,
    /// Games of this mode, finished or not.
    pub games: u64,
    /// Of those, games still in progress.
    pub in_progress: u64,
    /// Games White won.
    pub white_wins: u64,
    /// Games Black won.
    pub black_wins: u64,
    /// Games drawn.
    pub draws: u64,
    /// Games the human won (modes with a human against the computer).
    pub wins: u64,
    /// Games the human lost.
    pub losses: u64,
}

/// Results counted over the whole library.
#[uniffi::remote(Record)]
pub struct Stats {
    /// Levels that have games, ascending.
    pub by_level: Vec<LevelStats>,
    /// Modes that have games, in [`GameMode::ALL`] order.
    pub by_mode: Vec<ModeStats>,
}

/// A saved game as listed.
#[uniffi::remote(Record)]
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
    /// Where the game stands (its final position once over), pieces only, White at the bottom: the list's
    /// small picture of the game.
    pub position: Vec<SquareView>,
}

/// One page of the list, newest first.
#[uniffi::remote(Record)]
pub struct GamePage {
    /// The games on this page, newest first.
    pub games: Vec<GameSummaryView>,
    /// Games matching the filter on all pages.
    pub total: u64,
    /// Pass it back to get the next page; `None` on the last page.
    pub next_cursor: Option<String>,
}

/// What an import added, for the message after it: how many games, and the range of their ids (every id in it
/// is theirs unless another game was saved while the import was being written). Small whatever the file's
/// size, unlike a list of every id.
#[uniffi::remote(Record)]
pub struct ImportResult {
    /// How many games were imported (at least 1: a file without games is an error).
    pub count: u64,
    /// The first imported game's id.
    pub first_id: Option<i64>,
    /// The last imported game's id.
    pub last_id: Option<i64>,
}

/// A damaged games database was renamed (never deleted), a fresh one started, and every game that could still
/// be read copied into it.
#[uniffi::remote(Record)]
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

/// The list's filter chips; every one that is set narrows the list.
#[uniffi::remote(Record)]
pub struct ListFilter {
    /// Only games of this mode.
    pub mode: Option<GameMode>,
    /// Only games with this result.
    pub result: Option<ResultFilter>,
    /// Only games against this engine level.
    pub level: Option<u8>,
    /// `Some(true)`: only games in progress; `Some(false)`: only finished ones.
    pub in_progress: Option<bool>,
    /// Only games started within this many days.
    pub within_days: Option<u32>,
}

/// What the list shows.
#[uniffi::remote(Record)]
pub struct GameListState {
    /// The filter the list shows.
    pub filter: ListFilter,
    /// The games loaded so far, newest first.
    pub games: Vec<GameSummaryView>,
    /// Games matching the filter in all.
    pub total: u64,
    /// More games can be loaded.
    pub has_more: bool,
}

/// One move of the game, in the replay's list.
#[uniffi::remote(Record)]
pub struct ReplayMove {
    /// The position after the move: what `go_to` takes to show it.
    pub ply: u32,
    /// The move number, before White's moves and before a Black move that opens the list ("1.", "1…").
    pub number: Option<String>,
    /// The move in the game's notation.
    pub text: String,
    /// `inaccuracy`, `mistake` or `blunder`, once the analysis has judged the move so.
    pub class: Option<String>,
}

/// What the replay screen shows.
#[uniffi::remote(Record)]
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
    /// The whole game's moves, for a list to tap (each marked once the analysis has judged it).
    pub moves: Vec<ReplayMove>,
    /// An analysis can be started now (none done or running).
    pub can_analyse: bool,
    /// The last analysis failed (not cancelled): why.
    pub error: Option<String>,
}
