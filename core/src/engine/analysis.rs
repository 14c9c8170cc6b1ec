//! Post-game analysis: a score for every position, the win-chance curve, each move classified with the
//! better move for the bad ones, accuracy per player and the data for an evaluation graph.
//!
//! Moves are judged by how much expected result they give up, on the −1..+1 scale lidraughts uses
//! (inaccuracy ≥ 0.075, mistake ≥ 0.15, blunder ≥ 0.3), but with the curve fitted to giveaway self-play
//! results (`weights::WIN_CURVE_K`) instead of a chess-like constant.

use super::book::{Book, BookProof};
use super::limits::{Limits, StopHandle};
use super::proof::{prove_side, ProofCache, ProofLimits, Verdict};
use super::root::SearchRoot;
use super::search::{WIN, WIN_BOUND};
use super::weights::WIN_CURVE_K;
use super::Engine;
use crate::game::Game;
use crate::movegen::{legal_moves, Move};
use crate::position::Color;

/// Expected result (0..=1) for the side to move at this score; forced wins and losses are 1 and 0.
pub fn win_chance(score: i32) -> f64 {
    if score >= WIN_BOUND {
        1.0
    } else if score <= -WIN_BOUND {
        0.0
    } else {
        1.0 / (1.0 + (-WIN_CURVE_K * score as f64).exp())
    }
}

/// How good a move was, by the share of the expected result it gave up (lichess thresholds).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum MoveClass {
    /// The engine's own choice.
    Best,
    /// Not the best, but gave up less than 3.75% of the expected result.
    Good,
    /// Gave up 3.75% to 7.5%.
    Inaccuracy,
    /// Gave up 7.5% to 15%.
    Mistake,
    /// Gave up 15% or more.
    Blunder,
}

impl MoveClass {
    /// Classifies a move by the expected result it gave up (0..=1 scale) and whether it was the best move.
    pub fn from_loss(loss: f64, was_best: bool) -> MoveClass {
        let drop = 2.0 * loss; // the −1..+1 scale of the thresholds
        if was_best {
            MoveClass::Best
        } else if drop >= 0.3 {
            MoveClass::Blunder
        } else if drop >= 0.15 {
            MoveClass::Mistake
        } else if drop >= 0.075 {
            MoveClass::Inaccuracy
        } else {
            MoveClass::Good
        }
    }

    /// The class's name in English, for reports and the CLI.
    pub fn name(self) -> &'static str {
        match self {
            MoveClass::Best => "best",
            MoveClass::Good => "good",
            MoveClass::Inaccuracy => "inaccuracy",
            MoveClass::Mistake => "mistake",
            MoveClass::Blunder => "blunder",
        }
    }
}

/// One move of the game, judged.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveReview {
    /// Index of the move (0 = the first move of the record).
    pub ply: usize,
    /// The side that played the move.
    pub mover: Color,
    /// The move played.
    pub played: Move,
    /// The engine's move in the position before; `Some` and different from `played` unless the move was best.
    pub best: Option<Move>,
    /// Expected result for the mover before the move (with best play) and after the move played.
    pub chance_before: f64,
    /// Expected result for the mover after the move played (0..=1).
    pub chance_after: f64,
    /// The move's class, from the expected result it gave up.
    pub class: MoveClass,
    /// 0..=100, as in lichess: 103.1668·e^(−0.04354·Δ) − 3.1669 with Δ the loss in percent.
    pub accuracy: f64,
}

/// The whole analysis.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// One review per move of the record, in order.
    pub moves: Vec<MoveReview>,
    /// Per position (start, then after each move): score from White's point of view (graph data).
    pub white_scores: Vec<i32>,
    /// Per position: White's expected result 0..=1 (graph data).
    pub white_chances: Vec<f64>,
    /// Mean accuracy of White's and Black's moves (index = `Color::index`); `None` for a player with no moves.
    pub accuracy: [Option<f64>; 2],
    /// Where a won game became lost by force for the loser, as far back as the proof search could show it
    /// (`None`: a draw, an unfinished game, no proofs asked for, or not even the last position proven).
    pub forced_loss: Option<ForcedLoss>,
}

/// Where a game became lost by force: "from move 4 the game is lost by force in 26 plies: the mistake was
/// 10-15". Found by the proof search walking back from the end of a won game, each position proved for the
/// winner, until one is not proven.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ForcedLoss {
    /// The side that lost.
    pub loser: Color,
    /// The earliest position (0 = the start, k = after the k-th move) proven lost for the loser: from there
    /// the winner wins whatever the loser plays.
    pub position: usize,
    /// Plies from there to the end along the proof found (the winner's quickest proven line, the loser's
    /// longest resistance in it).
    pub plies: u32,
    /// The loser's last move before that position that was not its only move (its index in the record), the
    /// move that lost the game; `None` when the loser had no choice before it.
    pub mistake: Option<usize>,
    /// Whether the proof search showed the position before the mistake was not lost (so this move certainly
    /// threw the game away); when false an earlier move may have lost it already and the budget could not tell.
    pub proven: bool,
}

impl Analysis {
    /// How many of `mover`'s moves fell in `class`.
    pub fn counts(&self, mover: Color, class: MoveClass) -> usize {
        self.moves.iter().filter(|m| m.mover == mover && m.class == class).count()
    }
}

/// How hard the post-game analysis looks at each position.
#[derive(Clone, Copy, Debug)]
pub struct AnalysisOptions {
    /// Search limits per position.
    pub limits: Limits,
    /// Transposition table size for the analysis engine, in MB.
    pub tt_megabytes: usize,
    /// Nodes of the proof search for each position of the walk back from the end of a won game
    /// ([`ForcedLoss`]); 0 = no proofs.
    pub proof_nodes: u64,
}

impl Default for AnalysisOptions {
    fn default() -> Self {
        AnalysisOptions { limits: Limits::nodes(300_000), tt_megabytes: 32, proof_nodes: 300_000 }
    }
}

/// The analysis was cancelled through its stop handle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cancelled;

impl std::fmt::Display for Cancelled {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "analysis cancelled")
    }
}

impl std::error::Error for Cancelled {}

/// Analyses every position of `game`; `progress(done, total)` is called after each position. Positions are
/// searched from the last to the first so the transposition table carries what later positions taught.
pub fn analyze(
    game: &Game,
    options: &AnalysisOptions,
    stop: &StopHandle,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Analysis, Cancelled> {
    let n = game.ply();
    let mut engine = Engine::new(options.tt_megabytes);
    let mut judged: Vec<(i32, Option<Move>)> = vec![(0, None); n + 1];
    let mut root = SearchRoot::new(*game.start(), game.rules());
    let mut roots = Vec::with_capacity(n + 1);
    roots.push(root.clone());
    for mv in game.moves() {
        root = root.after(mv);
        roots.push(root.clone());
    }
    for (done, i) in (0..=n).rev().enumerate() {
        if stop.is_stopped() {
            return Err(Cancelled);
        }
        judged[i] = judge(&mut engine, &roots[i], &options.limits, stop);
        if stop.is_stopped() {
            return Err(Cancelled);
        }
        progress(done + 1, n + 1);
    }

    let mut moves = Vec::with_capacity(n);
    let mut sums = [(0.0, 0usize); 2];
    for (i, played) in game.moves().iter().enumerate() {
        let mover = roots[i].position.side_to_move();
        let (before, best) = judged[i];
        let chance_before = win_chance(before);
        let chance_after = 1.0 - win_chance(judged[i + 1].0);
        let loss = (chance_before - chance_after).max(0.0);
        let forced = legal_moves(&roots[i].position).iter().all(|m| m.outcome_key() == played.outcome_key());
        let was_best = forced || best.is_some_and(|b| b.outcome_key() == played.outcome_key());
        let class = MoveClass::from_loss(loss, was_best);
        let accuracy = (103.1668 * (-0.04354 * 100.0 * loss).exp() - 3.1669).clamp(0.0, 100.0);
        let s = &mut sums[mover.index()];
        s.0 += accuracy;
        s.1 += 1;
        moves.push(MoveReview {
            ply: i,
            mover,
            played: *played,
            best: if was_best { None } else { best },
            chance_before,
            chance_after,
            class,
            accuracy,
        });
    }
    let white_scores: Vec<i32> = judged
        .iter()
        .zip(&roots)
        .map(|((s, _), r)| if r.position.side_to_move() == Color::White { *s } else { -*s })
        .collect();
    let white_chances = white_scores.iter().map(|&s| win_chance(s)).collect();
    let accuracy = sums.map(|(sum, k)| (k > 0).then(|| sum / k as f64));
    let forced_loss = forced_loss(game, &roots, options.proof_nodes, stop);
    if stop.is_stopped() {
        return Err(Cancelled);
    }
    Ok(Analysis { moves, white_scores, white_chances, accuracy, forced_loss })
}

/// Walks back from the end of a won game, proving each position won for the winner within `nodes` (one cache
/// for the whole walk, so each proof starts from the ones after it), until a position is not proven; see
/// [`ForcedLoss`]. An opening move of the loser that the book proved lost, if earlier, is the answer instead.
fn forced_loss(game: &Game, roots: &[SearchRoot], nodes: u64, stop: &StopHandle) -> Option<ForcedLoss> {
    let winner = game.result()?.outcome.winner()?;
    if nodes == 0 {
        return None;
    }
    let limits = ProofLimits { nodes, movetime: None, stop: Some(stop.clone()) };
    let mut cache = ProofCache::new();
    let mut found: Option<(usize, u32)> = None;
    let mut stopped_at = None;
    for (i, root) in roots.iter().enumerate().rev() {
        let proof = prove_side(root, None, winner, &limits, &mut cache);
        match proof.plies.filter(|_| matches!(proof.verdict, Verdict::Win | Verdict::Loss)) {
            Some(plies) => found = Some((i, plies)),
            None => {
                stopped_at = Some((i, proof.verdict));
                break;
            }
        }
    }
    let loser = winner.opponent();
    if let Some(early) = book_loss(game, loser).filter(|b| found.is_none_or(|(p, _)| b.position < p)) {
        return Some(early);
    }
    let (position, plies) = found?;
    // A move that was the only one (a lone capture, say) cannot be the mistake: the one before it was.
    let chose = |i: usize| {
        let mut moves = legal_moves(&roots[i].position);
        moves.dedup_outcomes();
        roots[i].position.side_to_move() == loser && moves.len() > 1
    };
    let mistake = (0..position).rev().find(|&i| chose(i));
    // Not proven won for the winner, with the loser to move: the loser was not lost before the move.
    let proven =
        matches!(stopped_at, Some((_, Verdict::NoLoss | Verdict::NoWin))) && mistake == stopped_at.map(|s| s.0);
    Some(ForcedLoss { loser, position, plies, mistake, proven })
}

/// The first move of `loser` in the game's opening that the book proved lost by force: the loss from the
/// position after it, certain as a mistake when the book proved another move of that position not to lose.
fn book_loss(game: &Game, loser: Color) -> Option<ForcedLoss> {
    let book = Book::embedded();
    for (ply, mv) in game.moves().iter().enumerate() {
        let pos = game.position_at(ply)?;
        book.ply(pos)?;
        if pos.side_to_move() != loser {
            continue;
        }
        if let Some(plies) = book.loses(pos, mv) {
            let proven = book.moves(pos).iter().any(|(_, b)| b.proof == BookProof::Safe);
            let position = ply + 1;
            return Some(ForcedLoss { loser, position, plies: u32::from(plies) - 1, mistake: Some(ply), proven });
        }
    }
    None
}

/// Score (side to move's view) and best move of one position; terminal positions are scored by the rules.
fn judge(engine: &mut Engine, root: &SearchRoot, limits: &Limits, stop: &StopHandle) -> (i32, Option<Move>) {
    if legal_moves(&root.position).is_empty() {
        return (WIN, None);
    }
    if root.is_rule_draw() {
        return (0, None);
    }
    let r = engine.search(root, limits, stop, &mut |_| {});
    (r.score, r.best)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Rules;

    #[test]
    fn win_chance_is_monotonic_and_saturates_at_wins() {
        assert!((win_chance(0) - 0.5).abs() < 1e-12);
        assert!(win_chance(100) > win_chance(50) && win_chance(-50) < 0.5);
        assert_eq!(win_chance(WIN - 3), 1.0);
        assert_eq!(win_chance(-WIN + 3), 0.0);
    }

    #[test]
    fn classes_follow_the_thresholds() {
        assert_eq!(MoveClass::from_loss(0.5, true), MoveClass::Best);
        assert_eq!(MoveClass::from_loss(0.01, false), MoveClass::Good);
        assert_eq!(MoveClass::from_loss(0.04, false), MoveClass::Inaccuracy);
        assert_eq!(MoveClass::from_loss(0.08, false), MoveClass::Mistake);
        assert_eq!(MoveClass::from_loss(0.2, false), MoveClass::Blunder);
    }

    #[test]
    fn the_move_that_lost_by_force_is_named_and_proven() {
        // White could win with c3-d4; after a1-b2 Black gives its man away and wins.
        let mut g = Game::from_fen("W:W22,29:B15", Rules::default()).unwrap();
        for m in ["a1-b2", "e5-d4", "c3:e5"] {
            g.play_notation(m).unwrap();
        }
        let opts = AnalysisOptions { limits: Limits::depth(4), tt_megabytes: 1, proof_nodes: 10_000 };
        let a = analyze(&g, &opts, &StopHandle::new(), &mut |_, _| {}).unwrap();
        let lost = ForcedLoss { loser: Color::White, position: 1, plies: 2, mistake: Some(0), proven: true };
        assert_eq!(a.forced_loss, Some(lost));
        // An unfinished game has no loser.
        let mut open = Game::from_fen("W:W22,29:B15", Rules::default()).unwrap();
        open.play_notation("a1-b2").unwrap();
        assert_eq!(analyze(&open, &opts, &StopHandle::new(), &mut |_, _| {}).unwrap().forced_loss, None);
    }

    #[test]
    fn an_opening_move_the_book_proved_lost_is_named() {
        let (line, lost, plies) = crate::engine::book::first_losing_line(Book::embedded()).unwrap();
        let mut g = Game::new(crate::position::Position::start(), Rules::default());
        for mv in line.iter().chain([&lost]) {
            g.play(mv).unwrap();
        }
        let loser = g.position_at(line.len()).unwrap().side_to_move();
        g.resign(loser).unwrap();
        let opts = AnalysisOptions { limits: Limits::depth(2), tt_megabytes: 1, proof_nodes: 1_000 };
        let f = analyze(&g, &opts, &StopHandle::new(), &mut |_, _| {}).unwrap().forced_loss.unwrap();
        assert_eq!((f.loser, f.position, f.mistake), (loser, line.len() + 1, Some(line.len())));
        assert_eq!(f.plies, u32::from(plies) - 1);
    }

    #[test]
    fn a_thrown_away_win_is_a_blunder_with_the_better_move_and_cancel_works() {
        // White wins with c3-d4 (then a1 is given away too); a1-b2 instead lets Black give its man away.
        let mut g = Game::from_fen("W:W22,29:B15", Rules::default()).unwrap();
        for m in ["a1-b2", "e5-d4", "c3:e5"] {
            g.play_notation(m).unwrap();
        }
        assert!(g.is_over());
        let opts = AnalysisOptions { limits: Limits::depth(10), tt_megabytes: 1, proof_nodes: 0 };
        let mut calls = Vec::new();
        let a = analyze(&g, &opts, &StopHandle::new(), &mut |done, total| calls.push((done, total))).unwrap();
        assert_eq!(calls, vec![(1, 4), (2, 4), (3, 4), (4, 4)]);
        assert_eq!(a.moves.len(), 3);
        let first = &a.moves[0];
        assert_eq!(first.class, MoveClass::Blunder);
        assert_eq!(first.best.map(|m| m.to_string()), Some("c3-d4".to_string()));
        assert_eq!((first.chance_before, first.chance_after), (1.0, 0.0));
        assert_eq!(a.moves[1].class, MoveClass::Best);
        assert_eq!(a.moves[2].class, MoveClass::Best); // forced capture
        assert_eq!(a.white_chances, vec![1.0, 0.0, 0.0, 0.0]);
        assert!(a.accuracy[0].unwrap() < 50.0 && a.accuracy[1].unwrap() > 99.0, "{:?}", a.accuracy);
        assert_eq!(a.counts(Color::White, MoveClass::Blunder), 1);
        // No proofs asked for: no forced loss.
        assert_eq!(a.forced_loss, None);
        let stop = StopHandle::new();
        stop.stop();
        assert_eq!(analyze(&g, &opts, &stop, &mut |_, _| {}), Err(Cancelled));
    }
}
