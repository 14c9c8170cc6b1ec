//! Exercises from the player's own games: the mistakes and blunders of an analysed game ("learn from your
//! mistakes"), and puzzles mined from every position of it with the same screens and verification as the
//! shipped set's (`giveaway_core::puzzle::Maker`).

use super::exercise::{judge, Exercise, GameMistake, MoveFeedback, PuzzleGoal};
use crate::error::ApiResult;
use giveaway_core::engine::{Analysis, MoveClass, StopHandle};
use giveaway_core::game::Game;
use giveaway_core::position::{Color, Position};
use giveaway_core::puzzle::{JudgeSettings, Maker};
use giveaway_core::storage::{MinedPuzzle, PuzzleSource, Storage};
use std::collections::HashSet;

/// Plies of best play shown after a mistake exercise's better move.
const FOLLOW_PLIES: usize = 6;
/// Plies from the start within which a won position counts as an opening trap.
const OPENING_PLIES: usize = 16;

/// The mistakes and blunders of `player` (both sides when `None`) in an analysed game, as exercises: the
/// position before the move, the analysis's best move as the solution. A mistake the trainer's judge cannot
/// tell from a good move (its own, quicker search sees the played move as good enough) is left out, so that
/// the move played in the game is always wrong in the exercise.
pub(crate) fn mistakes(
    game_id: i64,
    game: &Game,
    analysis: &Analysis,
    player: Option<Color>,
    stop: &StopHandle,
) -> Vec<Exercise> {
    let mut judge = judge();
    let mut out = Vec::new();
    for review in &analysis.moves {
        if stop.is_stopped() {
            break;
        }
        let bad = matches!(review.class, MoveClass::Mistake | MoveClass::Blunder);
        let Some(best) = review.best.filter(|_| bad && player.is_none_or(|p| p == review.mover)) else { continue };
        let mut exercise_game = Game::new(*game.start(), game.rules());
        if game.moves()[..review.ply].iter().any(|m| exercise_game.play(m).is_err()) {
            continue;
        }
        let exercise = Exercise {
            source: PuzzleSource::Mistake,
            id: game_id,
            rating: None,
            themes: Vec::new(),
            goal: PuzzleGoal::BetterMove,
            game: exercise_game,
            line: vec![best],
            follow: Vec::new(),
            mistake: Some(GameMistake {
                game_id,
                ply: review.ply as u32,
                played: review.played,
                class: review.class.name().to_string(),
            }),
        };
        if exercise.judge_move(&mut judge, 0, &review.played) != MoveFeedback::Wrong {
            continue;
        }
        let follow = judge.continuation(&exercise.root_at(0).after(&best), FOLLOW_PLIES);
        out.push(Exercise { follow, ..exercise });
    }
    out
}

/// Mines game `id` (as saved, `game`) for puzzles, unless it was mined at this length already; stores what it
/// finds and returns how many new puzzles there are. Every position is put to the maker; a position on the
/// line of a puzzle already found is skipped (the same puzzle, shorter).
pub(crate) fn mine_game(storage: &Storage, id: i64, game: &Game, stop: &StopHandle) -> ApiResult<usize> {
    let plies = game.ply() as u32;
    if storage.mined_at(id)? == Some(plies) {
        return Ok(0);
    }
    let mut maker = Maker::new(JudgeSettings::default(), crate::tables::current());
    let from_start = *game.start() == Position::start();
    let mut found = Vec::new();
    let mut on_lines = HashSet::new();
    for ply in 0..game.ply() {
        if stop.is_stopped() {
            // Not marked mined: the next analysis mines it whole.
            return Ok(0);
        }
        let Some(&position) = game.position_at(ply) else { break };
        if on_lines.contains(&position) {
            continue;
        }
        let seed = (id as u64) << 16 | ply as u64;
        let Ok(p) = maker.make(position, from_start && ply < OPENING_PLIES, seed) else { continue };
        on_lines.extend((1..=p.solution.len()).map(|k| p.position_after(k)));
        found.push(MinedPuzzle {
            id: 0,
            game_id: Some(id),
            ply: ply as u32,
            fen: p.fen(),
            solution: p.solution_texts(),
            themes: p.themes.iter().map(|t| t.name().to_string()).collect(),
            rating: u32::from(p.rating),
        });
    }
    Ok(storage.add_mined_puzzles(id, plies, &found)?.len())
}

/// The mined puzzles as exercises, oldest first.
pub(crate) fn mined_exercises(storage: &Storage) -> ApiResult<Vec<Exercise>> {
    Ok(storage.mined_puzzles()?.iter().filter_map(Exercise::mined).collect())
}
