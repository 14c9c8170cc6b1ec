//! The game screen: board with cursor, side panel (players, clocks, status, move list), and everything a
//! player does during a game. The computer's move, hints and coach tips run on the worker; the screen keeps
//! drawing (spinner with depth and score) and Esc stops the computer. `e` opens the emoji picker; the newest
//! reaction shows beside its player for a few seconds.

use super::app::{Ctx, Go};
use super::board::{self, Marks};
use super::input::{direction, is_confirm, Dir};
use super::reactions::{self, Shown};
use super::theme::{accent, dim, error, Theme};
use super::worker::{Answer, Message, News};
use crate::board_text::square_at;
use crate::line::clock_text;
use giveaway_core::api::{ApiResult, CoachView, GameSession, GiveawayError, HintView, Opponent, SearchProgress, Snapshot};
use giveaway_core::storage::Orientation;
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

#[derive(Clone, Copy, PartialEq, Eq)]
enum JobKind {
    Computer,
    Hint,
    Coach,
}

struct Job {
    id: u64,
    kind: JobKind,
    started: Instant,
    progress: Option<SearchProgress>,
}

enum Confirm {
    Resign,
    OfferDraw,
}

pub struct GameScreen {
    session: Arc<GameSession>,
    snap: Snapshot,
    cursor: (u32, u32),
    flipped: bool,
    typing: Option<String>,
    message: Option<(String, bool)>,
    job: Option<Job>,
    /// Esc stopped the computer; it waits for `g`.
    computer_paused: bool,
    /// A hint, and whether its second step (the move) is shown.
    hint: Option<(HintView, bool)>,
    tip: Option<CoachView>,
    confirm: Option<Confirm>,
    /// The emoji picker is open: the next key picks one (1–7) or closes it.
    picking: bool,
    reactions: Shown,
    /// The ply the coach last looked at, so each move is judged once.
    coached_ply: u32,
}

fn side_name(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

impl GameScreen {
    pub fn new(session: Arc<GameSession>, ctx: &mut Ctx) -> GameScreen {
        let snap = session.set_notation(ctx.settings.notation);
        let human = match snap.opponent {
            Opponent::Computer { human, .. } => human,
            Opponent::PassAndPlay => Color::White,
        };
        let cursor = if human == Color::White { (2, 2) } else { (5, 5) };
        let coached_ply = snap.ply;
        let reactions = Shown::new(&snap.reactions);
        GameScreen {
            session,
            snap,
            cursor,
            flipped: false,
            typing: None,
            message: None,
            job: None,
            computer_paused: false,
            hint: None,
            tip: None,
            confirm: None,
            picking: false,
            reactions,
            coached_ply,
        }
    }

    /// The side drawn at the bottom: the player against the computer; in pass-and-play, as the settings say.
    fn bottom(&self, ctx: &Ctx) -> Color {
        let base = match (&self.snap.opponent, ctx.settings.orientation) {
            (Opponent::Computer { human, .. }, _) => *human,
            (Opponent::PassAndPlay, Orientation::FlipEachMove) => self.snap.side_to_move,
            (Opponent::PassAndPlay, _) => Color::White,
        };
        if self.flipped {
            base.opponent()
        } else {
            base
        }
    }

    fn human(&self) -> Color {
        match self.snap.opponent {
            Opponent::Computer { human, .. } => human,
            Opponent::PassAndPlay => self.snap.side_to_move,
        }
    }

    fn say(&mut self, text: impl Into<String>) {
        self.message = Some((text.into(), false));
    }

    fn apply(&mut self, r: ApiResult<Snapshot>) {
        match r {
            Ok(s) => {
                if s.ply != self.snap.ply {
                    self.hint = None;
                    self.tip = None;
                }
                self.reactions.update(&s.reactions, Instant::now());
                // Why a tap on an own piece did nothing (e.g. another piece must capture).
                if let Some(n) = &s.notice {
                    self.message = Some((n.message.clone(), true));
                }
                self.snap = s;
            }
            Err(e) => self.message = Some((e.to_string(), true)),
        }
    }

    fn start(&mut self, kind: JobKind, ctx: &mut Ctx) {
        let s = self.session.clone();
        let started = match kind {
            JobKind::Computer => ctx.worker.computer_move(s),
            JobKind::Hint => ctx.worker.hint(s),
            JobKind::Coach => ctx.worker.coach(s),
        };
        match started {
            Ok(id) => self.job = Some(Job { id, kind, started: Instant::now(), progress: None }),
            Err(e) => self.message = Some((e.to_string(), true)),
        }
    }

    /// Stops the running search (its answer comes back as `Cancelled` and is ignored).
    fn stop_job(&mut self) {
        if self.job.take().is_some() {
            self.session.cancel_search();
        }
    }

    pub fn tick(&mut self, ctx: &mut Ctx) {
        if self.snap.clocks.as_ref().is_some_and(|c| c.running.is_some()) {
            self.apply(self.session.snapshot());
        }
        let over = self.snap.result.is_some();
        if self.snap.computer_to_move && !over {
            if self.job.as_ref().is_some_and(|j| j.kind != JobKind::Computer) {
                self.stop_job();
            }
            if self.job.is_none() && !self.computer_paused {
                self.start(JobKind::Computer, ctx);
            }
        } else if self.job.is_none() && !over && ctx.settings.coach && self.snap.ply > self.coached_ply {
            self.coached_ply = self.snap.ply;
            self.start(JobKind::Coach, ctx);
        }
    }

    pub fn message(&mut self, m: Message, _ctx: &mut Ctx) {
        let Some(job) = self.job.as_mut().filter(|j| j.id == m.job) else { return };
        match m.news {
            News::Search(p) => job.progress = Some(p),
            News::Analysed { .. } => {}
            News::Done(answer) => {
                self.job = None;
                match *answer {
                    Answer::ComputerMove(Err(GiveawayError::Cancelled)) => {}
                    Answer::ComputerMove(r) => self.apply(r),
                    // Its first step shows as the hint line: no message repeating it.
                    Answer::Hint(Ok(h)) => self.hint = Some((h, false)),
                    Answer::Coach(Ok(tip)) => self.tip = tip,
                    Answer::Hint(Err(GiveawayError::Cancelled)) | Answer::Coach(Err(GiveawayError::Cancelled)) => {}
                    Answer::Hint(Err(e)) | Answer::Coach(Err(e)) => self.message = Some((e.to_string(), true)),
                    Answer::Analysis(_) => {}
                }
            }
        }
    }

    /// Leaving the screen: stop any search and save the clocks (the game itself is saved after every move).
    pub fn leave(&mut self) {
        self.stop_job();
        let _ = self.session.pause_clock();
    }

    pub fn key(&mut self, key: KeyEvent, ctx: &mut Ctx) -> Go {
        self.message = None;
        if let Some(c) = self.confirm.take() {
            if matches!(key.code, KeyCode::Char('y') | KeyCode::Char('Y')) {
                let r = match c {
                    Confirm::Resign => self.session.resign(self.human()),
                    Confirm::OfferDraw => self.session.offer_draw(),
                };
                self.apply(r);
            }
            return Go::Stay;
        }
        if let Some(text) = &mut self.typing {
            match key.code {
                KeyCode::Char(c) => text.push(c),
                KeyCode::Backspace => {
                    text.pop();
                }
                KeyCode::Enter => {
                    let t = text.trim().to_string();
                    self.typing = None;
                    self.apply(self.session.play_move(t));
                }
                KeyCode::Esc => self.typing = None,
                _ => {}
            }
            return Go::Stay;
        }
        if self.picking {
            self.picking = false;
            let emoji = if let KeyCode::Char(c) = key.code { reactions::for_key(c) } else { None };
            if let Some(emoji) = emoji {
                // Against the computer the player reacts; in pass-and-play, the side to move.
                self.apply(self.session.react(self.human(), emoji.to_string()));
            }
            return Go::Stay;
        }
        if self.snap.draw_offer.is_some() && self.snap.result.is_none() {
            match key.code {
                KeyCode::Char('y') => return self.then_stay(self.session.accept_draw()),
                KeyCode::Char('n') => return self.then_stay(self.session.decline_draw()),
                _ => {}
            }
        }
        if let KeyCode::Char(c @ '1'..='9') = key.code {
            let i = c as u32 - '1' as u32;
            if !self.snap.choices.is_empty() {
                return self.then_stay(self.session.choose(i));
            }
            self.typing = Some(c.to_string());
            return Go::Stay;
        }
        if let Some(d) = direction(&key) {
            self.move_cursor(d, ctx);
            return Go::Stay;
        }
        if is_confirm(&key) {
            let (f, r) = self.cursor;
            if let Some(n) = square_at(&self.snap, f, r).map(|s| s.number) {
                if self.job.as_ref().is_some_and(|j| j.kind == JobKind::Computer) {
                    self.say("The computer is thinking (Esc stops it).");
                } else {
                    self.apply(self.session.tap(n));
                }
            }
            return Go::Stay;
        }
        match key.code {
            KeyCode::Esc => {
                if self.job.as_ref().is_some_and(|j| j.kind == JobKind::Computer) {
                    self.stop_job();
                    self.computer_paused = true;
                } else if self.job.is_some() {
                    self.stop_job();
                } else {
                    self.hint = None;
                    self.snap = self.session.clear_selection();
                }
            }
            KeyCode::Char('g') => self.computer_paused = false,
            KeyCode::Char('u') => {
                self.job = None;
                self.apply(self.session.undo());
                self.coached_ply = self.snap.ply;
            }
            KeyCode::Char('r') => {
                self.job = None;
                self.apply(self.session.redo());
                self.coached_ply = self.snap.ply;
            }
            KeyCode::Char('?') => match &mut self.hint {
                Some((_, shown @ false)) => *shown = true,
                _ => {
                    self.stop_job();
                    self.start(JobKind::Hint, ctx);
                }
            },
            KeyCode::Char('R') if self.snap.result.is_none() => self.confirm = Some(Confirm::Resign),
            KeyCode::Char('D') if self.snap.result.is_none() => {
                if matches!(self.snap.opponent, Opponent::PassAndPlay) {
                    self.confirm = Some(Confirm::OfferDraw);
                } else {
                    self.say("Draw offers are for pass-and-play games.");
                }
            }
            KeyCode::Char('e') if self.snap.result.is_none() => self.picking = true,
            KeyCode::Char('n') => {
                let n = if self.snap.notation == Notation::Algebraic { Notation::Numeric } else { Notation::Algebraic };
                self.snap = self.session.set_notation(n);
                ctx.settings.notation = n;
                let _ = ctx.library.save_settings(ctx.settings.clone());
            }
            KeyCode::Char('c') => {
                ctx.settings.coach = !ctx.settings.coach;
                let _ = ctx.library.save_settings(ctx.settings.clone());
                self.say(if ctx.settings.coach { "Coach tips on." } else { "Coach tips off." });
            }
            KeyCode::Char('f') => self.flipped = !self.flipped,
            KeyCode::Char(':') | KeyCode::Char('m') => self.typing = Some(String::new()),
            KeyCode::Char('a') if self.snap.result.is_some() => {
                if let Some(id) = self.snap.game_id {
                    return Go::Replay { id, analyse: true };
                }
            }
            KeyCode::Char('q') => return Go::Home,
            _ => {}
        }
        Go::Stay
    }

    fn then_stay(&mut self, r: ApiResult<Snapshot>) -> Go {
        self.apply(r);
        Go::Stay
    }

    /// Moves the cursor as it looks on screen (up is towards the top edge, whichever side sits there).
    fn move_cursor(&mut self, d: Dir, ctx: &Ctx) {
        let up = if self.bottom(ctx) == Color::White { 1i32 } else { -1 };
        let (df, dr) = match d {
            Dir::Up => (0, up),
            Dir::Down => (0, -up),
            Dir::Left => (-up, 0),
            Dir::Right => (up, 0),
        };
        let (f, r) = self.cursor;
        self.cursor = ((f as i32 + df).clamp(0, 7) as u32, (r as i32 + dr).clamp(0, 7) as u32);
    }

    fn marks(&self, ctx: &Ctx) -> Marks {
        let (hint_piece, hint_path) = match &self.hint {
            Some((h, false)) => (Some(h.piece), Vec::new()),
            Some((h, true)) => (Some(h.piece), h.mv.path.clone()),
            None => (None, Vec::new()),
        };
        Marks { cursor: Some(self.cursor), hint_piece, hint_path, hide_destinations: !ctx.settings.show_legal_moves }
    }

    fn players(&self) -> String {
        match &self.snap.opponent {
            Opponent::Computer { level, human } => {
                let name = giveaway_core::api::levels()
                    .into_iter()
                    .find(|l| l.number == *level)
                    .map_or_else(|| format!("level {level}"), |l| l.name);
                format!("You ({}) vs Computer: {name}", side_name(*human))
            }
            Opponent::PassAndPlay => "Pass and play".to_string(),
        }
    }

    pub fn draw(&mut self, f: &mut Frame, ctx: &Ctx) {
        let theme = Theme::new(&ctx.settings.board_theme, &ctx.settings.piece_theme);
        let [main, help] = Layout::vertical([Constraint::Min(10), Constraint::Length(2)]).areas(f.area());
        let cell = board::cell_size(main.width.saturating_sub(36), main.height.saturating_sub(2));
        let [left, right] =
            Layout::horizontal([Constraint::Length(board::board_width(cell.0) + 2), Constraint::Min(30)]).areas(main);
        let title = format!(" Game {} · {} ", self.snap.game_id.map_or("-".into(), |i| i.to_string()), self.players());
        let lines = board::lines(&self.snap, &self.marks(ctx), &theme, self.bottom(ctx), cell);
        let board_area = Rect { height: (lines.len() as u16 + 2).min(left.height), ..left };
        f.render_widget(Paragraph::new(lines).block(Block::default().borders(Borders::ALL).title(title)), left);
        self.draw_panel(f, right);
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
        let [_, row, _] = Layout::vertical([Constraint::Fill(1), Constraint::Length(4), Constraint::Fill(1)]).areas(board);
        let [_, area, _] = Layout::horizontal([Constraint::Fill(1), Constraint::Length(width), Constraint::Fill(1)]).areas(row);
        let title = format!(" React as {} ", side_name(self.human()));
        f.render_widget(Clear, area);
        let block = Block::default().borders(Borders::ALL).border_style(accent()).title(title);
        f.render_widget(Paragraph::new(lines).block(block), area);
    }

    fn help_lines(&self) -> Vec<Line<'static>> {
        let text = if self.typing.is_some() {
            "Type a move (c3-d4, c3:e5:c7, 22-18) · Enter play · Esc cancel".to_string()
        } else if self.snap.result.is_some() {
            "a analyse · u undo · r redo · n notation · f flip · q home".to_string()
        } else {
            "←↓↑→/hjkl move · Enter select/move · : type move · ? hint · u/r undo/redo · R resign · D draw · e react · n notation · f flip · c coach · Esc stop · q home".to_string()
        };
        vec![Line::styled(text, dim())]
    }

    fn draw_panel(&self, f: &mut Frame, area: Rect) {
        let mut top: Vec<Line> = Vec::new();
        let now = Instant::now();
        for side in [Color::White, Color::Black] {
            let reaction = self.reactions.of(side, now).map_or(String::new(), |e| format!("  {e}"));
            match &self.snap.clocks {
                Some(c) => {
                    let ms = if side == Color::White { c.white_ms } else { c.black_ms };
                    let running = c.running == Some(side);
                    let style = if running { accent() } else { Style::default() };
                    let mark = if running { " ◀" } else { "" };
                    top.push(Line::styled(format!("{:<6} {:>8}{mark}{reaction}", side_name(side), clock_text(ms)), style));
                }
                None if !reaction.is_empty() => top.push(Line::styled(format!("{:<6}{reaction}", side_name(side)), accent())),
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
        let block = match &self.snap.result {
            Some(_) => Block::default().borders(Borders::ALL).border_style(accent()).title(" Game over "),
            None => Block::default().borders(Borders::ALL).title(" Status "),
        };
        f.render_widget(Paragraph::new(top).wrap(Wrap { trim: false }).block(block), status_area);
        let rows = &self.snap.move_list;
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
        f.render_widget(Paragraph::new(shown).block(Block::default().borders(Borders::ALL).title(" Moves ")), moves_area);
    }

    fn status_lines(&self) -> Vec<Line<'static>> {
        let s = &self.snap;
        let mut out = Vec::new();
        if let Some(r) = &s.result {
            out.push(Line::styled(format!("GAME OVER  {}", r.pdn), accent()));
            out.push(Line::styled(r.text.clone(), Style::default().add_modifier(Modifier::BOLD)));
            out.push(Line::raw("Press a to analyse the game, u to take back."));
        } else {
            let turn = if s.computer_to_move { "Computer".to_string() } else { side_name(s.side_to_move).to_string() };
            out.push(Line::styled(format!("{turn} to move · move {}", s.ply / 2 + 1), Style::default().add_modifier(Modifier::BOLD)));
            if s.must_capture && !s.computer_to_move {
                let pieces: Vec<String> = s.squares.iter().filter(|q| q.must_capture).map(|q| q.name.clone()).collect();
                out.push(Line::styled(
                    format!("Must capture with {} (captures are compulsory)", pieces.join(", ")),
                    Style::default().fg(theme_red()),
                ));
            }
            if let Some(cp) = &s.capture {
                let name = |n: u32| (n as usize).checked_sub(1).and_then(|i| s.squares.get(i)).map_or(String::new(), |q| q.name.clone());
                let path: Vec<String> = std::iter::once(cp.from).chain(cp.visited.iter().copied()).map(name).collect();
                out.push(Line::raw(format!("Capturing {}: keep hopping (· marks the next landing)", path.join(":"))));
            }
            if !s.choices.is_empty() {
                out.push(Line::styled("Several captures end here; press its number:", accent()));
                for (i, c) in s.choices.iter().enumerate().take(9) {
                    out.push(Line::raw(format!("  {}) {}", i + 1, c.text)));
                }
            }
        }
        let k = &s.counters;
        if k.king_move_limit > 0 && k.king_move_plies > 0 {
            out.push(Line::styled(format!("King moves without capture: {}/{}", k.king_move_plies, k.king_move_limit), dim()));
        }
        if k.repetitions > 1 {
            out.push(Line::styled(format!("Position repeated {} of {} times", k.repetitions, k.repetition_limit), dim()));
        }
        if let Some(by) = s.draw_offer {
            out.push(Line::styled(format!("{} offers a draw: y accept, n decline", side_name(by)), accent()));
        }
        if let Some(last) = &s.last_move {
            out.push(Line::styled(format!("Last move: {} {}", side_name(last.color), last.text), dim()));
        }
        if let Some(job) = &self.job {
            let frame = SPINNER[(job.started.elapsed().as_millis() / 100) as usize % SPINNER.len()];
            let what = match job.kind {
                JobKind::Computer => "Computer thinking",
                JobKind::Hint => "Looking for a hint",
                JobKind::Coach => "Coach looking at your move",
            };
            let detail = job.progress.as_ref().map_or(String::new(), |p| format!(" · depth {} · score {}", p.depth, p.score_text));
            let stop = if job.kind == JobKind::Computer { " (Esc stops)" } else { "" };
            out.push(Line::styled(format!("{frame} {what}{detail}{stop}"), accent()));
        } else if self.computer_paused && s.computer_to_move {
            out.push(Line::styled("Computer stopped: press g to let it move.", accent()));
        }
        if let Some((h, shown)) = &self.hint {
            let text = if *shown {
                format!("Hint: {} ({}){}", h.mv.text, h.score_text, h.reason.as_ref().map_or(String::new(), |r| format!(" — {r}")))
            } else {
                "Hint: move the highlighted piece (? again shows the move)".to_string()
            };
            out.push(Line::styled(text, Style::default().fg(ratatui::style::Color::Magenta)));
        }
        if let Some(t) = &self.tip {
            out.push(Line::styled(format!("Coach: {} was {} — {} was better.", t.played.text, article(&t.class), t.better.text), accent()));
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

fn theme_red() -> ratatui::style::Color {
    ratatui::style::Color::LightRed
}

/// `a mistake`, `an inaccuracy`.
fn article(class: &str) -> String {
    let an = class.starts_with(['a', 'e', 'i', 'o', 'u']);
    format!("{} {class}", if an { "an" } else { "a" })
}
