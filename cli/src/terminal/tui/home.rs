//! The home menu (games, saved games, puzzles, settings, online) and the two new-game forms (versus the computer; pass-and-play with time odds).

use super::app::{Ctx, Go};
use super::form::{Field, Form};
use super::input::is_confirm;
use super::theme::{accent, dim, error};
use giveaway_app::{
    handicap_presets, levels, time_control_presets, NewGame, Opponent, StartPosition, TimeControl, TimeControlPreset,
};
use giveaway_app::{NoObserver, Threads};
use giveaway_core::storage::Filter;
use giveaway_core::Color;
use giveaway_online::OnlineClient;
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use ratatui::layout::{Constraint, Layout};
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Paragraph};
use ratatui::Frame;
use std::sync::Arc;

const MENU: [&str; 8] = [
    "Play the computer",
    "Pass and play",
    "Continue unfinished game",
    "Saved games",
    "Puzzles",
    "Settings",
    "Play online",
    "Quit",
];

enum Mode {
    Menu(Form),
    Computer(Form),
    PassAndPlay(Form),
}

pub struct HomeScreen {
    mode: Mode,
    presets: Vec<TimeControlPreset>,
    message: Option<String>,
}

fn menu() -> Form {
    Form::new(MENU.iter().map(|m| Field::button(m)).collect())
}

fn time_names(presets: &[TimeControlPreset]) -> Vec<String> {
    std::iter::once("Unlimited".to_string()).chain(presets.iter().map(|p| p.name.clone())).collect()
}

fn handicaps(sides: [&str; 2]) -> Vec<String> {
    let mut v = vec!["None".to_string()];
    for side in sides {
        for n in 1..=3 {
            v.push(format!("{side} without {n} {}", if n == 1 { "man" } else { "men" }));
        }
    }
    v
}

/// Handicap choice `i` of [`handicaps`]: 0 none, 1–3 the first side's men, 4–6 the second side's.
fn removed(i: usize, first: Color) -> StartPosition {
    let (side, men) = match i {
        1..=3 => (first, i),
        4..=6 => (first.opponent(), i - 3),
        _ => return StartPosition::Standard,
    };
    handicap_presets()
        .into_iter()
        .find(|h| h.side == side && h.men as usize == men)
        .map_or(StartPosition::Standard, |h| h.start)
}

impl HomeScreen {
    pub fn new(_ctx: &Ctx) -> HomeScreen {
        HomeScreen { mode: Mode::Menu(menu()), presets: time_control_presets(), message: None }
    }

    fn time_index(&self, tc: Option<TimeControl>) -> usize {
        tc.and_then(|tc| self.presets.iter().position(|p| p.control == tc)).map_or(0, |i| i + 1)
    }

    fn computer_form(&self, ctx: &Ctx) -> Form {
        let s = &ctx.settings;
        let names = levels().iter().map(|l| format!("{} ({})", l.name, l.rating)).collect();
        Form::new(vec![
            Field::new("Level", names, s.last_level.saturating_sub(1) as usize),
            Field::new(
                "Your colour",
                vec!["White".into(), "Black".into()],
                usize::from(s.last_human_color == Color::Black),
            ),
            Field::new("Time", time_names(&self.presets), self.time_index(s.last_time_control)),
            Field::new("Handicap", handicaps(["You", "Computer"]), 0),
            Field::button("Start"),
        ])
    }

    fn pass_form(&self, ctx: &Ctx) -> Form {
        let t = self.time_index(ctx.settings.last_time_control);
        Form::new(vec![
            Field::new("White's time", time_names(&self.presets), t),
            Field::new("Black's time", time_names(&self.presets), t),
            Field::new("Handicap", handicaps(["White", "Black"]), 0),
            Field::button("Start"),
        ])
    }

    fn preset(&self, i: usize) -> Option<TimeControl> {
        i.checked_sub(1).and_then(|i| self.presets.get(i)).map(|p| p.control)
    }

    fn start_computer(&mut self, c: &[usize], ctx: &mut Ctx) -> Go {
        let level = c[0] as u8 + 1;
        let human = if c[1] == 1 { Color::Black } else { Color::White };
        let time_control = self.preset(c[2]);
        let setup =
            NewGame { opponent: Opponent::Computer { level, human }, start: removed(c[3], human), time_control };
        ctx.settings.last_level = level;
        ctx.settings.last_human_color = human;
        ctx.settings.last_time_control = time_control;
        let _ = ctx.library.save_settings(ctx.settings.clone());
        self.start(setup, ctx)
    }

    fn start_pass(&mut self, c: &[usize], ctx: &mut Ctx) -> Go {
        let (w, b) = (self.preset(c[0]), self.preset(c[1]));
        let time_control = match (w, b) {
            (None, None) => None,
            // Time odds against unlimited time: the unlimited side gets a day.
            (w, b) => {
                let day = giveaway_app::SideTime { base_ms: 86_400_000, increment_ms: 0 };
                Some(TimeControl { white: w.map_or(day, |t| t.white), black: b.map_or(day, |t| t.black) })
            }
        };
        let setup = NewGame { opponent: Opponent::PassAndPlay, start: removed(c[2], Color::White), time_control };
        self.start(setup, ctx)
    }

    fn start(&mut self, setup: NewGame, ctx: &mut Ctx) -> Go {
        match ctx.library.new_game(setup) {
            Ok(session) => Go::Game(session),
            Err(e) => {
                self.message = Some(e.to_string());
                Go::Stay
            }
        }
    }

    fn continue_last(&mut self, ctx: &Ctx) -> Go {
        let filter = Filter {
            in_progress: Some(true),
            mode: None,
            result: None,
            level: None,
            since: None,
            until: None,
            player: None,
        };
        let found = ctx.library.list_games(filter, None, 1).map(|p| p.games.first().map(|g| g.id));
        match found {
            Ok(Some(id)) => match ctx.library.resume(id) {
                Ok(session) => Go::Game(session),
                Err(e) => {
                    self.message = Some(format!("cannot continue game {id}: {e}"));
                    Go::Stay
                }
            },
            Ok(None) => {
                self.message = Some("There is no unfinished game.".into());
                Go::Stay
            }
            Err(e) => {
                self.message = Some(e.to_string());
                Go::Stay
            }
        }
    }

    /// Connects to the game server (`$GIVEAWAY_SERVER`, or the settings' server: the last `--server` given).
    fn online(&mut self, ctx: &mut Ctx) -> Go {
        let server = crate::terminal::online::server_url(&ctx.settings);
        match OnlineClient::connect(&server, ctx.library.clone(), Arc::new(Threads), Arc::new(NoObserver)) {
            Ok(client) => {
                ctx.online = Some(client);
                Go::Home
            }
            Err(e) => {
                self.message = Some(e.to_string());
                Go::Stay
            }
        }
    }

    pub fn key(&mut self, key: KeyEvent, ctx: &mut Ctx) -> Go {
        self.message = None;
        let back = matches!(key.code, KeyCode::Esc | KeyCode::Char('q'));
        if back {
            return match self.mode {
                Mode::Menu(_) => Go::Quit,
                _ => {
                    self.mode = Mode::Menu(menu());
                    Go::Stay
                }
            };
        }
        let form = match &mut self.mode {
            Mode::Menu(f) | Mode::Computer(f) | Mode::PassAndPlay(f) => f,
        };
        if !is_confirm(&key) {
            form.key(&key);
            return Go::Stay;
        }
        let on_last = form.index + 1 == form.fields.len();
        let choices: Vec<usize> = form.fields.iter().map(|f| f.choice).collect();
        match &self.mode {
            Mode::Menu(f) => match f.index {
                0 => self.mode = Mode::Computer(self.computer_form(ctx)),
                1 => self.mode = Mode::PassAndPlay(self.pass_form(ctx)),
                2 => return self.continue_last(ctx),
                3 => return Go::Saved,
                4 => return Go::Puzzles(None),
                5 => return Go::Settings,
                6 => return self.online(ctx),
                _ => return Go::Quit,
            },
            Mode::Computer(_) if on_last => return self.start_computer(&choices, ctx),
            Mode::PassAndPlay(_) if on_last => return self.start_pass(&choices, ctx),
            _ => {}
        }
        Go::Stay
    }

    pub fn draw(&mut self, f: &mut Frame, _ctx: &Ctx) {
        let (title, form, help) = match &self.mode {
            Mode::Menu(m) => ("Giveaway draughts", m, "↑↓ choose · Enter open · q quit"),
            Mode::Computer(m) => {
                ("New game: you versus the computer", m, "↑↓ field · ←→ change · Enter on Start · Esc back")
            }
            Mode::PassAndPlay(m) => ("New game: pass and play", m, "↑↓ field · ←→ change · Enter on Start · Esc back"),
        };
        let [top, body, bottom] =
            Layout::vertical([Constraint::Length(4), Constraint::Min(8), Constraint::Length(2)]).areas(f.area());
        let intro = vec![
            Line::styled(title, accent()),
            Line::styled(
                "Reverse Russian draughts: lose all your pieces (or get stuck) to win. Captures are compulsory.",
                dim(),
            ),
        ];
        f.render_widget(Paragraph::new(intro).wrap(ratatui::widgets::Wrap { trim: true }), top);
        f.render_widget(Paragraph::new(form.lines()).block(Block::default().borders(Borders::ALL)), body);
        let mut foot = vec![Line::styled(help, dim())];
        if let Some(m) = &self.message {
            foot.insert(0, Line::styled(m.clone(), error()));
        }
        f.render_widget(Paragraph::new(foot), bottom);
    }
}
