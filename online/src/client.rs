//! The online client: its state, the player's requests, and its handling of the server's frames (the socket,
//! [`crate::connection`], hands it each one through [`Peer`]).

use crate::arenas::{self, Arenas};
use crate::connection::{self, Command, Peer};
use crate::correspondence::{self, Correspondence, CorrespondenceView, YourMoveCheck};
use crate::screen::{self, AccountState, OnlineProblem, OnlineScreen, OnlineUpdate};
use crate::seat::ClientSeat;
use crate::seeks::{self, SeekView};
use crate::social::{self, ChallengeColor, Social};
use crate::views::{
    Connection, DeviceView, GameId, Leaderboard, LeaderboardRow, Lobby, OnlineEnd, OnlineEvent, OnlineGameView,
    OnlineState, ProfileView, RatingView,
};
use crate::watch::{self, LiveGameView, Watched};
use crate::wire::{
    clocks, core_color, core_reaction, core_reason, core_speed, core_time_control, first_move_by, first_move_ms,
    player, rating_change, recent_game, seat_view, wire_speed, wire_time_control,
};
use giveaway_app::GameController;
use giveaway_app::GameLibrary;
use giveaway_app::Seat;
use giveaway_app::ServerGame;
use giveaway_app::{ApiResult, GiveawayError, NewGame, Opponent, StartPosition};
use giveaway_app::{Background, Observer};
use giveaway_core::game::{GameResult as CoreResult, Outcome};
use giveaway_core::position::Color;
use giveaway_core::record::{Speed, TimeControl};
use giveaway_protocol::{self as wire, ClientMessage, ErrorCode, GameState as WireGame, ServerMessage};
use std::sync::{Arc, Mutex, MutexGuard, Weak};
use std::time::{Duration, Instant};
use tokio::sync::mpsc;

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
    /// The link code shown for a new device, and until when it is valid.
    link_code: Option<(String, Instant)>,
    /// The account's devices as last asked for.
    devices: Vec<DeviceView>,
    /// Friends, challenges and blocked players as last told.
    social: Social,
    /// The live games as last asked for.
    live_games: Vec<LiveGameView>,
    /// The open seeks as last asked for.
    open_seeks: Vec<SeekView>,
    /// The game watched.
    watching: Option<Watched>,
    /// The arenas list and the arena shown.
    arenas: Arenas,
    /// The correspondence games and the one being opened.
    correspondence: Correspondence,
}

/// The online client; see the crate documentation.
pub struct OnlineClient {
    library: Arc<GameLibrary>,
    background: Arc<dyn Background>,
    observer: Arc<dyn Observer>,
    commands: mpsc::UnboundedSender<Command>,
    shared: Mutex<Shared>,
    me: Weak<OnlineClient>,
}

fn not_connected() -> GiveawayError {
    GiveawayError::Unavailable { reason: "not connected to the server; trying again".into() }
}

impl OnlineClient {
    /// Connects to `server` (`ws://host:port/ws` or `wss://…`) with this device's account, if it has one.
    pub fn connect(
        server: &str,
        library: Arc<GameLibrary>,
        background: Arc<dyn Background>,
        observer: Arc<dyn Observer>,
    ) -> ApiResult<Arc<OnlineClient>> {
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
            shared: Mutex::new(Shared {
                state,
                events: Vec::new(),
                live: None,
                signed_out: false,
                link_code: None,
                devices: Vec::new(),
                social: Social::default(),
                live_games: Vec::new(),
                open_seeks: Vec::new(),
                watching: None,
                arenas: Arenas::default(),
                correspondence: Correspondence::default(),
            }),
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
        let (state, signed_out, first_move_by, board, link_code, devices, social, lists) = {
            let s = self.lock();
            let mut state = s.state.clone();
            state.game = s.live.as_ref().map(|l| l.view.clone());
            let live = s.live.as_ref();
            let board = live.map(|l| l.controller.clone());
            let first_move_by = live.and_then(|l| l.first_move_by);
            let (link_code, devices, social) = (s.link_code.clone(), s.devices.clone(), s.social.clone());
            let correspondence = s.correspondence.views(Instant::now()).unwrap_or_default();
            let lists =
                (s.live_games.clone(), s.open_seeks.clone(), s.watching.clone(), s.arenas.clone(), correspondence);
            (state, s.signed_out, first_move_by, board, link_code, devices, social, lists)
        };
        let (live_games, open_seeks, watching, arenas, correspondence) = lists;
        // The board is read without the client's lock held (its controller calls back into the client).
        let (to_move, ply) = board.map_or((Color::White, u32::MAX), |c| c.turn());
        let awaiting_first = ply < giveaway_app::TIMED_FROM_PLY as u32;
        let extra = screen::Extra {
            signed_out,
            first_move: first_move_by.filter(|_| awaiting_first).map(|by| (to_move, by)),
            to_move,
            link_code,
            devices,
            social,
            live_games,
            open_seeks,
            watching,
            arenas,
            correspondence,
        };
        screen::decide(&state, &extra, Instant::now())
    }

    /// The events since the last call, oldest first.
    pub fn take_events(&self) -> Vec<OnlineEvent> {
        std::mem::take(&mut self.lock().events)
    }

    /// The events since the last read and the screen after them, for a screen to draw and voice together.
    /// The events are taken first: a change and its event are made under one lock, so a screen read after the
    /// take shows every change its events tell of. (Read the other way round, an event that came between the
    /// two reads, such as `GameEnded`, arrived with a screen from before it: the game still in play.)
    pub fn take_update(&self) -> OnlineUpdate {
        let events = self.take_events();
        OnlineUpdate { screen: self.screen(), events }
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

    /// On a new device, instead of `create_account`: the code shown on a signed-in device of the account
    /// (any case, spaces and dashes allowed); `device` names this one in the device list. The token is kept
    /// as a new account's is.
    pub fn redeem_link_code(&self, code: &str, device: &str) -> ApiResult<()> {
        if self.lock().state.player.is_some() {
            return Err(GiveawayError::Unavailable { reason: "this device already has an account".into() });
        }
        self.send(ClientMessage::RedeemLinkCode { code: code.trim().to_string(), device: device.trim().to_string() })
    }

    /// A code to type on another device to link it to this account (the screen's `link_code` when it comes).
    pub fn create_link_code(&self) -> ApiResult<()> {
        self.account()?;
        self.send(ClientMessage::CreateLinkCode)
    }

    /// Asks for the account's devices (the screen's `devices` when they come).
    pub fn devices(&self) -> ApiResult<()> {
        self.account()?;
        self.send(ClientMessage::Devices)
    }

    /// Signs a device of this account out (a lost phone): its token stops working. Signing out this device
    /// forgets its account here.
    pub fn sign_out_device(&self, device: i64) -> ApiResult<()> {
        self.account()?;
        self.send(ClientMessage::SignOutDevice { device })
    }

    /// Follows a player by nickname (the screen's `social.friends` when the answer comes).
    pub fn follow(&self, nickname: &str) -> ApiResult<()> {
        self.account()?;
        self.send(ClientMessage::Follow { nickname: nickname.trim().to_string() })
    }

    /// Stops following a player.
    pub fn unfollow(&self, nickname: &str) -> ApiResult<()> {
        self.account()?;
        self.send(ClientMessage::Unfollow { nickname: nickname.trim().to_string() })
    }

    /// Asks for the friends list again (who is online and playing changes by itself: a screen showing it asks
    /// when it opens and now and then).
    pub fn refresh_social(&self) -> ApiResult<()> {
        self.account()?;
        self.send(ClientMessage::Friends)?;
        self.send(ClientMessage::Challenges)?;
        self.send(ClientMessage::Blocked)
    }

    /// Challenges a player: a game with this clock (the same for both), this player's colour, rated or not.
    pub fn challenge(
        &self,
        nickname: &str,
        time_control: TimeControl,
        color: ChallengeColor,
        rated: bool,
    ) -> ApiResult<()> {
        self.account()?;
        let time_control = wire_time_control(time_control)?;
        let nickname = nickname.trim().to_string();
        self.send(ClientMessage::Challenge { nickname, time_control, color: social::wire_color(color), rated })
    }

    /// Challenges a player to a correspondence game: `days_per_move` (1, 2, 3, 5, 7 or 14) for every move,
    /// this player's colour, rated or not. The challenge stays open for a week.
    pub fn challenge_correspondence(
        &self,
        nickname: &str,
        days_per_move: u32,
        color: ChallengeColor,
        rated: bool,
    ) -> ApiResult<()> {
        self.account()?;
        if !wire::CORRESPONDENCE_DAYS.contains(&days_per_move) {
            return Err(GiveawayError::BadSetup { reason: "days per move: 1, 2, 3, 5, 7 or 14".into() });
        }
        let time_control = wire::TimeControl::correspondence(days_per_move);
        let nickname = nickname.trim().to_string();
        self.send(ClientMessage::Challenge { nickname, time_control, color: social::wire_color(color), rated })
    }

    /// Asks for the player's correspondence games (the screen's `correspondence` when they come).
    pub fn correspondence(&self) -> ApiResult<()> {
        self.account()?;
        self.send(ClientMessage::Correspondence)
    }

    /// Opens the board of a correspondence game (its state comes from the server); the board shown before, if
    /// any, is closed.
    pub fn open_correspondence(&self, game: GameId) -> ApiResult<()> {
        self.account()?;
        self.lock().correspondence.opening = Some(game);
        self.send(ClientMessage::Sync { game })
    }

    /// For a background check: the correspondence games where it is the player's move and that have not been
    /// returned here before (each position once), or `None` while the list has not come yet on this
    /// connection. What was returned is remembered in the library's settings.
    pub fn take_your_move_notifications(&self) -> ApiResult<Option<Vec<CorrespondenceView>>> {
        let Some(list) = self.lock().correspondence.views(Instant::now()) else { return Ok(None) };
        let key = format!("online.notified {}", self.server());
        let storage = self.library.storage();
        let told = storage.setting(&key)?.unwrap_or_default();
        let (new, keep) = correspondence::untold(&list, &told);
        if keep != told {
            storage.set_setting(&key, &keep)?;
        }
        Ok(Some(new))
    }

    /// A phone's background check, on a worker thread (it waits): the games to tell the player as
    /// [`Self::take_your_move_notifications`] gives them, once this connection's list has come (for `wait` at
    /// most); [`YourMoveCheck::NotYet`] when it did not (offline, the server slow, the account playing on another
    /// device, an update needed), [`YourMoveCheck::NoAccount`] when this device has no account (the checks can
    /// stop).
    pub fn check_your_move(&self, wait: Duration) -> ApiResult<YourMoveCheck> {
        let deadline = Instant::now() + wait;
        loop {
            if let Some(games) = self.take_your_move_notifications()? {
                return Ok(YourMoveCheck::Games { games });
            }
            let screen = self.screen();
            if screen.account == AccountState::Needed {
                return Ok(YourMoveCheck::NoAccount);
            }
            let stuck =
                matches!(screen.problem, Some(OnlineProblem::UpdateNeeded { .. } | OnlineProblem::PlayingElsewhere));
            let left = deadline.saturating_duration_since(Instant::now());
            if stuck || left.is_zero() {
                return Ok(YourMoveCheck::NotYet);
            }
            // The list comes on the connection's own thread; a quarter of a second is soon enough for a check
            // the system runs every quarter of an hour at most.
            std::thread::sleep(left.min(Duration::from_millis(250)));
        }
    }

    /// Accepts a challenge made to this player: the game starts.
    pub fn accept_challenge(&self, challenge: i64) -> ApiResult<()> {
        self.account()?;
        self.send(ClientMessage::AcceptChallenge { challenge })
    }

    /// Declines a challenge made to this player.
    pub fn decline_challenge(&self, challenge: i64) -> ApiResult<()> {
        self.account()?;
        self.send(ClientMessage::DeclineChallenge { challenge })
    }

    /// Withdraws a challenge this player made.
    pub fn cancel_challenge(&self, challenge: i64) -> ApiResult<()> {
        self.account()?;
        self.send(ClientMessage::CancelChallenge { challenge })
    }

    /// Blocks a player: no challenges or pairing with them, their reactions hidden.
    pub fn block(&self, nickname: &str) -> ApiResult<()> {
        self.account()?;
        self.send(ClientMessage::Block { nickname: nickname.trim().to_string() })
    }

    /// Unblocks a player.
    pub fn unblock(&self, nickname: &str) -> ApiResult<()> {
        self.account()?;
        self.send(ClientMessage::Unblock { nickname: nickname.trim().to_string() })
    }

    /// Asks for the players waiting for an opponent (the screen's `open_seeks` when they come).
    pub fn open_seeks(&self) -> ApiResult<()> {
        self.account()?;
        self.send(ClientMessage::OpenSeeks)
    }

    /// Plays the open seek of `player` (rated, at its clock): the game starts.
    pub fn accept_seek(&self, player: i64) -> ApiResult<()> {
        self.account()?;
        self.send(ClientMessage::AcceptSeek { player })
    }

    /// Asks for the arenas (the screen's `arenas` when they come).
    pub fn arenas(&self) -> ApiResult<()> {
        self.account()?;
        self.send(ClientMessage::Arenas)
    }

    /// Makes an arena and joins it (shown as the screen's `arena`): `name` 3 to 30 characters, starting in
    /// `starts_in_s` seconds (up to a day), lasting `minutes` (10 to 180).
    pub fn create_arena(&self, name: &str, time_control: TimeControl, starts_in_s: u64, minutes: u32) -> ApiResult<()> {
        self.account()?;
        let time_control = wire_time_control(time_control)?;
        let name = name.trim().to_string();
        self.send(ClientMessage::CreateArena { name, time_control, starts_in_s, minutes })
    }

    /// Shows an arena with its standings (the screen's `arena`), and reads them again when asked.
    pub fn arena_standings(&self, arena: i64) -> ApiResult<()> {
        self.account()?;
        self.send(ClientMessage::ArenaStandings { arena })
    }

    /// Joins an arena (or comes back after a pause): paired whenever free until it finishes.
    pub fn join_arena(&self, arena: i64) -> ApiResult<()> {
        self.account()?;
        self.send(ClientMessage::JoinArena { arena })
    }

    /// Pauses in an arena: no more pairings; the points stay.
    pub fn pause_arena(&self, arena: i64) -> ApiResult<()> {
        self.account()?;
        self.send(ClientMessage::LeaveArena { arena })
    }

    /// Reads the standings of the arena shown again (a screen showing them calls this every few seconds).
    pub fn refresh_arena(&self) -> ApiResult<()> {
        // The lock is let go before sending.
        let shown = self.lock().arenas.shown_id();
        shown.map_or(Ok(()), |arena| self.arena_standings(arena))
    }

    /// Stops showing the arena (its standings are no longer asked for).
    pub fn close_arena(&self) {
        self.update(|s| s.arenas.close());
    }

    /// Asks for the live games (the screen's `live_games` when they come).
    pub fn live_games(&self) -> ApiResult<()> {
        self.account()?;
        self.send(ClientMessage::LiveGames)
    }

    /// Watches a game in progress (the screen's `watching` when it comes); stops watching another.
    pub fn watch(&self, game: GameId) -> ApiResult<()> {
        self.account()?;
        if let Some(old) = self.lock().watching.take().filter(|w| w.game() != game) {
            let _ = self.send(ClientMessage::Unwatch { game: old.game() });
        }
        self.send(ClientMessage::Watch { game })
    }

    /// Stops watching.
    pub fn stop_watching(&self) {
        let gone = self.lock().watching.take();
        if let Some(w) = gone {
            // Offline, the server stops counting this spectator with the connection already.
            let _ = self.send(ClientMessage::Unwatch { game: w.game() });
        }
        self.observer.changed();
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

    /// Closes the board of a finished game, or of a correspondence game that goes on (back to the lobby).
    pub fn leave_game(&self) -> ApiResult<()> {
        let mut s = self.lock();
        match &s.live {
            Some(l) if l.view.end.is_none() && l.view.days_per_move.is_some() => {
                let left = s.live.take();
                s.correspondence.opening = None;
                drop(s);
                if let Some(l) = left {
                    l.controller.leave();
                    // The server keeps the game: the copy on this device is made again when it is opened.
                    self.forget_local_copy(l.view.game, l.local_id);
                }
                self.correspondence()
            }
            Some(l) if l.view.end.is_none() => {
                Err(GiveawayError::Unavailable { reason: "the game is still being played".into() })
            }
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

    fn update(&self, f: impl FnOnce(&mut Shared)) {
        f(&mut self.lock());
        self.observer.changed();
    }

    /// Sends one of the seat's requests; offline, the player is told it did not go.
    pub(crate) fn seat_send(&self, message: ClientMessage) {
        if let Err(e) = self.send(message) {
            self.update(|s| {
                s.events.push(OnlineEvent::Refused { code: ErrorCode::Unavailable, message: e.to_string() })
            });
        }
    }

    /// The seat's move `mv` at `ply` of `game`, kept until the server acknowledges it: `None` if `game` is not
    /// on the board, else whether the connection is up and how long the player thought (`think_ms`).
    pub(crate) fn hold_move(&self, game: GameId, ply: u32, mv: &str) -> Option<(bool, u64)> {
        let mut s = self.lock();
        let online = s.state.connection == Connection::Online;
        let l = s.live.as_mut().filter(|l| l.view.game == game)?;
        l.pending = Some((ply, mv.to_string()));
        Some((online, l.turn_since.elapsed().as_millis() as u64))
    }

    /// Hands a frame to the socket as it is, without the player being told if it does not go (the seat's
    /// move, which waits on the board while offline).
    pub(crate) fn post(&self, message: ClientMessage) {
        let _ = self.commands.send(Command::Send(message));
    }
}

/// What the socket calls: the attempts, the token for `hello`, the connection lost, and every frame read.
impl Peer for OnlineClient {
    /// The token of this device's account on this server.
    fn token(&self) -> Option<String> {
        let key = token_key(&self.server());
        self.library.storage().setting(&key).ok().flatten().filter(|t| !t.is_empty())
    }

    fn connecting(&self, attempt: u32) {
        self.update(|s| {
            if s.state.connection != Connection::Closed {
                s.state.connection = Connection::Connecting { attempt };
            }
        });
    }

    fn disconnected(&self, reason: String, retry_in_ms: u64) {
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
    fn received(&self, message: ServerMessage, replies: &mut Vec<ClientMessage>) -> Option<bool> {
        let mut verdict = None;
        match message {
            ServerMessage::Welcome { player, presets, games, .. } => self.update(|s| {
                s.state.connection = Connection::Online;
                s.state.player = player.map(self::player);
                s.state.presets = presets.into_iter().map(core_time_control).collect();
                s.events.push(OnlineEvent::Connected);
                if let Some(w) = s.watching.as_ref().filter(|w| !w.is_over()) {
                    // The spectator is counted per connection: watch again.
                    replies.push(ClientMessage::Watch { game: w.game() });
                }
                if s.state.player.is_some() {
                    // Challenges made while this device was away, who is online now, who is blocked, and the
                    // correspondence games.
                    replies.extend([
                        ClientMessage::Challenges,
                        ClientMessage::Friends,
                        ClientMessage::Blocked,
                        ClientMessage::Correspondence,
                    ]);
                }
                if let Some(l) = s.live.as_ref().filter(|l| l.view.end.is_none() && l.view.days_per_move.is_some()) {
                    // A correspondence board is not among the games on a clock sent again: ask for it.
                    replies.push(ClientMessage::Sync { game: l.view.game });
                }
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
            ServerMessage::Invite { code, time_control, rated } => self.update(|s| {
                s.state.lobby = Lobby::Inviting { code, time_control: core_time_control(time_control), rated }
            }),
            ServerMessage::SeekCancelled | ServerMessage::InviteCancelled => {
                self.update(|s| s.state.lobby = Lobby::Idle)
            }
            ServerMessage::GameState(game) => self.game_state(*game, replies),
            ServerMessage::Moved { game, ply, mv, by, clocks: c } if self.watching(game) => self.update(|s| {
                if let Some(w) = s.watching.as_mut() {
                    if !w.moved(ply, mv, by, c) {
                        replies.push(ClientMessage::Watch { game });
                    }
                }
            }),
            ServerMessage::Moved { game, ply, mv, by, clocks: c } => {
                self.moved(game, ply, mv, core_color(by), clocks(c), replies)
            }
            ServerMessage::DrawOffered { game, by } => self.on_board(game, |b| b.set_draw_offer(Some(core_color(by)))),
            ServerMessage::DrawDeclined { game, .. } => self.on_board(game, |b| b.set_draw_offer(None)),
            ServerMessage::Reaction { game, reaction } if self.watching(game) => {
                self.update(|s| s.watching.iter_mut().for_each(|w| w.reacted(reaction.clone())))
            }
            ServerMessage::Reaction { game, reaction } => {
                self.on_board(game, |b| b.add_reaction(core_reaction(&reaction)))
            }
            ServerMessage::OpponentConnection { game, connected } => self.update(|s| {
                if let Some(l) = s.live.as_mut().filter(|l| l.view.game == game) {
                    l.view.opponent_connected = connected;
                    s.events.push(OnlineEvent::OpponentConnection { connected });
                }
            }),
            ServerMessage::GameEnd { game, result, clocks: c, .. } if self.watching(game) => {
                self.update(|s| s.watching.iter_mut().for_each(|w| w.ended(result, c)))
            }
            ServerMessage::GameEnd { game, result, clocks: c, ratings } => {
                let arena = self.lock().live.as_ref().filter(|l| l.view.game == game).and_then(|l| l.view.arena);
                self.game_end(game, result, clocks(c), ratings);
                // The arena shown has new standings with this result: read them at once.
                if arena.is_some() && arena == self.lock().arenas.shown_id() {
                    let _ = self.refresh_arena();
                }
            }
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
                    .map(|e| LeaderboardRow {
                        rank: e.rank,
                        player: player(e.player),
                        rating: e.rating,
                        deviation: e.deviation,
                        games: e.games,
                    })
                    .collect();
                self.update(|s| s.state.leaderboard = Some(Leaderboard { speed: core_speed(speed), rows }))
            }
            ServerMessage::Profile { player: who, ratings, recent, arenas, .. } => {
                let ratings = ratings
                    .into_iter()
                    .map(|r| RatingView {
                        speed: core_speed(r.speed),
                        rating: r.rating,
                        deviation: r.deviation,
                        provisional: r.provisional,
                        games: r.games,
                    })
                    .collect();
                let recent = recent.into_iter().map(recent_game).collect();
                let profile = ProfileView { player: player(who), ratings, recent, arenas: arenas::results(arenas) };
                self.update(|s| s.state.profile = Some(profile))
            }
            ServerMessage::Error { code, message, game } => verdict = self.refused(code, message, game, replies),
            ServerMessage::GameRecord(record) => {
                let ours =
                    self.lock().live.as_ref().is_some_and(|l| l.view.game == record.game && l.view.end.is_none());
                if ours {
                    self.ended_while_away(*record, replies);
                }
            }
            ServerMessage::LinkCode { code, expires_in_ms } => {
                let until = Instant::now() + std::time::Duration::from_millis(expires_in_ms);
                self.update(|s| s.link_code = Some((code, until)))
            }
            ServerMessage::Devices { devices } => self.update(|s| {
                s.devices = devices
                    .into_iter()
                    .map(|d| DeviceView {
                        id: d.id,
                        label: d.label,
                        created_ms: d.created_ms,
                        last_seen_ms: d.last_seen_ms,
                        this_device: d.this_device,
                    })
                    .collect()
            }),
            ServerMessage::DeviceSignedOut { device } => {
                let this = self.lock().devices.iter().any(|d| d.id == device && d.this_device);
                self.update(|s| s.devices.retain(|d| d.id != device));
                if this {
                    // The server ends the connection: a new account or a link code starts again.
                    self.forget_account();
                    verdict = Some(true);
                }
            }
            ServerMessage::Friends { friends } => self.update(|s| s.social.set_friends(friends)),
            ServerMessage::Blocked { players } => self.update(|s| s.social.set_blocked(players)),
            ServerMessage::Challenges { incoming, outgoing } => {
                self.update(|s| s.social.set_challenges(incoming, outgoing, Instant::now()))
            }
            ServerMessage::Challenge { challenge } => self.update(|s| {
                let me = s.state.player.as_ref().map_or(0, |p| p.id);
                if let Some(view) = s.social.add_challenge(challenge, me, Instant::now()) {
                    if view.incoming {
                        s.events.push(OnlineEvent::ChallengeReceived { challenge: view });
                    }
                }
            }),
            ServerMessage::ChallengeClosed { challenge, end } => self.update(|s| {
                let me = s.state.player.as_ref().map_or(0, |p| p.id);
                if let Some((opponent, outcome)) = s.social.close_challenge(challenge, end, me) {
                    s.events.push(OnlineEvent::ChallengeClosed { opponent, outcome });
                }
            }),
            ServerMessage::LiveGames { games } => self.update(|s| s.live_games = watch::live_games(games)),
            ServerMessage::Arenas { arenas } => self.update(|s| s.arenas.set_list(arenas)),
            ServerMessage::Arena { arena, standings } => self.update(|s| s.arenas.set_shown(arena, standings)),
            ServerMessage::OpenSeeks { seeks } => self.update(|s| s.open_seeks = seeks::seeks(seeks)),
            ServerMessage::Correspondence { games } => self.update(|s| s.correspondence.set(games, Instant::now())),
            ServerMessage::Watching(state) => match Watched::new(*state) {
                Ok(w) => self.update(|s| s.watching = Some(w)),
                Err(e) => self.update(|s| {
                    s.events.push(OnlineEvent::Refused { code: ErrorCode::Internal, message: e.to_string() })
                }),
            },
            ServerMessage::Spectators { game, count } => self.update(|s| {
                if let Some(w) = s.watching.as_mut().filter(|w| w.game() == game) {
                    w.set_spectators(count);
                }
                if let Some(l) = s.live.as_mut().filter(|l| l.view.game == game) {
                    l.view.spectators = count;
                }
            }),
            ServerMessage::Pong { .. } | ServerMessage::Unwatched { .. } | ServerMessage::Unknown => {}
        }
        verdict
    }
}

/// The handling of the server's frames.
impl OnlineClient {
    /// The server no longer knows this device's token: forget it; a new account (or a link code) is next.
    fn forget_account(&self) {
        if let Err(e) = self.library.storage().set_setting(&token_key(&self.server()), "") {
            log::error!("the refused token could not be forgotten: {e}");
        }
        self.update(|s| {
            s.state.player = None;
            s.signed_out = true;
            s.link_code = None;
            s.devices.clear();
            s.social.clear();
            s.live_games.clear();
            s.open_seeks.clear();
            s.watching = None;
            s.correspondence = Correspondence::default();
            s.events.push(OnlineEvent::SignedOut);
        });
    }

    fn refused(
        &self,
        code: ErrorCode,
        message: String,
        game: Option<GameId>,
        replies: &mut Vec<ClientMessage>,
    ) -> Option<bool> {
        match code {
            ErrorCode::UnsupportedVersion => {
                self.update(|s| s.state.connection = Connection::UpdateNeeded { message });
                return Some(false);
            }
            ErrorCode::UnknownToken => {
                self.forget_account();
                return Some(true);
            }
            // Not an answer: the account connected from another device and the server closes this connection.
            // Connecting again at once would close that device's in turn; the player decides (`try_now`).
            ErrorCode::AlreadyAuthenticated if game.is_none() && message.starts_with("closed:") => {
                self.update(|s| s.state.connection = Connection::Replaced);
                return Some(false);
            }
            // A correspondence board asked for again after a reconnection, whose game ended meanwhile: its record
            // (asked for too) tells the end.
            ErrorCode::UnknownGame
                if game.is_some_and(|g| self.lock().live.as_ref().is_some_and(|l| l.view.game == g)) =>
            {
                return None;
            }
            // Out of step with the server, or the move could not be stored yet: the server's state decides.
            ErrorCode::WrongPly | ErrorCode::Unavailable | ErrorCode::IllegalMove | ErrorCode::NotYourTurn
                if game.is_some() =>
            {
                let mut s = self.lock();
                if let Some(l) = s.live.as_mut().filter(|l| Some(l.view.game) == game) {
                    let resend = code == ErrorCode::Unavailable;
                    match (&l.pending, resend) {
                        (Some((ply, mv)), true) => replies.push(ClientMessage::Move {
                            game: l.view.game,
                            ply: *ply,
                            mv: mv.clone(),
                            think_ms: None,
                        }),
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

    /// Whether `game` is the game watched (not one of this player's).
    fn watching(&self, game: GameId) -> bool {
        self.lock().watching.as_ref().is_some_and(|w| w.game() == game)
    }

    fn board_of(&self, game: GameId) -> Option<Arc<GameController>> {
        self.lock().live.as_ref().filter(|l| l.view.game == game).map(|l| l.controller.clone())
    }

    fn moved(&self, game: GameId, ply: u32, mv: String, by: Color, clocks: [i64; 2], replies: &mut Vec<ClientMessage>) {
        let Some(controller) = self.board_of(game) else {
            // A move in a correspondence game not on the board: the list changes.
            if self.lock().correspondence.has(game) {
                replies.push(ClientMessage::Correspondence);
            }
            return;
        };
        if let Some(l) = self.lock().live.as_mut().filter(|l| l.view.game == game) {
            // White's first move is in: Black's first-move time starts now; after Black's, the clocks decide.
            let allowance = std::time::Duration::from_millis(first_move_ms(l.view.days_per_move));
            l.first_move_by = (ply == 0).then(|| Instant::now() + allowance);
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
            // The player's turn starts now (a premove played at once thinks 0 ms).
            if let Some(l) = self.lock().live.as_mut() {
                l.turn_since = Instant::now();
            }
            controller.opponent_moved(ply, &mv, clocks)
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
        if fresh && wire.time_control.is_correspondence() && !self.may_open_correspondence(&wire) {
            // A correspondence game's state the player did not open (a challenge accepted while another board is
            // shown, say): the list tells of it.
            replies.push(ClientMessage::Correspondence);
            return;
        }
        if fresh {
            match self.open_board(&wire, you, &server) {
                Ok(c) => {
                    c.start();
                }
                Err(e) => {
                    log::error!("online game {} cannot be shown: {e}", wire.game);
                    self.update(|s| {
                        s.events.push(OnlineEvent::Refused { code: ErrorCode::Internal, message: e.to_string() })
                    });
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

    /// Whether a correspondence game's state opens its board: the player asked for it, or it has just begun
    /// (a challenge accepted) while no other game is in play on this device.
    fn may_open_correspondence(&self, wire: &WireGame) -> bool {
        let mut s = self.lock();
        if s.correspondence.opening == Some(wire.game) {
            s.correspondence.opening = None;
            return true;
        }
        wire.moves.is_empty() && wire.result.is_none() && s.live.as_ref().is_none_or(|l| l.view.end.is_some())
    }

    /// Deletes this device's copy of a server game it no longer shows.
    fn forget_local_copy(&self, game: GameId, local_id: Option<i64>) {
        let storage = self.library.storage();
        if let Some(id) = local_id {
            let _ = storage.delete_game(id);
        }
        let _ = storage.set_setting(&game_key(&self.server(), game), "");
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
        let (Some(result), Some(last)) = (record.result, self.lock().live.as_ref().map(|l| l.view.time_control)) else {
            return;
        };
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
        let ratings = [&wire.white, &wire.black].map(|s| Some(seat_view(s).rating_text()));
        let seat: Arc<dyn Seat> = Arc::new(ClientSeat { client: self.me.clone(), game: wire.game, ratings });
        let settings = self.library.settings()?;
        let controller = GameController::with_seat(
            session,
            settings,
            Some(storage),
            self.background.clone(),
            self.observer.clone(),
            Some(seat),
        )?;
        let view = OnlineGameView {
            game: wire.game,
            you,
            white: seat_view(&wire.white),
            black: seat_view(&wire.black),
            time_control: core_time_control(wire.time_control),
            days_per_move: wire.time_control.days_per_move,
            speed: core_speed(wire.speed),
            rated: wire.rated,
            opponent_connected: wire.opponent_connected,
            end: None,
            rematch_offer: None,
            spectators: 0,
            arena: wire.arena,
        };
        // A fresh board has no move of this device's own that the server lacks.
        controller.server_change(|s, now| s.sync_remote(server_game, now))?;
        let mut s = self.lock();
        if let Some(old) = s.live.take() {
            old.controller.leave();
        }
        let first_move_by = first_move_by(wire);
        s.live = Some(Live {
            view,
            controller: controller.clone(),
            local_id,
            pending: None,
            turn_since: Instant::now(),
            first_move_by,
        });
        s.state.lobby = Lobby::Idle;
        s.events.push(OnlineEvent::GameStarted { game: wire.game });
        Ok(controller)
    }

    fn game_end(&self, game: GameId, result: wire::GameResult, clocks: [i64; 2], ratings: Option<wire::RatingChanges>) {
        let Some(controller) = self.board_of(game) else {
            if self.lock().correspondence.has(game) {
                let _ = self.correspondence();
            }
            return;
        };
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
            if let Err(e) = controller.server_change(|s, now| s.end_remote(CoreResult { outcome, reason }, clocks, now))
            {
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
}
