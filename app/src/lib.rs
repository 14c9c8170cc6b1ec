//! The app layer: the one interface the terminal, Android and iOS front ends use, in plain Rust.
//!
//! [`GameSession`] is one game (snapshot to draw, input, undo/redo, clocks, computer moves); the library
//! object holds saved games and settings. Engine work here is blocking and stoppable; the FFI crate
//! (`giveaway-ffi`) runs it on its own runtime and exports this API to Kotlin and Swift.

#![warn(missing_docs)]

mod analysis;
mod background;
mod board;
mod catalog;
mod editor;
mod error;
mod game;
mod library;
mod puzzles;
mod setup;
mod tables;

// The API, each item defined in the module that owns it, all reachable from the crate root and only there.
pub use analysis::{
    AnalysisView, ExactOutcome, ExactValue, ExactVerdict, ForcedLoss, MoveReviewView, ThrownAway, TurningPoint,
};
pub use background::{Background, NoObserver, Observer, Queued, Threads};
pub use board::{
    animation_frame, square_at, square_name, AnimationFrame, AnimationPlan, Announcement, BoardOrientation,
    CaptureProgress, CapturedPiece, Coordinates, FlyingPiece, HopPlan, MoveView, PieceKind, PieceView,
    SquareDescription, SquareState, SquareView,
};
pub use catalog::{
    handicap_presets, levels, reaction_emojis, rules_examples, time_control_presets, HandicapPreset, LevelView,
    RulesExample, RulesExampleKind, TimeControlPreset, REACTION_EMOJIS,
};
pub use editor::{PositionEditor, PositionProblem};
pub use error::{ApiResult, GiveawayError};
pub use game::controller::Seat;
pub use game::state::{ServerGame, Synced, TIMED_FROM_PLY};
pub use game::{
    clock_text, sound_samples, Actions, ClockView, CoachView, Cue, DrawCounters, GameController, GameEvent,
    GameSession, GameState, HintShown, HintStep, HintView, MoveRow, Notice, NoticeKind, PlayerBar, PlayerName,
    PlayerOutcome, ProgressListener, ResultView, ScreenState, SearchProgress, Snapshot, Sound, Status, Thinking,
    ThinkingKind, LOW_TIME_MS,
};
/// The core's time-control and reaction records, exported as they are (the FFI mirrors them with
/// `uniffi::remote`, so the rules modules carry no FFI attribute and there is no second copy).
pub use giveaway_core::record::{Reaction, SideTime, TimeControl};
pub use library::{
    AnalysisProgress, DatabaseNotice, GameLibrary, GameList, GameListState, GamePage, GameSummaryView, GraphMarker,
    ImportResult, ListFilter, Replay, ReplayController, ReplayMove, ReplayState, MISTAKE_CLASSES,
};
pub use puzzles::{
    AttemptView, DailyView, MistakeView, MoveFeedback, PuzzleController, PuzzleEnd, PuzzleGoal, PuzzleHint, PuzzleInfo,
    PuzzleOverview, PuzzleRatingView, PuzzleState, PuzzleStatus, ThemeView, TrainerMode, TrainerProgress,
};
pub use setup::{is_start_square, ColorChoice, GameSetup, NewGame, Opponent, StartPosition};
pub use tables::{file_for as tables_file, EndgameTables, TablesBuild, TablesState};
