//! The app's state machine: which screen is showing, and the moves between screens each screen asks for.

use super::game::GameScreen;
use super::home::HomeScreen;
use super::online::OnlineScreen;
use super::puzzles::PuzzlesScreen;
use super::replay::ReplayScreen;
use super::saved::SavedScreen;
use super::settings::SettingsScreen;
use super::theme::error;
use giveaway_app::{GameLibrary, GameSession, TrainerMode};
use giveaway_app::{NoObserver, Threads};
use giveaway_core::storage::Settings;
use giveaway_online::OnlineClient;
use ratatui::crossterm::event::KeyEvent;
use ratatui::layout::Rect;
use ratatui::widgets::{Clear, Paragraph, Wrap};
use ratatui::Frame;
use std::sync::Arc;

/// The smallest screen the board and the side panel fit on side by side.
const MIN_WIDTH: u16 = 76;
const MIN_HEIGHT: u16 = 16;

/// What the screens share: the library, the settings and, while online, the online client.
pub struct Ctx {
    pub library: Arc<GameLibrary>,
    pub settings: Settings,
    pub online: Option<Arc<OnlineClient>>,
}

/// The screen the app opens on.
pub enum Start {
    Home,
    Game(Arc<GameSession>),
    Online(Arc<OnlineClient>),
}

/// Where a screen wants to go after a key or an event.
pub enum Go {
    Stay,
    /// The home menu, or the online lobby while online.
    Home,
    Game(Arc<GameSession>),
    /// The board of the online client's game.
    OnlineGame,
    Saved,
    Replay {
        id: i64,
        analyse: bool,
    },
    Settings,
    /// The puzzle trainer: its menu, or straight into a mode (a game's mistakes from its replay).
    Puzzles(Option<TrainerMode>),
    Quit,
}

enum Screen {
    Home(HomeScreen),
    // Boxed: the game and replay screens hold whole snapshots, the online lobby its views: much the largest.
    Game(Box<GameScreen>),
    Saved(SavedScreen),
    Replay(Box<ReplayScreen>),
    Settings(SettingsScreen),
    Online(Box<OnlineScreen>),
    Puzzles(Box<PuzzlesScreen>),
}

pub struct App {
    ctx: Ctx,
    screen: Screen,
    /// A message about the library as a whole (what the background integrity check found), shown over the
    /// bottom of every screen until the next key.
    notice: Option<String>,
    pub done: bool,
}

impl App {
    pub fn new(library: Arc<GameLibrary>, start: Start) -> App {
        let settings = library.settings().unwrap_or_default();
        let mut ctx = Ctx { library, settings, online: None };
        let screen = match start {
            Start::Game(session) => game_screen(session, &ctx),
            Start::Home => Screen::Home(HomeScreen::new(&ctx)),
            Start::Online(client) => {
                ctx.online = Some(client.clone());
                Screen::Online(Box::new(OnlineScreen::new(client)))
            }
        };
        App { ctx, screen, notice: None, done: false }
    }

    pub fn draw(&mut self, f: &mut Frame) {
        let area = f.area();
        if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
            let text =
                format!("Make the terminal at least {MIN_WIDTH}×{MIN_HEIGHT} (now {}×{}).", area.width, area.height);
            f.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), area);
            return;
        }
        match &mut self.screen {
            Screen::Home(s) => s.draw(f, &self.ctx),
            Screen::Game(s) => s.draw(f, &self.ctx),
            Screen::Saved(s) => s.draw(f, &self.ctx),
            Screen::Replay(s) => s.draw(f, &self.ctx),
            Screen::Settings(s) => s.draw(f, &self.ctx),
            Screen::Online(s) => s.draw(f, &self.ctx),
            Screen::Puzzles(s) => s.draw(f, &self.ctx),
        }
        if let Some(text) = &self.notice {
            let lines = 3.min(area.height);
            let bottom = Rect { y: area.bottom() - lines, height: lines, ..area };
            f.render_widget(Clear, bottom);
            f.render_widget(Paragraph::new(text.as_str()).style(error()).wrap(Wrap { trim: true }), bottom);
        }
    }

    pub fn notice(&mut self, text: String) {
        self.notice = Some(text);
    }

    pub fn key(&mut self, key: KeyEvent) {
        self.notice = None;
        let go = match &mut self.screen {
            Screen::Home(s) => s.key(key, &mut self.ctx),
            Screen::Game(s) => s.key(key, &mut self.ctx),
            Screen::Saved(s) => s.key(key, &mut self.ctx),
            Screen::Replay(s) => s.key(key, &mut self.ctx),
            Screen::Settings(s) => s.key(key, &mut self.ctx),
            Screen::Online(s) => s.key(key, &mut self.ctx),
            Screen::Puzzles(s) => s.key(key, &mut self.ctx),
        };
        self.go(go);
    }

    /// Called every frame: the engine's answers, clocks.
    pub fn tick(&mut self) {
        match &mut self.screen {
            Screen::Game(s) => s.tick(),
            Screen::Replay(s) => s.tick(),
            Screen::Puzzles(s) => s.tick(),
            Screen::Online(s) => {
                if let Some(go) = s.tick() {
                    self.go(go);
                }
            }
            _ => {}
        }
    }

    /// Leaves the current screen cleanly (stops its search, saves clocks) — also on quitting the app.
    pub fn leave(&mut self) {
        match &mut self.screen {
            Screen::Game(s) => s.leave(),
            Screen::Replay(s) => s.leave(),
            Screen::Puzzles(s) => s.leave(),
            _ => {}
        }
    }

    fn go(&mut self, go: Go) {
        if matches!(go, Go::Stay) {
            return;
        }
        self.leave();
        self.screen = match go {
            Go::Stay => return,
            Go::Quit => {
                self.done = true;
                return;
            }
            Go::Home => match &self.ctx.online {
                Some(client) => {
                    // Leaving a correspondence board closes it; the game waits on the server.
                    if client.screen().game.is_some_and(|g| g.days_per_move.is_some() && g.end().is_none()) {
                        let _ = client.leave_game();
                    }
                    Screen::Online(Box::new(OnlineScreen::new(client.clone())))
                }
                None => Screen::Home(HomeScreen::new(&self.ctx)),
            },
            Go::Game(session) => game_screen(session, &self.ctx),
            Go::OnlineGame => match self.ctx.online.as_ref().and_then(|c| c.game()) {
                Some(game) => Screen::Game(Box::new(GameScreen::new(game))),
                None => Screen::Home(HomeScreen::new(&self.ctx)),
            },
            Go::Saved => Screen::Saved(SavedScreen::new(&self.ctx)),
            Go::Replay { id, analyse } => match ReplayScreen::open(id, analyse, &mut self.ctx) {
                Ok(s) => Screen::Replay(Box::new(s)),
                Err(e) => Screen::Saved(SavedScreen::with_message(&self.ctx, format!("cannot open game {id}: {e}"))),
            },
            Go::Settings => Screen::Settings(SettingsScreen::new(&self.ctx)),
            Go::Puzzles(mode) => Screen::Puzzles(Box::new(PuzzlesScreen::new(&self.ctx, mode))),
        };
    }
}

/// The game screen for `session`; its engine work runs on threads of its own, and the screen reads the state
/// every frame (so it needs no observer).
fn game_screen(session: Arc<GameSession>, ctx: &Ctx) -> Screen {
    match ctx.library.controller(session, Arc::new(Threads), Arc::new(NoObserver)) {
        Ok(game) => Screen::Game(Box::new(GameScreen::new(game))),
        Err(e) => Screen::Saved(SavedScreen::with_message(ctx, format!("cannot open the game: {e}"))),
    }
}
