//! `GameController` for Kotlin and Swift: the app layer's game screen (input, the computer's moves, hints,
//! coach tips, orientation, animation, events), with its engine work on the FFI runtime.

use giveaway_app::ApiResult;
use giveaway_app::{AnimationFrame, AnimationPlan, SquareDescription};
use giveaway_app::{GameEvent, ScreenState, Sound};
use giveaway_core::storage::Settings;
use giveaway_core::Color;
use std::sync::Arc;

/// A game screen's brain: input, the computer's moves, hints, coach tips, orientation, animation, events.
#[derive(uniffi::Object)]
pub struct GameController(pub(crate) Arc<giveaway_app::GameController>);

#[uniffi::export]
impl GameController {
    /// The screen is up: clocks run, the computer moves if it is its turn.
    pub fn start(&self) -> ScreenState {
        self.0.start()
    }

    /// What the screen draws now.
    pub fn state(&self) -> ScreenState {
        self.0.state()
    }

    /// The one-off events since the last call (announce, sound, vibrate, show), oldest first.
    pub fn take_events(&self) -> Vec<GameEvent> {
        self.0.take_events()
    }

    /// A tap on square `square` (PDN number): select, hop, complete, choose, reselect or clear, as the board is.
    pub fn tap(&self, square: u32) -> ApiResult<ScreenState> {
        self.0.tap(square)
    }

    /// A piece dragged from `from` and dropped on `to`: picked up as a tap would, then moved (a hop or a final
    /// square).
    pub fn drag(&self, from: u32, to: u32) -> ApiResult<ScreenState> {
        self.0.drag(from, to)
    }

    /// Plays choice number `index` of the snapshot's `choices`.
    pub fn choose(&self, index: u32) -> ApiResult<ScreenState> {
        self.0.choose(index)
    }

    /// Closes the choice of capture paths without moving.
    pub fn dismiss_choice(&self) -> ApiResult<ScreenState> {
        self.0.dismiss_choice()
    }

    /// Plays a move written in algebraic or numeric notation.
    pub fn play_move(&self, text: String) -> ApiResult<ScreenState> {
        self.0.play_move(text)
    }

    /// Takes back the last move (against the computer, the player's move and the reply), also after the end.
    pub fn undo(&self) -> ApiResult<ScreenState> {
        self.0.undo()
    }

    /// Plays the move taken back last again.
    pub fn redo(&self) -> ApiResult<ScreenState> {
        self.0.redo()
    }

    /// Plays the online move waiting for Confirm and sends it.
    pub fn confirm_move(&self) -> ApiResult<ScreenState> {
        self.0.confirm_move()
    }

    /// Drops the move waiting for Confirm, or the queued premove.
    pub fn cancel_move(&self) -> ApiResult<ScreenState> {
        self.0.cancel_move()
    }

    /// The acting side resigns (the screen asked for confirmation first).
    pub fn resign(&self) -> ApiResult<ScreenState> {
        self.0.resign()
    }

    /// The side to move offers a draw (pass-and-play).
    pub fn offer_draw(&self) -> ApiResult<ScreenState> {
        self.0.offer_draw()
    }

    /// Accepts the pending draw offer: the game ends in a draw.
    pub fn accept_draw(&self) -> ApiResult<ScreenState> {
        self.0.accept_draw()
    }

    /// Declines the pending draw offer; play goes on.
    pub fn decline_draw(&self) -> ApiResult<ScreenState> {
        self.0.decline_draw()
    }

    /// `side` shows an emoji (the acting side's button, or a face-to-face player's own panel).
    pub fn react(&self, side: Color, emoji: String) -> ApiResult<ScreenState> {
        self.0.react(side, emoji)
    }

    /// The hint button: the first press asks the engine and then highlights the piece, the second shows the
    /// move; the hint is dropped when the position changes.
    pub fn hint(&self) -> ApiResult<ScreenState> {
        self.0.hint()
    }

    /// Call `next_tick_ms` after a state: refreshes the clocks and applies flag fall.
    pub fn tick(&self) -> ScreenState {
        self.0.tick()
    }

    /// The screen went to the background: the engine stops and the clocks stop (both saved).
    pub fn pause(&self) -> ApiResult<ScreenState> {
        self.0.pause()
    }

    /// The screen is visible again: the clocks run and the computer moves if it is its turn.
    pub fn resume(&self) -> ScreenState {
        self.0.resume()
    }

    /// The screen goes away for good: any search stops. The game is already saved.
    pub fn leave(&self) {
        self.0.leave()
    }

    /// Holds the computer (it does not start its move) or lets it go. Holding stops a search under way.
    pub fn hold_computer(&self, held: bool) -> ScreenState {
        self.0.hold_computer(held)
    }

    /// Stops whatever the engine is doing for this screen: a hint or coach search, or the computer's move
    /// (which then waits, as with [`Self::hold_computer`]).
    pub fn stop_thinking(&self) -> ScreenState {
        self.0.stop_thinking()
    }

    /// Turns the board over (on top of the orientation the mode and settings give).
    pub fn flip_board(&self) -> ScreenState {
        self.0.flip_board()
    }

    /// New settings (the settings screen saved them): notation, orientation, dots, animation, coach, sounds.
    pub fn apply_settings(&self, settings: Settings) -> ScreenState {
        self.0.apply_settings(settings)
    }

    /// The system asks for reduced motion (no move animations).
    pub fn set_reduced_motion(&self, reduced: bool) -> ScreenState {
        self.0.set_reduced_motion(reduced)
    }

    /// What a screen reader says about square `square` now.
    pub fn describe_square(&self, square: u32) -> ApiResult<SquareDescription> {
        self.0.describe_square(square)
    }
}

/// What to draw `elapsed_ms` into a move's animation; `None` once it is over.
#[uniffi::export]
pub fn animation_frame(plan: AnimationPlan, elapsed_ms: u64) -> Option<AnimationFrame> {
    giveaway_app::animation_frame(&plan, elapsed_ms)
}

/// `sound` as mono 16-bit PCM at `sample_rate` samples a second: the app's sounds are made by code, the same on
/// every platform, and the shell only plays them.
#[uniffi::export]
pub fn sound_samples(sound: Sound, sample_rate: u32) -> Vec<i16> {
    giveaway_app::sound_samples(sound, sample_rate)
}
