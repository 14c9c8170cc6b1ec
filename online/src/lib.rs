//! `giveaway-online`, the online client: an account kept on this device, quick pairing and invite codes, and the game itself
//! played through the same [`GameController`] and `Snapshot` as every offline game, with the server's word
//! final on moves, clocks and endings. A finished game is in the local library (mode online, both players'
//! ratings and the rating change as PDN tags) to replay and analyse like any other.
//!
//! The socket runs on a thread of its own (`connection`); the front end reads [`OnlineClient::state`] and
//! [`OnlineClient::take_events`] when its observer is called, as it does for a game screen.
//!
//! Failures, as the player meets them: the connection lost (or a server restart) → `Offline` with the reason
//! and the next attempt's delay, then `Connecting`, and the game in progress comes back with every move; a
//! move made while offline stays on the board and is sent when the connection is back — or, if the server
//! will not take it, it is taken back and [`OnlineEvent::MoveRefused`] says why; a token the server does not
//! know is forgotten ([`OnlineEvent::SignedOut`]) and a new account can be made; a server of another protocol
//! version gives [`Connection::UpdateNeeded`] and no retrying.
//!
//! Inside, one module a job: the records the screens see (`views`), the conversions from and to the protocol's
//! types (`wire`), the client and its handling of the server's frames (`client`), the online game's seat, which
//! sends the player's own actions (`seat`), the socket (`connection`), the decided screen (`screen`) and
//! friends, challenges and blocked players (`social`), the open seeks (`seeks`), the games watched (`watch`) and
//! correspondence games (`correspondence`).
//!
//! [`GameController`]: giveaway_app::GameController

#![warn(missing_docs)]

mod arenas;
mod client;
mod connection;
mod correspondence;
mod screen;
mod seat;
mod seeks;
mod social;
mod views;
mod watch;
mod wire;

pub use arenas::{ArenaActions, ArenaLine, ArenaResultView, ArenaScreen, ArenaStatus, ArenaView, ScheduledArena};
pub use client::OnlineClient;
pub use correspondence::{CorrespondenceView, YourMoveCheck, DEFAULT_DAYS_PER_MOVE};
pub use giveaway_protocol::{ErrorCode, CORRESPONDENCE_DAYS};
pub use screen::{
    AccountState, LobbyActions, OnlineGame, OnlineGameActions, OnlineGameStatus, OnlineProblem, OnlineScreen,
    OnlineUpdate, RematchState,
};
pub use seeks::SeekView;
pub use social::{ChallengeColor, ChallengeOutcome, ChallengeView, FriendView, SocialScreen};
pub use views::{
    Connection, DeviceView, GameId, Leaderboard, LeaderboardRow, LinkCodeView, Lobby, OnlineEnd, OnlineEvent,
    OnlineGameView, OnlinePlayer, OnlineState, ProfileView, RatingChange, RatingView, RecentGame, SeatView,
};
pub use watch::{LiveGameView, WatchScreen};

#[cfg(test)]
mod tests;

#[cfg(test)]
mod screen_tests;
