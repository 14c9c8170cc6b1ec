//! The uniffi export of the app layer: what Kotlin (Android) and Swift (iOS) load.
//!
//! The only crate with uniffi attributes. It mirrors the app layer's records and enums, each in the module of
//! the feature that owns it, wraps its objects, and runs their engine work on threads of its own (`runtime`)
//! so that Kotlin `suspend` and Swift `async` calls never block the caller's thread and a computer move never
//! waits for a thread. No game logic lives here. docs/ffi.md has the table of modules.

mod analysis;
mod background;
mod catalog;
mod editor;
mod error;
mod game;
mod library;
mod logging;
mod online;
mod progress;
mod puzzles;
mod rules;
pub mod runtime;
mod tables;

pub use background::ScreenObserver;
pub use editor::PositionEditor;
pub use game::{GameController, GameSession};
pub use library::{GameLibrary, GameList, Replay, ReplayController};
pub use logging::{set_log_sink, LogLevel, LogSink};
pub use online::OnlineClient;
pub use progress::ProgressListener;
pub use puzzles::PuzzleController;
pub use tables::EndgameTables;

uniffi::setup_scaffolding!();
