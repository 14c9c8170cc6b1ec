//! Every capture the rules allow, written any legal way, is accepted and comes back in one written form. The
//! reference generator (`common/reference.rs`) lists a path for every landing square a king may choose,
//! including every stop before it captures on along the same diagonal, which the core's generator records
//! once, at the landing nearest the captured piece. Each reference path must parse — algebraic and numeric —
//! to a legal move with the same result, written as that path with each such stop moved next to its piece.

mod common;

use common::reference::{RefMove, Reference};
use common::{random_game_position, random_placement, Rng};
use giveaway_core::{parse_move, to_fen, Move, Position, Square};

type Xy = (u8, u8);

fn unit(a: Xy, b: Xy) -> (i8, i8) {
    ((b.0 as i8 - a.0 as i8).signum(), (b.1 as i8 - a.1 as i8).signum())
}

/// The reference path with every stop that is followed by a capture straight on replaced by the square right
/// behind the piece it has just taken.
fn canonical(m: &RefMove) -> Vec<Xy> {
    let p = &m.path;
    let mut out = p.clone();
    for i in 1..p.len().saturating_sub(1) {
        let d = unit(p[i - 1], p[i]);
        if m.captured.is_empty() || d != unit(p[i], p[i + 1]) {
            continue;
        }
        let mut at = p[i - 1];
        loop {
            at = ((at.0 as i8 + d.0) as u8, (at.1 as i8 + d.1) as u8);
            if m.captured.contains(&at) {
                break;
            }
        }
        out[i] = ((at.0 as i8 + d.0) as u8, (at.1 as i8 + d.1) as u8);
    }
    out
}

fn algebraic(path: &[Xy], capture: bool) -> String {
    let names: Vec<String> = path.iter().map(|&(x, y)| format!("{}{}", (b'a' + x) as char, y + 1)).collect();
    names.join(if capture { ":" } else { "-" })
}

fn numeric(path: &[Xy]) -> String {
    let numbers: Vec<String> =
        path.iter().map(|&(x, y)| Square::from_coords(x, y).expect("a dark square").pdn().to_string()).collect();
    numbers.join("x")
}

fn outcome(m: &Move) -> (Xy, Xy, Vec<Xy>, bool) {
    let xy = |s: Square| (s.x(), s.y());
    (xy(m.from()), xy(m.to()), m.captured_squares().map(xy).collect(), m.promotes())
}

/// Checks every reference path of `pos`; returns how many were written differently from the core's form.
fn check(pos: &Position) -> usize {
    let mut rewritten = 0;
    for r in Reference::new(pos).moves() {
        let capture = !r.captured.is_empty();
        let written = algebraic(&r.path, capture);
        let expected = algebraic(&canonical(&r), capture);
        let mut texts = vec![written.clone()];
        if capture {
            texts.push(numeric(&r.path));
        }
        for text in texts {
            let m = parse_move(pos, &text).unwrap_or_else(|e| panic!("{text} refused in {}: {e}", to_fen(pos)));
            assert_eq!(m.to_string(), expected, "{text} in {}", to_fen(pos));
            let (from, to, mut captured, promotes) = outcome(&m);
            captured.sort();
            let want = r.outcome();
            assert_eq!((from, to, captured, promotes), (want.0, want.1, want.2.into_iter().collect(), want.3));
        }
        rewritten += usize::from(written != expected);
    }
    rewritten
}

#[test]
fn every_legal_way_of_writing_a_move_parses_to_its_one_written_form() {
    let mut rng = Rng::new(16);
    let mut rewritten = 0;
    for i in 0..30_000 {
        let p = if i % 2 == 0 { random_placement(&mut rng) } else { random_game_position(&mut rng, i % 150) };
        rewritten += check(&p);
    }
    // The sweep must have met the case it is about: many stops before capturing on.
    assert!(rewritten > 300, "only {rewritten} paths were written another way");
}
