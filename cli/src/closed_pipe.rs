//! Output into a closed pipe (`giveaway export --all | head`) ends the process quietly, as it ends `cat` or
//! `ls`, instead of `println!` panicking with "failed printing to stdout: Broken pipe" (exit 101).

/// Restores the default action of SIGPIPE. The Rust runtime ignores the signal at start-up, so a write to a
/// closed pipe returns an error, which `print!` turns into a panic; by default the signal ends the process
/// silently. A declaration of the one C library call rather than a dependency for it.
#[cfg(unix)]
pub fn end_quietly_on_closed_pipe() {
    unsafe extern "C" {
        fn signal(signum: i32, handler: usize) -> usize;
    }
    // The same numbers on Linux, macOS and the BSDs.
    const SIGPIPE: i32 = 13;
    const SIG_DFL: usize = 0;
    // SAFETY: setting a signal's disposition to its default is async-signal-safe and touches no Rust state.
    unsafe {
        signal(SIGPIPE, SIG_DFL);
    }
}

#[cfg(not(unix))]
pub fn end_quietly_on_closed_pipe() {}
