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
pub mod types;

pub use catalog::{
    handicap_presets, levels, reaction_emojis, rules_examples, time_control_presets, HandicapPreset, LevelView, RulesExample,
    RulesExampleKind, TimeControlPreset,
};
pub use error::{ApiResult, GiveawayError};
pub use library::{DatabaseNotice, GameLibrary, GamePage, GameSummaryView, Replay};
pub use game::{GameSession, GameState, ProgressListener};
pub use tables::{EndgameTables, TablesBuild, TablesState};
pub use types::*;
