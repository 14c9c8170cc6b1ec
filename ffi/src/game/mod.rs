//! A game: its setup, the board it draws, what it shows, the session and the game screen's controller.

mod board;
mod controller;
mod session;
mod setup;
mod views;

pub use controller::GameController;
pub use session::GameSession;
