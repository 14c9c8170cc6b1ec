//! Move text parsed against a position derived from the input: never a panic, and a parsed move is legal and
//! writes back to text naming the same move.
#![no_main]

use giveaway_core::{format_move, legal_moves, parse_move, Notation, Position};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // The first bytes pick a position by playing moves from the start; the rest is the move text.
    let (choices, text) = data.split_at(data.len().min(data.first().map_or(0, |n| (*n % 40) as usize)));
    let mut pos = Position::start();
    for c in choices {
        let moves = legal_moves(&pos);
        if moves.is_empty() {
            break;
        }
        pos = pos.play(&moves[*c as usize % moves.len()]);
    }
    let Ok(text) = std::str::from_utf8(text) else { return };
    if let Ok(mv) = parse_move(&pos, text) {
        assert!(legal_moves(&pos).contains(&mv));
        for n in [Notation::Algebraic, Notation::Numeric] {
            assert_eq!(parse_move(&pos, &format_move(&mv, n)).expect("written move parses"), mv);
        }
    }
});
