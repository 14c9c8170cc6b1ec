//! The structure of what a screen reader says about the board; the shells put it into words in the player's
//! language ("c3, white man, must capture"; "c3 takes e5, g3, becomes a king").

use crate::board::{MoveView, PieceView, SquareView};
use giveaway_core::notation::Notation;
use giveaway_core::Color;

/// What can be said about a square beyond its piece, in the order it is said.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SquareDescription {
    /// The square's name in the session's notation (`c3` or `22`).
    pub name: String,
    /// The piece on it, `None` when empty.
    pub piece: Option<PieceView>,
    /// What else is said about it, in order.
    pub states: Vec<SquareState>,
}

impl SquareDescription {
    /// The description of `square` as a snapshot shows it (any board: game, replay, editor, rules).
    pub fn of(square: &SquareView, notation: Notation) -> SquareDescription {
        let flags = [
            (square.selected, SquareState::Selected),
            (square.must_capture, SquareState::MustCapture),
            (square.movable && !square.must_capture && !square.selected, SquareState::CanMove),
            (square.destination || square.final_destination, SquareState::Destination),
            (square.ghost, SquareState::Captured),
            (square.hint, SquareState::Hint),
            (square.last_move, SquareState::LastMove),
        ];
        SquareDescription {
            name: super::square_name(square.number, notation).unwrap_or_default(),
            piece: square.piece,
            states: flags.iter().filter(|(on, _)| *on).map(|&(_, s)| s).collect(),
        }
    }
}

/// A move as it is announced: "c3 to d4", "c3 takes e5, g3", with "becomes a king".
#[derive(Clone, Debug, PartialEq, Eq)]
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

impl Announcement {
    pub(crate) fn of(mv: &MoveView, notation: Notation) -> Announcement {
        let name = |n: u32| super::square_name(n, notation).unwrap_or_default();
        Announcement {
            side: mv.color,
            from: name(mv.from),
            landings: mv.path.iter().map(|&n| name(n)).collect(),
            captures: mv.captured.len() as u32,
            promotes: mv.promotes,
        }
    }
}
