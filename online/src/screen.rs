//! What the online screens show, decided here once for every front end: the lobby's problem, account state and
//! actions, and the online game's seats, status (the first-move countdown, then the clocks), rematch and
//! actions. The shells only draw an [`OnlineScreen`] and word it; the raw [`OnlineState`] stays for tests and
//! tools.

use crate::arenas::{ArenaScreen, ArenaStatus, ArenaView, Arenas};
use crate::correspondence::CorrespondenceView;
use crate::seeks::SeekView;
use crate::social::{Social, SocialScreen};
use crate::watch::{LiveGameView, WatchScreen, Watched};
use crate::{
    Connection, DeviceView, GameId, Leaderboard, LinkCodeView, Lobby, OnlineEnd, OnlineEvent, OnlineGameView,
    OnlinePlayer, OnlineState, ProfileView, SeatView,
};
use giveaway_core::position::Color;
use giveaway_core::record::{SideTime, Speed, TimeControl};
use std::time::Instant;

/// What stands between the player and online play, with its way on.
#[derive(Clone, Debug, PartialEq, Eq)]
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
    /// The account is in use on another device, which the server keeps: [`LobbyActions::try_now`] takes it
    /// back here (and ends the other device's connection).
    PlayingElsewhere,
}

/// This device's account on the server.
#[derive(Clone, Debug, PartialEq, Eq)]
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
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
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
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
#[derive(Clone, Debug, PartialEq)]
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
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OnlineGameActions {
    /// Resign, offer a draw, react: the game is in progress.
    pub in_game: bool,
    /// Offer a rematch, or accept the opponent's.
    pub offer_rematch: bool,
    /// Decline the opponent's rematch offer.
    pub decline_rematch: bool,
    /// Close the board (`leave_game`): the game is over, or a correspondence game goes on without it.
    pub back_to_lobby: bool,
}

/// The online game, seen from this device.
#[derive(Clone, Debug, PartialEq)]
pub struct OnlineGame {
    /// The game's number on the server.
    pub game: GameId,
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
#[derive(Clone, Debug, PartialEq)]
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
    /// The arenas as last asked for (`arenas`): running, then upcoming, then finished.
    pub arenas: Vec<ArenaView>,
    /// The arena shown with its standings (`arena_standings`, `join_arena`, `create_arena`), until
    /// `close_arena`.
    pub arena: Option<ArenaScreen>,
    /// The game watched, once the server has sent it (`watch`).
    pub watching: Option<WatchScreen>,
    /// The player's correspondence games in progress, their move first, as last asked for (`correspondence`;
    /// asked at every connection).
    pub correspondence: Vec<CorrespondenceView>,
    /// Milliseconds until this state changes by itself (the first-move countdown's next second): when to
    /// read it again. `None`: nothing counts down.
    pub next_tick_ms: Option<u64>,
}

/// What changed since the last read: the events, and the screen as it stands after them.
#[derive(Clone, Debug, PartialEq)]
pub struct OnlineUpdate {
    /// What the online screens draw now: it already shows every change that `events` tell of.
    pub screen: OnlineScreen,
    /// The events since the last read, oldest first.
    pub events: Vec<OnlineEvent>,
}

/// What the client knows beyond [`OnlineState`] to decide the screen.
pub(crate) struct Extra {
    /// The server forgot this device's account (until a new one is made).
    pub signed_out: bool,
    /// When the side to move must have made its first move, and who that is.
    pub first_move: Option<(Color, Instant)>,
    /// The side to move on the board.
    pub to_move: Color,
    /// The link code shown and until when it is valid.
    pub link_code: Option<(String, Instant)>,
    /// The account's devices as last asked for.
    pub devices: Vec<DeviceView>,
    /// Friends, challenges and blocked players as last told.
    pub social: Social,
    /// The live games as last asked for.
    pub live_games: Vec<LiveGameView>,
    /// The open seeks as last asked for.
    pub open_seeks: Vec<SeekView>,
    /// The game watched.
    pub watching: Option<Watched>,
    /// The arenas list and the arena shown.
    pub arenas: Arenas,
    /// The correspondence games as last asked for.
    pub correspondence: Vec<CorrespondenceView>,
}

/// The preset offered first: 5+3, as lichess's default blitz.
const DEFAULT_PRESET: SideTime = SideTime { base_ms: 300_000, increment_ms: 3_000 };

/// Decides the online screen from the client's state at `now`.
pub(crate) fn decide(state: &OnlineState, extra: &Extra, now: Instant) -> OnlineScreen {
    let online = state.connection == Connection::Online;
    let problem = match &state.connection {
        Connection::Offline { reason, retry_in_ms } => {
            Some(OnlineProblem::Offline { reason: reason.clone(), retry_in_ms: *retry_in_ms })
        }
        Connection::UpdateNeeded { message } => Some(OnlineProblem::UpdateNeeded { message: message.clone() }),
        Connection::Closed => Some(OnlineProblem::Closed),
        Connection::Replaced => Some(OnlineProblem::PlayingElsewhere),
        Connection::Connecting { .. } | Connection::Online => extra.signed_out.then_some(OnlineProblem::SignedOut),
    };
    let account = match (&state.player, online) {
        (Some(p), _) => AccountState::SignedIn { player: p.clone() },
        (None, true) => AccountState::Needed,
        (None, false) => AccountState::Unknown,
    };
    let game = state.game.as_ref().map(|g| game_screen(g, online, extra, now));
    let in_progress = game.as_ref().is_some_and(|g| g.end().is_none());
    // A correspondence board keeps nobody from the lobby: its game goes on for days.
    let playing = in_progress && game.as_ref().is_some_and(|g| g.days_per_move.is_none());
    let signed_in = online && state.player.is_some();
    let idle = signed_in && !playing && state.lobby == Lobby::Idle;
    let actions = LobbyActions {
        try_now: matches!(state.connection, Connection::Offline { .. } | Connection::Replaced),
        create_account: online && state.player.is_none(),
        seek: idle,
        cancel_seek: online && matches!(state.lobby, Lobby::Seeking { .. }),
        invite: idle,
        cancel_invite: online && matches!(state.lobby, Lobby::Inviting { .. }),
        join_with_code: idle,
        browse: online,
        back_to_game: in_progress,
        devices: signed_in,
        redeem_link_code: online && state.player.is_none(),
        social: signed_in,
        watch: signed_in,
        accept_seek: idle,
    };
    let link_code = extra.link_code.as_ref().filter(|_| signed_in).and_then(|(code, until)| {
        let remaining_ms = until.saturating_duration_since(now).as_millis() as u64;
        (remaining_ms > 0).then(|| LinkCodeView { code: code.clone(), remaining_ms })
    });
    let next_tick_ms = game.as_ref().and_then(|g| match g.status {
        // The countdown shows whole seconds: read again when the next one starts.
        OnlineGameStatus::FirstMove { remaining_ms, .. } => Some(remaining_ms % 1000 + 1),
        _ => None,
    });
    // The link code's and the challenges' countdowns show whole seconds too.
    let watch_tick = extra.watching.as_ref().and_then(|w| w.next_tick_ms(now));
    let arena = extra.arenas.screen(state.player.as_ref().map(|p| p.id), now).filter(|_| signed_in);
    // The arena's countdown (to its start, else to its finish) shows whole seconds.
    let arena_tick = arena.as_ref().and_then(|a| match a.arena.status {
        ArenaStatus::Upcoming => Some(a.arena.starts_in_ms % 1000 + 1),
        ArenaStatus::Running => Some(a.arena.ends_in_ms % 1000 + 1),
        ArenaStatus::Finished => None,
    });
    let link_tick = link_code.as_ref().map(|c| c.remaining_ms % 1000 + 1);
    let next_tick_ms =
        [next_tick_ms, link_tick, extra.social.next_tick_ms(now), watch_tick, arena_tick].into_iter().flatten().min();
    let me = state.player.as_ref().filter(|_| signed_in).map(|p| p.id);
    OnlineScreen {
        server: state.server.clone(),
        connection: state.connection.clone(),
        problem,
        account,
        lobby: state.lobby.clone(),
        actions,
        presets: state.presets.clone(),
        default_preset: state.presets.iter().position(|t| t.white == DEFAULT_PRESET).unwrap_or(0) as u32,
        game,
        leaderboard: state.leaderboard.clone(),
        profile: state.profile.clone(),
        link_code,
        devices: if signed_in { extra.devices.clone() } else { Vec::new() },
        social: extra.social.screen(me, online, playing, now),
        live_games: if signed_in { extra.live_games.clone() } else { Vec::new() },
        open_seeks: if signed_in { extra.open_seeks.clone() } else { Vec::new() },
        watching: extra.watching.as_ref().map(|w| w.screen(now)),
        arenas: if signed_in { extra.arenas.list(now) } else { Vec::new() },
        correspondence: if signed_in { extra.correspondence.clone() } else { Vec::new() },
        arena,
        next_tick_ms,
    }
}

impl OnlineGame {
    /// How the game ended, once it has.
    pub fn end(&self) -> Option<&OnlineEnd> {
        match &self.status {
            OnlineGameStatus::Over { end } => Some(end),
            _ => None,
        }
    }
}

fn game_screen(g: &OnlineGameView, online: bool, extra: &Extra, now: Instant) -> OnlineGame {
    let (player, opponent) = if g.you == Color::White { (&g.white, &g.black) } else { (&g.black, &g.white) };
    let status = match (&g.end, extra.first_move) {
        (Some(end), _) => OnlineGameStatus::Over { end: end.clone() },
        (None, _) if !online => OnlineGameStatus::Reconnecting,
        (None, Some((side, deadline))) => OnlineGameStatus::FirstMove {
            side,
            remaining_ms: deadline.saturating_duration_since(now).as_millis() as u64,
        },
        (None, None) => OnlineGameStatus::Playing { side: extra.to_move },
    };
    let over = g.end.is_some();
    let rematch = match (over, g.rematch_offer) {
        (false, _) => RematchState::Unavailable,
        // The arena pairs its players again by itself.
        (true, _) if g.arena.is_some() => RematchState::Unavailable,
        (true, None) => RematchState::CanOffer,
        (true, Some(by)) if by == g.you => RematchState::Offered,
        (true, Some(_)) => RematchState::OfferedToYou,
    };
    let actions = OnlineGameActions {
        in_game: !over,
        offer_rematch: online && matches!(rematch, RematchState::CanOffer | RematchState::OfferedToYou),
        decline_rematch: online && rematch == RematchState::OfferedToYou,
        back_to_lobby: over || g.days_per_move.is_some(),
    };
    OnlineGame {
        game: g.game,
        you: g.you,
        player: player.clone(),
        opponent: opponent.clone(),
        time_control: g.time_control,
        days_per_move: g.days_per_move,
        speed: g.speed,
        rated: g.rated,
        status,
        opponent_away: !over && online && !g.opponent_connected && g.days_per_move.is_none(),
        rematch,
        actions,
        spectators: g.spectators,
        arena: g.arena,
    }
}
