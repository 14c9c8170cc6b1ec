//! Entering a move by taps: select a piece, then tap each landing square (hop by hop) or the final square.
//!
//! The move generator lists a king's capture with one landing square per captured piece; where the king goes
//! straight on along the same diagonal it records the landing nearest the captured piece. Physically the king
//! may stop anywhere on that run before the next captured piece, so a tap anywhere on the run is accepted as
//! that hop. A tap on a candidate's final square completes the move at once; when paths with different
//! captures end there, the player chooses (paths with the same captures and end are the same move).

use giveaway_core::movegen::Move;
use giveaway_core::square::{Bitboard, Square};

/// A piece selected for moving, with the hops entered so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    from: Square,
    /// The squares tapped as landings so far, in order.
    visited: Vec<Square>,
    /// The legal moves of this piece that agree with every tap so far.
    candidates: Vec<Move>,
}

/// What a tap did to an entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// A hop of a multi-capture was entered; more must follow.
    Continue(Entry),
    /// The move is fully determined.
    Complete(Move),
    /// Several moves with different captures end on the tapped square.
    Choose(Vec<Move>),
    /// The square is not a landing or final square of any candidate.
    Rejected,
}

impl Entry {
    /// Selects the piece on `from`; `None` when it has no legal move among `legal`.
    pub fn select(from: Square, legal: &[Move]) -> Option<Entry> {
        let candidates: Vec<Move> = legal.iter().filter(|m| m.from() == from).copied().collect();
        (!candidates.is_empty()).then_some(Entry { from, visited: Vec::new(), candidates })
    }

    /// The square of the selected piece.
    pub fn from(&self) -> Square {
        self.from
    }

    /// Landing squares tapped so far.
    pub fn visited(&self) -> &[Square] {
        &self.visited
    }

    /// Where the moving piece stands now.
    pub fn current(&self) -> Square {
        self.visited.last().copied().unwrap_or(self.from)
    }

    /// Whether some hops of a multi-capture were entered.
    pub fn is_partial(&self) -> bool {
        !self.visited.is_empty()
    }

    /// Pieces captured by the hops entered so far (shown as ghosts until the move ends).
    pub fn ghosts(&self) -> Vec<Square> {
        let Some(m) = self.candidates.first() else { return Vec::new() };
        let hops = hops(m);
        hops.iter().take(self.visited.len()).filter_map(|h| h.captured).collect()
    }

    /// The next landing square of each candidate (destination dots).
    pub fn next_landings(&self) -> Bitboard {
        let k = self.visited.len();
        self.candidates.iter().filter_map(|m| m.path().get(k).copied()).collect()
    }

    /// The final square of each candidate (tapping one completes the move).
    pub fn final_squares(&self) -> Bitboard {
        self.candidates.iter().map(Move::to).collect()
    }

    /// Applies a tap on `to`: the next hop of some candidates, or the final square of others. When it is both
    /// (a king's capture may end where another path only passes, a man's loop may come back to its first
    /// landing), the tap completes the move, or the player chooses among the full moves it may mean.
    pub fn tap(&self, to: Square) -> Step {
        let k = self.visited.len();
        let continuing: Vec<Move> =
            self.candidates.iter().filter(|m| m.path().len() > k + 1 && accepts(m, k, to)).copied().collect();
        let ending_here: Vec<Move> = self.candidates.iter().filter(|m| m.to() == to).copied().collect();
        match (continuing.is_empty(), ending_here.is_empty()) {
            (true, true) => Step::Rejected,
            (false, true) => {
                let mut visited = self.visited.clone();
                visited.push(to);
                Step::Continue(Entry { from: self.from, visited, candidates: continuing })
            }
            _ => settle(continuing.into_iter().chain(ending_here).collect()),
        }
    }
}

/// One move, or a choice among moves that lead to different positions.
fn settle(moves: Vec<Move>) -> Step {
    let mut distinct: Vec<Move> = Vec::new();
    for m in moves {
        if !distinct.iter().any(|d| d.outcome_key() == m.outcome_key()) {
            distinct.push(m);
        }
    }
    if distinct.len() == 1 {
        Step::Complete(distinct[0])
    } else {
        Step::Choose(distinct)
    }
}

/// One hop of a move: where it starts, where it lands, and the piece it captures (none for a quiet move).
#[derive(Clone, Copy, Debug)]
struct Hop {
    start: Square,
    land: Square,
    captured: Option<Square>,
}

fn hops(m: &Move) -> Vec<Hop> {
    let mut start = m.from();
    m.path()
        .iter()
        .map(|&land| {
            let captured = between(start, land).into_iter().find(|&s| m.captured().contains(s));
            let h = Hop { start, land, captured };
            start = land;
            h
        })
        .collect()
}

/// Whether tapping `to` enters hop `k` of move `m`.
fn accepts(m: &Move, k: usize, to: Square) -> bool {
    let hops = hops(m);
    let Some(hop) = hops.get(k) else { return false };
    if hop.land == to {
        return true;
    }
    // Going straight on after this hop, the king may stop anywhere before the next captured piece.
    let Some(next) = hops.get(k + 1) else { return false };
    match (hop.captured, next.captured) {
        (Some(_), Some(next_captured)) if direction(hop.start, hop.land) == direction(next.start, next.land) => {
            between(hop.land, next_captured).contains(&to)
        }
        _ => false,
    }
}

/// Unit diagonal step from `a` towards `b` as (dx, dy).
fn direction(a: Square, b: Square) -> (i8, i8) {
    ((b.x() as i8 - a.x() as i8).signum(), (b.y() as i8 - a.y() as i8).signum())
}

/// The squares strictly between two squares on one diagonal (empty if they are not on one).
fn between(a: Square, b: Square) -> Vec<Square> {
    let (dx, dy) = (b.x() as i8 - a.x() as i8, b.y() as i8 - a.y() as i8);
    if dx.abs() != dy.abs() || dx == 0 {
        return Vec::new();
    }
    (1..dx.abs())
        .filter_map(|i| {
            Square::from_coords((a.x() as i8 + i * dx.signum()) as u8, (a.y() as i8 + i * dy.signum()) as u8)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use giveaway_core::fen::parse_fen;
    use giveaway_core::movegen::legal_moves;

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    fn entry(fen: &str, from: &str) -> Entry {
        let legal = legal_moves(&parse_fen(fen).unwrap());
        Entry::select(sq(from), &legal).unwrap()
    }

    fn names(b: Bitboard) -> Vec<String> {
        b.squares().map(|s| s.to_string()).collect()
    }

    #[test]
    fn quiet_move_by_destination() {
        let e = entry("W:W21-32:B1-12", "c3");
        assert_eq!(names(e.next_landings()), ["b4", "d4"]);
        assert!(matches!(e.tap(sq("d4")), Step::Complete(m) if m.to_string() == "c3-d4"));
        assert_eq!(e.tap(sq("e5")), Step::Rejected);
        assert!(Entry::select(sq("c1"), &legal_moves(&parse_fen("W:W21-32:B1-12").unwrap())).is_none());
    }

    #[test]
    fn the_promotion_capture_hop_by_hop_and_by_final_square() {
        // h6:f8:b4:e1 — the only move; the king must land on b4.
        let e = entry("W:Wh6:Bg7,c5,d2", "h6");
        let Step::Continue(e1) = e.tap(sq("f8")) else { panic!("f8 is the first hop") };
        assert_eq!(e1.ghosts(), vec![sq("g7")]);
        assert_eq!(e1.tap(sq("a3")), Step::Rejected, "a3 is not allowed: only from b4 the capture continues");
        let Step::Continue(e2) = e1.tap(sq("b4")) else { panic!("b4 is the second hop") };
        assert_eq!(e2.ghosts().len(), 2);
        assert!(matches!(e2.tap(sq("e1")), Step::Complete(m) if m.to_string() == "h6:f8:b4:e1"));
        // Final square straight away.
        assert!(matches!(e.tap(sq("e1")), Step::Complete(m) if m.to_string() == "h6:f8:b4:e1"));
    }

    #[test]
    fn king_straight_on_run_accepts_any_square_before_the_next_capture() {
        // White king a1 takes c3 then e5 along the long diagonal: listed as a1:d4:f6/g7/h8 (d4 nearest c3).
        let fen = "W:WKa1:Bc3,e5";
        let e = entry(fen, "a1");
        let listed: Vec<String> = e.candidates.iter().map(|m| m.to_string()).collect();
        assert!(listed.iter().all(|m| m.starts_with("a1:d4:")), "{listed:?}");
        let Step::Continue(e1) = e.tap(sq("d4")) else { panic!("d4 listed landing") };
        assert_eq!(e1.ghosts(), vec![sq("c3")]);
        // A king on a1 with c3 and f6: the run between is d4, e5.
        let e = entry("W:WKa1:Bc3,f6", "a1");
        let Step::Continue(on_e5) = e.tap(sq("e5")) else { panic!("e5 is on the run between c3 and f6") };
        assert_eq!(on_e5.current(), sq("e5"));
        assert!(matches!(on_e5.tap(sq("h8")), Step::Complete(m) if m.to_string() == "a1:d4:h8"));
        assert_eq!(on_e5.tap(sq("f6")), Step::Rejected);
    }

    #[test]
    fn final_square_with_different_captures_offers_a_choice() {
        // King g5: g5:e3:c5:f8 takes f4, d4, e7; g5:c1:a3:f8 takes f4, b2, e7. Both end on f8.
        let e = entry("W:WKg5:Bb2,f4,b8,e7,d4,e5", "g5");
        let Step::Choose(options) = e.tap(sq("f8")) else { panic!("two paths end on f8") };
        let mut texts: Vec<String> = options.iter().map(|m| m.to_string()).collect();
        texts.sort();
        assert_eq!(texts, ["g5:c1:a3:f8", "g5:e3:c5:f8"]);
        // Hop by hop removes the ambiguity.
        let Step::Continue(e1) = e.tap(sq("e3")) else { panic!() };
        assert!(matches!(e1.tap(sq("f8")), Step::Complete(m) if m.to_string() == "g5:e3:c5:f8"));
        // A diamond of men: both ways round capture all four and come back, so they are one move.
        let e = entry("W:Wc3:Bd4,b4,d6,b6", "c3");
        assert!(matches!(e.tap(sq("c3")), Step::Complete(_)));
        // King c3: c3:a1 takes b2 alone; c3:e1:g3:e5:a1 takes four and also ends on a1.
        let e = entry("W:WK22:B25,26,K27,23,19", "c3");
        assert!(matches!(e.tap(sq("a1")), Step::Choose(o) if o.len() == 2));
        let Step::Continue(e1) = e.tap(sq("e1")) else { panic!() };
        assert_eq!(e1.final_squares(), sq("a1").mask());
    }

    #[test]
    fn a_loop_back_to_the_first_landing_completes_on_that_square() {
        // a3 takes b4 landing on c5, then d6, f6, f4, d4 either way round and comes back to c5: one move.
        let e = entry("W:Wa3:Bb4,d6,f6,f4,d4", "a3");
        let Step::Complete(m) = e.tap(sq("c5")) else { panic!("c5 is the final square of both loops") };
        assert_eq!(m.path().len(), 5);
        // With b6 too, every path goes on from c5 (the loops end by taking b6), so c5 is only a hop.
        let e = entry("W:Wa3:Bb4,d6,f6,f4,d4,b6", "a3");
        let Step::Continue(e1) = e.tap(sq("c5")) else { panic!("c5 is the first hop of every path") };
        assert_eq!(names(e1.next_landings()), ["e3", "a7", "e7"]);
    }

    /// Random positions with kings and men of both colours, White to move.
    fn positions() -> impl proptest::strategy::Strategy<Value = giveaway_core::position::Position> {
        use proptest::prelude::*;
        (any::<u32>(), any::<u32>(), any::<u32>()).prop_filter_map("a legal position", |(w, b, k)| {
            let squares: Vec<Square> = Square::all().collect();
            let pick = |bits: u32| -> Bitboard {
                squares.iter().enumerate().filter(|(i, _)| bits >> i & 1 == 1).map(|(_, &s)| s).collect()
            };
            // Sparse boards: about one square in four for each side, so captures and kings are common.
            let white = pick(w & b.rotate_left(7)) - pick(b & k.rotate_left(3));
            let black = pick(b & k.rotate_left(3)) - white;
            let kings = pick(k & w.rotate_left(11)) & (white | black);
            let kings = kings | (white & giveaway_core::square::RANK_8) | (black & giveaway_core::square::RANK_1);
            giveaway_core::position::Position::new(white, black, kings, giveaway_core::position::Color::White).ok()
        })
    }

    proptest::proptest! {
        /// Every legal move can be entered hop by hop along its listed path, and by its final square (which
        /// completes it or offers it among moves with other captures).
        #[test]
        fn every_move_can_be_entered_both_ways(pos in positions()) {
            let legal = legal_moves(&pos);
            for m in legal.iter() {
                let mut e = Entry::select(m.from(), &legal).unwrap();
                let mut done = None;
                for (i, &s) in m.path().iter().enumerate() {
                    match e.tap(s) {
                        Step::Continue(next) => { proptest::prop_assert!(i + 1 < m.path().len()); e = next; }
                        Step::Complete(c) => { done = Some(c.outcome_key()); break; }
                        // A landing that is also where another capture ends: m is among the choices.
                        Step::Choose(options) => {
                            done = options.iter().map(|o| o.outcome_key()).find(|k| *k == m.outcome_key());
                            break;
                        }
                        Step::Rejected => proptest::prop_assert!(false, "{m}: hop {i} rejected"),
                    }
                }
                proptest::prop_assert_eq!(done, Some(m.outcome_key()), "{}", m);
                let e = Entry::select(m.from(), &legal).unwrap();
                match e.tap(m.to()) {
                    Step::Complete(c) => proptest::prop_assert_eq!(c.outcome_key(), m.outcome_key()),
                    Step::Choose(options) => {
                        proptest::prop_assert!(options.iter().any(|o| o.outcome_key() == m.outcome_key()));
                        let keys: std::collections::HashSet<_> = options.iter().map(|o| o.outcome_key()).collect();
                        proptest::prop_assert_eq!(keys.len(), options.len());
                    }
                    other => proptest::prop_assert!(false, "{m}: final square gave {other:?}"),
                }
            }
        }
    }
}
