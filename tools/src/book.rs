//! The opening book's builder (`giveaway book build`): a tree of book positions grown from the start, each
//! position's moves scored by a search and every one of them put to the proof search (does the opponent win by
//! force after it?), the good moves that are not proven to lose kept as book moves and the lost ones kept as
//! such; then self-play games from the book's leaves weigh the moves by their results. The core reads the book
//! it writes (`giveaway_core::engine::Book`, whose docs give the text format).
//!
//! The tree grows best first, as far as a line's cost allows: a ply costs one, and a move that is the k-th best
//! of its position (k from 0) costs `rank_plies × k` more, so the main line reaches `plies` and the lines
//! through second choices `rank_plies` fewer. Every search and proof is bounded by nodes, so the book is the
//! same on every machine, and `positions` bounds the number of positions expanded, hence the time.

use crate::matches::play_out;
use giveaway_core::engine::{
    prove_side, Book, BookMove, BookPosition, BookProof, Engine, Level, Limits, ProofCache, ProofLimits, Rng,
    SearchRoot, StopHandle, Verdict,
};
use giveaway_core::tablebase::Tablebase;
use giveaway_core::{Game, Move, Outcome, Position, Rules};
use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};

/// How `giveaway book build` grows the book.
#[derive(Clone, Copy, Debug)]
pub struct BookSettings {
    /// Positions expanded at most (bounds the time).
    pub positions: usize,
    /// The main line's length in plies: a line is grown while its cost is below this.
    pub plies: usize,
    /// Extra cost of a line through a position's k-th best book move: `rank_plies × k`.
    pub rank_plies: usize,
    /// Depth of the search that scores every move of a book position.
    pub depth: u32,
    /// Moves scoring within this many centi-units of the best move not proven to lose are book moves too …
    pub margin: i32,
    /// … at most this many in a position.
    pub width: usize,
    /// Nodes of the proof for each legal move of a book position (does the opponent win by force after it?).
    pub proof_nodes: u64,
    /// Nodes a move of level 8 in the self-play games from the book's leaves.
    pub game_nodes: u64,
}

/// What the build found, besides the book.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BookReport {
    /// Positions expanded (each is a book position).
    pub positions: usize,
    /// Legal moves put to the proof search.
    pub proved: usize,
    /// Of them: proven to lose by force (kept as known losses).
    pub losing: usize,
    /// Of them: proven not to lose.
    pub safe: usize,
    /// Self-play games played from the leaves.
    pub games: usize,
    /// The deepest book position's ply.
    pub deepest: u16,
}

/// A position waiting to be expanded: its line's cost so far, and the line from the start.
struct Pending {
    cost: usize,
    line: Vec<Move>,
}

/// Grows the book (see the module docs); `tables` settle the positions they hold in the proofs; `progress`
/// hears what is being done.
pub fn build_book(
    settings: &BookSettings,
    tables: Option<&Tablebase>,
    stop: &StopHandle,
    progress: &mut dyn FnMut(&str),
) -> (Book, BookReport) {
    let rules = Rules::default();
    let mut engine = Engine::new(64);
    let mut cache = ProofCache::new();
    let mut report = BookReport::default();
    let mut positions: HashMap<u64, BookPosition> = HashMap::new();
    // The line from the start that each book position was expanded from.
    let mut lines: HashMap<u64, Vec<Move>> = HashMap::new();
    // Lowest cost first; among equals, the earlier found (a counter keeps the heap's order total).
    let mut queue = BinaryHeap::new();
    let mut found = 0usize;
    queue.push((Reverse((0usize, found)), 0u64));
    let mut pending: HashMap<usize, Pending> = HashMap::from([(0, Pending { cost: 0, line: Vec::new() })]);
    while let Some((Reverse((_, id)), _)) = queue.pop() {
        if stop.is_stopped() || report.positions >= settings.positions {
            break;
        }
        let Pending { cost, line } = pending.remove(&id).expect("every queued position is pending");
        let game = replay(&line, rules);
        let root = SearchRoot::from_game(&game);
        let hash = root.position.hash();
        if positions.contains_key(&hash) || game.is_over() || root.position.kings().count() > 0 {
            continue;
        }
        let (scored, _) = engine.root_scores(&root, settings.depth, stop);
        let mut moves = Vec::new();
        let mut playable = Vec::new();
        for &(mv, eval) in &scored {
            let proof = move_proof(&root, &mv, tables, settings.proof_nodes, stop, &mut cache);
            report.proved += 1;
            match proof {
                BookProof::Loses(_) => {
                    report.losing += 1;
                    moves.push(BookMove { text: mv.to_string(), games: 0, half_points: 0, eval, proof });
                }
                BookProof::Safe | BookProof::Open => {
                    report.safe += usize::from(proof == BookProof::Safe);
                    playable.push((mv, eval, proof));
                }
            }
        }
        // The good moves among those not proven to lose, best first (`scored` is sorted).
        let best = playable.first().map_or(0, |p| p.1);
        let chosen: Vec<_> =
            playable.into_iter().filter(|p| p.1 >= best - settings.margin).take(settings.width.max(1)).collect();
        let ply = line.len() as u16;
        for (rank, &(mv, _, _)) in chosen.iter().enumerate() {
            let child_cost = cost + 1 + settings.rank_plies * rank;
            if child_cost < settings.plies {
                let mut child_line = line.clone();
                child_line.push(mv);
                found += 1;
                pending.insert(found, Pending { cost: child_cost, line: child_line });
                queue.push((Reverse((child_cost, found)), hash));
            }
        }
        let book_moves = chosen.iter().map(|&(mv, eval, proof)| BookMove {
            text: mv.to_string(),
            games: 0,
            half_points: 0,
            eval,
            proof,
        });
        moves.splice(0..0, book_moves);
        progress(&format!(
            "position {} (ply {ply}, cost {cost}): {} book moves, {} lost by force",
            report.positions + 1,
            chosen.len(),
            moves.len() - chosen.len()
        ));
        report.deepest = report.deepest.max(ply);
        positions.insert(hash, BookPosition { ply, moves });
        lines.insert(hash, line);
        report.positions += 1;
    }
    self_play(settings, &mut positions, &lines, stop, &mut report, progress);
    (Book::from_reached(positions), report)
}

/// What the proof search says of `mv` from `root`: lost by force, proven not to lose, or open.
fn move_proof(
    root: &SearchRoot,
    mv: &Move,
    tables: Option<&Tablebase>,
    nodes: u64,
    stop: &StopHandle,
    cache: &mut ProofCache,
) -> BookProof {
    let after = root.after(mv);
    let opponent = after.position.side_to_move();
    let limits = ProofLimits { nodes, movetime: None, stop: Some(stop.clone()) };
    let proof = prove_side(&after, tables, opponent, &limits, cache);
    match (proof.verdict, proof.plies) {
        (Verdict::Win, Some(plies)) => BookProof::Loses(u16::try_from(plies + 1).unwrap_or(u16::MAX)),
        (Verdict::NoWin, _) => BookProof::Safe,
        _ => BookProof::Open,
    }
}

/// The game of `line` from the start (its moves come from the move generator, so they are legal).
fn replay(line: &[Move], rules: Rules) -> Game {
    let mut game = Game::new(Position::start(), rules);
    for mv in line {
        if game.play(mv).is_err() {
            break;
        }
    }
    game
}

/// A stored book move resolved in the game's position.
fn move_of(b: &BookMove, game: &Game) -> Move {
    giveaway_core::parse_move(game.position(), &b.text).expect("the builder stores legal moves")
}

/// One self-play game from each book move whose position was not expanded from it (level 8 at
/// `game_nodes` a move, both sides), its result credited to that move and to every book move on the line to
/// it: so every book move has games, through its own or through the moves after it.
fn self_play(
    settings: &BookSettings,
    positions: &mut HashMap<u64, BookPosition>,
    lines: &HashMap<u64, Vec<Move>>,
    stop: &StopHandle,
    report: &mut BookReport,
    progress: &mut dyn FnMut(&str),
) {
    let rules = Rules::default();
    let mut level = Level::get(8).expect("level 8 exists").without_book();
    level.limits = Limits::nodes(settings.game_nodes);
    let mut engine = Engine::new(16);
    let mut rng = Rng::new(1);
    let expanded_from = |hash: u64, b: &BookMove| {
        let line = &lines[&hash];
        let mv = move_of(b, &replay(line, rules));
        let child = replay(line, rules).position().play(&mv);
        lines
            .get(&child.hash())
            .is_some_and(|l| l.len() == line.len() + 1 && l.starts_with(line) && l[line.len()] == mv)
    };
    let mut leaves: Vec<(u64, usize)> = positions
        .iter()
        .flat_map(|(&h, p)| p.moves.iter().enumerate().map(move |(i, m)| (h, i, m)))
        .filter(|&(h, _, m)| m.playable() && !expanded_from(h, m))
        .map(|(h, i, _)| (h, i))
        .collect();
    leaves.sort_unstable();
    for (hash, index) in leaves {
        if stop.is_stopped() {
            return;
        }
        let line = &lines[&hash];
        let mut game = replay(line, rules);
        let mv = move_of(&positions[&hash].moves[index], &game);
        if game.play(&mv).is_err() {
            continue;
        }
        engine.clear();
        play_out(&mut game, &mut |root| {
            level.choose(&mut engine, root, &mut rng, stop, &mut |_| {}).and_then(|r| r.best)
        });
        let Some(result) = game.result() else { return }; // stopped mid-game: not counted
        report.games += 1;
        progress(&format!("game {} ({} plies): {result}", report.games, game.ply()));
        // Every position on the way that is in the book, with the move played there.
        let mut at = Game::new(Position::start(), rules);
        for played in game.moves().iter().take(line.len() + 1) {
            let pos = *at.position();
            if let Some(entry) = positions.get_mut(&pos.hash()) {
                let mover = pos.side_to_move();
                if let Some(b) = entry.moves.iter_mut().find(|b| b.text == played.to_string()) {
                    b.games += 1;
                    b.half_points += match result.outcome {
                        Outcome::Draw => 1,
                        o if o == Outcome::win_for(mover) => 2,
                        _ => 0,
                    };
                }
            }
            if at.play(played).is_err() {
                break;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_small_book_is_reached_from_the_start_and_its_moves_are_proven_or_open() {
        let settings = BookSettings {
            positions: 6,
            plies: 4,
            rank_plies: 2,
            depth: 3,
            margin: 40,
            width: 2,
            proof_nodes: 2_000,
            game_nodes: 300,
        };
        let (book, report) = build_book(&settings, None, &StopHandle::new(), &mut |_| {});
        // The main line to ply 3 (cost 3), second choices cost 2 more: fewer than the cap of 6.
        assert_eq!((report.positions, report.deepest), (5, 3));
        assert_eq!(book.len(), 5, "every expanded position is reached from the start");
        let (reached, illegal) = book.walk_from_start();
        assert!(illegal.is_empty() && reached.len() == book.len());
        // Every playable move was played in a game, so its weight says something.
        assert!(book.positions().flat_map(|p| &p.moves).all(|m| !m.playable() || m.games > 0));
        assert!(report.games > 0, "{report:?}");
        assert!(Book::parse(&book.to_text("test")).is_ok());
        // Same settings, same book.
        let (again, _) = build_book(&settings, None, &StopHandle::new(), &mut |_| {});
        assert_eq!(again.to_text(""), book.to_text(""));
    }
}
