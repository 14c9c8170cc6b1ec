//! Square names in both notations, and where a square sits on screen.

use crate::board::{PieceKind, PieceView, SquareView};
use giveaway_core::notation::{format_square, Notation};
use giveaway_core::position::{Piece, Role};
use giveaway_core::{Position, Square};

/// The square with PDN number `n` (1–32), if there is one.
pub(crate) fn square(n: u32) -> Option<Square> {
    u8::try_from(n).ok().and_then(Square::from_pdn)
}

/// The name of square `n` (PDN number 1–32) in `notation`: `c3` or `22`. `None` for a number off the board.
pub fn square_name(n: u32, notation: Notation) -> Option<String> {
    square(n).map(|s| format_square(s, notation))
}

/// A board showing pieces only (no marks), White at the bottom: the editor's, a saved game's small picture.
pub(crate) fn pieces_only(piece_at: impl Fn(Square) -> Option<PieceView>) -> Vec<SquareView> {
    Square::all()
        .map(|s| {
            let (column, row) = cell(s, false);
            SquareView {
                number: u32::from(s.pdn()),
                column,
                row,
                piece: piece_at(s),
                movable: false,
                must_capture: false,
                selected: false,
                destination: false,
                final_destination: false,
                ghost: false,
                last_move: false,
                last_captured: false,
                hint: false,
                pending: false,
            }
        })
        .collect()
}

/// The pieces of `position`, pieces-only (see [`pieces_only`]).
pub(crate) fn position_squares(position: &Position) -> Vec<SquareView> {
    pieces_only(|s| {
        position.piece_at(s).map(|Piece { color, role }| PieceView {
            color,
            kind: if role == Role::King { PieceKind::King } else { PieceKind::Man },
        })
    })
}

/// Screen column (0 = left) and row (0 = top) of a square: White's side at the bottom unless `flipped`.
pub(crate) fn cell(s: Square, flipped: bool) -> (u32, u32) {
    let (file, rank) = (u32::from(s.x()), u32::from(s.y()));
    if flipped {
        (7 - file, rank)
    } else {
        (file, 7 - rank)
    }
}

/// The dark square at screen `column` and `row` (0..8 from the top left), or `None` for a light square or a
/// cell off the board. The inverse of the squares' `column`/`row`, for hit-testing a touch.
pub fn square_at(column: u32, row: u32, flipped: bool) -> Option<u32> {
    if column > 7 || row > 7 {
        return None;
    }
    let (file, rank) = if flipped { (7 - column, row) } else { (column, 7 - row) };
    Square::from_coords(file as u8, rank as u8).map(|s| u32::from(s.pdn()))
}

/// The labels drawn along the board's edges for an orientation and notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Coordinates {
    /// File letters under the columns, left to right (`a`…`h`, or reversed when flipped).
    pub files: Vec<String>,
    /// Rank digits beside the rows, top to bottom.
    pub ranks: Vec<String>,
    /// Numeric notation: also draw each empty dark square's PDN number on it.
    pub square_numbers: bool,
}

impl Coordinates {
    /// The labels of a board turned as `flipped` says (a rules or editor board has White at the bottom).
    pub fn new(flipped: bool, notation: Notation) -> Coordinates {
        let order = |i: u32| if flipped { 7 - i } else { i };
        Coordinates {
            files: (0..8).map(|c| char::from(b'a' + order(c) as u8).to_string()).collect(),
            ranks: (0..8).map(|r| (8 - order(r)).to_string()).collect(),
            square_numbers: notation == Notation::Numeric,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_in_both_notations() {
        assert_eq!(square_name(22, Notation::Algebraic).as_deref(), Some("c3"));
        assert_eq!(square_name(22, Notation::Numeric).as_deref(), Some("22"));
        assert_eq!(square_name(1, Notation::Algebraic).as_deref(), Some("b8"));
        assert_eq!(square_name(32, Notation::Algebraic).as_deref(), Some("g1"));
        assert_eq!(square_name(0, Notation::Algebraic), None);
        assert_eq!(square_name(33, Notation::Numeric), None);
    }

    #[test]
    fn every_square_sits_where_square_at_finds_it_in_both_orientations() {
        for flipped in [false, true] {
            let mut seen = std::collections::HashSet::new();
            for s in Square::all() {
                let (c, r) = cell(s, flipped);
                assert!(c < 8 && r < 8);
                assert_eq!((c + r) % 2, 1, "dark squares: a1 is dark at the bottom left");
                assert_eq!(square_at(c, r, flipped), Some(u32::from(s.pdn())));
                assert!(seen.insert((c, r)));
            }
            assert_eq!(square_at(0, 0, flipped), None, "top left is light");
            assert_eq!(square_at(8, 1, flipped), None);
        }
        let a1 = Square::parse("a1").unwrap();
        assert_eq!(cell(a1, false), (0, 7), "a1 bottom left");
        assert_eq!(cell(a1, true), (7, 0), "flipped: a1 top right");
    }

    #[test]
    fn edge_labels_follow_the_orientation() {
        let white = Coordinates::new(false, Notation::Algebraic);
        assert_eq!(white.files.concat(), "abcdefgh");
        assert_eq!(white.ranks.concat(), "87654321");
        let black = Coordinates::new(true, Notation::Algebraic);
        assert_eq!(black.files.concat(), "hgfedcba");
        assert_eq!(black.ranks.concat(), "12345678");
        let numeric = Coordinates::new(false, Notation::Numeric);
        assert!(numeric.square_numbers && numeric.files == white.files);
    }
}
