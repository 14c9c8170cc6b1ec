//! Perft from the start position against the published reference counts in RULES.md, both conventions.

use giveaway_core::perft::{divide, perft, Counting};
use giveaway_core::Position;

const DISTINCT: [u64; 9] = [7, 49, 302, 1_469, 7_482, 37_986, 190_146, 929_899, 4_570_586];
const SEQUENCES: [u64; 9] = [7, 49, 302, 1_469, 7_482, 37_986, 190_146, 929_905, 4_570_667];

#[test]
fn distinct_positions_match_the_published_table_to_depth_9() {
    for (i, &expected) in DISTINCT.iter().enumerate() {
        let depth = i as u32 + 1;
        assert_eq!(perft(&Position::start(), depth, Counting::Distinct), expected, "depth {depth}");
    }
}

#[test]
fn capture_sequences_match_the_published_table_to_depth_9() {
    for (i, &expected) in SEQUENCES.iter().enumerate() {
        let depth = i as u32 + 1;
        assert_eq!(perft(&Position::start(), depth, Counting::Sequences), expected, "depth {depth}");
    }
}

#[test]
fn divide_sums_to_perft() {
    for counting in [Counting::Distinct, Counting::Sequences] {
        let parts = divide(&Position::start(), 8, counting);
        assert_eq!(parts.len(), 7);
        assert_eq!(parts.iter().map(|(_, n)| n).sum::<u64>(), perft(&Position::start(), 8, counting));
    }
}
