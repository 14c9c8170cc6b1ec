//! Material signatures and the numbering of the positions of each: one table entry per placement of the
//! pieces with White to move, in a dense index (a few entries, where pieces would overlap, are never used).
//!
//! Black to move needs no entries of its own: the rules are the same for both colours (each moves towards
//! and promotes on the far rank), so a position with Black to move has the value of its [`flipped`] twin,
//! the board turned half a turn and the colours swapped, with White to move.

use crate::position::{Color, Position};
use crate::square::{Bitboard, Square, BOARD};

/// The board turned half a turn: square bit `b` goes to `35 - b` (the ghost bits 4, 13, 22, 31 map onto one
/// another, and each diagonal step onto the opposite step).
fn rotated(b: Bitboard) -> Bitboard {
    Bitboard::from_bits(b.bits().reverse_bits() >> (64 - 36))
}

/// The position seen from the other side: the board turned half a turn, the colours swapped. It has the
/// same value for its side to move, which is the other colour.
pub(crate) fn flipped(pos: &Position) -> Position {
    let [white, black] = [Color::White, Color::Black].map(|c| rotated(pos.pieces(c)));
    Position::new(black, white, rotated(pos.kings()), pos.side_to_move().opponent())
        .expect("the flip keeps a position on the board with men off their promotion ranks")
}

/// The position with White to move that stands for `pos` in the tables: itself or its flipped twin.
pub(crate) fn canonical(pos: &Position) -> Position {
    match pos.side_to_move() {
        Color::White => *pos,
        Color::Black => flipped(pos),
    }
}

/// How many men and kings each side has: the positions with the same material form one table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Material {
    /// White's men.
    pub white_men: u8,
    /// White's kings.
    pub white_kings: u8,
    /// Black's men.
    pub black_men: u8,
    /// Black's kings.
    pub black_kings: u8,
}

/// Binomial coefficients C(n, k) for n, k ≤ 32: the ranks of square combinations.
const BINOMIAL: [[u64; 33]; 33] = {
    let mut t = [[0u64; 33]; 33];
    let mut n = 0;
    while n <= 32 {
        t[n][0] = 1;
        let mut k = 1;
        while k <= n {
            t[n][k] = t[n - 1][k - 1] + if k < n { t[n - 1][k] } else { 0 };
            k += 1;
        }
        n += 1;
    }
    t
};

/// A square's place 0..32 among the 32 board bits in bit order (rank 1 first): the ghost layout without its
/// ghost bits (4, 13, 22, 31), so that each colour's promotion rank is one end of the range.
const fn dense(s: Square) -> u32 {
    let bit = s.bit() as u32;
    bit - (bit + 5) / 9
}

/// The inverse of [`dense`].
fn square_of_dense(d: u32) -> Square {
    Square::from_bit((d + (d + 4) / 8) as u8).expect("dense index maps to a board square")
}

/// Where a group of like pieces may stand: `len` dense squares from `offset` (men never stand on their own
/// promotion rank: White's is dense 28..32, Black's 0..4).
#[derive(Clone, Copy)]
struct Group {
    count: u8,
    offset: u32,
    len: u32,
}

impl Group {
    fn combinations(self) -> u64 {
        BINOMIAL[self.len as usize][self.count as usize]
    }

    /// The colex rank of the group's squares; `None` if their number or places do not fit the group.
    fn rank(self, squares: Bitboard) -> Option<u64> {
        if squares.count() != u32::from(self.count) {
            return None;
        }
        let mut r = 0;
        // Bit order is dense order, so the squares come out ascending.
        for (i, s) in squares.squares().enumerate() {
            let e = dense(s).checked_sub(self.offset).filter(|e| *e < self.len)?;
            r += BINOMIAL[e as usize][i + 1];
        }
        Some(r)
    }

    fn unrank(self, mut r: u64) -> Bitboard {
        let mut b = Bitboard::EMPTY;
        let mut top = self.len;
        for i in (1..=self.count as usize).rev() {
            // The largest element e with C(e, i) ≤ r.
            let mut e = top - 1;
            while BINOMIAL[e as usize][i] > r {
                e -= 1;
            }
            r -= BINOMIAL[e as usize][i];
            b |= square_of_dense(e + self.offset).mask();
            top = e;
        }
        b
    }
}

impl Material {
    /// The material of a position.
    pub fn of(pos: &Position) -> Material {
        let (white_men, white_kings) = pos.material(Color::White);
        let (black_men, black_kings) = pos.material(Color::Black);
        Material {
            white_men: white_men as u8,
            white_kings: white_kings as u8,
            black_men: black_men as u8,
            black_kings: black_kings as u8,
        }
    }

    /// The material with the colours swapped: that of the flipped positions.
    pub fn swapped(&self) -> Material {
        Material {
            white_men: self.black_men,
            white_kings: self.black_kings,
            black_men: self.white_men,
            black_kings: self.white_kings,
        }
    }

    /// Pieces on the board.
    pub fn pieces(&self) -> u32 {
        u32::from(self.white_men)
            + u32::from(self.white_kings)
            + u32::from(self.black_men)
            + u32::from(self.black_kings)
    }

    /// Men on the board, both sides.
    pub fn men(&self) -> u32 {
        u32::from(self.white_men) + u32::from(self.black_men)
    }

    /// Every material with both sides on the board and at most `max_pieces` pieces, in an order where each
    /// comes after every material its positions can move to (a capture removes a piece, a promotion turns a
    /// man into a king).
    pub fn up_to(max_pieces: u32) -> Vec<Material> {
        let n = max_pieces.min(12) as u8;
        let mut all = Vec::new();
        for white_men in 0..=n {
            for white_kings in 0..=n - white_men {
                for black_men in 0..=n - white_men - white_kings {
                    for black_kings in 0..=n - white_men - white_kings - black_men {
                        let m = Material { white_men, white_kings, black_men, black_kings };
                        if white_men + white_kings > 0 && black_men + black_kings > 0 {
                            all.push(m);
                        }
                    }
                }
            }
        }
        all.sort_by_key(|m| (m.pieces(), m.men(), *m));
        all
    }

    fn groups(&self) -> [Group; 4] {
        [
            Group { count: self.white_men, offset: 0, len: 28 },
            Group { count: self.black_men, offset: 4, len: 28 },
            Group { count: self.white_kings, offset: 0, len: 32 },
            Group { count: self.black_kings, offset: 0, len: 32 },
        ]
    }

    /// Entries in this material's table: White to move, every placement of each group of like pieces.
    pub fn entries(&self) -> u64 {
        self.groups().iter().map(|g| g.combinations()).product::<u64>()
    }

    /// The position's entry in this material's table; `None` if the position has other material or Black to
    /// move (see [`canonical`]).
    pub fn index(&self, pos: &Position) -> Option<u64> {
        if pos.side_to_move() != Color::White {
            return None;
        }
        let white = pos.pieces(Color::White);
        let black = pos.pieces(Color::Black);
        let kings = pos.kings();
        let sets = [white - kings, black - kings, white & kings, black & kings];
        let mut index = 0;
        for (g, set) in self.groups().into_iter().zip(sets) {
            index = index * g.combinations() + g.rank(set)?;
        }
        Some(index)
    }

    /// The position of entry `index` (White to move); `None` where pieces would overlap or the index is past
    /// the table.
    pub fn position(&self, mut index: u64) -> Option<Position> {
        if index >= self.entries() {
            return None;
        }
        let mut sets = [Bitboard::EMPTY; 4];
        for (g, set) in self.groups().into_iter().zip(sets.iter_mut()).rev() {
            let c = g.combinations();
            *set = g.unrank(index % c);
            index /= c;
        }
        let [wm, bm, wk, bk] = sets;
        if (wm & bm).any() || ((wm | bm) & (wk | bk)).any() || (wk & bk).any() {
            return None;
        }
        debug_assert!(((wm | bm | wk | bk) - BOARD).is_empty());
        Position::new(wm | wk, bm | bk, wk | bk, Color::White).ok()
    }
}

impl std::fmt::Display for Material {
    /// `KKvK`-style: White's kings and men, then Black's (`K` king, `M` man), e.g. `KMvK`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let side = |kings: u8, men: u8| "K".repeat(kings as usize) + &"M".repeat(men as usize);
        write!(f, "{}v{}", side(self.white_kings, self.white_men), side(self.black_kings, self.black_men))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dense_numbering_is_a_bijection_with_promotion_ranks_at_the_ends() {
        let mut seen = [false; 32];
        for s in Square::all() {
            let d = dense(s);
            assert!(!seen[d as usize]);
            seen[d as usize] = true;
            assert_eq!(square_of_dense(d), s);
            assert_eq!(crate::square::RANK_1.contains(s), d < 4, "{s}");
            assert_eq!(crate::square::RANK_8.contains(s), d >= 28, "{s}");
        }
    }

    #[test]
    fn the_flip_turns_the_board_and_swaps_colours_and_undoes_itself() {
        let pos = crate::fen::parse_fen("W:W29,K18:B1,K5").expect("fen");
        let f = flipped(&pos);
        // a1 (29) goes to h8 (4), 18 to 15, 1 to 32, 5 to 28; the colours and the side to move swap.
        assert_eq!(f, crate::fen::parse_fen("B:W32,K28:B4,K15").expect("fen"));
        assert_eq!(flipped(&f), pos);
        for s in Square::all() {
            assert_eq!(rotated(s.mask()).count(), 1);
            assert_eq!(rotated(s.mask()).first().map(Square::pdn), Some(33 - s.pdn()), "{s}");
        }
    }

    #[test]
    fn every_entry_round_trips_through_its_position() {
        for m in Material::up_to(3) {
            let mut used = 0;
            for i in 0..m.entries() {
                if let Some(p) = m.position(i) {
                    used += 1;
                    assert_eq!(Material::of(&p), m);
                    assert_eq!(m.index(&p), Some(i), "{m} {i}");
                }
            }
            assert!(used > 0, "{m}");
        }
    }
}
