//! SIGTERM, SIGHUP (the terminal was closed) and SIGINT sent from outside end the full-screen app the way
//! Ctrl-C does: the main loop sees the signal, leaves the screen (search stopped, clocks saved) and drops the
//! terminal guard, which restores the terminal. Their default action would kill the process still in raw mode
//! on the alternate screen. (In raw mode Ctrl-C is a key, so SIGINT comes only from `kill`.)
//!
//! tokio's signal streams need a runtime with an I/O driver, which the core's runtime does not have; a
//! current-thread runtime on a thread of its own waits for them and raises a flag the loop reads every frame.

use std::future::poll_fn;
use std::io;
use std::sync::atomic::{AtomicI32, Ordering};
use std::sync::Arc;
use std::task::Poll;
use tokio::signal::unix::{signal, SignalKind};

/// The signals that end the app; `caught` tells whether one came.
pub struct Signals {
    caught: Arc<AtomicI32>,
}

impl Signals {
    /// Installs the handlers — from here on these signals no longer kill the process — and starts waiting.
    pub fn install() -> io::Result<Signals> {
        let rt = tokio::runtime::Builder::new_current_thread().enable_io().build()?;
        let kinds = [SignalKind::terminate(), SignalKind::hangup(), SignalKind::interrupt()];
        let mut streams = {
            let _inside = rt.enter();
            kinds.iter().map(|&k| Ok((k.as_raw_value(), signal(k)?))).collect::<io::Result<Vec<_>>>()?
        };
        let caught = Arc::new(AtomicI32::new(0));
        let flag = caught.clone();
        std::thread::Builder::new().name("signals".into()).spawn(move || {
            let number = rt.block_on(poll_fn(|cx| {
                for (number, stream) in &mut streams {
                    if let Poll::Ready(Some(())) = stream.poll_recv(cx) {
                        return Poll::Ready(*number);
                    }
                }
                Poll::Pending
            }));
            flag.store(number, Ordering::SeqCst);
        })?;
        Ok(Signals { caught })
    }

    /// The number of the signal that asked the app to end, once one has come.
    pub fn caught(&self) -> Option<i32> {
        Some(self.caught.load(Ordering::SeqCst)).filter(|&n| n != 0)
    }
}
