//! The terminal in full-screen mode, and its restoration on every way out: a guard restores it when dropped
//! (normal exit, `?` error, unwinding panic), and a panic hook restores it before the panic message prints so
//! the message is readable. Ctrl-C arrives as a key in raw mode and ends the loop normally; so do SIGTERM and
//! SIGHUP (see `signals`). Keys are read on a thread of their own, which also sees the terminal go away.

use ratatui::backend::CrosstermBackend;
use ratatui::crossterm::cursor::Show;
use ratatui::crossterm::event::{self, Event};
use ratatui::crossterm::execute;
use ratatui::crossterm::terminal::{disable_raw_mode, enable_raw_mode, EnterAlternateScreen, LeaveAlternateScreen};
use ratatui::Terminal;
use std::io::{stdout, Stdout};
use std::sync::mpsc::{channel, Receiver};
use std::time::Duration;

pub type Term = Terminal<CrosstermBackend<Stdout>>;

/// Owns the full-screen terminal; dropping it gives the terminal back as it was.
pub struct Guard {
    /// Never dropped: ratatui's drop shows the cursor again (which `restore` has done) and reports a failure
    /// with `eprintln!`, which panics when the terminal has just gone away (a hang-up racing the exit).
    pub term: std::mem::ManuallyDrop<Term>,
}

impl Guard {
    pub fn enter() -> std::io::Result<Guard> {
        install_panic_hook();
        enable_raw_mode()?;
        // From here on a failure must still undo raw mode.
        let guard = Guard { term: std::mem::ManuallyDrop::new(Terminal::new(CrosstermBackend::new(stdout()))?) };
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
pub fn restore() {
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

/// What waiting on the terminal found.
#[derive(PartialEq, Eq)]
enum Ready {
    Input,
    Nothing,
    /// Its other end was closed (hang-up) or the device failed.
    Gone,
}

/// Waits up to `timeout_ms` for input on the terminal (standard input, which crossterm reads when it is a
/// terminal), without reading it.
fn wait_for_input(timeout_ms: i32) -> Ready {
    let mut fd = libc::pollfd { fd: libc::STDIN_FILENO, events: libc::POLLIN, revents: 0 };
    // SAFETY: poll(2) reads and writes only the one pollfd passed, which lives across the call.
    let n = unsafe { libc::poll(&mut fd, 1, timeout_ms) };
    if n < 0 {
        let interrupted = std::io::Error::last_os_error().kind() == std::io::ErrorKind::Interrupted;
        return if interrupted { Ready::Nothing } else { Ready::Gone };
    }
    match fd.revents {
        0 => Ready::Nothing,
        r if r & (libc::POLLHUP | libc::POLLERR | libc::POLLNVAL) != 0 => Ready::Gone,
        _ => Ready::Input,
    }
}

/// Whether the terminal has gone away, asked of the kernel without reading (keys stay for the reader).
pub fn hung_up() -> bool {
    wait_for_input(0) == Ready::Gone
}

/// The terminal's events, read on a thread of their own. crossterm's reader retries for ever once the terminal
/// is gone (it takes the failed read for "no data yet") and would never give the loop back, spinning a core; so
/// the thread waits on the terminal itself first, and ends, closing the channel, when it hangs up or a read
/// fails. (In the instant between the two a hang-up can still catch crossterm, in this thread only: the loop
/// sees the hang-up and ends the process.)
pub fn events() -> std::io::Result<Receiver<Event>> {
    let (tx, rx) = channel();
    std::thread::Builder::new().name("terminal input".into()).spawn(move || loop {
        match wait_for_input(100) {
            Ready::Nothing => {}
            Ready::Gone => return,
            // Everything crossterm has now (one read may bring several keys), then wait again.
            Ready::Input => loop {
                match event::poll(Duration::ZERO) {
                    Ok(true) => {
                        let Ok(e) = event::read() else { return };
                        if tx.send(e).is_err() {
                            return;
                        }
                    }
                    Ok(false) => break,
                    Err(_) => return,
                }
            },
        }
    })?;
    Ok(rx)
}
