//! The puzzle trainer for Kotlin and Swift: its screen controller (`PuzzleController`) and what it shows, and
//! the trainer's overview (rating, puzzle of the day, results per theme, history).
//!
//! The records and enums mirror the app layer's field for field (`uniffi::remote`): the compiler checks every
//! mirror against the real type. The docs are the real type's, repeated because uniffi reads only these into the
//! Kotlin and Swift bindings.

use giveaway_app::{ApiResult, BoardOrientation, Coordinates, MoveView, Snapshot};
use giveaway_app::{
    AttemptView, DailyView, MistakeView, MoveFeedback, PuzzleEnd, PuzzleGoal, PuzzleHint, PuzzleInfo, PuzzleOverview,
    PuzzleRatingView, PuzzleState, PuzzleStatus, ThemeView, TrainerMode, TrainerProgress,
};
use giveaway_core::position::Color;
use std::sync::Arc;

/// What the trainer trains on.
#[uniffi::remote(Enum)]
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
#[uniffi::remote(Enum)]
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

/// Why nothing more is on the board (the status is `Finished`), for a shell to say in its words.
#[uniffi::remote(Enum)]
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

/// What the player is asked to do.
#[uniffi::remote(Enum)]
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

/// How a move played in an exercise is judged.
#[uniffi::remote(Enum)]
pub enum MoveFeedback {
    /// The solution's move.
    Correct,
    /// Another move, as good as the solution's: accepted.
    AsGood,
    /// Not good enough: taken back.
    Wrong,
}

/// A hint: first the piece, then the move.
#[uniffi::remote(Record)]
pub struct PuzzleHint {
    /// The square of the piece to move (PDN number).
    pub piece: u32,
    /// The move, from the second hint on.
    pub mv: Option<MoveView>,
}

/// The move of the player's game that a mistakes exercise improves on.
#[uniffi::remote(Record)]
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
#[uniffi::remote(Record)]
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
#[uniffi::remote(Record)]
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
#[uniffi::remote(Record)]
pub struct TrainerProgress {
    /// The exercise shown (1-based).
    pub index: u32,
    /// Exercises in the list.
    pub total: u32,
    /// Of them, solved (now or before).
    pub solved: u32,
}

/// What the trainer's screen draws.
#[uniffi::remote(Record)]
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

/// One theme's puzzles and the player's results on it.
#[uniffi::remote(Record)]
pub struct ThemeView {
    /// The theme's name (`run-out`, `endgame`, …).
    pub theme: String,
    /// Shipped puzzles with it.
    pub puzzles: u32,
    /// The player's attempts at puzzles with it.
    pub attempts: u32,
    /// Of those, solved.
    pub solved: u32,
}

/// One past attempt.
#[uniffi::remote(Record)]
pub struct AttemptView {
    /// `shipped`, `mined` or `mistake`.
    pub source: String,
    /// The puzzle's number in its source (a mistake's: the game's id).
    pub id: i64,
    /// `rated`, `streak`, `daily`, `theme`, `mined` or `mistakes`.
    pub mode: String,
    /// Solved without a wrong move or the solution shown.
    pub solved: bool,
    /// Hints taken.
    pub hints: u32,
    /// The puzzle's rating, when it has one.
    pub puzzle_rating: Option<u32>,
    /// What the attempt changed the player's rating by (rated attempts).
    pub rating_change: Option<f64>,
    /// When, Unix ms.
    pub at_ms: i64,
}

/// The puzzle of the day.
#[uniffi::remote(Record)]
pub struct DailyView {
    /// Its number in the shipped set.
    pub id: u32,
    /// Its rating.
    pub rating: u32,
    /// Theme names.
    pub themes: Vec<String>,
    /// Tried today: solved or not; `None` before the first try.
    pub solved_today: Option<bool>,
}

/// What the trainer's menu shows.
#[uniffi::remote(Record)]
pub struct PuzzleOverview {
    /// The player's puzzle rating.
    pub rating: PuzzleRatingView,
    /// Puzzles shipped with the app.
    pub shipped: u32,
    /// Puzzles mined from the player's games.
    pub mined: u32,
    /// The puzzle of the day.
    pub daily: Option<DailyView>,
    /// Every theme: how many puzzles have it and how the player did on them.
    pub themes: Vec<ThemeView>,
    /// The latest attempts, newest first.
    pub history: Vec<AttemptView>,
}

/// The puzzle trainer's screen (see `giveaway_app::PuzzleController`): the puzzle on the board, taps in,
/// right / wrong / as good out, hints, the solution, next and retry. A move that is not the solution's is judged
/// on a thread of its own; the observer is told when the verdict is in.
#[derive(uniffi::Object)]
pub struct PuzzleController(pub(crate) Arc<giveaway_app::PuzzleController>);

#[uniffi::export]
impl PuzzleController {
    /// Shows the first exercise (a game's mistakes are found in the background first: `Loading` until then).
    pub fn start(&self) -> PuzzleState {
        self.0.start()
    }

    /// What the screen shows now.
    pub fn state(&self) -> PuzzleState {
        self.0.state()
    }

    /// A tap on a square (PDN number): selects a piece, enters a hop, completes a move.
    pub fn tap(&self, square: u32) -> ApiResult<PuzzleState> {
        self.0.tap(square)
    }

    /// Picks one of the offered capture paths (index into the snapshot's choices).
    pub fn choose(&self, index: u32) -> ApiResult<PuzzleState> {
        self.0.choose(index)
    }

    /// Plays a move written in algebraic or numeric notation.
    pub fn play(&self, text: String) -> ApiResult<PuzzleState> {
        self.0.play(text)
    }

    /// The next hint: first the piece to move, then the move.
    pub fn hint(&self) -> ApiResult<PuzzleState> {
        self.0.hint()
    }

    /// Shows the solution with the line that follows (the exercise counts as failed).
    pub fn show_solution(&self) -> ApiResult<PuzzleState> {
        self.0.show_solution()
    }

    /// Starts the exercise again from its position (it stays counted as it was).
    pub fn retry(&self) -> ApiResult<PuzzleState> {
        self.0.retry()
    }

    /// The next exercise of the mode (skipping an unfinished one counts as failed), or `Finished`.
    pub fn next(&self) -> ApiResult<PuzzleState> {
        self.0.next()
    }

    /// Turns the board round.
    pub fn flip_board(&self) -> PuzzleState {
        self.0.flip_board()
    }

    /// The screen goes away: work under way stops and its answer is dropped.
    pub fn leave(&self) {
        self.0.leave()
    }
}
