//! Perft: counts the leaves of the legal-move tree, the standard check of a move generator.

use crate::movegen::{count_moves, generate, MoveList};
use crate::position::Position;

/// How capture paths that reach the same position are counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Counting {
    /// Each resulting position once (the canonical published convention).
    Distinct,
    /// Every capture path separately.
    Sequences,
}

/// Leaf count at `depth` plies from `pos`.
pub fn perft(pos: &Position, depth: u32, counting: Counting) -> u64 {
    let mut lists = vec![MoveList::new(); depth as usize + 1];
    walk(pos, depth, counting == Counting::Distinct, &mut lists)
}

fn walk(pos: &Position, depth: u32, distinct: bool, lists: &mut [MoveList]) -> u64 {
    let (list, rest) = lists.split_first_mut().expect("one list per ply");
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        return count_moves(pos, list, distinct);
    }
    generate(pos, list);
    if distinct {
        list.dedup_outcomes();
    }
    let mut n = 0;
    for mv in list.iter() {
        n += walk(&pos.play_unhashed(mv), depth - 1, distinct, rest);
    }
    n
}

/// Leaf counts below each root move (in generation order), for finding where two generators disagree.
/// At depth 0 the one leaf is the root itself: no move is played, so the list is empty.
pub fn divide(pos: &Position, depth: u32, counting: Counting) -> Vec<(crate::movegen::Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let mut list = MoveList::new();
    generate(pos, &mut list);
    if counting == Counting::Distinct {
        list.dedup_outcomes();
    }
    list.iter().map(|m| (*m, perft(&pos.play(m), depth - 1, counting))).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn divide_adds_up_to_perft_and_is_empty_at_depth_0() {
        let start = Position::start();
        assert!(divide(&start, 0, Counting::Distinct).is_empty());
        for depth in 1..=3 {
            let parts = divide(&start, depth, Counting::Sequences);
            assert_eq!(parts.iter().map(|(_, n)| n).sum::<u64>(), perft(&start, depth, Counting::Sequences));
        }
    }
}
