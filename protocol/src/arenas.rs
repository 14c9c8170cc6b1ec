//! Payloads of arenas (docs/protocol.md "Arenas"): tournaments where whoever is free is paired again at once
//! until the finish time, scored 2 for a win and 1 for a draw, doubled while on a winning streak.

use crate::{PlayerInfo, TimeControl};
use serde::{Deserialize, Serialize};

/// An arena's number on the server.
pub type ArenaId = i64;

/// Where an arena is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ArenaStatus {
    /// Not started: players may join and are paired from the start.
    Upcoming,
    /// Pairing whoever is free.
    Running,
    /// Past its finish time: the standings are final (games still being played no longer count).
    Finished,
}

/// Which of the server's scheduled arenas this is (a client names it in its own language).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ArenaSchedule {
    /// 3+2 for 50 minutes from each full hour.
    HourlyBlitz,
    /// 10+5 for 90 minutes from 18:00 UTC.
    DailyRapid,
}

/// An arena as the lobby lists it. Times are relative to the moment the server sent it, so that a client's
/// clock does not matter.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ArenaInfo {
    pub id: ArenaId,
    pub name: String,
    pub time_control: TimeControl,
    pub status: ArenaStatus,
    /// Milliseconds until the start (0 once started).
    pub starts_in_ms: u64,
    /// Milliseconds until the finish (0 once finished).
    pub ends_in_ms: u64,
    /// How long it lasts.
    pub duration_ms: u64,
    /// Players who have joined (paused ones included).
    pub players: u32,
    /// Whether the asker takes part now (joined and not paused).
    pub joined: bool,
    /// The player who made it; none for the server's scheduled arenas.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub created_by: Option<PlayerInfo>,
    /// Which scheduled arena it is; none for a player's own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub schedule: Option<ArenaSchedule>,
    /// The leader's nickname and score, once someone has scored.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub leader: Option<(String, u32)>,
}

/// A player's line in an arena's standings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ArenaStanding {
    /// 1 for the leader; players level on score share the order of their rating.
    pub rank: u32,
    pub player: PlayerInfo,
    pub rating: f64,
    pub score: u32,
    pub games: u32,
    pub wins: u32,
    /// Two wins in a row: the next results count double.
    pub on_fire: bool,
    /// Joined and not paused: paired when free.
    pub active: bool,
    /// In an arena game now.
    pub playing: bool,
}

/// An arena's result on a player's profile.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ArenaResult {
    pub arena: ArenaId,
    pub name: String,
    pub time_control: TimeControl,
    /// Milliseconds since it finished.
    pub finished_ago_ms: u64,
    pub rank: u32,
    pub players: u32,
    pub score: u32,
}
