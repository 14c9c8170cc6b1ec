//! `giveaway-online`, the online client: an account kept on this device, quick pairing and invite codes, and the game itself
//! played through the same [`GameController`] and `Snapshot` as every offline game, with the server's word
//! final on moves, clocks and endings. A finished game is in the local library (mode online, both players'
//! ratings and the rating change as PDN tags) to replay and analyse like any other.
//!
//! The socket runs on a thread of its own ([`connection`]); the front end reads [`OnlineClient::state`] and
//! [`OnlineClient::take_events`] when its observer is called, as it does for a game screen.
//!
//! Failures, as the player meets them: the connection lost (or a server restart) → `Offline` with the reason
//! and the next attempt's delay, then `Connecting`, and the game in progress comes back with every move; a
//! move made while offline stays on the board and is sent when the connection is back — or, if the server
//! will not take it, it is taken back and [`OnlineEvent::MoveRefused`] says why; a token the server does not
//! know is forgotten ([`OnlineEvent::SignedOut`]) and a new account can be made; a server of another protocol
//! version gives [`Connection::UpdateNeeded`] and no retrying.

#![warn(missing_docs)]

mod connection;
mod screen;

pub use giveaway_protocol::ErrorCode;
pub use screen::{AccountState, LobbyActions, OnlineGameActions, OnlineGame, OnlineGameStatus, OnlineProblem, OnlineScreen, RematchState};

use giveaway_app::background::{Background, Observer};
use giveaway_app::game::controller::Seat;
use giveaway_app::game::state::ServerGame;
use giveaway_app::game::GameController;
use giveaway_app::library::GameLibrary;
use giveaway_app::{ApiResult, GiveawayError, NewGame, Opponent, StartPosition};
use connection::Command;
use giveaway_core::game::{EndReason, GameResult as CoreResult, Outcome};
use giveaway_core::position::Color;
use giveaway_core::record::{Reaction as CoreReaction, SideTime, Speed, TimeControl};
use giveaway_protocol::{self as wire, ClientMessage, GameState as WireGame, Reaction, ServerMessage};
use std::sync::{Arc, Mutex, MutexGuard, Weak};
use std::time::Instant;
use tokio::sync::mpsc;

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
    /// [`OnlineClient::disconnect`] was called.
    Closed,
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
    /// The same for both sides.
    pub time_control: TimeControl,
    /// The time control's speed (ratings are kept per speed).
    pub speed: Speed,
    /// Whether the game changes ratings.
    pub rated: bool,
    /// The opponent is connected (after 60 s away while this player is connected, they lose).
    pub opponent_connected: bool,
    /// Set once the game is over (the board stays until [`OnlineClient::leave_game`]).
    pub end: Option<OnlineEnd>,
    /// A rematch offer after the end, and by whom.
    pub rematch_offer: Option<Color>,
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
    /// The online game on this device (its board: [`OnlineClient::game`]).
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
    /// A request was refused.
    Refused {
        /// Why, as the protocol names it, for the shells to word.
        code: ErrorCode,
        /// The English text.
        message: String,
    },
}

/// The settings key of this device's token on `server`.
fn token_key(server: &str) -> String {
    format!("online.token {server}")
}

/// The settings key of the local copy of server game `game` while it is played.
fn game_key(server: &str, game: GameId) -> String {
    format!("online.game {server} {game}")
}

/// The game being played, with its controller.
struct Live {
    view: OnlineGameView,
    controller: Arc<GameController>,
    local_id: Option<i64>,
    /// This device's move at this ply, sent or to send, until the server acknowledges it.
    pending: Option<(u32, String)>,
    /// When the opponent's last move arrived, for `think_ms`.
    turn_since: Instant,
    /// Until when the side to move may make its first move (the server aborts the game after), while one of
    /// the two first moves is awaited.
    first_move_by: Option<Instant>,
}

struct Shared {
    state: OnlineState,
    events: Vec<OnlineEvent>,
    live: Option<Live>,
    /// The server forgot this device's account, and no new one was made yet.
    signed_out: bool,
}

/// The online client; see the module documentation.
pub struct OnlineClient {
    library: Arc<GameLibrary>,
    background: Arc<dyn Background>,
    observer: Arc<dyn Observer>,
    commands: mpsc::UnboundedSender<Command>,
    shared: Mutex<Shared>,
    me: Weak<OnlineClient>,
}

fn core_time_control(tc: wire::TimeControl) -> TimeControl {
    let side = SideTime { base_ms: tc.base_ms, increment_ms: tc.increment_ms };
    TimeControl { white: side, black: side }
}

/// Online games give both sides the same time: White's is the wire's.
fn wire_time_control(tc: TimeControl) -> ApiResult<wire::TimeControl> {
    if tc.white != tc.black {
        return Err(GiveawayError::BadSetup { reason: "online games give both sides the same time".into() });
    }
    Ok(wire::TimeControl { base_ms: tc.white.base_ms, increment_ms: tc.white.increment_ms })
}

fn core_color(c: wire::Color) -> Color {
    match c {
        wire::Color::White => Color::White,
        wire::Color::Black => Color::Black,
    }
}

fn core_speed(s: wire::Speed) -> Speed {
    Speed::from_name(s.name()).unwrap_or(Speed::Blitz)
}

fn wire_speed(s: Speed) -> wire::Speed {
    wire::Speed::from_name(s.name()).unwrap_or(wire::Speed::Blitz)
}

fn player(p: wire::PlayerInfo) -> OnlinePlayer {
    OnlinePlayer { id: p.id, nickname: p.nickname }
}

fn rating_change(r: wire::RatingChange) -> RatingChange {
    RatingChange { before: r.before, after: r.after, provisional: r.provisional }
}

/// The core's reason for a wire reason; `None` for an aborted game.
fn core_reason(r: wire::EndReason) -> Option<EndReason> {
    Some(match r {
        wire::EndReason::NoLegalMove => EndReason::NoLegalMove,
        wire::EndReason::Resignation => EndReason::Resignation,
        wire::EndReason::Time => EndReason::Time,
        wire::EndReason::Repetition => EndReason::Repetition,
        wire::EndReason::KingMoveRule => EndReason::KingMoveRule,
        wire::EndReason::Agreement => EndReason::Agreement,
        wire::EndReason::Abandonment => EndReason::Abandonment,
        wire::EndReason::Aborted => return None,
    })
}

fn recent_game(g: wire::GameSummary) -> RecentGame {
    RecentGame {
        game: g.game,
        color: core_color(g.color),
        opponent: player(g.opponent),
        time_control: core_time_control(g.time_control),
        speed: core_speed(g.speed),
        rated: g.rated,
        winner: g.result.winner.map(core_color),
        reason: core_reason(g.result.reason),
        rating_change: g.rating_change,
        ended_at_ms: g.ended_at_ms,
    }
}

fn core_reaction(r: &Reaction) -> CoreReaction {
    CoreReaction { ply: r.ply, side: core_color(r.by), emoji: r.emoji.clone() }
}

fn clocks(c: wire::Clocks) -> [i64; 2] {
    [c.white_ms as i64, c.black_ms as i64]
}

fn seat_view(s: &wire::Seat) -> SeatView {
    SeatView { nickname: s.player.nickname.clone(), rating: s.rating, provisional: s.provisional }
}

/// The server's deadline for the side to move's first move, from a game state frame.
fn first_move_by(wire: &WireGame) -> Option<Instant> {
    wire.first_move_deadline_ms.map(|ms| Instant::now() + std::time::Duration::from_millis(ms))
}

fn not_connected() -> GiveawayError {
    GiveawayError::Unavailable { reason: "not connected to the server; trying again".into() }
}

impl OnlineClient {
    /// Connects to `server` (`ws://host:port/ws` or `wss://…`) with this device's account, if it has one.
    pub fn connect(server: &str, library: Arc<GameLibrary>, background: Arc<dyn Background>, observer: Arc<dyn Observer>) -> ApiResult<Arc<OnlineClient>> {
        Self::connect_trusting(server, Vec::new(), library, background, observer)
    }

    /// [`Self::connect`], also trusting the PEM certificates in `extra_roots` for `wss://` (a private server).
    pub fn connect_trusting(
        server: &str,
        extra_roots: Vec<u8>,
        library: Arc<GameLibrary>,
        background: Arc<dyn Background>,
        observer: Arc<dyn Observer>,
    ) -> ApiResult<Arc<OnlineClient>> {
        let (tx, rx) = mpsc::unbounded_channel();
        let state = OnlineState {
            server: server.to_string(),
            connection: Connection::Connecting { attempt: 1 },
            player: None,
            lobby: Lobby::Idle,
            presets: Vec::new(),
            game: None,
            leaderboard: None,
            profile: None,
        };
        let client = Arc::new_cyclic(|me| OnlineClient {
            library,
            background,
            observer,
            commands: tx,
            shared: Mutex::new(Shared { state, events: Vec::new(), live: None, signed_out: false }),
            me: me.clone(),
        });
        connection::spawn(Arc::downgrade(&client), server.to_string(), extra_roots, rx)
            .map_err(|e| GiveawayError::Internal { reason: format!("cannot start the connection thread: {e}") })?;
        Ok(client)
    }

    fn lock(&self) -> MutexGuard<'_, Shared> {
        self.shared.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// What the online screens draw now.
    pub fn state(&self) -> OnlineState {
        let s = self.lock();
        let mut state = s.state.clone();
        state.game = s.live.as_ref().map(|l| l.view.clone());
        state
    }

    /// What the online screens draw now, decided for every front end (see [`OnlineScreen`]).
    pub fn screen(&self) -> OnlineScreen {
        let (state, first_move_by, board) = {
            let s = self.lock();
            let mut state = s.state.clone();
            state.game = s.live.as_ref().map(|l| l.view.clone());
            let live = s.live.as_ref();
            (state, live.and_then(|l| l.first_move_by), live.map(|l| l.controller.clone()))
        };
        // The board is read without the client's lock held (its controller calls back into the client).
        let snapshot = board.map(|c| c.state().snapshot);
        let to_move = snapshot.as_ref().map_or(Color::White, |s| s.side_to_move);
        let awaiting_first = snapshot.as_ref().is_some_and(|s| s.ply < giveaway_app::game::state::TIMED_FROM_PLY as u32);
        let extra = screen::Extra {
            signed_out: self.lock().signed_out,
            first_move: first_move_by.filter(|_| awaiting_first).map(|by| (to_move, by)),
            to_move,
        };
        screen::decide(&state, &extra, Instant::now())
    }

    /// The events since the last call, oldest first.
    pub fn take_events(&self) -> Vec<OnlineEvent> {
        std::mem::take(&mut self.lock().events)
    }

    /// The board of the online game, if there is one: the same controller an offline game screen uses.
    pub fn game(&self) -> Option<Arc<GameController>> {
        self.lock().live.as_ref().map(|l| l.controller.clone())
    }

    fn send(&self, message: ClientMessage) -> ApiResult<()> {
        if self.lock().state.connection != Connection::Online {
            return Err(not_connected());
        }
        self.commands.send(Command::Send(message)).map_err(|_| not_connected())
    }

    /// A new account with this nickname for this device (3–20 characters); the token is kept in the settings.
    pub fn create_account(&self, nickname: &str) -> ApiResult<()> {
        if self.lock().state.player.is_some() {
            return Err(GiveawayError::Unavailable { reason: "this device already has an account".into() });
        }
        self.send(ClientMessage::CreateAccount { nickname: nickname.trim().to_string() })
    }

    fn account(&self) -> ApiResult<()> {
        match self.lock().state.player {
            Some(_) => Ok(()),
            None => Err(GiveawayError::Unavailable { reason: "make an account first".into() }),
        }
    }

    /// Quick pairing with one of the presets.
    pub fn seek(&self, time_control: TimeControl) -> ApiResult<()> {
        self.account()?;
        self.send(ClientMessage::Seek { time_control: wire_time_control(time_control)? })
    }

    /// Stops looking for an opponent.
    pub fn cancel_seek(&self) -> ApiResult<()> {
        self.send(ClientMessage::CancelSeek)
    }

    /// An invite code to give a friend.
    pub fn create_invite(&self, time_control: TimeControl, rated: bool) -> ApiResult<()> {
        self.account()?;
        self.send(ClientMessage::CreateInvite { time_control: wire_time_control(time_control)?, rated })
    }

    /// Plays the friend who gave this code (any case).
    pub fn accept_invite(&self, code: &str) -> ApiResult<()> {
        self.account()?;
        self.send(ClientMessage::AcceptInvite { code: code.trim().to_string() })
    }

    /// Withdraws the invite code.
    pub fn cancel_invite(&self) -> ApiResult<()> {
        self.send(ClientMessage::CancelInvite)
    }

    fn finished_game(&self) -> ApiResult<GameId> {
        match self.lock().live.as_ref() {
            Some(l) if l.view.end.is_some() => Ok(l.view.game),
            _ => Err(GiveawayError::Unavailable { reason: "there is no finished online game".into() }),
        }
    }

    /// After the end: offer the opponent a rematch (colours swapped); accepts theirs.
    pub fn offer_rematch(&self) -> ApiResult<()> {
        let game = self.finished_game()?;
        self.send(ClientMessage::OfferRematch { game })
    }

    /// Declines the opponent's rematch offer.
    pub fn decline_rematch(&self) -> ApiResult<()> {
        let game = self.finished_game()?;
        self.send(ClientMessage::DeclineRematch { game })
    }

    /// Closes the board of a finished game (back to the lobby).
    pub fn leave_game(&self) -> ApiResult<()> {
        let mut s = self.lock();
        match &s.live {
            Some(l) if l.view.end.is_none() => Err(GiveawayError::Unavailable { reason: "the game is still being played".into() }),
            Some(_) => {
                if let Some(l) = s.live.take() {
                    l.controller.leave();
                }
                Ok(())
            }
            None => Ok(()),
        }
    }

    /// Asks for the best established ratings of `speed` (the state's `leaderboard` when they come).
    pub fn leaderboard(&self, speed: Speed) -> ApiResult<()> {
        self.send(ClientMessage::Leaderboard { speed: wire_speed(speed), offset: 0, limit: 20 })
    }

    /// Asks for a player's page (the state's `profile` when it comes).
    pub fn profile(&self, nickname: &str) -> ApiResult<()> {
        self.send(ClientMessage::Profile { nickname: nickname.trim().to_string() })
    }

    /// Tries again now instead of waiting for the next attempt.
    pub fn reconnect(&self) {
        let _ = self.commands.send(Command::Reconnect);
    }

    /// Closes the connection for good (the screen goes away). A game in progress goes on on the server.
    pub fn disconnect(&self) {
        let _ = self.commands.send(Command::Close);
        let mut s = self.lock();
        s.state.connection = Connection::Closed;
        if let Some(l) = s.live.take() {
            l.controller.leave();
        }
    }

    fn server(&self) -> String {
        self.lock().state.server.clone()
    }

    /// The token of this device's account on this server.
    pub(crate) fn token(&self) -> Option<String> {
        let key = token_key(&self.server());
        self.library.storage().setting(&key).ok().flatten().filter(|t| !t.is_empty())
    }

    fn update(&self, f: impl FnOnce(&mut Shared)) {
        f(&mut self.lock());
        self.observer.changed();
    }

    pub(crate) fn connecting(&self, attempt: u32) {
        self.update(|s| {
            if s.state.connection != Connection::Closed {
                s.state.connection = Connection::Connecting { attempt };
            }
        });
    }

    pub(crate) fn disconnected(&self, reason: String, retry_in_ms: u64) {
        self.update(|s| {
            if s.state.connection != Connection::Closed {
                s.state.connection = Connection::Offline { reason, retry_in_ms };
                // A seek or an invite ends with its connection.
                s.state.lobby = Lobby::Idle;
                if let Some(l) = s.live.as_mut() {
                    l.view.opponent_connected = false;
                }
            }
        });
    }

    /// A frame from the server. `replies` are sent back at once; the answer says whether to drop the
    /// connection: `Some(true)` to connect again now, `Some(false)` to stop for good.
    pub(crate) fn received(&self, message: ServerMessage, replies: &mut Vec<ClientMessage>) -> Option<bool> {
        let mut verdict = None;
        match message {
            ServerMessage::Welcome { player, presets, games, .. } => self.update(|s| {
                s.state.connection = Connection::Online;
                s.state.player = player.map(self::player);
                s.state.presets = presets.into_iter().map(core_time_control).collect();
                s.events.push(OnlineEvent::Connected);
                if let Some(l) = s.live.as_ref().filter(|l| l.view.end.is_none() && !games.contains(&l.view.game)) {
                    replies.push(ClientMessage::GetGame { game: l.view.game });
                }
            }),
            ServerMessage::Account { player, token } => {
                let saved = self.library.storage().set_setting(&token_key(&self.server()), &token);
                if let Err(e) = saved {
                    log::error!("the new account's token could not be saved: {e}");
                }
                let player = self::player(player);
                self.update(|s| {
                    s.state.player = Some(player.clone());
                    s.signed_out = false;
                    s.events.push(OnlineEvent::AccountCreated { player });
                });
            }
            ServerMessage::Seeking { time_control } => {
                self.update(|s| s.state.lobby = Lobby::Seeking { time_control: core_time_control(time_control) })
            }
            ServerMessage::Invite { code, time_control, rated } => {
                self.update(|s| s.state.lobby = Lobby::Inviting { code, time_control: core_time_control(time_control), rated })
            }
            ServerMessage::SeekCancelled | ServerMessage::InviteCancelled => self.update(|s| s.state.lobby = Lobby::Idle),
            ServerMessage::GameState(game) => self.game_state(*game, replies),
            ServerMessage::Moved { game, ply, mv, by, clocks: c } => self.moved(game, ply, mv, core_color(by), clocks(c), replies),
            ServerMessage::DrawOffered { game, by } => self.on_board(game, |b| b.set_draw_offer(Some(core_color(by)))),
            ServerMessage::DrawDeclined { game, .. } => self.on_board(game, |b| b.set_draw_offer(None)),
            ServerMessage::Reaction { game, reaction } => self.on_board(game, |b| b.add_reaction(core_reaction(&reaction))),
            ServerMessage::OpponentConnection { game, connected } => self.update(|s| {
                if let Some(l) = s.live.as_mut().filter(|l| l.view.game == game) {
                    l.view.opponent_connected = connected;
                    s.events.push(OnlineEvent::OpponentConnection { connected });
                }
            }),
            ServerMessage::GameEnd { game, result, clocks: c, ratings } => self.game_end(game, result, clocks(c), ratings),
            ServerMessage::RematchOffered { game, by } => self.update(|s| {
                if let Some(l) = s.live.as_mut().filter(|l| l.view.game == game) {
                    l.view.rematch_offer = Some(core_color(by));
                }
            }),
            ServerMessage::RematchDeclined { game, .. } => self.update(|s| {
                if let Some(l) = s.live.as_mut().filter(|l| l.view.game == game) {
                    l.view.rematch_offer = None;
                }
            }),
            ServerMessage::Leaderboard { speed, entries, .. } => {
                let rows = entries
                    .into_iter()
                    .map(|e| LeaderboardRow { rank: e.rank, player: player(e.player), rating: e.rating, deviation: e.deviation, games: e.games })
                    .collect();
                self.update(|s| s.state.leaderboard = Some(Leaderboard { speed: core_speed(speed), rows }))
            }
            ServerMessage::Profile { player: who, ratings, recent, .. } => {
                let ratings = ratings
                    .into_iter()
                    .map(|r| RatingView { speed: core_speed(r.speed), rating: r.rating, deviation: r.deviation, provisional: r.provisional, games: r.games })
                    .collect();
                let profile = ProfileView { player: player(who), ratings, recent: recent.into_iter().map(recent_game).collect() };
                self.update(|s| s.state.profile = Some(profile))
            }
            ServerMessage::Error { code, message, game } => verdict = self.refused(code, message, game, replies),
            ServerMessage::GameRecord(record) => {
                let ours = self.lock().live.as_ref().is_some_and(|l| l.view.game == record.game && l.view.end.is_none());
                if ours {
                    self.ended_while_away(*record, replies);
                }
            }
            ServerMessage::Pong { .. } | ServerMessage::Unknown => {}
        }
        verdict
    }

    fn refused(&self, code: ErrorCode, message: String, game: Option<GameId>, replies: &mut Vec<ClientMessage>) -> Option<bool> {
        match code {
            ErrorCode::UnsupportedVersion => {
                self.update(|s| s.state.connection = Connection::UpdateNeeded { message });
                return Some(false);
            }
            ErrorCode::UnknownToken => {
                if let Err(e) = self.library.storage().set_setting(&token_key(&self.server()), "") {
                    log::error!("the refused token could not be forgotten: {e}");
                }
                self.update(|s| {
                    s.state.player = None;
                    s.signed_out = true;
                    s.events.push(OnlineEvent::SignedOut);
                });
                return Some(true);
            }
            // Out of step with the server, or the move could not be stored yet: the server's state decides.
            ErrorCode::WrongPly | ErrorCode::Unavailable | ErrorCode::IllegalMove | ErrorCode::NotYourTurn if game.is_some() => {
                let mut s = self.lock();
                if let Some(l) = s.live.as_mut().filter(|l| Some(l.view.game) == game) {
                    let resend = code == ErrorCode::Unavailable;
                    match (&l.pending, resend) {
                        (Some((ply, mv)), true) => replies.push(ClientMessage::Move { game: l.view.game, ply: *ply, mv: mv.clone(), think_ms: None }),
                        (Some((_, mv)), false) => {
                            let mv = mv.clone();
                            l.pending = None;
                            s.events.push(OnlineEvent::MoveRefused { mv, reason: message.clone() });
                        }
                        (None, _) => {}
                    }
                    if !resend {
                        replies.push(ClientMessage::Sync { game: game.unwrap_or_default() });
                    }
                    return None;
                }
            }
            _ => {}
        }
        self.update(|s| s.events.push(OnlineEvent::Refused { code, message }));
        None
    }

    /// A change to the board of game `game` (ignored for another game), told to the screen.
    fn on_board(&self, game: GameId, f: impl FnOnce(&mut giveaway_app::GameState)) {
        let Some(controller) = self.board_of(game) else { return };
        let result = controller.server_change(|state, _| {
            f(state);
            Ok(())
        });
        if let Err(e) = result {
            log::warn!("online game {game}: {e}");
        }
    }

    fn board_of(&self, game: GameId) -> Option<Arc<GameController>> {
        self.lock().live.as_ref().filter(|l| l.view.game == game).map(|l| l.controller.clone())
    }

    fn moved(&self, game: GameId, ply: u32, mv: String, by: Color, clocks: [i64; 2], replies: &mut Vec<ClientMessage>) {
        let Some(controller) = self.board_of(game) else { return };
        if let Some(l) = self.lock().live.as_mut().filter(|l| l.view.game == game) {
            // White's first move is in: Black's first-move time starts now; after Black's, the clocks decide.
            l.first_move_by = (ply == 0).then(|| Instant::now() + std::time::Duration::from_millis(wire::FIRST_MOVE_MS));
        }
        let own = self.lock().live.as_ref().is_some_and(|l| l.view.you == by);
        let result = if own {
            // The acknowledgement of the move waiting at this ply: it need not be sent again.
            if let Some(l) = self.lock().live.as_mut().filter(|l| l.pending.as_ref().is_some_and(|(p, _)| *p == ply)) {
                l.pending = None;
            }
            controller.server_change(|s, now| {
                s.confirm_own(ply, clocks, now);
                Ok(())
            })
        } else {
            let r = controller.server_change(|s, now| s.play_remote(ply, &mv, clocks, now));
            if let Some(l) = self.lock().live.as_mut() {
                l.turn_since = Instant::now();
            }
            r
        };
        if let Err(e) = result {
            log::warn!("online game {game} is out of step ({e}): asking for its state");
            replies.push(ClientMessage::Sync { game });
        }
        self.observer.changed();
    }

    fn game_state(&self, wire: WireGame, replies: &mut Vec<ClientMessage>) {
        let you = core_color(wire.you);
        let server = ServerGame {
            moves: wire.moves.clone(),
            clocks: clocks(wire.clocks),
            clock_running: wire.clock_running,
            draw_offer: wire.draw_offer.map(core_color),
            reactions: wire.reactions.iter().map(core_reaction).collect(),
            over: wire.result.is_some(),
        };
        let fresh = self.board_of(wire.game).is_none();
        if fresh {
            match self.open_board(&wire, you, &server) {
                Ok(c) => {
                    c.start();
                }
                Err(e) => {
                    log::error!("online game {} cannot be shown: {e}", wire.game);
                    self.update(|s| s.events.push(OnlineEvent::Refused { code: ErrorCode::Internal, message: e.to_string() }));
                    return;
                }
            }
        } else {
            self.sync(wire.game, &server, replies);
            let mut s = self.lock();
            if let Some(l) = s.live.as_mut().filter(|l| l.view.game == wire.game) {
                l.first_move_by = first_move_by(&wire);
                l.view.opponent_connected = wire.opponent_connected;
                l.view.white = seat_view(&wire.white);
                l.view.black = seat_view(&wire.black);
            }
        }
        if let Some(r) = wire.result {
            self.game_end(wire.game, r, clocks(wire.clocks), None);
        }
        self.observer.changed();
    }

    /// Brings the board of `game` in step with the server's moves; this device's move the server does not
    /// have is sent (again), or taken back if the game is over.
    fn sync(&self, game: GameId, server: &ServerGame, replies: &mut Vec<ClientMessage>) {
        let Some(controller) = self.board_of(game) else { return };
        match controller.server_change(|s, now| s.sync_remote(server, now)) {
            Ok(synced) => {
                let mut s = self.lock();
                let Some(l) = s.live.as_mut().filter(|l| l.view.game == game) else { return };
                l.pending = None;
                if let Some(mv) = synced.resend {
                    let ply = server.moves.len() as u32;
                    l.pending = Some((ply, mv.clone()));
                    replies.push(ClientMessage::Move { game, ply, mv, think_ms: None });
                }
                if let Some(mv) = synced.dropped {
                    let reason = "the game ended before this move reached the server".to_string();
                    s.events.push(OnlineEvent::MoveRefused { mv, reason });
                }
            }
            Err(e) => log::error!("online game {game} could not be brought in step: {e}"),
        }
    }

    /// After a reconnection: the game on the board is no longer in progress on the server, so it ended while
    /// this device was away. Its record tells how.
    fn ended_while_away(&self, record: giveaway_protocol::GameRecord, replies: &mut Vec<ClientMessage>) {
        let (Some(result), Some(last)) = (record.result, self.lock().live.as_ref().map(|l| l.view.time_control)) else { return };
        let final_clocks = record.moves.last().map_or([last.white.base_ms as i64; 2], |m| clocks(m.clocks));
        let server = ServerGame {
            moves: record.moves.iter().map(|m| m.mv.clone()).collect(),
            clocks: final_clocks,
            clock_running: false,
            draw_offer: None,
            reactions: record.reactions.iter().map(core_reaction).collect(),
            over: true,
        };
        self.sync(record.game, &server, replies);
        self.game_end(record.game, result, final_clocks, record.ratings);
    }

    /// The board of a game this device does not show yet, saved in the library from its first move.
    /// The board is brought in step with `server` before it is shown, and shown together with its
    /// `GameStarted` event, so a screen never sees the one without the other.
    fn open_board(&self, wire: &WireGame, you: Color, server_game: &ServerGame) -> ApiResult<Arc<GameController>> {
        let server = self.server();
        let storage = self.library.storage().clone();
        // A copy from before the app was closed is replaced: the server's state is the whole game.
        let key = game_key(&server, wire.game);
        if let Some(old) = storage.setting(&key).ok().flatten().and_then(|v| v.parse::<i64>().ok()) {
            let _ = storage.delete_game(old);
        }
        let setup = NewGame {
            opponent: Opponent::Online {
                human: you,
                white: wire.white.player.nickname.clone(),
                black: wire.black.player.nickname.clone(),
            },
            start: StartPosition::Standard,
            time_control: Some(core_time_control(wire.time_control)),
        };
        let session = self.library.new_game(setup)?;
        let local_id = session.snapshot()?.game_id;
        if let Some(id) = local_id {
            storage.set_setting(&key, &id.to_string())?;
        }
        let seat: Arc<dyn Seat> = Arc::new(ClientSeat { client: self.me.clone(), game: wire.game });
        let settings = self.library.settings()?;
        let controller =
            GameController::with_seat(session, settings, Some(storage), self.background.clone(), self.observer.clone(), Some(seat))?;
        let view = OnlineGameView {
            game: wire.game,
            you,
            white: seat_view(&wire.white),
            black: seat_view(&wire.black),
            time_control: core_time_control(wire.time_control),
            speed: core_speed(wire.speed),
            rated: wire.rated,
            opponent_connected: wire.opponent_connected,
            end: None,
            rematch_offer: None,
        };
        // A fresh board has no move of this device's own that the server lacks.
        controller.server_change(|s, now| s.sync_remote(server_game, now))?;
        let mut s = self.lock();
        if let Some(old) = s.live.take() {
            old.controller.leave();
        }
        let first_move_by = first_move_by(wire);
        s.live = Some(Live { view, controller: controller.clone(), local_id, pending: None, turn_since: Instant::now(), first_move_by });
        s.state.lobby = Lobby::Idle;
        s.events.push(OnlineEvent::GameStarted { game: wire.game });
        Ok(controller)
    }

    fn game_end(&self, game: GameId, result: wire::GameResult, clocks: [i64; 2], ratings: Option<wire::RatingChanges>) {
        let Some(controller) = self.board_of(game) else { return };
        let (you, local_id, already) = {
            let s = self.lock();
            let l = s.live.as_ref().expect("the board of this game is live");
            (l.view.you, l.local_id, l.view.end.is_some())
        };
        if already {
            return;
        }
        let storage = self.library.storage().clone();
        let _ = storage.set_setting(&game_key(&self.server(), game), "");
        let mut saved_id = local_id;
        let reason = core_reason(result.reason);
        if let Some(reason) = reason {
            let outcome = match result.winner.map(core_color) {
                Some(Color::White) => Outcome::WhiteWins,
                Some(Color::Black) => Outcome::BlackWins,
                None => Outcome::Draw,
            };
            if let Err(e) = controller.server_change(|s, now| s.end_remote(CoreResult { outcome, reason }, clocks, now)) {
                log::error!("online game {game} ended on the server but not on the board: {e}");
            }
            if let (Some(id), Some(r)) = (local_id, ratings) {
                let view = self.lock().live.as_ref().map(|l| l.view.clone());
                if let Some(v) = view {
                    let t = |k: &str, v: String| (k.to_string(), v);
                    let tags = vec![
                        t("Site", self.server()),
                        t("OnlineGame", game.to_string()),
                        t("WhiteElo", format!("{:.0}", r.white.before)),
                        t("BlackElo", format!("{:.0}", r.black.before)),
                        t("WhiteRatingDiff", format!("{:+.1}", r.white.after - r.white.before)),
                        t("BlackRatingDiff", format!("{:+.1}", r.black.after - r.black.before)),
                        t("Event", format!("{} online, {}", if v.rated { "Rated" } else { "Casual" }, v.speed.name())),
                    ];
                    if let Err(e) = storage.set_tags(id, &tags) {
                        log::error!("the ratings of online game {game} could not be saved with it: {e}");
                    }
                }
            }
        } else {
            // Aborted: nobody played, so the game is not kept.
            if let Some(id) = local_id {
                let _ = storage.delete_game(id);
            }
            saved_id = None;
            controller.leave();
        }
        let rating = ratings.map(|r| rating_change(if you == Color::White { r.white } else { r.black }));
        let end = OnlineEnd { winner: result.winner.map(core_color), reason, rating, saved_id };
        self.update(|s| {
            if let Some(l) = s.live.as_mut().filter(|l| l.view.game == game) {
                l.view.end = Some(end.clone());
                l.pending = None;
                if reason.is_none() {
                    s.live = None;
                }
            }
            s.events.push(OnlineEvent::GameEnded { end });
        });
    }

    /// Sends one of the seat's requests; offline, the player is told it did not go.
    fn seat_send(&self, message: ClientMessage) {
        if let Err(e) = self.send(message) {
            self.update(|s| s.events.push(OnlineEvent::Refused { code: ErrorCode::Unavailable, message: e.to_string() }));
        }
    }
}

/// The online game's seat: the player's own actions, sent to the server.
struct ClientSeat {
    client: Weak<OnlineClient>,
    game: GameId,
}

impl Seat for ClientSeat {
    fn send_move(&self, ply: u32, mv: String) {
        let Some(c) = self.client.upgrade() else { return };
        let (online, think_ms) = {
            let mut s = c.lock();
            let online = s.state.connection == Connection::Online;
            let Some(l) = s.live.as_mut().filter(|l| l.view.game == self.game) else { return };
            l.pending = Some((ply, mv.clone()));
            (online, l.turn_since.elapsed().as_millis() as u64)
        };
        // Offline, the move waits on the board: the game state after the reconnection sends it.
        if online {
            let _ = c.commands.send(Command::Send(ClientMessage::Move { game: self.game, ply, mv, think_ms: Some(think_ms) }));
        }
    }

    fn resign(&self) {
        if let Some(c) = self.client.upgrade() {
            c.seat_send(ClientMessage::Resign { game: self.game });
        }
    }

    fn offer_draw(&self) {
        if let Some(c) = self.client.upgrade() {
            c.seat_send(ClientMessage::OfferDraw { game: self.game });
        }
    }

    fn answer_draw(&self, accept: bool) {
        if let Some(c) = self.client.upgrade() {
            let game = self.game;
            c.seat_send(if accept { ClientMessage::AcceptDraw { game } } else { ClientMessage::DeclineDraw { game } });
        }
    }

    fn react(&self, emoji: String) {
        if let Some(c) = self.client.upgrade() {
            c.seat_send(ClientMessage::React { game: self.game, emoji });
        }
    }
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod screen_tests;
