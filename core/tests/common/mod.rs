//! Test helpers shared by the integration tests: a deliberately simple reference move generator and random
//! positions.
#![allow(dead_code)] // each test file uses its own part of this module

pub mod reference;

pub use giveaway_core::engine::Rng;
use giveaway_core::square::{Bitboard, RANK_1, RANK_8};
use giveaway_core::{legal_moves, Color, Position, Square};
use proptest::test_runner::{Config, FileFailurePersistence};

/// Property-test settings: `cases` cases, failures persisted in the crate's one regressions folder as
/// `proptest-regressions/tests/<test file>.txt` (proptest's default puts them beside a test outside `src/`).
/// `test_file` is the test's `file!()`.
pub fn proptest_config(cases: u32, test_file: &str) -> Config {
    let name = std::path::Path::new(test_file).file_stem().and_then(|s| s.to_str()).unwrap_or("tests");
    let path = format!("{}/proptest-regressions/tests/{name}.txt", env!("CARGO_MANIFEST_DIR"));
    // The persistence wants a 'static path; one short string per test binary.
    let path: &'static str = Box::leak(path.into_boxed_str());
    Config { cases, failure_persistence: Some(Box::new(FileFailurePersistence::Direct(path))), ..Config::default() }
}

/// A position reached by `plies` random legal moves from the start (fewer if the game ends).
pub fn random_game_position(rng: &mut Rng, plies: usize) -> Position {
    let mut p = Position::start();
    for _ in 0..plies {
        let moves = legal_moves(&p);
        if moves.is_empty() {
            break;
        }
        p = p.play(&moves[rng.below(moves.len())]);
    }
    p
}

/// A random placement of men and kings of both colours (men on their promotion rank become kings).
pub fn random_placement(rng: &mut Rng) -> Position {
    let density = 10 + rng.below(60); // percent of squares occupied
    let king_share = rng.below(101);
    let (mut white, mut black, mut kings) = (Bitboard::EMPTY, Bitboard::EMPTY, Bitboard::EMPTY);
    for s in Square::all() {
        if rng.below(100) >= density {
            continue;
        }
        let is_white = rng.below(2) == 0;
        let bb = if is_white { &mut white } else { &mut black };
        if bb.count() >= 12 {
            continue;
        }
        *bb |= s.mask();
        if rng.below(100) < king_share {
            kings |= s.mask();
        }
    }
    kings |= (white & RANK_8) | (black & RANK_1);
    let side = if rng.below(2) == 0 { Color::White } else { Color::Black };
    Position::new(white, black, kings, side).expect("placement respects the position invariants")
}
