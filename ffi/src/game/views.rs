//! What a game shows: the session's snapshot, the game screen's state, its events, hints and coach tips.
//!
//! Each mirrors a type of the crates below field for field (`uniffi::remote`): the compiler checks
//! every mirror against the real type. The docs are the real type's, repeated because uniffi reads only these
//! into the Kotlin and Swift bindings.

use giveaway_app::board::{
    AnimationPlan, Announcement, BoardOrientation, CaptureProgress, Coordinates, MoveView, SquareView,
};
use giveaway_app::game::{
    Actions, ClockView, CoachView, Cue, DrawCounters, GameEvent, HintShown, HintStep, HintView, MoveRow, Notice,
    NoticeKind, PlayerOutcome, ResultView, ScreenState, SearchProgress, Snapshot, Sound, Status, Thinking,
    ThinkingKind,
};
use giveaway_app::setup::Opponent;
use giveaway_core::game::{EndReason, Outcome};
use giveaway_core::notation::Notation;
use giveaway_core::position::Color;
use giveaway_core::record::{Reaction, TimeControl};

#[uniffi::remote(Record)]
pub struct Reaction {
    pub ply: u32,
    pub side: Color,
    pub emoji: String,
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
