//! One game in progress, run by one task on the node that hosts it: the rules (the core's `Game`), the clocks,
//! draw and rematch offers, reactions, and every result. Commands arrive one at a time, so nothing here races.

use crate::clock;
use crate::friends;
use crate::hub::Hub;
use crate::messages::{game_error_frame, Action, GameCmd, Out, Route};
use crate::store::{self, MoveRow, NewGame, StoredGame};
use crate::writer::Stored;
use giveaway_core::record::REACTION_EMOJIS;
use giveaway_core::{format_move, parse_move, Game, Notation, Position, Rules};
use giveaway_protocol::{
    encode, ArenaId, Clocks, Color, EndReason, ErrorCode, GameId, GameResult, GameState, PlayerId, PlayerInfo,
    RatingChanges, Reaction, Seat, ServerFrame, ServerMessage, Speed, TimeControl, WatchState, DAY_MS,
};
use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::mpsc;

/// Most reactions kept per game (each costs a row and a relay; the per-connection rate limit applies too).
const MAX_REACTIONS: usize = 300;

fn idx(c: Color) -> usize {
    match c {
        Color::White => 0,
        Color::Black => 1,
    }
}

fn wire_color(c: giveaway_core::Color) -> Color {
    match c {
        giveaway_core::Color::White => Color::White,
        giveaway_core::Color::Black => Color::Black,
    }
}

fn wire_reason(r: giveaway_core::EndReason) -> EndReason {
    use giveaway_core::EndReason as E;
    match r {
        E::NoLegalMove => EndReason::NoLegalMove,
        E::Resignation => EndReason::Resignation,
        E::Time => EndReason::Time,
        E::Repetition => EndReason::Repetition,
        E::KingMoveRule => EndReason::KingMoveRule,
        E::Agreement => EndReason::Agreement,
        E::Abandonment => EndReason::Abandonment,
    }
}

fn wire_result(r: giveaway_core::GameResult) -> GameResult {
    let winner = match r.outcome {
        giveaway_core::Outcome::WhiteWins => Some(Color::White),
        giveaway_core::Outcome::BlackWins => Some(Color::Black),
        giveaway_core::Outcome::Draw => None,
    };
    GameResult { winner, reason: wire_reason(r.reason) }
}

/// The request a frame answers: who sent it and its id. The frame a request causes carries the id as `re`
/// for its sender only; the opponent's copy is an event.
#[derive(Clone, Copy)]
struct Asked {
    by: Color,
    re: Option<u64>,
}

/// The `re` of a frame for `to` that `asked` caused (none: an event).
fn re_for(asked: Option<Asked>, to: Color) -> Option<u64> {
    asked.filter(|a| a.by == to).and_then(|a| a.re)
}

struct SeatState {
    info: PlayerInfo,
    rating: f64,
    provisional: bool,
    route: Option<Route>,
    offline_since: Option<Instant>,
    /// Round trip last reported for the player's connection.
    rtt_ms: u64,
}

struct Live {
    hub: Arc<Hub>,
    id: GameId,
    seats: [SeatState; 2],
    time_control: TimeControl,
    /// A correspondence game's allowance per move: every move sets the mover's clock back to it, and nobody
    /// loses by staying away.
    days_ms: Option<u64>,
    speed: Speed,
    rated: bool,
    rematch_of: Option<GameId>,
    arena: Option<ArenaId>,
    game: Game,
    /// Clocks after each ply (index = ply - 1), as stored.
    move_clocks: Vec<Clocks>,
    /// Time left of each side when its turn began.
    clocks: [u64; 2],
    /// When the side to move's clock started; none while it is not running.
    turn_started: Option<Instant>,
    /// A recovered game waits for its player to move to come back (or for the abandonment time) before the clock
    /// runs again: the time the server was down is charged to no one.
    resume_wait: Option<Instant>,
    first_move_deadline: Option<Instant>,
    draw_offer: Option<Color>,
    reactions: Vec<Reaction>,
    /// Whether the player of each colour blocks the other: their reactions are then not shown to them.
    muted: [bool; 2],
    /// Who watches, and where each is connected (one place per account).
    spectators: HashMap<PlayerId, Route>,
    result: Option<GameResult>,
    ratings: Option<RatingChanges>,
    ended: Option<Instant>,
    rematch_offer: Option<Color>,
    rematch_closed: bool,
    /// Another node hosts the game now: this task ends.
    handed_over: bool,
}

/// Runs a game on this node: new (its players are told; `reply_to` names the player whose request started
/// it and the request's id) or recovered after a restart.
pub fn start(
    hub: &Arc<Hub>,
    stored: StoredGame,
    routes: [Option<Route>; 2],
    recovered: bool,
    reply_to: Option<(PlayerId, Option<u64>)>,
) {
    let (tx, rx) = mpsc::channel(64);
    hub.add_game(stored.id, tx);
    let hub = hub.clone();
    tokio::spawn(async move {
        let id = stored.id;
        run(hub.clone(), stored, routes, recovered, reply_to, rx).await;
        hub.remove_game(id);
    });
}

/// Loads and runs the games this node was running when it stopped.
pub async fn recover(hub: &Arc<Hub>) -> Result<usize, store::StoreError> {
    let games = store::load_active(&hub.pool, hub.node()).await?;
    Ok(resume(hub, games).await)
}

/// Runs stored games (recovered after a restart, or adopted from a gone node) and tells every node where
/// they are: a player connected to another node asked for their state while they were nowhere, and asks again.
/// Returns how many.
pub async fn resume(hub: &Arc<Hub>, games: Vec<StoredGame>) -> usize {
    let n = games.len();
    let mut players = Vec::with_capacity(n * 2);
    for g in games {
        players.push((g.white.0.id, g.id));
        players.push((g.black.0.id, g.id));
        start(hub, g, [None, None], true, None);
    }
    hub.bus.rehost_everywhere(&players).await;
    n
}

/// Runs a game until it is over and its rematch window has passed. `reply_to` is the player whose request
/// started it (an accepted invite, a seek paired at once, the second rematch offer) and that request's id: its
/// first `game_state` is the answer.
pub async fn run(
    hub: Arc<Hub>,
    stored: StoredGame,
    routes: [Option<Route>; 2],
    recovered: bool,
    reply_to: Option<(PlayerId, Option<u64>)>,
    mut rx: mpsc::Receiver<GameCmd>,
) {
    let now = Instant::now();
    let mut game = Game::new(Position::start(), Rules::default());
    let mut move_clocks = Vec::new();
    for m in &stored.moves {
        if let Err(e) = game.play_notation(&m.mv) {
            log::error!("game {}: stored move {} does not replay ({e}); resuming before it", stored.id, m.mv);
            break;
        }
        move_clocks.push(m.clocks);
    }
    let base = stored.time_control.base_ms;
    let last = move_clocks.last().copied().unwrap_or(Clocks { white_ms: base, black_ms: base });
    let [w_route, b_route] = routes;
    let seat = |(info, rating, provisional): (PlayerInfo, f64, bool), route: Option<Route>| SeatState {
        info,
        rating,
        provisional,
        offline_since: if route.is_some() { None } else { Some(now) },
        rtt_ms: match &route {
            Some(Route::Local(c)) => c.rtt(),
            _ => 0,
        },
        route,
    };
    let mut live = Live {
        seats: [seat(stored.white, w_route), seat(stored.black, b_route)],
        id: stored.id,
        time_control: stored.time_control,
        days_ms: stored.time_control.days_per_move.map(|d| u64::from(d) * DAY_MS),
        speed: stored.speed,
        rated: stored.rated,
        rematch_of: stored.rematch_of,
        arena: stored.arena,
        clocks: [last.white_ms, last.black_ms],
        turn_started: None,
        resume_wait: None,
        first_move_deadline: None,
        draw_offer: None,
        reactions: stored.reactions,
        muted: [false; 2],
        spectators: HashMap::new(),
        result: None,
        ratings: None,
        ended: None,
        rematch_offer: None,
        rematch_closed: false,
        handed_over: false,
        move_clocks,
        game,
        hub,
    };
    live.read_blocks().await;
    // A correspondence game's time runs by the wall clock, also while no node ran it.
    // (A game on a clock charges no one for the time the server was down.)
    let waited = if live.days_ms.is_some() { stored.since_last_move_ms } else { 0 };
    if live.game.ply() < 2 {
        live.first_move_deadline =
            Some(now + Duration::from_millis(live.first_move_allowance().saturating_sub(waited)));
    } else if live.days_ms.is_some() {
        let t = idx(live.turn());
        live.clocks[t] = live.clocks[t].saturating_sub(waited);
        log::debug!("game {}: {waited} ms went by since its last move; {} ms left", live.id, live.clocks[t]);
        live.turn_started = Some(now);
    } else if recovered {
        live.resume_wait = Some(now);
    } else {
        live.turn_started = Some(now);
    }
    if let Some(r) = live.game.result() {
        // The deciding move was stored but the node stopped before storing the result.
        live.finish(wire_result(r), None).await;
    }
    for c in [Color::White, Color::Black] {
        if live.seats[idx(c)].route.is_some() {
            let re = reply_to.filter(|(p, _)| *p == live.seats[idx(c)].info.id).and_then(|(_, re)| re);
            live.send_state(c, re).await;
        }
    }
    loop {
        let deadline = live.next_deadline();
        tokio::select! {
            cmd = rx.recv() => match cmd {
                Some(cmd) => {
                    live.handle(cmd).await;
                    if live.handed_over {
                        break;
                    }
                }
                None => break,
            },
            _ = tokio::time::sleep_until(deadline.into()) => {
                if live.on_timer().await || live.handed_over {
                    break;
                }
            }
        }
    }
}

impl Live {
    fn turn(&self) -> Color {
        wire_color(self.game.position().side_to_move())
    }

    /// The time each side has for its first move before the game is aborted.
    fn first_move_allowance(&self) -> u64 {
        self.days_ms.unwrap_or(self.hub.cfg.first_move_ms)
    }

    fn color_of(&self, player: i64) -> Option<Color> {
        if self.seats[0].info.id == player {
            Some(Color::White)
        } else if self.seats[1].info.id == player {
            Some(Color::Black)
        } else {
            None
        }
    }

    /// The side to move's allowance beyond zero before its flag falls: the lag a move could still be forgiven.
    fn flag_grace(&self) -> Duration {
        let rtt = self.seats[idx(self.turn())].rtt_ms;
        Duration::from_millis(rtt.saturating_mul(2).saturating_add(50).min(self.hub.cfg.max_lag_ms))
    }

    fn clocks_now(&self, now: Instant) -> Clocks {
        let mut c = self.clocks;
        if let Some(start) = self.turn_started {
            let t = idx(self.turn());
            c[t] = c[t].saturating_sub(now.saturating_duration_since(start).as_millis() as u64);
        }
        Clocks { white_ms: c[0], black_ms: c[1] }
    }

    fn next_deadline(&self) -> Instant {
        let now = Instant::now();
        let cfg = &self.hub.cfg;
        if let Some(ended) = self.ended {
            return ended + Duration::from_millis(cfg.rematch_ms);
        }
        let mut d = now + Duration::from_secs(3600);
        if let Some(t) = self.first_move_deadline {
            d = d.min(t);
        }
        if let Some(start) = self.turn_started {
            d = d.min(start + Duration::from_millis(self.clocks[idx(self.turn())]) + self.flag_grace());
        }
        if let Some(since) = self.resume_wait {
            d = d.min(since + Duration::from_millis(cfg.abandon_ms));
        }
        for c in [Color::White, Color::Black] {
            if let Some(since) = self.abandoning(c) {
                d = d.min(since + Duration::from_millis(cfg.abandon_ms));
            }
        }
        d
    }

    /// When a side went away, if it is away while its opponent is connected (never in correspondence).
    fn abandoning(&self, c: Color) -> Option<Instant> {
        if self.days_ms.is_some() {
            return None;
        }
        let me = &self.seats[idx(c)];
        let other = &self.seats[idx(c.opponent())];
        if other.route.is_some() {
            me.offline_since
        } else {
            None
        }
    }

    /// Returns true when the task should end.
    async fn on_timer(&mut self) -> bool {
        let now = Instant::now();
        let (rematch, abandon) =
            (Duration::from_millis(self.hub.cfg.rematch_ms), Duration::from_millis(self.hub.cfg.abandon_ms));
        if let Some(ended) = self.ended {
            return now >= ended + rematch;
        }
        if self.first_move_deadline.is_some_and(|t| now >= t) {
            self.finish(GameResult { winner: None, reason: EndReason::Aborted }, None).await;
            return false;
        }
        if let Some(start) = self.turn_started {
            let t = self.turn();
            if now >= start + Duration::from_millis(self.clocks[idx(t)]) + self.flag_grace() {
                self.clocks[idx(t)] = 0;
                self.turn_started = None;
                self.finish(GameResult { winner: Some(t.opponent()), reason: EndReason::Time }, None).await;
                return false;
            }
        }
        if self.resume_wait.is_some_and(|since| now >= since + abandon) {
            self.resume_clock(now);
        }
        for c in [Color::White, Color::Black] {
            if self.abandoning(c).is_some_and(|since| now >= since + abandon) {
                self.finish(GameResult { winner: Some(c.opponent()), reason: EndReason::Abandonment }, None).await;
                return false;
            }
        }
        false
    }

    fn resume_clock(&mut self, now: Instant) {
        if self.resume_wait.take().is_some() && self.result.is_none() {
            self.turn_started = Some(now);
        }
    }

    async fn handle(&mut self, cmd: GameCmd) {
        if let Action::Release = cmd.action {
            // The adopting node has told every player where the game is now.
            log::info!("game {}: adopted by another node; leaving it", self.id);
            self.handed_over = true;
            return;
        }
        let Some(color) = self.color_of(cmd.player) else {
            return match cmd.action {
                Action::Watch => self.watch(cmd).await,
                Action::Unwatch | Action::Detach => self.unwatch(cmd).await,
                _ => {
                    let frame = self.error_frame(cmd.re, ErrorCode::NotYourGame, "you do not play in this game".into());
                    self.send_route(&cmd.from, cmd.player, frame).await
                }
            };
        };
        let now = Instant::now();
        if let Action::Detach = cmd.action {
            return self.detach(color, &cmd.from).await;
        }
        self.attach(color, cmd.from.clone(), cmd.rtt_ms).await;
        let re = cmd.re;
        let asked = Asked { by: color, re };
        let outcome = match cmd.action {
            Action::Move { ply, mv, think_ms } => self.play(asked, ply, &mv, think_ms, now).await,
            Action::Resign => self.resign(asked).await,
            Action::OfferDraw => self.offer_draw(asked).await,
            Action::AcceptDraw => self.accept_draw(asked).await,
            Action::DeclineDraw => self.decline_draw(asked).await,
            Action::React { emoji } => self.react(color, re, emoji).await,
            Action::OfferRematch => self.offer_rematch(asked).await,
            Action::DeclineRematch => self.decline_rematch(asked).await,
            // A player asking to watch their own game gets their own state.
            Action::Sync | Action::Watch => {
                self.send_state(color, re).await;
                Ok(())
            }
            Action::Unwatch => {
                let frame = encode(&ServerFrame { re, message: ServerMessage::Unwatched { game: self.id } });
                self.send(color, frame).await;
                Ok(())
            }
            Action::Detach | Action::Release => Ok(()),
        };
        if let Err((code, message)) = outcome {
            let frame = self.error_frame(re, code, message);
            self.send(color, frame).await;
        }
    }

    /// A command from a connection the seat did not know yet: that is where the player is now.
    async fn attach(&mut self, color: Color, from: Route, rtt_ms: u64) {
        let seat = &mut self.seats[idx(color)];
        seat.rtt_ms = match &from {
            Route::Local(c) => c.rtt(),
            Route::Remote(_) => rtt_ms,
        };
        if seat.route.as_ref().is_some_and(|r| r.same(&from)) {
            return;
        }
        let was_offline = seat.route.is_none();
        seat.route = Some(from);
        seat.offline_since = None;
        if self.resume_wait.is_some() && color == self.turn() {
            self.resume_clock(Instant::now());
        }
        if was_offline && self.result.is_none() {
            self.send_event(color.opponent(), ServerMessage::OpponentConnection { game: self.id, connected: true })
                .await;
        }
    }

    async fn detach(&mut self, color: Color, from: &Route) {
        let seat = &mut self.seats[idx(color)];
        if !seat.route.as_ref().is_some_and(|r| r.same(from)) {
            return;
        }
        seat.route = None;
        seat.offline_since = Some(Instant::now());
        if self.result.is_none() {
            self.send_event(color.opponent(), ServerMessage::OpponentConnection { game: self.id, connected: false })
                .await;
        }
    }

    fn over(&self) -> Result<(), (ErrorCode, String)> {
        match self.result {
            Some(_) => Err((ErrorCode::GameOver, "the game is over".into())),
            None => Ok(()),
        }
    }

    async fn play(
        &mut self,
        asked: Asked,
        ply: u32,
        text: &str,
        think_ms: Option<u64>,
        now: Instant,
    ) -> Result<(), (ErrorCode, String)> {
        let Asked { by: color, re } = asked;
        let played = self.game.ply() as u32;
        // A move resent after a lost acknowledgement: acknowledge it again.
        if ply < played && self.is_played(ply, text) {
            let by = if ply.is_multiple_of(2) { Color::White } else { Color::Black };
            if by == color {
                let mv = format_move(&self.game.moves()[ply as usize], Notation::Algebraic);
                let msg = ServerMessage::Moved { game: self.id, ply, mv, by, clocks: self.move_clocks[ply as usize] };
                self.send(color, encode(&ServerFrame { re, message: msg })).await;
                return Ok(());
            }
        }
        self.over()?;
        if color != self.turn() {
            return Err((ErrorCode::NotYourTurn, "it is your opponent's move".into()));
        }
        if ply != played {
            return Err((ErrorCode::WrongPly, format!("the game has {played} plies, the move says {ply}")));
        }
        let mv = parse_move(self.game.position(), text).map_err(|e| (ErrorCode::IllegalMove, e.to_string()))?;
        let t = idx(color);
        let (charge, running) = match self.turn_started {
            Some(start) => {
                let raw = now.saturating_duration_since(start);
                (clock::charge(raw, think_ms, self.seats[t].rtt_ms, self.hub.cfg.max_lag_ms), true)
            }
            None => (clock::Charge { spent_ms: 0, lag_ms: 0 }, false),
        };
        if running && charge.spent_ms >= self.clocks[t] {
            self.clocks[t] = 0;
            self.turn_started = None;
            // The flag fell before the move came: the end is the answer to it.
            self.finish(GameResult { winner: Some(color.opponent()), reason: EndReason::Time }, Some(asked)).await;
            return Ok(());
        }
        let mut after = self.clocks;
        if let Some(days) = self.days_ms {
            after[t] = days;
        } else if running {
            after[t] = after[t] - charge.spent_ms + self.time_control.increment_ms;
        }
        let clocks = Clocks { white_ms: after[0], black_ms: after[1] };
        let notation = format_move(&mv, Notation::Algebraic);
        let row = MoveRow {
            game: self.id,
            ply,
            notation: notation.clone(),
            clocks,
            spent_ms: charge.spent_ms,
            lag_ms: charge.lag_ms,
        };
        match self.hub.writer.store(row).await {
            Stored::Committed => {}
            Stored::Unavailable => {
                return Err((ErrorCode::Unavailable, "the move could not be stored; send it again".into()))
            }
            Stored::NotHost => {
                self.hand_over(Some(asked)).await;
                return Ok(());
            }
        }
        if self.game.play(&mv).is_err() {
            // parse_move returned a legal move of this very position.
            return Err((ErrorCode::Internal, "move refused after parsing".into()));
        }
        let stored_at = Instant::now();
        self.clocks = after;
        self.move_clocks.push(clocks);
        self.first_move_deadline = None;
        self.turn_started = None;
        if self.game.ply() < 2 {
            self.first_move_deadline = Some(stored_at + Duration::from_millis(self.first_move_allowance()));
        } else {
            self.turn_started = Some(stored_at);
        }
        if self.draw_offer == Some(color.opponent()) {
            self.draw_offer = None;
        }
        let msg = ServerMessage::Moved { game: self.id, ply, mv: notation, by: color, clocks };
        self.send(color, encode(&ServerFrame { re, message: msg.clone() })).await;
        self.send(color.opponent(), encode(&ServerFrame::new(msg.clone()))).await;
        self.send_spectators(msg).await;
        if let Some(r) = self.game.result() {
            // `moved` was the answer; the end follows as an event.
            self.finish(wire_result(r), None).await;
        }
        Ok(())
    }

    /// The game was taken over by another node (this one was thought gone, or is drained): nothing more is
    /// stored or sent from here. Both players' nodes are told to route the game to its new host; the request
    /// being answered (`asked`), not stored, is refused as `unavailable` (a client sends it again, to the new
    /// host).
    async fn hand_over(&mut self, asked: Option<Asked>) {
        log::warn!("game {}: hosted by another node now; leaving it", self.id);
        self.handed_over = true;
        for c in [Color::White, Color::Black] {
            let frame = asked.filter(|a| a.by == c).map(|a| {
                let why = "the game moved to another server; send it again";
                self.error_frame(a.re, ErrorCode::Unavailable, why.into())
            });
            let seat = &self.seats[idx(c)];
            match seat.route.clone() {
                Some(Route::Local(conn)) => conn.send(Out::Rehost { game: self.id, frame }),
                Some(Route::Remote(node)) => {
                    self.hub.bus.rehost(&node, seat.info.id, self.id, frame).await;
                }
                None => {}
            }
        }
    }

    fn is_played(&self, ply: u32, text: &str) -> bool {
        let Some(pos) = self.game.position_at(ply as usize) else { return false };
        parse_move(pos, text).is_ok_and(|m| m == self.game.moves()[ply as usize])
    }

    async fn resign(&mut self, asked: Asked) -> Result<(), (ErrorCode, String)> {
        self.over()?;
        self.finish(GameResult { winner: Some(asked.by.opponent()), reason: EndReason::Resignation }, Some(asked))
            .await;
        Ok(())
    }

    async fn offer_draw(&mut self, asked: Asked) -> Result<(), (ErrorCode, String)> {
        self.over()?;
        let color = asked.by;
        match self.draw_offer {
            Some(by) if by == color.opponent() => return self.accept_draw(asked).await,
            Some(_) => return Err((ErrorCode::NoOffer, "you have already offered a draw".into())),
            None => {}
        }
        self.draw_offer = Some(color);
        self.send_both(ServerMessage::DrawOffered { game: self.id, by: color }, Some(asked)).await;
        Ok(())
    }

    async fn accept_draw(&mut self, asked: Asked) -> Result<(), (ErrorCode, String)> {
        self.over()?;
        if self.draw_offer != Some(asked.by.opponent()) {
            return Err((ErrorCode::NoOffer, "your opponent has not offered a draw".into()));
        }
        self.finish(GameResult { winner: None, reason: EndReason::Agreement }, Some(asked)).await;
        Ok(())
    }

    async fn decline_draw(&mut self, asked: Asked) -> Result<(), (ErrorCode, String)> {
        self.over()?;
        if self.draw_offer != Some(asked.by.opponent()) {
            return Err((ErrorCode::NoOffer, "your opponent has not offered a draw".into()));
        }
        self.draw_offer = None;
        self.send_both(ServerMessage::DrawDeclined { game: self.id, by: asked.by }, Some(asked)).await;
        Ok(())
    }

    async fn react(&mut self, color: Color, re: Option<u64>, emoji: String) -> Result<(), (ErrorCode, String)> {
        if !REACTION_EMOJIS.contains(&emoji.as_str()) {
            return Err((ErrorCode::UnknownReaction, format!("the reactions are {}", REACTION_EMOJIS.join(" "))));
        }
        if self.reactions.len() >= MAX_REACTIONS {
            return Err((ErrorCode::RateLimited, format!("a game keeps at most {MAX_REACTIONS} reactions")));
        }
        let reaction = Reaction { ply: self.game.ply() as u32, by: color, emoji };
        store::insert_reaction(&self.hub.pool, self.id, &reaction)
            .await
            .map_err(|e| (ErrorCode::Unavailable, format!("the reaction could not be stored: {e}")))?;
        self.reactions.push(reaction.clone());
        let msg = ServerMessage::Reaction { game: self.id, reaction };
        self.send(color, encode(&ServerFrame { re, message: msg.clone() })).await;
        // A block made during the game counts from the next reaction.
        self.read_blocks().await;
        if !self.muted[idx(color.opponent())] {
            self.send(color.opponent(), encode(&ServerFrame::new(msg.clone()))).await;
        }
        self.send_spectators(msg).await;
        Ok(())
    }

    /// Reads whether either player blocks the other (kept as it was if the database does not answer).
    async fn read_blocks(&mut self) {
        let [w, b] = [self.seats[0].info.id, self.seats[1].info.id];
        match (friends::blocks(&self.hub.pool, w, b).await, friends::blocks(&self.hub.pool, b, w).await) {
            (Ok(wb), Ok(bw)) => self.muted = [wb, bw],
            (Err(e), _) | (_, Err(e)) => log::warn!("game {}: blocks could not be read: {e}", self.id),
        }
    }

    async fn offer_rematch(&mut self, asked: Asked) -> Result<(), (ErrorCode, String)> {
        let color = asked.by;
        if self.result.is_none() {
            return Err((ErrorCode::RematchUnavailable, "the game is still in progress".into()));
        }
        if self.rematch_closed {
            return Err((ErrorCode::RematchUnavailable, "the rematch was declined or already played".into()));
        }
        if self.arena.is_some() {
            return Err((ErrorCode::RematchUnavailable, "an arena game has no rematch: the arena pairs you".into()));
        }
        match self.rematch_offer {
            Some(by) if by == color => Err((ErrorCode::NoOffer, "you have already offered a rematch".into())),
            Some(_) => {
                self.rematch_closed = true;
                self.start_rematch(asked).await
            }
            None => {
                self.rematch_offer = Some(color);
                self.send_both(ServerMessage::RematchOffered { game: self.id, by: color }, Some(asked)).await;
                Ok(())
            }
        }
    }

    /// Starts the rematch; its first `game_state` answers the second offer.
    async fn start_rematch(&mut self, asked: Asked) -> Result<(), (ErrorCode, String)> {
        let new = NewGame {
            white: self.seats[1].info.id,
            black: self.seats[0].info.id,
            time_control: self.time_control,
            speed: self.speed,
            rated: self.rated,
            rematch_of: Some(self.id),
            arena: None,
        };
        let unavailable = |e: store::StoreError| (ErrorCode::Unavailable, e.to_string());
        let mut c = self.hub.pool.get().await.map_err(|e| unavailable(e.into()))?;
        let tx = c.transaction().await.map_err(|e| unavailable(e.into()))?;
        if store::lock_players_busy(&tx, &[new.white, new.black]).await.map_err(unavailable)? {
            return Err((ErrorCode::Busy, "one of you is already in another game".into()));
        }
        let stored = store::insert_game(&tx, self.hub.node(), &new).await.map_err(unavailable)?;
        tx.commit().await.map_err(|e| unavailable(e.into()))?;
        let routes = [self.seats[1].route.clone(), self.seats[0].route.clone()];
        start(&self.hub, stored, routes, false, Some((self.seats[idx(asked.by)].info.id, asked.re)));
        Ok(())
    }

    async fn decline_rematch(&mut self, asked: Asked) -> Result<(), (ErrorCode, String)> {
        if self.rematch_offer != Some(asked.by.opponent()) || self.rematch_closed {
            return Err((ErrorCode::NoOffer, "no rematch offer to decline".into()));
        }
        self.rematch_closed = true;
        self.send_both(ServerMessage::RematchDeclined { game: self.id, by: asked.by }, Some(asked)).await;
        Ok(())
    }

    /// Ends the game: stores the result (and the rating change when rated) and tells both players; `asked` is
    /// the request that ended it, if one did.
    async fn finish(&mut self, result: GameResult, asked: Option<Asked>) {
        let now = Instant::now();
        let clocks = self.clocks_now(now);
        self.clocks = [clocks.white_ms, clocks.black_ms];
        self.turn_started = None;
        self.resume_wait = None;
        self.first_move_deadline = None;
        self.draw_offer = None;
        self.result = Some(result);
        self.ended = Some(now);
        let players = (self.seats[0].info.id, self.seats[1].info.id);
        let mut pause = Duration::from_millis(100);
        // The result must be stored: retry until the database answers.
        self.ratings = loop {
            let end = store::Ending {
                node: self.hub.node(),
                game: self.id,
                speed: self.speed,
                players,
                result,
                clocks,
                rated: self.rated,
            };
            match store::finish_game(&self.hub.pool, &end).await {
                Ok(r) => break r,
                Err(store::StoreError::NotHost) => return self.hand_over(asked).await,
                Err(e) => {
                    log::warn!("game {}: storing the result failed, retrying: {e}", self.id);
                    tokio::time::sleep(pause).await;
                    pause = (pause * 2).min(Duration::from_secs(2));
                }
            }
        };
        self.ended = Some(Instant::now());
        let end = ServerMessage::GameEnd { game: self.id, result, clocks, ratings: self.ratings };
        self.send_both(end.clone(), asked).await;
        self.send_spectators(end).await;
    }

    fn state_for(&self, you: Color) -> GameState {
        let now = Instant::now();
        let seat = |s: &SeatState| Seat { player: s.info.clone(), rating: s.rating, provisional: s.provisional };
        GameState {
            game: self.id,
            white: seat(&self.seats[0]),
            black: seat(&self.seats[1]),
            you,
            time_control: self.time_control,
            speed: self.speed,
            rated: self.rated,
            rematch_of: self.rematch_of,
            arena: self.arena,
            moves: self.game.move_texts(Notation::Algebraic),
            clocks: self.clocks_now(now),
            turn: self.turn(),
            clock_running: self.turn_started.is_some(),
            first_move_deadline_ms: self
                .first_move_deadline
                .map(|t| t.saturating_duration_since(now).as_millis() as u64),
            draw_offer: self.draw_offer,
            opponent_connected: self.seats[idx(you.opponent())].route.is_some(),
            // The reactions of a player `you` block are not shown to you.
            reactions: self.reactions.iter().filter(|r| !(self.muted[idx(you)] && r.by != you)).cloned().collect(),
            result: self.result,
        }
    }

    /// The game as a spectator sees it: no offers (they are between the players), every reaction.
    fn watch_state(&self) -> WatchState {
        let now = Instant::now();
        let seat = |s: &SeatState| Seat { player: s.info.clone(), rating: s.rating, provisional: s.provisional };
        WatchState {
            game: self.id,
            white: seat(&self.seats[0]),
            black: seat(&self.seats[1]),
            time_control: self.time_control,
            speed: self.speed,
            rated: self.rated,
            moves: self.game.move_texts(Notation::Algebraic),
            clocks: self.clocks_now(now),
            turn: self.turn(),
            clock_running: self.turn_started.is_some(),
            reactions: self.reactions.clone(),
            spectators: self.spectators.len() as u32,
            result: self.result,
        }
    }

    /// A spectator comes (or comes back from another connection): the state answers, and everyone is told
    /// the new count.
    async fn watch(&mut self, cmd: GameCmd) {
        let known = self.spectators.insert(cmd.player, cmd.from.clone()).is_some();
        let frame = encode(&ServerFrame { re: cmd.re, message: ServerMessage::Watching(Box::new(self.watch_state())) });
        self.send_route(&cmd.from, cmd.player, frame).await;
        if !known {
            self.spectators_changed().await;
        }
    }

    /// A spectator leaves, or its connection closed (only the connection it watches from counts).
    async fn unwatch(&mut self, cmd: GameCmd) {
        let here = self.spectators.get(&cmd.player).is_some_and(|r| r.same(&cmd.from));
        if here {
            self.spectators.remove(&cmd.player);
        }
        if let Action::Unwatch = cmd.action {
            let frame = encode(&ServerFrame { re: cmd.re, message: ServerMessage::Unwatched { game: self.id } });
            self.send_route(&cmd.from, cmd.player, frame).await;
        }
        if here {
            self.spectators_changed().await;
        }
    }

    /// The spectator count, to the players, the spectators and the live games list.
    async fn spectators_changed(&mut self) {
        let count = self.spectators.len() as u32;
        if let Err(e) = crate::watch::set_spectators(&self.hub.pool, self.id, count).await {
            log::warn!("game {}: the spectator count could not be stored: {e}", self.id);
        }
        let msg = ServerMessage::Spectators { game: self.id, count };
        for c in [Color::White, Color::Black] {
            self.send_event(c, msg.clone()).await;
        }
        self.send_spectators(msg).await;
    }

    /// An event every spectator gets (moves, reactions, the end, the count).
    async fn send_spectators(&mut self, msg: ServerMessage) {
        if self.spectators.is_empty() {
            return;
        }
        let frame = encode(&ServerFrame::new(msg));
        let watching: Vec<(PlayerId, Route)> = self.spectators.iter().map(|(p, r)| (*p, r.clone())).collect();
        for (player, route) in watching {
            self.send_route(&route, player, frame.clone()).await;
        }
    }

    async fn send_state(&mut self, you: Color, re: Option<u64>) {
        let frame = encode(&ServerFrame { re, message: ServerMessage::GameState(Box::new(self.state_for(you))) });
        self.send(you, frame).await;
    }

    fn error_frame(&self, re: Option<u64>, code: ErrorCode, message: String) -> String {
        game_error_frame(self.id, re, code, message)
    }

    async fn send_event(&mut self, to: Color, msg: ServerMessage) {
        self.send(to, encode(&ServerFrame::new(msg))).await;
    }

    /// The same message to both players; the one whose request caused it (if any) gets it as the answer.
    async fn send_both(&mut self, msg: ServerMessage, asked: Option<Asked>) {
        for to in [Color::White, Color::Black] {
            let frame = encode(&ServerFrame { re: re_for(asked, to), message: msg.clone() });
            self.send(to, frame).await;
        }
    }

    async fn send(&mut self, to: Color, frame: String) {
        let seat = &self.seats[idx(to)];
        if let Some(route) = seat.route.clone() {
            let player = seat.info.id;
            self.send_route(&route, player, frame).await;
        }
    }

    async fn send_route(&self, route: &Route, player: i64, frame: String) {
        match route {
            Route::Local(c) => c.send(Out::Game { game: self.id, host: None, frame }),
            Route::Remote(node) => {
                self.hub.bus.deliver(node, player, self.id, frame).await;
            }
        }
    }
}
