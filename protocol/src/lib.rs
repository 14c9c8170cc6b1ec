//! The online-play wire protocol: JSON text frames over a WebSocket, one message per frame.
//!
//! Every frame is an object with a `"type"` naming the message; a client may add `"id"` (a number) to a
//! request, and the server copies it as `"re"` into the reply or error it causes. The first frame of a
//! connection must be [`ClientMessage::Hello`] naming [`PROTOCOL_VERSION`]. Every message is described with
//! examples in `docs/protocol.md`. The server and the clients both use this crate, so it holds no server code.

use serde::{de::DeserializeOwned, Deserialize, Serialize};
use std::fmt;

mod arenas;
mod correspondence;
mod friends;
#[cfg(test)]
mod samples;
mod seeks;
mod watch;
pub use arenas::{ArenaId, ArenaInfo, ArenaResult, ArenaSchedule, ArenaStanding, ArenaStatus};
pub use correspondence::CorrespondenceGame;
pub use friends::{Challenge, ChallengeEnd, ColorChoice, Friend};
pub use seeks::OpenSeek;
pub use watch::{LiveGame, WatchState};

/// The version this crate speaks. A server refuses a `hello` with another version (error `unsupported_version`).
pub const PROTOCOL_VERSION: u32 = 1;

/// The largest client frame the server reads, in bytes. Every request fits easily; a larger frame is refused
/// with `too_large` before it is parsed.
pub const MAX_CLIENT_FRAME: usize = 4096;

/// The time each side has for its first move before the server aborts the game (the clocks start with
/// White's second move).
pub const FIRST_MOVE_MS: u64 = 30_000;

/// The largest server frame a client should accept: a long game's full state with its moves and reactions.
pub const MAX_SERVER_FRAME: usize = 256 * 1024;

/// A game's number on the server.
pub type GameId = i64;
/// A player's number on the server.
pub type PlayerId = i64;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Color {
    White,
    Black,
}

impl Color {
    pub fn opponent(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

/// The rating category of a time control: the wire form of the core's `record::Speed` (this crate stays free of
/// the core, so it has its own copy; both sides convert by name).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Speed {
    Bullet,
    Blitz,
    Rapid,
    Classic,
}

impl Speed {
    pub const ALL: [Speed; 4] = [Speed::Bullet, Speed::Blitz, Speed::Rapid, Speed::Classic];

    /// The same lower-case name as on the wire.
    pub fn name(self) -> &'static str {
        match self {
            Speed::Bullet => "bullet",
            Speed::Blitz => "blitz",
            Speed::Rapid => "rapid",
            Speed::Classic => "classic",
        }
    }

    pub fn from_name(s: &str) -> Option<Speed> {
        Speed::ALL.into_iter().find(|v| v.name() == s)
    }
}

/// The same allowance for both sides (online games have no time odds): base time and Fischer increment, or, for
/// a correspondence game, days per move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TimeControl {
    /// For a correspondence game: the days per move in milliseconds.
    pub base_ms: u64,
    pub increment_ms: u64,
    /// Correspondence: each move has this many days (one of [`CORRESPONDENCE_DAYS`]); every move sets the mover's
    /// clock back to the whole allowance. Absent for a game on a clock.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub days_per_move: Option<u32>,
}

/// The days per move a correspondence game may have.
pub const CORRESPONDENCE_DAYS: [u32; 6] = [1, 2, 3, 5, 7, 14];

/// One day in milliseconds.
pub const DAY_MS: u64 = 86_400_000;

impl TimeControl {
    /// A clock: base time and Fischer increment.
    pub const fn clock(base_ms: u64, increment_ms: u64) -> TimeControl {
        TimeControl { base_ms, increment_ms, days_per_move: None }
    }

    /// Correspondence with `days` per move.
    pub const fn correspondence(days: u32) -> TimeControl {
        TimeControl { base_ms: days as u64 * DAY_MS, increment_ms: 0, days_per_move: Some(days) }
    }

    /// Whether this is a correspondence game's.
    pub fn is_correspondence(&self) -> bool {
        self.days_per_move.is_some()
    }
}

/// Time left on each clock, in milliseconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clocks {
    pub white_ms: u64,
    pub black_ms: u64,
}

/// A player as others see them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerInfo {
    pub id: PlayerId,
    pub nickname: String,
}

/// One side of a game: who, and their rating in the game's category when it started.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Seat {
    pub player: PlayerInfo,
    pub rating: f64,
    pub provisional: bool,
}

/// Why a game ended. `aborted` games (the first move of a side did not come in time) have no winner and no
/// rating change.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// The side to move had no legal move: that side wins.
    NoLegalMove,
    Resignation,
    /// A flag fell: that side loses.
    Time,
    Repetition,
    KingMoveRule,
    Agreement,
    /// A player stayed disconnected too long: that player loses.
    Abandonment,
    Aborted,
}

impl EndReason {
    pub const ALL: [EndReason; 8] = [
        EndReason::NoLegalMove,
        EndReason::Resignation,
        EndReason::Time,
        EndReason::Repetition,
        EndReason::KingMoveRule,
        EndReason::Agreement,
        EndReason::Abandonment,
        EndReason::Aborted,
    ];

    /// The wire name, also used in the server's database.
    pub fn name(self) -> &'static str {
        match self {
            EndReason::NoLegalMove => "no_legal_move",
            EndReason::Resignation => "resignation",
            EndReason::Time => "time",
            EndReason::Repetition => "repetition",
            EndReason::KingMoveRule => "king_move_rule",
            EndReason::Agreement => "agreement",
            EndReason::Abandonment => "abandonment",
            EndReason::Aborted => "aborted",
        }
    }

    pub fn from_name(s: &str) -> Option<EndReason> {
        EndReason::ALL.into_iter().find(|r| r.name() == s)
    }
}

/// How a game ended: `winner` is absent for a draw or an abort.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameResult {
    /// Absent (not `null`) on the wire for a draw or an abort, like every absent optional field.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winner: Option<Color>,
    pub reason: EndReason,
}

/// One side's rating before and after a rated game.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatingChange {
    pub before: f64,
    pub after: f64,
    /// Still provisional after this game.
    pub provisional: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatingChanges {
    pub white: RatingChange,
    pub black: RatingChange,
}

/// An emoji a player showed during a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reaction {
    /// Plies played when it was shown.
    pub ply: u32,
    pub by: Color,
    pub emoji: String,
}

/// Everything a client needs to draw a game and go on with it: sent when a game starts, after every
/// (re)connection for each game in progress, and on `sync`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameState {
    pub game: GameId,
    pub white: Seat,
    pub black: Seat,
    /// The receiver's colour.
    pub you: Color,
    pub time_control: TimeControl,
    pub speed: Speed,
    pub rated: bool,
    /// The game this one is a rematch of.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rematch_of: Option<GameId>,
    /// The arena this game is part of.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub arena: Option<ArenaId>,
    /// Every move so far in algebraic notation (`c3-d4`, `c3:e5:g3`), from the standard start.
    pub moves: Vec<String>,
    /// The clocks now, as the server reads them when it sends this frame.
    pub clocks: Clocks,
    pub turn: Color,
    /// Whether the side to move's clock is running (not before each side's first move, nor while a resumed
    /// game waits for its player to move to come back).
    pub clock_running: bool,
    /// Milliseconds left for the side to move to make its first move before the game is aborted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_move_deadline_ms: Option<u64>,
    /// A pending draw offer and who made it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draw_offer: Option<Color>,
    pub opponent_connected: bool,
    pub reactions: Vec<Reaction>,
    /// Present when the game is over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<GameResult>,
}

/// A move of a stored game with the clocks after it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordedMove {
    #[serde(rename = "move")]
    pub mv: String,
    pub clocks: Clocks,
}

/// A whole game as stored: what a client keeps in its library.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    pub game: GameId,
    pub white: PlayerInfo,
    pub black: PlayerInfo,
    pub time_control: TimeControl,
    pub speed: Speed,
    pub rated: bool,
    /// Unix milliseconds.
    pub started_at_ms: i64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ended_at_ms: Option<i64>,
    pub moves: Vec<RecordedMove>,
    pub reactions: Vec<Reaction>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<GameResult>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ratings: Option<RatingChanges>,
}

/// A player's rating in one category.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatingInfo {
    pub speed: Speed,
    pub rating: f64,
    pub deviation: f64,
    pub provisional: bool,
    pub games: u32,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LeaderboardEntry {
    /// 1 for the best.
    pub rank: u32,
    pub player: PlayerInfo,
    pub rating: f64,
    pub deviation: f64,
    pub games: u32,
}

/// A point of a player's rating history: the rating after a game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatingPoint {
    pub speed: Speed,
    pub game: GameId,
    pub rating: f64,
    /// Unix milliseconds.
    pub at_ms: i64,
}

/// A finished game in a profile's list, seen from the profile's owner.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameSummary {
    pub game: GameId,
    pub color: Color,
    pub opponent: PlayerInfo,
    pub time_control: TimeControl,
    pub speed: Speed,
    pub rated: bool,
    pub result: GameResult,
    /// The owner's rating change (absent for unrated and aborted games).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating_change: Option<f64>,
    pub ended_at_ms: i64,
}

/// Client → server.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ClientMessage {
    /// The first frame: the protocol version and, for a returning device, its token.
    Hello {
        protocol: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        token: Option<String>,
    },
    /// A new account for this device (only on a connection that said `hello` without a token).
    CreateAccount {
        nickname: String,
    },
    /// Quick pairing with one of the preset time controls.
    Seek {
        time_control: TimeControl,
    },
    CancelSeek,
    /// A code a friend can accept to play this time control.
    CreateInvite {
        time_control: TimeControl,
        #[serde(default = "default_true")]
        rated: bool,
    },
    AcceptInvite {
        code: String,
    },
    CancelInvite,
    /// A move; `ply` is the number of plies played before it (a resent move is recognised, a stale one
    /// refused). `think_ms` is the time the client measured from receiving the opponent's move to sending this
    /// one, used for lag compensation.
    Move {
        game: GameId,
        ply: u32,
        #[serde(rename = "move")]
        mv: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        think_ms: Option<u64>,
    },
    Resign {
        game: GameId,
    },
    OfferDraw {
        game: GameId,
    },
    AcceptDraw {
        game: GameId,
    },
    DeclineDraw {
        game: GameId,
    },
    React {
        game: GameId,
        emoji: String,
    },
    /// Offer a rematch of a finished game; when both players have offered, a new game starts with colours
    /// swapped.
    OfferRematch {
        game: GameId,
    },
    DeclineRematch {
        game: GameId,
    },
    /// Ask for the full state of a game in progress again.
    Sync {
        game: GameId,
    },
    Leaderboard {
        speed: Speed,
        #[serde(default)]
        offset: u32,
        #[serde(default = "default_page")]
        limit: u32,
    },
    Profile {
        nickname: String,
    },
    /// The stored record of a game (moves with clocks, reactions, result, rating changes).
    GetGame {
        game: GameId,
    },
    Ping,
    /// A one-time code to link another device to this account (a new code replaces the previous one).
    CreateLinkCode,
    /// On a new device, instead of `create_account`: the code shown on a signed-in device; `device` names this
    /// one in the device list ("Pixel 8").
    RedeemLinkCode {
        code: String,
        #[serde(default)]
        device: String,
    },
    /// The account's devices.
    Devices,
    /// Signs a device of this account out: its token stops working (this device's own too).
    SignOutDevice {
        device: i64,
    },
    /// Follows a player: they join this player's friends list (answered with `friends`).
    Follow {
        nickname: String,
    },
    /// Stops following a player (answered with `friends`).
    Unfollow {
        nickname: String,
    },
    /// The players one follows, with their presence.
    Friends,
    /// Challenges a player to a game (answered with `challenge`; the challenged player gets it as an event).
    Challenge {
        nickname: String,
        time_control: TimeControl,
        color: ColorChoice,
        #[serde(default = "default_true")]
        rated: bool,
    },
    /// Accepts a challenge made to this player: the game's state answers.
    AcceptChallenge {
        challenge: i64,
    },
    /// Declines a challenge made to this player.
    DeclineChallenge {
        challenge: i64,
    },
    /// Withdraws a challenge this player made.
    CancelChallenge {
        challenge: i64,
    },
    /// The open challenges made to and by this player.
    Challenges,
    /// Blocks a player: no challenges from them, no pairing with them, their reactions not shown; it also ends
    /// following both ways and their open challenges (answered with `blocked`).
    Block {
        nickname: String,
    },
    /// Unblocks a player (answered with `blocked`).
    Unblock {
        nickname: String,
    },
    /// The players this player blocks.
    Blocked,
    /// Games in progress to watch: the highest rated and those of players one follows.
    LiveGames,
    /// Watches a game in progress: its state answers, then its moves, reactions and end as they happen.
    Watch {
        game: GameId,
    },
    /// Stops watching a game.
    Unwatch {
        game: GameId,
    },
    /// The players waiting for an opponent (quick pairing seeks), to accept one directly.
    OpenSeeks,
    /// Plays the player whose seek this is, at its time control (rated): the game's state answers.
    AcceptSeek {
        player: PlayerId,
    },
    /// The arenas upcoming, running and finished in the last day.
    Arenas,
    /// Makes an arena (the maker joins it): `name` 3 to 30 characters, starting in `starts_in_s` (0 to 24 h),
    /// lasting `minutes` (10 to 180).
    CreateArena {
        name: String,
        time_control: TimeControl,
        starts_in_s: u64,
        minutes: u32,
    },
    /// Joins an arena (again, after a pause): paired whenever free until its finish.
    JoinArena {
        arena: ArenaId,
    },
    /// Pauses in an arena: no more pairings; the points stay.
    LeaveArena {
        arena: ArenaId,
    },
    /// An arena and its standings.
    ArenaStandings {
        arena: ArenaId,
    },
    /// The player's correspondence games in progress (answered with `correspondence`). Such a game is opened
    /// with `sync`; it is not in `welcome`'s games.
    Correspondence,
}

fn default_true() -> bool {
    true
}

fn default_page() -> u32 {
    20
}

/// Server → client.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMessage {
    /// The answer to `hello`: the player the token belongs to (none without a token), the games on a clock in
    /// progress (a `game_state` follows for each; correspondence games are listed by `correspondence`) and the
    /// time controls quick pairing offers.
    Welcome {
        protocol: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<PlayerInfo>,
        games: Vec<GameId>,
        presets: Vec<TimeControl>,
    },
    /// A new account. The token is shown this once; the server keeps only its hash.
    Account {
        player: PlayerInfo,
        token: String,
    },
    Seeking {
        time_control: TimeControl,
    },
    SeekCancelled,
    Invite {
        code: String,
        time_control: TimeControl,
        rated: bool,
    },
    InviteCancelled,
    GameState(Box<GameState>),
    /// A move was played and stored: to the mover it is the acknowledgement, to the opponent the move.
    /// `ply` is the number of plies before it; `clocks` are read after it (increment added).
    Moved {
        game: GameId,
        ply: u32,
        #[serde(rename = "move")]
        mv: String,
        by: Color,
        clocks: Clocks,
    },
    DrawOffered {
        game: GameId,
        by: Color,
    },
    DrawDeclined {
        game: GameId,
        by: Color,
    },
    Reaction {
        game: GameId,
        reaction: Reaction,
    },
    OpponentConnection {
        game: GameId,
        connected: bool,
    },
    GameEnd {
        game: GameId,
        result: GameResult,
        clocks: Clocks,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ratings: Option<RatingChanges>,
    },
    RematchOffered {
        game: GameId,
        by: Color,
    },
    RematchDeclined {
        game: GameId,
        by: Color,
    },
    Leaderboard {
        speed: Speed,
        offset: u32,
        entries: Vec<LeaderboardEntry>,
    },
    Profile {
        player: PlayerInfo,
        /// Unix milliseconds.
        created_at_ms: i64,
        ratings: Vec<RatingInfo>,
        history: Vec<RatingPoint>,
        recent: Vec<GameSummary>,
        /// Finished arenas the player scored in, the latest first (at most 10).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        arenas: Vec<ArenaResult>,
    },
    GameRecord(Box<GameRecord>),
    /// The server's wall clock, Unix milliseconds.
    Pong {
        server_time_ms: i64,
    },
    Error {
        code: ErrorCode,
        message: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        game: Option<GameId>,
    },
    /// A code to type on the new device, valid `expires_in_ms` and once.
    LinkCode {
        code: String,
        expires_in_ms: u64,
    },
    /// The account's devices, the most recently seen first.
    Devices {
        devices: Vec<DeviceInfo>,
    },
    /// The device is signed out (its token no longer works).
    DeviceSignedOut {
        device: i64,
    },
    /// The players one follows, online ones first.
    Friends {
        friends: Vec<Friend>,
    },
    /// A challenge: the answer to `challenge`, and an event for the player challenged.
    Challenge {
        challenge: Challenge,
    },
    /// A challenge is no longer open: the answer to `decline_challenge` and `cancel_challenge`, and an event for
    /// the other player (and for both when it expires).
    ChallengeClosed {
        challenge: i64,
        end: ChallengeEnd,
    },
    /// The open challenges: made to this player (`incoming`) and by them (`outgoing`), the newest first.
    Challenges {
        incoming: Vec<Challenge>,
        outgoing: Vec<Challenge>,
    },
    /// The players this player blocks.
    Blocked {
        players: Vec<PlayerInfo>,
    },
    /// Games in progress: those of players one follows first, then by the players' average rating.
    LiveGames {
        games: Vec<LiveGame>,
    },
    /// The answer to `watch`: the game as a spectator sees it.
    Watching(Box<WatchState>),
    /// The answer to `unwatch`.
    Unwatched {
        game: GameId,
    },
    /// The players waiting for an opponent, the longest waiting first.
    OpenSeeks {
        seeks: Vec<OpenSeek>,
    },
    /// The answer to `arenas`: the running ones, the upcoming ones (soonest first), then those finished in the
    /// last day that someone played (latest first).
    Arenas {
        arenas: Vec<ArenaInfo>,
    },
    /// An arena and its standings: the answer to `create_arena`, `join_arena`, `leave_arena` and
    /// `arena_standings`.
    Arena {
        arena: ArenaInfo,
        standings: Vec<ArenaStanding>,
    },
    /// The player's correspondence games in progress: those where it is their move first, the least time left
    /// first.
    Correspondence {
        games: Vec<CorrespondenceGame>,
    },
    /// How many people watch a game: sent to its players and spectators when it changes.
    Spectators {
        game: GameId,
        count: u32,
    },
    /// A message type of a later server of the same protocol version: a client reads it as this and ignores it.
    #[serde(other)]
    Unknown,
}

/// One device signed in to an account.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeviceInfo {
    pub id: i64,
    /// The name the device gave when it was linked (empty for the one that made the account).
    pub label: String,
    pub created_ms: i64,
    pub last_seen_ms: i64,
    /// The device asking.
    #[serde(default)]
    pub this_device: bool,
}

/// What went wrong, for programs; the message says it for people.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// Not JSON, not an object of a known type, or a field of the wrong type.
    Malformed,
    /// Longer than [`MAX_CLIENT_FRAME`].
    TooLarge,
    /// A binary frame (only text frames carry messages).
    BinaryFrame,
    /// `hello` with another protocol version; the connection is closed after this error.
    UnsupportedVersion,
    /// The first frame was not `hello`, or `hello` came twice.
    HelloFirst,
    /// The request needs an account (a `hello` with a token, or `create_account`).
    NotAuthenticated,
    /// The token names no account; the connection is closed after this error.
    UnknownToken,
    AlreadyAuthenticated,
    NicknameInvalid,
    NicknameTaken,
    /// Quick pairing takes only the preset time controls.
    UnknownTimeControl,
    /// A seek or invite while a game is in progress, or a second seek.
    Busy,
    UnknownInvite,
    OwnInvite,
    UnknownGame,
    /// The game is someone else's.
    NotYourGame,
    NotYourTurn,
    /// `ply` does not match the game (the client is out of step: it should `sync`).
    WrongPly,
    IllegalMove,
    GameOver,
    /// A draw to accept or decline when none is offered, an offer of your own, and the like.
    NoOffer,
    /// Not one of the offered reaction emoji.
    UnknownReaction,
    RematchUnavailable,
    UnknownPlayer,
    /// Too many frames; this one was dropped.
    RateLimited,
    /// The database is unreachable for now; try again.
    Unavailable,
    Internal,
    /// A link code that is wrong, used or expired (one answer for all three: a guess learns nothing).
    UnknownLinkCode,
    /// No device of this account has that id.
    UnknownDevice,
    /// No open challenge of this player has that id (accepted, declined, withdrawn or expired).
    UnknownChallenge,
    /// A challenge or follow the server does not make: oneself, a player who blocks the asker or whom the asker
    /// blocks, a second challenge to the same player, or too many open challenges.
    Refused,
    /// The seek is no longer open (taken by someone else, withdrawn, or one's own).
    UnknownSeek,
    /// No such arena, or it has finished (joining), or an arena the server does not make (its name, clock,
    /// start or length).
    UnknownArena,
}

impl ErrorCode {
    /// Every code, in the order of the enum (and of the list in `docs/protocol.md`).
    pub const ALL: [ErrorCode; 33] = [
        ErrorCode::Malformed,
        ErrorCode::TooLarge,
        ErrorCode::BinaryFrame,
        ErrorCode::UnsupportedVersion,
        ErrorCode::HelloFirst,
        ErrorCode::NotAuthenticated,
        ErrorCode::UnknownToken,
        ErrorCode::AlreadyAuthenticated,
        ErrorCode::NicknameInvalid,
        ErrorCode::NicknameTaken,
        ErrorCode::UnknownTimeControl,
        ErrorCode::Busy,
        ErrorCode::UnknownInvite,
        ErrorCode::OwnInvite,
        ErrorCode::UnknownGame,
        ErrorCode::NotYourGame,
        ErrorCode::NotYourTurn,
        ErrorCode::WrongPly,
        ErrorCode::IllegalMove,
        ErrorCode::GameOver,
        ErrorCode::NoOffer,
        ErrorCode::UnknownReaction,
        ErrorCode::RematchUnavailable,
        ErrorCode::UnknownPlayer,
        ErrorCode::RateLimited,
        ErrorCode::Unavailable,
        ErrorCode::Internal,
        ErrorCode::UnknownLinkCode,
        ErrorCode::UnknownDevice,
        ErrorCode::UnknownChallenge,
        ErrorCode::Refused,
        ErrorCode::UnknownSeek,
        ErrorCode::UnknownArena,
    ];

    /// The wire name.
    pub fn name(self) -> String {
        serde_json::to_value(self).ok().and_then(|v| v.as_str().map(str::to_string)).unwrap_or_default()
    }
}

/// A client frame: a message and the optional request id the server echoes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ClientFrame {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<u64>,
    #[serde(flatten)]
    pub message: ClientMessage,
}

/// A server frame: a message and, when it answers a request that carried an id, that id.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ServerFrame {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub re: Option<u64>,
    #[serde(flatten)]
    pub message: ServerMessage,
}

impl ServerFrame {
    pub fn new(message: ServerMessage) -> ServerFrame {
        ServerFrame { re: None, message }
    }

    pub fn error(code: ErrorCode, message: impl Into<String>) -> ServerFrame {
        ServerFrame::new(ServerMessage::Error { code, message: message.into(), game: None })
    }
}

/// Why a frame could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DecodeError {
    TooLarge {
        len: usize,
        max: usize,
    },
    /// Not a message of this protocol; the text says why (serde's words: field, type and position).
    Malformed(String),
}

impl DecodeError {
    pub fn code(&self) -> ErrorCode {
        match self {
            DecodeError::TooLarge { .. } => ErrorCode::TooLarge,
            DecodeError::Malformed(_) => ErrorCode::Malformed,
        }
    }
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DecodeError::TooLarge { len, max } => write!(f, "frame of {len} bytes is larger than {max}"),
            DecodeError::Malformed(why) => write!(f, "malformed frame: {why}"),
        }
    }
}

impl std::error::Error for DecodeError {}

/// Reads one frame of at most `max` bytes; the length is checked before any parsing.
pub fn decode<T: DeserializeOwned>(text: &str, max: usize) -> Result<T, DecodeError> {
    if text.len() > max {
        return Err(DecodeError::TooLarge { len: text.len(), max });
    }
    serde_json::from_str(text).map_err(|e| DecodeError::Malformed(e.to_string()))
}

/// A client frame as the server reads it (at most [`MAX_CLIENT_FRAME`] bytes).
pub fn decode_client(text: &str) -> Result<ClientFrame, DecodeError> {
    decode(text, MAX_CLIENT_FRAME)
}

/// A server frame as a client reads it (at most [`MAX_SERVER_FRAME`] bytes).
pub fn decode_server(text: &str) -> Result<ServerFrame, DecodeError> {
    decode(text, MAX_SERVER_FRAME)
}

/// Writes a frame. The message types hold only strings, numbers and plain enums, so writing cannot fail.
pub fn encode<T: Serialize>(frame: &T) -> String {
    serde_json::to_string(frame).expect("protocol types always serialise")
}

#[cfg(test)]
mod tests {
    use super::*;

    // Every message's round trip: `samples`.
    #[test]
    fn a_correspondence_time_control_names_its_days_and_a_clock_leaves_them_out() {
        let three = TimeControl::correspondence(3);
        assert!(three.is_correspondence() && !TimeControl::clock(60_000, 0).is_correspondence());
        assert_eq!(encode(&three), r#"{"base_ms":259200000,"increment_ms":0,"days_per_move":3}"#);
        assert_eq!(encode(&TimeControl::clock(60_000, 0)), r#"{"base_ms":60000,"increment_ms":0}"#);
        // A client of before correspondence sends no `days_per_move`: a clock.
        let old: TimeControl = serde_json::from_str(r#"{"base_ms":60000,"increment_ms":0}"#).unwrap();
        assert_eq!(old, TimeControl::clock(60_000, 0));
    }

    #[test]
    fn a_later_servers_message_is_read_as_unknown() {
        let later = decode_server(r#"{"type":"tournament_starts","in_ms":5000}"#).unwrap();
        assert_eq!(later.message, ServerMessage::Unknown);
    }

    #[test]
    fn wire_form_is_the_documented_one() {
        let f: ClientFrame = decode_client(r#"{"type":"move","id":9,"game":12,"ply":0,"move":"c3-d4"}"#).unwrap();
        assert_eq!(f.id, Some(9));
        assert_eq!(f.message, ClientMessage::Move { game: 12, ply: 0, mv: "c3-d4".into(), think_ms: None });
        let f: ClientFrame =
            decode_client(r#"{"type":"create_invite","time_control":{"base_ms":300000,"increment_ms":3000}}"#).unwrap();
        assert_eq!(
            f.message,
            ClientMessage::CreateInvite { time_control: TimeControl::clock(300_000, 3000), rated: true }
        );
        let e = encode(&ServerFrame::error(ErrorCode::NotYourTurn, "wait"));
        assert_eq!(e, r#"{"type":"error","code":"not_your_turn","message":"wait"}"#);
        assert_eq!(ErrorCode::UnknownToken.name(), "unknown_token");
        assert_eq!(encode(&ClientFrame { id: None, message: ClientMessage::Ping }), r#"{"type":"ping"}"#);
    }

    #[test]
    fn bad_frames_are_typed_errors() {
        let big = format!(r#"{{"type":"create_account","nickname":"{}"}}"#, "a".repeat(MAX_CLIENT_FRAME));
        assert!(matches!(decode_client(&big), Err(DecodeError::TooLarge { .. })));
        for bad in [
            "",
            "null",
            "[]",
            "{}",
            r#"{"type":"fly"}"#,
            r#"{"type":"move","game":"x","ply":0,"move":"c3-d4"}"#,
            r#"{"type":"move","game":1,"ply":-1,"move":"c3-d4"}"#,
            r#"{"type":"hello"}"#,
            r#"{"type":"seek","time_control":{"base_ms":1e400,"increment_ms":0}}"#,
            "{\"type\":\"ping\"",
        ] {
            let err = decode_client(bad).unwrap_err();
            assert_eq!(err.code(), ErrorCode::Malformed, "{bad}: {err}");
        }
    }

    #[test]
    fn every_end_reason_name_round_trips() {
        for r in EndReason::ALL {
            assert_eq!(EndReason::from_name(r.name()), Some(r));
            assert_eq!(serde_json::to_value(r).unwrap(), serde_json::Value::String(r.name().into()));
        }
        for s in Speed::ALL {
            assert_eq!(Speed::from_name(s.name()), Some(s));
        }
        for c in [ColorChoice::White, ColorChoice::Black, ColorChoice::Random] {
            assert_eq!(ColorChoice::from_name(c.name()), Some(c));
            assert_eq!(serde_json::to_value(c).unwrap(), serde_json::Value::String(c.name().into()));
        }
    }

    #[test]
    fn error_code_list_is_complete_and_absent_winner_is_left_out() {
        // The match fails to compile when a code is added, reminding to add it to `ALL` (and the document).
        let position = |c: ErrorCode| match c {
            ErrorCode::Malformed => 0,
            ErrorCode::TooLarge => 1,
            ErrorCode::BinaryFrame => 2,
            ErrorCode::UnsupportedVersion => 3,
            ErrorCode::HelloFirst => 4,
            ErrorCode::NotAuthenticated => 5,
            ErrorCode::UnknownToken => 6,
            ErrorCode::AlreadyAuthenticated => 7,
            ErrorCode::NicknameInvalid => 8,
            ErrorCode::NicknameTaken => 9,
            ErrorCode::UnknownTimeControl => 10,
            ErrorCode::Busy => 11,
            ErrorCode::UnknownInvite => 12,
            ErrorCode::OwnInvite => 13,
            ErrorCode::UnknownGame => 14,
            ErrorCode::NotYourGame => 15,
            ErrorCode::NotYourTurn => 16,
            ErrorCode::WrongPly => 17,
            ErrorCode::IllegalMove => 18,
            ErrorCode::GameOver => 19,
            ErrorCode::NoOffer => 20,
            ErrorCode::UnknownReaction => 21,
            ErrorCode::RematchUnavailable => 22,
            ErrorCode::UnknownPlayer => 23,
            ErrorCode::RateLimited => 24,
            ErrorCode::Unavailable => 25,
            ErrorCode::Internal => 26,
            ErrorCode::UnknownLinkCode => 27,
            ErrorCode::UnknownDevice => 28,
            ErrorCode::UnknownChallenge => 29,
            ErrorCode::Refused => 30,
            ErrorCode::UnknownSeek => 31,
            ErrorCode::UnknownArena => 32,
        };
        for (i, c) in ErrorCode::ALL.into_iter().enumerate() {
            assert_eq!(position(c), i, "{c:?}");
        }
        let draw = GameResult { winner: None, reason: EndReason::Agreement };
        assert_eq!(encode(&draw), r#"{"reason":"agreement"}"#);
        assert_eq!(serde_json::from_str::<GameResult>(r#"{"reason":"aborted"}"#).unwrap().winner, None);
    }
}
