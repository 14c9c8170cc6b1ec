//! The app layer's background work on the FFI runtime, and screen observers implemented in Kotlin or Swift.

use crate::runtime::runtime;
use giveaway_app::background::{Background, Observer};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Arc;

/// Engine work of the app layer's controllers, on the runtime's blocking pool. A panic in a job is logged
/// and goes no further: it never reaches Kotlin or Swift.
pub(crate) struct OnRuntime;

impl Background for OnRuntime {
    fn run(&self, job: Box<dyn FnOnce() + Send>) -> Result<(), String> {
        let rt = runtime().map_err(|e| e.to_string())?;
        rt.spawn_blocking(move || {
            if catch_unwind(AssertUnwindSafe(job)).is_err() {
                log::error!("a background job panicked");
            }
        });
        Ok(())
    }
}

/// The runtime as the app layer's background.
pub(crate) fn background() -> Arc<dyn Background> {
    Arc::new(OnRuntime)
}

/// Told that a screen's state changed outside a call (the computer moved, a hint or tip arrived, progress).
/// Called on a background thread: read the new state on the UI thread (post to the main looper / main actor).
#[uniffi::export(with_foreign)]
pub trait ScreenObserver: Send + Sync {
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
