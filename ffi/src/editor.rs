//! `PositionEditor` for Kotlin and Swift: the start-position editor of the new-game screen.

use giveaway_app::{ApiResult, SquareView};
use giveaway_core::Color;
use std::sync::Arc;

/// The start-position editor.
#[derive(uniffi::Object)]
pub struct PositionEditor(giveaway_app::editor::PositionEditor);

#[uniffi::export]
impl PositionEditor {
    /// An editor holding the standard start.
    #[uniffi::constructor]
    pub fn new() -> Arc<PositionEditor> {
        Arc::new(PositionEditor(giveaway_app::editor::PositionEditor::new()))
    }

    pub fn load(&self, fen: String) -> ApiResult<()> {
        self.0.load(fen)
    }

    pub fn cycle(&self, square: u32) -> ApiResult<()> {
        self.0.cycle(square)
    }

    pub fn clear(&self) {
        self.0.clear()
    }

    pub fn standard(&self) {
        self.0.standard()
    }

    pub fn set_side_to_move(&self, side: Color) {
        self.0.set_side_to_move(side)
    }

    pub fn side_to_move(&self) -> Color {
        self.0.side_to_move()
    }

    pub fn squares(&self) -> Vec<SquareView> {
        self.0.squares()
    }

    pub fn fen(&self) -> String {
        self.0.fen()
    }

    pub fn check(&self) -> ApiResult<()> {
        self.0.check()
    }
}
