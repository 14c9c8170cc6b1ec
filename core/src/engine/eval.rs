//! Static evaluation for giveaway, from the side to move's point of view (positive = closer to winning,
//! i.e. to having no legal move).
//!
//! The evaluation is a weighted sum of features, each weight tapered between the opening (24 pieces) and the
//! bare endgame (0 pieces), so that material can count differently — and non-linearly — as the board empties.
//! The weights are not guessed: `giveaway tune` fits them to self-play results (see `tools/src/tune.rs`,
//! docs/engine.md). The search only calls this on quiet positions (the side to move has no capture).

use crate::movegen::capturers;
use crate::position::{Color, Position};
use crate::square::{Bitboard, Square, BOARD, DIRECTIONS};

/// Number of features.
pub const N_FEATURES: usize = 13;

/// Feature names, in order (for the tuner's report and docs).
pub const FEATURE_NAMES: [&str; N_FEATURES] = [
    "men",
    "kings",
    "material_ratio",
    "man_moves",
    "offering_moves",
    "king_moves",
    "blocked_men",
    "advancement",
    "back_rank_men",
    "main_diagonal_kings",
    "centre_men",
    "opponent_capturers",
    "side_to_move",
];

/// Evaluation weights: `mg` applies with a full board, `eg` with an empty one, linearly in between.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weights {
    /// Weights with a full board (middle game), one per evaluation feature.
    pub mg: [i32; N_FEATURES],
    /// Weights with an empty board (endgame), one per feature.
    pub eg: [i32; N_FEATURES],
}

impl Default for Weights {
    /// The weights fitted by `giveaway tune` and committed in `weights.rs`.
    fn default() -> Self {
        super::weights::TUNED
    }
}

/// Pieces on the board at which the opening weights apply in full.
pub const FULL_PHASE: i32 = 24;

/// Scores stay well inside the win range.
pub const EVAL_LIMIT: i32 = 10_000;

/// Feature values, side to move minus opponent where the feature is symmetric. Also the tuner's input.
pub fn features(pos: &Position) -> [i32; N_FEATURES] {
    let us = pos.side_to_move();
    let them = us.opponent();
    // Each side's features with its colour known at compile time, so that every step is a constant shift.
    let (a, b) = match us {
        Color::White => (side_features(pos, Color::White), side_features(pos, Color::Black)),
        Color::Black => (side_features(pos, Color::Black), side_features(pos, Color::White)),
    };
    let (pu, pt) = (pos.pieces(us).count() as i32, pos.pieces(them).count() as i32);
    let ratio = if pu + pt == 0 { 0 } else { 12 * (pu - pt) / (pu + pt) };
    let threats = capturers(&pos.with_side_to_move(them)).count() as i32;
    [
        a.men - b.men,
        a.kings - b.kings,
        ratio,
        a.man_moves - b.man_moves,
        a.offering_moves - b.offering_moves,
        a.king_moves - b.king_moves,
        a.blocked - b.blocked,
        a.advancement - b.advancement,
        a.back_rank - b.back_rank,
        a.diagonal_kings - b.diagonal_kings,
        a.centre - b.centre,
        threats,
        1,
    ]
}

/// The phase: pieces on the board, 0..=24.
pub fn phase(pos: &Position) -> i32 {
    (pos.occupied().count() as i32).min(FULL_PHASE)
}

/// The evaluation in centi-units (100 ≈ 73% expected result under the fitted scale).
pub fn evaluate(pos: &Position, w: &Weights) -> i32 {
    let f = features(pos);
    let p = phase(pos);
    let mut sum = 0i32;
    for ((mg, eg), x) in w.mg.iter().zip(&w.eg).zip(f) {
        sum += (mg * p + eg * (FULL_PHASE - p)) * x;
    }
    (sum / FULL_PHASE).clamp(-EVAL_LIMIT, EVAL_LIMIT)
}

#[derive(Default)]
struct Side {
    men: i32,
    kings: i32,
    man_moves: i32,
    offering_moves: i32,
    king_moves: i32,
    blocked: i32,
    advancement: i32,
    back_rank: i32,
    diagonal_kings: i32,
    centre: i32,
}

const fn squares_mask(coords: &[(u8, u8)]) -> Bitboard {
    let mut m = Bitboard::EMPTY;
    let mut i = 0;
    while i < coords.len() {
        if let Some(s) = Square::from_coords(coords[i].0, coords[i].1) {
            m = m.union(s.mask());
        }
        i += 1;
    }
    m
}

const MAIN_DIAGONAL: Bitboard = squares_mask(&[(0, 0), (1, 1), (2, 2), (3, 3), (4, 4), (5, 5), (6, 6), (7, 7)]);
const CENTRE: Bitboard = squares_mask(&[(3, 3), (5, 3), (2, 4), (4, 4)]);

/// Squares of each rank (index = rank, 0 = rank 1).
const RANKS: [Bitboard; 8] = {
    let mut r = [Bitboard::EMPTY; 8];
    let mut y = 0;
    while y < 8 {
        let mut x = 0;
        while x < 8 {
            if let Some(s) = Square::from_coords(x, y) {
                r[y as usize] = r[y as usize].union(s.mask());
            }
            x += 1;
        }
        y += 1;
    }
    r
};

fn forward(c: Color) -> [i8; 2] {
    match c {
        Color::White => [DIRECTIONS[0], DIRECTIONS[1]],
        Color::Black => [DIRECTIONS[2], DIRECTIONS[3]],
    }
}

#[inline(always)]
fn side_features(pos: &Position, c: Color) -> Side {
    let own = pos.pieces(c);
    let enemy = pos.pieces(c.opponent());
    let kings = own & pos.kings();
    let men = own - kings;
    let empty = pos.empty();
    let mut s = Side { men: men.count() as i32, kings: kings.count() as i32, ..Side::default() };

    let mut can_step = Bitboard::EMPTY;
    for d in forward(c) {
        can_step |= men & empty.shift(-d);
        let dest = men.shift(d) & empty;
        s.man_moves += dest.count() as i32;
        // A man stepping to t is offered when an enemy piece next to t has an empty square (or the square
        // the man left) behind t. Kings capturing from a distance are left out: this is a cheap estimate.
        let mut offered = Bitboard::EMPTY;
        for e in DIRECTIONS {
            let landing_free = if e == d { BOARD } else { empty.shift(e) };
            offered |= dest & enemy.shift(-e) & landing_free;
        }
        s.offering_moves += offered.count() as i32;
    }
    s.blocked = (men - can_step).count() as i32;

    for k in kings {
        for d in DIRECTIONS {
            let mut t = k.mask().shift(d);
            while (t & empty).any() {
                s.king_moves += 1;
                t = t.shift(d);
            }
        }
    }
    for (y, rank) in RANKS.iter().enumerate() {
        let steps = if c == Color::White { y } else { 7 - y } as i32;
        s.advancement += steps * (men & *rank).count() as i32;
    }
    let home = if c == Color::White { RANKS[0] } else { RANKS[7] };
    s.back_rank = (men & home).count() as i32;
    s.diagonal_kings = (kings & MAIN_DIAGONAL).count() as i32;
    s.centre = (men & CENTRE).count() as i32;
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fen::parse_fen;

    #[test]
    fn start_position_features_are_symmetric() {
        let f = features(&Position::start());
        // Everything but the side-to-move term cancels at the start.
        assert_eq!(&f[..N_FEATURES - 1], &[0; N_FEATURES - 1]);
        assert_eq!(f[N_FEATURES - 1], 1);
    }

    #[test]
    fn colour_flip_gives_the_same_evaluation() {
        // The same position seen from the other colour (board turned round) scores the same.
        let a = parse_fen("W:W21,22,18,K30:B1,5,10,14").unwrap();
        let b = parse_fen("B:W19,23,28,32:B12,15,11,K3").unwrap();
        assert_eq!(features(&a), features(&b));
        let w = Weights::default();
        assert_eq!(evaluate(&a, &w), evaluate(&b, &w));
    }

    #[test]
    fn offered_and_blocked_men_are_counted() {
        // White man c3 may step to d4 next to Black's e5 (offered) or to b4 (not offered).
        let p = parse_fen("W:W22:B15").unwrap();
        let f = features(&p);
        assert_eq!(f[3], 2 - 2); // man moves: White 2, Black 2
        assert_eq!(f[4], 1 - 1); // e5-d4 is offered to c3 as well
                                 // A man on a1 behind b2, c3 (black) is blocked.
        let p = parse_fen("W:W29:B25,22").unwrap();
        assert_eq!(side_features(&p, Color::White).blocked, 1);
    }
}
