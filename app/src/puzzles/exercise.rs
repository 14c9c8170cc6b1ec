//! An exercise: a position, what the player must achieve there, the line that does it — a shipped or mined
//! puzzle, or a mistake from the player's own game — and the judge's verdict on a move played in it.

use giveaway_core::engine::SearchRoot;
use giveaway_core::game::{Game, Rules};
use giveaway_core::movegen::Move;
use giveaway_core::puzzle::{Goal, Judge, JudgeSettings, Judgement, Puzzle, Theme, AS_GOOD, ONLY_MOVE_MARGIN};
use giveaway_core::storage::{MinedPuzzle, PuzzleSource};

/// What the player is asked to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PuzzleGoal {
    /// Force a win (every step keeps a proven win).
    Win,
    /// Find the only move that holds the draw.
    Draw,
    /// Find the only move that keeps the game.
    OnlyMove,
    /// Find a better move than the one played in the game (any move within the inaccuracy threshold of the
    /// best, or keeping the exact result where the endgame tables know it).
    BetterMove,
}

impl PuzzleGoal {
    /// The goal of a puzzle of this kind.
    pub(crate) fn of_kind(kind: Theme) -> PuzzleGoal {
        match kind {
            Theme::Draw => PuzzleGoal::Draw,
            Theme::OnlyMove => PuzzleGoal::OnlyMove,
            _ => PuzzleGoal::Win,
        }
    }
}

/// The game move a mistakes exercise asks the player to improve on.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct GameMistake {
    pub game_id: i64,
    /// The move's index in the game (0 = the first).
    pub ply: u32,
    pub played: Move,
    /// `mistake` or `blunder`.
    pub class: String,
}

/// One exercise.
#[derive(Clone, Debug)]
pub(crate) struct Exercise {
    pub source: PuzzleSource,
    /// The puzzle's number in its source (the game's id for a mistake).
    pub id: i64,
    pub rating: Option<u32>,
    pub themes: Vec<String>,
    pub goal: PuzzleGoal,
    /// The game up to the position (a puzzle's is just its position; a mistake's keeps the game's moves, so the
    /// draw rules see its history).
    pub game: Game,
    /// The solution: the player's moves and the replies, the player's first.
    pub line: Vec<Move>,
    /// What follows the solution, shown with it (the engine's best play for a few plies after a mistake's move).
    pub follow: Vec<Move>,
    pub mistake: Option<GameMistake>,
}

/// How a move played in an exercise is judged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveFeedback {
    /// The solution's move.
    Correct,
    /// Another move, as good as the solution's: accepted.
    AsGood,
    /// Not good enough: taken back.
    Wrong,
}

/// The judge the trainer uses: the shipped set's settings and the process's tables, so that it answers as the
/// set's verification did.
pub(crate) fn judge() -> Judge {
    Judge::new(JudgeSettings::default(), crate::tables::current())
}

impl Exercise {
    /// A shipped puzzle.
    pub fn shipped(p: &Puzzle) -> Exercise {
        Exercise {
            source: PuzzleSource::Shipped,
            id: i64::from(p.id),
            rating: Some(u32::from(p.rating)),
            themes: p.themes.iter().map(|t| t.name().to_string()).collect(),
            goal: PuzzleGoal::of_kind(p.kind()),
            game: Game::new(p.position, Rules::default()),
            line: p.solution.clone(),
            follow: Vec::new(),
            mistake: None,
        }
    }

    /// A puzzle mined from the player's games; `None` if its stored text no longer reads.
    pub fn mined(m: &MinedPuzzle) -> Option<Exercise> {
        let moves: Vec<&str> = m.solution.iter().map(String::as_str).collect();
        let themes: Vec<&str> = m.themes.iter().map(String::as_str).collect();
        let p = Puzzle::new(0, &m.fen, &moves, &themes, u16::try_from(m.rating).unwrap_or(u16::MAX)).ok()?;
        Some(Exercise { source: PuzzleSource::Mined, id: m.id, ..Exercise::shipped(&p) })
    }

    /// The position where the player's move at line ply `at` is asked, with the game's history.
    pub fn root_at(&self, at: usize) -> SearchRoot {
        let mut game = self.game.clone();
        for mv in &self.line[..at] {
            // The line was checked legal when the exercise was made.
            let _ = game.play(mv);
        }
        SearchRoot::from_game(&game)
    }

    /// Judges `mv` played at line ply `at` (the player's turn): the solution's move, a move as good, or wrong.
    pub fn judge_move(&self, judge: &mut Judge, at: usize, mv: &Move) -> MoveFeedback {
        let Some(expected) = self.line.get(at) else { return MoveFeedback::Wrong };
        if mv.outcome_key() == expected.outcome_key() {
            return MoveFeedback::Correct;
        }
        let root = self.root_at(at);
        let goal = match self.goal {
            PuzzleGoal::Win => Goal::Win,
            PuzzleGoal::Draw => Goal::Draw,
            PuzzleGoal::OnlyMove => {
                Goal::Keep { reference: judge.value_after(&root, expected), margin: ONLY_MOVE_MARGIN }
            }
            PuzzleGoal::BetterMove => Goal::Keep { reference: judge.value_after(&root, expected), margin: AS_GOOD },
        };
        match judge.judge(&root, mv, &goal).0 {
            Judgement::Good => MoveFeedback::AsGood,
            Judgement::Bad | Judgement::Unclear => MoveFeedback::Wrong,
        }
    }
}
