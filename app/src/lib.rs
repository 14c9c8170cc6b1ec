//! The app layer: the one interface the terminal, Android and iOS front ends use, in plain Rust.
//!
//! [`GameSession`] is one game (snapshot to draw, input, undo/redo, clocks, computer moves); the library
//! object holds saved games and settings. Engine work here is blocking and stoppable; the FFI crate
//! (`giveaway-ffi`) runs it on its own runtime and exports this API to Kotlin and Swift.

mod analysis_cache;
mod autosave;
pub mod catalog;
pub mod clock;
mod engine_calls;
pub mod error;
pub mod input;
pub mod library;
pub mod session;
mod snapshot;
pub mod state;
pub mod types;

pub use catalog::{handicap_presets, levels, reaction_emojis, time_control_presets, HandicapPreset, LevelView, TimeControlPreset};
pub use engine_calls::ProgressListener;
pub use error::{ApiResult, GiveawayError};
pub use library::{DatabaseNotice, GameLibrary, GamePage, GameSummaryView, Replay};
pub use session::GameSession;
pub use state::GameState;
pub use types::*;
