//! The library's screen controllers for Kotlin and Swift: the replay screen and the saved-games list.

use giveaway_app::ApiResult;
use giveaway_app::{GameListState, ListFilter, ReplayState};
use giveaway_core::notation::Notation;
use std::sync::Arc;

/// The replay screen: stepping, analysis in the background, mistakes, the graph.
#[derive(uniffi::Object)]
pub struct ReplayController(pub(crate) Arc<giveaway_app::ReplayController>);

#[uniffi::export]
impl ReplayController {
    /// What the replay screen shows now.
    pub fn state(&self) -> ApiResult<ReplayState> {
        self.0.state()
    }

    /// Shows the board after `ply` moves (clamped to the game).
    pub fn go_to(&self, ply: u32) -> ApiResult<ReplayState> {
        self.0.go_to(ply)
    }

    /// Shows the board one move later.
    pub fn next(&self) -> ApiResult<ReplayState> {
        self.0.next()
    }

    /// Shows the board one move earlier.
    pub fn previous(&self) -> ApiResult<ReplayState> {
        self.0.previous()
    }

    /// Shows the start position.
    pub fn first(&self) -> ApiResult<ReplayState> {
        self.0.first()
    }

    /// Shows the final position.
    pub fn last(&self) -> ApiResult<ReplayState> {
        self.0.last()
    }

    /// Shows the board after the next inaccuracy, mistake or blunder, wrapping around; `Unavailable` before
    /// the analysis or when the game has none.
    pub fn next_mistake(&self) -> ApiResult<ReplayState> {
        self.0.next_mistake()
    }

    /// The same backwards.
    pub fn previous_mistake(&self) -> ApiResult<ReplayState> {
        self.0.previous_mistake()
    }

    /// The position nearest a tap at `fraction` (0 = left edge, 1 = right edge) of the evaluation graph.
    pub fn go_to_fraction(&self, fraction: f64) -> ApiResult<ReplayState> {
        self.0.go_to_fraction(fraction)
    }

    /// Turns the board round.
    pub fn flip_board(&self) -> ApiResult<ReplayState> {
        self.0.flip_board()
    }

    /// Writes moves in `notation` from now on.
    pub fn set_notation(&self, notation: Notation) -> ApiResult<ReplayState> {
        self.0.set_notation(notation)
    }

    /// Starts the post-game analysis in the background (read at once from the cache when the game was
    /// analysed before); the observer hears of its progress and its end.
    pub fn analyse(&self) -> ApiResult<ReplayState> {
        self.0.analyse()
    }

    /// Stops the analysis under way.
    pub fn cancel_analysis(&self) -> ApiResult<ReplayState> {
        self.0.cancel_analysis()
    }

    /// The screen goes away: the analysis stops.
    pub fn leave(&self) {
        self.0.leave()
    }
}

/// The saved-games list, a page at a time.
#[derive(uniffi::Object)]
pub struct GameList(pub(crate) Arc<giveaway_app::GameList>);

#[uniffi::export]
impl GameList {
    /// What the list screen shows now.
    pub fn state(&self) -> GameListState {
        self.0.state()
    }

    /// Shows the first page of the games matching `filter`.
    pub fn set_filter(&self, filter: ListFilter) -> ApiResult<GameListState> {
        self.0.set_filter(filter)
    }

    /// Loads the first page again (after a game was deleted, imported or played).
    pub fn reload(&self) -> ApiResult<GameListState> {
        self.0.reload()
    }

    /// Appends the next page, if there is one.
    pub fn load_more(&self) -> ApiResult<GameListState> {
        self.0.load_more()
    }
}
