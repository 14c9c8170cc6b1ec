//! The terminal in full-screen mode, and its restoration on every way out: a guard restores it when dropped
//! (normal exit, `?` error, unwinding panic), and a panic hook restores it before the panic message prints so
//! the message is readable. Ctrl-C arrives as a key in raw mode and ends the loop normally; so do SIGTERM and
//! SIGHUP (see `signals`).

use ratatui::backend::CrosstermBackend;
use ratatui::crossterm::cursor::Show;
use ratatui::crossterm::execute;
use ratatui::crossterm::terminal::{disable_raw_mode, enable_raw_mode, EnterAlternateScreen, LeaveAlternateScreen};
use ratatui::Terminal;
use std::io::{stdout, Stdout};

pub type Term = Terminal<CrosstermBackend<Stdout>>;

/// Owns the full-screen terminal; dropping it gives the terminal back as it was.
pub struct Guard {
    pub term: Term,
}

impl Guard {
    pub fn enter() -> std::io::Result<Guard> {
        install_panic_hook();
        enable_raw_mode()?;
        // From here on a failure must still undo raw mode.
        let guard = Guard { term: Terminal::new(CrosstermBackend::new(stdout()))? };
        execute!(stdout(), EnterAlternateScreen)?;
        Ok(guard)
    }
}

impl Drop for Guard {
    fn drop(&mut self) {
        restore();
    }
}

/// Leaves raw mode and the alternate screen and shows the cursor; safe to call more than once.
fn restore() {
    let _ = disable_raw_mode();
    let _ = execute!(stdout(), LeaveAlternateScreen, Show);
}

fn install_panic_hook() {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        restore();
        previous(info);
    }));
}
