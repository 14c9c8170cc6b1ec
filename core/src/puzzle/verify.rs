//! A puzzle checked whole: at every step of the solver the solution keeps what the puzzle asks for and every
//! other move is shown not to (at the first step) or is as good and accepted (later); every reply is forced or
//! the defender's best; the line ends where its kind says.

use super::judge::{Goal, Judge, Judgement, MoveValue, AS_GOOD, ONLY_MOVE_MARGIN};
use super::{Puzzle, Theme};
use crate::engine::{SearchRoot, Verdict};
use crate::game::Rules;
use crate::movegen::{legal_moves, Move, MoveList};
use std::fmt;

/// What the verification found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Verification {
    /// Moves of the solver checked.
    pub steps: usize,
    /// Other moves of the solver, after the first step, that are as good as the solution (the trainer accepts
    /// them).
    pub alternatives: usize,
    /// Moves judged, the solution's and the others'.
    pub judged: usize,
    /// For each step of the solver, the moves that keep what is asked: the solution's first, then the
    /// alternatives.
    pub accepted: Vec<Vec<Move>>,
}

/// Why a puzzle is not sound.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VerifyError {
    /// The solver has only one move at the start.
    Forced,
    /// The solution's move at this ply does not keep what the puzzle asks for.
    SolutionFails {
        /// Ply of the solution (0 = the first move).
        ply: usize,
    },
    /// Another first move keeps it too.
    NotUnique {
        /// That move.
        other: String,
    },
    /// Another move at this ply could not be shown good or bad.
    Unclear {
        /// Ply of the solution.
        ply: usize,
        /// The move.
        other: String,
    },
    /// The reply at this ply is neither forced nor the defender's best.
    ReplyNotBest {
        /// Ply of the solution.
        ply: usize,
        /// The better reply.
        better: String,
    },
    /// The line stops where its kind does not allow (a win not played to the end, a draw or only-move line
    /// ending with a reply).
    BadEnd,
}

impl fmt::Display for VerifyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VerifyError::Forced => write!(f, "the first move is forced"),
            VerifyError::SolutionFails { ply } => write!(f, "the solution's move at ply {} does not hold", ply + 1),
            VerifyError::NotUnique { other } => write!(f, "{other} is as good as the first move"),
            VerifyError::Unclear { ply, other } => write!(f, "{other} at ply {} could not be judged", ply + 1),
            VerifyError::ReplyNotBest { ply, better } => {
                write!(f, "the reply at ply {} is not best ({better} is)", ply + 1)
            }
            VerifyError::BadEnd => write!(f, "the line does not end where its kind says"),
        }
    }
}

impl std::error::Error for VerifyError {}

/// The goal of `puzzle`'s solver at a step where `solution` is the solution's move.
pub fn goal_at(judge: &mut Judge, kind: Theme, root: &SearchRoot, solution: &Move) -> Goal {
    match kind {
        Theme::Draw => Goal::Draw,
        Theme::OnlyMove => Goal::Keep { reference: judge.value_after(root, solution), margin: ONLY_MOVE_MARGIN },
        _ => Goal::Win,
    }
}

/// Checks `puzzle` with `judge`; see the module documentation.
pub fn verify(puzzle: &Puzzle, judge: &mut Judge) -> Result<Verification, VerifyError> {
    let kind = puzzle.kind();
    let mut root = SearchRoot::new(puzzle.position, Rules::default());
    let mut report = Verification::default();
    if distinct_moves(&root).len() < 2 {
        return Err(VerifyError::Forced);
    }
    for (ply, mv) in puzzle.solution.iter().enumerate() {
        let moves = distinct_moves(&root);
        if ply % 2 == 0 {
            report.steps += 1;
            let goal = goal_at(judge, kind, &root, mv);
            report.judged += 1;
            if judge.judge(&root, mv, &goal).0 != Judgement::Good {
                return Err(VerifyError::SolutionFails { ply });
            }
            let mut accepted = vec![*mv];
            for other in moves.iter().filter(|m| m.outcome_key() != mv.outcome_key()) {
                report.judged += 1;
                match judge.judge(&root, other, &goal).0 {
                    Judgement::Bad => {}
                    Judgement::Good if ply == 0 => return Err(VerifyError::NotUnique { other: other.to_string() }),
                    Judgement::Good => accepted.push(*other),
                    Judgement::Unclear => return Err(VerifyError::Unclear { ply, other: other.to_string() }),
                }
            }
            report.alternatives += accepted.len() - 1;
            report.accepted.push(accepted);
        } else if moves.len() > 1 {
            if let Some(better) = better_reply(judge, &root, mv, &moves) {
                return Err(VerifyError::ReplyNotBest { ply, better: better.to_string() });
            }
        }
        root = root.after(mv);
    }
    let ends = legal_moves(&root.position).is_empty();
    let good_end = match kind {
        Theme::Win => ends && root.position.side_to_move() == puzzle.solver(),
        _ => puzzle.solution.len() % 2 == 1,
    };
    if !good_end {
        return Err(VerifyError::BadEnd);
    }
    Ok(report)
}

/// A reply better than `reply` for the defender, if there is one: by the tables' distance where every reply
/// is decided with one (the longest loss, the shortest win), else one that keeps more than the inaccuracy
/// threshold of expected result above it.
fn better_reply(judge: &mut Judge, root: &SearchRoot, reply: &Move, moves: &MoveList) -> Option<Move> {
    let values: Vec<(Move, MoveValue)> = moves.iter().map(|m| (*m, judge.value_after(root, m))).collect();
    let chosen = values.iter().find(|(m, _)| m.outcome_key() == reply.outcome_key())?.1;
    let rank = |v: &MoveValue| match (v.proven.verdict, v.proven.plies) {
        (Verdict::Win, Some(d)) => Some(3_000 - d as i64),
        (Verdict::Draw, _) => Some(0),
        (Verdict::Loss, Some(d)) => Some(-3_000 + d as i64),
        _ => None,
    };
    let all_ranked: Option<Vec<(Move, i64)>> = values.iter().map(|(m, v)| rank(v).map(|r| (*m, r))).collect();
    match (all_ranked, rank(&chosen)) {
        (Some(ranked), Some(c)) => ranked.into_iter().find(|(_, r)| *r > c).map(|(m, _)| m),
        _ => values.iter().find(|(_, v)| v.chance - chosen.chance >= AS_GOOD).map(|(m, _)| *m),
    }
}

/// The legal moves, one per resulting position.
fn distinct_moves(root: &SearchRoot) -> MoveList {
    let mut moves = legal_moves(&root.position);
    moves.dedup_outcomes();
    moves
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::JudgeSettings;
    use crate::tablebase::Tablebase;
    use std::sync::Arc;

    fn judge() -> Judge {
        Judge::new(JudgeSettings::default(), Some(Arc::new(Tablebase::build(3, |_, _| {}).unwrap().0)))
    }

    /// A sound puzzle built from the tables' own judgement: every first move with a won result is found
    /// and the puzzle is kept only if there is exactly one.
    #[test]
    fn a_table_win_verifies_and_a_broken_one_says_why() {
        let mut j = judge();
        let p =
            Puzzle::new(1, "W:WK5:BK30", &["a7-e3", "c1:h6"], &["win", "run-out", "endgame", "one-move"], 800).unwrap();
        let r = verify(&p, &mut j).unwrap();
        assert_eq!((r.steps, r.alternatives), (1, 0));
        // Stopping before the end of a win is refused.
        let cut = Puzzle::new(1, "W:WK5:BK30", &["a7-e3"], &["win"], 800).unwrap();
        assert_eq!(verify(&cut, &mut j), Err(VerifyError::BadEnd));
        // A first move that does not win is refused.
        let root = SearchRoot::new(p.position, Rules::default());
        let bad = legal_moves(&root.position)
            .iter()
            .copied()
            .find(|m| j.judge(&root, m, &Goal::Win).0 == Judgement::Bad)
            .expect("some move does not win");
        let wrong = Puzzle { solution: vec![bad], ..p.clone() };
        assert_eq!(verify(&wrong, &mut j), Err(VerifyError::SolutionFails { ply: 0 }));
    }

    #[test]
    fn a_forced_start_is_not_a_puzzle() {
        let mut j = judge();
        // White's only man must take.
        let p = Puzzle::new(1, "W:W22:B18", &["c3:e5"], &["win"], 800).unwrap();
        assert_eq!(verify(&p, &mut j), Err(VerifyError::Forced));
    }
}
