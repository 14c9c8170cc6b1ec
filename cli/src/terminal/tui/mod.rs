//! The full-screen terminal app (ratatui on crossterm), built on the same app layer as the phone shells: its
//! game and replay screens draw the app layer's controllers. One job per file: `app` switches screens; `home`,
//! `game`, `saved`, `replay`, `settings` are the screens; `game_list` pages the saved games, `reactions` holds
//! the emoji picker's choices and what shows; `board` draws the board, `form` the menus, `input` maps keys,
//! `theme` holds colours, `terminal` reads the keys and restores the terminal on every exit, `signals` makes
//! SIGTERM and SIGHUP one of those exits. When the terminal goes away (hang-up, a failed write) the game is
//! saved and the process ends at once.

mod app;
mod arenas;
mod board;
mod correspondence;
mod devices;
mod form;
mod friends;
mod game;
mod game_list;
mod home;
mod input;
mod list;
mod online;
mod puzzles;
mod reactions;
mod replay;
mod saved;
mod seeks;
mod settings;
mod signals;
mod terminal;
mod theme;
mod watch;

use crate::args::Fail;
pub use app::Start;
use giveaway_app::GameLibrary;
use ratatui::crossterm::event::{Event, KeyEventKind};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::sync::Arc;
use std::time::Duration;

/// Runs the app until the player quits; `start` is the screen it opens on (the home menu, a game, the online
/// lobby); `notices` brings warnings about the
/// library found while the app runs (the background integrity check). A terminating signal ends it the same
/// way as Ctrl-C, then the process exits with 128 + the signal's number, as a shell reports such a death.
/// Every way out closes the library ([`crate::terminal::play::close`]) once the screen is left.
pub fn run(library: Arc<GameLibrary>, start: Start, notices: Receiver<String>) -> Result<(), Fail> {
    let signals = signals::Signals::install()?;
    let ended = run_until_quit(library.clone(), start, &notices, &signals);
    crate::terminal::play::close(&library);
    if let Some(number) = ended? {
        std::process::exit(128 + number);
    }
    Ok(())
}

pub use signals::exit_on_signal;

/// The event loop; returns the signal that ended it, if one did. The terminal is restored when it returns.
fn run_until_quit(
    library: Arc<GameLibrary>,
    start: Start,
    notices: &Receiver<String>,
    signals: &signals::Signals,
) -> Result<Option<i32>, Fail> {
    let mut guard = terminal::Guard::enter()?;
    let events = terminal::events()?;
    let mut app = app::App::new(library.clone(), start);
    while !app.done {
        if let Some(number) = signals.caught() {
            app.leave();
            if terminal::hung_up() {
                gone(number, &library);
            }
            return Ok(Some(number));
        }
        if terminal::hung_up() {
            app.leave();
            gone(libc::SIGHUP, &library);
        }
        while let Ok(text) = notices.try_recv() {
            app.notice(text);
        }
        app.tick();
        if guard.term.draw(|f| app.draw(f)).is_err() {
            app.leave();
            gone(libc::SIGHUP, &library);
        }
        // A short wait keeps clocks and the thinking spinner moving without spinning the CPU.
        match events.recv_timeout(Duration::from_millis(100)) {
            Ok(Event::Key(key)) if key.kind != KeyEventKind::Release => {
                if input::is_interrupt(&key) {
                    app.leave();
                    break;
                }
                app.key(key);
            }
            Ok(_) | Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => {
                app.leave();
                gone(libc::SIGHUP, &library);
            }
        }
    }
    Ok(None)
}

/// The terminal went away and the game was saved (`leave`). With no terminal there is nothing to restore and
/// nowhere to print (restoring would fail, and ratatui reports that failure on the dead terminal), so the
/// process ends here, with the library closed, as a hang-up ends a program: 128 + the signal's number.
fn gone(number: i32, library: &GameLibrary) -> ! {
    crate::terminal::play::close(library);
    std::process::exit(128 + number)
}
