//! The puzzle trainer, full screen: a menu of modes beside the player's rating, the puzzle of the day and the
//! results per theme; then the puzzle on the board (cursor and Enter, or a typed move), the verdict, the
//! two-step hint, the solution with the line that follows, next and retry. Everything it shows comes from the
//! app layer's `PuzzleController`.

use super::app::{Ctx, Go};
use super::board::{self, Marks};
use super::form::{Field, Form};
use super::input::{direction, is_confirm, type_line, Dir};
use super::theme::{accent, dim, error, Theme};
use crate::terminal::board_text::square_at;
use giveaway_app::NoObserver;
use giveaway_app::{MoveFeedback, PuzzleController, PuzzleOverview, PuzzleState, PuzzleStatus, Threads, TrainerMode};
use giveaway_core::puzzle::THEMES;
use giveaway_core::storage::Filter;
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color as Tint, Style};
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};
use ratatui::Frame;
use std::sync::Arc;

const MODES: [&str; 7] = [
    "Rated puzzles",
    "Puzzle streak",
    "Puzzle of the day",
    "By theme",
    "Puzzles from your games",
    "Learn from your mistakes (last game)",
    "Back",
];

enum Mode {
    Menu(Form),
    Board(Box<Board>),
}

struct Board {
    trainer: Arc<PuzzleController>,
    state: PuzzleState,
    cursor: (u32, u32),
    typing: Option<String>,
    message: Option<(String, bool)>,
}

pub struct PuzzlesScreen {
    mode: Mode,
    overview: Option<PuzzleOverview>,
    message: Option<String>,
}

fn menu() -> Form {
    let themes: Vec<String> = THEMES.iter().map(|t| t.name().to_string()).collect();
    let fields = MODES
        .iter()
        .enumerate()
        .map(|(i, m)| if i == 3 { Field::new(m, themes.clone(), 0) } else { Field::button(m) })
        .collect();
    Form::new(fields)
}

impl PuzzlesScreen {
    /// The trainer's menu, or straight into `mode`.
    pub fn new(ctx: &Ctx, mode: Option<TrainerMode>) -> PuzzlesScreen {
        let mut s =
            PuzzlesScreen { mode: Mode::Menu(menu()), overview: ctx.library.puzzle_overview(8).ok(), message: None };
        if let Some(m) = mode {
            s.open(m, ctx);
        }
        s
    }

    fn open(&mut self, mode: TrainerMode, ctx: &Ctx) {
        match ctx.library.puzzle_trainer(mode, Arc::new(Threads), Arc::new(NoObserver)) {
            Ok(trainer) => {
                let state = trainer.start();
                let cursor = (2, 5);
                self.mode = Mode::Board(Box::new(Board { trainer, state, cursor, typing: None, message: None }));
            }
            Err(e) => self.message = Some(e.to_string()),
        }
    }

    /// Every frame: a judged move, the mistakes found.
    pub fn tick(&mut self) {
        if let Mode::Board(b) = &mut self.mode {
            b.state = b.trainer.state();
        }
    }

    pub fn leave(&mut self) {
        if let Mode::Board(b) = &self.mode {
            b.trainer.leave();
        }
    }

    /// The newest finished game, for its mistakes.
    fn last_game(ctx: &Ctx) -> Option<i64> {
        let filter = Filter { in_progress: Some(false), ..Filter::default() };
        ctx.library.list_games(filter, None, 1).ok()?.games.first().map(|g| g.id)
    }

    pub fn key(&mut self, key: KeyEvent, ctx: &mut Ctx) -> Go {
        self.message = None;
        match &mut self.mode {
            Mode::Menu(form) => {
                if matches!(key.code, KeyCode::Esc | KeyCode::Char('q')) {
                    return Go::Home;
                }
                if !is_confirm(&key) {
                    form.key(&key);
                    return Go::Stay;
                }
                let mode = match form.index {
                    0 => TrainerMode::Rated,
                    1 => TrainerMode::Streak,
                    2 => TrainerMode::Daily,
                    3 => TrainerMode::Theme { theme: THEMES[form.fields[3].choice].name().to_string() },
                    4 => TrainerMode::Mined,
                    5 => match Self::last_game(ctx) {
                        Some(game_id) => TrainerMode::Mistakes { game_id },
                        None => {
                            self.message = Some("There is no finished game yet.".into());
                            return Go::Stay;
                        }
                    },
                    _ => return Go::Home,
                };
                self.open(mode, ctx);
                Go::Stay
            }
            Mode::Board(b) => {
                if b.key(key) {
                    return Go::Stay;
                }
                self.leave();
                self.overview = ctx.library.puzzle_overview(8).ok();
                self.mode = Mode::Menu(menu());
                Go::Stay
            }
        }
    }

    pub fn draw(&mut self, f: &mut Frame, ctx: &Ctx) {
        match &mut self.mode {
            Mode::Menu(form) => draw_menu(f, form, self.overview.as_ref(), self.message.as_deref()),
            Mode::Board(b) => b.draw(f, ctx),
        }
    }
}

fn draw_menu(f: &mut Frame, form: &Form, overview: Option<&PuzzleOverview>, message: Option<&str>) {
    let [top, body, bottom] =
        Layout::vertical([Constraint::Length(3), Constraint::Min(8), Constraint::Length(2)]).areas(f.area());
    let intro = vec![
        Line::styled("Puzzles", accent()),
        Line::styled("Engine-checked giveaway puzzles, and the mistakes of your own games to learn from.", dim()),
    ];
    f.render_widget(Paragraph::new(intro), top);
    let [left, right] = Layout::horizontal([Constraint::Length(52), Constraint::Min(24)]).areas(body);
    f.render_widget(Paragraph::new(form.lines()).block(Block::default().borders(Borders::ALL)), left);
    let mut lines = Vec::new();
    if let Some(o) = overview {
        let provisional = if o.rating.deviation > 110.0 { "?" } else { "" };
        lines.push(Line::styled(format!("Your puzzle rating: {:.0}{provisional}", o.rating.rating), accent()));
        lines.push(Line::raw(format!("{} puzzles · {} from your games", o.shipped, o.mined)));
        if let Some(d) = &o.daily {
            let today = match d.solved_today {
                Some(true) => "solved",
                Some(false) => "tried",
                None => "new",
            };
            lines.push(Line::raw(format!("Puzzle of the day: {} (rated {}, {today})", d.id, d.rating)));
        }
        lines.push(Line::raw(""));
        for t in o.themes.iter().filter(|t| t.attempts > 0) {
            lines.push(Line::raw(format!("{:<14} {} of {} solved", t.theme, t.solved, t.attempts)));
        }
        for a in o.history.iter().take(5) {
            let change = a.rating_change.map_or(String::new(), |c| format!(" {c:+.0}"));
            let how = if a.solved { "solved" } else { "failed" };
            lines.push(Line::styled(format!("{} {} {}: {how}{change}", a.mode, a.source, a.id), dim()));
        }
    }
    f.render_widget(
        Paragraph::new(lines).wrap(Wrap { trim: true }).block(Block::default().borders(Borders::ALL).title(" You ")),
        right,
    );
    let mut foot = vec![Line::styled("↑↓ choose · ←→ theme · Enter open · q back", dim())];
    if let Some(m) = message {
        foot.insert(0, Line::styled(m.to_string(), error()));
    }
    f.render_widget(Paragraph::new(foot), bottom);
}

impl Board {
    fn apply(&mut self, r: giveaway_app::ApiResult<PuzzleState>) {
        match r {
            Ok(s) => self.state = s,
            Err(e) => self.message = Some((e.to_string(), true)),
        }
    }

    /// Handles a key; false to go back to the menu.
    fn key(&mut self, key: KeyEvent) -> bool {
        self.message = None;
        if self.typing.is_some() {
            if let Some(t) = type_line(&mut self.typing, key.code) {
                let r = self.trainer.play(t);
                self.apply(r);
            }
            return true;
        }
        if let KeyCode::Char(c @ '1'..='9') = key.code {
            let choices = self.state.snapshot.as_ref().is_some_and(|s| !s.choices.is_empty());
            if choices {
                let r = self.trainer.choose(c as u32 - '1' as u32);
                self.apply(r);
            } else {
                self.typing = Some(c.to_string());
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
            if let Some(n) = self.state.snapshot.as_ref().and_then(|s| square_at(s, c, r)).map(|s| s.number) {
                let r = self.trainer.tap(n);
                self.apply(r);
            }
            return true;
        }
        let r = match key.code {
            KeyCode::Char('?') => self.trainer.hint(),
            KeyCode::Char('s') => self.trainer.show_solution(),
            KeyCode::Char('r') => self.trainer.retry(),
            KeyCode::Char('n') => self.trainer.next(),
            KeyCode::Char('f') => Ok(self.trainer.flip_board()),
            KeyCode::Char(':') | KeyCode::Char('m') => {
                self.typing = Some(String::new());
                return true;
            }
            KeyCode::Esc | KeyCode::Char('q') => return false,
            _ => return true,
        };
        self.apply(r);
        true
    }

    fn draw(&mut self, f: &mut Frame, ctx: &Ctx) {
        let theme = Theme::new(ctx.settings.board_theme, ctx.settings.piece_theme);
        let [main, help] = Layout::vertical([Constraint::Min(10), Constraint::Length(2)]).areas(f.area());
        let cell = board::cell_size(main.width.saturating_sub(36), main.height.saturating_sub(2));
        let [left, right] =
            Layout::horizontal([Constraint::Length(board::board_width(cell.0) + 2), Constraint::Min(30)]).areas(main);
        let s = &self.state;
        let title = match &s.puzzle {
            Some(p) if p.source == "mistake" => format!(" Your game {} ", p.id),
            Some(p) => format!(" Puzzle {}{} ", p.id, p.rating.map_or(String::new(), |r| format!(" · rated {r}"))),
            None => " Puzzles ".to_string(),
        };
        let lines = match &s.snapshot {
            Some(snap) => board::lines(snap, &s.coordinates, &Marks { cursor: Some(self.cursor) }, &theme, cell),
            None => vec![Line::raw(""), Line::styled(format!("  {}", s.message), accent())],
        };
        f.render_widget(Paragraph::new(lines).block(Block::default().borders(Borders::ALL).title(title)), left);
        self.draw_panel(f, right);
        let help_text = match &self.typing {
            Some(t) => format!("Move: {t}▏ (Enter plays · Esc cancels)"),
            None => "arrows + Enter move · : type a move · ? hint · s solution · r retry · n next · f flip · q menu"
                .to_string(),
        };
        f.render_widget(Paragraph::new(Line::styled(help_text, dim())).wrap(Wrap { trim: true }), help);
    }

    fn draw_panel(&self, f: &mut Frame, area: Rect) {
        let s = &self.state;
        let mut lines = Vec::new();
        if let Some(p) = &s.puzzle {
            if !p.themes.is_empty() {
                lines.push(Line::styled(p.themes.join(", "), dim()));
            }
            lines.push(Line::raw(format!("Moves to find: {} (found {})", p.solver_moves, s.moves_found)));
        }
        if let Some(r) = s.rating {
            let change = r.change.map_or(String::new(), |c| format!(" ({c:+.0})"));
            lines.push(Line::raw(format!("Your rating: {:.0}{change}", r.rating)));
        }
        if s.mode == TrainerMode::Streak {
            lines.push(Line::raw(format!("Streak: {}", s.streak)));
        }
        if let Some(p) = &s.progress {
            lines.push(Line::raw(format!("Exercise {} of {} · {} solved", p.index, p.total, p.solved)));
        }
        lines.push(Line::raw(""));
        let tint = match (s.status, s.feedback) {
            (PuzzleStatus::Solved, _) => Tint::Green,
            (PuzzleStatus::Failed, _) | (_, Some(MoveFeedback::Wrong)) => Tint::Red,
            _ => Tint::Cyan,
        };
        lines.push(Line::styled(s.message.clone(), Style::default().fg(tint)));
        if let Some(h) = &s.hint {
            lines.push(Line::styled(
                match &h.mv {
                    Some(mv) => format!("Hint: {}", mv.text),
                    None => "Hint: move the highlighted piece".to_string(),
                },
                accent(),
            ));
        }
        if !s.solution.is_empty() {
            let line: Vec<&str> = s.solution.iter().map(|m| m.text.as_str()).collect();
            lines.push(Line::raw(format!("Solution: {}", line.join(" "))));
        }
        if !s.follow.is_empty() {
            let line: Vec<&str> = s.follow.iter().map(|m| m.text.as_str()).collect();
            lines.push(Line::styled(format!("Then: {}", line.join(" ")), dim()));
        }
        if let Some((m, is_error)) = &self.message {
            lines.push(Line::styled(m.clone(), if *is_error { error() } else { Style::default() }));
        }
        f.render_widget(
            Paragraph::new(lines).wrap(Wrap { trim: true }).block(Block::default().borders(Borders::ALL)),
            area,
        );
    }
}
