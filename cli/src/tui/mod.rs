//! The full-screen terminal app (ratatui on crossterm), built on the same app layer as the phone shells: its
//! game and replay screens draw the app layer's controllers. One job per file: `app` switches screens; `home`,
//! `game`, `saved`, `replay`, `settings` are the screens; `game_list` pages the saved games, `reactions` holds
//! the emoji picker's choices and what shows; `board` draws the board, `form` the menus, `input` maps keys,
//! `theme` holds colours, `terminal` restores the terminal on every exit, `signals` makes SIGTERM and SIGHUP
//! one of those exits.

mod app;
mod board;
mod form;
mod game;
mod game_list;
mod home;
mod input;
mod reactions;
mod replay;
mod saved;
mod settings;
mod signals;
mod terminal;
mod theme;

use crate::args::Fail;
use giveaway_app::{GameSession, GameLibrary};
use ratatui::crossterm::event::{self, Event, KeyEventKind};
use std::sync::Arc;
use std::time::Duration;

/// Runs the app until the player quits; `first` opens straight on a game. A terminating signal ends it the
/// same way as Ctrl-C, then the process exits with 128 + the signal's number, as a shell reports such a death.
pub fn run(library: Arc<GameLibrary>, first: Option<Arc<GameSession>>) -> Result<(), Fail> {
    let signals = signals::Signals::install()?;
    if let Some(number) = run_until_quit(library, first, &signals)? {
        std::process::exit(128 + number);
    }
    Ok(())
}

/// The event loop; returns the signal that ended it, if one did. The terminal is restored when it returns.
fn run_until_quit(library: Arc<GameLibrary>, first: Option<Arc<GameSession>>, signals: &signals::Signals) -> Result<Option<i32>, Fail> {
    let mut guard = terminal::Guard::enter()?;
    let mut app = app::App::new(library, first);
    while !app.done {
        if let Some(number) = signals.caught() {
            app.leave();
            return Ok(Some(number));
        }
        app.tick();
        guard.term.draw(|f| app.draw(f))?;
        // A short wait keeps clocks and the thinking spinner moving without spinning the CPU.
        if event::poll(Duration::from_millis(100))? {
            if let Event::Key(key) = event::read()? {
                if key.kind != KeyEventKind::Release {
                    if input::is_interrupt(&key) {
                        app.leave();
                        break;
                    }
                    app.key(key);
                }
            }
        }
    }
    Ok(None)
}
