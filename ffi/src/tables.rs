//! `EndgameTables` for Kotlin and Swift: the shipped tables loaded at start, the bigger ones built on first
//! use (see `giveaway_app::tables`).

use crate::background::{observer, ScreenObserver};
use giveaway_app::Threads;
use giveaway_app::{ApiResult, TablesBuild, TablesState};
use std::sync::Arc;

/// What the tables can do now, for a settings screen.
#[uniffi::remote(Record)]
pub struct TablesState {
    /// Every position with at most this many pieces is known exactly (0: no tables).
    pub pieces: u32,
    /// The build under way, if any.
    pub building: Option<TablesBuild>,
    /// Why the last load or build failed, in English; cleared by the next success.
    pub error: Option<String>,
}

/// A table build in progress.
#[uniffi::remote(Record)]
pub struct TablesBuild {
    /// The tables being built cover positions of up to this many pieces.
    pub pieces: u32,
    /// Materials (sets of pieces, e.g. two kings against a man) finished so far.
    pub done: u32,
    /// Materials in all.
    pub total: u32,
}

/// The app's endgame tables (see `giveaway_app::EndgameTables`).
#[derive(uniffi::Object)]
pub struct EndgameTables(Arc<giveaway_app::EndgameTables>);

#[uniffi::export]
impl EndgameTables {
    /// Loads the bundled tables at `shipped` (a file path; `None` when the app has none) and any tables built
    /// earlier in `dir` (the app's private data folder). Missing or damaged files never fail this: the state
    /// says what is usable.
    #[uniffi::constructor]
    pub fn open(shipped: Option<String>, dir: String) -> Arc<EndgameTables> {
        Arc::new(EndgameTables(giveaway_app::EndgameTables::open(shipped, dir)))
    }

    /// What the tables can do now.
    pub fn state(&self) -> TablesState {
        self.0.state()
    }

    /// Starts the first-use build of the bigger tables on its own thread (minutes of work, so
    /// not on the runtime that the computer's moves use); `listener` hears of progress and of the end.
    pub fn build_missing(&self, listener: Arc<dyn ScreenObserver>) -> ApiResult<TablesState> {
        self.0.build_missing(Arc::new(Threads), observer(listener))
    }
}
