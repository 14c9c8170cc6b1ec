//! The hop-by-hop animation of a move: planned from the snapshots before and after it
//! ([`AnimationPlan::between`], written beside the game's snapshot so the board needs nothing of the game),
//! drawn by the shells frame by frame from [`animation_frame`].
//!
//! Each hop moves the piece from one landing square to the next; the piece it jumps stays on the board and
//! turns into a ghost once the mover has passed it, and every captured piece disappears only when the move
//! ends (the Turkish strike, shown as it is played). A capture entered hop by hop has already shown its first
//! hops, so only the rest is animated.

use super::squares::{cell, square};
use super::view::{PieceKind, PieceView};
use giveaway_core::storage::AnimationSpeed;

/// Milliseconds per hop for each animation speed (none when off).
pub fn hop_ms(speed: AnimationSpeed) -> u64 {
    match speed {
        AnimationSpeed::Off => 0,
        AnimationSpeed::Slow => 450,
        AnimationSpeed::Normal => 260,
        AnimationSpeed::Fast => 140,
    }
}

/// One hop of an animated move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HopPlan {
    /// The square the hop starts from (PDN number).
    pub from: u32,
    /// The square it lands on (PDN number).
    pub to: u32,
    /// The piece jumped on this hop (PDN number), `None` for a quiet move.
    pub captured: Option<u32>,
    /// When the hop starts, from the start of the animation.
    pub start_ms: u64,
    /// How long the hop takes.
    pub duration_ms: u64,
}

/// A piece the animation shows that the snapshot after the move no longer has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CapturedPiece {
    /// Where the captured piece stands (PDN number).
    pub square: u32,
    /// The captured piece.
    pub piece: PieceView,
    /// Already jumped: drawn as a ghost.
    pub ghost: bool,
}

/// A planned move animation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnimationPlan {
    /// Tells one planned animation from the next (a shell runs each once).
    pub id: u64,
    /// The moving piece as it starts (a man that crowns on the way becomes a king from the next hop on).
    pub piece: PieceView,
    /// The hops in order: one for a quiet move, one per landing for a capture.
    pub hops: Vec<HopPlan>,
    /// The pieces the move captures, each with whether it was already jumped when the animation starts (a
    /// capture entered hop by hop).
    pub captured: Vec<CapturedPiece>,
    /// The hop after which the piece is a king (it reached the far rank mid-capture), if any.
    pub crowned_after_hop: Option<u32>,
    /// The whole animation's length.
    pub total_ms: u64,
    /// The board orientation the frames are given in.
    pub flipped: bool,
}

/// The moving piece at one moment, between squares: fractional screen column and row (0 = left / top).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FlyingPiece {
    /// The piece as drawn now (a king once crowned).
    pub piece: PieceView,
    /// Fractional screen column, 0 = left.
    pub column: f32,
    /// Fractional screen row, 0 = top.
    pub row: f32,
}

/// What to draw at one moment of an animation, over the board of the snapshot after the move.
#[derive(Clone, Debug, PartialEq)]
pub struct AnimationFrame {
    /// The moving piece, between squares.
    pub flying: FlyingPiece,
    /// The square the piece ends on: drawn empty until the animation is over.
    pub destination: u32,
    /// The captured pieces still standing, ghosts once jumped.
    pub captured: Vec<CapturedPiece>,
}

/// The frame `elapsed_ms` after the animation started, or `None` once it is over (draw the snapshot).
pub fn animation_frame(plan: &AnimationPlan, elapsed_ms: u64) -> Option<AnimationFrame> {
    if elapsed_ms >= plan.total_ms {
        return None;
    }
    let index = plan.hops.iter().rposition(|h| h.start_ms <= elapsed_ms)?;
    let hop = &plan.hops[index];
    let t = (elapsed_ms - hop.start_ms) as f32 / hop.duration_ms.max(1) as f32;
    let eased = t * t * (3.0 - 2.0 * t);
    let (a, b) = (position(hop.from, plan.flipped), position(hop.to, plan.flipped));
    let crowned = plan.crowned_after_hop.is_some_and(|c| index as u32 > c);
    let piece = if crowned { PieceView { kind: PieceKind::King, ..plan.piece } } else { plan.piece };
    // A piece turns into a ghost once the mover has passed it, and stays until the move ends.
    let jumped = |sq: u32| {
        plan.hops[..index].iter().any(|h| h.captured == Some(sq))
            || (hop.captured == Some(sq) && eased >= passed_at(hop.from, hop.to, sq))
    };
    Some(AnimationFrame {
        flying: FlyingPiece { piece, column: a.0 + (b.0 - a.0) * eased, row: a.1 + (b.1 - a.1) * eased },
        destination: plan.hops.last().map_or(0, |h| h.to),
        captured: plan.captured.iter().map(|c| CapturedPiece { ghost: c.ghost || jumped(c.square), ..*c }).collect(),
    })
}

fn position(n: u32, flipped: bool) -> (f32, f32) {
    square(n).map_or((0.0, 0.0), |s| {
        let (c, r) = cell(s, flipped);
        (c as f32, r as f32)
    })
}

fn coords(n: u32) -> (i32, i32) {
    square(n).map_or((-1, -1), |s| (i32::from(s.x()), i32::from(s.y())))
}

/// Whether square `s` lies strictly between `a` and `b` on one diagonal.
pub(crate) fn between(a: u32, b: u32, s: u32) -> bool {
    let ((ax, ay), (bx, by), (sx, sy)) = (coords(a), coords(b), coords(s));
    let (dx, dy, ex, ey) = (bx - ax, by - ay, sx - ax, sy - ay);
    dx != 0
        && dx.abs() == dy.abs()
        && ex.abs() == ey.abs()
        && ex != 0
        && ex * dx > 0
        && ey * dy > 0
        && ex.abs() < dx.abs()
}

/// The fraction of the hop from `a` to `b` at which the mover is over square `s`.
fn passed_at(a: u32, b: u32, s: u32) -> f32 {
    let ((ax, _), (bx, _), (sx, _)) = (coords(a), coords(b), coords(s));
    ((sx - ax) as f32 / (bx - ax) as f32).abs()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{GameState, Snapshot};
    use crate::setup::{NewGame, StartPosition};
    use std::time::Instant;

    fn state(fen: &str) -> GameState {
        let setup = NewGame { start: StartPosition::Fen { fen: fen.into() }, ..NewGame::pass_and_play(None) };
        GameState::new(setup, Instant::now()).unwrap()
    }

    fn snap(s: &GameState) -> Snapshot {
        s.snapshot(Instant::now(), false, None)
    }

    #[test]
    fn a_multi_capture_animates_hop_by_hop_with_ghosts_until_the_end() {
        // h6 takes g7, crowns on f8, goes on as a king to b4, then takes d2: RULES.md's known test.
        let mut s = state("W:Wh6:Bg7,c5,d2");
        let before = snap(&s);
        s.play_text("h6:f8:b4:e1", Instant::now()).unwrap();
        let after = snap(&s);
        let plan = AnimationPlan::between(&before, &after, AnimationSpeed::Normal, false, false, 1).unwrap();
        let name = |n: u32| crate::board::square_name(n, giveaway_core::Notation::Algebraic).unwrap();
        let hops: Vec<(String, String, Option<String>)> =
            plan.hops.iter().map(|h| (name(h.from), name(h.to), h.captured.map(name))).collect();
        assert_eq!(
            hops,
            [("h6", "f8", Some("g7")), ("f8", "b4", Some("c5")), ("b4", "e1", Some("d2"))].map(|(a, b, c)| (
                a.to_string(),
                b.to_string(),
                c.map(str::to_string)
            ))
        );
        assert_eq!(plan.total_ms, 3 * 260);
        assert_eq!(plan.crowned_after_hop, Some(0), "a king from the second hop on");
        assert_eq!(plan.piece.kind, PieceKind::Man);
        // Mid first hop: past g7 (half way) it is a ghost; the others still stand.
        let f = animation_frame(&plan, 200).unwrap();
        assert_eq!(f.flying.piece.kind, PieceKind::Man);
        assert_eq!(f.captured.iter().filter(|c| c.ghost).count(), 1);
        assert_eq!(f.captured.len(), 3, "every captured piece stays until the move ends");
        let f = animation_frame(&plan, 300).unwrap();
        assert_eq!(f.flying.piece.kind, PieceKind::King);
        assert_eq!(f.destination, 31);
        let f = animation_frame(&plan, 3 * 260 - 1).unwrap();
        assert!(f.captured.iter().all(|c| c.ghost));
        assert_eq!(animation_frame(&plan, 3 * 260), None);
        // The piece starts exactly on h6 (column 7, row 2) and eases towards f8.
        let start = animation_frame(&plan, 0).unwrap().flying;
        assert_eq!((start.column, start.row), (7.0, 2.0));
    }

    #[test]
    fn a_capture_entered_hop_by_hop_animates_only_the_last_hop() {
        let mut s = state("W:Wh6:Bg7,c5,d2");
        let now = Instant::now();
        s.tap(12, now).unwrap(); // h6
        s.tap(3, now).unwrap(); // f8: the first hop
        s.tap(17, now).unwrap(); // b4: the second
        let before = snap(&s);
        assert_eq!(before.capture.as_ref().unwrap().visited.len(), 2);
        s.tap(31, now).unwrap(); // e1 completes it
        let plan = AnimationPlan::between(&before, &snap(&s), AnimationSpeed::Fast, false, false, 1).unwrap();
        assert_eq!(plan.hops.len(), 1);
        assert_eq!((plan.hops[0].from, plan.hops[0].to, plan.hops[0].captured), (17, 31, Some(26)));
        assert_eq!(plan.piece.kind, PieceKind::King, "it crowned on f8 already");
        assert_eq!(plan.captured.iter().filter(|c| c.ghost).count(), 2, "g7 and c5 were jumped before");
    }

    #[test]
    fn no_animation_when_off_reduced_or_not_one_new_move() {
        let mut s = state("W:Wc3:Bh8");
        let before = snap(&s);
        s.play_text("c3-d4", Instant::now()).unwrap();
        let after = snap(&s);
        assert!(AnimationPlan::between(&before, &after, AnimationSpeed::Off, false, false, 1).is_none());
        assert!(AnimationPlan::between(&before, &after, AnimationSpeed::Normal, true, false, 1).is_none());
        assert!(AnimationPlan::between(&after, &before, AnimationSpeed::Normal, false, false, 1).is_none(), "undo");
        let quiet = AnimationPlan::between(&before, &after, AnimationSpeed::Slow, false, true, 1).unwrap();
        assert_eq!((quiet.hops.len(), quiet.total_ms, quiet.hops[0].captured), (1, 450, None));
        let f = animation_frame(&quiet, 0).unwrap();
        assert_eq!((f.flying.column, f.flying.row), (5.0, 2.0), "c3 on a flipped board");
    }

    #[test]
    fn between_is_strict_and_diagonal() {
        let sq = |s: &str| u32::from(giveaway_core::Square::parse(s).unwrap().pdn());
        assert!(between(sq("a1"), sq("h8"), sq("d4")));
        assert!(!between(sq("a1"), sq("h8"), sq("a1")));
        assert!(!between(sq("a1"), sq("h8"), sq("h8")));
        assert!(!between(sq("a1"), sq("h8"), sq("c5")));
        assert!(!between(sq("c1"), sq("a3"), sq("d2")));
    }
}
