//! Property tests for invariants: FEN and notation round trips, the incremental hash, undo/redo.

mod common;

use common::{random_game_position, random_placement, Rng};
use giveaway_core::{format_move, legal_moves, parse_fen, parse_move, to_fen, Color, Game, Notation, Position, Rules};
use proptest::prelude::*;

fn random_position(seed: u64) -> Position {
    let mut rng = Rng::new(seed);
    if seed.is_multiple_of(2) {
        random_placement(&mut rng)
    } else {
        let plies = rng.below(100);
        random_game_position(&mut rng, plies)
    }
}

/// The same position written with algebraic squares, kings marked, Black's list first.
fn algebraic_fen(p: &Position) -> String {
    let list = |c: Color| {
        p.pieces(c)
            .squares()
            .map(|s| format!("{}{}", if p.kings().contains(s) { "K" } else { "" }, s))
            .collect::<Vec<_>>()
            .join(",")
    };
    let side = if p.side_to_move() == Color::White { "W" } else { "B" };
    format!("{side}:B{}:W{}", list(Color::Black), list(Color::White))
}

proptest! {
    #![proptest_config(common::proptest_config(2000, file!()))]

    #[test]
    fn fen_round_trips(seed in any::<u64>()) {
        let p = random_position(seed);
        let fen = to_fen(&p);
        prop_assert_eq!(parse_fen(&fen).unwrap(), p);
        prop_assert_eq!(to_fen(&parse_fen(&algebraic_fen(&p)).unwrap()), fen);
    }

    #[test]
    fn every_legal_move_round_trips_through_both_notations(seed in any::<u64>()) {
        let p = random_position(seed);
        for m in &legal_moves(&p) {
            for n in [Notation::Algebraic, Notation::Numeric] {
                let text = format_move(m, n);
                prop_assert_eq!(parse_move(&p, &text).unwrap(), *m, "{} in {}", text, to_fen(&p));
            }
        }
    }

    #[test]
    fn incremental_hash_equals_hash_from_scratch(seed in any::<u64>(), plies in 0usize..200) {
        let mut rng = Rng::new(seed);
        let mut p = random_position(seed);
        for _ in 0..plies {
            let moves = legal_moves(&p);
            if moves.is_empty() { break; }
            p = p.play(&moves[rng.below(moves.len())]);
            prop_assert_eq!(p.hash(), p.compute_hash());
            prop_assert_eq!(parse_fen(&to_fen(&p)).unwrap().hash(), p.hash());
        }
    }

    #[test]
    fn undo_all_then_redo_all_restores_every_position(seed in any::<u64>(), plies in 0usize..150) {
        let mut rng = Rng::new(seed);
        let mut g = Game::new(Position::start(), Rules::default());
        let mut seen = vec![*g.position()];
        for _ in 0..plies {
            let moves = g.legal_moves();
            if moves.is_empty() { break; }
            g.play(&moves[rng.below(moves.len())]).unwrap();
            seen.push(*g.position());
        }
        let result = g.result();
        while g.undo().is_some() {
            prop_assert_eq!(g.position(), &seen[g.ply()]);
        }
        prop_assert_eq!(g.ply(), 0);
        while g.redo().is_some() {
            prop_assert_eq!(g.position(), &seen[g.ply()]);
        }
        prop_assert_eq!(g.ply(), seen.len() - 1);
        prop_assert_eq!(g.result(), result);
    }

    #[test]
    fn text_parsers_never_panic(s in "\\PC{0,40}") {
        let _ = parse_fen(&s);
        let _ = parse_move(&Position::start(), &s);
    }

    #[test]
    fn fen_like_text_never_panics(s in "[WBwbK:,0-9a-h\\- .]{0,60}") {
        if let Ok(p) = parse_fen(&s) {
            prop_assert_eq!(parse_fen(&to_fen(&p)).unwrap(), p);
        }
    }

    #[test]
    fn move_like_text_never_panics(s in "[a-h1-9x:\\-]{0,30}", seed in any::<u64>()) {
        let p = random_position(seed);
        if let Ok(m) = parse_move(&p, &s) {
            prop_assert!(legal_moves(&p).contains(&m));
        }
    }
}
