//! The uniffi export of the app layer: what Kotlin (Android) and Swift (iOS) load.
//!
//! The only crate with uniffi attributes. It mirrors the app layer's records and enums (`types`), wraps its
//! objects, and runs their engine work on threads of its own (`runtime`) so that Kotlin `suspend` and Swift
//! `async` calls never block the caller's thread and a computer move never waits for a thread. No game logic
//! lives here.

mod background;
mod catalog;
mod library;
mod logging;
mod online;
mod progress;
pub mod runtime;
mod screens;
mod session;
mod tables;
mod types;

pub use background::ScreenObserver;
pub use library::{GameLibrary, Replay};
pub use logging::{set_log_sink, LogLevel, LogSink};
pub use online::OnlineClient;
pub use progress::ProgressListener;
pub use screens::{GameController, GameList, PositionEditor, ReplayController};
pub use session::GameSession;
pub use tables::EndgameTables;

uniffi::setup_scaffolding!();
