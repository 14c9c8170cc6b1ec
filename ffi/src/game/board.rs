//! What a board draws: squares, pieces, orientation, edge labels, move animation, screen-reader text.
//!
//! Each mirrors a type of the crates below field for field (`uniffi::remote`): the compiler checks
//! every mirror against the real type. The docs are the real type's, repeated because uniffi reads only these
//! into the Kotlin and Swift bindings.

use giveaway_app::{
    AnimationFrame, AnimationPlan, Announcement, BoardOrientation, CaptureProgress, CapturedPiece, Coordinates,
    FlyingPiece, HopPlan, MoveView, PieceKind, PieceView, SquareDescription, SquareState, SquareView,
};
use giveaway_core::position::Color;

/// What a piece is, for drawing.
#[uniffi::remote(Enum)]
pub enum PieceKind {
    /// A man.
    Man,
    /// A king.
    King,
}

/// A piece to draw: its colour and kind.
#[uniffi::remote(Record)]
pub struct PieceView {
    /// Whose piece it is.
    pub color: Color,
    /// Man or king.
    pub kind: PieceKind,
}

/// One dark square and everything a board view draws on it.
#[uniffi::remote(Record)]
pub struct SquareView {
    /// PDN number 1–32 (the id used by every square argument of the API).
    pub number: u32,
    /// Screen column, 0 = left, for the board's orientation.
    pub column: u32,
    /// Screen row, 0 = top, for the board's orientation.
    pub row: u32,
    /// The piece shown here (during a multi-capture the moving piece is shown where it stands now).
    pub piece: Option<PieceView>,
    /// A piece of the side to move that has a legal move (only on the player's turn).
    pub movable: bool,
    /// A piece that can capture, when capturing is compulsory.
    pub must_capture: bool,
    /// The piece picked to move.
    pub selected: bool,
    /// A next landing square of the selected piece (destination dot; off when legal moves are not shown).
    pub destination: bool,
    /// The final square of one of the selected piece's moves that is not also a next landing (a ring:
    /// tapping it completes the move; off when legal moves are not shown).
    pub final_destination: bool,
    /// A piece captured by the multi-capture in progress, still on the board until the move ends.
    pub ghost: bool,
    /// On the last move's path (its start and every landing square).
    pub last_move: bool,
    /// A piece the last move captured stood here.
    pub last_captured: bool,
    /// Part of the hint shown: the piece to move, then the whole move's path.
    pub hint: bool,
    /// On the path (start and landings) of the move queued as a premove or waiting for Confirm.
    pub pending: bool,
}

/// A multi-capture being entered hop by hop.
#[uniffi::remote(Record)]
pub struct CaptureProgress {
    /// The square the capturing piece started from.
    pub from: u32,
    /// Landing squares tapped so far.
    pub visited: Vec<u32>,
    /// Pieces captured so far.
    pub ghosts: Vec<u32>,
}

/// A move, written and as squares.
#[uniffi::remote(Record)]
pub struct MoveView {
    /// In the session's notation, every landing square listed.
    pub text: String,
    /// The side that moved.
    pub color: Color,
    /// The start square (PDN number).
    pub from: u32,
    /// Landing squares in order.
    pub path: Vec<u32>,
    /// The captured pieces' squares (PDN numbers).
    pub captured: Vec<u32>,
    /// A man became a king.
    pub promotes: bool,
}

/// How the board faces the players at one moment.
#[uniffi::remote(Record)]
pub struct BoardOrientation {
    /// Black's side at the bottom (the board turned 180°).
    pub flipped: bool,
    /// The player at the top sits across the table (face-to-face): the top clock, the top player's controls
    /// and the top side's pieces are drawn turned 180° so that they read the right way up for that player.
    pub top_faces_away: bool,
    /// The side whose pieces start at the bottom edge, and whose panel (clock, name, controls) is drawn there.
    pub bottom: Color,
    /// The side at the top edge.
    pub top: Color,
}

/// The labels drawn along the board's edges for an orientation and notation.
#[uniffi::remote(Record)]
pub struct Coordinates {
    /// File letters under the columns, left to right (`a`…`h`, or reversed when flipped).
    pub files: Vec<String>,
    /// Rank digits beside the rows, top to bottom.
    pub ranks: Vec<String>,
    /// Numeric notation: also draw each empty dark square's PDN number on it.
    pub square_numbers: bool,
}

/// One hop of an animated move.
#[uniffi::remote(Record)]
pub struct HopPlan {
    /// The square the hop starts from (PDN number).
    pub from: u32,
    /// The square it lands on (PDN number).
    pub to: u32,
    /// The piece jumped on this hop (PDN number), `None` for a quiet move.
    pub captured: Option<u32>,
    /// When the hop starts, from the start of the animation.
    pub start_ms: u64,
    /// How long the hop takes.
    pub duration_ms: u64,
}

/// A piece the animation shows that the snapshot after the move no longer has.
#[uniffi::remote(Record)]
pub struct CapturedPiece {
    /// Where the captured piece stands (PDN number).
    pub square: u32,
    /// The captured piece.
    pub piece: PieceView,
    /// Already jumped: drawn as a ghost.
    pub ghost: bool,
}

/// A planned move animation.
#[uniffi::remote(Record)]
pub struct AnimationPlan {
    /// Tells one planned animation from the next (a shell runs each once).
    pub id: u64,
    /// The moving piece as it starts (a man that crowns on the way becomes a king from the next hop on).
    pub piece: PieceView,
    /// The hops in order: one for a quiet move, one per landing for a capture.
    pub hops: Vec<HopPlan>,
    /// The pieces the move captures, each with whether it was already jumped when the animation starts (a
    /// capture entered hop by hop).
    pub captured: Vec<CapturedPiece>,
    /// The hop after which the piece is a king (it reached the far rank mid-capture), if any.
    pub crowned_after_hop: Option<u32>,
    /// The whole animation's length.
    pub total_ms: u64,
    /// The board orientation the frames are given in.
    pub flipped: bool,
}

/// The moving piece at one moment, between squares: fractional screen column and row (0 = left / top).
#[uniffi::remote(Record)]
pub struct FlyingPiece {
    /// The piece as drawn now (a king once crowned).
    pub piece: PieceView,
    /// Fractional screen column, 0 = left.
    pub column: f32,
    /// Fractional screen row, 0 = top.
    pub row: f32,
}

/// What to draw at one moment of an animation, over the board of the snapshot after the move.
#[uniffi::remote(Record)]
pub struct AnimationFrame {
    /// The moving piece, between squares.
    pub flying: FlyingPiece,
    /// The square the piece ends on: drawn empty until the animation is over.
    pub destination: u32,
    /// The captured pieces still standing, ghosts once jumped.
    pub captured: Vec<CapturedPiece>,
}

/// What can be said about a square beyond its piece, in the order it is said.
#[uniffi::remote(Enum)]
pub enum SquareState {
    /// The piece picked to move.
    Selected,
    /// A piece that can capture, when capturing is compulsory.
    MustCapture,
    /// A piece of the player to move that can move.
    CanMove,
    /// The selected piece can go here.
    Destination,
    /// A piece captured by the capture in progress.
    Captured,
    /// Part of the hint shown.
    Hint,
    /// On the last move's path.
    LastMove,
}

/// A square's spoken description: its name, its piece (`None`: empty) and its states.
#[uniffi::remote(Record)]
pub struct SquareDescription {
    /// The square's name in the session's notation (`c3` or `22`).
    pub name: String,
    /// The piece on it, `None` when empty.
    pub piece: Option<PieceView>,
    /// What else is said about it, in order.
    pub states: Vec<SquareState>,
}

/// A move as it is announced: "c3 to d4", "c3 takes e5, g3", with "becomes a king".
#[uniffi::remote(Record)]
pub struct Announcement {
    /// The side that moved.
    pub side: Color,
    /// The start square's name.
    pub from: String,
    /// Every landing square in order (one for a quiet move).
    pub landings: Vec<String>,
    /// The number of pieces captured (0 for a quiet move).
    pub captures: u32,
    /// A man became a king.
    pub promotes: bool,
}
