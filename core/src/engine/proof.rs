//! Proof-number search: proves a position won or lost by force, or says it does not know within a budget.
//!
//! Captures are compulsory in giveaway, so the lines that decide a game are often narrow: a handful of replies
//! at each step, many of them forced. Proof-number search (Allis 1994) spends its nodes where a proof is
//! cheapest to finish, and reaches far deeper along such lines than an alpha-beta search of the same size.
//!
//! The tree is kept whole, one node per position along each path, so every node knows its own history and the
//! draw rules (repetition, the king-move rule) are applied exactly; the endgame tables, when given, decide the
//! positions they hold, under those same rules. Transpositions are shared only where that is exact: a position
//! reached by a man move or a capture has no history that matters, so once one such node is settled every
//! other node of that position (by its 64-bit hash) is settled with it. A position is proven a win for one side
//! ("the attacker"), or disproven (the attacker cannot force a win: the other side wins or holds a draw); two
//! searches, one per side, together tell a win, a loss or a draw.

use super::exact::exact_value;
use super::limits::StopHandle;
use super::root::SearchRoot;
use crate::movegen::{legal_moves, Move, MoveList};
use crate::position::{Color, Position};
use crate::tablebase::{Tablebase, Value};
use std::collections::HashMap;
use std::time::{Duration, Instant};

/// How much a proof may cost.
#[derive(Clone, Debug, Default)]
pub struct ProofLimits {
    /// Nodes the two searches may create together (each node is one position; about 40 bytes).
    pub nodes: u64,
    /// Stop after this long, if set.
    pub movetime: Option<Duration>,
    /// Stop when this is set, if given.
    pub stop: Option<StopHandle>,
}

/// What a proof found for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// It wins by force.
    Win,
    /// It loses by force.
    Loss,
    /// Neither side can force a win.
    Draw,
    /// It cannot force a win (it loses or draws; which one was not settled within the budget).
    NoWin,
    /// It cannot be forced to lose (it wins or draws; which one was not settled within the budget).
    NoLoss,
    /// Nothing was settled within the budget.
    Unknown,
}

/// The outcome of [`prove`].
#[derive(Clone, Debug)]
pub struct Proof {
    /// What was proven.
    pub verdict: Verdict,
    /// For a win or a loss: a forcing line, the winner choosing the quickest proven win and the loser the
    /// longest resistance within the proof found (so its length is an upper bound on the distance, not
    /// necessarily the shortest win). Ends where the game ends or where the tables take over.
    pub line: Vec<Move>,
    /// For a win or a loss: plies to the end of the game along that line, the tables' distance included.
    pub plies: Option<u32>,
    /// Nodes created by both searches.
    pub nodes: u64,
    /// Time taken.
    pub elapsed: Duration,
}

/// Proves `root` won or lost by force for its side to move, within `limits`; `tables` decide the positions
/// they hold. The win is sought first with half the node budget, then the loss with what is left.
///
/// White gives its king away and is left with nothing, which wins:
///
/// ```
/// use giveaway_core::engine::{prove, ProofLimits, SearchRoot, Verdict};
/// use giveaway_core::{parse_fen, Rules};
///
/// let root = SearchRoot::new(parse_fen("W:WK5:BK30").unwrap(), Rules::default());
/// let proof = prove(&root, None, &ProofLimits { nodes: 10_000, movetime: None, stop: None });
/// assert_eq!((proof.verdict, proof.plies), (Verdict::Win, Some(2)));
/// let line: Vec<String> = proof.line.iter().map(|m| m.to_string()).collect();
/// assert_eq!(line, ["a7-e3", "c1:h6"]);
/// ```
pub fn prove(root: &SearchRoot, tables: Option<&Tablebase>, limits: &ProofLimits) -> Proof {
    let start = Instant::now();
    let mover = root.position.side_to_move();
    let mut win = Tree::new(root, tables, mover, limits, start);
    let win_found = win.run(limits.nodes / 2);
    let mut nodes = win.len();
    if win_found == Some(true) {
        let (line, plies) = win.line();
        return Proof { verdict: Verdict::Win, line, plies: Some(plies), nodes, elapsed: start.elapsed() };
    }
    let mut loss = Tree::new(root, tables, mover.opponent(), limits, start);
    let loss_found = loss.run(limits.nodes.saturating_sub(nodes));
    nodes += loss.len();
    let (verdict, line, plies) = match (win_found, loss_found) {
        (_, Some(true)) => {
            let (line, plies) = loss.line();
            (Verdict::Loss, line, Some(plies))
        }
        (Some(false), Some(false)) => (Verdict::Draw, Vec::new(), None),
        (Some(false), None) => (Verdict::NoWin, Vec::new(), None),
        (None, Some(false)) => (Verdict::NoLoss, Vec::new(), None),
        (None, None) => (Verdict::Unknown, Vec::new(), None),
        (Some(true), _) => unreachable!("a proven win returned above"),
    };
    Proof { verdict, line, plies, nodes, elapsed: start.elapsed() }
}

/// Proof and disproof numbers at or above this are "infinite" (sums saturate here).
const INF: u32 = u32::MAX;
/// No node: the root's parent, an unexpanded node's children.
const NONE: u32 = u32::MAX;

/// One position of the tree.
#[derive(Clone, Copy)]
struct Node {
    position: Position,
    /// The king-move rule's counter here.
    king_plies: u16,
    /// The attacker needs only one child (it is to move) or all of them.
    or: bool,
    /// Index of the move from the parent in the parent's deduplicated legal moves.
    move_index: u8,
    /// Once proven: plies to the end along the proof (the attacker's quickest proven move, the defender's
    /// longest); else 0.
    plies: u16,
    parent: u32,
    /// First child (children are contiguous), or [`NONE`] until expanded.
    first_child: u32,
    children: u16,
    /// Nodes still to prove for the attacker's win; 0 = proven.
    pn: u32,
    /// Nodes still to prove that it fails; 0 = disproven.
    dn: u32,
}

struct Tree<'a> {
    nodes: Vec<Node>,
    root: &'a SearchRoot,
    tables: Option<&'a Tablebase>,
    attacker: Color,
    limits: &'a ProofLimits,
    start: Instant,
    /// Settled positions without history, by hash: the node that settled it, and its plies if proven.
    settled: HashMap<u64, (u32, Option<u16>)>,
}

/// The legal moves the tree branches on: one capture path per resulting position.
fn moves_of(position: &Position) -> MoveList {
    let mut moves = legal_moves(position);
    moves.dedup_outcomes();
    moves
}

impl<'a> Tree<'a> {
    fn new(
        root: &'a SearchRoot,
        tables: Option<&'a Tablebase>,
        attacker: Color,
        limits: &'a ProofLimits,
        start: Instant,
    ) -> Tree<'a> {
        let mut tree = Tree { nodes: Vec::new(), root, tables, attacker, limits, start, settled: HashMap::new() };
        let node = tree.leaf(root.clone(), NONE, 0);
        tree.nodes.push(node);
        tree
    }

    fn len(&self) -> u64 {
        self.nodes.len() as u64
    }

    /// Grows the tree until the root is proven (`Some(true)`), disproven (`Some(false)`), or the budget of
    /// `max_nodes` (or the time, or the stop) runs out (`None`).
    fn run(&mut self, max_nodes: u64) -> Option<bool> {
        let mut iterations = 0u32;
        loop {
            let root = self.nodes[0];
            if root.pn == 0 {
                return Some(true);
            }
            if root.dn == 0 {
                return Some(false);
            }
            if self.len() >= max_nodes {
                return None;
            }
            iterations = iterations.wrapping_add(1);
            if iterations.is_multiple_of(256) && self.out_of_time() {
                return None;
            }
            let n = self.most_proving();
            self.expand(n);
            self.update_ancestors(n);
        }
    }

    fn out_of_time(&self) -> bool {
        self.limits.movetime.is_some_and(|t| self.start.elapsed() >= t)
            || self.limits.stop.as_ref().is_some_and(StopHandle::is_stopped)
    }

    /// The leaf whose proof would settle the root soonest: the cheapest child to prove where the attacker is
    /// to move, the cheapest to disprove elsewhere.
    fn most_proving(&self) -> u32 {
        let mut n = 0u32;
        loop {
            let node = &self.nodes[n as usize];
            if node.first_child == NONE {
                return n;
            }
            let children = node.first_child..node.first_child + u32::from(node.children);
            n = if node.or {
                children.min_by_key(|&c| self.nodes[c as usize].pn)
            } else {
                children.min_by_key(|&c| self.nodes[c as usize].dn)
            }
            .expect("an expanded node has children");
        }
    }

    /// The search root of node `n`: its position with the history the draw rules need.
    fn search_root(&self, n: u32) -> SearchRoot {
        let node = &self.nodes[n as usize];
        // The earlier positions since the last man move or capture, nearest first, then the root's own.
        let mut history = Vec::new();
        let mut at = node;
        while at.king_plies > 0 && at.parent != NONE {
            at = &self.nodes[at.parent as usize];
            history.push(at.position.hash());
        }
        if at.parent == NONE && at.king_plies > 0 {
            history.extend(self.root.history.iter().rev());
        }
        history.reverse();
        SearchRoot { position: node.position, history, king_plies: node.king_plies, rules: self.root.rules }
    }

    /// A new node for `root`, settled at once where the game is over, the rules draw or the tables know.
    fn leaf(&self, root: SearchRoot, parent: u32, move_index: u8) -> Node {
        let or = root.position.side_to_move() == self.attacker;
        let moves = moves_of(&root.position);
        let settled = if root.king_plies == 0 { self.settled.get(&root.position.hash()).map(|s| s.1) } else { None };
        let value = match self.tables {
            // Stored from the attacker's side: turned into the side to move's.
            _ if settled.is_some() => match settled.flatten() {
                Some(d) if or => Some(Value::Win(d)),
                Some(d) => Some(Value::Loss(d)),
                None => Some(Value::Draw),
            },
            Some(tables) => exact_value(tables, &root),
            None if moves.is_empty() => Some(Value::Win(0)),
            None if root.is_rule_draw() => Some(Value::Draw),
            None => None,
        };
        let mut node = Node {
            position: root.position,
            king_plies: root.king_plies,
            or,
            move_index,
            plies: 0,
            parent,
            first_child: NONE,
            children: 0,
            pn: 1,
            dn: 1,
        };
        // Values are the side to move's: a win is the attacker's exactly where the attacker is to move.
        match value {
            Some(Value::Win(d)) | Some(Value::Loss(d)) => {
                let attacker_wins = matches!(value, Some(Value::Win(_))) == or;
                (node.pn, node.dn) = if attacker_wins { (0, INF) } else { (INF, 0) };
                node.plies = d;
            }
            Some(Value::Draw) => (node.pn, node.dn) = (INF, 0),
            // The usual start: one good reply settles a node where the mover chooses, all of them elsewhere.
            None if or => node.dn = moves.len() as u32,
            None => node.pn = moves.len() as u32,
        }
        node
    }

    fn expand(&mut self, n: u32) {
        let parent = self.search_root(n);
        let first = self.nodes.len() as u32;
        let moves = moves_of(&parent.position);
        for (i, mv) in moves.iter().enumerate() {
            let child = self.leaf(parent.after(mv), n, i as u8);
            self.nodes.push(child);
        }
        let node = &mut self.nodes[n as usize];
        node.first_child = first;
        node.children = moves.len() as u16;
    }

    /// Recomputes the numbers from `n` up to the root, stopping where nothing changes.
    fn update_ancestors(&mut self, mut n: u32) {
        loop {
            let node = self.nodes[n as usize];
            let children = node.first_child..node.first_child + u32::from(node.children);
            let (mut min_pn, mut sum_pn, mut min_dn, mut sum_dn) = (INF, 0u32, INF, 0u32);
            for c in children {
                let child = &self.nodes[c as usize];
                min_pn = min_pn.min(child.pn);
                min_dn = min_dn.min(child.dn);
                sum_pn = sum_pn.saturating_add(child.pn);
                sum_dn = sum_dn.saturating_add(child.dn);
            }
            let (pn, dn) = if node.or { (min_pn, sum_dn) } else { (sum_pn, min_dn) };
            // The ancestors depend on this node only through its two numbers.
            if (pn, dn) == (node.pn, node.dn) {
                return;
            }
            let plies = if pn == 0 { self.proof_plies(n) } else { 0 };
            if (pn == 0 || dn == 0) && node.king_plies == 0 {
                self.settled.insert(node.position.hash(), (n, (pn == 0).then_some(plies)));
            }
            let node = &mut self.nodes[n as usize];
            (node.pn, node.dn, node.plies) = (pn, dn, plies);
            if node.parent == NONE {
                return;
            }
            n = node.parent;
        }
    }

    /// Plies to the end along the proof of an expanded node just proven, from its proven children's.
    fn proof_plies(&self, n: u32) -> u16 {
        let node = &self.nodes[n as usize];
        let children = node.first_child..node.first_child + u32::from(node.children);
        let proven = children.map(|c| &self.nodes[c as usize]).filter(|c| c.pn == 0).map(|c| c.plies + 1);
        if node.or { proven.min() } else { proven.max() }.expect("a proven node has a proven child")
    }

    /// The proven line from the root and its length in plies (the root must be proven).
    fn line(&self) -> (Vec<Move>, u32) {
        let mut line = Vec::new();
        let mut n = 0u32;
        loop {
            let mut node = &self.nodes[n as usize];
            if node.first_child == NONE {
                // A transposition settled elsewhere: its proof goes on from the node that settled it.
                match self.settled.get(&node.position.hash()) {
                    Some(&(m, _)) if node.king_plies == 0 && m != n => {
                        n = m;
                        node = &self.nodes[n as usize];
                    }
                    _ => return (line, u32::from(self.nodes[0].plies)),
                }
            }
            let children = node.first_child..node.first_child + u32::from(node.children);
            let proven = children.filter(|&c| self.nodes[c as usize].pn == 0);
            let next = if node.or {
                proven.min_by_key(|&c| self.nodes[c as usize].plies)
            } else {
                proven.max_by_key(|&c| self.nodes[c as usize].plies)
            }
            .expect("a proven node has a proven child");
            line.push(moves_of(&node.position)[usize::from(self.nodes[next as usize].move_index)]);
            n = next;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Rng;
    use crate::fen::parse_fen;
    use crate::game::{Game, Outcome, Rules};

    fn limits(nodes: u64) -> ProofLimits {
        ProofLimits { nodes, ..ProofLimits::default() }
    }

    /// Plays `line` from `fen` and returns the game, every move checked legal on the way.
    fn replay(fen: &str, line: &[Move]) -> Game {
        let mut game = Game::from_fen(fen, Rules::default()).unwrap();
        for mv in line {
            game.play(mv).unwrap_or_else(|e| panic!("{mv} is not legal in the proof line: {e:?}"));
        }
        game
    }

    #[test]
    fn a_forced_give_away_line_the_search_missed_is_proven_and_its_line_ends_the_game() {
        // From the match against YurkoFlisk (issue 29): after White's 22-18 its search says Black wins by force
        // in 28; ours missed it. The proof must find a win without tables (about 3 million nodes) and play it
        // out to Black's win.
        let fen = "B:W12,18,19,21,26,28,29,30,31,32:B1,2,3,6,7,8,9";
        let proof = prove(&SearchRoot::new(parse_fen(fen).unwrap(), Rules::default()), None, &limits(8_000_000));
        assert_eq!(proof.verdict, Verdict::Win);
        assert_eq!(proof.plies, Some(proof.line.len() as u32), "without tables the line runs to the end");
        let game = replay(fen, &proof.line);
        assert_eq!(game.result().map(|r| r.outcome), Some(Outcome::win_for(Color::Black)));
    }

    #[test]
    fn a_side_without_a_move_has_won_already() {
        let root = SearchRoot::new(parse_fen("W:W:B1").unwrap(), Rules::default());
        let proof = prove(&root, None, &limits(10));
        assert_eq!((proof.verdict, proof.plies, proof.line.len()), (Verdict::Win, Some(0), 0));
    }

    #[test]
    fn the_budget_is_kept_and_an_open_position_stays_unknown() {
        let root = SearchRoot::new(Position::default(), Rules::default());
        let proof = prove(&root, None, &limits(20_000));
        assert_eq!(proof.verdict, Verdict::Unknown);
        // One expansion past the budget at most, in each of the two searches.
        assert!(proof.nodes <= 20_000 + 2 * 64, "{} nodes", proof.nodes);
    }

    /// A random legal-looking position of `pieces` pieces (men off their promotion row), either side to move.
    fn random_position(rng: &mut Rng, pieces: usize) -> Option<Position> {
        let mut squares: Vec<u32> = (1..=32).collect();
        let mut parts = [Vec::new(), Vec::new()];
        for i in 0..pieces {
            let sq = squares.swap_remove(rng.below(squares.len()));
            let colour = if i == 0 {
                0
            } else if i == 1 {
                1
            } else {
                rng.below(2)
            };
            let king = rng.below(3) == 0;
            // White men promote on 1–4 and Black men on 29–32 in numeric notation.
            if !king && ((colour == 0 && sq <= 4) || (colour == 1 && sq >= 29)) {
                return None;
            }
            parts[colour].push(format!("{}{sq}", if king { "K" } else { "" }));
        }
        let side = if rng.below(2) == 0 { "W" } else { "B" };
        parse_fen(&format!("{side}:W{}:B{}", parts[0].join(","), parts[1].join(","))).ok()
    }

    #[test]
    fn proofs_agree_with_the_endgame_tables_and_settle_their_short_wins() {
        // The tables are checked position by position against an independent solver; the proof search, given
        // none, must never contradict them, and must settle every short win or loss they vouch for.
        let (tables, _) = Tablebase::build(3, |_, _| {}).unwrap();
        let mut rng = Rng::new(29);
        let (mut checked, mut short) = (0, 0);
        while checked < 400 {
            let pieces = 2 + rng.below(2);
            let Some(position) = random_position(&mut rng, pieces) else { continue };
            let root = SearchRoot::new(position, Rules::default());
            let Some(exact) = exact_value(&tables, &root) else { continue };
            checked += 1;
            let proof = prove(&root, None, &limits(200_000));
            let fen = crate::fen::to_fen(&position);
            match proof.verdict {
                Verdict::Win => assert!(matches!(exact, Value::Win(_)), "{fen}: proven a win, tables {exact:?}"),
                Verdict::Loss => assert!(matches!(exact, Value::Loss(_)), "{fen}: proven a loss, tables {exact:?}"),
                Verdict::Draw => assert_eq!(exact, Value::Draw, "{fen}: proven a draw"),
                Verdict::NoWin => assert!(!matches!(exact, Value::Win(_)), "{fen}: no win, tables {exact:?}"),
                Verdict::NoLoss => assert!(!matches!(exact, Value::Loss(_)), "{fen}: no loss, tables {exact:?}"),
                Verdict::Unknown => {}
            }
            if let Value::Win(d) | Value::Loss(d) = exact {
                // The proof's line is one forcing line, never shorter than the tables' best play.
                if let Some(plies) = proof.plies {
                    assert!(plies >= u32::from(d), "{fen}: {plies} plies, tables {d}");
                    let game = replay(&fen, &proof.line);
                    assert!(game.is_over(), "{fen}: the line stops before the end");
                }
                if d <= 9 {
                    short += 1;
                    assert!(proof.plies.is_some(), "{fen}: a {exact:?} left unproven ({:?})", proof.verdict);
                }
            }
        }
        assert!(short >= 50, "only {short} short wins and losses among the positions");
    }
}
