//! The opening book's self-play builder (`giveaway book build`): games from the start, the moves of their first
//! plies drawn among the good ones, kept with what the games made of them. The core reads the book it writes
//! (`giveaway_core::engine::Book`, whose docs give the text format).

use crate::matches::play_out;
use giveaway_core::engine::{pick, Book, BookMove, Engine, Level, Rng, StopHandle};
use giveaway_core::{Game, Move, Outcome, Position, Rules};
use std::collections::HashMap;
use std::time::Duration;

/// How `giveaway book build` plays its self-play games and what it keeps.
#[derive(Clone, Copy, Debug)]
pub struct BookSettings {
    /// Self-play games from the start position.
    pub games: u32,
    /// Move time of the level-8 search that plays each game out after the book plies.
    pub movetime: Duration,
    /// The book covers the positions of the first this many plies.
    pub plies: usize,
    /// Depth of the search that scores every move in the book plies, among which the move is drawn.
    pub depth: u32,
    /// A move played in fewer games than this is dropped as too rare.
    pub min_games: u32,
    /// Seed of every random choice.
    pub seed: u64,
}

/// In the book plies, moves within this many centi-units of the best may be tried …
const EXPLORE_MARGIN: i32 = 60;
/// … drawn by a softmax of this temperature (centi-units), so that better moves are tried more often.
const EXPLORE_TEMPERATURE: f64 = 30.0;
/// A move that scored more than this share of the points below the best move of its position is dropped.
const MAX_SCORE_DROP: f64 = 0.15;

/// What self-play saw of one move in one position.
#[derive(Default)]
struct Tally {
    games: u32,
    half_points: u32,
    eval_sum: i64,
}

/// Plays the self-play games and keeps the moves that scored well; `progress` sees every finished game
/// (its index and record).
pub fn build_book(settings: &BookSettings, stop: &StopHandle, progress: &mut dyn FnMut(u32, &Game)) -> Book {
    let rules = Rules::default();
    let level = Level::get(8).expect("level 8 exists").with_movetime(settings.movetime).without_book();
    let mut engine = Engine::new(16);
    let mut tallies: HashMap<(u64, Move), (String, Tally)> = HashMap::new();
    for g in 0..settings.games {
        if stop.is_stopped() {
            break;
        }
        let mut rng = Rng::new(settings.seed ^ (u64::from(g) + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        engine.clear();
        let mut game = Game::new(Position::start(), rules);
        // The book plies: each move drawn among the good ones, remembered with its score.
        let mut chosen = Vec::new();
        play_out(&mut game, &mut |root| {
            if chosen.len() >= settings.plies || root.position.kings().count() > 0 {
                return None;
            }
            let (scored, _) = engine.root_scores(root, settings.depth, stop);
            let mv = pick(&scored, usize::MAX, EXPLORE_MARGIN, EXPLORE_TEMPERATURE, &mut rng)?;
            let eval = scored.iter().find(|(m, _)| *m == mv).map_or(0, |&(_, s)| s);
            chosen.push((root.position, mv, eval));
            Some(mv)
        });
        play_out(&mut game, &mut |root| {
            level.choose(&mut engine, root, &mut rng, stop, &mut |_| {}).and_then(|r| r.best)
        });
        let Some(result) = game.result() else { break }; // stopped mid-game: not counted
        for (pos, mv, eval) in chosen {
            let t = &mut tallies.entry((pos.hash(), mv)).or_insert_with(|| (mv.to_string(), Tally::default())).1;
            t.games += 1;
            t.half_points += match result.outcome {
                Outcome::Draw => 1,
                o if o == Outcome::win_for(pos.side_to_move()) => 2,
                _ => 0,
            };
            t.eval_sum += i64::from(eval);
        }
        progress(g, &game);
    }
    prune(tallies, settings.min_games)
}

/// Keeps, in each position, the moves played at least `min_games` times that scored within
/// [`MAX_SCORE_DROP`] of the best such move, and the positions these moves reach from the start.
fn prune(tallies: HashMap<(u64, Move), (String, Tally)>, min_games: u32) -> Book {
    let mut by_position: HashMap<u64, Vec<BookMove>> = HashMap::new();
    for ((hash, _), (text, t)) in tallies {
        if t.games >= min_games.max(1) {
            let eval = (t.eval_sum / i64::from(t.games)) as i32;
            by_position.entry(hash).or_default().push(BookMove {
                text,
                games: t.games,
                half_points: t.half_points,
                eval,
            });
        }
    }
    for moves in by_position.values_mut() {
        let best = moves.iter().map(BookMove::score).fold(0.0, f64::max);
        moves.retain(|m| m.score() >= best - MAX_SCORE_DROP);
        moves.sort_by(|a, b| b.games.cmp(&a.games).then_with(|| a.text.cmp(&b.text)));
    }
    Book::from_reached(by_position)
}

#[cfg(test)]
mod tests {
    use super::*;
    use giveaway_core::legal_moves;

    #[test]
    fn pruning_drops_rare_and_poor_moves() {
        let start = Position::start();
        let moves = legal_moves(&start);
        let mut tallies = HashMap::new();
        for (mv, games, half) in [(moves[0], 10, 12), (moves[1], 10, 10), (moves[2], 10, 6), (moves[3], 1, 2)] {
            tallies.insert((start.hash(), mv), (mv.to_string(), Tally { games, half_points: half, eval_sum: 0 }));
        }
        let book = prune(tallies, 2);
        let kept: Vec<Move> = book.moves(&start).iter().map(|(m, _)| *m).collect();
        assert_eq!(kept, [moves[0], moves[1]]);
    }
}
