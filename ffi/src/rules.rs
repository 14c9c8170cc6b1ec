//! The rules' vocabulary (colours, results, how a game ends, notation) and the rules screen's diagrams.
//!
//! Each mirrors a type of the crates below field for field (`uniffi::remote`): the compiler checks
//! every mirror against the real type. The docs are the real type's, repeated because uniffi reads only these
//! into the Kotlin and Swift bindings.

use giveaway_app::board::{MoveView, SquareView};
use giveaway_app::catalog::{RulesExample, RulesExampleKind};
use giveaway_core::game::{EndReason, Outcome};
use giveaway_core::notation::Notation;
use giveaway_core::position::Color;

#[uniffi::remote(Enum)]
pub enum Color {
    White,
    Black,
}

#[uniffi::remote(Enum)]
pub enum Outcome {
    WhiteWins,
    BlackWins,
    Draw,
}

#[uniffi::remote(Enum)]
pub enum EndReason {
    NoLegalMove,
    Resignation,
    Time,
    Repetition,
    KingMoveRule,
    Agreement,
    Abandonment,
}

#[uniffi::remote(Enum)]
pub enum Notation {
    Algebraic,
    Numeric,
}

#[uniffi::remote(Enum)]
pub enum RulesExampleKind {
    Start,
    ForcedCapture,
    MultiCapture,
}

#[uniffi::remote(Record)]
pub struct RulesExample {
    pub kind: RulesExampleKind,
    pub fen: String,
    pub squares: Vec<SquareView>,
    pub mv: Option<MoveView>,
}
