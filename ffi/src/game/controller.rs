//! `GameController` for Kotlin and Swift: the app layer's game screen (input, the computer's moves, hints,
//! coach tips, orientation, animation, events), with its engine work on the FFI runtime.

use giveaway_app::board::{AnimationFrame, AnimationPlan, SquareDescription};
use giveaway_app::game::{GameEvent, ScreenState};
use giveaway_app::ApiResult;
use giveaway_core::storage::Settings;
use giveaway_core::Color;
use std::sync::Arc;

/// A game screen's brain: input, the computer's moves, hints, coach tips, orientation, animation, events.
#[derive(uniffi::Object)]
pub struct GameController(pub(crate) Arc<giveaway_app::game::GameController>);

#[uniffi::export]
impl GameController {
    /// The screen is up: clocks run, the computer moves if it is its turn.
    pub fn start(&self) -> ScreenState {
        self.0.start()
    }

    pub fn state(&self) -> ScreenState {
        self.0.state()
    }

    /// The one-off events since the last call (announce, sound, vibrate, show), oldest first.
    pub fn take_events(&self) -> Vec<GameEvent> {
        self.0.take_events()
    }

    pub fn tap(&self, square: u32) -> ApiResult<ScreenState> {
        self.0.tap(square)
    }

    pub fn drag(&self, from: u32, to: u32) -> ApiResult<ScreenState> {
        self.0.drag(from, to)
    }

    pub fn choose(&self, index: u32) -> ApiResult<ScreenState> {
        self.0.choose(index)
    }

    pub fn dismiss_choice(&self) -> ApiResult<ScreenState> {
        self.0.dismiss_choice()
    }

    pub fn play_move(&self, text: String) -> ApiResult<ScreenState> {
        self.0.play_move(text)
    }

    pub fn undo(&self) -> ApiResult<ScreenState> {
        self.0.undo()
    }

    pub fn redo(&self) -> ApiResult<ScreenState> {
        self.0.redo()
    }

    pub fn resign(&self) -> ApiResult<ScreenState> {
        self.0.resign()
    }

    pub fn offer_draw(&self) -> ApiResult<ScreenState> {
        self.0.offer_draw()
    }

    pub fn accept_draw(&self) -> ApiResult<ScreenState> {
        self.0.accept_draw()
    }

    pub fn decline_draw(&self) -> ApiResult<ScreenState> {
        self.0.decline_draw()
    }

    pub fn react(&self, side: Color, emoji: String) -> ApiResult<ScreenState> {
        self.0.react(side, emoji)
    }

    pub fn hint(&self) -> ApiResult<ScreenState> {
        self.0.hint()
    }

    /// Call `next_tick_ms` after a state: refreshes the clocks and applies flag fall.
    pub fn tick(&self) -> ScreenState {
        self.0.tick()
    }

    pub fn pause(&self) -> ApiResult<ScreenState> {
        self.0.pause()
    }

    pub fn resume(&self) -> ScreenState {
        self.0.resume()
    }

    pub fn leave(&self) {
        self.0.leave()
    }

    pub fn hold_computer(&self, held: bool) -> ScreenState {
        self.0.hold_computer(held)
    }

    pub fn stop_thinking(&self) -> ScreenState {
        self.0.stop_thinking()
    }

    pub fn flip_board(&self) -> ScreenState {
        self.0.flip_board()
    }

    pub fn apply_settings(&self, settings: Settings) -> ScreenState {
        self.0.apply_settings(settings)
    }

    pub fn set_reduced_motion(&self, reduced: bool) -> ScreenState {
        self.0.set_reduced_motion(reduced)
    }

    pub fn describe_square(&self, square: u32) -> ApiResult<SquareDescription> {
        self.0.describe_square(square)
    }
}

/// What to draw `elapsed_ms` into a move's animation; `None` once it is over.
#[uniffi::export]
pub fn animation_frame(plan: AnimationPlan, elapsed_ms: u64) -> Option<AnimationFrame> {
    giveaway_app::board::animation_frame(&plan, elapsed_ms)
}
