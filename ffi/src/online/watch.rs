//! Watching other players' games on the online screens (see `giveaway_online`'s `watch`).
//!
//! Each mirrors a type of the crate below field for field (`uniffi::remote`); the docs are the real type's,
//! repeated because uniffi reads only these into the Kotlin and Swift bindings.

use giveaway_app::{PlayerBar, Snapshot};
use giveaway_core::position::Color;
use giveaway_core::record::{Reaction, Speed, TimeControl};
use giveaway_online::{LiveGameView, OnlineEnd, SeatView, WatchScreen};

/// A game in progress in the live games list.
#[uniffi::remote(Record)]
pub struct LiveGameView {
    /// The server's number of the game (for `watch`).
    pub game: i64,
    /// White's player and rating.
    pub white: SeatView,
    /// Black's player and rating.
    pub black: SeatView,
    /// The game's clock.
    pub time_control: TimeControl,
    /// The clock's speed.
    pub speed: Speed,
    /// Whether the game changes ratings.
    pub rated: bool,
    /// Moves played so far.
    pub ply: u32,
    /// People watching it.
    pub spectators: u32,
    /// One of its players is followed by this account.
    pub friend: bool,
}

/// The game being watched.
#[uniffi::remote(Record)]
pub struct WatchScreen {
    /// The server's number of the game.
    pub game: i64,
    /// White's player and rating.
    pub white: SeatView,
    /// Black's player and rating.
    pub black: SeatView,
    /// The game's clock.
    pub time_control: TimeControl,
    /// The clock's speed.
    pub speed: Speed,
    /// Whether the game changes ratings.
    pub rated: bool,
    /// The board after the last move, White at the bottom; nothing on it can be moved.
    pub board: Snapshot,
    /// Black's bar, above the board: nickname and rating, clock, pieces left, a reaction just shown.
    pub top: PlayerBar,
    /// White's bar, below the board.
    pub bottom: PlayerBar,
    /// Every move so far, in algebraic notation.
    pub moves: Vec<String>,
    /// White's time left now, in milliseconds.
    pub white_ms: u64,
    /// Black's time left now, in milliseconds.
    pub black_ms: u64,
    /// The side whose clock runs, if one does.
    pub running: Option<Color>,
    /// The reactions so far, oldest first.
    pub reactions: Vec<Reaction>,
    /// People watching, this one included.
    pub spectators: u32,
    /// How the game ended, once it has (no rating change: that is the players').
    pub end: Option<OnlineEnd>,
}
