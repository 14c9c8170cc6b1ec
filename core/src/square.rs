//! Squares and bitboards.
//!
//! The 32 dark squares live in a 64-bit word with "ghost" bits, so that every diagonal step is the same shift
//! on every row: a dark square at file `x` (a=0) and rank `y` (1=0) has bit `(9*y + x) / 2`. Up-right is +5,
//! up-left +4, down-right -4, down-left -5. Steps off the left or right edge land on a ghost bit (4, 13, 22,
//! 31) and steps off the top or bottom leave bits 0..=35, so masking with [`BOARD`] removes them.

use std::fmt;

/// A set of squares: one bit per dark square in the ghost layout (see the module docs).
///
/// A value type with named set operations, as fast as the bare word: `|` union, `&` intersection, `-` the
/// squares of the left side not in the right, [`Bitboard::shift`] one diagonal step. Bits outside [`BOARD`]
/// are never set by these operations, except through [`Bitboard::from_bits`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
#[repr(transparent)]
pub struct Bitboard(u64);

impl Bitboard {
    /// No square.
    pub const EMPTY: Bitboard = Bitboard(0);

    /// The set with these raw bits of the ghost layout (which may include ghost or out-of-board bits; see
    /// [`Bitboard::is_on_board`]).
    #[inline(always)]
    pub const fn from_bits(bits: u64) -> Bitboard {
        Bitboard(bits)
    }

    /// The raw bits of the ghost layout.
    #[inline(always)]
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// Whether `s` is in the set.
    #[inline(always)]
    pub const fn contains(self, s: Square) -> bool {
        self.0 & (1 << s.0) != 0
    }

    /// Whether the set has no square.
    #[inline(always)]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the set has at least one square.
    #[inline(always)]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    /// How many squares the set has.
    #[inline(always)]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// The squares in either set (also `|`).
    #[inline(always)]
    pub const fn union(self, other: Bitboard) -> Bitboard {
        Bitboard(self.0 | other.0)
    }

    /// The squares in both sets (also `&`).
    #[inline(always)]
    pub const fn intersection(self, other: Bitboard) -> Bitboard {
        Bitboard(self.0 & other.0)
    }

    /// The squares of this set that are not in `other` (also `-`).
    #[inline(always)]
    pub const fn without(self, other: Bitboard) -> Bitboard {
        Bitboard(self.0 & !other.0)
    }

    /// Whether every bit is one of the 32 playable squares.
    #[inline(always)]
    pub const fn is_on_board(self) -> bool {
        self.without(BOARD).is_empty()
    }

    /// The set moved one diagonal step in direction `d` (one of [`DIRECTIONS`]), dropping squares that leave
    /// the board: in the ghost layout every step is the same shift on every row.
    #[inline(always)]
    pub const fn shift(self, d: i8) -> Bitboard {
        Bitboard((if d > 0 { self.0 << d } else { self.0 >> (-d) }) & BOARD.0)
    }

    /// `self.shift(d) & onto` for an `onto` on the board, which then does the masking: one instruction fewer in
    /// the generator's innermost expressions.
    #[inline(always)]
    pub const fn shift_onto(self, d: i8, onto: Bitboard) -> Bitboard {
        debug_assert!(onto.is_on_board());
        Bitboard((if d > 0 { self.0 << d } else { self.0 >> (-d) }) & onto.0)
    }

    /// The square with the lowest bit (the first one iteration yields).
    #[inline(always)]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square(self.0.trailing_zeros() as u8))
        }
    }

    /// The square with the highest bit.
    #[inline(always)]
    pub const fn last(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square(63 - self.0.leading_zeros() as u8))
        }
    }

    /// The squares, lowest bit first.
    #[inline(always)]
    pub const fn squares(self) -> Squares {
        Squares(self)
    }
}

impl std::ops::BitOr for Bitboard {
    type Output = Bitboard;
    #[inline(always)]
    fn bitor(self, rhs: Bitboard) -> Bitboard {
        self.union(rhs)
    }
}

impl std::ops::BitAnd for Bitboard {
    type Output = Bitboard;
    #[inline(always)]
    fn bitand(self, rhs: Bitboard) -> Bitboard {
        self.intersection(rhs)
    }
}

impl std::ops::Sub for Bitboard {
    type Output = Bitboard;
    #[inline(always)]
    fn sub(self, rhs: Bitboard) -> Bitboard {
        self.without(rhs)
    }
}

impl std::ops::BitOrAssign for Bitboard {
    #[inline(always)]
    fn bitor_assign(&mut self, rhs: Bitboard) {
        *self = *self | rhs;
    }
}

impl std::ops::BitAndAssign for Bitboard {
    #[inline(always)]
    fn bitand_assign(&mut self, rhs: Bitboard) {
        *self = *self & rhs;
    }
}

impl std::ops::SubAssign for Bitboard {
    #[inline(always)]
    fn sub_assign(&mut self, rhs: Bitboard) {
        *self = *self - rhs;
    }
}

impl From<Square> for Bitboard {
    #[inline(always)]
    fn from(s: Square) -> Bitboard {
        s.mask()
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitboard {
        iter.into_iter().fold(Bitboard::EMPTY, |b, s| b | s.mask())
    }
}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = Squares;
    #[inline(always)]
    fn into_iter(self) -> Squares {
        Squares(self)
    }
}

/// The squares in algebraic names, as a set: `{a1, c3}`; raw bits when some are off the board.
impl fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_on_board() {
            f.debug_set().entries(*self).finish()
        } else {
            write!(f, "Bitboard({:#x})", self.0)
        }
    }
}

/// All 32 playable squares.
pub const BOARD: Bitboard = Bitboard(0x0F_7FBF_DFEF);

/// The four diagonal directions as bit offsets, in the order up-left, up-right, down-left, down-right.
pub const DIRECTIONS: [i8; 4] = [4, 5, -5, -4];

/// Rank 8: White's promotion rank.
pub const RANK_8: Bitboard = sq_mask(&[32, 33, 34, 35]);
/// Rank 1: Black's promotion rank.
pub const RANK_1: Bitboard = sq_mask(&[0, 1, 2, 3]);

const fn sq_mask(bits: &[u8]) -> Bitboard {
    let mut m = 0;
    let mut i = 0;
    while i < bits.len() {
        m |= 1 << bits[i];
        i += 1;
    }
    Bitboard(m)
}

/// One of the 32 dark squares. Internally its bit index in the ghost layout (see the module docs).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// Bit indices of the ghost layout span `0..BITS`: arrays indexed by [`Square::bit`] have this length.
    pub const BITS: usize = 36;

    /// Builds a square from its bit index; `None` for ghost or out-of-range bits.
    pub const fn from_bit(bit: u8) -> Option<Square> {
        if (bit as usize) < Square::BITS && BOARD.0 & (1 << bit) != 0 {
            Some(Square(bit))
        } else {
            None
        }
    }

    /// The square at file `x` (0 = a) and rank `y` (0 = rank 1); `None` off the board or on a light square.
    pub const fn from_coords(x: u8, y: u8) -> Option<Square> {
        if x < 8 && y < 8 && (x + y).is_multiple_of(2) {
            Some(Square((9 * y + x) / 2))
        } else {
            None
        }
    }

    /// The square with PDN number `n` (1 = b8 … 32 = g1).
    pub const fn from_pdn(n: u8) -> Option<Square> {
        if n < 1 || n > 32 {
            return None;
        }
        let row = (n - 1) / 4; // 0 = rank 8
        let k = (n - 1) % 4;
        let y = 7 - row;
        let x = 2 * k + (y & 1);
        Square::from_coords(x, y)
    }

    /// Parses `c3` (algebraic) or `22` (PDN number).
    pub fn parse(s: &str) -> Option<Square> {
        let b = s.as_bytes();
        if b.len() == 2 && b[0].is_ascii_alphabetic() && b[1].is_ascii_digit() {
            let x = b[0].to_ascii_lowercase().wrapping_sub(b'a');
            let y = b[1].wrapping_sub(b'1');
            return Square::from_coords(x, y);
        }
        if !b.is_empty() && b.len() <= 2 && b.iter().all(u8::is_ascii_digit) {
            return Square::from_pdn(s.parse().ok()?);
        }
        None
    }

    /// Its bit index in the ghost layout (below [`Square::BITS`]).
    #[inline(always)]
    pub const fn bit(self) -> u8 {
        self.0
    }

    /// The set of just this square.
    #[inline(always)]
    pub const fn mask(self) -> Bitboard {
        Bitboard(1 << self.0)
    }

    /// File, 0 = a.
    pub const fn x(self) -> u8 {
        (self.0 * 2) % 9
    }

    /// Rank, 0 = rank 1.
    pub const fn y(self) -> u8 {
        (self.0 * 2) / 9
    }

    /// PDN number, 1..=32.
    pub const fn pdn(self) -> u8 {
        let y = self.y();
        let x = self.x();
        (7 - y) * 4 + x / 2 + 1
    }

    /// Index 0..32 in PDN order (pdn - 1), handy for arrays indexed by square.
    pub const fn index(self) -> usize {
        self.pdn() as usize - 1
    }

    /// The square one diagonal step away in direction `d`, if on the board.
    pub const fn step(self, d: i8) -> Option<Square> {
        let b = self.0 as i16 + d as i16;
        if b < 0 {
            None
        } else {
            Square::from_bit(b as u8)
        }
    }

    /// All 32 squares in PDN order.
    pub fn all() -> impl Iterator<Item = Square> {
        (1..=32).map(|n| Square::from_pdn(n).expect("1..=32 are squares"))
    }

    /// Algebraic name, e.g. `c3`.
    pub fn algebraic(self) -> String {
        format!("{}{}", (b'a' + self.x()) as char, self.y() + 1)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.x()) as char, self.y() + 1)
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Iterates the squares of a bitboard, lowest bit first ([`Bitboard::squares`]).
#[derive(Clone, Copy)]
pub struct Squares(Bitboard);

impl Iterator for Squares {
    type Item = Square;
    #[inline(always)]
    fn next(&mut self) -> Option<Square> {
        let s = self.0.first()?;
        self.0 .0 &= self.0 .0 - 1;
        Some(s)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Squares {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_mask_has_32_squares_and_no_ghosts() {
        assert_eq!(BOARD.count(), 32);
        for ghost in [4u8, 13, 22, 31] {
            assert_eq!(BOARD.bits() & (1 << ghost), 0);
            assert_eq!(Square::from_bit(ghost), None);
        }
        assert_eq!(BOARD.bits() >> 36, 0);
    }

    #[test]
    fn pdn_numbers_match_rules_md() {
        let named = [
            (1, "b8"),
            (2, "d8"),
            (4, "h8"),
            (5, "a7"),
            (8, "g7"),
            (9, "b6"),
            (12, "h6"),
            (13, "a5"),
            (16, "g5"),
            (17, "b4"),
            (20, "h4"),
            (21, "a3"),
            (24, "g3"),
            (25, "b2"),
            (28, "h2"),
            (29, "a1"),
            (30, "c1"),
            (31, "e1"),
            (32, "g1"),
        ];
        for (n, name) in named {
            let s = Square::from_pdn(n).unwrap();
            assert_eq!(s.algebraic(), name, "pdn {n}");
            assert_eq!(s.pdn(), n);
            assert_eq!(Square::parse(name), Some(s));
            assert_eq!(Square::parse(&n.to_string()), Some(s));
        }
        // The long diagonal a1–h8.
        let diag: Vec<u8> = (0..8).map(|i| Square::from_coords(i, i).unwrap().pdn()).collect();
        assert_eq!(diag, [29, 25, 22, 18, 15, 11, 8, 4]);
    }

    #[test]
    fn steps_match_coordinates() {
        for s in Square::all() {
            for (d, (dx, dy)) in DIRECTIONS.iter().zip([(-1i8, 1i8), (1, 1), (-1, -1), (1, -1)]) {
                let (nx, ny) = (s.x() as i8 + dx, s.y() as i8 + dy);
                let expect = if (0..8).contains(&nx) && (0..8).contains(&ny) {
                    Square::from_coords(nx as u8, ny as u8)
                } else {
                    None
                };
                assert_eq!(s.step(*d), expect, "{s} dir {d}");
                assert_eq!(s.mask().shift(*d), expect.map_or(Bitboard::EMPTY, Square::mask), "{s} dir {d}");
            }
        }
    }

    #[test]
    fn set_operations_name_what_they_do() {
        let sq = |n| Square::from_pdn(n).unwrap();
        let a: Bitboard = [sq(1), sq(5), sq(32)].into_iter().collect();
        let b: Bitboard = [sq(5), sq(9)].into_iter().collect();
        assert_eq!((a | b).count(), 4);
        assert_eq!(a & b, sq(5).mask());
        assert_eq!((a - b).squares().collect::<Vec<_>>(), [sq(32), sq(1)]);
        assert!(a.contains(sq(32)) && !a.contains(sq(9)));
        assert!(Bitboard::EMPTY.is_empty() && !a.is_empty() && a.any());
        assert_eq!((a.first(), a.last()), (Some(sq(32)), Some(sq(1))));
        assert_eq!(Bitboard::EMPTY.first(), None);
        assert_eq!(format!("{a:?}"), "{g1, a7, b8}");
        assert!(!Bitboard::from_bits(1 << 4).is_on_board());
        assert_eq!(BOARD - a, a.squares().fold(BOARD, |b, s| b - s.mask()));
        assert_eq!(a.squares().len(), 3);
    }

    #[test]
    fn light_squares_and_junk_are_rejected() {
        for bad in ["a2", "b1", "i1", "a9", "0", "33", "", "c", "3c", "c33"] {
            assert_eq!(Square::parse(bad), None, "{bad}");
        }
    }
}
