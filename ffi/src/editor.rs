//! `PositionEditor` for Kotlin and Swift: the start-position editor of the new-game screen.

use giveaway_app::{ApiResult, PieceView, PositionProblem, SquareView};
use giveaway_core::Color;
use std::sync::Arc;

/// The start-position editor.
#[derive(uniffi::Object)]
pub struct PositionEditor(giveaway_app::PositionEditor);

#[uniffi::export]
impl PositionEditor {
    /// An editor holding the standard start.
    #[uniffi::constructor]
    pub fn new() -> Arc<PositionEditor> {
        Arc::new(PositionEditor(giveaway_app::PositionEditor::new()))
    }

    /// Starts from a position given as PDN FEN.
    pub fn load(&self, fen: String) -> ApiResult<()> {
        self.0.load(fen)
    }

    /// The next piece on square `square` (PDN number), skipping men on their promotion rank.
    pub fn cycle(&self, square: u32) -> ApiResult<()> {
        self.0.cycle(square)
    }

    /// The palette's `piece` put on `square` (PDN number), or the square emptied when `piece` is `None` or the
    /// same piece already stands there (a second tap takes it off). A man put on its own promotion rank is
    /// crowned, as it would be on arriving there.
    pub fn place(&self, square: u32, piece: Option<PieceView>) -> ApiResult<()> {
        self.0.place(square, piece)
    }

    /// Why no game can start from the position now, or `None` when one can.
    pub fn problem(&self) -> Option<PositionProblem> {
        self.0.problem()
    }

    /// Empties the board.
    pub fn clear(&self) {
        self.0.clear()
    }

    /// The standard start, White to move.
    pub fn standard(&self) {
        self.0.standard()
    }

    /// Sets whose turn it is in the position being made.
    pub fn set_side_to_move(&self, side: Color) {
        self.0.set_side_to_move(side)
    }

    /// Whose turn it is in the position being made.
    pub fn side_to_move(&self) -> Color {
        self.0.side_to_move()
    }

    /// The board to draw: pieces only, White at the bottom.
    pub fn squares(&self) -> Vec<SquareView> {
        self.0.squares()
    }

    /// The position as PDN FEN, e.g. `W:W21,K18:B1,2`.
    pub fn fen(&self) -> String {
        self.0.fen()
    }

    /// Whether a game can start from this position (both sides have pieces and the side to move can move);
    /// the error says why not.
    pub fn check(&self) -> ApiResult<()> {
        self.0.check()
    }
}

/// Why a game cannot start from the position being set up, for the editor to say while it is made.
#[uniffi::remote(Enum)]
pub enum PositionProblem {
    /// `side` has no piece on the board.
    NoPieces {
        /// The side without pieces.
        side: Color,
    },
    /// The side to move has pieces but none can move: it would have won before the game starts.
    NoMove {
        /// The side to move.
        side: Color,
    },
}
