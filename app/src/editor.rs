//! The start-position editor (a handicap beyond men removed): a tap cycles a square through empty, white man,
//! white king, black man, black king (a man never on its own promotion rank); the result is PDN FEN for
//! `StartPosition::Fen`, checked the way a new game checks it.

use crate::board::squares::{cell, square};
use crate::board::{PieceKind, PieceView, SquareView};
use crate::error::{ApiResult, GiveawayError};
use crate::game::GameState;
use crate::setup::{NewGame, StartPosition};
use giveaway_core::position::{Piece, Role};
use giveaway_core::{parse_fen, Color, Position, Square};
use std::sync::Mutex;
use std::time::Instant;

/// The pieces the editor has placed, and the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Board {
    pieces: [Option<PieceView>; 32],
    side_to_move: Color,
}

const CYCLE: [Option<PieceView>; 5] = [
    None,
    Some(PieceView { color: Color::White, kind: PieceKind::Man }),
    Some(PieceView { color: Color::White, kind: PieceKind::King }),
    Some(PieceView { color: Color::Black, kind: PieceKind::Man }),
    Some(PieceView { color: Color::Black, kind: PieceKind::King }),
];

/// Why a game cannot start from the position being set up, for the editor to say while it is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PositionProblem {
    /// `side` has no piece on the board.
    NoPieces {
        /// The side without pieces.
        side: Color,
    },
    /// The side to move has pieces but none can move: it would have won before the game starts.
    NoMove {
        /// The side to move.
        side: Color,
    },
}

/// A position being set up.
pub struct PositionEditor {
    board: Mutex<Board>,
}

impl Default for PositionEditor {
    fn default() -> Self {
        PositionEditor::new()
    }
}

impl PositionEditor {
    /// An editor holding the standard start.
    pub fn new() -> PositionEditor {
        let editor = PositionEditor { board: Mutex::new(Board { pieces: [None; 32], side_to_move: Color::White }) };
        editor.standard();
        editor
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Board> {
        self.board.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Starts from a position given as PDN FEN.
    pub fn load(&self, fen: String) -> ApiResult<()> {
        let pos = parse_fen(&fen)?;
        *self.lock() = board_of(&pos);
        Ok(())
    }

    /// The next piece on square `square` (PDN number), skipping men on their promotion rank.
    pub fn cycle(&self, square_number: u32) -> ApiResult<()> {
        let s = square(square_number).ok_or_else(|| GiveawayError::Unavailable {
            reason: format!("{square_number} is not a square number (1–32)"),
        })?;
        let mut b = self.lock();
        let slot = &mut b.pieces[s.index()];
        let allowed = |p: &Option<PieceView>| {
            p.is_none_or(|p| p.kind == PieceKind::King || !p.color.promotion_rank().contains(s))
        };
        let order: Vec<Option<PieceView>> = CYCLE.into_iter().filter(allowed).collect();
        let at = order.iter().position(|p| p == slot).unwrap_or(0);
        *slot = order[(at + 1) % order.len()];
        Ok(())
    }

    /// The palette's `piece` put on `square` (PDN number), or the square emptied when `piece` is `None` or the
    /// same piece already stands there (a second tap takes it off). A man put on its own promotion rank is
    /// crowned, as it would be on arriving there.
    pub fn place(&self, square_number: u32, piece: Option<PieceView>) -> ApiResult<()> {
        let s = square(square_number).ok_or_else(|| GiveawayError::Unavailable {
            reason: format!("{square_number} is not a square number (1–32)"),
        })?;
        let crowned =
            piece.map(
                |p| {
                    if p.color.promotion_rank().contains(s) {
                        PieceView { kind: PieceKind::King, ..p }
                    } else {
                        p
                    }
                },
            );
        let mut b = self.lock();
        let slot = &mut b.pieces[s.index()];
        *slot = if *slot == crowned { None } else { crowned };
        Ok(())
    }

    /// Why no game can start from the position now, or `None` when one can.
    pub fn problem(&self) -> Option<PositionProblem> {
        let b = *self.lock();
        for side in [b.side_to_move, b.side_to_move.opponent()] {
            if !b.pieces.iter().flatten().any(|p| p.color == side) {
                return Some(PositionProblem::NoPieces { side });
            }
        }
        self.check().err().map(|_| PositionProblem::NoMove { side: b.side_to_move })
    }

    /// Empties the board.
    pub fn clear(&self) {
        self.lock().pieces = [None; 32];
    }

    /// The standard start, White to move.
    pub fn standard(&self) {
        *self.lock() = board_of(&Position::start());
    }

    /// Sets whose turn it is in the position being made.
    pub fn set_side_to_move(&self, side: Color) {
        self.lock().side_to_move = side;
    }

    /// Whose turn it is in the position being made.
    pub fn side_to_move(&self) -> Color {
        self.lock().side_to_move
    }

    /// The board to draw: pieces only, White at the bottom.
    pub fn squares(&self) -> Vec<SquareView> {
        let b = *self.lock();
        Square::all()
            .map(|s| {
                let (column, row) = cell(s, false);
                SquareView {
                    number: u32::from(s.pdn()),
                    column,
                    row,
                    piece: b.pieces[s.index()],
                    movable: false,
                    must_capture: false,
                    selected: false,
                    destination: false,
                    final_destination: false,
                    ghost: false,
                    last_move: false,
                    last_captured: false,
                    hint: false,
                }
            })
            .collect()
    }

    /// The position as PDN FEN, e.g. `W:W21,K18:B1,2`.
    pub fn fen(&self) -> String {
        let b = *self.lock();
        let side = |c: Color| -> Vec<String> {
            Square::all()
                .filter_map(|s| b.pieces[s.index()].filter(|p| p.color == c).map(|p| (s, p)))
                .map(|(s, p)| if p.kind == PieceKind::King { format!("K{}", s.pdn()) } else { s.pdn().to_string() })
                .collect()
        };
        let turn = if b.side_to_move == Color::White { "W" } else { "B" };
        format!("{turn}:W{}:B{}", side(Color::White).join(","), side(Color::Black).join(","))
    }

    /// Whether a game can start from this position (both sides have pieces and the side to move can move);
    /// the error says why not.
    pub fn check(&self) -> ApiResult<()> {
        let setup = NewGame { start: StartPosition::Fen { fen: self.fen() }, ..NewGame::pass_and_play(None) };
        GameState::new(setup, Instant::now()).map(drop)
    }
}

fn board_of(pos: &Position) -> Board {
    let mut pieces = [None; 32];
    for s in Square::all() {
        pieces[s.index()] = pos.piece_at(s).map(|Piece { color, role }| PieceView {
            color,
            kind: if role == Role::King { PieceKind::King } else { PieceKind::Man },
        });
    }
    Board { pieces, side_to_move: pos.side_to_move() }
}

#[cfg(test)]
mod tests {
    use super::*;
    use giveaway_core::to_fen;

    fn sq(name: &str) -> u32 {
        u32::from(Square::parse(name).unwrap().pdn())
    }

    #[test]
    fn starts_standard_and_writes_fen_the_core_reads() {
        let e = PositionEditor::new();
        assert_eq!(to_fen(&parse_fen(&e.fen()).unwrap()), to_fen(&Position::start()));
        assert!(e.check().is_ok());
    }

    #[test]
    fn a_tap_cycles_and_skips_men_on_their_promotion_rank() {
        let e = PositionEditor::new();
        e.clear();
        let c3 = sq("c3");
        let seen: Vec<Option<PieceView>> = (0..5)
            .map(|_| {
                e.cycle(c3).unwrap();
                e.squares()[c3 as usize - 1].piece
            })
            .collect();
        assert_eq!(seen, [CYCLE[1], CYCLE[2], CYCLE[3], CYCLE[4], None]);
        // On rank 8 a white man would already be a king: white man is skipped there.
        let b8 = sq("b8");
        e.cycle(b8).unwrap();
        assert_eq!(e.squares()[b8 as usize - 1].piece, CYCLE[2]);
        assert!(e.cycle(0).is_err());
    }

    #[test]
    fn a_position_without_a_side_or_a_move_is_refused_with_the_reason() {
        let e = PositionEditor::new();
        e.clear();
        assert!(e.check().is_err(), "an empty board");
        assert_eq!(e.problem(), Some(PositionProblem::NoPieces { side: Color::White }));
        for _ in 0..3 {
            e.cycle(sq("f6")).unwrap(); // white man, white king, black man
        }
        // White to move has nothing to move: White would have won before the game starts.
        assert!(matches!(e.check(), Err(GiveawayError::BadSetup { .. })), "{:?}", e.check());
        assert_eq!(e.problem(), Some(PositionProblem::NoPieces { side: Color::White }));
        e.cycle(sq("c3")).unwrap();
        e.set_side_to_move(Color::Black);
        assert!(e.check().is_ok(), "{}", e.fen());
        assert_eq!(e.fen(), "B:W22:B11");
        assert_eq!(e.problem(), None);
        e.load("W:WK1:B28".into()).unwrap();
        assert_eq!(e.squares()[0].piece, CYCLE[2]);
        assert!(e.load("nonsense".into()).is_err());
    }

    #[test]
    fn the_palette_places_a_piece_a_second_tap_takes_it_off_and_a_man_on_its_last_rank_is_crowned() {
        let e = PositionEditor::new();
        e.clear();
        let white_man = CYCLE[1];
        e.place(sq("c3"), white_man).unwrap();
        assert_eq!(e.squares()[sq("c3") as usize - 1].piece, white_man);
        assert_eq!(e.problem(), Some(PositionProblem::NoPieces { side: Color::Black }));
        e.place(sq("c3"), white_man).unwrap();
        assert_eq!(e.squares()[sq("c3") as usize - 1].piece, None, "the same piece again: taken off");
        e.place(sq("b8"), white_man).unwrap();
        assert_eq!(e.squares()[sq("b8") as usize - 1].piece, CYCLE[2], "a white man on rank 8 is a king");
        e.place(sq("b8"), None).unwrap();
        assert_eq!(e.squares()[sq("b8") as usize - 1].piece, None, "the eraser");
        assert!(e.place(33, white_man).is_err());
        // White's man on a3 is blocked by b4, and c5 stops the capture: White to move cannot move.
        e.clear();
        e.place(sq("a3"), white_man).unwrap();
        for s in ["b4", "c5"] {
            e.place(sq(s), CYCLE[3]).unwrap();
        }
        assert_eq!(e.problem(), Some(PositionProblem::NoMove { side: Color::White }));
        e.set_side_to_move(Color::Black);
        assert_eq!(e.problem(), None);
    }
}
