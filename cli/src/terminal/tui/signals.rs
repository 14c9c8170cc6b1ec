//! SIGTERM, SIGHUP (the terminal was closed) and SIGINT sent from outside end the full-screen app the way
//! Ctrl-C does: the main loop sees the signal, leaves the screen (search stopped, clocks saved) and drops the
//! terminal guard, which restores the terminal. Their default action would kill the process still in raw mode
//! on the alternate screen. (In raw mode Ctrl-C is a key, so SIGINT comes only from `kill`.) Such a signal
//! always ends the process: if the loop has not, a second signal or [`GRACE`] later the waiting thread
//! restores the terminal and exits itself (the loop may be stuck, e.g. saving into a locked database).
//!
//! tokio's signal streams need a runtime with an I/O driver, which the core's runtime does not have; a
//! current-thread runtime on a thread of its own waits for them and raises a flag the loop reads every frame.

use std::future::poll_fn;
use std::io;
use std::sync::atomic::{AtomicI32, Ordering};
use std::sync::Arc;
use std::task::Poll;
use std::time::Duration;
use tokio::signal::unix::{signal, Signal, SignalKind};

/// How long the loop has to leave after a signal before the process is ended without it.
const GRACE: Duration = Duration::from_secs(3);

/// The signals that end the app; `caught` tells whether one came.
pub struct Signals {
    caught: Arc<AtomicI32>,
}

impl Signals {
    /// Installs the handlers — from here on these signals no longer kill the process — and starts waiting.
    pub fn install() -> io::Result<Signals> {
        let (rt, mut streams) = listen()?;
        let caught = Arc::new(AtomicI32::new(0));
        let flag = caught.clone();
        std::thread::Builder::new().name("signals".into()).spawn(move || {
            let first = rt.block_on(next_signal(&mut streams));
            flag.store(first, Ordering::SeqCst);
            // (The timer must be made inside the runtime.)
            let again = rt.block_on(async { tokio::time::timeout(GRACE, next_signal(&mut streams)).await });
            let number = again.unwrap_or(first);
            super::terminal::restore();
            std::process::exit(128 + number);
        })?;
        Ok(Signals { caught })
    }

    /// The number of the signal that asked the app to end, once one has come.
    pub fn caught(&self) -> Option<i32> {
        Some(self.caught.load(Ordering::SeqCst)).filter(|&n| n != 0)
    }
}

/// For line mode, whose loop waits in a read that a signal does not interrupt: from here on SIGTERM, SIGHUP
/// and SIGINT run `last` (which closes the library) on a thread of their own and end the process with
/// 128 + the signal's number, as their default action would have without `last`.
pub fn exit_on_signal(last: impl FnOnce() + Send + 'static) -> io::Result<()> {
    let (rt, mut streams) = listen()?;
    std::thread::Builder::new().name("signals".into()).spawn(move || {
        let number = rt.block_on(next_signal(&mut streams));
        last();
        std::process::exit(128 + number);
    })?;
    Ok(())
}

/// Handlers for the signals that end the app, and the runtime their streams are read on.
fn listen() -> io::Result<(tokio::runtime::Runtime, Vec<(i32, Signal)>)> {
    let rt = tokio::runtime::Builder::new_current_thread().enable_io().enable_time().build()?;
    let kinds = [SignalKind::terminate(), SignalKind::hangup(), SignalKind::interrupt()];
    let streams = {
        let _inside = rt.enter();
        kinds.iter().map(|&k| Ok((k.as_raw_value(), signal(k)?))).collect::<io::Result<Vec<_>>>()?
    };
    Ok((rt, streams))
}

/// The number of the next signal to arrive on any of the streams.
async fn next_signal(streams: &mut [(i32, Signal)]) -> i32 {
    poll_fn(|cx| {
        for (number, stream) in streams.iter_mut() {
            if let Poll::Ready(Some(())) = stream.poll_recv(cx) {
                return Poll::Ready(*number);
            }
        }
        Poll::Pending
    })
    .await
}
