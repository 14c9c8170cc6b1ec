//! What the trainer's screen shows: [`PuzzleState`] and its parts.

use super::exercise::{MoveFeedback, PuzzleGoal};
use crate::board::{BoardOrientation, Coordinates, MoveView};
use crate::game::Snapshot;
use giveaway_core::position::Color;

/// What the trainer trains on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TrainerMode {
    /// Shipped puzzles near the player's rating, each attempt rated.
    Rated,
    /// Shipped puzzles, easy first and harder each time, until one is failed.
    Streak,
    /// The puzzle of the day: the same for everyone on a date (UTC), from the shipped set.
    Daily,
    /// Shipped puzzles of one theme (its name, e.g. `run-out`), near the player's rating.
    Theme {
        /// The theme's name.
        theme: String,
    },
    /// One shipped puzzle, by number.
    Puzzle {
        /// Its number.
        id: u32,
    },
    /// The puzzles mined from the player's own games.
    Mined,
    /// Learn from your mistakes: the mistakes and blunders of one analysed saved game.
    Mistakes {
        /// The saved game.
        game_id: i64,
    },
}

/// Where the trainer is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PuzzleStatus {
    /// Preparing the exercises (a game's analysis and mistakes).
    Loading,
    /// The player's move.
    YourMove,
    /// The engine is judging a move that is not the solution's.
    Checking,
    /// Solved (see [`PuzzleState::counted_solved`] for whether it counts as solved).
    Solved,
    /// The solution was shown.
    Failed,
    /// Nothing more in this mode (the streak ended, every mistake done, the daily puzzle done…).
    Finished,
}

/// A hint for the move asked now: first the piece, then the move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleHint {
    /// The square of the piece to move (PDN number).
    pub piece: u32,
    /// The move, from the second hint on.
    pub mv: Option<MoveView>,
}

/// The move of the player's game that a mistakes exercise improves on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MistakeView {
    /// The saved game.
    pub game_id: i64,
    /// The move's index (0 = the game's first).
    pub ply: u32,
    /// Its number as the move list shows it.
    pub move_number: u32,
    /// The move played.
    pub played: MoveView,
    /// `mistake` or `blunder`.
    pub class: String,
}

/// The exercise on the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleInfo {
    /// `shipped`, `mined` or `mistake`.
    pub source: String,
    /// Its number in its source (a mistake's: the game's id).
    pub id: i64,
    /// Its rating, when it has one.
    pub rating: Option<u32>,
    /// Theme names.
    pub themes: Vec<String>,
    /// What the player must do.
    pub goal: PuzzleGoal,
    /// The player's colour.
    pub solver: Color,
    /// How many moves the player must find.
    pub solver_moves: u32,
    /// For a mistakes exercise, the move played in the game.
    pub mistake: Option<MistakeView>,
}

/// The player's puzzle rating.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PuzzleRatingView {
    /// Glicko-2 rating.
    pub rating: f64,
    /// Its deviation (above 110 it is provisional, as lichess says).
    pub deviation: f64,
    /// Rated attempts so far.
    pub attempts: u32,
    /// What the last rated attempt changed it by.
    pub change: Option<f64>,
}

/// How far through a list of exercises (a game's mistakes, the mined puzzles).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TrainerProgress {
    /// The exercise shown (1-based).
    pub index: u32,
    /// Exercises in the list.
    pub total: u32,
    /// Of them, solved (now or before).
    pub solved: u32,
}

/// Why nothing more is on the board (the status is `Finished`), for a shell to say in its words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleEnd {
    /// The streak ended at a failure ([`PuzzleState::streak`] says how many were solved).
    StreakOver,
    /// Every mistake of the game was tried.
    MistakesDone,
    /// Every puzzle mined from the player's games was tried.
    MinedDone,
    /// The mode's puzzle was tried (the daily puzzle, a puzzle by number, a theme's last).
    Done,
    /// No puzzle has been mined from the player's games yet: a game must be analysed first.
    NoMinedPuzzles,
    /// The game has no mistake or blunder to learn from.
    NoMistakes,
    /// There is no puzzle to show.
    NoPuzzle,
    /// The exercises could not be prepared.
    Unavailable {
        /// Why, in English.
        reason: String,
    },
}

impl PuzzleEnd {
    /// In English, lower case (the terminal's status line and [`PuzzleState::message`]).
    pub fn english(&self) -> String {
        match self {
            PuzzleEnd::StreakOver => "the streak is over".into(),
            PuzzleEnd::MistakesDone => "every mistake of this game is done".into(),
            PuzzleEnd::MinedDone => "every puzzle from your games is done".into(),
            PuzzleEnd::Done => "done".into(),
            PuzzleEnd::NoMinedPuzzles => "no puzzles have been found in your games yet: analyse a game first".into(),
            PuzzleEnd::NoMistakes => "this game has no mistake or blunder to learn from".into(),
            PuzzleEnd::NoPuzzle => "there is no puzzle to show".into(),
            PuzzleEnd::Unavailable { reason } => reason.clone(),
        }
    }
}

/// What the trainer's screen draws.
#[derive(Clone, Debug, PartialEq)]
pub struct PuzzleState {
    /// Grows with every change; a shell can skip redrawing an unchanged state.
    pub revision: u64,
    /// The mode.
    pub mode: TrainerMode,
    /// Where the trainer is.
    pub status: PuzzleStatus,
    /// Why nothing more is on the board, once `Finished`.
    pub end: Option<PuzzleEnd>,
    /// The exercise, once there is one.
    pub puzzle: Option<PuzzleInfo>,
    /// The board (pieces can be moved only on the player's move).
    pub snapshot: Option<Snapshot>,
    /// How the board is turned (the player at the bottom unless turned).
    pub orientation: BoardOrientation,
    /// Which coordinates to draw beside the board.
    pub coordinates: Coordinates,
    /// How the player's last move was judged.
    pub feedback: Option<MoveFeedback>,
    /// The wrong move just taken back.
    pub wrong_move: Option<MoveView>,
    /// The hint shown.
    pub hint: Option<PuzzleHint>,
    /// Once solved or shown: the solution from the start (with an accepted alternative in it, if played).
    pub solution: Vec<MoveView>,
    /// Once solved or shown: how the game goes on after it (a mistakes exercise's better move).
    pub follow: Vec<MoveView>,
    /// The player's moves found so far.
    pub moves_found: u32,
    /// Solved cleanly: no wrong move and the solution not shown (hints allowed).
    pub counted_solved: bool,
    /// The player's puzzle rating (the rated and theme modes).
    pub rating: Option<PuzzleRatingView>,
    /// Puzzles solved in a row in the streak mode.
    pub streak: u32,
    /// Through a list of exercises.
    pub progress: Option<TrainerProgress>,
    /// A hint can be asked for.
    pub can_hint: bool,
    /// The solution can be shown.
    pub can_show_solution: bool,
    /// "Next" works (the next puzzle, the next mistake).
    pub can_next: bool,
    /// The exercise can be tried again from its start.
    pub can_retry: bool,
    /// The status line, in English.
    pub message: String,
}
