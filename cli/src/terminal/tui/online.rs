//! The online lobby: the connection, the account (a nickname the first time, or a link code from another
//! device), quick pairing, invite codes, friends and challenges, the leaderboard and profiles, the account's
//! devices, and the last game's result with the rating change. A game that starts opens
//! the same game screen as offline games, on the online client's board controller.

use super::app::{Ctx, Go};
use super::arenas::{ArenasKey, ArenasView};
use super::correspondence::{days_per_move, time_left, CorrespondenceKey, CorrespondenceList};
use super::devices::{DevicesKey, DevicesView};
use super::form::{Field, Form};
use super::friends::{FriendsKey, FriendsView};
use super::input::is_confirm;
use super::seeks::{SeeksKey, SeeksView};
use super::theme::Theme;
use super::theme::{accent, dim, error};
use super::watch::{WatchKey, WatchView};
use giveaway_app::TimeControl;
use giveaway_core::record::Speed;
use giveaway_core::Color;
use giveaway_core::EndReason;
use giveaway_online::{
    AccountState, ChallengeOutcome, Lobby, OnlineClient, OnlineEnd, OnlineEvent, OnlineGameStatus, OnlineProblem,
    OnlineScreen as Screen, RematchState,
};
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use ratatui::layout::{Constraint, Layout};
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};
use ratatui::Frame;
use std::sync::Arc;

const SPEEDS: [Speed; 4] = [Speed::Bullet, Speed::Blitz, Speed::Rapid, Speed::Classic];
/// The menu line of the leaderboard (its speed is a choice of the line).
const LEADERBOARD: usize = 8;

/// What the keys are typing into.
enum Typing {
    Nickname(String),
    Code(String),
    /// A code shown on another device of the account.
    LinkCode(String),
}

pub struct OnlineScreen {
    client: Arc<OnlineClient>,
    menu: Form,
    typing: Option<Typing>,
    /// The last thing to tell the player, and whether it is a failure.
    message: Option<(String, bool)>,
    /// The game whose board was opened last (a new one opens by itself).
    opened: Option<i64>,
    /// The Devices view, while it is open.
    devices: Option<DevicesView>,
    /// The Friends view, while it is open.
    friends: Option<FriendsView>,
    /// The Watch view, while it is open.
    watch: Option<WatchView>,
    /// The Open seeks view, while it is open.
    seeks: Option<SeeksView>,
    /// The Arenas view, while it is open.
    arenas: Option<ArenasView>,
    /// The Correspondence view, while it is open.
    correspondence: Option<CorrespondenceList>,
}

/// `5+3`, as every time control is named.
pub fn time_control_name(tc: TimeControl) -> String {
    tc.label()
}

/// A game's terms: `5+3`, or `3 days per move`.
pub fn game_terms(tc: TimeControl, days: Option<u32>) -> String {
    days.map_or_else(|| time_control_name(tc), days_per_move)
}

fn games(n: u32) -> String {
    if n == 1 {
        "1 game".into()
    } else {
        format!("{n} games")
    }
}

pub fn speed_name(s: Speed) -> &'static str {
    match s {
        Speed::Bullet => "Bullet",
        Speed::Blitz => "Blitz",
        Speed::Rapid => "Rapid",
        Speed::Classic => "Classic",
    }
}

/// `Won by resignation · rating 1500 → 1662 (+162)`.
pub fn end_text(end: &OnlineEnd, you: Color) -> String {
    let Some(reason) = end.reason else { return "Aborted: a first move did not come in time. Nothing is kept.".into() };
    let verdict = match end.winner {
        None => format!("Drawn by {}", reason_text(reason)),
        Some(w) if w == you => format!("You won by {}", reason_text(reason)),
        Some(_) => format!("You lost by {}", reason_text(reason)),
    };
    match end.rating {
        Some(r) => format!("{verdict} · rating {:.0} → {:.0} ({:+.0})", r.before, r.after, r.after - r.before),
        None => verdict,
    }
}

pub fn reason_text(r: EndReason) -> &'static str {
    use EndReason::*;
    match r {
        NoLegalMove => "having no move left",
        Resignation => "resignation",
        Time => "time",
        Repetition => "threefold repetition",
        KingMoveRule => "the king-move rule",
        Agreement => "agreement",
        Abandonment => "abandonment",
    }
}

/// The connection as one line, and whether it is a problem.
pub fn connection_text(screen: &Screen) -> (String, bool) {
    use giveaway_online::Connection;
    let text = match (&screen.problem, &screen.connection, &screen.account) {
        (Some(OnlineProblem::Offline { reason, retry_in_ms }), ..) => {
            format!("Offline: {reason}. Trying again in {:.1} s (r: now).", *retry_in_ms as f64 / 1000.0)
        }
        (Some(OnlineProblem::UpdateNeeded { message }), ..) => {
            format!("This app is too old for the server ({message}). Update the app to play online.")
        }
        (Some(OnlineProblem::SignedOut), ..) => {
            "The server does not know this device's account any more: choose a nickname for a new one.".into()
        }
        (Some(OnlineProblem::Closed), ..) => "Disconnected.".into(),
        (Some(OnlineProblem::PlayingElsewhere), ..) => {
            "Your account is in use on another device (r: play here, which disconnects it).".into()
        }
        (None, Connection::Connecting { attempt: 1 }, _) => format!("Connecting to {}…", screen.server),
        (None, Connection::Connecting { attempt }, _) => {
            format!("Connecting to {} (attempt {attempt})…", screen.server)
        }
        (None, _, AccountState::SignedIn { player }) => format!("Online as {} · {}", player.nickname, screen.server),
        (None, ..) => format!("Online · {}", screen.server),
    };
    (text, screen.problem.is_some())
}

/// The online game's status line (the first-move countdown, the opponent away, the end).
pub fn game_status_text(screen: &Screen) -> Option<(String, bool)> {
    let g = screen.game.as_ref()?;
    Some(match &g.status {
        OnlineGameStatus::FirstMove { side, remaining_ms } => {
            let who = if *side == g.you { "You have".to_string() } else { format!("{} has", g.opponent.nickname) };
            let left = match g.days_per_move {
                Some(_) => time_left(*remaining_ms),
                None => format!("{} s", remaining_ms.div_ceil(1000)),
            };
            (format!("{who} {left} to make the first move, or the game is aborted."), *side == g.you)
        }
        OnlineGameStatus::Reconnecting => {
            ("The game goes on on the server: it comes back with the connection.".into(), true)
        }
        OnlineGameStatus::Over { end } => (end_text(end, g.you), false),
        OnlineGameStatus::Playing { .. } if g.days_per_move.is_some() => {
            ("Correspondence: q closes the board; the game waits on the server.".into(), false)
        }
        OnlineGameStatus::Playing { .. } if g.opponent_away => {
            (format!("{}'s connection dropped; they have 60 s to come back.", g.opponent.nickname), true)
        }
        OnlineGameStatus::Playing { .. } => return None,
    })
}

impl OnlineScreen {
    pub fn new(client: Arc<OnlineClient>) -> OnlineScreen {
        let screen = client.screen();
        let opened = screen.game.map(|g| g.game);
        // Back from an arena's game: the arena again, with its standings.
        let arenas = screen.arena.is_some().then(ArenasView::back_to_arena);
        OnlineScreen {
            client,
            menu: Form::new(Vec::new()),
            typing: None,
            message: None,
            opened,
            devices: None,
            friends: None,
            watch: None,
            seeks: None,
            arenas,
            correspondence: None,
        }
    }

    fn build_menu(&mut self, presets: &[TimeControl], first: u32) {
        let names: Vec<String> = presets.iter().map(|t| time_control_name(*t)).collect();
        let blitz = first as usize;
        let keep = |i: usize, old: &Form| old.fields.get(i).map_or(blitz, |f| f.choice);
        let fields = vec![
            Field::new("Quick pairing", names.clone(), keep(0, &self.menu)),
            Field::new("Invite a friend", names, keep(1, &self.menu)),
            Field::button("Join with a code"),
            Field::button("Friends"),
            Field::button("Watch a game"),
            Field::button("Open seeks"),
            Field::button("Arenas"),
            Field::button("Correspondence"),
            Field::new(
                "Leaderboard",
                SPEEDS.iter().map(|s| speed_name(*s).to_string()).collect(),
                self.menu.fields.get(LEADERBOARD).map_or(1, |f| f.choice),
            ),
            Field::button("My profile"),
            Field::button("Devices"),
            Field::button("Back"),
        ];
        let index = self.menu.index.min(fields.len() - 1);
        self.menu = Form { fields, index };
    }

    /// Every frame: the client's events; a game that started opens its board.
    pub fn tick(&mut self) -> Option<Go> {
        for e in self.client.take_events() {
            self.message = match e {
                OnlineEvent::Connected => None,
                OnlineEvent::AccountCreated { player } => {
                    Some((format!("Welcome, {}! Your account is kept on this device.", player.nickname), false))
                }
                // Said by the connection line, from the screen's problem.
                OnlineEvent::SignedOut | OnlineEvent::GameStarted { .. } | OnlineEvent::OpponentConnection { .. } => {
                    None
                }
                OnlineEvent::GameEnded { end } if end.reason.is_none() => {
                    Some(("The game was aborted: a first move did not come in time. Nothing is kept.".into(), true))
                }
                OnlineEvent::GameEnded { .. } => None,
                OnlineEvent::MoveRefused { mv, reason } => {
                    Some((format!("Your move {mv} was not played: {reason}."), true))
                }
                OnlineEvent::Refused { message, .. } => Some((message, true)),
                OnlineEvent::ChallengeReceived { challenge: c } => Some((
                    format!(
                        "{} challenges you ({}{}): answer in Friends.",
                        c.opponent.nickname,
                        game_terms(c.time_control, c.days_per_move),
                        if c.rated { ", rated" } else { ", casual" }
                    ),
                    false,
                )),
                OnlineEvent::ChallengeClosed { opponent, outcome } => match outcome {
                    // The game's board opens.
                    ChallengeOutcome::Accepted => None,
                    ChallengeOutcome::Declined => {
                        Some((format!("{} declined the challenge.", opponent.nickname), true))
                    }
                    ChallengeOutcome::Cancelled => {
                        Some((format!("{} withdrew the challenge.", opponent.nickname), false))
                    }
                    ChallengeOutcome::Expired => {
                        Some((format!("The challenge with {} expired.", opponent.nickname), false))
                    }
                },
            };
        }
        if let Some(view) = self.friends.as_mut() {
            view.tick(&self.client);
        }
        if let Some(view) = self.watch.as_mut() {
            view.tick(&self.client, &self.client.screen());
        }
        if let Some(view) = self.seeks.as_mut() {
            view.tick(&self.client);
        }
        if let Some(view) = self.arenas.as_mut() {
            view.tick(&self.client);
        }
        if let Some(view) = self.correspondence.as_mut() {
            view.tick(&self.client);
        }
        let state = self.client.screen();
        if self.menu.fields.is_empty() && !state.presets.is_empty() {
            self.build_menu(&state.presets, state.default_preset);
        }
        let game = state.game.as_ref().filter(|_| state.actions.back_to_game).map(|g| g.game);
        if game.is_some() && game != self.opened {
            self.opened = game;
            return Some(Go::OnlineGame);
        }
        None
    }

    pub fn key(&mut self, key: KeyEvent, ctx: &mut Ctx) -> Go {
        let state = self.client.screen();
        if let Some(t) = &mut self.typing {
            let text = match t {
                Typing::Nickname(s) | Typing::Code(s) | Typing::LinkCode(s) => s,
            };
            match key.code {
                KeyCode::Char(c) => text.push(c),
                KeyCode::Backspace => {
                    text.pop();
                }
                KeyCode::Esc => self.typing = None,
                KeyCode::Enter => {
                    let r = match self.typing.take() {
                        Some(Typing::Nickname(n)) => self.client.create_account(&n),
                        Some(Typing::Code(c)) => self.client.accept_invite(&c),
                        Some(Typing::LinkCode(c)) => self.client.redeem_link_code(&c, "Terminal"),
                        None => Ok(()),
                    };
                    self.result(r);
                }
                _ => {}
            }
            return Go::Stay;
        }
        self.message = None;
        if !state.actions.devices {
            self.devices = None; // signed out, or offline
        }
        if let Some(view) = self.devices.as_mut() {
            match view.key(key, &self.client, &state) {
                DevicesKey::Close => self.devices = None,
                DevicesKey::Stay(r) => self.result(r),
            }
            return Go::Stay;
        }
        if !state.actions.social {
            self.friends = None;
        }
        if let Some(view) = self.friends.as_mut() {
            match view.key(key, &self.client, &state) {
                FriendsKey::Close => self.friends = None,
                FriendsKey::Stay(r) => self.result(r),
            }
            return Go::Stay;
        }
        if !state.actions.watch {
            self.watch = None;
        }
        if let Some(view) = self.watch.as_mut() {
            match view.key(key, &self.client, &state) {
                WatchKey::Close => self.watch = None,
                WatchKey::Stay(r) => self.result(r),
            }
            return Go::Stay;
        }
        if !state.actions.browse {
            self.seeks = None;
        }
        if let Some(view) = self.seeks.as_mut() {
            match view.key(key, &self.client, &state) {
                SeeksKey::Close => self.seeks = None,
                SeeksKey::Stay(r) => self.result(r),
            }
            return Go::Stay;
        }
        if let Some(view) = self.correspondence.as_mut().filter(|_| state.actions.social && !state.actions.back_to_game)
        {
            match view.key(key, &self.client, &state) {
                CorrespondenceKey::Close => self.correspondence = None,
                CorrespondenceKey::Stay(r) => self.result(r),
            }
            return Go::Stay;
        }
        // The arena stays open through its games; only the lobby's "back to the game" line goes before it.
        if let Some(view) = self.arenas.as_mut().filter(|_| state.actions.browse && !state.actions.back_to_game) {
            match view.key(key, &self.client, &state) {
                ArenasKey::Close => self.arenas = None,
                ArenasKey::Stay(r) => self.result(r),
            }
            return Go::Stay;
        }
        match key.code {
            KeyCode::Char('q') | KeyCode::Esc => {
                let r = if state.actions.cancel_seek {
                    self.client.cancel_seek()
                } else if state.actions.cancel_invite {
                    self.client.cancel_invite()
                } else {
                    return self.back(ctx);
                };
                self.result(r);
                return Go::Stay;
            }
            KeyCode::Char('r') if state.actions.try_now => {
                self.client.reconnect();
                return Go::Stay;
            }
            // After a game: offer a rematch (accepting the opponent's), or decline theirs.
            KeyCode::Char('m') if state.game.as_ref().is_some_and(|g| g.actions.offer_rematch) => {
                let r = self.client.offer_rematch();
                self.result(r);
                return Go::Stay;
            }
            KeyCode::Char('x') if state.game.as_ref().is_some_and(|g| g.actions.decline_rematch) => {
                let r = self.client.decline_rematch();
                self.result(r);
                return Go::Stay;
            }
            _ => {}
        }
        if state.actions.create_account {
            if is_confirm(&key) {
                self.typing = Some(Typing::Nickname(String::new()));
            } else if key.code == KeyCode::Char('l') && state.actions.redeem_link_code {
                self.typing = Some(Typing::LinkCode(String::new()));
            }
            return Go::Stay;
        }
        if let Some(g) = state.game.as_ref().filter(|_| state.actions.back_to_game) {
            if is_confirm(&key) {
                self.opened = Some(g.game);
                return Go::OnlineGame;
            }
            return Go::Stay;
        }
        if !is_confirm(&key) {
            self.menu.key(&key);
            return Go::Stay;
        }
        let preset = |i: usize| state.presets.get(self.menu.fields[i].choice).copied();
        let r = match self.menu.index {
            0 => preset(0).map_or(Ok(()), |tc| self.client.seek(tc)),
            1 => preset(1).map_or(Ok(()), |tc| self.client.create_invite(tc, true)),
            2 => {
                self.typing = Some(Typing::Code(String::new()));
                Ok(())
            }
            3 => {
                let (view, r) = FriendsView::open(&self.client);
                self.friends = Some(view);
                r
            }
            4 => {
                let (view, r) = WatchView::open(&self.client);
                self.watch = Some(view);
                r
            }
            5 => {
                let (view, r) = SeeksView::open(&self.client);
                self.seeks = Some(view);
                r
            }
            6 => {
                let (view, r) = ArenasView::open(&self.client);
                self.arenas = Some(view);
                r
            }
            7 => {
                let (view, r) = CorrespondenceList::open(&self.client);
                self.correspondence = Some(view);
                r
            }
            LEADERBOARD => self.client.leaderboard(SPEEDS[self.menu.fields[LEADERBOARD].choice]),
            9 => match &state.account {
                AccountState::SignedIn { player } => self.client.profile(&player.nickname),
                _ => Ok(()),
            },
            10 => {
                let (view, r) = DevicesView::open(&self.client);
                self.devices = Some(view);
                r
            }
            _ => return self.back(ctx),
        };
        self.result(r);
        Go::Stay
    }

    fn back(&mut self, ctx: &mut Ctx) -> Go {
        // A game in progress goes on on the server (and comes back with `giveaway online`).
        self.client.disconnect();
        ctx.online = None;
        Go::Home
    }

    fn result(&mut self, r: giveaway_app::ApiResult<()>) {
        if let Err(e) = r {
            self.message = Some((e.to_string(), true));
        }
    }

    pub fn draw(&mut self, f: &mut Frame, ctx: &Ctx) {
        let state = self.client.screen();
        if let Some(w) = state.watching.as_ref().filter(|_| self.watch.is_some()) {
            let theme = Theme::new(ctx.settings.board_theme, ctx.settings.piece_theme);
            return WatchView::draw_game(f, f.area(), w, &theme);
        }
        let [top, body, bottom] =
            Layout::vertical([Constraint::Length(3), Constraint::Min(8), Constraint::Length(3)]).areas(f.area());
        let (conn, bad) = connection_text(&state);
        let head =
            vec![Line::styled("Giveaway online", accent()), Line::styled(conn, if bad { error() } else { dim() })];
        f.render_widget(Paragraph::new(head), top);

        let mut lines: Vec<Line<'static>> = Vec::new();
        let mut help = "↑↓ choose · ←→ time control · Enter · q back";
        if let Some(t) = &self.typing {
            let (label, text) = match t {
                Typing::Nickname(s) => ("Your nickname (3–20 characters)", s),
                Typing::Code(s) => ("Invite code", s),
                Typing::LinkCode(s) => ("Link code from your other device", s),
            };
            lines.push(Line::styled(format!("{label}: {text}█"), accent()));
            help = "Enter confirm · Esc cancel";
        } else if let Some(view) = self.devices.as_ref().filter(|_| state.actions.devices) {
            let (view_lines, view_help) = view.lines(&state);
            lines.extend(view_lines);
            help = view_help;
        } else if let Some(view) = self.seeks.as_ref().filter(|_| state.actions.browse && !state.actions.back_to_game) {
            let (view_lines, view_help) = view.lines(&state);
            lines.extend(view_lines);
            help = view_help;
        } else if let Some(view) = self.arenas.as_ref().filter(|_| state.actions.browse && !state.actions.back_to_game)
        {
            let (view_lines, view_help) = view.lines(&state);
            lines.extend(view_lines);
            help = view_help;
        } else if let Some(view) =
            self.correspondence.as_ref().filter(|_| state.actions.social && !state.actions.back_to_game)
        {
            let (view_lines, view_help) = view.lines(&state);
            lines.extend(view_lines);
            help = view_help;
        } else if let Some(view) = self.watch.as_ref().filter(|_| state.actions.watch) {
            let (view_lines, view_help) = view.lines(&state);
            lines.extend(view_lines);
            help = view_help;
        } else if let Some(view) = self.friends.as_ref().filter(|_| state.actions.social) {
            let (view_lines, view_help) = view.lines(&state);
            lines.extend(view_lines);
            help = view_help;
        } else if state.actions.create_account {
            lines.push(Line::raw("To play online, make an account: press Enter and type a nickname."));
            lines.push(Line::raw(
                "Have an account on another device? Press l and type the link code it shows (Devices).",
            ));
            help = "Enter choose a nickname · l link to my account · q back";
        } else if !state.actions.browse {
            lines.push(Line::raw("Waiting for the server."));
            if let Some(g) = state.game.as_ref().filter(|_| state.actions.back_to_game) {
                let them = &g.opponent.nickname;
                lines.push(Line::styled(
                    format!("Your game against {them} goes on: it comes back with the connection."),
                    dim(),
                ));
            }
            help = if state.actions.try_now { "r try now · q back" } else { "q back" };
        } else if let Some(g) = state.game.as_ref().filter(|_| state.actions.back_to_game) {
            let (me, them) = (&g.player, &g.opponent);
            lines.push(Line::styled(
                format!(
                    "Your game against {} ({:.0}) is on: press Enter to go back to it.",
                    them.nickname, them.rating
                ),
                accent(),
            ));
            lines.push(Line::styled(format!("You: {} ({:.0})", me.nickname, me.rating), dim()));
            help = "Enter back to the game · q leave (the game goes on)";
        } else {
            match &state.lobby {
                Lobby::Seeking { time_control } => {
                    lines.push(Line::styled(
                        format!("Looking for an opponent at {}…", time_control_name(*time_control)),
                        accent(),
                    ));
                    help = "q stop looking";
                }
                Lobby::Inviting { code, time_control, .. } => {
                    lines.push(Line::styled(format!("Invite code: {code}"), accent()));
                    lines.push(Line::raw(format!(
                        "Give it to your friend: they choose \"Join with a code\" ({}).",
                        time_control_name(*time_control)
                    )));
                    help = "q cancel the invite";
                }
                Lobby::Idle => lines.extend(self.menu.lines()),
            }
        }
        if let Some((end, g)) = state.game.as_ref().and_then(|g| g.end().map(|e| (e, g))) {
            lines.push(Line::raw(""));
            lines.push(Line::styled(format!("Last game: {}", end_text(end, g.you)), accent()));
            if let Some(id) = end.saved_id {
                lines.push(Line::styled(format!("Saved as game {id}: replay and analyse it in Saved games."), dim()));
            }
            let them = &g.opponent.nickname;
            match g.rematch {
                RematchState::Offered => {
                    lines.push(Line::styled(format!("Rematch offered; waiting for {them}."), dim()))
                }
                RematchState::OfferedToYou => {
                    lines.push(Line::styled(format!("{them} offers a rematch: m accept · x decline"), accent()))
                }
                RematchState::CanOffer if g.actions.offer_rematch => {
                    lines.push(Line::styled(format!("m: offer {them} a rematch"), dim()))
                }
                RematchState::CanOffer | RematchState::Unavailable => {}
            }
        }
        if let Some(board) = &state.leaderboard {
            let entries = &board.rows;
            lines.push(Line::raw(""));
            lines.push(Line::styled(format!("Leaderboard · {}", speed_name(board.speed)), accent()));
            if entries.is_empty() {
                lines.push(Line::styled("No established ratings yet.", dim()));
            }
            for e in entries.iter().take(10) {
                lines.push(Line::raw(format!(
                    "{:>3}. {:<20} {:>6.0}  ({})",
                    e.rank,
                    e.player.nickname,
                    e.rating,
                    games(e.games)
                )));
            }
        }
        if let Some(p) = &state.profile {
            lines.push(Line::raw(""));
            lines.push(Line::styled(format!("Profile · {}", p.player.nickname), accent()));
            for r in &p.ratings {
                // A provisional rating (few games yet) is marked as lichess does.
                let mark = if r.provisional { "?" } else { "" };
                lines.push(Line::raw(format!(
                    "{:<8} {:>6.0}{mark}  ({})",
                    speed_name(r.speed),
                    r.rating,
                    games(r.games)
                )));
            }
            for g in p.recent.iter().take(5) {
                let change = g.rating_change.map_or(String::new(), |c| format!(" ({c:+.0})"));
                let outcome = match g.winner {
                    None => "draw",
                    Some(w) if w == g.color => "won",
                    Some(_) => "lost",
                };
                lines.push(Line::styled(format!("  {outcome} vs {}{change}", g.opponent.nickname), dim()));
            }
        }
        f.render_widget(
            Paragraph::new(lines).wrap(Wrap { trim: false }).block(Block::default().borders(Borders::ALL)),
            body,
        );
        let mut foot = vec![Line::styled(help, dim())];
        if let Some((m, bad)) = &self.message {
            foot.insert(0, Line::styled(m.clone(), if *bad { error() } else { accent() }));
        }
        f.render_widget(Paragraph::new(foot).wrap(Wrap { trim: true }), bottom);
    }
}
