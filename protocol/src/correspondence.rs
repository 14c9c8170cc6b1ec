//! Payloads of correspondence play (docs/protocol.md "Correspondence").

use crate::{Color, GameId, PlayerInfo};
use serde::{Deserialize, Serialize};

/// A correspondence game in progress as the player's list shows it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CorrespondenceGame {
    pub game: GameId,
    pub opponent: PlayerInfo,
    /// The asking player's colour.
    pub you: Color,
    pub days_per_move: u32,
    pub rated: bool,
    /// Moves played so far.
    pub ply: u32,
    /// The last move in algebraic notation.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_move: Option<String>,
    /// Whether it is the asking player's move.
    pub your_move: bool,
    /// Time the side to move has left (before both sides' first moves: before the game is aborted).
    pub time_left_ms: u64,
}
