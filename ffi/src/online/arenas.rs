//! Arenas on the online screens (see `giveaway_online`'s `arenas`).
//!
//! Each mirrors a type of the crate below field for field (`uniffi::remote`); the docs are the real type's,
//! repeated because uniffi reads only these into the Kotlin and Swift bindings.

use giveaway_core::record::{Speed, TimeControl};
use giveaway_online::{
    ArenaActions, ArenaLine, ArenaResultView, ArenaScreen, ArenaStatus, ArenaView, OnlinePlayer, ScheduledArena,
};

/// Which of the server's scheduled arenas an arena is: the shells name it in the player's language.
#[uniffi::remote(Enum)]
pub enum ScheduledArena {
    /// 3+2 for 50 minutes from each full hour.
    HourlyBlitz,
    /// 10+5 for 90 minutes from 18:00 UTC.
    DailyRapid,
}

/// Where an arena is in its life.
#[uniffi::remote(Enum)]
pub enum ArenaStatus {
    /// Not started: joining now means being paired from the start.
    Upcoming,
    /// Pairing whoever is free.
    Running,
    /// Over: the standings are final.
    Finished,
}

/// An arena in the lobby's list.
#[uniffi::remote(Record)]
pub struct ArenaView {
    /// The server's number (for `join_arena`, `arena_standings`).
    pub id: i64,
    /// Its name as the server gives it (English for the scheduled ones: see `scheduled`).
    pub name: String,
    /// Which scheduled arena it is; none for a player's own.
    pub scheduled: Option<ScheduledArena>,
    /// Every game's clock.
    pub time_control: TimeControl,
    /// The clock's speed.
    pub speed: Speed,
    /// Upcoming, running or finished, as of now.
    pub status: ArenaStatus,
    /// Milliseconds until the start (0 once started), as of now.
    pub starts_in_ms: u64,
    /// Milliseconds until the finish (0 once finished), as of now.
    pub ends_in_ms: u64,
    /// How long it lasts.
    pub duration_ms: u64,
    /// Players who joined.
    pub players: u32,
    /// This player takes part (joined, not paused).
    pub joined: bool,
    /// Who made it; none for the server's own.
    pub created_by: Option<String>,
    /// The leader's nickname, once someone has scored.
    pub leader: Option<String>,
    /// The leader's score.
    pub leader_score: u32,
}

/// A line of an arena's standings.
#[uniffi::remote(Record)]
pub struct ArenaLine {
    /// 1 for the leader.
    pub rank: u32,
    /// Who.
    pub player: OnlinePlayer,
    /// Their rating in the arena's speed, rounded.
    pub rating: u32,
    /// Points: a win 2, a draw 1, doubled on fire.
    pub score: u32,
    /// Games counted.
    pub games: u32,
    /// Of which won.
    pub wins: u32,
    /// Two wins in a row: the next results count double.
    pub on_fire: bool,
    /// Paired when free (not paused).
    pub active: bool,
    /// In an arena game now.
    pub playing: bool,
    /// This line is this account's.
    pub you: bool,
}

/// What can be done in the arena shown.
#[uniffi::remote(Record)]
pub struct ArenaActions {
    /// Join (or come back after a pause): not finished and not taking part.
    pub join: bool,
    /// Pause: taking part and not finished.
    pub pause: bool,
}

/// The arena shown, with its standings.
#[uniffi::remote(Record)]
pub struct ArenaScreen {
    /// The arena.
    pub arena: ArenaView,
    /// The standings, best first (at most 100 lines).
    pub standings: Vec<ArenaLine>,
    /// What the player can do.
    pub actions: ArenaActions,
}

/// An arena result on a profile.
#[uniffi::remote(Record)]
pub struct ArenaResultView {
    /// The arena's number.
    pub arena: i64,
    /// Its name.
    pub name: String,
    /// Its clock.
    pub time_control: TimeControl,
    /// The place reached, 1 for the winner.
    pub rank: u32,
    /// Among how many players.
    pub players: u32,
    /// Points scored.
    pub score: u32,
}
