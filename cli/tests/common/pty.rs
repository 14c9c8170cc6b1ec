//! The full-screen app in a pseudo-terminal, its output rendered by a terminal emulator (vt100) into screen
//! text, for the tests that drive it with keys.

use portable_pty::{native_pty_system, Child, CommandBuilder, ExitStatus, MasterPty, PtySize};
use std::ffi::OsStr;
use std::io::{Read, Write};
use std::os::fd::{AsRawFd, FromRawFd};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Receiver};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Keys as a terminal sends them.
pub const ENTER: &str = "\r";
pub const UP: &str = "\x1b[A";
pub const DOWN: &str = "\x1b[B";
pub const RIGHT: &str = "\x1b[C";
pub const LEFT: &str = "\x1b[D";
pub const PAGE_DOWN: &str = "\x1b[6~";

/// Saves a captured screen as a text file when GIVEAWAY_SCREENSHOTS names a folder.
pub fn save_screenshot(name: &str, text: &str) {
    if let Some(dir) = std::env::var_os("GIVEAWAY_SCREENSHOTS") {
        std::fs::write(Path::new(&dir).join(name), text).unwrap();
    }
}

pub const ROWS: u16 = 40;
pub const COLS: u16 = 130;

/// The pseudo-terminal's other end (the side a terminal emulator holds), and the thread reading it with the
/// flag that stops it.
type OtherEnd = (Box<dyn MasterPty + Send>, Arc<AtomicBool>, std::thread::JoinHandle<()>);

pub struct App {
    child: Box<dyn Child + Send + Sync>,
    writer: Option<Box<dyn Write + Send>>,
    master: Option<OtherEnd>,
    output: Receiver<Vec<u8>>,
    pub screen: vt100::Parser,
    /// Everything the app wrote, as written.
    raw: Vec<u8>,
}

impl App {
    pub fn start(db: &Path) -> App {
        App::start_with(&[], db, &[])
    }

    /// `wrapper` (a command and its arguments) runs `giveaway play --db DB ARGS`, if not empty.
    pub fn start_with(wrapper: &[&str], db: &Path, args: &[&str]) -> App {
        let mut all: Vec<&OsStr> = vec!["play".as_ref(), "--db".as_ref(), db.as_os_str()];
        all.extend(args.iter().map(|a| OsStr::new(*a)));
        App::run(wrapper, &all)
    }

    /// `giveaway ARGS` in the terminal, run by `wrapper` (a command and its arguments) if not empty.
    pub fn run(wrapper: &[&str], args: &[&OsStr]) -> App {
        let pty =
            native_pty_system().openpty(PtySize { rows: ROWS, cols: COLS, pixel_width: 0, pixel_height: 0 }).unwrap();
        let bin = env!("CARGO_BIN_EXE_giveaway");
        let mut cmd = CommandBuilder::new(wrapper.first().copied().unwrap_or(bin));
        if !wrapper.is_empty() {
            cmd.args(&wrapper[1..]);
            cmd.arg(bin);
        }
        cmd.args(args);
        cmd.env("TERM", "xterm-256color");
        let child = pty.slave.spawn_command(cmd).unwrap();
        drop(pty.slave);
        // Read from a duplicate of the master's descriptor, waiting with poll(2) so that the thread can be told to
        // stop: closing the terminal must close every descriptor of its other end.
        let fd = pty.master.as_raw_fd().expect("a unix pseudo-terminal");
        // SAFETY: dup(2) of a descriptor the master owns and keeps open; the new one is owned by the File.
        let mut reader = unsafe { std::fs::File::from_raw_fd(libc::dup(fd)) };
        let writer = pty.master.take_writer().unwrap();
        let (tx, output) = channel();
        let stop = Arc::new(AtomicBool::new(false));
        let stopped = stop.clone();
        let thread = std::thread::spawn(move || {
            let mut buf = [0u8; 8192];
            while !stopped.load(Ordering::SeqCst) {
                let mut p = libc::pollfd { fd: reader.as_raw_fd(), events: libc::POLLIN, revents: 0 };
                // SAFETY: poll(2) on the one pollfd given, which lives across the call.
                if unsafe { libc::poll(&mut p, 1, 50) } <= 0 {
                    continue;
                }
                match reader.read(&mut buf) {
                    Ok(n) if n > 0 && tx.send(buf[..n].to_vec()).is_ok() => {}
                    _ => break,
                }
            }
        });
        App {
            child,
            writer: Some(writer),
            master: Some((pty.master, stop, thread)),
            output,
            screen: vt100::Parser::new(ROWS, COLS, 0),
            raw: Vec::new(),
        }
    }

    /// Closes the terminal as a terminal emulator's window closing does: every descriptor of the
    /// pseudo-terminal's other end is closed, which hangs the app's side up.
    pub fn close_terminal(&mut self) {
        let (master, stop, thread) = self.master.take().expect("the terminal is open");
        stop.store(true, Ordering::SeqCst);
        thread.join().unwrap();
        self.writer = None;
        drop(master);
    }

    pub fn feed(&mut self, bytes: &[u8]) {
        self.screen.process(bytes);
        self.raw.extend_from_slice(bytes);
    }

    pub fn text(&self) -> String {
        self.screen.screen().contents()
    }

    /// Waits until the screen satisfies `ok` (at most 30 s), feeding the emulator what the app writes.
    pub fn wait_for(&mut self, what: &str, ok: impl Fn(&str) -> bool) -> String {
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let text = self.text();
            if ok(&text) {
                return text;
            }
            if Instant::now() >= deadline {
                panic!("timed out waiting for {what}; screen:\n{text}");
            }
            if let Ok(bytes) = self.output.recv_timeout(Duration::from_millis(100)) {
                self.feed(&bytes);
            }
        }
    }

    /// The screen once it has not changed for a moment (a frame may arrive in several pieces).
    pub fn settled(&mut self) -> String {
        let deadline = Instant::now() + Duration::from_secs(10);
        let (mut last, mut since) = (self.text(), Instant::now());
        while Instant::now() < deadline && since.elapsed() < Duration::from_millis(400) {
            if let Ok(bytes) = self.output.recv_timeout(Duration::from_millis(50)) {
                self.feed(&bytes);
            }
            let now = self.text();
            if now != last {
                (last, since) = (now, Instant::now());
            }
        }
        last
    }

    pub fn wait_text(&mut self, needle: &str) -> String {
        self.wait_for(needle, |t| t.contains(needle))
    }

    pub fn keys(&mut self, bytes: &str) {
        let writer = self.writer.as_mut().expect("the terminal is open");
        writer.write_all(bytes.as_bytes()).unwrap();
        writer.flush().unwrap();
    }

    /// Waits for the app to exit and drains what it wrote last; true if it exited with success.
    pub fn wait_exit(&mut self) -> bool {
        self.wait_exit_status().success()
    }

    pub fn wait_exit_status(&mut self) -> ExitStatus {
        self.wait_exit_within(Duration::from_secs(15))
    }

    pub fn wait_exit_within(&mut self, limit: Duration) -> ExitStatus {
        let deadline = Instant::now() + limit;
        loop {
            while let Ok(bytes) = self.output.try_recv() {
                self.feed(&bytes);
            }
            if let Some(status) = self.child.try_wait().unwrap() {
                while let Ok(bytes) = self.output.recv_timeout(Duration::from_millis(200)) {
                    self.feed(&bytes);
                }
                return status;
            }
            assert!(Instant::now() < deadline, "the app did not exit; screen:\n{}", self.text());
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Sends `signal` to the app, as `kill` or a closing terminal would.
    pub fn signal(&mut self, signal: libc::c_int) {
        let pid = self.child.process_id().expect("the app runs") as libc::pid_t;
        // SAFETY: kill(2) only sends a signal; the pid is our own child's, still running (not yet waited for).
        assert_eq!(unsafe { libc::kill(pid, signal) }, 0, "kill failed");
    }

    /// The terminal is back as it was: off the alternate screen with the cursor shown, and the last things the
    /// app wrote were leaving the alternate screen, then showing the cursor.
    pub fn assert_restored(&self) {
        assert!(!self.screen.screen().alternate_screen(), "still on the alternate screen");
        assert!(!self.screen.screen().hide_cursor(), "the cursor is still hidden");
        let (leave, show) = ("\x1b[?1049l", "\x1b[?25h");
        let out = String::from_utf8_lossy(&self.raw);
        let tail = String::from_utf8_lossy(&self.raw[self.raw.len().saturating_sub(60)..]);
        let after_leave = out.rsplit_once(leave).map(|(_, rest)| rest);
        assert!(
            after_leave.is_some_and(|rest| !rest.is_empty() && rest.replace(show, "").is_empty()),
            "the output ends with {tail:?}"
        );
    }
}
