//! [`AnimationPlan::between`]: a move's animation planned from the snapshots before and after it. The plan and
//! its frames are the board's (`board::animation`); the planning reads game snapshots, so it lives here and the
//! board module needs nothing of the game.

use crate::board::animation::{between, hop_ms, CapturedPiece, HopPlan};
use crate::board::squares::square;
use crate::board::{AnimationPlan, PieceKind};
use crate::game::Snapshot;
use giveaway_core::storage::AnimationSpeed;

impl AnimationPlan {
    /// The animation from `before` to `after` when `after` is `before` plus one move; `None` when there is
    /// nothing to animate (no new move, an undo, animation off, reduced motion).
    pub fn between(
        before: &Snapshot,
        after: &Snapshot,
        speed: AnimationSpeed,
        reduced_motion: bool,
        flipped: bool,
        id: u64,
    ) -> Option<AnimationPlan> {
        let ms = hop_ms(speed);
        let mv = after.last_move.as_ref()?;
        if ms == 0 || reduced_motion || after.ply != before.ply + 1 || mv.path.is_empty() {
            return None;
        }
        let piece_at = |n: u32| before.squares.get((n as usize).checked_sub(1)?)?.piece;
        // Hops already entered one by one were shown as they were tapped.
        let done =
            before.capture.as_ref().filter(|c| c.from == mv.from).map_or(0, |c| c.visited.len().min(mv.path.len() - 1));
        let landing = |i: usize| if i == 0 { mv.from } else { mv.path[i - 1] };
        let piece = piece_at(landing(done))?;
        let hops: Vec<HopPlan> = (done..mv.path.len())
            .enumerate()
            .map(|(k, i)| HopPlan {
                from: landing(i),
                to: mv.path[i],
                captured: mv.captured.iter().copied().find(|&c| between(landing(i), mv.path[i], c)),
                start_ms: k as u64 * ms,
                duration_ms: ms,
            })
            .collect();
        let jumped = before.capture.as_ref().map_or(&[][..], |c| &c.ghosts[..]);
        let captured = mv
            .captured
            .iter()
            .filter_map(|&sq| {
                piece_at(sq).map(|piece| CapturedPiece { square: sq, piece, ghost: jumped.contains(&sq) })
            })
            .collect();
        let far_rank = |n: u32| square(n).is_some_and(|s| piece.color.promotion_rank().contains(s));
        let crowned_after_hop = (piece.kind == PieceKind::Man)
            .then(|| hops.iter().position(|h| far_rank(h.to)))
            .flatten()
            .filter(|&i| i + 1 < hops.len())
            .map(|i| i as u32);
        Some(AnimationPlan { id, piece, total_ms: ms * hops.len() as u64, hops, captured, crowned_after_hop, flipped })
    }
}
