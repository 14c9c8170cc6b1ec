//! Any text given to the PDN reader returns games or an error, never a panic; games read back are written and
//! read again unchanged (moves, clocks after each move, result).
#![no_main]

use giveaway_core::pdn::{read_games, write_games};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(games) = read_games(text) {
        let again = read_games(&write_games(&games)).expect("written PDN reads back");
        assert_eq!(again.len(), games.len());
        for (a, b) in games.iter().zip(&again) {
            assert_eq!((a.start, &a.moves, &a.clocks, a.result), (b.start, &b.moves, &b.clocks, b.result));
        }
    }
});
