//! Friends, challenges, blocked players, open seeks and correspondence games on the online screens (see
//! `giveaway_online`'s `social`, `seeks` and `correspondence`).
//!
//! Each mirrors a type of the crate below field for field (`uniffi::remote`); the docs are the real type's,
//! repeated because uniffi reads only these into the Kotlin and Swift bindings.

use giveaway_core::position::Color;
use giveaway_core::record::{Speed, TimeControl};
use giveaway_online::{
    ChallengeColor, ChallengeOutcome, ChallengeView, CorrespondenceView, FriendView, OnlinePlayer, SeekView,
    SocialScreen, YourMoveCheck,
};

/// A player this account follows.
#[uniffi::remote(Record)]
pub struct FriendView {
    /// Who.
    pub player: OnlinePlayer,
    /// Connected to the server now.
    pub online: bool,
    /// Their game in progress, if any.
    pub playing: Option<i64>,
}

/// The colour a challenge gives this player.
#[uniffi::remote(Enum)]
pub enum ChallengeColor {
    /// This player plays White.
    White,
    /// This player plays Black.
    Black,
    /// Drawn when the game starts.
    Random,
}

/// An open challenge, seen from this player.
#[uniffi::remote(Record)]
pub struct ChallengeView {
    /// The server's number for it (for `accept_challenge`, `decline_challenge`, `cancel_challenge`).
    pub id: i64,
    /// The other player.
    pub opponent: OnlinePlayer,
    /// Made to this player (true) or by them (false).
    pub incoming: bool,
    /// The game's clock (for correspondence: the days per move as a base time).
    pub time_control: TimeControl,
    /// Correspondence: the days per move (no clock).
    pub days_per_move: Option<u32>,
    /// The clock's speed.
    pub speed: Speed,
    /// This player's colour in the game.
    pub color: ChallengeColor,
    /// Whether the game changes ratings.
    pub rated: bool,
    /// How long it can still be accepted.
    pub remaining_ms: u64,
}

/// How a challenge this player made or got stopped being open (as an event says).
#[uniffi::remote(Enum)]
pub enum ChallengeOutcome {
    /// The game started.
    Accepted,
    /// The player challenged said no.
    Declined,
    /// The challenger withdrew it.
    Cancelled,
    /// Nobody answered in time.
    Expired,
}

/// The social part of the online screens.
#[uniffi::remote(Record)]
pub struct SocialScreen {
    /// Players this account follows: playing first, then online, then the rest, each by nickname.
    pub friends: Vec<FriendView>,
    /// Challenges made to this player, the newest first.
    pub incoming: Vec<ChallengeView>,
    /// Challenges this player made, the newest first.
    pub outgoing: Vec<ChallengeView>,
    /// Players this account blocks, by nickname.
    pub blocked: Vec<OnlinePlayer>,
    /// Whether an incoming challenge can be accepted now (signed in, connected, not in a game).
    pub can_accept: bool,
    /// Whether a new challenge can be made now (signed in and connected).
    pub can_challenge: bool,
}

/// A player waiting for an opponent.
#[uniffi::remote(Record)]
pub struct SeekView {
    /// Who (accept with their id).
    pub player: OnlinePlayer,
    /// Their rating in the seek's speed, as shown ("1500", "1500?" while provisional).
    pub rating: String,
    /// The game's clock.
    pub time_control: TimeControl,
    /// The clock's speed.
    pub speed: Speed,
    /// How long they have waited, in whole seconds.
    pub waited_s: u64,
}

/// What a background check of the correspondence games found (`OnlineClient::check_your_move`).
#[uniffi::remote(Enum)]
pub enum YourMoveCheck {
    /// The games where it is the player's move that were not told before (none, often).
    Games {
        /// In the list's order.
        games: Vec<CorrespondenceView>,
    },
    /// The list did not come (offline, the server slow, the account playing elsewhere): check again next time.
    NotYet,
    /// This device has no account: there is nothing to check.
    NoAccount,
}

/// A correspondence game in progress, as the player's list shows it.
#[uniffi::remote(Record)]
pub struct CorrespondenceView {
    /// The game's number on the server (open it with `open_correspondence`).
    pub game: i64,
    /// Who the player plays.
    pub opponent: OnlinePlayer,
    /// The player's colour.
    pub you: Color,
    /// Days per move.
    pub days_per_move: u32,
    /// Whether the game changes ratings.
    pub rated: bool,
    /// Moves played so far.
    pub ply: u32,
    /// The last move in algebraic notation (none before the first).
    pub last_move: Option<String>,
    /// Whether it is the player's move.
    pub your_move: bool,
    /// Milliseconds the side to move has left, counted down to now (before both first moves: until the game
    /// is aborted).
    pub time_left_ms: u64,
}
