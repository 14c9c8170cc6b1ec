//! `GameSession` for Kotlin and Swift: the app layer's session, with its engine work run on the FFI runtime.

use crate::progress::{relay, ProgressListener};
use crate::runtime::run_blocking_until_dropped;
use giveaway_app::{AnalysisView, ApiResult, CoachView, HintView, NewGame, Snapshot};
use giveaway_core::notation::Notation;
use giveaway_core::position::Color;
use std::sync::Arc;

/// One game: snapshot to draw, input, undo/redo, clocks, computer moves (see `giveaway_app::GameSession`).
#[derive(uniffi::Object)]
pub struct GameSession(pub(crate) Arc<giveaway_app::GameSession>);

#[uniffi::export]
impl GameSession {
    /// A new game that is not saved (the library's `new_game` gives one that autosaves).
    #[uniffi::constructor]
    pub fn new(setup: NewGame) -> ApiResult<Arc<GameSession>> {
        Ok(Arc::new(GameSession(giveaway_app::GameSession::new(setup)?)))
    }

    pub fn snapshot(&self) -> ApiResult<Snapshot> {
        self.0.snapshot()
    }

    pub fn tap(&self, square: u32) -> ApiResult<Snapshot> {
        self.0.tap(square)
    }

    pub fn select(&self, square: u32) -> ApiResult<Snapshot> {
        self.0.select(square)
    }

    pub fn move_to(&self, square: u32) -> ApiResult<Snapshot> {
        self.0.move_to(square)
    }

    pub fn choose(&self, index: u32) -> ApiResult<Snapshot> {
        self.0.choose(index)
    }

    pub fn clear_selection(&self) -> Snapshot {
        self.0.clear_selection()
    }

    pub fn play_move(&self, text: String) -> ApiResult<Snapshot> {
        self.0.play_move(text)
    }

    pub fn undo(&self) -> ApiResult<Snapshot> {
        self.0.undo()
    }

    pub fn redo(&self) -> ApiResult<Snapshot> {
        self.0.redo()
    }

    pub fn resign(&self, side: Color) -> ApiResult<Snapshot> {
        self.0.resign(side)
    }

    pub fn offer_draw(&self) -> ApiResult<Snapshot> {
        self.0.offer_draw()
    }

    pub fn accept_draw(&self) -> ApiResult<Snapshot> {
        self.0.accept_draw()
    }

    pub fn decline_draw(&self) -> ApiResult<Snapshot> {
        self.0.decline_draw()
    }

    pub fn react(&self, side: Color, emoji: String) -> ApiResult<Snapshot> {
        self.0.react(side, emoji)
    }

    pub fn set_notation(&self, notation: Notation) -> Snapshot {
        self.0.set_notation(notation)
    }

    pub fn pause_clock(&self) -> ApiResult<Snapshot> {
        self.0.pause_clock()
    }

    pub fn resume_clock(&self) -> Snapshot {
        self.0.resume_clock()
    }

    pub fn cancel_search(&self) {
        self.0.cancel_search()
    }

    pub async fn computer_move(&self, progress: Option<Arc<dyn ProgressListener>>) -> ApiResult<Snapshot> {
        let (s, stop) = (self.0.clone(), self.0.clone());
        run_blocking_until_dropped(move || stop.cancel_search(), move || s.computer_move(relay(progress))).await?
    }

    pub async fn hint(&self) -> ApiResult<HintView> {
        let (s, stop) = (self.0.clone(), self.0.clone());
        run_blocking_until_dropped(move || stop.cancel_search(), move || s.hint()).await?
    }

    pub async fn coach_tip(&self) -> ApiResult<Option<CoachView>> {
        let (s, stop) = (self.0.clone(), self.0.clone());
        run_blocking_until_dropped(move || stop.cancel_search(), move || s.coach_tip()).await?
    }

    pub async fn analyse(&self, progress: Option<Arc<dyn ProgressListener>>) -> ApiResult<AnalysisView> {
        let (s, stop) = (self.0.clone(), self.0.clone());
        run_blocking_until_dropped(move || stop.cancel_search(), move || s.analyse(relay(progress))).await?
    }
}
