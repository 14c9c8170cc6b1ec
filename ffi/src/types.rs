//! The records and enums of the exported API. Each mirrors a type of `giveaway-app` or `giveaway-core`
//! field for field (`uniffi::remote`): the compiler checks every mirror against the real type, and the types
//! themselves — with their documentation — live in the crates below, which carry no FFI attribute.

use giveaway_app::*;
use giveaway_core::game::{EndReason, Outcome};
use giveaway_core::notation::Notation;
use giveaway_core::position::Color;
use giveaway_core::record::{GameMode, Reaction, SideTime, TimeControl};
use giveaway_core::storage::{AnimationSpeed, Filter, LevelStats, ModeStats, Orientation, ResultFilter, Settings, Stats};

#[uniffi::remote(Enum)]
pub enum Color {
    White,
    Black,
}

#[uniffi::remote(Enum)]
pub enum Outcome {
    WhiteWins,
    BlackWins,
    Draw,
}

#[uniffi::remote(Enum)]
pub enum EndReason {
    NoLegalMove,
    Resignation,
    Time,
    Repetition,
    KingMoveRule,
    Agreement,
}
#[uniffi::remote(Record)]
pub struct SideTime {
    pub base_ms: u64,
    pub increment_ms: u64,
}
#[uniffi::remote(Record)]
pub struct TimeControl {
    pub white: SideTime,
    pub black: SideTime,
}
#[uniffi::remote(Record)]
pub struct Reaction {
    pub ply: u32,
    pub side: Color,
    pub emoji: String,
}

#[uniffi::remote(Enum)]
pub enum Notation {
    Algebraic,
    Numeric,
}

#[uniffi::remote(Enum)]
pub enum GameMode {
    VsComputer,
    PassAndPlay,
    Imported,
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

#[uniffi::remote(Enum)]
pub enum AnimationSpeed {
    Off,
    Slow,
    Normal,
    Fast,
}

#[uniffi::remote(Enum)]
pub enum Orientation {
    Fixed,
    FaceToFace,
    FlipEachMove,
}

#[uniffi::remote(Record)]
pub struct Settings {
    pub board_theme: String,
    pub piece_theme: String,
    pub notation: Notation,
    pub sound: bool,
    pub haptics: bool,
    pub animation: AnimationSpeed,
    pub show_legal_moves: bool,
    pub coach: bool,
    pub orientation: Orientation,
    pub last_level: u8,
    pub last_human_color: Color,
    pub last_time_control: Option<TimeControl>,
}

#[uniffi::remote(Enum)]
pub enum Opponent {
    Computer { level: u8, human: Color },
    PassAndPlay,
}

#[uniffi::remote(Enum)]
pub enum StartPosition {
    Standard,
    RemovedMen { squares: Vec<u32> },
    Fen { fen: String },
}

#[uniffi::remote(Record)]
pub struct NewGame {
    pub opponent: Opponent,
    pub start: StartPosition,
    pub time_control: Option<TimeControl>,
}

#[uniffi::remote(Enum)]
pub enum PieceKind {
    Man,
    King,
}

#[uniffi::remote(Record)]
pub struct PieceView {
    pub color: Color,
    pub kind: PieceKind,
}

#[uniffi::remote(Record)]
pub struct SquareView {
    pub number: u32,
    pub name: String,
    pub file: u32,
    pub rank: u32,
    pub piece: Option<PieceView>,
    pub movable: bool,
    pub must_capture: bool,
    pub selected: bool,
    pub destination: bool,
    pub final_destination: bool,
    pub ghost: bool,
    pub last_move: bool,
    pub last_captured: bool,
}

#[uniffi::remote(Record)]
pub struct CaptureProgress {
    pub from: u32,
    pub visited: Vec<u32>,
    pub ghosts: Vec<u32>,
}

#[uniffi::remote(Record)]
pub struct MoveView {
    pub text: String,
    pub color: Color,
    pub from: u32,
    pub path: Vec<u32>,
    pub captured: Vec<u32>,
    pub promotes: bool,
}

#[uniffi::remote(Record)]
pub struct ClockView {
    pub white_ms: u64,
    pub black_ms: u64,
    pub running: Option<Color>,
    pub control: TimeControl,
}

#[uniffi::remote(Record)]
pub struct DrawCounters {
    pub king_move_plies: u16,
    pub king_move_limit: u16,
    pub repetitions: u8,
    pub repetition_limit: u8,
}

#[uniffi::remote(Record)]
pub struct ResultView {
    pub outcome: Outcome,
    pub reason: EndReason,
    pub text: String,
    pub pdn: String,
}

#[uniffi::remote(Record)]
pub struct MoveRow {
    pub number: u32,
    pub white: Option<String>,
    pub black: Option<String>,
}

#[uniffi::remote(Record)]
pub struct SearchProgress {
    pub depth: u32,
    pub score: i32,
    pub score_text: String,
    pub nodes: u64,
    pub best_line: Vec<String>,
}

#[uniffi::remote(Record)]
pub struct HintView {
    pub piece: u32,
    pub mv: MoveView,
    pub score_text: String,
    pub reason: Option<String>,
}

#[uniffi::remote(Record)]
pub struct CoachView {
    pub played: MoveView,
    pub better: MoveView,
    pub class: String,
    pub chance_before: f64,
    pub chance_after: f64,
    pub message: String,
}

#[uniffi::remote(Record)]
pub struct MoveReviewView {
    pub ply: u32,
    pub played: MoveView,
    pub best: Option<MoveView>,
    pub chance_before: f64,
    pub chance_after: f64,
    pub class: String,
    pub accuracy: f64,
}

#[uniffi::remote(Record)]
pub struct AnalysisView {
    pub moves: Vec<MoveReviewView>,
    pub white_scores: Vec<i32>,
    pub white_chances: Vec<f64>,
    pub white_accuracy: Option<f64>,
    pub black_accuracy: Option<f64>,
}

#[uniffi::remote(Record)]
pub struct Notice {
    pub kind: NoticeKind,
    pub square: u32,
    pub capturers: Vec<u32>,
    pub message: String,
}

#[uniffi::remote(Enum)]
pub enum NoticeKind {
    MustCaptureElsewhere,
    PieceCannotMove,
}

#[uniffi::remote(Record)]
pub struct Snapshot {
    pub game_id: Option<i64>,
    pub squares: Vec<SquareView>,
    pub side_to_move: Color,
    pub must_capture: bool,
    pub selected: Option<u32>,
    pub capture: Option<CaptureProgress>,
    pub choices: Vec<MoveView>,
    pub notice: Option<Notice>,
    pub last_move: Option<MoveView>,
    pub clocks: Option<ClockView>,
    pub counters: DrawCounters,
    pub notation: Notation,
    pub move_list: Vec<MoveRow>,
    pub ply: u32,
    pub fen: String,
    pub result: Option<ResultView>,
    pub can_undo: bool,
    pub can_redo: bool,
    pub opponent: Opponent,
    pub computer_to_move: bool,
    pub thinking: bool,
    pub draw_offer: Option<Color>,
    pub reactions: Vec<Reaction>,
}

#[uniffi::remote(Record)]
pub struct LevelView {
    pub number: u8,
    pub name: String,
    pub rating: u32,
}

#[uniffi::remote(Record)]
pub struct TimeControlPreset {
    pub name: String,
    pub control: TimeControl,
}

#[uniffi::remote(Record)]
pub struct HandicapPreset {
    pub side: Color,
    pub men: u32,
    pub start: StartPosition,
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
    pub created_at: i64,
    pub updated_at: i64,
}

#[uniffi::remote(Record)]
pub struct GamePage {
    pub games: Vec<GameSummaryView>,
    pub total: u64,
    pub next_cursor: Option<String>,
}

#[uniffi::remote(Record)]
pub struct DatabaseNotice {
    pub moved_to: String,
    pub reason: String,
}

#[uniffi::remote(Error)]
pub enum GiveawayError {
    IllegalMove { reason: String },
    BadNotation { reason: String },
    AmbiguousMove { choices: Vec<String> },
    BadFen { reason: String },
    BadSetup { reason: String },
    NotYourTurn { reason: String },
    GameOver { result: String },
    Unavailable { reason: String },
    Busy,
    Cancelled,
    Storage { reason: String },
    NotFound { id: i64 },
    BadPdn { reason: String },
    Internal { reason: String },
}
