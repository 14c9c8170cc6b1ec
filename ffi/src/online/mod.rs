//! The online client for Kotlin and Swift (see `giveaway_online`): its socket runs on a thread of its own;
//! the observer is called when its state changed, and the online game is played through a `GameController`
//! like any other.

use crate::background::{background, observer, ScreenObserver};
use crate::game::GameController;
use crate::library::GameLibrary;
use giveaway_app::{ApiResult, TimeControl};
use giveaway_core::record::Speed;
use giveaway_online::{ChallengeColor, OnlineEvent, OnlineScreen, OnlineUpdate, YourMoveCheck};
use std::sync::Arc;

mod arenas;
mod social;
mod views;
mod watch;

/// The connection to the game server, the account, the lobby and the online game.
#[derive(uniffi::Object)]
pub struct OnlineClient(Arc<giveaway_online::OnlineClient>);

#[uniffi::export]
impl OnlineClient {
    /// Connects to `server` (`wss://host/ws`, or `ws://` on a local network) with this device's account.
    #[uniffi::constructor]
    pub fn connect(
        server: String,
        library: Arc<GameLibrary>,
        observer_: Arc<dyn ScreenObserver>,
    ) -> ApiResult<Arc<OnlineClient>> {
        Self::connect_trusting(server, Vec::new(), library, observer_)
    }

    /// [`Self::connect`], also trusting the PEM certificates in `extra_roots` (a private server).
    #[uniffi::constructor]
    pub fn connect_trusting(
        server: String,
        extra_roots: Vec<u8>,
        library: Arc<GameLibrary>,
        observer_: Arc<dyn ScreenObserver>,
    ) -> ApiResult<Arc<OnlineClient>> {
        let client = giveaway_online::OnlineClient::connect_trusting(
            &server,
            extra_roots,
            library.0.clone(),
            background(),
            observer(observer_),
        )?;
        Ok(Arc::new(OnlineClient(client)))
    }

    /// What the online screens draw now: read it when the observer is called (and after `next_tick_ms`).
    pub fn screen(&self) -> OnlineScreen {
        self.0.screen()
    }

    /// The events since the last call, oldest first.
    pub fn take_events(&self) -> Vec<OnlineEvent> {
        self.0.take_events()
    }

    /// The events since the last read and the screen after them: read this when the observer is called, so that
    /// an event (a game's end) never comes with a screen from before it.
    pub fn take_update(&self) -> OnlineUpdate {
        self.0.take_update()
    }

    /// The online game's board, if there is one.
    pub fn game(&self) -> Option<Arc<GameController>> {
        self.0.game().map(|g| Arc::new(GameController(g)))
    }

    /// A new account with this nickname for this device (3–20 characters); the token is kept in the settings.
    pub fn create_account(&self, nickname: String) -> ApiResult<()> {
        self.0.create_account(&nickname)
    }

    /// Quick pairing with one of the presets.
    pub fn seek(&self, time_control: TimeControl) -> ApiResult<()> {
        self.0.seek(time_control)
    }

    /// Stops looking for an opponent.
    pub fn cancel_seek(&self) -> ApiResult<()> {
        self.0.cancel_seek()
    }

    /// An invite code to give a friend.
    pub fn create_invite(&self, time_control: TimeControl, rated: bool) -> ApiResult<()> {
        self.0.create_invite(time_control, rated)
    }

    /// Plays the friend who gave this code (any case).
    pub fn accept_invite(&self, code: String) -> ApiResult<()> {
        self.0.accept_invite(&code)
    }

    /// Withdraws the invite code.
    pub fn cancel_invite(&self) -> ApiResult<()> {
        self.0.cancel_invite()
    }

    /// On a new device, instead of `create_account`: the code shown on a signed-in device of the account;
    /// `device` names this one in the device list.
    pub fn redeem_link_code(&self, code: String, device: String) -> ApiResult<()> {
        self.0.redeem_link_code(&code, &device)
    }

    /// A code to type on another device to link it to this account (the screen's `link_code`).
    pub fn create_link_code(&self) -> ApiResult<()> {
        self.0.create_link_code()
    }

    /// Asks for the account's devices (the screen's `devices`).
    pub fn devices(&self) -> ApiResult<()> {
        self.0.devices()
    }

    /// Signs a device of this account out: its token stops working (this device's own: its account is
    /// forgotten here).
    pub fn sign_out_device(&self, device: i64) -> ApiResult<()> {
        self.0.sign_out_device(device)
    }

    /// Follows a player by nickname (the screen's `social.friends` when the answer comes).
    pub fn follow(&self, nickname: String) -> ApiResult<()> {
        self.0.follow(&nickname)
    }

    /// Stops following a player.
    pub fn unfollow(&self, nickname: String) -> ApiResult<()> {
        self.0.unfollow(&nickname)
    }

    /// Asks for the friends list, the open challenges and the blocked players again (presence changes by
    /// itself: a screen showing friends asks when it opens and now and then).
    pub fn refresh_social(&self) -> ApiResult<()> {
        self.0.refresh_social()
    }

    /// Challenges a player: a game with this clock (the same for both), this player's colour, rated or not.
    pub fn challenge(
        &self,
        nickname: String,
        time_control: TimeControl,
        color: ChallengeColor,
        rated: bool,
    ) -> ApiResult<()> {
        self.0.challenge(&nickname, time_control, color, rated)
    }

    /// Challenges a player to a correspondence game: `days_per_move` (1, 2, 3, 5, 7 or 14) for every move,
    /// this player's colour, rated or not. The challenge stays open for a week.
    pub fn challenge_correspondence(
        &self,
        nickname: String,
        days_per_move: u32,
        color: ChallengeColor,
        rated: bool,
    ) -> ApiResult<()> {
        self.0.challenge_correspondence(&nickname, days_per_move, color, rated)
    }

    /// Asks for the player's correspondence games (the screen's `correspondence` when they come).
    pub fn correspondence(&self) -> ApiResult<()> {
        self.0.correspondence()
    }

    /// Opens the board of a correspondence game (its state comes from the server); the board shown before, if
    /// any, is closed.
    pub fn open_correspondence(&self, game: i64) -> ApiResult<()> {
        self.0.open_correspondence(game)
    }

    /// A phone's background check, on a worker thread (it waits up to `wait_ms`): the correspondence games where
    /// it is the player's move not told before (each position once; what was told is remembered in the
    /// library's settings) once this connection's list has come; `NotYet` when it did not, `NoAccount` when the
    /// device has none (the checks can stop).
    pub fn check_your_move(&self, wait_ms: u64) -> ApiResult<YourMoveCheck> {
        self.0.check_your_move(std::time::Duration::from_millis(wait_ms))
    }

    /// Accepts a challenge made to this player: the game starts.
    pub fn accept_challenge(&self, challenge: i64) -> ApiResult<()> {
        self.0.accept_challenge(challenge)
    }

    /// Declines a challenge made to this player.
    pub fn decline_challenge(&self, challenge: i64) -> ApiResult<()> {
        self.0.decline_challenge(challenge)
    }

    /// Withdraws a challenge this player made.
    pub fn cancel_challenge(&self, challenge: i64) -> ApiResult<()> {
        self.0.cancel_challenge(challenge)
    }

    /// Blocks a player: no challenges or pairing with them, their reactions hidden.
    pub fn block(&self, nickname: String) -> ApiResult<()> {
        self.0.block(&nickname)
    }

    /// Unblocks a player.
    pub fn unblock(&self, nickname: String) -> ApiResult<()> {
        self.0.unblock(&nickname)
    }

    /// Asks for the players waiting for an opponent (the screen's `open_seeks` when they come).
    pub fn open_seeks(&self) -> ApiResult<()> {
        self.0.open_seeks()
    }

    /// Plays the open seek of `player` (rated, at its clock): the game starts.
    pub fn accept_seek(&self, player: i64) -> ApiResult<()> {
        self.0.accept_seek(player)
    }

    /// Asks for the arenas (the screen's `arenas` when they come).
    pub fn arenas(&self) -> ApiResult<()> {
        self.0.arenas()
    }

    /// Makes an arena and joins it (shown as the screen's `arena`): `name` 3 to 30 characters, starting in
    /// `starts_in_s` seconds (up to a day), lasting `minutes` (10 to 180).
    pub fn create_arena(
        &self,
        name: String,
        time_control: TimeControl,
        starts_in_s: u64,
        minutes: u32,
    ) -> ApiResult<()> {
        self.0.create_arena(&name, time_control, starts_in_s, minutes)
    }

    /// Shows an arena with its standings (the screen's `arena`), and reads them again when asked.
    pub fn arena_standings(&self, arena: i64) -> ApiResult<()> {
        self.0.arena_standings(arena)
    }

    /// Reads the standings of the arena shown again (a screen showing them calls this every few seconds).
    pub fn refresh_arena(&self) -> ApiResult<()> {
        self.0.refresh_arena()
    }

    /// Joins an arena (or comes back after a pause): paired whenever free until it finishes.
    pub fn join_arena(&self, arena: i64) -> ApiResult<()> {
        self.0.join_arena(arena)
    }

    /// Pauses in an arena: no more pairings; the points stay.
    pub fn pause_arena(&self, arena: i64) -> ApiResult<()> {
        self.0.pause_arena(arena)
    }

    /// Stops showing the arena (its standings are no longer asked for).
    pub fn close_arena(&self) {
        self.0.close_arena()
    }

    /// Asks for the live games (the screen's `live_games` when they come).
    pub fn live_games(&self) -> ApiResult<()> {
        self.0.live_games()
    }

    /// Watches a game in progress (the screen's `watching` when it comes); stops watching another.
    pub fn watch(&self, game: i64) -> ApiResult<()> {
        self.0.watch(game)
    }

    /// Stops watching.
    pub fn stop_watching(&self) {
        self.0.stop_watching()
    }

    /// After the end: offer the opponent a rematch (colours swapped); accepts theirs.
    pub fn offer_rematch(&self) -> ApiResult<()> {
        self.0.offer_rematch()
    }

    /// Declines the opponent's rematch offer.
    pub fn decline_rematch(&self) -> ApiResult<()> {
        self.0.decline_rematch()
    }

    /// Closes the board of a finished game (back to the lobby).
    pub fn leave_game(&self) -> ApiResult<()> {
        self.0.leave_game()
    }

    /// Asks for the best established ratings of `speed` (the state's `leaderboard` when they come).
    pub fn leaderboard(&self, speed: Speed) -> ApiResult<()> {
        self.0.leaderboard(speed)
    }

    /// Asks for a player's page (the state's `profile` when it comes).
    pub fn profile(&self, nickname: String) -> ApiResult<()> {
        self.0.profile(&nickname)
    }

    /// Tries again now instead of waiting for the next attempt.
    pub fn reconnect(&self) {
        self.0.reconnect()
    }

    /// Closes the connection for good (the screen goes away). A game in progress goes on on the server.
    pub fn disconnect(&self) {
        self.0.disconnect()
    }
}

/// The days per move a correspondence challenge may give, fewest first (the server refuses any other).
#[uniffi::export]
pub fn correspondence_days() -> Vec<u32> {
    giveaway_online::CORRESPONDENCE_DAYS.to_vec()
}

/// The days per move a challenge form offers first.
#[uniffi::export]
pub fn default_correspondence_days() -> u32 {
    giveaway_online::DEFAULT_DAYS_PER_MOVE
}
