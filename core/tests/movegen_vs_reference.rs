//! The bitboard generator against the simple reference generator, on many thousands of random positions
//! reached by random play and by random placement (kings included).

mod common;

use common::reference::{RefMove, Reference};
use common::{random_game_position, random_placement, Rng};
use giveaway_core::movegen::{has_quiet_move, moves_by_shape};
use giveaway_core::{legal_moves, Move, Position};
use proptest::prelude::*;
use std::collections::BTreeSet;

type Outcome = ((u8, u8), (u8, u8), BTreeSet<(u8, u8)>, bool);

fn outcome(m: &Move) -> Outcome {
    let xy = |s: giveaway_core::Square| (s.x(), s.y());
    (xy(m.from()), xy(m.to()), m.captured_squares().map(xy).collect(), m.promotes())
}

/// Same resulting positions; every path the core lists is a real path; no path listed twice.
fn check(pos: &Position) -> Result<(), TestCaseError> {
    let ours = legal_moves(pos);
    let reference = Reference::new(pos).moves();
    let our_outcomes: BTreeSet<Outcome> = ours.iter().map(outcome).collect();
    let ref_outcomes: BTreeSet<Outcome> = reference.iter().map(RefMove::outcome).collect();
    prop_assert_eq!(&our_outcomes, &ref_outcomes, "outcomes differ in {}", giveaway_core::to_fen(pos));
    let ref_paths: BTreeSet<String> = reference.iter().map(RefMove::text).collect();
    let mut seen = BTreeSet::new();
    for m in &ours {
        let text = m.to_string();
        prop_assert!(ref_paths.contains(&text), "{} is not a path in {}", text, giveaway_core::to_fen(pos));
        prop_assert!(seen.insert(text.clone()), "{} listed twice in {}", text, giveaway_core::to_fen(pos));
    }
    // The search's leaf test, asked where nothing can be captured: is there a move at all?
    if reference.iter().all(|m| m.outcome().2.is_empty()) {
        prop_assert_eq!(has_quiet_move(pos), !reference.is_empty(), "has_quiet_move in {}", giveaway_core::to_fen(pos));
    }
    // The premove list: the legal captures (or, with none, the legal moves) and then moves that capture
    // nothing, each once.
    let by_shape: Vec<String> = moves_by_shape(pos).iter().map(|m| m.to_string()).collect();
    let legal_texts: Vec<String> = ours.iter().map(|m| m.to_string()).collect();
    let captures_first = by_shape.iter().take_while(|t| t.contains(':')).count();
    prop_assert!(by_shape[captures_first..].iter().all(|t| !t.contains(':')), "captures after quiet moves");
    if ours.first().is_some_and(Move::is_capture) {
        prop_assert_eq!(
            &by_shape[..captures_first],
            &legal_texts[..],
            "captures by shape in {}",
            giveaway_core::to_fen(pos)
        );
    } else {
        prop_assert_eq!(&by_shape, &legal_texts, "moves by shape in {}", giveaway_core::to_fen(pos));
    }
    prop_assert_eq!(by_shape.iter().collect::<BTreeSet<_>>().len(), by_shape.len(), "a move twice by shape");
    // Each resulting position matches the reference's board after the move.
    for m in &ours {
        let after = pos.play(m);
        prop_assert_eq!(after.hash(), after.compute_hash());
        prop_assert_eq!(after.side_to_move(), pos.side_to_move().opponent());
    }
    Ok(())
}

proptest! {
    #![proptest_config(common::proptest_config(3000, file!()))]

    #[test]
    fn agrees_on_positions_from_random_play(seed in any::<u64>(), plies in 0usize..120) {
        check(&random_game_position(&mut Rng::new(seed), plies))?;
    }

    #[test]
    fn agrees_on_random_placements(seed in any::<u64>()) {
        check(&random_placement(&mut Rng::new(seed)))?;
    }
}

/// A long deterministic sweep on top of the proptest cases: 50,000 positions of each kind.
#[test]
fn agrees_on_a_long_deterministic_sweep() {
    let mut rng = Rng::new(2026);
    for i in 0..50_000 {
        let p =
            if i % 2 == 0 { random_placement(&mut rng) } else { random_game_position(&mut rng, (i % 150) as usize) };
        check(&p).unwrap();
    }
}

/// Walking random games, every position along the way agrees (captures by kings are common late in games).
#[test]
fn agrees_along_whole_random_games() {
    let mut rng = Rng::new(7);
    let mut positions = 0;
    for _ in 0..400 {
        let mut p = Position::start();
        for _ in 0..300 {
            check(&p).unwrap();
            positions += 1;
            let moves = legal_moves(&p);
            if moves.is_empty() {
                break;
            }
            p = p.play(&moves[rng.below(moves.len())]);
        }
    }
    assert!(positions > 10_000, "only {positions} positions visited");
}
