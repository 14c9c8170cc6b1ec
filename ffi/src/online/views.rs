//! What the online screens show: the connection, the account, the lobby, the online game, ratings.
//!
//! Each mirrors a type of the crates below field for field (`uniffi::remote`): the compiler checks
//! every mirror against the real type. The docs are the real type's, repeated because uniffi reads only these
//! into the Kotlin and Swift bindings.

use giveaway_core::game::EndReason;
use giveaway_core::position::Color;
use giveaway_core::record::{Speed, TimeControl};
use giveaway_online::{
    AccountState, Connection, ErrorCode, Leaderboard, LeaderboardRow, Lobby, LobbyActions, OnlineEnd, OnlineEvent,
    OnlineGame, OnlineGameActions, OnlineGameStatus, OnlinePlayer, OnlineProblem, OnlineScreen, ProfileView,
    RatingChange, RatingView, RecentGame, RematchState, SeatView,
};

#[uniffi::remote(Enum)]
pub enum Speed {
    Bullet,
    Blitz,
    Rapid,
    Classic,
}

#[uniffi::remote(Enum)]
pub enum Connection {
    Connecting { attempt: u32 },
    Online,
    Offline { reason: String, retry_in_ms: u64 },
    UpdateNeeded { message: String },
    Closed,
}

#[uniffi::remote(Enum)]
pub enum Lobby {
    Idle,
    Seeking { time_control: TimeControl },
    Inviting { code: String, time_control: TimeControl, rated: bool },
}

#[uniffi::remote(Record)]
pub struct OnlinePlayer {
    pub id: i64,
    pub nickname: String,
}

#[uniffi::remote(Record)]
pub struct RatingChange {
    pub before: f64,
    pub after: f64,
    pub provisional: bool,
}

#[uniffi::remote(Record)]
pub struct LeaderboardRow {
    pub rank: u32,
    pub player: OnlinePlayer,
    pub rating: f64,
    pub deviation: f64,
    pub games: u32,
}

#[uniffi::remote(Record)]
pub struct Leaderboard {
    pub speed: Speed,
    pub rows: Vec<LeaderboardRow>,
}

#[uniffi::remote(Record)]
pub struct RatingView {
    pub speed: Speed,
    pub rating: f64,
    pub deviation: f64,
    pub provisional: bool,
    pub games: u32,
}

#[uniffi::remote(Record)]
pub struct RecentGame {
    pub game: i64,
    pub color: Color,
    pub opponent: OnlinePlayer,
    pub time_control: TimeControl,
    pub speed: Speed,
    pub rated: bool,
    pub winner: Option<Color>,
    pub reason: Option<EndReason>,
    pub rating_change: Option<f64>,
    pub ended_at_ms: i64,
}

#[uniffi::remote(Record)]
pub struct SeatView {
    pub nickname: String,
    pub rating: f64,
    pub provisional: bool,
}

#[uniffi::remote(Record)]
pub struct OnlineEnd {
    pub winner: Option<Color>,
    pub reason: Option<EndReason>,
    pub rating: Option<RatingChange>,
    pub saved_id: Option<i64>,
}

#[uniffi::remote(Record)]
pub struct ProfileView {
    pub player: OnlinePlayer,
    pub ratings: Vec<RatingView>,
    pub recent: Vec<RecentGame>,
}

#[uniffi::remote(Enum)]
pub enum OnlineEvent {
    Connected,
    AccountCreated { player: OnlinePlayer },
    SignedOut,
    GameStarted { game: i64 },
    GameEnded { end: OnlineEnd },
    MoveRefused { mv: String, reason: String },
    OpponentConnection { connected: bool },
    Refused { code: ErrorCode, message: String },
}

#[uniffi::remote(Enum)]
pub enum ErrorCode {
    Malformed,
    TooLarge,
    BinaryFrame,
    UnsupportedVersion,
    HelloFirst,
    NotAuthenticated,
    UnknownToken,
    AlreadyAuthenticated,
    NicknameInvalid,
    NicknameTaken,
    UnknownTimeControl,
    Busy,
    UnknownInvite,
    OwnInvite,
    UnknownGame,
    NotYourGame,
    NotYourTurn,
    WrongPly,
    IllegalMove,
    GameOver,
    NoOffer,
    UnknownReaction,
    RematchUnavailable,
    UnknownPlayer,
    RateLimited,
    Unavailable,
    Internal,
}

#[uniffi::remote(Enum)]
pub enum OnlineProblem {
    Offline { reason: String, retry_in_ms: u64 },
    UpdateNeeded { message: String },
    SignedOut,
    Closed,
}

#[uniffi::remote(Enum)]
pub enum AccountState {
    Unknown,
    Needed,
    SignedIn { player: OnlinePlayer },
}

#[uniffi::remote(Record)]
pub struct LobbyActions {
    pub try_now: bool,
    pub create_account: bool,
    pub seek: bool,
    pub cancel_seek: bool,
    pub invite: bool,
    pub cancel_invite: bool,
    pub join_with_code: bool,
    pub browse: bool,
    pub back_to_game: bool,
}

#[uniffi::remote(Enum)]
pub enum RematchState {
    Unavailable,
    CanOffer,
    Offered,
    OfferedToYou,
}

#[uniffi::remote(Enum)]
pub enum OnlineGameStatus {
    FirstMove { side: Color, remaining_ms: u64 },
    Playing { side: Color },
    Reconnecting,
    Over { end: OnlineEnd },
}

#[uniffi::remote(Record)]
pub struct OnlineGameActions {
    pub in_game: bool,
    pub offer_rematch: bool,
    pub decline_rematch: bool,
    pub back_to_lobby: bool,
}

#[uniffi::remote(Record)]
pub struct OnlineGame {
    pub game: i64,
    pub you: Color,
    pub player: SeatView,
    pub opponent: SeatView,
    pub time_control: TimeControl,
    pub speed: Speed,
    pub rated: bool,
    pub status: OnlineGameStatus,
    pub opponent_away: bool,
    pub rematch: RematchState,
    pub actions: OnlineGameActions,
}

#[uniffi::remote(Record)]
pub struct OnlineScreen {
    pub server: String,
    pub connection: Connection,
    pub problem: Option<OnlineProblem>,
    pub account: AccountState,
    pub lobby: Lobby,
    pub actions: LobbyActions,
    pub presets: Vec<TimeControl>,
    pub default_preset: u32,
    pub game: Option<OnlineGame>,
    pub leaderboard: Option<Leaderboard>,
    pub profile: Option<ProfileView>,
    pub next_tick_ms: Option<u64>,
}
