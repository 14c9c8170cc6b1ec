//! The library's screen controllers for Kotlin and Swift: the replay screen and the saved-games list.

use giveaway_app::library::{GameListState, ListFilter, ReplayState};
use giveaway_app::ApiResult;
use giveaway_core::notation::Notation;
use std::sync::Arc;

/// The replay screen: stepping, analysis in the background, mistakes, the graph.
#[derive(uniffi::Object)]
pub struct ReplayController(pub(crate) Arc<giveaway_app::library::ReplayController>);

#[uniffi::export]
impl ReplayController {
    pub fn state(&self) -> ApiResult<ReplayState> {
        self.0.state()
    }

    pub fn go_to(&self, ply: u32) -> ApiResult<ReplayState> {
        self.0.go_to(ply)
    }

    pub fn next(&self) -> ApiResult<ReplayState> {
        self.0.next()
    }

    pub fn previous(&self) -> ApiResult<ReplayState> {
        self.0.previous()
    }

    pub fn first(&self) -> ApiResult<ReplayState> {
        self.0.first()
    }

    pub fn last(&self) -> ApiResult<ReplayState> {
        self.0.last()
    }

    pub fn next_mistake(&self) -> ApiResult<ReplayState> {
        self.0.next_mistake()
    }

    pub fn previous_mistake(&self) -> ApiResult<ReplayState> {
        self.0.previous_mistake()
    }

    pub fn go_to_fraction(&self, fraction: f64) -> ApiResult<ReplayState> {
        self.0.go_to_fraction(fraction)
    }

    pub fn flip_board(&self) -> ApiResult<ReplayState> {
        self.0.flip_board()
    }

    pub fn set_notation(&self, notation: Notation) -> ApiResult<ReplayState> {
        self.0.set_notation(notation)
    }

    pub fn analyse(&self) -> ApiResult<ReplayState> {
        self.0.analyse()
    }

    pub fn cancel_analysis(&self) -> ApiResult<ReplayState> {
        self.0.cancel_analysis()
    }

    pub fn leave(&self) {
        self.0.leave()
    }
}

/// The saved-games list, a page at a time.
#[derive(uniffi::Object)]
pub struct GameList(pub(crate) Arc<giveaway_app::library::GameList>);

#[uniffi::export]
impl GameList {
    pub fn state(&self) -> GameListState {
        self.0.state()
    }

    pub fn set_filter(&self, filter: ListFilter) -> ApiResult<GameListState> {
        self.0.set_filter(filter)
    }

    pub fn reload(&self) -> ApiResult<GameListState> {
        self.0.reload()
    }

    pub fn load_more(&self) -> ApiResult<GameListState> {
        self.0.load_more()
    }
}
