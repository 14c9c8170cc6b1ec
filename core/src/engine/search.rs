//! The search: iterative deepening, aspiration windows, principal-variation alpha-beta with a transposition
//! table, killer and history move ordering, and capture sequences searched to quiet positions.
//!
//! Giveaway specifics: the side to move with no legal move *wins* (score `WIN - ply`); captures are
//! compulsory, so a position where the side to move must capture is never a leaf; a lone legal move is not
//! counted as a ply of depth (forced sequences are common and cheap). Repetitions and the king-move rule score
//! as draws, with the game's history before the root taken into account.

use super::eval::{evaluate, Weights};
use super::exact::within_king_move_rule;
use super::limits::{Limits, StopHandle, TimeBudget};
use super::root::SearchRoot;
use super::tt::{Bound, Tt};
use super::{SearchInfo, SearchResult};
use crate::game::Rules;
use crate::movegen::{capturers, generate, generate_with, has_quiet_move, Move, MoveList};
use crate::position::Position;
use crate::square::Square;
use crate::tablebase::{Tablebase, Value};
use std::time::{Duration, Instant};

/// The score of a win for the side to move at the root, before subtracting the distance in plies.
pub const WIN: i32 = 30_000;
/// The deepest ply a search line can reach (sizes the per-ply tables).
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
    /// Aspiration windows around the previous iteration's score.
    pub aspiration: bool,
    /// In searches with a time limit, the proof search checks the chosen move: does it lose by force?
    /// (`Engine::search`; docs/engine.md, "Proofs in the search").
    pub proof: bool,
    /// Time for that proof on top of the move's own (`None`, the default: only the time the alpha-beta search
    /// leaves unused). Measures what the proof is worth with more time (`giveaway match --proof-ms`).
    pub proof_time: Option<Duration>,
}

impl Default for SearchConfig {
    fn default() -> Self {
        SearchConfig { lmr: true, aspiration: true, proof: true, proof_time: None }
    }
}

/// What the search has learnt about move order: two killer moves per ply and the history table. It persists
/// between the searches of one engine.
pub struct MoveOrdering {
    killers: Vec<[Option<Move>; 2]>,
    /// [side][from][to], by [`Square::bit`] (which costs nothing to compute, unlike the PDN number).
    history: Box<[[[i32; Square::BITS]; Square::BITS]; 2]>,
}

/// Ordering scores of the two killer moves: above any history score, below the table's move.
const KILLER_1: i32 = 1 << 24;
const KILLER_2: i32 = KILLER_1 - 1;

impl Default for MoveOrdering {
    fn default() -> Self {
        MoveOrdering {
            killers: vec![[None; 2]; MAX_PLY + 1],
            history: Box::new([[[0; Square::BITS]; Square::BITS]; 2]),
        }
    }
}

impl MoveOrdering {
    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        *self = MoveOrdering::default();
    }

    /// Halves the history so old results fade; killers are position-specific and cleared.
    fn age(&mut self) {
        self.killers.iter_mut().for_each(|k| *k = [None; 2]);
        self.history.iter_mut().flatten().flatten().for_each(|h| *h /= 2);
    }

    /// The order in which to try `mv` at `ply` (higher first), the table's move aside.
    #[inline]
    fn score(&self, side: usize, ply: usize, mv: &Move) -> i32 {
        let killers = &self.killers[ply];
        // Killers are quiet moves, so a capture is never one, and a quiet move is known by its two squares and
        // whether it crowns (comparing whole moves is not free).
        let is_killer = |i: usize| {
            !mv.is_capture()
                && killers[i]
                    .is_some_and(|k| k.from() == mv.from() && k.to() == mv.to() && k.promotes() == mv.promotes())
        };
        if is_killer(0) {
            KILLER_1
        } else if is_killer(1) {
            KILLER_2
        } else {
            self.history[side][mv.from().bit() as usize][mv.to().bit() as usize]
        }
    }

    /// Remembers a move that failed high: as a killer of its ply if quiet, and in the history.
    #[inline(always)]
    fn reward(&mut self, side: usize, ply: usize, mv: &Move, depth: i32) {
        if !mv.is_capture() {
            let k = &mut self.killers[ply];
            if k[0] != Some(*mv) {
                k[1] = k[0];
                k[0] = Some(*mv);
            }
        }
        let h = &mut self.history[side][mv.from().bit() as usize][mv.to().bit() as usize];
        *h = (*h + depth * depth).min(1 << 20);
    }
}

/// Where a node stands: everything `negamax` is asked besides its window.
#[derive(Clone, Copy)]
struct Node<'p> {
    position: &'p Position,
    /// Plies left to search; at 0 and below only captures are followed.
    depth: i32,
    /// Distance from the root.
    ply: usize,
    /// Plies in a row in which only kings moved and nothing was captured (the king-move rule's count).
    king_plies: u16,
    /// On the principal variation: searched with an open window and never cut off by the table.
    pv: bool,
}

impl Node<'_> {
    /// The node after `mv` from this one, `depth` plies deep.
    #[inline]
    fn child<'c>(&self, position: &'c Position, mv: &Move, depth: i32, pv: bool) -> Node<'c> {
        Node {
            position,
            depth,
            ply: self.ply + 1,
            king_plies: king_plies_after(self.position, mv, self.king_plies),
            pv,
        }
    }
}

/// The alpha-beta window: the node's score matters only strictly between `alpha` and `beta`.
#[derive(Clone, Copy)]
struct Window {
    alpha: i32,
    beta: i32,
}

impl Window {
    const OPEN: Window = Window { alpha: -INF, beta: INF };

    /// The same window from the opponent's side.
    #[inline]
    fn flip(self) -> Window {
        Window { alpha: -self.beta, beta: -self.alpha }
    }

    /// The null window just above `alpha`: does a move beat the best so far?
    #[inline]
    fn null(self) -> Window {
        Window { alpha: self.alpha, beta: self.alpha + 1 }
    }
}

pub(crate) struct Searcher<'a> {
    tt: &'a mut Tt,
    ordering: &'a mut MoveOrdering,
    weights: &'a Weights,
    config: SearchConfig,
    tablebase: Option<&'a Tablebase>,
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
    /// Root moves whose score is known already (proven), not searched.
    root_known: &'a [(Move, i32)],
}

impl<'a> Searcher<'a> {
    pub(crate) fn new(
        tt: &'a mut Tt,
        ordering: &'a mut MoveOrdering,
        weights: &'a Weights,
        config: SearchConfig,
        tablebase: Option<&'a Tablebase>,
        root: &SearchRoot,
        stop: StopHandle,
    ) -> Searcher<'a> {
        Searcher {
            tt,
            ordering,
            weights,
            config,
            tablebase,
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
            root_known: &[],
        }
    }

    /// The same searcher with root moves whose scores are known (proven): they are scored so, not searched.
    pub(crate) fn knowing(mut self, root_known: &'a [(Move, i32)]) -> Searcher<'a> {
        self.root_known = root_known;
        self
    }

    /// Iterative deepening from the root until a limit is reached (the depth and nodes of `limits`, the time of
    /// `budget`); returns the deepest completed result.
    pub(crate) fn run(
        &mut self,
        root: &SearchRoot,
        limits: &Limits,
        budget: Option<TimeBudget>,
        info: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        self.tt.new_search();
        self.ordering.age();
        self.start = Instant::now();
        self.node_limit = limits.nodes.unwrap_or(u64::MAX);
        self.hard_deadline = budget.map(|b| self.start + b.hard);
        let soft = budget.map(|b| b.soft);
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
        if let Some((score, pv)) = self.table_answer(root, &root_moves) {
            result.best = pv.first().copied();
            result.score = score;
            result.pv = pv;
            result.elapsed = self.start.elapsed();
            info(&SearchInfo::from_result(&result));
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
            let forced = root_moves.len() == 1 && depth >= 4 && budget.is_some();
            let out_of_time = soft.is_some_and(|s| self.start.elapsed() >= s);
            if proven || forced || out_of_time || self.nodes >= self.node_limit {
                break;
            }
        }
        result.nodes = self.nodes;
        result.elapsed = self.start.elapsed();
        result
    }

    /// The root's exact score and best line from the tables, without a search, when they hold under the draw
    /// rules (as [`Self::probe_tablebase`]): the shortest win, the longest loss, or a drawing move (the line is
    /// then that move alone). A root repetition is not looked at: the winner's line never repeats its own
    /// positions, and for a position of the game before the root to come a third time it must have come twice.
    fn table_answer(&self, root: &SearchRoot, root_moves: &MoveList) -> Option<(i32, Vec<Move>)> {
        let tb = self.tablebase?;
        let node = Node { position: &root.position, depth: 0, ply: 0, king_plies: root.king_plies, pv: true };
        let score = self.probe_tablebase(&node)?;
        let mut pv = Vec::new();
        let mut pos = root.position;
        let mut moves = root_moves.clone();
        let mut value = tb.probe(&pos)?;
        loop {
            // The move that keeps the value: to a loss one shorter, a win one shorter, or a draw.
            let (mv, child, v) = moves.iter().find_map(|mv| {
                let child = pos.play(mv);
                let v = tb.probe(&child)?;
                (v.before() == value).then_some((*mv, child, v))
            })?;
            pv.push(mv);
            if value == Value::Draw || v == Value::Win(0) || pv.len() >= MAX_PLY {
                return Some((score, pv));
            }
            (pos, value) = (child, v);
            generate(&pos, &mut moves);
        }
    }

    /// One iteration at the root, in a window around the previous iteration's score that widens on failure.
    fn aspiration(&mut self, position: &Position, depth: i32, prev: i32, king_plies: u16) -> i32 {
        let root = Node { position, depth, ply: 0, king_plies, pv: true };
        if !self.config.aspiration || depth < 4 || prev.abs() >= WIN_BOUND {
            return self.negamax(root, Window::OPEN);
        }
        let mut delta = 40;
        let mut window = Window { alpha: prev - delta, beta: prev + delta };
        loop {
            let s = self.negamax(root, window);
            if self.stopped {
                return s;
            }
            if s <= window.alpha {
                window.alpha = (window.alpha - delta).max(-INF);
            } else if s >= window.beta {
                window.beta = (window.beta + delta).min(INF);
            } else {
                return s;
            }
            delta *= 3;
            if delta > 1000 {
                window = Window::OPEN;
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
        let node =
            Node { position: &root.position, depth: depth as i32, ply: 0, king_plies: root.king_plies, pv: true };
        let mut out: Vec<(Move, i32)> = Vec::with_capacity(moves.len());
        for mv in &moves {
            let child = root.position.play(mv);
            let s = -self.negamax(node.child(&child, mv, node.depth - 1, true), Window::OPEN);
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

    /// Draw by the rules at a node reached after `king_plies` king-only plies (the stack holds the earlier
    /// positions).
    fn is_draw(&self, hash: u64, king_plies: u16) -> bool {
        if self.rules.king_move_plies > 0 && king_plies >= self.rules.king_move_plies {
            return true;
        }
        // A position can only repeat after both sides made two reversible moves.
        if self.rules.repetitions == 0 || king_plies < 4 {
            return false;
        }
        // Inside the search one repetition is enough: the side that could repeat once can repeat again.
        let n = self.stack.len();
        let window = (king_plies as usize).min(n);
        self.stack[n - window..].iter().rev().skip(1).step_by(2).any(|&h| h == hash)
    }

    fn negamax(&mut self, mut node: Node, mut window: Window) -> i32 {
        let ply = node.ply;
        self.pv[ply].clear();
        self.nodes += 1;
        self.check_limits();
        if self.stopped {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        let hash = node.position.hash();
        if ply > 0 {
            if self.is_draw(hash, node.king_plies) {
                return 0;
            }
            // No line through here can end sooner than a win at this ply or later than a loss at the next.
            window.alpha = window.alpha.max(-WIN + ply as i32);
            window.beta = window.beta.min(WIN - ply as i32 - 1);
            if window.alpha >= window.beta {
                return window.alpha;
            }
            if let Some(score) = self.probe_tablebase(&node) {
                return score;
            }
        }
        let capturing = capturers(node.position);
        if capturing.is_empty() && node.depth <= 0 {
            // A quiet leaf (as `depth_adjust` would find): whether it has a move is all it needs of them.
            return if has_quiet_move(node.position) {
                evaluate(node.position, self.weights)
            } else {
                WIN - ply as i32
            };
        }
        let mut moves = std::mem::take(&mut self.lists[ply]);
        generate_with(node.position, capturing, &mut moves);
        moves.dedup_outcomes();
        let score = match depth_adjust(&moves, &mut node.depth, ply) {
            Leaf::Won => WIN - ply as i32,
            Leaf::Quiet => evaluate(node.position, self.weights),
            Leaf::Search => self.search_moves(&node, hash, &moves, window),
        };
        self.lists[ply] = moves;
        score
    }

    /// The endgame tables' exact score for the node, where it holds under the game's draw rules too.
    ///
    /// The tables know no draw rules; the rules only ever turn a win into a draw, never a draw into a win. So
    /// a drawn entry is a draw, and a win or loss in `d` plies is taken as exact when the king-move rule cannot
    /// strike before it ends (`king_plies + d` below the limit): along a shortest win the distance falls by
    /// one every ply, so the line never repeats a position of its own. (Only a repetition of a position from
    /// before the node could still cut it short; the search above the node sees those.) Longer wins and losses
    /// are searched as usual, where the counter is followed move by move.
    #[inline]
    fn probe_tablebase(&self, node: &Node) -> Option<i32> {
        let tb = self.tablebase?;
        if node.position.occupied().count() > tb.max_pieces() {
            return None;
        }
        let ends_in = |d: u16| {
            let within_king_rule = within_king_move_rule(&self.rules, node.king_plies, d);
            let end = node.ply + d as usize;
            (within_king_rule && end <= MAX_PLY).then_some(WIN - end as i32)
        };
        match tb.probe(node.position)? {
            Value::Draw => Some(0),
            Value::Win(d) => ends_in(d),
            Value::Loss(d) => ends_in(d).map(|s| -s),
        }
    }

    /// The moves of an inner node, best first: the table's verdict or move, then each move in turn.
    fn search_moves(&mut self, node: &Node, hash: u64, moves: &MoveList, mut window: Window) -> i32 {
        let ply = node.ply;
        let alpha0 = window.alpha;
        let tt_move = match self.probe_tt(node, hash, moves.len(), window) {
            Ok(tt_move) => tt_move,
            Err(cutoff) => return cutoff,
        };
        let side = node.position.side_to_move().index();
        let mut order = std::mem::take(&mut self.scores[ply]);
        order.clear();
        for (i, mv) in moves.iter().enumerate() {
            let s = if Some(i) == tt_move { i32::MAX } else { self.ordering.score(side, ply, mv) };
            order.push((s, i as u16));
        }

        let mut best = -INF;
        let mut best_i = 0usize;
        self.stack.push(hash);
        for n in 0..moves.len() {
            // Selection sort: the next best-ordered move.
            let mut pick = n;
            for j in n + 1..order.len() {
                if order[j].0 > order[pick].0 {
                    pick = j; // the first of equals stays first
                }
            }
            order.swap(n, pick);
            let (ordering_score, i) = (order[n].0, order[n].1 as usize);
            let mv = &moves[i];
            let score = self.search_move(node, mv, n, ordering_score, window);
            if self.stopped {
                break;
            }
            if score > best {
                best = score;
                best_i = i;
                if score > window.alpha {
                    window.alpha = score;
                    self.extend_pv(ply, mv);
                    if window.alpha >= window.beta {
                        self.ordering.reward(side, ply, mv, node.depth);
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
        let bound = if best >= window.beta {
            Bound::Lower
        } else if best > alpha0 {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(hash, score_to_tt(best, ply), node.depth.max(-100) as i16, best_i.min(255) as u8, bound);
        best
    }

    /// The table's entry for this node: `Err(score)` when it settles the node, else the index of the move it
    /// suggests trying first, if any.
    #[inline]
    fn probe_tt(&self, node: &Node, hash: u64, n_moves: usize, window: Window) -> Result<Option<usize>, i32> {
        let Some(e) = self.tt.probe(hash) else { return Ok(None) };
        if !node.pv && e.depth as i32 >= node.depth {
            let s = score_from_tt(e.score, node.ply);
            let cut = match e.bound {
                Bound::Exact => true,
                Bound::Lower => s >= window.beta,
                Bound::Upper => s <= window.alpha,
            };
            if cut {
                return Err(s);
            }
        }
        Ok(Some(e.best as usize).filter(|&i| i < n_moves))
    }

    /// One move's score by principal-variation search: the first move with the node's window, later ones
    /// with a null window (reduced by a ply or two when late and quiet), searched again when they beat alpha.
    #[inline]
    fn search_move(&mut self, node: &Node, mv: &Move, n: usize, ordering_score: i32, window: Window) -> i32 {
        if node.ply == 0 {
            if let Some(&(_, score)) = self.root_known.iter().find(|(m, _)| m == mv) {
                self.pv[1].clear();
                return score;
            }
        }
        let child = node.position.play(mv);
        self.tt.prefetch(child.hash());
        let depth = node.depth - 1;
        if n == 0 {
            return -self.negamax(node.child(&child, mv, depth, node.pv), window.flip());
        }
        let late = self.config.lmr && node.depth >= 3 && n >= 3 && !mv.is_capture() && ordering_score < KILLER_2;
        let r = if late { 1 + (node.depth >= 6 && n >= 8) as i32 } else { 0 };
        let test = window.null().flip();
        let mut s = -self.negamax(node.child(&child, mv, depth - r, false), test);
        if s > window.alpha && r > 0 {
            s = -self.negamax(node.child(&child, mv, depth, false), test);
        }
        if s > window.alpha && s < window.beta && node.pv {
            s = -self.negamax(node.child(&child, mv, depth, true), window.flip());
        }
        s
    }

    /// The principal variation at `ply`: `mv`, then the line found below it.
    fn extend_pv(&mut self, ply: usize, mv: &Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(*mv);
        line.extend_from_slice(&tail[0]);
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
#[inline]
fn king_plies_after(pos: &Position, mv: &Move, king_plies: u16) -> u16 {
    if !mv.is_capture() && pos.kings().contains(mv.from()) {
        king_plies.saturating_add(1)
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
