//! What a board draws: squares, pieces, orientation, edge labels, move animation, screen-reader text.
//!
//! Each mirrors a type of the crates below field for field (`uniffi::remote`): the compiler checks
//! every mirror against the real type. The docs are the real type's, repeated because uniffi reads only these
//! into the Kotlin and Swift bindings.

use giveaway_app::board::{
    AnimationFrame, AnimationPlan, Announcement, BoardOrientation, CaptureProgress, CapturedPiece, Coordinates,
    FlyingPiece, HopPlan, MoveView, PieceKind, PieceView, SquareDescription, SquareState, SquareView,
};
use giveaway_core::position::Color;

#[uniffi::remote(Enum)]
pub enum PieceKind {
    Man,
    King,
}

#[uniffi::remote(Record)]
pub struct PieceView {
    pub color: Color,
    pub kind: PieceKind,
}

#[uniffi::remote(Record)]
pub struct SquareView {
    pub number: u32,
    pub column: u32,
    pub row: u32,
    pub piece: Option<PieceView>,
    pub movable: bool,
    pub must_capture: bool,
    pub selected: bool,
    pub destination: bool,
    pub final_destination: bool,
    pub ghost: bool,
    pub last_move: bool,
    pub last_captured: bool,
    pub hint: bool,
}

#[uniffi::remote(Record)]
pub struct CaptureProgress {
    pub from: u32,
    pub visited: Vec<u32>,
    pub ghosts: Vec<u32>,
}

#[uniffi::remote(Record)]
pub struct MoveView {
    pub text: String,
    pub color: Color,
    pub from: u32,
    pub path: Vec<u32>,
    pub captured: Vec<u32>,
    pub promotes: bool,
}

#[uniffi::remote(Record)]
pub struct BoardOrientation {
    pub flipped: bool,
    pub top_faces_away: bool,
    pub bottom: Color,
    pub top: Color,
}

#[uniffi::remote(Record)]
pub struct Coordinates {
    pub files: Vec<String>,
    pub ranks: Vec<String>,
    pub square_numbers: bool,
}

#[uniffi::remote(Record)]
pub struct HopPlan {
    pub from: u32,
    pub to: u32,
    pub captured: Option<u32>,
    pub start_ms: u64,
    pub duration_ms: u64,
}

#[uniffi::remote(Record)]
pub struct CapturedPiece {
    pub square: u32,
    pub piece: PieceView,
    pub ghost: bool,
}

#[uniffi::remote(Record)]
pub struct AnimationPlan {
    pub id: u64,
    pub piece: PieceView,
    pub hops: Vec<HopPlan>,
    pub captured: Vec<CapturedPiece>,
    pub crowned_after_hop: Option<u32>,
    pub total_ms: u64,
    pub flipped: bool,
}

#[uniffi::remote(Record)]
pub struct FlyingPiece {
    pub piece: PieceView,
    pub column: f32,
    pub row: f32,
}

#[uniffi::remote(Record)]
pub struct AnimationFrame {
    pub flying: FlyingPiece,
    pub destination: u32,
    pub captured: Vec<CapturedPiece>,
}

#[uniffi::remote(Enum)]
pub enum SquareState {
    Selected,
    MustCapture,
    CanMove,
    Destination,
    Captured,
    Hint,
    LastMove,
}

#[uniffi::remote(Record)]
pub struct SquareDescription {
    pub name: String,
    pub piece: Option<PieceView>,
    pub states: Vec<SquareState>,
}

#[uniffi::remote(Record)]
pub struct Announcement {
    pub side: Color,
    pub from: String,
    pub landings: Vec<String>,
    pub captures: u32,
    pub promotes: bool,
}
