//! The position: three bitboards, the side to move and an incrementally kept Zobrist hash.
//!
//! Moves are applied copy-make ([`Position::play`] returns a new position): a position is 40 bytes, so copying
//! it is cheaper than recording what an unmake would need.

use crate::movegen::Move;
use crate::square::{Bitboard, Square, BOARD, RANK_1, RANK_8};
use std::fmt;

/// A side: White moves first, up the board.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Color {
    /// The side that starts on rows 1–3.
    White,
    /// The side that starts on rows 6–8.
    Black,
}

impl Color {
    /// The other side.
    #[inline(always)]
    pub const fn opponent(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// 0 for White, 1 for Black: the index into per-colour arrays.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The rank where this colour's men promote.
    pub const fn promotion_rank(self) -> Bitboard {
        match self {
            Color::White => RANK_8,
            Color::Black => RANK_1,
        }
    }
}

/// What a piece is.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Role {
    /// Moves one square diagonally forward; captures forward and backward; promotes on the far row.
    Man,
    /// A flying king: moves and captures any distance along a diagonal.
    King,
}

/// A piece on the board: its side and role.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    /// Whose piece it is.
    pub color: Color,
    /// Man or king.
    pub role: Role,
}

/// Why a set of bitboards is not a position this game can reach.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// A white and a black piece on the same square.
    Overlap(Square),
    /// A man stands on the row where it would already have been promoted.
    ManOnPromotionRank(Square),
    /// This side has more than 12 pieces.
    TooManyPieces(Color),
    /// A piece lies outside the 32 dark squares.
    OffBoard,
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::Overlap(s) => write!(f, "square {s} holds both a white and a black piece"),
            PositionError::ManOnPromotionRank(s) => {
                write!(f, "a man on {s} stands on its own promotion rank (it would be a king)")
            }
            PositionError::TooManyPieces(c) => write!(f, "{c:?} has more than 12 pieces"),
            PositionError::OffBoard => write!(f, "a piece is off the 32 playable squares"),
        }
    }
}

impl std::error::Error for PositionError {}

/// A board position: where each side's men and kings stand, who is to move, and its Zobrist hash.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Position {
    /// Pieces by colour, indexed by [`Color::index`].
    pieces: [Bitboard; 2],
    kings: Bitboard,
    side: Color,
    hash: u64,
}

impl Default for Position {
    fn default() -> Self {
        Position::start()
    }
}

impl Position {
    /// The standard starting position, White to move.
    pub fn start() -> Position {
        let white = (21..=32).filter_map(Square::from_pdn).collect();
        let black = (1..=12).filter_map(Square::from_pdn).collect();
        Position::new(white, black, Bitboard::EMPTY, Color::White).expect("start position is valid")
    }

    /// Builds a position, checking it could occur in a game.
    pub fn new(white: Bitboard, black: Bitboard, kings: Bitboard, side: Color) -> Result<Position, PositionError> {
        if !(white | black | kings).is_on_board() || (kings - (white | black)).any() {
            return Err(PositionError::OffBoard);
        }
        if let Some(s) = (white & black).first() {
            return Err(PositionError::Overlap(s));
        }
        for (color, bb) in [(Color::White, white), (Color::Black, black)] {
            if let Some(s) = ((bb - kings) & color.promotion_rank()).first() {
                return Err(PositionError::ManOnPromotionRank(s));
            }
            if bb.count() > 12 {
                return Err(PositionError::TooManyPieces(color));
            }
        }
        let mut p = Position { pieces: [white, black], kings, side, hash: 0 };
        p.hash = p.compute_hash();
        Ok(p)
    }

    /// The side whose turn it is.
    #[inline(always)]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// The squares of `c`'s pieces (men and kings).
    #[inline(always)]
    pub fn pieces(&self, c: Color) -> Bitboard {
        self.pieces[c.index()]
    }

    /// The squares of all kings, both sides.
    #[inline(always)]
    pub fn kings(&self) -> Bitboard {
        self.kings
    }

    /// The squares of all men, both sides.
    #[inline(always)]
    pub fn men(&self) -> Bitboard {
        self.occupied() - self.kings
    }

    /// The squares with any piece on them.
    #[inline(always)]
    pub fn occupied(&self) -> Bitboard {
        self.pieces[0] | self.pieces[1]
    }

    /// The dark squares with no piece.
    #[inline(always)]
    pub fn empty(&self) -> Bitboard {
        BOARD - self.occupied()
    }

    /// The Zobrist hash of the pieces and the side to move (kept up to date by [`Position::play`]).
    #[inline(always)]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The piece on `s`, if any.
    pub fn piece_at(&self, s: Square) -> Option<Piece> {
        let color = if self.pieces[0].contains(s) {
            Color::White
        } else if self.pieces[1].contains(s) {
            Color::Black
        } else {
            return None;
        };
        let role = if self.kings.contains(s) { Role::King } else { Role::Man };
        Some(Piece { color, role })
    }

    /// The same pieces with the other side to move (used by search heuristics and tests).
    pub fn with_side_to_move(mut self, side: Color) -> Position {
        if side != self.side {
            self.side = side;
            self.hash ^= ZOBRIST.side;
        }
        self
    }

    /// Applies a legal move of the side to move (copy-make). The move must come from this position's move
    /// generator; the hash is updated incrementally.
    #[inline]
    pub fn play(&self, mv: &Move) -> Position {
        self.play_with::<true>(mv)
    }

    /// [`Position::play`] without updating the hash, which is left stale: for counting the tree (perft),
    /// where no hash is ever read.
    #[inline]
    pub(crate) fn play_unhashed(&self, mv: &Move) -> Position {
        self.play_with::<false>(mv)
    }

    #[inline(always)]
    fn play_with<const HASH: bool>(&self, mv: &Move) -> Position {
        let us = self.side.index();
        let them = 1 - us;
        let from = mv.from().mask();
        let to = mv.to().mask();
        let captured = mv.captured();
        let was_king = (self.kings & from).any();
        let becomes_king = was_king || mv.promotes();
        let mut hash = self.hash;
        if HASH {
            let z = &ZOBRIST;
            hash ^= z.piece[us][was_king as usize][mv.from().bit() as usize]
                ^ z.piece[us][becomes_king as usize][mv.to().bit() as usize]
                ^ z.side;
            for s in captured {
                hash ^= z.piece[them][self.kings.contains(s) as usize][s.bit() as usize];
            }
        }
        let mut pieces = self.pieces;
        // Not a XOR: a capture can end on its own start square.
        pieces[us] = (pieces[us] - from) | to;
        pieces[them] -= captured;
        let kings = self.kings - captured - from;
        let kings = if becomes_king { kings | to } else { kings };
        Position { pieces, kings, side: self.side.opponent(), hash }
    }

    /// The hash computed from scratch; `play` must always agree with it.
    pub fn compute_hash(&self) -> u64 {
        let mut h = if self.side == Color::Black { ZOBRIST.side } else { 0 };
        for c in [Color::White, Color::Black] {
            for s in self.pieces(c) {
                let k = self.kings.contains(s) as usize;
                h ^= ZOBRIST.piece[c.index()][k][s.bit() as usize];
            }
        }
        h
    }

    /// Counts of (men, kings) for a colour.
    pub fn material(&self, c: Color) -> (u32, u32) {
        let p = self.pieces(c);
        ((p - self.kings).count(), (p & self.kings).count())
    }
}

/// Shows the board from White's side, `w`/`b` for men, `W`/`B` for kings.
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for y in (0..8u8).rev() {
            write!(f, "{} ", y + 1)?;
            for x in 0..8u8 {
                let c = match Square::from_coords(x, y).and_then(|s| self.piece_at(s)) {
                    None if (x + y) % 2 == 0 => '.',
                    None => ' ',
                    Some(Piece { color: Color::White, role: Role::Man }) => 'w',
                    Some(Piece { color: Color::White, role: Role::King }) => 'W',
                    Some(Piece { color: Color::Black, role: Role::Man }) => 'b',
                    Some(Piece { color: Color::Black, role: Role::King }) => 'B',
                };
                write!(f, "{c} ")?;
            }
            writeln!(f)?;
        }
        write!(f, "  a b c d e f g h  ({:?} to move)", self.side)
    }
}

struct Zobrist {
    /// [colour][is king][bit index]
    piece: [[[u64; 36]; 2]; 2],
    side: u64,
}

const fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

const fn zobrist() -> Zobrist {
    let mut state = 0x6769_7665_6177_6179; // "giveaway"
    let mut piece = [[[0u64; 36]; 2]; 2];
    let mut c = 0;
    while c < 2 {
        let mut k = 0;
        while k < 2 {
            let mut b = 0;
            while b < 36 {
                piece[c][k][b] = splitmix(&mut state);
                b += 1;
            }
            k += 1;
        }
        c += 1;
    }
    Zobrist { piece, side: splitmix(&mut state) }
}

static ZOBRIST: Zobrist = zobrist();
