//! The trainer: shipped puzzles (rated near the player's Glicko-2 puzzle rating, a streak, the daily puzzle, by
//! theme), puzzles mined from the player's own games after their analysis, and "learn from your mistakes" —
//! one screen controller for all of them ([`PuzzleController`]) and the overview a menu shows
//! ([`PuzzleOverview`]).
//!
//! One job per file: `exercise` (an exercise and the judge's verdict on a move in it), `rating` (Glicko-2 and
//! the choice near the rating), `mine` (a game's mistakes as exercises; puzzles mined from it), `controller`
//! (the screen), `view` (what it shows). The puzzles, their judge and verification are the core's
//! (`giveaway_core::puzzle`); attempts, the rating and progress are kept in the games library.

mod controller;
mod exercise;
mod mine;
mod rating;
mod view;

pub use controller::PuzzleController;
pub use exercise::{MoveFeedback, PuzzleGoal};
pub(crate) use mine::mine_game;
pub use view::{
    MistakeView, PuzzleEnd, PuzzleHint, PuzzleInfo, PuzzleRatingView, PuzzleState, PuzzleStatus, TrainerMode,
    TrainerProgress,
};

use crate::error::ApiResult;
use giveaway_core::puzzle::{shipped, THEMES};
use giveaway_core::storage::{PuzzleMode, Storage};

/// Unix milliseconds now.
pub(crate) fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

/// One theme's puzzles and the player's results on it.
#[derive(Clone, Debug, PartialEq, Eq)]
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
#[derive(Clone, Debug, PartialEq)]
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
#[derive(Clone, Debug, PartialEq, Eq)]
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
#[derive(Clone, Debug, PartialEq)]
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

/// The overview from `storage`, with the latest `history` attempts.
pub(crate) fn overview(storage: &Storage, history: u32) -> ApiResult<PuzzleOverview> {
    let set = shipped();
    let row = storage.puzzle_rating()?.unwrap_or_else(rating::new_rating);
    let stats = storage.puzzle_theme_stats()?;
    let themes = THEMES
        .iter()
        .map(|t| {
            let s = stats.iter().find(|s| s.theme == t.name());
            ThemeView {
                theme: t.name().to_string(),
                puzzles: set.count(*t) as u32,
                attempts: s.map_or(0, |s| s.attempts),
                solved: s.map_or(0, |s| s.solved),
            }
        })
        .collect();
    let day = now_ms().div_euclid(86_400_000);
    let today = storage.puzzle_attempts_between(PuzzleMode::Daily, day * 86_400_000, (day + 1) * 86_400_000)?;
    let daily = set.daily(day).map(|p| DailyView {
        id: p.id,
        rating: u32::from(p.rating),
        themes: p.themes.iter().map(|t| t.name().to_string()).collect(),
        solved_today: today.iter().filter(|a| a.puzzle_id == i64::from(p.id)).map(|a| a.solved).reduce(|a, b| a || b),
    });
    let history = storage
        .puzzle_history(history)?
        .into_iter()
        .map(|a| AttemptView {
            source: a.source.name().to_string(),
            id: a.puzzle_id,
            mode: a.mode.name().to_string(),
            solved: a.solved,
            hints: a.hints,
            puzzle_rating: a.puzzle_rating,
            rating_change: a.rating_before.zip(a.rating_after).map(|(b, a)| a - b),
            at_ms: a.at_ms,
        })
        .collect();
    Ok(PuzzleOverview {
        rating: PuzzleRatingView { rating: row.rating, deviation: row.deviation, attempts: row.attempts, change: None },
        shipped: set.len() as u32,
        mined: storage.mined_puzzles()?.len() as u32,
        daily,
        themes,
        history,
    })
}

#[cfg(test)]
mod tests;
