//! The records and enums of the exported API. Each mirrors a type of `giveaway-app` or `giveaway-core`
//! field for field (`uniffi::remote`): the compiler checks every mirror against the real type, and the types
//! themselves — with their documentation — live in the crates below, which carry no FFI attribute.

use giveaway_app::board::*;
use giveaway_app::game::*;
use giveaway_app::library::*;
use giveaway_app::setup::*;
use giveaway_app::*;
use giveaway_core::game::{EndReason, Outcome};
use giveaway_core::notation::Notation;
use giveaway_core::position::Color;
use giveaway_core::record::{GameMode, Reaction, SideTime, Speed, TimeControl};
use giveaway_core::storage::{
    AnimationSpeed, BoardTheme, Filter, LevelStats, ModeStats, Orientation, PieceTheme, ResultFilter, Settings, Stats,
};
use giveaway_online::{
    AccountState, Connection, ErrorCode, Leaderboard, LeaderboardRow, Lobby, LobbyActions, OnlineEnd, OnlineEvent,
    OnlineGame, OnlineGameActions, OnlineGameStatus, OnlinePlayer, OnlineProblem, OnlineScreen, ProfileView,
    RatingChange, RatingView, RecentGame, RematchState, SeatView,
};

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
    Abandonment,
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

#[uniffi::remote(Enum)]
pub enum BoardTheme {
    Classic,
    Wood,
    Ocean,
    Contrast,
}

#[uniffi::remote(Enum)]
pub enum PieceTheme {
    Classic,
    Marble,
    Flat,
    Contrast,
}

#[uniffi::remote(Record)]
pub struct Settings {
    pub board_theme: BoardTheme,
    pub piece_theme: PieceTheme,
    pub online_server: String,
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
    pub must_capture_explained: bool,
}

#[uniffi::remote(Enum)]
pub enum Opponent {
    Computer { level: u8, human: Color },
    PassAndPlay,
    Online { human: Color, white: String, black: String },
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
    pub column: u32,
    pub row: u32,
    pub piece: Option<PieceView>,
    pub movable: bool,
    pub must_capture: bool,
    pub selected: bool,
    pub destination: bool,
    pub final_destination: bool,
    pub ghost: bool,
    pub last_move: bool,
    pub last_captured: bool,
    pub hint: bool,
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
    pub white_text: String,
    pub black_text: String,
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
    pub exact: Option<ExactVerdict>,
}

#[uniffi::remote(Enum)]
pub enum ExactOutcome {
    Win,
    Draw,
    Loss,
}

#[uniffi::remote(Record)]
pub struct ExactValue {
    pub outcome: ExactOutcome,
    pub moves: u32,
}

#[uniffi::remote(Enum)]
pub enum ThrownAway {
    Win,
    Draw,
}

#[uniffi::remote(Record)]
pub struct ExactVerdict {
    pub before: ExactValue,
    pub after: Option<ExactValue>,
    pub threw_away: Option<ThrownAway>,
    pub message: String,
}

#[uniffi::remote(Record)]
pub struct TurningPoint {
    pub ply: u32,
    pub move_number: u32,
    pub mover: Color,
    pub played: MoveView,
    pub threw_away: ThrownAway,
    pub before: ExactValue,
    pub message: String,
}

#[uniffi::remote(Record)]
pub struct AnalysisView {
    pub moves: Vec<MoveReviewView>,
    pub white_scores: Vec<i32>,
    pub white_chances: Vec<f64>,
    pub white_accuracy: Option<f64>,
    pub black_accuracy: Option<f64>,
    pub turning_points: Vec<TurningPoint>,
    pub exact_pieces: u32,
}

#[uniffi::remote(Record)]
pub struct TablesState {
    pub pieces: u32,
    pub building: Option<TablesBuild>,
    pub error: Option<String>,
}

#[uniffi::remote(Record)]
pub struct TablesBuild {
    pub pieces: u32,
    pub done: u32,
    pub total: u32,
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
pub struct AnalysisProgress {
    pub done: u32,
    pub total: u32,
}

#[uniffi::remote(Record)]
pub struct GraphMarker {
    pub position: u32,
    pub class: String,
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

#[uniffi::remote(Record)]
pub struct ScreenState {
    pub revision: u64,
    pub snapshot: Snapshot,
    pub orientation: BoardOrientation,
    pub coordinates: Coordinates,
    pub status: Status,
    pub actions: Actions,
    pub acting_side: Color,
    pub hint: Option<HintShown>,
    pub animation: Option<AnimationPlan>,
    pub thinking: Option<Thinking>,
    pub reaction: Option<Reaction>,
    pub next_tick_ms: Option<u64>,
}

#[uniffi::remote(Enum)]
pub enum Status {
    YourMove { must_capture: bool },
    SideToMove { side: Color, must_capture: bool },
    Capturing { path: Vec<String> },
    ChooseCapture,
    DrawOffered { by: Color },
    ComputerThinking,
    ComputerHeld,
    Over { result: ResultView, for_player: Option<PlayerOutcome> },
}

#[uniffi::remote(Enum)]
pub enum PlayerOutcome {
    Won,
    Lost,
    Drawn,
}

#[uniffi::remote(Record)]
pub struct Actions {
    pub undo: bool,
    pub redo: bool,
    pub hint: bool,
    pub resign: bool,
    pub draws: bool,
    pub offer_draw: bool,
    pub answer_draw: bool,
    pub react: bool,
    pub analyse: bool,
}

#[uniffi::remote(Enum)]
pub enum HintStep {
    Piece,
    Move,
}

#[uniffi::remote(Record)]
pub struct HintShown {
    pub step: HintStep,
    pub piece: u32,
    pub mv: Option<MoveView>,
    pub score_text: String,
    pub reason: Option<String>,
}

#[uniffi::remote(Enum)]
pub enum ThinkingKind {
    ComputerMove,
    Hint,
    Coach,
}

#[uniffi::remote(Record)]
pub struct Thinking {
    pub kind: ThinkingKind,
    pub progress: Option<SearchProgress>,
}

#[uniffi::remote(Enum)]
pub enum Sound {
    Move,
    Capture,
    Win,
    Loss,
    Draw,
    Refused,
}

#[uniffi::remote(Record)]
pub struct Cue {
    pub sound: Option<Sound>,
    pub vibrate: bool,
}

#[uniffi::remote(Enum)]
pub enum GameEvent {
    Moved { mv: MoveView, announcement: Announcement, by_opponent: bool, cue: Cue },
    Ended { result: ResultView, for_player: Option<PlayerOutcome>, cue: Cue },
    CoachTip { tip: CoachView },
    ExplainMustCapture { capturers: Vec<u32> },
    HeldBack { notice: Notice, cue: Cue },
    Reacted { reaction: Reaction },
    Failed { message: String },
}

#[uniffi::remote(Record)]
pub struct BoardOrientation {
    pub flipped: bool,
    pub top_faces_away: bool,
    pub bottom: Color,
    pub top: Color,
}

#[uniffi::remote(Record)]
pub struct Coordinates {
    pub files: Vec<String>,
    pub ranks: Vec<String>,
    pub square_numbers: bool,
}

#[uniffi::remote(Record)]
pub struct HopPlan {
    pub from: u32,
    pub to: u32,
    pub captured: Option<u32>,
    pub start_ms: u64,
    pub duration_ms: u64,
}

#[uniffi::remote(Record)]
pub struct CapturedPiece {
    pub square: u32,
    pub piece: PieceView,
    pub ghost: bool,
}

#[uniffi::remote(Record)]
pub struct AnimationPlan {
    pub id: u64,
    pub piece: PieceView,
    pub hops: Vec<HopPlan>,
    pub captured: Vec<CapturedPiece>,
    pub crowned_after_hop: Option<u32>,
    pub total_ms: u64,
    pub flipped: bool,
}

#[uniffi::remote(Record)]
pub struct FlyingPiece {
    pub piece: PieceView,
    pub column: f32,
    pub row: f32,
}

#[uniffi::remote(Record)]
pub struct AnimationFrame {
    pub flying: FlyingPiece,
    pub destination: u32,
    pub captured: Vec<CapturedPiece>,
}

#[uniffi::remote(Enum)]
pub enum SquareState {
    Selected,
    MustCapture,
    CanMove,
    Destination,
    Captured,
    Hint,
    LastMove,
}

#[uniffi::remote(Record)]
pub struct SquareDescription {
    pub name: String,
    pub piece: Option<PieceView>,
    pub states: Vec<SquareState>,
}

#[uniffi::remote(Record)]
pub struct Announcement {
    pub side: Color,
    pub from: String,
    pub landings: Vec<String>,
    pub captures: u32,
    pub promotes: bool,
}

#[uniffi::remote(Enum)]
pub enum ColorChoice {
    White,
    Black,
    Random,
}

#[uniffi::remote(Record)]
pub struct GameSetup {
    pub versus_computer: bool,
    pub level: u8,
    pub color: ColorChoice,
    pub white_time: Option<SideTime>,
    pub black_time: Option<SideTime>,
    pub removed_men: Vec<u32>,
    pub fen: Option<String>,
}

#[uniffi::remote(Enum)]
pub enum RulesExampleKind {
    Start,
    ForcedCapture,
    MultiCapture,
}

#[uniffi::remote(Record)]
pub struct RulesExample {
    pub kind: RulesExampleKind,
    pub fen: String,
    pub squares: Vec<SquareView>,
    pub mv: Option<MoveView>,
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

// The online client's records (giveaway_online).

#[uniffi::remote(Enum)]
pub enum Speed {
    Bullet,
    Blitz,
    Rapid,
    Classic,
}

#[uniffi::remote(Enum)]
pub enum Connection {
    Connecting { attempt: u32 },
    Online,
    Offline { reason: String, retry_in_ms: u64 },
    UpdateNeeded { message: String },
    Closed,
}

#[uniffi::remote(Enum)]
pub enum Lobby {
    Idle,
    Seeking { time_control: TimeControl },
    Inviting { code: String, time_control: TimeControl, rated: bool },
}

#[uniffi::remote(Record)]
pub struct OnlinePlayer {
    pub id: i64,
    pub nickname: String,
}

#[uniffi::remote(Record)]
pub struct RatingChange {
    pub before: f64,
    pub after: f64,
    pub provisional: bool,
}

#[uniffi::remote(Record)]
pub struct LeaderboardRow {
    pub rank: u32,
    pub player: OnlinePlayer,
    pub rating: f64,
    pub deviation: f64,
    pub games: u32,
}

#[uniffi::remote(Record)]
pub struct Leaderboard {
    pub speed: Speed,
    pub rows: Vec<LeaderboardRow>,
}

#[uniffi::remote(Record)]
pub struct RatingView {
    pub speed: Speed,
    pub rating: f64,
    pub deviation: f64,
    pub provisional: bool,
    pub games: u32,
}

#[uniffi::remote(Record)]
pub struct RecentGame {
    pub game: i64,
    pub color: Color,
    pub opponent: OnlinePlayer,
    pub time_control: TimeControl,
    pub speed: Speed,
    pub rated: bool,
    pub winner: Option<Color>,
    pub reason: Option<EndReason>,
    pub rating_change: Option<f64>,
    pub ended_at_ms: i64,
}

#[uniffi::remote(Record)]
pub struct SeatView {
    pub nickname: String,
    pub rating: f64,
    pub provisional: bool,
}

#[uniffi::remote(Record)]
pub struct OnlineEnd {
    pub winner: Option<Color>,
    pub reason: Option<EndReason>,
    pub rating: Option<RatingChange>,
    pub saved_id: Option<i64>,
}

#[uniffi::remote(Record)]
pub struct ProfileView {
    pub player: OnlinePlayer,
    pub ratings: Vec<RatingView>,
    pub recent: Vec<RecentGame>,
}

#[uniffi::remote(Enum)]
pub enum OnlineEvent {
    Connected,
    AccountCreated { player: OnlinePlayer },
    SignedOut,
    GameStarted { game: i64 },
    GameEnded { end: OnlineEnd },
    MoveRefused { mv: String, reason: String },
    OpponentConnection { connected: bool },
    Refused { code: ErrorCode, message: String },
}

#[uniffi::remote(Enum)]
pub enum ErrorCode {
    Malformed,
    TooLarge,
    BinaryFrame,
    UnsupportedVersion,
    HelloFirst,
    NotAuthenticated,
    UnknownToken,
    AlreadyAuthenticated,
    NicknameInvalid,
    NicknameTaken,
    UnknownTimeControl,
    Busy,
    UnknownInvite,
    OwnInvite,
    UnknownGame,
    NotYourGame,
    NotYourTurn,
    WrongPly,
    IllegalMove,
    GameOver,
    NoOffer,
    UnknownReaction,
    RematchUnavailable,
    UnknownPlayer,
    RateLimited,
    Unavailable,
    Internal,
}

#[uniffi::remote(Enum)]
pub enum OnlineProblem {
    Offline { reason: String, retry_in_ms: u64 },
    UpdateNeeded { message: String },
    SignedOut,
    Closed,
}

#[uniffi::remote(Enum)]
pub enum AccountState {
    Unknown,
    Needed,
    SignedIn { player: OnlinePlayer },
}

#[uniffi::remote(Record)]
pub struct LobbyActions {
    pub try_now: bool,
    pub create_account: bool,
    pub seek: bool,
    pub cancel_seek: bool,
    pub invite: bool,
    pub cancel_invite: bool,
    pub join_with_code: bool,
    pub browse: bool,
    pub back_to_game: bool,
}

#[uniffi::remote(Enum)]
pub enum RematchState {
    Unavailable,
    CanOffer,
    Offered,
    OfferedToYou,
}

#[uniffi::remote(Enum)]
pub enum OnlineGameStatus {
    FirstMove { side: Color, remaining_ms: u64 },
    Playing { side: Color },
    Reconnecting,
    Over { end: OnlineEnd },
}

#[uniffi::remote(Record)]
pub struct OnlineGameActions {
    pub in_game: bool,
    pub offer_rematch: bool,
    pub decline_rematch: bool,
    pub back_to_lobby: bool,
}

#[uniffi::remote(Record)]
pub struct OnlineGame {
    pub game: i64,
    pub you: Color,
    pub player: SeatView,
    pub opponent: SeatView,
    pub time_control: TimeControl,
    pub speed: Speed,
    pub rated: bool,
    pub status: OnlineGameStatus,
    pub opponent_away: bool,
    pub rematch: RematchState,
    pub actions: OnlineGameActions,
}

#[uniffi::remote(Record)]
pub struct OnlineScreen {
    pub server: String,
    pub connection: Connection,
    pub problem: Option<OnlineProblem>,
    pub account: AccountState,
    pub lobby: Lobby,
    pub actions: LobbyActions,
    pub presets: Vec<TimeControl>,
    pub default_preset: u32,
    pub game: Option<OnlineGame>,
    pub leaderboard: Option<Leaderboard>,
    pub profile: Option<ProfileView>,
    pub next_tick_ms: Option<u64>,
}
