//! The app layer: the one interface the terminal, Android and iOS front ends use, in plain Rust.
//!
//! [`GameSession`] is one game (snapshot to draw, input, undo/redo, clocks, computer moves); the library
//! object holds saved games and settings. Engine work here is blocking and stoppable; the FFI crate
//! (`giveaway-ffi`) runs it on its own runtime and exports this API to Kotlin and Swift.

#![warn(missing_docs)]

pub mod analysis;
pub mod background;
pub mod board;
pub mod catalog;
pub mod editor;
pub mod error;
pub mod game;
pub mod library;
pub mod setup;
pub mod tables;

// The API's records and enums, each defined in the module that owns it, are all reachable from the crate root.
pub use analysis::{AnalysisView, ExactOutcome, ExactValue, ExactVerdict, MoveReviewView, ThrownAway, TurningPoint};
pub use board::{CaptureProgress, MoveView, PieceKind, PieceView, SquareView};
pub use catalog::{
    handicap_presets, levels, reaction_emojis, rules_examples, time_control_presets, HandicapPreset, LevelView,
    RulesExample, RulesExampleKind, TimeControlPreset,
};
pub use error::{ApiResult, GiveawayError};
pub use game::{
    ClockView, CoachView, DrawCounters, GameSession, GameState, HintView, MoveRow, Notice, NoticeKind,
    ProgressListener, ResultView, SearchProgress, Snapshot,
};
/// The core's time-control and reaction records, exported as they are (the FFI mirrors them with
/// `uniffi::remote`, so the rules modules carry no FFI attribute and there is no second copy).
pub use giveaway_core::record::{Reaction, SideTime, TimeControl};
pub use library::{DatabaseNotice, GameLibrary, GamePage, GameSummaryView, ImportResult, Replay};
pub use setup::{NewGame, Opponent, StartPosition};
pub use tables::{EndgameTables, TablesBuild, TablesState};
