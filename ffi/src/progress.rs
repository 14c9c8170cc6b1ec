//! Progress of engine work reported to Kotlin or Swift.

use giveaway_app::SearchProgress;
use std::sync::Arc;

/// Receives progress from a running search or analysis; implemented in Kotlin or Swift. Called on a
/// background thread with no lock held; keep it short.
#[uniffi::export(with_foreign)]
pub trait ProgressListener: Send + Sync {
    /// A search finished another iteration.
    fn on_search(&self, progress: SearchProgress);
    /// Analysis finished `done` of `total` positions.
    fn on_analysis(&self, done: u32, total: u32);
}

/// A foreign listener as the app layer's listener.
pub(crate) struct Relay(pub Arc<dyn ProgressListener>);

impl giveaway_app::ProgressListener for Relay {
    fn on_search(&self, progress: SearchProgress) {
        self.0.on_search(progress);
    }
    fn on_analysis(&self, done: u32, total: u32) {
        self.0.on_analysis(done, total);
    }
}

/// The app layer's form of an optional foreign listener.
pub(crate) fn relay(listener: Option<Arc<dyn ProgressListener>>) -> Option<Arc<dyn giveaway_app::ProgressListener>> {
    listener.map(|l| Arc::new(Relay(l)) as Arc<dyn giveaway_app::ProgressListener>)
}
