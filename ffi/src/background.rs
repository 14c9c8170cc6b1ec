//! The app layer's background work on the FFI runtime, and screen observers implemented in Kotlin or Swift.

use crate::runtime::spawn;
use giveaway_app::{Background, Observer};
use std::sync::Arc;

/// Engine work of the app layer's controllers, each job on a thread of its own (see [`crate::runtime`]) so
/// that a computer move never waits for a thread. A panic in a job is logged and goes no further: it never
/// reaches Kotlin or Swift.
pub(crate) struct OwnThreads;

impl Background for OwnThreads {
    fn run(&self, job: Box<dyn FnOnce() + Send>) -> Result<(), String> {
        spawn("giveaway-engine", job, |r| {
            if let Err(panic) = r {
                log::error!("a background job panicked: {panic}");
            }
        })
        .map_err(|e| e.to_string())
    }
}

/// The app layer's background for the FFI's screens.
pub(crate) fn background() -> Arc<dyn Background> {
    Arc::new(OwnThreads)
}

/// Told that a screen's state changed outside a call (the computer moved, a hint or tip arrived, progress).
/// Called on a background thread: read the new state on the UI thread (post to the main looper / main actor).
#[uniffi::export(with_foreign)]
pub trait ScreenObserver: Send + Sync {
    /// The screen's state changed: read it again (`state()` / `screen()`) on the UI thread.
    fn changed(&self);
}

struct Relay(Arc<dyn ScreenObserver>);

impl Observer for Relay {
    fn changed(&self) {
        self.0.changed();
    }
}

/// A foreign observer as the app layer's.
pub(crate) fn observer(o: Arc<dyn ScreenObserver>) -> Arc<dyn Observer> {
    Arc::new(Relay(o))
}
