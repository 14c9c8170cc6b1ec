//! What the online screens show: the connection, the account, the lobby, the online game, ratings.
//!
//! Each mirrors a type of the crates below field for field (`uniffi::remote`): the compiler checks
//! every mirror against the real type. The docs are the real type's, repeated because uniffi reads only these
//! into the Kotlin and Swift bindings.

use giveaway_core::game::EndReason;
use giveaway_core::position::Color;
use giveaway_core::record::{Speed, TimeControl};
use giveaway_online::{
    AccountState, Connection, DeviceView, ErrorCode, Leaderboard, LeaderboardRow, LinkCodeView, Lobby, LobbyActions,
    OnlineEnd, OnlineEvent, OnlineGame, OnlineGameActions, OnlineGameStatus, OnlinePlayer, OnlineProblem, OnlineScreen,
    OnlineUpdate, ProfileView, RatingChange, RatingView, RecentGame, RematchState, SeatView,
};
use giveaway_online::{ArenaResultView, ArenaScreen, ArenaView, CorrespondenceView};
use giveaway_online::{ChallengeOutcome, ChallengeView, LiveGameView, SeekView, SocialScreen, WatchScreen};

/// How fast a time control is: the category a preset is named by, and the one online ratings are kept per.
#[uniffi::remote(Enum)]
pub enum Speed {
    /// Expected game length per side (base + 40 increments) under 3 minutes.
    Bullet,
    /// 3 to under 8 minutes.
    Blitz,
    /// 8 to under 25 minutes.
    Rapid,
    /// 25 minutes or more.
    Classic,
}

/// The state of the connection to the server.
#[uniffi::remote(Enum)]
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
    /// no more attempts until `reconnect` (which takes the account back here).
    Replaced,
}

/// One device signed in to this account (see `OnlineClient::devices`).
#[uniffi::remote(Record)]
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
#[uniffi::remote(Record)]
pub struct LinkCodeView {
    /// `K7QM-2XPD`.
    pub code: String,
    /// How long it is still valid.
    pub remaining_ms: u64,
}

/// What the player is waiting for in the lobby.
#[uniffi::remote(Enum)]
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

/// A player as others see them.
#[uniffi::remote(Record)]
pub struct OnlinePlayer {
    /// The player's number on the server.
    pub id: i64,
    /// Unique on the server (compared without regard to case and width).
    pub nickname: String,
}

/// A rating before and after a rated game.
#[uniffi::remote(Record)]
pub struct RatingChange {
    /// Glicko-2 rating before the game.
    pub before: f64,
    /// Glicko-2 rating after it.
    pub after: f64,
    /// Still provisional after the game (few games played yet).
    pub provisional: bool,
}

/// One line of the leaderboard.
#[uniffi::remote(Record)]
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
#[uniffi::remote(Record)]
pub struct Leaderboard {
    /// The speed the ratings are of.
    pub speed: Speed,
    /// Best first.
    pub rows: Vec<LeaderboardRow>,
}

/// A player's rating in one speed.
#[uniffi::remote(Record)]
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
#[uniffi::remote(Record)]
pub struct RecentGame {
    /// The game's number on the server.
    pub game: i64,
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
#[uniffi::remote(Record)]
pub struct SeatView {
    /// The player's nickname.
    pub nickname: String,
    /// The rating in the game's speed when the game started.
    pub rating: f64,
    /// The rating is still provisional.
    pub provisional: bool,
}

/// How an online game ended, for the player.
#[uniffi::remote(Record)]
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

/// A player's public page.
#[uniffi::remote(Record)]
pub struct ProfileView {
    /// Whose page.
    pub player: OnlinePlayer,
    /// One per speed played.
    pub ratings: Vec<RatingView>,
    /// The last finished games, newest first.
    pub recent: Vec<RecentGame>,
    /// The finished arenas played, the latest first.
    pub arenas: Vec<ArenaResultView>,
}

/// One-off things to tell the player, oldest first.
#[uniffi::remote(Enum)]
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
        game: i64,
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
        challenge: ChallengeView,
    },
    /// A challenge this player made or got is no longer open.
    ChallengeClosed {
        /// The other player.
        opponent: OnlinePlayer,
        /// How it ended.
        outcome: ChallengeOutcome,
    },
    /// A request was refused.
    Refused {
        /// Why, as the protocol names it, for the shells to word.
        code: ErrorCode,
        /// The English text.
        message: String,
    },
}

/// What went wrong, for programs; the message says it for people.
#[uniffi::remote(Enum)]
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
    /// A second `hello` with a token or `create_account` on a connection that has an account.
    AlreadyAuthenticated,
    /// The nickname is empty, too long or has characters a nickname cannot have.
    NicknameInvalid,
    /// Another account has this nickname.
    NicknameTaken,
    /// Quick pairing takes only the preset time controls.
    UnknownTimeControl,
    /// A seek or invite while a game is in progress, or a second seek.
    Busy,
    /// No open invitation has this code (mistyped, cancelled or already taken).
    UnknownInvite,
    /// The invitation is this account's own.
    OwnInvite,
    /// No game has this id.
    UnknownGame,
    /// The game is someone else's.
    NotYourGame,
    /// A move while the opponent is to move.
    NotYourTurn,
    /// `ply` does not match the game (the client is out of step: it should `sync`).
    WrongPly,
    /// The move is not legal in the game's position.
    IllegalMove,
    /// The game has ended; no more moves or offers.
    GameOver,
    /// A draw to accept or decline when none is offered, an offer of your own, and the like.
    NoOffer,
    /// Not one of the offered reaction emoji.
    UnknownReaction,
    /// No rematch can be offered or accepted now (the opponent left, or one is pending).
    RematchUnavailable,
    /// No account has this nickname (a profile request).
    UnknownPlayer,
    /// Too many frames; this one was dropped.
    RateLimited,
    /// The database is unreachable for now; try again.
    Unavailable,
    /// A fault on the server; the request can be tried again later.
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

/// What stands between the player and online play, with its way on.
#[uniffi::remote(Enum)]
pub enum OnlineProblem {
    /// The connection was lost (or a server restart): the client tries again by itself in `retry_in_ms`, and
    /// [`LobbyActions::try_now`] at once. A game in progress comes back with every move.
    Offline {
        /// Why, in English (for the log and as a fallback).
        reason: String,
        /// How long until the next attempt.
        retry_in_ms: u64,
    },
    /// The server speaks another protocol version: only an update of the app helps (no more attempts).
    UpdateNeeded {
        /// The server's words.
        message: String,
    },
    /// The server did not know this device's account, so it was forgotten: choose a nickname for a new one.
    SignedOut,
    /// The client was closed: a new connection is needed to play (the shell makes one).
    Closed,
    /// The account is in use on another device, which the server keeps: `try_now` takes it back here (and ends
    /// the other device's connection).
    PlayingElsewhere,
}

/// This device's account on the server.
#[uniffi::remote(Enum)]
pub enum AccountState {
    /// Not greeted by the server yet: whether this device has an account is not known.
    Unknown,
    /// Greeted without an account: the account form shows.
    Needed,
    /// Playing as this player.
    SignedIn {
        /// Who this device is.
        player: OnlinePlayer,
    },
}

/// Which lobby actions do something now.
#[uniffi::remote(Record)]
pub struct LobbyActions {
    /// Connect again now instead of waiting (`reconnect`).
    pub try_now: bool,
    /// Make an account (`create_account`).
    pub create_account: bool,
    /// Quick pairing (`seek`).
    pub seek: bool,
    /// Stop looking for an opponent (`cancel_seek`).
    pub cancel_seek: bool,
    /// Make an invite code (`create_invite`).
    pub invite: bool,
    /// Withdraw the invite code (`cancel_invite`).
    pub cancel_invite: bool,
    /// Type a friend's code (`accept_invite`).
    pub join_with_code: bool,
    /// The leaderboard and profiles (`leaderboard`, `profile`).
    pub browse: bool,
    /// A game is being played: its board can be opened again.
    pub back_to_game: bool,
    /// Show a code to link another device, list and sign out devices (`create_link_code`, `devices`,
    /// `sign_out_device`).
    pub devices: bool,
    /// Link this device to an existing account with a code from another device (`redeem_link_code`).
    pub redeem_link_code: bool,
    /// Friends, challenges and blocking (`follow`, `challenge`, `block` and the rest).
    pub social: bool,
    /// The live games list and watching one (`live_games`, `watch`).
    pub watch: bool,
    /// Play one of the open seeks (`accept_seek`): not while seeking, inviting or playing.
    pub accept_seek: bool,
}

/// The online game's rematch, after the end.
#[uniffi::remote(Enum)]
pub enum RematchState {
    /// The game is not over (or aborted): no rematch yet.
    Unavailable,
    /// Nobody has offered: this player may (`offer_rematch`).
    CanOffer,
    /// This player offered and waits for the opponent.
    Offered,
    /// The opponent offers: accept (`offer_rematch`) or decline (`decline_rematch`).
    OfferedToYou,
}

/// Where the online game stands, as the server will act on it.
#[uniffi::remote(Enum)]
pub enum OnlineGameStatus {
    /// `side` has not made its first move: the clocks do not run yet, and unless the move comes within
    /// `remaining_ms` the server aborts the game (unrated, not kept).
    FirstMove {
        /// Who must move.
        side: Color,
        /// Milliseconds left for that first move.
        remaining_ms: u64,
    },
    /// The clocks run for `side`.
    Playing {
        /// The side to move.
        side: Color,
    },
    /// This device is not connected: the game goes on on the server and comes back with the connection.
    Reconnecting,
    /// Over, as the server ended it.
    Over {
        /// How, with the rating change.
        end: OnlineEnd,
    },
}

/// Which online game actions do something now (the board's own — moves, draw answers — are its controller's).
#[uniffi::remote(Record)]
pub struct OnlineGameActions {
    /// Resign, offer a draw, react: the game is in progress.
    pub in_game: bool,
    /// Offer a rematch, or accept the opponent's.
    pub offer_rematch: bool,
    /// Decline the opponent's rematch offer.
    pub decline_rematch: bool,
    /// Close the finished game's board (`leave_game`).
    pub back_to_lobby: bool,
}

/// The online game, seen from this device.
#[uniffi::remote(Record)]
pub struct OnlineGame {
    /// The game's number on the server.
    pub game: i64,
    /// This device's colour.
    pub you: Color,
    /// This device's seat.
    pub player: SeatView,
    /// The opponent's seat.
    pub opponent: SeatView,
    /// The same for both sides.
    pub time_control: TimeControl,
    /// The time control's speed.
    pub speed: Speed,
    /// Whether the game changes ratings.
    pub rated: bool,
    /// Correspondence: the days per move (the board may be closed while the game goes on).
    pub days_per_move: Option<u32>,
    /// What the server will do next.
    pub status: OnlineGameStatus,
    /// The opponent's connection dropped while the game goes on (after 60 s away they lose; never in
    /// correspondence, where being away is the normal case).
    pub opponent_away: bool,
    /// The rematch after the end.
    pub rematch: RematchState,
    /// Which buttons do something now.
    pub actions: OnlineGameActions,
    /// People watching the game.
    pub spectators: u32,
    /// The arena the game is played in.
    pub arena: Option<i64>,
}

/// Everything the online screens draw.
#[uniffi::remote(Record)]
pub struct OnlineScreen {
    /// The server's address, as given.
    pub server: String,
    /// The connection as it is.
    pub connection: Connection,
    /// What keeps the player from playing, if anything.
    pub problem: Option<OnlineProblem>,
    /// This device's account.
    pub account: AccountState,
    /// A seek or an invite waiting.
    pub lobby: Lobby,
    /// Which lobby actions do something now.
    pub actions: LobbyActions,
    /// The time controls quick pairing and invites offer.
    pub presets: Vec<TimeControl>,
    /// The preset chosen first (`5+3` when offered), an index into `presets`.
    pub default_preset: u32,
    /// The online game on this device.
    pub game: Option<OnlineGame>,
    /// The last leaderboard asked for.
    pub leaderboard: Option<Leaderboard>,
    /// The last profile asked for.
    pub profile: Option<ProfileView>,
    /// The link code shown for a new device, while it is valid.
    pub link_code: Option<LinkCodeView>,
    /// The account's devices, the most recently seen first, as last asked for (empty before).
    pub devices: Vec<DeviceView>,
    /// Friends, open challenges and blocked players.
    pub social: SocialScreen,
    /// The live games as last asked for (`live_games`).
    pub live_games: Vec<LiveGameView>,
    /// The players waiting for an opponent, as last asked for (`open_seeks`), the longest waiting first.
    pub open_seeks: Vec<SeekView>,
    /// The game watched, once the server has sent it (`watch`).
    pub watching: Option<WatchScreen>,
    /// The arenas as last asked for (`arenas`): running, then upcoming, then finished.
    pub arenas: Vec<ArenaView>,
    /// The player's correspondence games in progress, their move first, as last asked for (`correspondence`;
    /// asked at every connection).
    pub correspondence: Vec<CorrespondenceView>,
    /// The arena shown with its standings (`arena_standings`, `join_arena`, `create_arena`), until
    /// `close_arena`.
    pub arena: Option<ArenaScreen>,
    /// Milliseconds until this state changes by itself (the first-move countdown's next second): when to
    /// read it again. `None`: nothing counts down.
    pub next_tick_ms: Option<u64>,
}

/// What changed since the last read: the events, and the screen as it stands after them.
#[uniffi::remote(Record)]
pub struct OnlineUpdate {
    /// What the online screens draw now: it already shows every change that `events` tell of.
    pub screen: OnlineScreen,
    /// The events since the last read, oldest first.
    pub events: Vec<OnlineEvent>,
}
