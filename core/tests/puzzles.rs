//! The shipped puzzle set (core/data/puzzles.txt): its size and form, and a sample of it verified again with the
//! tables it was made with (`make puzzles-verify` verifies every puzzle).

use giveaway_core::engine::SearchRoot;
use giveaway_core::puzzle::{shipped, shipped_text, verify, Goal, Judge, JudgeSettings, Judgement, Theme, THEMES};
use giveaway_core::tablebase::Tablebase;
use giveaway_core::{legal_moves, Rules};
use std::sync::Arc;

/// Every this-many-th puzzle is verified here (about 370 of them, a few seconds).
const SAMPLE_EVERY: usize = 10;

#[test]
fn the_shipped_set_is_large_small_and_well_formed() {
    let set = shipped();
    assert!(set.len() >= 3000, "{} puzzles", set.len());
    assert!(shipped_text().len() <= 1 << 20, "{} bytes", shipped_text().len());
    for p in set.puzzles() {
        assert_eq!(p.themes.iter().filter(|t| t.is_kind()).count(), 1, "{}", p.to_line());
        assert!((600..=2620).contains(&p.rating), "{}", p.to_line());
        assert!(legal_moves(&p.position).len() >= 2, "{}", p.to_line());
        // The JSON line other programs read gives the same puzzle back.
        assert_eq!(&giveaway_core::puzzle::Puzzle::from_json(&p.to_json()).unwrap(), p);
    }
    for kind in [Theme::Win, Theme::Draw, Theme::OnlyMove] {
        assert!(set.count(kind) > 0, "no {} puzzle", kind.name());
    }
    for theme in THEMES {
        assert!(set.count(theme) > 0, "no puzzle with the theme {}", theme.name());
    }
}

#[test]
fn a_sample_of_the_shipped_puzzles_verifies_and_their_alternatives_are_accepted() {
    let tables = Arc::new(Tablebase::build(4, |_, _| {}).expect("the 4-piece tables build").0);
    let mut judge = Judge::new(JudgeSettings::default(), Some(tables));
    let mut alternatives = 0;
    for p in shipped().puzzles().iter().step_by(SAMPLE_EVERY) {
        let v = verify(p, &mut judge).unwrap_or_else(|e| panic!("{}: {e}", p.to_line()));
        assert_eq!(v.steps, p.solver_moves());
        // Every move the verifier accepted besides the solution is accepted by the judge the trainer asks.
        for (step, accepted) in v.accepted.iter().enumerate() {
            assert_eq!(accepted[0], p.solution[2 * step]);
            if p.kind() != Theme::Win {
                continue;
            }
            let mut root = SearchRoot::new(p.position, Rules::default());
            for mv in &p.solution[..2 * step] {
                root = root.after(mv);
            }
            for alt in &accepted[1..] {
                assert_eq!(judge.judge(&root, alt, &Goal::Win).0, Judgement::Good, "{}: {alt}", p.to_line());
                alternatives += 1;
            }
        }
    }
    assert!(alternatives > 0, "the sample has puzzles with an alternative as good as the solution");
}
