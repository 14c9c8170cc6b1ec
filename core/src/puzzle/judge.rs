//! The judge: what a move is worth, and whether it keeps what a puzzle (or an exercise) asks for.
//!
//! A move's value comes from the surest source that knows it: the end of the game, the draw rules, the endgame
//! tables (exact, under the king-move rule), then a node-limited search from a cleared engine (so the same
//! question always gets the same answer, on every device with the same tables), and, where the search cannot
//! settle a forced win, the proof-number search. "By search with a margin": a move the search scores far below
//! what is asked is taken as not achieving it; between "as good" and the margin nothing is decided
//! ([`Judgement::Unclear`]), and the verifier refuses puzzles with such a move.

use crate::engine::WIN;
use crate::engine::{exact_value, prove, win_chance, Engine, Limits, ProofLimits, SearchRoot, StopHandle, Verdict};
use crate::movegen::{legal_moves, Move};
use crate::tablebase::{Tablebase, Value};
use std::sync::Arc;

/// A move is as good as the best when it gives up less than this share of the expected result (0..1 scale):
/// the analysis's inaccuracy threshold (0.075 on its −1..+1 scale).
pub const AS_GOOD: f64 = 0.0375;
/// An only-move puzzle's other moves must give up at least this share of the expected result (0..1 scale).
pub const ONLY_MOVE_MARGIN: f64 = 0.25;
/// A move the search gives at most this expected result is taken as not winning by force (0..1 scale; about
/// +70 centi-units) without a proof.
pub const WIN_MARGIN: f64 = 0.75;

/// How hard the judge looks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct JudgeSettings {
    /// Nodes of each search (from a cleared engine).
    pub search_nodes: u64,
    /// Nodes of each proof-number search.
    pub proof_nodes: u64,
    /// The engine's transposition table, in MB (part of what makes an answer reproducible).
    pub tt_megabytes: usize,
}

impl Default for JudgeSettings {
    fn default() -> Self {
        JudgeSettings { search_nodes: 30_000, proof_nodes: 60_000, tt_megabytes: 2 }
    }
}

/// What is proven of a position for one side: a [`Verdict`] and, for a win or a loss, its length in plies
/// when known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Proven {
    /// What is proven.
    pub verdict: Verdict,
    /// Plies to the end for a win or loss (exact from the tables, an upper bound from a proof).
    pub plies: Option<u32>,
}

/// A move's value for the side that played it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MoveValue {
    /// What is proven after the move, for the mover ([`Verdict::Unknown`] when only searched).
    pub proven: Proven,
    /// The score for the mover (a proven win or loss is scored as one).
    pub score: i32,
    /// The mover's expected result, 0..=1.
    pub chance: f64,
}

impl MoveValue {
    fn decided(&self) -> Option<u8> {
        match self.proven.verdict {
            Verdict::Win => Some(2),
            Verdict::Draw => Some(1),
            Verdict::Loss => Some(0),
            _ => None,
        }
    }
}

/// What a move must achieve.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Goal {
    /// Keep a forced win.
    Win,
    /// Keep at least a draw.
    Draw,
    /// Keep the value of `reference` (the best move's value, judged the same way): as good when it gives up
    /// less than [`AS_GOOD`], bad when it gives up `margin` or more.
    Keep {
        /// The value to keep.
        reference: MoveValue,
        /// What a bad move gives up at least (0..1 scale).
        margin: f64,
    },
}

/// The judge's answer for one move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Judgement {
    /// The move keeps what is asked.
    Good,
    /// It does not.
    Bad,
    /// Neither could be shown within the judge's budget.
    Unclear,
}

/// Values moves with the engine, the endgame tables and the proof-number search; see the module documentation.
pub struct Judge {
    engine: Engine,
    tables: Option<Arc<Tablebase>>,
    settings: JudgeSettings,
}

impl Judge {
    /// A judge with these settings, using `tables` where they know a position.
    pub fn new(settings: JudgeSettings, tables: Option<Arc<Tablebase>>) -> Judge {
        let mut engine = Engine::new(settings.tt_megabytes);
        engine.set_tablebase(tables.clone());
        Judge { engine, tables, settings }
    }

    /// The endgame tables the judge uses.
    pub fn tables(&self) -> Option<&Tablebase> {
        self.tables.as_deref()
    }

    /// The settings.
    pub fn settings(&self) -> JudgeSettings {
        self.settings
    }

    /// What is known of `root` for its side to move without searching: the end of the game, a rule draw, the
    /// tables' exact value.
    pub fn exact(&self, root: &SearchRoot) -> Option<Proven> {
        if legal_moves(&root.position).is_empty() {
            return Some(Proven { verdict: Verdict::Win, plies: Some(0) });
        }
        if root.is_rule_draw() {
            return Some(Proven { verdict: Verdict::Draw, plies: None });
        }
        let v = exact_value(self.tables.as_deref()?, root)?;
        Some(match v {
            Value::Win(d) => Proven { verdict: Verdict::Win, plies: Some(d.into()) },
            Value::Loss(d) => Proven { verdict: Verdict::Loss, plies: Some(d.into()) },
            Value::Draw => Proven { verdict: Verdict::Draw, plies: None },
        })
    }

    /// The engine's best move at `root` and its score (side to move's view), from a cleared engine; the
    /// tables' move where they know the position. `None` when there is no legal move.
    pub fn best(&mut self, root: &SearchRoot) -> Option<(Move, i32)> {
        self.engine.clear();
        let r = self.engine.search(root, &Limits::nodes(self.settings.search_nodes), &StopHandle::new(), &mut |_| {});
        r.best.map(|m| (m, r.score))
    }

    /// Best play by both sides from `root` (the judge's best move each ply) until the game ends or
    /// `max_plies` moves are made: how a line goes on.
    pub fn continuation(&mut self, root: &SearchRoot, max_plies: usize) -> Vec<Move> {
        let mut line = Vec::new();
        let mut at = root.clone();
        while line.len() < max_plies && !at.is_rule_draw() {
            let Some((mv, _)) = self.best(&at) else { break };
            at = at.after(&mv);
            line.push(mv);
        }
        line
    }

    /// The value of `mv` at `root` for its mover, without a proof-number search.
    pub fn value_after(&mut self, root: &SearchRoot, mv: &Move) -> MoveValue {
        let child = root.after(mv);
        if let Some(p) = self.exact(&child) {
            return from_proven(reverse(p));
        }
        let score = match self.best(&child) {
            Some((_, s)) => -s,
            None => -WIN, // cannot happen: a position without a move is exact above
        };
        MoveValue { proven: Proven { verdict: Verdict::Unknown, plies: None }, score, chance: win_chance(score) }
    }

    /// What the proof-number search proves of the position after `mv`, for its mover.
    pub fn prove_after(&self, root: &SearchRoot, mv: &Move) -> Proven {
        let limits = ProofLimits { nodes: self.settings.proof_nodes, movetime: None, stop: None };
        let p = prove(&root.after(mv), self.tables.as_deref(), &limits);
        reverse(Proven { verdict: p.verdict, plies: p.plies })
    }

    /// Whether `mv` at `root` keeps `goal`, with the move's value.
    pub fn judge(&mut self, root: &SearchRoot, mv: &Move, goal: &Goal) -> (Judgement, MoveValue) {
        let v = self.value_after(root, mv);
        let j = match goal {
            Goal::Win => match v.proven.verdict {
                Verdict::Win => Judgement::Good,
                Verdict::Loss | Verdict::Draw | Verdict::NoWin => Judgement::Bad,
                _ if v.chance <= WIN_MARGIN => Judgement::Bad,
                _ => match self.prove_after(root, mv).verdict {
                    Verdict::Win => Judgement::Good,
                    Verdict::Loss | Verdict::Draw | Verdict::NoWin => Judgement::Bad,
                    _ => Judgement::Unclear,
                },
            },
            Goal::Draw => match v.proven.verdict {
                Verdict::Win | Verdict::Draw | Verdict::NoLoss => Judgement::Good,
                Verdict::Loss => Judgement::Bad,
                _ => match self.prove_after(root, mv).verdict {
                    Verdict::Win | Verdict::Draw | Verdict::NoLoss => Judgement::Good,
                    Verdict::Loss => Judgement::Bad,
                    _ => Judgement::Unclear,
                },
            },
            Goal::Keep { reference, margin } => keep(&v, reference, *margin),
        };
        (j, v)
    }
}

/// Whether `v` keeps `reference`: exactly where both are decided, else by expected result.
fn keep(v: &MoveValue, reference: &MoveValue, margin: f64) -> Judgement {
    if let (Some(a), Some(b)) = (v.decided(), reference.decided()) {
        return if a >= b { Judgement::Good } else { Judgement::Bad };
    }
    let given_up = reference.chance - v.chance;
    if given_up < AS_GOOD {
        Judgement::Good
    } else if given_up >= margin {
        Judgement::Bad
    } else {
        Judgement::Unclear
    }
}

/// What is proven seen from the other side.
fn reverse(p: Proven) -> Proven {
    let verdict = match p.verdict {
        Verdict::Win => Verdict::Loss,
        Verdict::Loss => Verdict::Win,
        Verdict::NoWin => Verdict::NoLoss,
        Verdict::NoLoss => Verdict::NoWin,
        v @ (Verdict::Draw | Verdict::Unknown) => v,
    };
    // The mover's distance counts its own move too.
    Proven { verdict, plies: p.plies.map(|d| d + 1) }
}

/// A proven value scored as the search scores it.
fn from_proven(p: Proven) -> MoveValue {
    let d = p.plies.unwrap_or(0) as i32;
    let score = match p.verdict {
        Verdict::Win => WIN - d,
        Verdict::Loss => -WIN + d,
        _ => 0,
    };
    let chance = match p.verdict {
        Verdict::Win => 1.0,
        Verdict::Loss => 0.0,
        _ => 0.5,
    };
    MoveValue { proven: p, score, chance }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fen::parse_fen;
    use crate::game::Rules;
    use crate::notation::parse_move;

    fn root(fen: &str) -> SearchRoot {
        SearchRoot::new(parse_fen(fen).unwrap(), Rules::default())
    }

    #[test]
    fn the_tables_and_the_end_of_the_game_decide_exactly() {
        let tables = Arc::new(Tablebase::build(2, |_, _| {}).unwrap().0);
        let mut judge = Judge::new(JudgeSettings::default(), Some(tables));
        let r = root("W:WK5:BK30");
        // a7-e3 gives the king away: Black must take it and White, left with nothing, wins.
        let give = parse_move(&r.position, "a7-e3").unwrap();
        let v = judge.value_after(&r, &give);
        assert_eq!(v.proven, Proven { verdict: Verdict::Win, plies: Some(2) });
        assert_eq!((v.score, v.chance), (WIN - 2, 1.0));
        assert_eq!(judge.judge(&r, &give, &Goal::Win).0, Judgement::Good);
        // Every move is judged by the tables, and agrees with them.
        for mv in legal_moves(&r.position).iter() {
            let after = r.position.play(mv);
            let table = judge.tables().unwrap().probe(&after).unwrap();
            let (j, _) = judge.judge(&r, mv, &Goal::Win);
            assert_eq!(j == Judgement::Good, matches!(table, Value::Loss(_)), "{mv}");
        }
    }

    #[test]
    fn without_tables_a_win_is_proven_and_a_clearly_worse_move_is_bad_by_the_margin() {
        let mut judge = Judge::new(JudgeSettings::default(), None);
        let r = root("W:WK5:BK30");
        let give = parse_move(&r.position, "a7-e3").unwrap();
        assert_eq!(judge.judge(&r, &give, &Goal::Win).0, Judgement::Good);
        // The same question, the same answer (a cleared engine each time).
        let a = judge.value_after(&r, &give);
        assert_eq!(a, judge.value_after(&r, &give));
        // Keep: a move is as good as itself, and a proven loss is bad against a proven win.
        let reference = a;
        assert_eq!(keep(&a, &reference, ONLY_MOVE_MARGIN), Judgement::Good);
        let lost = from_proven(Proven { verdict: Verdict::Loss, plies: Some(3) });
        assert_eq!(keep(&lost, &reference, ONLY_MOVE_MARGIN), Judgement::Bad);
        let searched =
            |chance| MoveValue { proven: Proven { verdict: Verdict::Unknown, plies: None }, score: 0, chance };
        assert_eq!(keep(&searched(0.6), &searched(0.62), ONLY_MOVE_MARGIN), Judgement::Good);
        assert_eq!(keep(&searched(0.5), &searched(0.62), ONLY_MOVE_MARGIN), Judgement::Unclear);
        assert_eq!(keep(&searched(0.3), &searched(0.62), ONLY_MOVE_MARGIN), Judgement::Bad);
        assert_eq!(keep(&searched(0.5), &searched(0.62), AS_GOOD), Judgement::Bad);
    }
}
