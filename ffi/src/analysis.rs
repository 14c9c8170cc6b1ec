//! The post-game analysis: each move's review, the exact verdicts of the endgame tables, the graph.
//!
//! Each mirrors a type of the crates below field for field (`uniffi::remote`): the compiler checks
//! every mirror against the real type. The docs are the real type's, repeated because uniffi reads only these
//! into the Kotlin and Swift bindings.

use giveaway_app::MoveView;
use giveaway_app::{AnalysisProgress, GraphMarker};
use giveaway_app::{
    AnalysisView, ExactOutcome, ExactValue, ExactVerdict, ForcedLoss, MoveReviewView, ThrownAway, TurningPoint,
};
use giveaway_core::position::Color;

/// One move judged by the post-game analysis.
#[uniffi::remote(Record)]
pub struct MoveReviewView {
    /// Index of the move (0 = the first move).
    pub ply: u32,
    /// The move played.
    pub played: MoveView,
    /// The engine's move, when it differs from the one played.
    pub best: Option<MoveView>,
    /// The mover's expected result before the move, with best play (0..1).
    pub chance_before: f64,
    /// The mover's expected result after the move played (0..1).
    pub chance_after: f64,
    /// `best`, `good`, `inaccuracy`, `mistake` or `blunder`.
    pub class: String,
    /// 0..100.
    pub accuracy: f64,
    /// What the endgame tables say of the move, when they know its position exactly.
    pub exact: Option<ExactVerdict>,
}

/// Who wins with best play, for the side it is about: from the endgame tables, so certain.
#[uniffi::remote(Enum)]
pub enum ExactOutcome {
    /// A forced win.
    Win,
    /// Neither side can force a win.
    Draw,
    /// A forced loss, whatever the side does.
    Loss,
}

/// An exact value: the outcome with best play and how long it takes.
#[uniffi::remote(Record)]
pub struct ExactValue {
    /// Win, draw or loss.
    pub outcome: ExactOutcome,
    /// Moves of the side it is about until the end with best play on both sides (0 for a draw; a win with
    /// no move left to make is 0 too).
    pub moves: u32,
}

/// What a move gave away that the tables prove was there.
#[uniffi::remote(Enum)]
pub enum ThrownAway {
    /// The mover had a forced win and the move let it go.
    Win,
    /// The mover could hold the draw and the move lost.
    Draw,
}

/// The endgame tables' verdict on one move.
#[uniffi::remote(Record)]
pub struct ExactVerdict {
    /// The mover's exact value before the move.
    pub before: ExactValue,
    /// The mover's exact value after it; `None` when the tables cannot vouch for it (the king-move rule
    /// could cut it short).
    pub after: Option<ExactValue>,
    /// What the move gave away, if anything.
    pub threw_away: Option<ThrownAway>,
    /// In English, e.g. "forced win in 7 moves, thrown away".
    pub message: String,
}

/// A move that threw away a forced win or a held draw: the game's turning points, for the analysis summary.
#[uniffi::remote(Record)]
pub struct TurningPoint {
    /// Index of the move (0 = the first move).
    pub ply: u32,
    /// The move's number as the move list shows it.
    pub move_number: u32,
    /// The side that played it.
    pub mover: Color,
    /// The move played.
    pub played: MoveView,
    /// The win or draw it gave away; `before` says how long the win was.
    pub threw_away: ThrownAway,
    /// The mover's exact value before the move.
    pub before: ExactValue,
    /// In English, e.g. "White threw away a forced win in 7 moves on move 31 (e3-f4)".
    pub message: String,
}

/// Where a won game became lost by force, proven by the proof search walking back from its end: "Black was
/// lost by force from move 4 on; the losing move was 10-15 on move 3". Certain like the tables' verdicts, but
/// reaching positions of any size (as far back as the analysis budget could prove).
#[uniffi::remote(Record)]
pub struct ForcedLoss {
    /// The side that lost.
    pub loser: Color,
    /// The position from which the loss was forced (0 = the start, k = after the k-th move): the graph's x
    /// index.
    pub position: u32,
    /// The number of the move to be played in that position, as the move list shows it.
    pub move_number: u32,
    /// Moves to the end along the proven line from there (the winner's quickest proven, the loser's longest
    /// resistance in that proof), counted as [`ExactValue::moves`] counts them.
    pub moves: u32,
    /// The loser's last move before that position that was not its only move (index 0 = the first move), `None`
    /// when the loser had no choice before it.
    pub mistake_ply: Option<u32>,
    /// That move's number as the move list shows it.
    pub mistake_move_number: Option<u32>,
    /// That move.
    pub mistake: Option<MoveView>,
    /// Whether the position before the mistake was proven not lost, so this move is certainly the one that
    /// lost; when false an earlier move may have lost already (the budget could not tell).
    pub proven: bool,
    /// In English, e.g. "Black was lost by force from move 4 on (a proven forced line of 13 moves); the losing
    /// move was 10-15 on move 3".
    pub message: String,
}

/// Post-game analysis: every move judged, graph data, accuracy per side.
#[uniffi::remote(Record)]
pub struct AnalysisView {
    /// One review per move, in order.
    pub moves: Vec<MoveReviewView>,
    /// Per position (start, then after each move): score from White's point of view.
    pub white_scores: Vec<i32>,
    /// Per position: White's expected result 0..1 (the evaluation graph).
    pub white_chances: Vec<f64>,
    /// White's accuracy (0..100), `None` when White has no move to judge.
    pub white_accuracy: Option<f64>,
    /// Black's accuracy (0..100), `None` when Black has no move to judge.
    pub black_accuracy: Option<f64>,
    /// Moves that threw away a win or a draw the endgame tables prove, in order (empty without tables or when
    /// no position of the game was in them).
    pub turning_points: Vec<TurningPoint>,
    /// The largest number of pieces the tables used knew exactly (0: the analysis had no tables).
    pub exact_pieces: u32,
    /// Where a won game became lost by force and the move that lost it, when the proof search could show it.
    pub forced_loss: Option<ForcedLoss>,
}

/// Positions analysed so far, while the analysis runs.
#[uniffi::remote(Record)]
pub struct AnalysisProgress {
    /// Positions analysed.
    pub done: u32,
    /// Positions to analyse.
    pub total: u32,
}

/// A classified move on the evaluation graph, at the position after it.
#[uniffi::remote(Record)]
pub struct GraphMarker {
    /// The position (0 = start, n = after the n-th move), the graph's x index.
    pub position: u32,
    /// `inaccuracy`, `mistake` or `blunder`.
    pub class: String,
}
