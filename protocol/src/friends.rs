//! Payloads of the social messages: friends (players one follows) with their presence, direct challenges and
//! blocking (docs/protocol.md "Friends, challenges and blocking").

use crate::{GameId, PlayerInfo, TimeControl};
use serde::{Deserialize, Serialize};

/// A player one follows, and what they are doing now.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Friend {
    pub player: PlayerInfo,
    /// Connected to any node of the server.
    pub online: bool,
    /// Their game in progress, if any (a client can offer to watch it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub playing: Option<GameId>,
}

/// The colour a challenger asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ColorChoice {
    White,
    Black,
    /// Drawn when the challenge is accepted.
    Random,
}

impl ColorChoice {
    /// The wire name.
    pub fn name(self) -> &'static str {
        match self {
            ColorChoice::White => "white",
            ColorChoice::Black => "black",
            ColorChoice::Random => "random",
        }
    }

    /// The choice of this wire name.
    pub fn from_name(name: &str) -> Option<ColorChoice> {
        [ColorChoice::White, ColorChoice::Black, ColorChoice::Random].into_iter().find(|c| c.name() == name)
    }
}

/// A direct challenge, as both players see it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Challenge {
    pub id: i64,
    pub challenger: PlayerInfo,
    pub challenged: PlayerInfo,
    pub time_control: TimeControl,
    /// The challenger's colour.
    pub color: ColorChoice,
    pub rated: bool,
    /// How long it can still be accepted.
    pub expires_in_ms: u64,
}

/// How a challenge stopped being open.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ChallengeEnd {
    /// The game started (its `game_state` follows).
    Accepted,
    Declined,
    /// Withdrawn by the challenger.
    Cancelled,
    /// Not answered in time.
    Expired,
}
