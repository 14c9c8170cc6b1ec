//! The game screen: board with cursor, side panel (players, clocks, status, move list), and everything a
//! player does during a game. The app layer's `GameController` decides the game flow (the computer's moves on
//! a thread of their own, hints, coach tips, orientation, the status); this screen draws its state every frame,
//! maps keys to its calls and words what it reports. `e` opens the emoji picker; the newest reaction shows
//! beside its player for a few seconds.

use super::app::{Ctx, Go};
use super::board::{self, Marks};
use super::input::{direction, is_confirm, type_line, Dir};
use super::reactions;
use super::theme::{accent, dim, error, Theme};
use crate::terminal::board_text::square_at;
use crate::terminal::line::{article, names};
use giveaway_app::{ApiResult, CoachView, Opponent};
use giveaway_app::{GameController, GameEvent, HintStep, ScreenState, Status, ThinkingKind};
use giveaway_core::{Color, Notation};
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};
use ratatui::Frame;
use std::sync::Arc;
use std::time::Instant;

const SPINNER: [&str; 10] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];

enum Confirm {
    Resign,
    OfferDraw,
}

pub struct GameScreen {
    game: Arc<GameController>,
    state: ScreenState,
    /// The keyboard cursor's screen (column, row).
    cursor: (u32, u32),
    typing: Option<String>,
    message: Option<(String, bool)>,
    /// The engine has been thinking since then (for the spinner).
    thinking_since: Option<Instant>,
    tip: Option<CoachView>,
    confirm: Option<Confirm>,
    /// The emoji picker is open: the next key picks one (1–7) or closes it.
    picking: bool,
}

fn side_name(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

impl GameScreen {
    pub fn new(game: Arc<GameController>) -> GameScreen {
        let state = game.start();
        // c3 for White, f6 for Black: the same cell of the screen, since the board turns.
        let cursor = (2, 5);
        GameScreen {
            game,
            state,
            cursor,
            typing: None,
            message: None,
            thinking_since: None,
            tip: None,
            confirm: None,
            picking: false,
        }
    }

    fn say(&mut self, text: impl Into<String>) {
        self.message = Some((text.into(), false));
    }

    fn apply(&mut self, r: ApiResult<ScreenState>) {
        match r {
            Ok(s) => self.show(s),
            Err(e) => self.message = Some((e.to_string(), true)),
        }
    }

    /// Takes in a new state and the events since the last one.
    fn show(&mut self, s: ScreenState) {
        if s.snapshot.ply != self.state.snapshot.ply {
            self.tip = None;
        }
        match (&s.thinking, self.thinking_since) {
            (Some(_), None) => self.thinking_since = Some(Instant::now()),
            (None, Some(_)) => self.thinking_since = None,
            _ => {}
        }
        self.state = s;
        for event in self.game.take_events() {
            match event {
                // Why a tap on an own piece did nothing (e.g. another piece must capture).
                GameEvent::HeldBack { notice, .. } => self.message = Some((notice.message, true)),
                GameEvent::CoachTip { tip } => self.tip = Some(tip),
                GameEvent::Failed { message } => self.message = Some((message, true)),
                _ => {}
            }
        }
    }

    /// Every frame: the engine's answers, the clocks.
    pub fn tick(&mut self) {
        let s = self.game.tick();
        self.show(s);
    }

    /// Leaving the screen: stop any search and save the clocks (the game itself is saved after every move).
    pub fn leave(&mut self) {
        let _ = self.game.pause();
        self.game.leave();
    }

    pub fn key(&mut self, key: KeyEvent, ctx: &mut Ctx) -> Go {
        self.message = None;
        if self.modal_key(key) {
            return Go::Stay;
        }
        if self.board_key(key) {
            return Go::Stay;
        }
        self.command_key(key, ctx)
    }

    /// A key answering an open question (confirmation, typed move, emoji picker); false when none is open.
    fn modal_key(&mut self, key: KeyEvent) -> bool {
        if let Some(c) = self.confirm.take() {
            if matches!(key.code, KeyCode::Char('y') | KeyCode::Char('Y')) {
                let r = match c {
                    Confirm::Resign => self.game.resign(),
                    Confirm::OfferDraw => self.game.offer_draw(),
                };
                self.apply(r);
            }
            return true;
        }
        if self.typing.is_some() {
            if let Some(t) = type_line(&mut self.typing, key.code) {
                let r = self.game.play_move(t);
                self.apply(r);
            }
            return true;
        }
        if self.picking {
            self.picking = false;
            let emoji = if let KeyCode::Char(c) = key.code { reactions::for_key(c) } else { None };
            if let Some(emoji) = emoji {
                // Against the computer the player reacts; in pass-and-play, the side to move.
                let r = self.game.react(self.state.acting_side, emoji.to_string());
                self.apply(r);
            }
            return true;
        }
        if self.state.snapshot.proposed.is_some() {
            let r = match key.code {
                KeyCode::Char('y') => self.game.confirm_move(),
                KeyCode::Char('n') => self.game.cancel_move(),
                _ => return false,
            };
            self.apply(r);
            return true;
        }
        if let Status::DrawOffered { .. } = self.state.status {
            let r = match key.code {
                KeyCode::Char('y') => self.game.accept_draw(),
                KeyCode::Char('n') => self.game.decline_draw(),
                _ => return false,
            };
            self.apply(r);
            return true;
        }
        false
    }

    /// A key on the board: a capture path's number, a digit starting a typed move, the cursor, Enter.
    fn board_key(&mut self, key: KeyEvent) -> bool {
        if let KeyCode::Char(c @ '1'..='9') = key.code {
            if self.state.snapshot.choices.is_empty() {
                self.typing = Some(c.to_string());
            } else {
                let r = self.game.choose(c as u32 - '1' as u32);
                self.apply(r);
            }
            return true;
        }
        if let Some(d) = direction(&key) {
            let (c, r) = self.cursor;
            self.cursor = match d {
                Dir::Up => (c, r.saturating_sub(1)),
                Dir::Down => (c, (r + 1).min(7)),
                Dir::Left => (c.saturating_sub(1), r),
                Dir::Right => ((c + 1).min(7), r),
            };
            return true;
        }
        if is_confirm(&key) {
            let (c, r) = self.cursor;
            if let Some(n) = square_at(&self.state.snapshot, c, r).map(|s| s.number) {
                if self.state.status == Status::ComputerThinking {
                    self.say("The computer is thinking (Esc stops it).");
                } else {
                    let r = self.game.tap(n);
                    self.apply(r);
                }
            }
            return true;
        }
        false
    }

    /// The screen's commands.
    fn command_key(&mut self, key: KeyEvent, ctx: &mut Ctx) -> Go {
        let playing = self.state.snapshot.result.is_none();
        match key.code {
            KeyCode::Esc => {
                if self.state.thinking.is_some() {
                    self.state = self.game.stop_thinking();
                } else {
                    let r = self.game.dismiss_choice();
                    self.apply(r);
                }
            }
            KeyCode::Char('g') => self.state = self.game.hold_computer(false),
            KeyCode::Char('u') => {
                let r = self.game.undo();
                self.apply(r);
            }
            KeyCode::Char('r') => {
                let r = self.game.redo();
                self.apply(r);
            }
            KeyCode::Char('?') => {
                let r = self.game.hint();
                self.apply(r);
            }
            KeyCode::Char('R') if playing => self.confirm = Some(Confirm::Resign),
            KeyCode::Char('D') if playing => {
                if self.state.actions.offer_draw {
                    self.confirm = Some(Confirm::OfferDraw);
                } else {
                    self.say("Draw offers are for pass-and-play games.");
                }
            }
            KeyCode::Char('e') if playing => self.picking = true,
            KeyCode::Char('n') => {
                let n = if self.state.snapshot.notation == Notation::Algebraic {
                    Notation::Numeric
                } else {
                    Notation::Algebraic
                };
                ctx.settings.notation = n;
                self.save_settings(ctx);
            }
            KeyCode::Char('c') => {
                ctx.settings.coach = !ctx.settings.coach;
                self.save_settings(ctx);
                self.say(if ctx.settings.coach { "Coach tips on." } else { "Coach tips off." });
            }
            KeyCode::Char('f') => self.state = self.game.flip_board(),
            KeyCode::Char(':') | KeyCode::Char('m') => self.typing = Some(String::new()),
            KeyCode::Char('a') if self.state.actions.analyse => {
                if let Some(id) = self.state.snapshot.game_id {
                    return Go::Replay { id, analyse: true };
                }
            }
            KeyCode::Char('q') => return Go::Home,
            _ => {}
        }
        Go::Stay
    }

    fn save_settings(&mut self, ctx: &mut Ctx) {
        let _ = ctx.library.save_settings(ctx.settings.clone());
        self.state = self.game.apply_settings(ctx.settings.clone());
    }

    fn players(&self) -> String {
        match &self.state.snapshot.opponent {
            Opponent::Computer { level, human } => {
                let name = giveaway_app::levels()
                    .into_iter()
                    .find(|l| l.number == *level)
                    .map_or_else(|| format!("level {level}"), |l| l.name);
                format!("You ({}) vs Computer: {name}", side_name(*human))
            }
            Opponent::PassAndPlay => "Pass and play".to_string(),
            Opponent::Online { human, white, black } => {
                let them = if *human == Color::White { black } else { white };
                format!("You ({}) vs {them} online", side_name(*human))
            }
        }
    }

    pub fn draw(&mut self, f: &mut Frame, ctx: &Ctx) {
        let theme = Theme::new(ctx.settings.board_theme, ctx.settings.piece_theme);
        let [main, help] = Layout::vertical([Constraint::Min(10), Constraint::Length(2)]).areas(f.area());
        let cell = board::cell_size(main.width.saturating_sub(36), main.height.saturating_sub(2));
        let [left, right] =
            Layout::horizontal([Constraint::Length(board::board_width(cell.0) + 2), Constraint::Min(30)]).areas(main);
        let s = &self.state;
        let title = format!(" Game {} · {} ", s.snapshot.game_id.map_or("-".into(), |i| i.to_string()), self.players());
        let lines = board::lines(&s.snapshot, &s.coordinates, &Marks { cursor: Some(self.cursor) }, &theme, cell);
        let board_area = Rect { height: (lines.len() as u16 + 2).min(left.height), ..left };
        f.render_widget(Paragraph::new(lines).block(Block::default().borders(Borders::ALL).title(title)), left);
        self.draw_panel(f, right, ctx);
        f.render_widget(Paragraph::new(self.help_lines()).wrap(Wrap { trim: true }), help);
        if self.picking {
            self.draw_picker(f, board_area);
        }
    }

    /// The emoji picker, over the middle of the board.
    fn draw_picker(&self, f: &mut Frame, board: Rect) {
        let choices: Vec<String> = reactions::EMOJI.iter().enumerate().map(|(i, e)| format!("{} {e}", i + 1)).collect();
        let lines = vec![Line::raw(choices.join("  ")), Line::styled("1–7 picks · any other key closes", dim())];
        let width = lines.iter().map(Line::width).max().unwrap_or(0) as u16 + 4;
        let [_, row, _] =
            Layout::vertical([Constraint::Fill(1), Constraint::Length(4), Constraint::Fill(1)]).areas(board);
        let [_, area, _] =
            Layout::horizontal([Constraint::Fill(1), Constraint::Length(width), Constraint::Fill(1)]).areas(row);
        let title = format!(" React as {} ", side_name(self.state.acting_side));
        f.render_widget(Clear, area);
        let block = Block::default().borders(Borders::ALL).border_style(accent()).title(title);
        f.render_widget(Paragraph::new(lines).block(block), area);
    }

    fn help_lines(&self) -> Vec<Line<'static>> {
        let text = if self.typing.is_some() {
            "Type a move (c3-d4, c3:e5:c7, 22-18) · Enter play · Esc cancel".to_string()
        } else if matches!(self.state.snapshot.opponent, Opponent::Online { .. }) {
            // Against a person: no take-backs, no hints, no coach.
            if self.state.snapshot.result.is_some() {
                "a analyse · n notation · f flip · q lobby".to_string()
            } else {
                "←↓↑→/hjkl move · Enter select/move · : type move · R resign · D offer a draw · e react · n notation · f flip · q lobby (the game goes on)".to_string()
            }
        } else if self.state.snapshot.result.is_some() {
            "a analyse · u undo · r redo · n notation · f flip · q home".to_string()
        } else {
            "←↓↑→/hjkl move · Enter select/move · : type move · ? hint · u/r undo/redo · R resign · D draw · e react · n notation · f flip · c coach · Esc stop · q home".to_string()
        };
        vec![Line::styled(text, dim())]
    }

    fn draw_panel(&self, f: &mut Frame, area: Rect, ctx: &Ctx) {
        let mut top: Vec<Line> = Vec::new();
        if let Some(client) = &ctx.online {
            top.extend(online_lines(&client.screen()));
        }
        let s = &self.state.snapshot;
        for side in [Color::White, Color::Black] {
            let reaction = self
                .state
                .reaction
                .as_ref()
                .filter(|r| r.side == side)
                .map_or(String::new(), |r| format!("  {}", r.emoji));
            match &s.clocks {
                Some(c) => {
                    let text = if side == Color::White { &c.white_text } else { &c.black_text };
                    let running = c.running == Some(side);
                    let style = if running { accent() } else { Style::default() };
                    let mark = if running { " ◀" } else { "" };
                    top.push(Line::styled(format!("{:<6} {text:>8}{mark}{reaction}", side_name(side)), style));
                }
                None if !reaction.is_empty() => {
                    top.push(Line::styled(format!("{:<6}{reaction}", side_name(side)), accent()))
                }
                None => {}
            }
        }
        top.extend(self.status_lines());
        // Lines wrap in the panel: count the rows they take.
        let inner = area.width.saturating_sub(2).max(1) as usize;
        let rows: usize = top.iter().map(|l| l.width().max(1).div_ceil(inner)).sum();
        let status_height = (rows as u16 + 2).min(area.height.saturating_sub(4));
        let [status_area, moves_area] =
            Layout::vertical([Constraint::Length(status_height), Constraint::Min(3)]).areas(area);
        let block = match &s.result {
            Some(_) => Block::default().borders(Borders::ALL).border_style(accent()).title(" Game over "),
            None => Block::default().borders(Borders::ALL).title(" Status "),
        };
        f.render_widget(Paragraph::new(top).wrap(Wrap { trim: false }).block(block), status_area);
        let rows = &s.move_list;
        let visible = moves_area.height.saturating_sub(2) as usize;
        let shown: Vec<Line> = rows[rows.len().saturating_sub(visible)..]
            .iter()
            .map(|r| {
                Line::raw(format!(
                    "{:>3}. {:<14} {}",
                    r.number,
                    r.white.as_deref().unwrap_or("..."),
                    r.black.as_deref().unwrap_or("")
                ))
            })
            .collect();
        f.render_widget(
            Paragraph::new(shown).block(Block::default().borders(Borders::ALL).title(" Moves ")),
            moves_area,
        );
    }

    fn status_lines(&self) -> Vec<Line<'static>> {
        let st = &self.state;
        let s = &st.snapshot;
        let bold = Style::default().add_modifier(Modifier::BOLD);
        let mut out = Vec::new();
        let turn = |side: Color| Line::styled(format!("{} to move · move {}", side_name(side), s.ply / 2 + 1), bold);
        let must_capture = |out: &mut Vec<Line<'static>>| {
            let pieces = names(s.squares.iter().filter(|q| q.must_capture).map(|q| q.number), s.notation);
            out.push(Line::styled(
                format!("Must capture with {pieces} (captures are compulsory)"),
                Style::default().fg(ratatui::style::Color::LightRed),
            ));
        };
        match &st.status {
            Status::Over { result, .. } => {
                out.push(Line::styled(format!("GAME OVER  {}", result.pdn), accent()));
                out.push(Line::styled(result.text.clone(), bold));
                out.push(Line::raw(if st.actions.undo {
                    "Press a to analyse the game, u to take back."
                } else {
                    "Press a to analyse the game, q to leave."
                }));
            }
            Status::YourMove { must_capture: forced } | Status::SideToMove { must_capture: forced, .. } => {
                out.push(turn(s.side_to_move));
                if *forced {
                    must_capture(&mut out);
                }
            }
            Status::Capturing { path } => {
                out.push(turn(s.side_to_move));
                out.push(Line::raw(format!("Capturing {}: keep hopping (· marks the next landing)", path.join(":"))));
            }
            Status::ChooseCapture => {
                out.push(turn(s.side_to_move));
                out.push(Line::styled("Several captures end here; press its number:", accent()));
                for (i, c) in s.choices.iter().enumerate().take(9) {
                    out.push(Line::raw(format!("  {}) {}", i + 1, c.text)));
                }
            }
            Status::DrawOffered { by } => {
                out.push(turn(s.side_to_move));
                out.push(Line::styled(format!("{} offers a draw: y accept, n decline", side_name(*by)), accent()));
            }
            Status::ComputerThinking => {
                out.push(Line::styled(format!("Computer to move · move {}", s.ply / 2 + 1), bold))
            }
            Status::ComputerHeld => {
                out.push(Line::styled(format!("Computer to move · move {}", s.ply / 2 + 1), bold));
                out.push(Line::styled("Computer stopped: press g to let it move.", accent()));
            }
        }
        if let Some(p) = &s.proposed {
            out.push(Line::styled(format!("Play {}? y confirm · n take back", p.text), accent()));
        }
        if let Some(p) = &s.premove {
            out.push(Line::styled(format!("Premove {} (Enter on the board cancels)", p.text), accent()));
        }
        let k = &s.counters;
        if k.king_move_limit > 0 && k.king_move_plies > 0 {
            out.push(Line::styled(
                format!("King moves without capture: {}/{}", k.king_move_plies, k.king_move_limit),
                dim(),
            ));
        }
        if k.repetitions > 1 {
            out.push(Line::styled(
                format!("Position repeated {} of {} times", k.repetitions, k.repetition_limit),
                dim(),
            ));
        }
        if let Some(last) = &s.last_move {
            out.push(Line::styled(format!("Last move: {} {}", side_name(last.color), last.text), dim()));
        }
        if let (Some(t), Some(since)) = (&st.thinking, self.thinking_since) {
            let frame = SPINNER[(since.elapsed().as_millis() / 100) as usize % SPINNER.len()];
            let what = match t.kind {
                ThinkingKind::ComputerMove => "Computer thinking",
                ThinkingKind::Hint => "Looking for a hint",
                ThinkingKind::Coach => "Coach looking at your move",
            };
            let detail =
                t.progress.as_ref().map_or(String::new(), |p| format!(" · depth {} · score {}", p.depth, p.score_text));
            let stop = if t.kind == ThinkingKind::ComputerMove { " (Esc stops)" } else { "" };
            out.push(Line::styled(format!("{frame} {what}{detail}{stop}"), accent()));
        }
        if let Some(h) = &st.hint {
            let text = match (&h.step, &h.mv) {
                (HintStep::Move, Some(mv)) => {
                    format!(
                        "Hint: {} ({}){}",
                        mv.text,
                        h.score_text,
                        h.reason.as_ref().map_or(String::new(), |r| format!(" — {r}"))
                    )
                }
                _ => "Hint: move the highlighted piece (? again shows the move)".to_string(),
            };
            out.push(Line::styled(text, Style::default().fg(ratatui::style::Color::Magenta)));
        }
        if let Some(t) = &self.tip {
            out.push(Line::styled(
                format!("Coach: {} was {} — {} was better.", t.played.text, article(&t.class), t.better.text),
                accent(),
            ));
            out.push(Line::styled(t.message.clone(), dim()));
        }
        if let Some(c) = &self.confirm {
            let q = match c {
                Confirm::Resign => "Resign this game? y/n",
                Confirm::OfferDraw => "Offer a draw? y/n",
            };
            out.push(Line::styled(q, accent()));
        }
        if let Some(t) = &self.typing {
            out.push(Line::styled(format!("Move: {t}█"), accent()));
        }
        if let Some((m, is_error)) = &self.message {
            out.push(Line::styled(m.clone(), if *is_error { error() } else { Style::default() }));
        }
        out
    }
}

/// An online game's players with their ratings, the connection when it is not right, and the rating change
/// once it is over.
fn online_lines(screen: &giveaway_online::OnlineScreen) -> Vec<Line<'static>> {
    use super::online::{connection_text, game_status_text, game_terms};
    let Some(g) = &screen.game else { return Vec::new() };
    let kind = if g.rated { "Rated" } else { "Casual" };
    let mut out = vec![
        Line::styled(format!("{kind} {} online", game_terms(g.time_control, g.days_per_move)), dim()),
        Line::raw(format!(
            "You {} ({:.0}) · {} ({:.0})",
            g.player.nickname, g.player.rating, g.opponent.nickname, g.opponent.rating
        )),
    ];
    let (conn, bad) = connection_text(screen);
    if bad {
        out.push(Line::styled(conn, error()));
    }
    if let Some((text, urgent)) = game_status_text(screen) {
        out.push(Line::styled(text, if urgent { error() } else { accent() }));
    }
    out
}
