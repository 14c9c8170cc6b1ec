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

    /// Everything the game screen draws. Also applies flag fall when a clock has run out (and saves it).
    pub fn snapshot(&self) -> ApiResult<Snapshot> {
        self.0.snapshot()
    }

    /// A tap on square `square` (PDN number 1–32): selects a piece, enters a hop, completes a move, or clears
    /// the selection — whatever the tap means on the board as it is.
    pub fn tap(&self, square: u32) -> ApiResult<Snapshot> {
        self.0.tap(square)
    }

    /// Selects the piece on `square` for moving.
    pub fn select(&self, square: u32) -> ApiResult<Snapshot> {
        self.0.select(square)
    }

    /// Moves the selected piece to `square`: one hop of a capture, or its final square. When paths with
    /// different captures end there, the snapshot's `choices` lists them for [`Self::choose`].
    pub fn move_to(&self, square: u32) -> ApiResult<Snapshot> {
        self.0.move_to(square)
    }

    /// Plays choice number `index` of the snapshot's `choices`.
    pub fn choose(&self, index: u32) -> ApiResult<Snapshot> {
        self.0.choose(index)
    }

    /// Drops the selected piece and any capture entered hop by hop.
    pub fn clear_selection(&self) -> Snapshot {
        self.0.clear_selection()
    }

    /// Plays a move written in algebraic (`c3-d4`, `c3:e5:c7`) or numeric (`22-18`, `22x15`) notation.
    pub fn play_move(&self, text: String) -> ApiResult<Snapshot> {
        self.0.play_move(text)
    }

    /// Takes back the last move; against the computer, the player's move and the computer's reply.
    pub fn undo(&self) -> ApiResult<Snapshot> {
        self.0.undo()
    }

    /// Plays the move taken back last again.
    pub fn redo(&self) -> ApiResult<Snapshot> {
        self.0.redo()
    }

    /// `side` resigns (the shell asks for confirmation first).
    pub fn resign(&self, side: Color) -> ApiResult<Snapshot> {
        self.0.resign(side)
    }

    /// The side to move offers a draw (pass-and-play).
    pub fn offer_draw(&self) -> ApiResult<Snapshot> {
        self.0.offer_draw()
    }

    /// Accepts the pending draw offer: the game ends in a draw.
    pub fn accept_draw(&self) -> ApiResult<Snapshot> {
        self.0.accept_draw()
    }

    /// Declines the pending draw offer; play goes on.
    pub fn decline_draw(&self) -> ApiResult<Snapshot> {
        self.0.decline_draw()
    }

    /// `side` shows an emoji reaction; it is kept in the game record.
    pub fn react(&self, side: Color, emoji: String) -> ApiResult<Snapshot> {
        self.0.react(side, emoji)
    }

    /// How moves are written in the snapshot's move list.
    pub fn set_notation(&self, notation: Notation) -> Snapshot {
        self.0.set_notation(notation)
    }

    /// Stops the clocks and saves them (the app went to the background).
    pub fn pause_clock(&self) -> ApiResult<Snapshot> {
        self.0.pause_clock()
    }

    /// Starts the clocks again after [`Self::pause_clock`].
    pub fn resume_clock(&self) -> Snapshot {
        self.0.resume_clock()
    }

    /// Stops the running search (computer move, hint, analysis) of this session; it returns `Cancelled`.
    pub fn cancel_search(&self) {
        self.0.cancel_search()
    }

    /// The computer plays its move (searching on the calling thread). Progress goes to `progress`;
    /// `cancel_search` stops it within milliseconds and this then fails with `Cancelled`, playing nothing.
    pub async fn computer_move(&self, progress: Option<Arc<dyn ProgressListener>>) -> ApiResult<Snapshot> {
        let (s, stop) = (self.0.clone(), self.0.clone());
        run_blocking_until_dropped(move || stop.cancel_search(), move || s.computer_move(relay(progress))).await?
    }

    /// The best move for the player to move, in two steps for the shell: first `piece`, then `mv`.
    pub async fn hint(&self) -> ApiResult<HintView> {
        let (s, stop) = (self.0.clone(), self.0.clone());
        run_blocking_until_dropped(move || stop.cancel_search(), move || s.hint()).await?
    }

    /// A coach tip on the last move a player (not the computer) made: `None` when it was fine.
    pub async fn coach_tip(&self) -> ApiResult<Option<CoachView>> {
        let (s, stop) = (self.0.clone(), self.0.clone());
        run_blocking_until_dropped(move || stop.cancel_search(), move || s.coach_tip()).await?
    }

    /// Post-game analysis of this game: every move judged, the evaluation graph and each side's accuracy.
    pub async fn analyse(&self, progress: Option<Arc<dyn ProgressListener>>) -> ApiResult<AnalysisView> {
        let (s, stop) = (self.0.clone(), self.0.clone());
        run_blocking_until_dropped(move || stop.cancel_search(), move || s.analyse(relay(progress))).await?
    }
}
