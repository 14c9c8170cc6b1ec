//! Output into a closed pipe (`giveaway export --all | head`) ends the process quietly, as it ends `cat` or
//! `ls`, instead of `println!` panicking with "failed printing to stdout: Broken pipe" (exit 101).

/// Restores the default action of SIGPIPE. The Rust runtime ignores the signal at start-up, so a write to a
/// closed pipe returns an error, which `print!` turns into a panic; by default the signal ends the process
/// silently. A declaration of the one C library call rather than a dependency for it.
#[cfg(unix)]
pub fn end_quietly_on_closed_pipe() {
    set_sigpipe(SIG_DFL);
}

// The same numbers on Linux, macOS and the BSDs.
#[cfg(unix)]
const SIG_DFL: usize = 0;
#[cfg(unix)]
const SIG_IGN: usize = 1;

#[cfg(unix)]
fn set_sigpipe(handler: usize) {
    unsafe extern "C" {
        fn signal(signum: i32, handler: usize) -> usize;
    }
    const SIGPIPE: i32 = 13;
    // SAFETY: setting a signal's disposition to its default or to ignored is async-signal-safe and touches no
    // Rust state.
    unsafe {
        signal(SIGPIPE, handler);
    }
}

#[cfg(not(unix))]
pub fn end_quietly_on_closed_pipe() {}

/// Ignores SIGPIPE, so that a write to a closed pipe fails with an error the caller handles (line mode then
/// closes the games library on its way out) instead of killing the process.
#[cfg(unix)]
pub fn fail_writes_on_closed_pipe() {
    set_sigpipe(SIG_IGN);
}

#[cfg(not(unix))]
pub fn fail_writes_on_closed_pipe() {}
