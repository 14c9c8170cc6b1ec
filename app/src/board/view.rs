//! What a board view draws: the pieces, each dark square with its marks, a move as text and squares, and a
//! multi-capture being entered. The game's snapshot, the position editor and the rules diagrams all draw
//! their boards with these.

use giveaway_core::position::Color;

/// What a piece is, for drawing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PieceKind {
    /// A man.
    Man,
    /// A king.
    King,
}

/// A piece to draw: its colour and kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceView {
    /// Whose piece it is.
    pub color: Color,
    /// Man or king.
    pub kind: PieceKind,
}

/// One dark square and everything a board view draws on it.
#[derive(Clone, Debug, PartialEq, Eq)]
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
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CaptureProgress {
    /// The square the capturing piece started from.
    pub from: u32,
    /// Landing squares tapped so far.
    pub visited: Vec<u32>,
    /// Pieces captured so far.
    pub ghosts: Vec<u32>,
}

/// A move, written and as squares.
#[derive(Clone, Debug, PartialEq, Eq)]
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
