//! The saved games as lists show them: summaries, filters, pages, statistics, imports, the replay screen.
//!
//! Each mirrors a type of the crates below field for field (`uniffi::remote`): the compiler checks
//! every mirror against the real type. The docs are the real type's, repeated because uniffi reads only these
//! into the Kotlin and Swift bindings.

use giveaway_app::analysis::{AnalysisView, MoveReviewView};
use giveaway_app::board::{BoardOrientation, Coordinates};
use giveaway_app::game::{PlayerOutcome, Snapshot};
use giveaway_app::library::{
    AnalysisProgress, DatabaseNotice, GameListState, GamePage, GameSummaryView, GraphMarker, ImportResult, ListFilter,
    ReplayState,
};
use giveaway_core::game::{EndReason, Outcome};
use giveaway_core::position::Color;
use giveaway_core::record::{GameMode, TimeControl};
use giveaway_core::storage::{Filter, LevelStats, ModeStats, ResultFilter, Stats};

#[uniffi::remote(Enum)]
pub enum GameMode {
    VsComputer,
    PassAndPlay,
    Imported,
    Online,
}

#[uniffi::remote(Enum)]
pub enum ResultFilter {
    WhiteWins,
    BlackWins,
    Draw,
    Won,
    Lost,
}

#[uniffi::remote(Record)]
pub struct Filter {
    pub mode: Option<GameMode>,
    pub result: Option<ResultFilter>,
    pub level: Option<u8>,
    pub in_progress: Option<bool>,
    pub since: Option<i64>,
    pub until: Option<i64>,
    pub player: Option<String>,
}

#[uniffi::remote(Record)]
pub struct LevelStats {
    pub level: u8,
    pub games: u64,
    pub in_progress: u64,
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
}

#[uniffi::remote(Record)]
pub struct ModeStats {
    pub mode: GameMode,
    pub games: u64,
    pub in_progress: u64,
    pub white_wins: u64,
    pub black_wins: u64,
    pub draws: u64,
    pub wins: u64,
    pub losses: u64,
}

#[uniffi::remote(Record)]
pub struct Stats {
    pub by_level: Vec<LevelStats>,
    pub by_mode: Vec<ModeStats>,
}

#[uniffi::remote(Record)]
pub struct GameSummaryView {
    pub id: i64,
    pub mode: GameMode,
    pub white: String,
    pub black: String,
    pub level: Option<u8>,
    pub level_name: Option<String>,
    pub human_color: Option<Color>,
    pub time_control: Option<TimeControl>,
    pub handicap: Option<String>,
    pub plies: u32,
    pub outcome: Option<Outcome>,
    pub reason: Option<EndReason>,
    pub for_player: Option<PlayerOutcome>,
    pub created_at: i64,
    pub updated_at: i64,
    pub resumable: bool,
}

#[uniffi::remote(Record)]
pub struct GamePage {
    pub games: Vec<GameSummaryView>,
    pub total: u64,
    pub next_cursor: Option<String>,
}

#[uniffi::remote(Record)]
pub struct ImportResult {
    pub count: u64,
    pub first_id: Option<i64>,
    pub last_id: Option<i64>,
}

#[uniffi::remote(Record)]
pub struct DatabaseNotice {
    pub moved_to: String,
    pub reason: String,
    pub recovered: u64,
    pub lost: Option<u64>,
}

#[uniffi::remote(Record)]
pub struct ListFilter {
    pub mode: Option<GameMode>,
    pub result: Option<ResultFilter>,
    pub level: Option<u8>,
    pub in_progress: Option<bool>,
    pub within_days: Option<u32>,
}

#[uniffi::remote(Record)]
pub struct GameListState {
    pub filter: ListFilter,
    pub games: Vec<GameSummaryView>,
    pub total: u64,
    pub has_more: bool,
}

#[uniffi::remote(Record)]
pub struct ReplayState {
    pub revision: u64,
    pub summary: GameSummaryView,
    pub snapshot: Snapshot,
    pub orientation: BoardOrientation,
    pub coordinates: Coordinates,
    pub ply: u32,
    pub plies: u32,
    pub analysis: Option<AnalysisView>,
    pub progress: Option<AnalysisProgress>,
    pub review: Option<MoveReviewView>,
    pub markers: Vec<GraphMarker>,
    pub can_analyse: bool,
    pub error: Option<String>,
}
