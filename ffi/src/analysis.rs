//! The post-game analysis: each move's review, the exact verdicts of the endgame tables, the graph.
//!
//! Each mirrors a type of the crates below field for field (`uniffi::remote`): the compiler checks
//! every mirror against the real type. The docs are the real type's, repeated because uniffi reads only these
//! into the Kotlin and Swift bindings.

use giveaway_app::analysis::{
    AnalysisView, ExactOutcome, ExactValue, ExactVerdict, MoveReviewView, ThrownAway, TurningPoint,
};
use giveaway_app::board::MoveView;
use giveaway_app::library::{AnalysisProgress, GraphMarker};
use giveaway_core::position::Color;

#[uniffi::remote(Record)]
pub struct MoveReviewView {
    pub ply: u32,
    pub played: MoveView,
    pub best: Option<MoveView>,
    pub chance_before: f64,
    pub chance_after: f64,
    pub class: String,
    pub accuracy: f64,
    pub exact: Option<ExactVerdict>,
}

#[uniffi::remote(Enum)]
pub enum ExactOutcome {
    Win,
    Draw,
    Loss,
}

#[uniffi::remote(Record)]
pub struct ExactValue {
    pub outcome: ExactOutcome,
    pub moves: u32,
}

#[uniffi::remote(Enum)]
pub enum ThrownAway {
    Win,
    Draw,
}

#[uniffi::remote(Record)]
pub struct ExactVerdict {
    pub before: ExactValue,
    pub after: Option<ExactValue>,
    pub threw_away: Option<ThrownAway>,
    pub message: String,
}

#[uniffi::remote(Record)]
pub struct TurningPoint {
    pub ply: u32,
    pub move_number: u32,
    pub mover: Color,
    pub played: MoveView,
    pub threw_away: ThrownAway,
    pub before: ExactValue,
    pub message: String,
}

#[uniffi::remote(Record)]
pub struct AnalysisView {
    pub moves: Vec<MoveReviewView>,
    pub white_scores: Vec<i32>,
    pub white_chances: Vec<f64>,
    pub white_accuracy: Option<f64>,
    pub black_accuracy: Option<f64>,
    pub turning_points: Vec<TurningPoint>,
    pub exact_pieces: u32,
}

#[uniffi::remote(Record)]
pub struct AnalysisProgress {
    pub done: u32,
    pub total: u32,
}

#[uniffi::remote(Record)]
pub struct GraphMarker {
    pub position: u32,
    pub class: String,
}
