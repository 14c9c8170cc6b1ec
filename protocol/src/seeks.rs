//! Payloads of the open seeks list (docs/protocol.md "Open seeks").

use crate::{PlayerInfo, TimeControl};
use serde::{Deserialize, Serialize};

/// A player waiting for an opponent (a quick pairing seek), as the lobby lists it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct OpenSeek {
    pub player: PlayerInfo,
    /// The seeker's rating in the time control's speed.
    pub rating: f64,
    pub provisional: bool,
    pub time_control: TimeControl,
    /// How long it has waited.
    pub waited_ms: u64,
}
