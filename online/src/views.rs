//! The records the online screens and the FFI see: the connection, the lobby, players and ratings, the
//! leaderboard and profiles, the online game, the whole [`OnlineState`] and the one-off [`OnlineEvent`]s.

use giveaway_core::game::EndReason;
use giveaway_core::position::Color;
use giveaway_core::record::{Speed, TimeControl};
use giveaway_protocol::ErrorCode;

/// The state of the connection to the server.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Connection {
    /// An attempt is under way.
    Connecting {
        /// 1 for the first attempt, counting up until one succeeds.
        attempt: u32,
    },
    /// Connected and greeted: requests can be made.
    Online,
    /// Lost, or not made.
    Offline {
        /// Why, in English (for the log and as a fallback; the shells word the state).
        reason: String,
        /// How long until the next attempt (growing from 0.5 s to 15 s).
        retry_in_ms: u64,
    },
    /// The server speaks another protocol version: this app must be updated. No more attempts.
    UpdateNeeded {
        /// The server's words.
        message: String,
    },
    /// [`OnlineClient::disconnect`](crate::OnlineClient::disconnect) was called.
    Closed,
    /// The account connected from another of its devices, which the server keeps (one connection per account):
    /// no more attempts until [`OnlineClient::reconnect`](crate::OnlineClient::reconnect) (which takes the
    /// account back here).
    Replaced,
}

/// One device signed in to this account (see `OnlineClient::devices`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeviceView {
    /// The server's number for it (for `sign_out_device`).
    pub id: i64,
    /// The name it gave when it was linked; empty for the device that made the account.
    pub label: String,
    /// When it joined the account, Unix ms.
    pub created_ms: i64,
    /// When it last connected, Unix ms.
    pub last_seen_ms: i64,
    /// This device.
    pub this_device: bool,
}

/// A code to type on a new device to link it to this account.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LinkCodeView {
    /// `K7QM-2XPD`.
    pub code: String,
    /// How long it is still valid.
    pub remaining_ms: u64,
}

/// What the player is waiting for in the lobby.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Lobby {
    /// Nothing asked for.
    Idle,
    /// Quick pairing: waiting for an opponent.
    Seeking {
        /// The preset asked for.
        time_control: TimeControl,
    },
    /// An invite code for a friend, waiting to be accepted.
    Inviting {
        /// Six characters, read without regard to case; valid for an hour.
        code: String,
        /// The game's time control.
        time_control: TimeControl,
        /// Whether the game will change ratings.
        rated: bool,
    },
}

/// A game's number on the server.
pub type GameId = i64;

/// A player as others see them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OnlinePlayer {
    /// The player's number on the server.
    pub id: i64,
    /// Unique on the server (compared without regard to case and width).
    pub nickname: String,
}

/// A rating before and after a rated game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatingChange {
    /// Glicko-2 rating before the game.
    pub before: f64,
    /// Glicko-2 rating after it.
    pub after: f64,
    /// Still provisional after the game (few games played yet).
    pub provisional: bool,
}

/// One line of the leaderboard.
#[derive(Clone, Debug, PartialEq)]
pub struct LeaderboardRow {
    /// 1 for the best.
    pub rank: u32,
    /// Who.
    pub player: OnlinePlayer,
    /// Glicko-2 rating in the board's speed.
    pub rating: f64,
    /// Glicko-2 rating deviation (smaller: surer).
    pub deviation: f64,
    /// Rated games played in this speed.
    pub games: u32,
}

/// The leaderboard of one speed (only established ratings are listed).
#[derive(Clone, Debug, PartialEq)]
pub struct Leaderboard {
    /// The speed the ratings are of.
    pub speed: Speed,
    /// Best first.
    pub rows: Vec<LeaderboardRow>,
}

/// A player's rating in one speed.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingView {
    /// The speed this rating is of.
    pub speed: Speed,
    /// Glicko-2 rating.
    pub rating: f64,
    /// Glicko-2 rating deviation.
    pub deviation: f64,
    /// Too few games yet for the rating to be sure (not on the leaderboard).
    pub provisional: bool,
    /// Rated games played in this speed.
    pub games: u32,
}

/// A finished game in a profile, seen from the profile's owner.
#[derive(Clone, Debug, PartialEq)]
pub struct RecentGame {
    /// The game's number on the server.
    pub game: GameId,
    /// The colour the profile's owner played.
    pub color: Color,
    /// Who they played.
    pub opponent: OnlinePlayer,
    /// The game's time control.
    pub time_control: TimeControl,
    /// Correspondence: the days per move.
    pub days_per_move: Option<u32>,
    /// The time control's speed.
    pub speed: Speed,
    /// Whether it changed ratings.
    pub rated: bool,
    /// `None` for a draw or an abort.
    pub winner: Option<Color>,
    /// `None` for an aborted game.
    pub reason: Option<EndReason>,
    /// The owner's rating change (rated games only).
    pub rating_change: Option<f64>,
    /// Unix milliseconds.
    pub ended_at_ms: i64,
}

/// One side of the online game.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatView {
    /// The player's nickname.
    pub nickname: String,
    /// The rating in the game's speed when the game started.
    pub rating: f64,
    /// The rating is still provisional.
    pub provisional: bool,
}

impl SeatView {
    /// The rating as a player bar shows it: whole points, with "?" while provisional ("1500?").
    pub fn rating_text(&self) -> String {
        format!("{:.0}{}", self.rating, if self.provisional { "?" } else { "" })
    }
}

/// How an online game ended, for the player.
#[derive(Clone, Debug, PartialEq)]
pub struct OnlineEnd {
    /// `None` for a draw or an abort.
    pub winner: Option<Color>,
    /// `None` when the game was aborted (a first move did not come in time): nobody played, nothing is kept.
    pub reason: Option<EndReason>,
    /// The player's rating before and after (rated games that were not aborted).
    pub rating: Option<RatingChange>,
    /// The game in the local library (none for an aborted game, which is not kept).
    pub saved_id: Option<i64>,
}

/// The online game on this device.
#[derive(Clone, Debug, PartialEq)]
pub struct OnlineGameView {
    /// The game's number on the server.
    pub game: GameId,
    /// This device's colour.
    pub you: Color,
    /// Who plays White.
    pub white: SeatView,
    /// Who plays Black.
    pub black: SeatView,
    /// The same for both sides (for correspondence: the days per move as a base time).
    pub time_control: TimeControl,
    /// Correspondence: the days per move; every move gives the mover the whole allowance again, and nobody
    /// loses by being away.
    pub days_per_move: Option<u32>,
    /// The time control's speed (ratings are kept per speed).
    pub speed: Speed,
    /// Whether the game changes ratings.
    pub rated: bool,
    /// The opponent is connected (after 60 s away while this player is connected, they lose).
    pub opponent_connected: bool,
    /// Set once the game is over (the board stays until [`OnlineClient::leave_game`](crate::OnlineClient::leave_game)).
    pub end: Option<OnlineEnd>,
    /// A rematch offer after the end, and by whom.
    pub rematch_offer: Option<Color>,
    /// People watching the game.
    pub spectators: u32,
    /// The arena the game is played in (no rematch: the arena pairs again).
    pub arena: Option<i64>,
}

/// A player's public page.
#[derive(Clone, Debug, PartialEq)]
pub struct ProfileView {
    /// Whose page.
    pub player: OnlinePlayer,
    /// One per speed played.
    pub ratings: Vec<RatingView>,
    /// The last finished games, newest first.
    pub recent: Vec<RecentGame>,
    /// The finished arenas played, the latest first.
    pub arenas: Vec<crate::ArenaResultView>,
}

/// Everything an online screen draws.
#[derive(Clone, Debug, PartialEq)]
pub struct OnlineState {
    /// The server's address, as given.
    pub server: String,
    /// Whether requests can be made now.
    pub connection: Connection,
    /// This device's account, once greeted with its token or after creating one.
    pub player: Option<OnlinePlayer>,
    /// A seek or an invite waiting.
    pub lobby: Lobby,
    /// The time controls quick pairing offers.
    pub presets: Vec<TimeControl>,
    /// The online game on this device (its board: [`OnlineClient::game`](crate::OnlineClient::game)).
    pub game: Option<OnlineGameView>,
    /// The last leaderboard asked for.
    pub leaderboard: Option<Leaderboard>,
    /// The last profile asked for.
    pub profile: Option<ProfileView>,
}

/// One-off things to tell the player, oldest first.
#[derive(Clone, Debug, PartialEq)]
pub enum OnlineEvent {
    /// Greeted by the server (also after every reconnection).
    Connected,
    /// The new account; its token is kept in this device's settings.
    AccountCreated {
        /// Who the device now is.
        player: OnlinePlayer,
    },
    /// The server does not know this device's token: it was forgotten; make a new account.
    SignedOut,
    /// A game started (paired, invite accepted, rematch) or came back after a reconnection.
    GameStarted {
        /// The server's number of the game.
        game: GameId,
    },
    /// The game on the board ended (also the state's `game.end`).
    GameEnded {
        /// How, with the rating change.
        end: OnlineEnd,
    },
    /// A move of the player's was not taken by the server and is off the board again.
    MoveRefused {
        /// The move, in algebraic notation.
        mv: String,
        /// Why, in English.
        reason: String,
    },
    /// The opponent's connection dropped or came back.
    OpponentConnection {
        /// Whether they are connected now.
        connected: bool,
    },
    /// A player challenged this one (it is also in the screen's `social.incoming`).
    ChallengeReceived {
        /// The challenge.
        challenge: crate::ChallengeView,
    },
    /// A challenge this player made or got is no longer open.
    ChallengeClosed {
        /// The other player.
        opponent: OnlinePlayer,
        /// How it ended.
        outcome: crate::ChallengeOutcome,
    },
    /// A request was refused.
    Refused {
        /// Why, as the protocol names it, for the shells to word.
        code: ErrorCode,
        /// The English text.
        message: String,
    },
}
