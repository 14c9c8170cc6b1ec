//! The uniffi export of the app layer: what Kotlin (Android) and Swift (iOS) load.
//!
//! The only crate with uniffi attributes. It mirrors the app layer's records and enums (`types`), wraps its
//! objects, and runs their engine work on its own background runtime (`runtime`) so that Kotlin `suspend`
//! and Swift `async` calls never block the caller's thread. No game logic lives here.

mod catalog;
mod library;
mod progress;
pub mod runtime;
mod session;
mod types;

pub use library::{GameLibrary, Replay};
pub use progress::ProgressListener;
pub use session::GameSession;

uniffi::setup_scaffolding!();
