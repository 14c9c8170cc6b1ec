//! The rules' vocabulary (colours, results, how a game ends, notation) and the rules screen's diagrams.
//!
//! Each mirrors a type of the crates below field for field (`uniffi::remote`): the compiler checks
//! every mirror against the real type. The docs are the real type's, repeated because uniffi reads only these
//! into the Kotlin and Swift bindings.

use giveaway_app::{MoveView, SquareView};
use giveaway_app::{RulesExample, RulesExampleKind};
use giveaway_core::game::{EndReason, Outcome};
use giveaway_core::notation::Notation;
use giveaway_core::position::Color;

/// A side: White moves first, up the board.
#[uniffi::remote(Enum)]
pub enum Color {
    /// The side that starts on rows 1–3.
    White,
    /// The side that starts on rows 6–8.
    Black,
}

/// Who won a finished game, or that nobody did.
#[uniffi::remote(Enum)]
pub enum Outcome {
    /// White won.
    WhiteWins,
    /// Black won.
    BlackWins,
    /// Nobody won (repetition, the king-move rule or agreement).
    Draw,
}

/// Why a game ended.
#[uniffi::remote(Enum)]
pub enum EndReason {
    /// The winner, to move, had no legal move (gave away or blocked all its pieces).
    NoLegalMove,
    /// The loser resigned.
    Resignation,
    /// The loser's clock ran out.
    Time,
    /// The same position with the same side to move came up the rules' repetition limit of times (a draw).
    Repetition,
    /// Only kings moved, without a capture, for the rules' number of plies (a draw).
    KingMoveRule,
    /// Both players agreed to a draw.
    Agreement,
    /// Online: a player stayed away from the game too long and loses.
    Abandonment,
}

/// How moves are written for display.
#[uniffi::remote(Enum)]
pub enum Notation {
    /// `c3-d4`, `c3:e5:c7`
    Algebraic,
    /// `22-18`, `22x15x8`
    Numeric,
}

/// What a rules-screen diagram shows.
#[uniffi::remote(Enum)]
pub enum RulesExampleKind {
    /// The start position.
    Start,
    /// Capturing is compulsory: only the piece that can capture may move.
    ForcedCapture,
    /// A man takes, crowns on the far rank and goes on taking as a king (RULES.md's known test).
    MultiCapture,
}

/// A diagram of the rules screen: a real position, and the move it illustrates when there is one. The texts
/// beside it (in the shells' languages) describe exactly these.
#[uniffi::remote(Record)]
pub struct RulesExample {
    /// Which rule the diagram shows.
    pub kind: RulesExampleKind,
    /// The diagram's position as PDN FEN.
    pub fen: String,
    /// The board, White at the bottom, with the pieces that must capture marked (forced capture) and the
    /// illustrated move's path marked as the last move.
    pub squares: Vec<SquareView>,
    /// The move illustrated, if any.
    pub mv: Option<MoveView>,
}
