//! The search: iterative deepening, aspiration windows, principal-variation alpha-beta with a transposition
//! table, killer and history move ordering, and capture sequences searched to quiet positions.
//!
//! Giveaway specifics: the side to move with no legal move *wins* (score `WIN - ply`); captures are
//! compulsory, so a position where the side to move must capture is never a leaf; a lone legal move is not
//! counted as a ply of depth (forced sequences are common and cheap). Repetitions and the king-move rule score
//! as draws, with the game's history before the root taken into account.

use super::eval::{evaluate, Weights};
use super::limits::{Limits, StopHandle};
use super::root::SearchRoot;
use super::tt::{Bound, Tt};
use super::{SearchInfo, SearchResult};
use crate::game::Rules;
use crate::movegen::{generate, Move, MoveList};
use crate::position::Position;
use std::time::{Duration, Instant};

/// The score of a win for the side to move at the root, before subtracting the distance in plies.
pub const WIN: i32 = 30_000;
pub const MAX_PLY: usize = 128;
/// Scores at least this large in absolute value are forced wins or losses.
pub const WIN_BOUND: i32 = WIN - MAX_PLY as i32 - 1;
const INF: i32 = WIN + 1;
const MAX_DEPTH: u32 = 100;

/// Tunable switches of the search, kept so that each can be measured on and off.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchConfig {
    /// Late-move reductions for quiet moves ordered late.
    pub lmr: bool,
    pub aspiration: bool,
}

impl Default for SearchConfig {
    fn default() -> Self {
        SearchConfig { lmr: true, aspiration: true }
    }
}

/// Killer moves and the history table; they persist between searches of one engine.
pub struct Ordering {
    killers: Vec<[Option<Move>; 2]>,
    /// [side][from][to], PDN indices.
    history: Box<[[[i32; 32]; 32]; 2]>,
}

impl Default for Ordering {
    fn default() -> Self {
        Ordering { killers: vec![[None; 2]; MAX_PLY + 1], history: Box::new([[[0; 32]; 32]; 2]) }
    }
}

impl Ordering {
    pub fn clear(&mut self) {
        *self = Ordering::default();
    }

    /// Halves the history so old results fade; killers are position-specific and cleared.
    fn age(&mut self) {
        self.killers.iter_mut().for_each(|k| *k = [None; 2]);
        self.history.iter_mut().flatten().flatten().for_each(|h| *h /= 2);
    }
}

pub(crate) struct Searcher<'a> {
    tt: &'a mut Tt,
    ord: &'a mut Ordering,
    weights: &'a Weights,
    config: SearchConfig,
    rules: Rules,
    /// Hashes of the positions before the current node: game history, then the search path.
    stack: Vec<u64>,
    lists: Vec<MoveList>,
    /// Per ply: (ordering score, move index), sorted lazily.
    scores: Vec<Vec<(i32, u16)>>,
    pv: Vec<Vec<Move>>,
    nodes: u64,
    node_limit: u64,
    start: Instant,
    hard_deadline: Option<Instant>,
    stop: StopHandle,
    stopped: bool,
    seldepth: usize,
}

impl<'a> Searcher<'a> {
    pub(crate) fn new(
        tt: &'a mut Tt,
        ord: &'a mut Ordering,
        weights: &'a Weights,
        config: SearchConfig,
        root: &SearchRoot,
        stop: StopHandle,
    ) -> Searcher<'a> {
        Searcher {
            tt,
            ord,
            weights,
            config,
            rules: root.rules,
            stack: root.history.clone(),
            lists: vec![MoveList::new(); MAX_PLY + 2],
            scores: (0..MAX_PLY + 2).map(|_| Vec::with_capacity(64)).collect(),
            pv: (0..MAX_PLY + 2).map(|_| Vec::with_capacity(MAX_PLY)).collect(),
            nodes: 0,
            node_limit: u64::MAX,
            start: Instant::now(),
            hard_deadline: None,
            stop,
            stopped: false,
            seldepth: 0,
        }
    }

    /// Iterative deepening from the root until a limit is reached; returns the deepest completed result.
    pub(crate) fn run(&mut self, root: &SearchRoot, limits: &Limits, info: &mut dyn FnMut(&SearchInfo)) -> SearchResult {
        self.tt.new_search();
        self.ord.age();
        self.start = Instant::now();
        self.node_limit = limits.nodes.unwrap_or(u64::MAX);
        let budget = limits.time_budget();
        self.hard_deadline = budget.map(|(_, hard)| self.start + hard);
        let soft = budget.map(|(soft, _)| soft);
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);

        let mut root_moves = MoveList::new();
        generate(&root.position, &mut root_moves);
        root_moves.dedup_outcomes();
        let mut result = SearchResult {
            best: root_moves.first().copied(),
            score: if root_moves.is_empty() { WIN } else { 0 },
            depth: 0,
            seldepth: 0,
            nodes: 0,
            elapsed: Duration::ZERO,
            pv: root_moves.first().copied().into_iter().collect(),
        };
        if root_moves.is_empty() {
            return result;
        }
        let mut prev = 0;
        for depth in 1..=max_depth {
            let score = self.aspiration(&root.position, depth as i32, prev, root.king_plies);
            if self.stopped {
                // A partial iteration still improves on the last one if its first (PV) move was searched.
                // The first root move searched is the previous best, so a PV from this iteration is never worse.
                if let Some(&mv) = self.pv[0].first() {
                    result.best = Some(mv);
                    result.pv = self.pv[0].clone();
                }
                break;
            }
            prev = score;
            result.best = self.pv[0].first().copied().or(result.best);
            result.pv = self.pv[0].clone();
            result.score = score;
            result.depth = depth;
            result.seldepth = self.seldepth as u32;
            result.nodes = self.nodes;
            result.elapsed = self.start.elapsed();
            info(&SearchInfo::from_result(&result));
            let proven = score.abs() >= WIN_BOUND && depth as i32 >= WIN - score.abs() + 4;
            let forced = root_moves.len() == 1 && depth >= 4 && limits.time_budget().is_some();
            let out_of_time = soft.is_some_and(|s| self.start.elapsed() >= s);
            if proven || forced || out_of_time || self.nodes >= self.node_limit {
                break;
            }
        }
        result.nodes = self.nodes;
        result.elapsed = self.start.elapsed();
        result
    }

    fn aspiration(&mut self, pos: &Position, depth: i32, prev: i32, kp: u16) -> i32 {
        if !self.config.aspiration || depth < 4 || prev.abs() >= WIN_BOUND {
            return self.negamax(pos, depth, -INF, INF, 0, kp, true);
        }
        let mut delta = 40;
        let (mut alpha, mut beta) = (prev - delta, prev + delta);
        loop {
            let s = self.negamax(pos, depth, alpha, beta, 0, kp, true);
            if self.stopped {
                return s;
            }
            if s <= alpha {
                alpha = (alpha - delta).max(-INF);
            } else if s >= beta {
                beta = (beta + delta).min(INF);
            } else {
                return s;
            }
            delta *= 3;
            if delta > 1000 {
                alpha = -INF;
                beta = INF;
            }
        }
    }

    /// Exact scores of every root move at `depth` (for weak levels choosing among candidates), best first.
    pub(crate) fn root_scores(&mut self, root: &SearchRoot, depth: u32) -> Vec<(Move, i32)> {
        self.tt.new_search();
        self.start = Instant::now();
        let mut moves = MoveList::new();
        generate(&root.position, &mut moves);
        moves.dedup_outcomes();
        self.stack.push(root.position.hash());
        let mut out: Vec<(Move, i32)> = Vec::with_capacity(moves.len());
        for mv in &moves {
            let child = root.position.play(mv);
            let kp = child_king_plies(&root.position, mv, root.king_plies);
            let s = -self.negamax(&child, depth as i32 - 1, -INF, INF, 1, kp, true);
            if self.stopped {
                break;
            }
            out.push((*mv, s));
        }
        self.stack.pop();
        out.sort_by_key(|&(_, s)| -s);
        out
    }

    pub(crate) fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The stop handle and the clock are polled every 64 nodes (well under a millisecond). The node limit is
    /// tested every 256 nodes: node-limited searches depend on that granularity, and the committed weights were
    /// fitted with it, so changing it changes what `giveaway tune` reproduces.
    #[inline]
    fn check_limits(&mut self) {
        if self.nodes & 255 == 0 && self.nodes >= self.node_limit {
            self.stopped = true;
        }
        if self.nodes & 63 == 0 {
            if self.stop.is_stopped() {
                self.stopped = true;
            } else if let Some(d) = self.hard_deadline {
                if Instant::now() >= d {
                    self.stopped = true;
                }
            }
        }
    }

    /// Draw by the rules at a node reached after `kp` king-only plies (the stack holds the earlier positions).
    fn is_draw(&self, hash: u64, kp: u16) -> bool {
        if self.rules.king_move_plies > 0 && kp >= self.rules.king_move_plies {
            return true;
        }
        if self.rules.repetitions == 0 || kp < 4 {
            return false;
        }
        // Inside the search one repetition is enough: the side that could repeat once can repeat again.
        let n = self.stack.len();
        let window = (kp as usize).min(n);
        self.stack[n - window..].iter().rev().skip(1).step_by(2).any(|&h| h == hash)
    }

    #[allow(clippy::too_many_arguments)]
    fn negamax(&mut self, pos: &Position, mut depth: i32, mut alpha: i32, mut beta: i32, ply: usize, kp: u16, pv_node: bool) -> i32 {
        self.pv[ply].clear();
        self.nodes += 1;
        self.check_limits();
        if self.stopped {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        let hash = pos.hash();
        if ply > 0 {
            if self.is_draw(hash, kp) {
                return 0;
            }
            alpha = alpha.max(-WIN + ply as i32);
            beta = beta.min(WIN - ply as i32 - 1);
            if alpha >= beta {
                return alpha;
            }
        }
        let mut moves = std::mem::take(&mut self.lists[ply]);
        generate(pos, &mut moves);
        moves.dedup_outcomes();
        let leaf = depth_adjust(&moves, &mut depth, ply);
        let score = self.search_moves(pos, &moves, leaf, depth, alpha, beta, ply, kp, pv_node, hash);
        self.lists[ply] = moves;
        score
    }

    #[allow(clippy::too_many_arguments)]
    fn search_moves(
        &mut self,
        pos: &Position,
        moves: &MoveList,
        leaf: Leaf,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        kp: u16,
        pv_node: bool,
        hash: u64,
    ) -> i32 {
        match leaf {
            Leaf::Won => return WIN - ply as i32,
            Leaf::Quiet => return evaluate(pos, self.weights),
            Leaf::Search => {}
        }
        let alpha0 = alpha;
        let mut tt_best = None;
        if let Some(e) = self.tt.probe(hash) {
            tt_best = Some(e.best as usize).filter(|&i| i < moves.len());
            if !pv_node && e.depth as i32 >= depth {
                let s = score_from_tt(e.score, ply);
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                };
                if cut {
                    return s;
                }
            }
        }

        let side = pos.side_to_move().index();
        let mut order = std::mem::take(&mut self.scores[ply]);
        order.clear();
        let killers = self.ord.killers[ply];
        for (i, mv) in moves.iter().enumerate() {
            let s = if Some(i) == tt_best {
                i32::MAX
            } else if killers[0] == Some(*mv) {
                1 << 24
            } else if killers[1] == Some(*mv) {
                (1 << 24) - 1
            } else {
                self.ord.history[side][mv.from().index()][mv.to().index()]
            };
            order.push((s, i as u16));
        }

        let mut best = -INF;
        let mut best_i = 0usize;
        self.stack.push(hash);
        for n in 0..moves.len() {
            // Selection sort: the next best-ordered move.
            let pick = (n..order.len()).max_by_key(|&j| (order[j].0, std::cmp::Reverse(j))).unwrap_or(n);
            order.swap(n, pick);
            let (ordering_score, i) = (order[n].0, order[n].1 as usize);
            let mv = &moves[i];
            let child = pos.play(mv);
            let ckp = child_king_plies(pos, mv, kp);
            let quiet = !mv.is_capture();
            let score = if n == 0 {
                -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1, ckp, pv_node)
            } else {
                let late = self.config.lmr && depth >= 3 && n >= 3 && quiet && ordering_score < (1 << 24) - 1;
                let r = if late { 1 + (depth >= 6 && n >= 8) as i32 } else { 0 };
                let mut s = -self.negamax(&child, depth - 1 - r, -alpha - 1, -alpha, ply + 1, ckp, false);
                if s > alpha && r > 0 {
                    s = -self.negamax(&child, depth - 1, -alpha - 1, -alpha, ply + 1, ckp, false);
                }
                if s > alpha && s < beta && pv_node {
                    s = -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1, ckp, true);
                }
                s
            };
            if self.stopped {
                break;
            }
            if score > best {
                best = score;
                best_i = i;
                if score > alpha {
                    alpha = score;
                    let (head, tail) = self.pv.split_at_mut(ply + 1);
                    let line = &mut head[ply];
                    line.clear();
                    line.push(*mv);
                    line.extend_from_slice(&tail[0]);
                    if alpha >= beta {
                        if quiet {
                            let k = &mut self.ord.killers[ply];
                            if k[0] != Some(*mv) {
                                k[1] = k[0];
                                k[0] = Some(*mv);
                            }
                        }
                        let h = &mut self.ord.history[side][mv.from().index()][mv.to().index()];
                        *h = (*h + depth * depth).min(1 << 20);
                        break;
                    }
                }
            }
        }
        self.stack.pop();
        self.scores[ply] = order;
        if self.stopped {
            return best.max(-INF + 1);
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha0 {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(hash, score_to_tt(best, ply), depth.max(-100) as i16, best_i.min(255) as u8, bound);
        best
    }
}

/// What kind of node this is, after generating its moves.
enum Leaf {
    /// No legal move: the side to move wins.
    Won,
    /// Out of depth with no capture to make: evaluate.
    Quiet,
    Search,
}

/// Classifies the node and extends forced single replies (not counted as depth).
fn depth_adjust(moves: &MoveList, depth: &mut i32, ply: usize) -> Leaf {
    if moves.is_empty() {
        return Leaf::Won;
    }
    if ply >= MAX_PLY {
        return Leaf::Quiet;
    }
    let capture = moves[0].is_capture();
    if *depth <= 0 && !capture {
        return Leaf::Quiet;
    }
    if moves.len() == 1 && *depth > 0 && ply < MAX_PLY / 2 {
        *depth += 1;
    }
    Leaf::Search
}

/// The king-move counter after `mv`: it grows with plain king moves and resets otherwise.
fn child_king_plies(pos: &Position, mv: &Move, kp: u16) -> u16 {
    if !mv.is_capture() && pos.kings().contains(mv.from()) {
        kp.saturating_add(1)
    } else {
        0
    }
}

/// Win scores are stored relative to the node, so they stay right when found again at another ply.
fn score_to_tt(s: i32, ply: usize) -> i32 {
    if s >= WIN_BOUND {
        s + ply as i32
    } else if s <= -WIN_BOUND {
        s - ply as i32
    } else {
        s
    }
}

fn score_from_tt(s: i32, ply: usize) -> i32 {
    if s >= WIN_BOUND {
        s - ply as i32
    } else if s <= -WIN_BOUND {
        s + ply as i32
    } else {
        s
    }
}
