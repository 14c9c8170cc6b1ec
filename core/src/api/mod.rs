//! The exported app API: the one interface the terminal, Android and iOS front ends use.
//!
//! uniffi attributes live only in this layer; the rules, engine and storage modules stay plain Rust.
//! [`GameSession`] is one game (snapshot to draw, input, undo/redo, clocks, computer moves);
//! the library object holds saved games and settings.

pub mod clock;
pub mod error;
pub mod input;
pub mod runtime;
pub mod session;
mod snapshot;
pub mod state;
pub mod types;

pub use clock::{SideTime, TimeControl};
pub use error::{ApiResult, GiveawayError};
pub use session::GameSession;
pub use state::GameState;
pub use types::*;
