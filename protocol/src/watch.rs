//! Payloads of watching: the list of live games and a game's state as a spectator gets it (docs/protocol.md
//! "Watching").

use crate::{Clocks, Color, GameId, GameResult, Reaction, Seat, Speed, TimeControl};
use serde::{Deserialize, Serialize};

/// A game in progress in the list of live games.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LiveGame {
    pub game: GameId,
    pub white: Seat,
    pub black: Seat,
    pub time_control: TimeControl,
    pub speed: Speed,
    pub rated: bool,
    /// Moves played so far.
    pub ply: u32,
    /// People watching it now.
    pub spectators: u32,
    /// One of its players is followed by the player asking.
    #[serde(default)]
    pub friend: bool,
}

/// A game as a spectator sees it: what both players see, without their offers (a draw or rematch offer is
/// between the two).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WatchState {
    pub game: GameId,
    pub white: Seat,
    pub black: Seat,
    pub time_control: TimeControl,
    pub speed: Speed,
    pub rated: bool,
    /// Every move so far in algebraic notation, from the standard start.
    pub moves: Vec<String>,
    /// The clocks now, as the server reads them when it sends this frame.
    pub clocks: Clocks,
    pub turn: Color,
    /// Whether the side to move's clock is running.
    pub clock_running: bool,
    pub reactions: Vec<Reaction>,
    /// People watching, this spectator included.
    pub spectators: u32,
    /// Present when the game is over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<GameResult>,
}
