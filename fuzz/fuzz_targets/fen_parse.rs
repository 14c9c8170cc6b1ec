//! Any text given to the FEN parser returns a position or an error, never a panic; a parsed position writes
//! back to a FEN that parses to the same position.
#![no_main]

use giveaway_core::{parse_fen, to_fen};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(pos) = parse_fen(text) {
        let fen = to_fen(&pos);
        assert_eq!(parse_fen(&fen).expect("canonical FEN parses"), pos);
    }
});
