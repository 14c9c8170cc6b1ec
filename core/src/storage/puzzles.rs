//! The puzzle trainer's tables, in its own file (`training.rs`): every attempt with its themes, the player's
//! Glicko-2 puzzle rating (the numbers only; the app layer rates), the mistakes trainer's progress per game, and
//! the puzzles mined from the player's own games. Plain text and numbers: the puzzles themselves are the engine's (`crate::puzzle`).

use super::error::{Result, StorageError};
use super::{now_ms, Storage};
use crate::record::GameId;
use rusqlite::{params, OptionalExtension, Row};

/// Where an attempted puzzle comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PuzzleSource {
    /// The set shipped with the app (its number).
    Shipped,
    /// A puzzle mined from the player's games ([`MinedPuzzle::id`]).
    Mined,
    /// A mistake of the player's (the game's id).
    Mistake,
}

/// How the puzzle was chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PuzzleMode {
    /// Near the player's rating, which the attempt changes.
    Rated,
    /// One after another, harder each time, until one is failed.
    Streak,
    /// The puzzle of the day.
    Daily,
    /// Chosen by theme.
    Theme,
    /// From the player's own games.
    Mined,
    /// Learn from your mistakes.
    Mistakes,
}

macro_rules! names {
    ($t:ty { $($v:ident = $n:literal),* $(,)? }) => {
        impl $t {
            /// The stored name.
            pub fn name(self) -> &'static str {
                match self { $(Self::$v => $n),* }
            }

            /// The value with this stored name.
            pub fn from_name(name: &str) -> Option<Self> {
                match name { $($n => Some(Self::$v),)* _ => None }
            }
        }
    };
}

names!(PuzzleSource { Shipped = "shipped", Mined = "mined", Mistake = "mistake" });
names!(PuzzleMode {
    Rated = "rated",
    Streak = "streak",
    Daily = "daily",
    Theme = "theme",
    Mined = "mined",
    Mistakes = "mistakes",
});

/// One attempt at a puzzle.
#[derive(Clone, Debug, PartialEq)]
pub struct PuzzleAttempt {
    /// Its row id (0 before it is saved).
    pub id: i64,
    /// Where the puzzle comes from.
    pub source: PuzzleSource,
    /// The puzzle's number in its source.
    pub puzzle_id: i64,
    /// How it was chosen.
    pub mode: PuzzleMode,
    /// Solved without being shown the solution.
    pub solved: bool,
    /// Hints taken (two a move at most: the piece, then the move).
    pub hints: u32,
    /// The puzzle's rating, when it has one.
    pub puzzle_rating: Option<u32>,
    /// The player's puzzle rating before a rated attempt.
    pub rating_before: Option<f64>,
    /// And after it.
    pub rating_after: Option<f64>,
    /// The puzzle's themes.
    pub themes: Vec<String>,
    /// When, Unix ms.
    pub at_ms: i64,
}

/// The player's Glicko-2 puzzle rating.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PuzzleRatingRow {
    /// Rating (Glicko scale).
    pub rating: f64,
    /// Rating deviation.
    pub deviation: f64,
    /// Volatility.
    pub volatility: f64,
    /// Rated attempts so far.
    pub attempts: u32,
}

/// Attempts and successes on one theme.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ThemeStats {
    /// The theme's name.
    pub theme: String,
    /// Attempts of puzzles with it.
    pub attempts: u32,
    /// Of those, solved.
    pub solved: u32,
}

/// One exercise of the mistakes trainer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MistakeProgress {
    /// The mistake's move (0 = the game's first).
    pub ply: u32,
    /// A good move was found without the solution shown.
    pub solved: bool,
    /// Times tried.
    pub attempts: u32,
}

/// A puzzle mined from one of the player's games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MinedPuzzle {
    /// Its row id (0 before it is saved).
    pub id: i64,
    /// The game it comes from (`None` once that game is deleted).
    pub game_id: Option<GameId>,
    /// The position after this many moves of the game.
    pub ply: u32,
    /// The position.
    pub fen: String,
    /// The moves in algebraic notation, the solver's first.
    pub solution: Vec<String>,
    /// Theme names.
    pub themes: Vec<String>,
    /// Difficulty.
    pub rating: u32,
}

fn attempt_from(r: &Row<'_>) -> rusqlite::Result<PuzzleAttempt> {
    let bad = |i: usize, what: &str| {
        rusqlite::Error::FromSqlConversionFailure(i, rusqlite::types::Type::Text, format!("no {what}").into())
    };
    let source: String = r.get(1)?;
    let mode: String = r.get(3)?;
    Ok(PuzzleAttempt {
        id: r.get(0)?,
        source: PuzzleSource::from_name(&source).ok_or_else(|| bad(1, "such puzzle source"))?,
        puzzle_id: r.get(2)?,
        mode: PuzzleMode::from_name(&mode).ok_or_else(|| bad(3, "such puzzle mode"))?,
        solved: r.get(4)?,
        hints: r.get(5)?,
        puzzle_rating: r.get(6)?,
        rating_before: r.get(7)?,
        rating_after: r.get(8)?,
        themes: r.get::<_, Option<String>>(10)?.map_or_else(Vec::new, |t| split(&t, ',')),
        at_ms: r.get(9)?,
    })
}

fn split(text: &str, sep: char) -> Vec<String> {
    text.split(sep).filter(|s| !s.is_empty()).map(str::to_string).collect()
}

const ATTEMPT_COLUMNS: &str = "a.id, a.source, a.puzzle_id, a.mode, a.solved, a.hints, a.puzzle_rating, \
    a.rating_before, a.rating_after, a.at, \
    (SELECT group_concat(theme, ',') FROM (SELECT theme FROM puzzle_attempt_themes WHERE attempt_id = a.id ORDER BY theme))";

impl Storage {
    /// Saves an attempt with its themes and, for a rated one, the player's new rating, in one transaction;
    /// returns the attempt's id.
    pub fn record_puzzle_attempt(&self, attempt: &PuzzleAttempt, rating: Option<&PuzzleRatingRow>) -> Result<i64> {
        self.writable()?;
        self.training(|conn| {
            let tx = conn.transaction()?;
            tx.prepare_cached(
                "INSERT INTO puzzle_attempts (source, puzzle_id, mode, solved, hints, puzzle_rating, rating_before,
                    rating_after, at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
            )?
            .execute(params![
                attempt.source.name(),
                attempt.puzzle_id,
                attempt.mode.name(),
                attempt.solved,
                attempt.hints,
                attempt.puzzle_rating,
                attempt.rating_before,
                attempt.rating_after,
                attempt.at_ms
            ])?;
            let id = tx.last_insert_rowid();
            for theme in &attempt.themes {
                tx.prepare_cached("INSERT OR IGNORE INTO puzzle_attempt_themes (attempt_id, theme) VALUES (?1, ?2)")?
                    .execute(params![id, theme])?;
            }
            if let Some(r) = rating {
                tx.prepare_cached(
                    "INSERT INTO puzzle_rating (id, rating, deviation, volatility, attempts, updated_at)
                     VALUES (1, ?1, ?2, ?3, ?4, ?5)
                     ON CONFLICT (id) DO UPDATE SET rating = excluded.rating, deviation = excluded.deviation,
                        volatility = excluded.volatility, attempts = excluded.attempts,
                        updated_at = excluded.updated_at",
                )?
                .execute(params![r.rating, r.deviation, r.volatility, r.attempts, now_ms()])?;
            }
            tx.commit()?;
            Ok(id)
        })
    }

    /// The player's puzzle rating, `None` before the first rated attempt.
    pub fn puzzle_rating(&self) -> Result<Option<PuzzleRatingRow>> {
        self.training(|conn| {
            conn.prepare_cached("SELECT rating, deviation, volatility, attempts FROM puzzle_rating WHERE id = 1")?
                .query_row([], |r| {
                    Ok(PuzzleRatingRow {
                        rating: r.get(0)?,
                        deviation: r.get(1)?,
                        volatility: r.get(2)?,
                        attempts: r.get(3)?,
                    })
                })
                .optional()
        })
    }

    /// The latest `limit` attempts, newest first.
    pub fn puzzle_history(&self, limit: u32) -> Result<Vec<PuzzleAttempt>> {
        self.training(|conn| {
            conn.prepare_cached(&format!(
                "SELECT {ATTEMPT_COLUMNS} FROM puzzle_attempts a ORDER BY a.at DESC, a.id DESC LIMIT ?1"
            ))?
            .query_map([limit], attempt_from)?
            .collect()
        })
    }

    /// The numbers of the puzzles of `source` attempted at least once.
    pub fn attempted_puzzles(&self, source: PuzzleSource) -> Result<Vec<i64>> {
        self.training(|conn| {
            conn.prepare_cached("SELECT DISTINCT puzzle_id FROM puzzle_attempts WHERE source = ?1 ORDER BY puzzle_id")?
                .query_map([source.name()], |r| r.get(0))?
                .collect()
        })
    }

    /// The attempts of one day (`[from_ms, until_ms)`) in `mode`, oldest first (the daily puzzle's).
    pub fn puzzle_attempts_between(&self, mode: PuzzleMode, from_ms: i64, until_ms: i64) -> Result<Vec<PuzzleAttempt>> {
        self.training(|conn| {
            conn.prepare_cached(&format!(
                "SELECT {ATTEMPT_COLUMNS} FROM puzzle_attempts a WHERE a.mode = ?1 AND a.at >= ?2 AND a.at < ?3
                 ORDER BY a.at, a.id"
            ))?
            .query_map(params![mode.name(), from_ms, until_ms], attempt_from)?
            .collect()
        })
    }

    /// Attempts and successes per theme, most attempted first.
    pub fn puzzle_theme_stats(&self) -> Result<Vec<ThemeStats>> {
        self.training(|conn| {
            conn.prepare_cached(
                "SELECT t.theme, count(*), sum(a.solved) FROM puzzle_attempt_themes t
                 JOIN puzzle_attempts a ON a.id = t.attempt_id GROUP BY t.theme ORDER BY count(*) DESC, t.theme",
            )?
            .query_map([], |r| Ok(ThemeStats { theme: r.get(0)?, attempts: r.get(1)?, solved: r.get(2)? }))?
            .collect()
        })
    }

    /// Records a try at the mistake of game `id` at `ply`: once solved it stays solved.
    pub fn record_mistake_try(&self, id: GameId, ply: u32, solved: bool) -> Result<()> {
        self.writable()?;
        if !self.has_game(id)? {
            return Err(StorageError::NoSuchGame(id));
        }
        self.training(|conn| {
            conn.prepare_cached(
                "INSERT INTO mistake_progress (game_id, ply, solved, attempts, updated_at) VALUES (?1, ?2, ?3, 1, ?4)
                 ON CONFLICT (game_id, ply) DO UPDATE SET solved = max(solved, excluded.solved),
                    attempts = attempts + 1, updated_at = excluded.updated_at",
            )?
            .execute(params![id, ply, solved, now_ms()])
        })?;
        Ok(())
    }

    /// The mistakes trainer's progress in game `id`, by ply.
    pub fn mistake_progress(&self, id: GameId) -> Result<Vec<MistakeProgress>> {
        self.training(|conn| {
            conn.prepare_cached("SELECT ply, solved, attempts FROM mistake_progress WHERE game_id = ?1 ORDER BY ply")?
                .query_map([id], |r| Ok(MistakeProgress { ply: r.get(0)?, solved: r.get(1)?, attempts: r.get(2)? }))?
                .collect()
        })
    }

    /// Saves the puzzles mined from game `id` as it was at `plies` moves (a position already mined from it is
    /// kept as it was) and marks the game mined; returns the new puzzles' ids.
    pub fn add_mined_puzzles(&self, id: GameId, plies: u32, puzzles: &[MinedPuzzle]) -> Result<Vec<i64>> {
        self.writable()?;
        if !self.has_game(id)? {
            return Err(StorageError::NoSuchGame(id));
        }
        self.training(|conn| {
            let tx = conn.transaction()?;
            tx.prepare_cached(
                "INSERT INTO mined_games (game_id, plies, at) VALUES (?1, ?2, ?3)
                 ON CONFLICT (game_id) DO UPDATE SET plies = excluded.plies, at = excluded.at",
            )?
            .execute(params![id, plies, now_ms()])?;
            let mut ids = Vec::new();
            for p in puzzles {
                let n = tx
                    .prepare_cached(
                        "INSERT OR IGNORE INTO mined_puzzles (game_id, ply, fen, solution, themes, rating, created_at)
                         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                    )?
                    .execute(params![id, p.ply, p.fen, p.solution.join(" "), p.themes.join(","), p.rating, now_ms()])?;
                if n > 0 {
                    ids.push(tx.last_insert_rowid());
                }
            }
            tx.commit()?;
            Ok(ids)
        })
    }

    /// The length game `id` had when it was last mined, if it was.
    pub fn mined_at(&self, id: GameId) -> Result<Option<u32>> {
        self.training(|conn| {
            conn.prepare_cached("SELECT plies FROM mined_games WHERE game_id = ?1")?
                .query_row([id], |r| r.get(0))
                .optional()
        })
    }

    /// Every mined puzzle, oldest first.
    pub fn mined_puzzles(&self) -> Result<Vec<MinedPuzzle>> {
        self.training(|conn| {
            conn.prepare_cached(
                "SELECT id, game_id, ply, fen, solution, themes, rating FROM mined_puzzles ORDER BY id",
            )?
            .query_map([], |r| {
                Ok(MinedPuzzle {
                    id: r.get(0)?,
                    game_id: r.get(1)?,
                    ply: r.get(2)?,
                    fen: r.get(3)?,
                    solution: split(&r.get::<_, String>(4)?, ' '),
                    themes: split(&r.get::<_, String>(5)?, ','),
                    rating: r.get(6)?,
                })
            })?
            .collect()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::{GameMode, NewGame};
    use tempfile::TempDir;

    fn fresh() -> (TempDir, Storage) {
        let dir = TempDir::new().unwrap();
        let (s, _) = Storage::open(dir.path().join("games.db")).unwrap();
        (dir, s)
    }

    fn attempt(puzzle_id: i64, mode: PuzzleMode, solved: bool, themes: &[&str], at_ms: i64) -> PuzzleAttempt {
        PuzzleAttempt {
            id: 0,
            source: PuzzleSource::Shipped,
            puzzle_id,
            mode,
            solved,
            hints: u32::from(!solved),
            puzzle_rating: Some(1500),
            rating_before: Some(1500.0),
            rating_after: Some(if solved { 1580.5 } else { 1420.25 }),
            themes: themes.iter().map(|t| t.to_string()).collect(),
            at_ms,
        }
    }

    #[test]
    fn attempts_the_rating_and_theme_statistics_round_trip() {
        let (_d, s) = fresh();
        assert_eq!(s.puzzle_rating().unwrap(), None);
        let r = PuzzleRatingRow { rating: 1580.5, deviation: 290.0, volatility: 0.06, attempts: 1 };
        let a = attempt(12, PuzzleMode::Rated, true, &["win", "run-out"], 1_000);
        let id = s.record_puzzle_attempt(&a, Some(&r)).unwrap();
        assert_eq!(s.puzzle_rating().unwrap(), Some(r));
        let b = attempt(40, PuzzleMode::Daily, false, &["win", "endgame"], 2_000);
        s.record_puzzle_attempt(&b, None).unwrap();
        assert_eq!(s.puzzle_rating().unwrap(), Some(r), "an unrated attempt leaves the rating");
        let r2 = PuzzleRatingRow { rating: 1499.0, deviation: 250.0, volatility: 0.0599, attempts: 2 };
        s.record_puzzle_attempt(&attempt(12, PuzzleMode::Rated, false, &[], 3_000), Some(&r2)).unwrap();
        assert_eq!(s.puzzle_rating().unwrap(), Some(r2));
        let history = s.puzzle_history(10).unwrap();
        assert_eq!(history.len(), 3);
        assert_eq!(history[2], PuzzleAttempt { id, themes: vec!["run-out".into(), "win".into()], ..a });
        assert_eq!(history[1].themes, ["endgame", "win"]);
        assert!(history[0].themes.is_empty());
        assert_eq!(s.puzzle_history(1).unwrap().len(), 1);
        assert_eq!(s.attempted_puzzles(PuzzleSource::Shipped).unwrap(), [12, 40]);
        assert!(s.attempted_puzzles(PuzzleSource::Mined).unwrap().is_empty());
        let daily = s.puzzle_attempts_between(PuzzleMode::Daily, 1_500, 2_500).unwrap();
        assert_eq!(daily.iter().map(|a| a.puzzle_id).collect::<Vec<_>>(), [40]);
        assert!(s.puzzle_attempts_between(PuzzleMode::Daily, 2_001, 9_000).unwrap().is_empty());
        let stats = s.puzzle_theme_stats().unwrap();
        assert_eq!(
            stats,
            [
                ThemeStats { theme: "win".into(), attempts: 2, solved: 1 },
                ThemeStats { theme: "endgame".into(), attempts: 1, solved: 0 },
                ThemeStats { theme: "run-out".into(), attempts: 1, solved: 1 },
            ]
        );
    }

    #[test]
    fn mistakes_progress_and_mined_puzzles_round_trip_and_need_their_game() {
        let (_d, s) = fresh();
        let game = s.create_game(&NewGame::new(GameMode::PassAndPlay, "A", "B")).unwrap();
        s.record_mistake_try(game, 7, false).unwrap();
        s.record_mistake_try(game, 7, true).unwrap();
        s.record_mistake_try(game, 7, false).unwrap();
        s.record_mistake_try(game, 3, false).unwrap();
        assert_eq!(
            s.mistake_progress(game).unwrap(),
            [
                MistakeProgress { ply: 3, solved: false, attempts: 1 },
                MistakeProgress { ply: 7, solved: true, attempts: 3 },
            ]
        );
        assert!(matches!(s.record_mistake_try(999, 1, true), Err(StorageError::NoSuchGame(999))));

        assert_eq!(s.mined_at(game).unwrap(), None);
        let p = MinedPuzzle {
            id: 0,
            game_id: Some(game),
            ply: 12,
            fen: "W:WK5:BK30".into(),
            solution: vec!["a7-e3".into(), "c1:h6".into()],
            themes: vec!["win".into(), "run-out".into()],
            rating: 1234,
        };
        let ids = s.add_mined_puzzles(game, 40, std::slice::from_ref(&p)).unwrap();
        assert_eq!(ids.len(), 1);
        assert_eq!(s.mined_at(game).unwrap(), Some(40));
        // Mined again (the game went on): the same position is not added twice.
        assert!(s.add_mined_puzzles(game, 44, std::slice::from_ref(&p)).unwrap().is_empty());
        assert_eq!(s.mined_at(game).unwrap(), Some(44));
        assert_eq!(s.mined_puzzles().unwrap(), [MinedPuzzle { id: ids[0], ..p.clone() }]);
        assert!(matches!(s.add_mined_puzzles(999, 1, &[]), Err(StorageError::NoSuchGame(999))));
        // Deleting the game keeps its puzzles and forgets its progress.
        s.delete_game(game).unwrap();
        assert_eq!(s.mined_puzzles().unwrap()[0].game_id, None);
        assert!(s.mistake_progress(game).unwrap().is_empty());
    }

    #[test]
    fn names_read_back() {
        for m in [
            PuzzleMode::Rated,
            PuzzleMode::Streak,
            PuzzleMode::Daily,
            PuzzleMode::Theme,
            PuzzleMode::Mined,
            PuzzleMode::Mistakes,
        ] {
            assert_eq!(PuzzleMode::from_name(m.name()), Some(m));
        }
        for src in [PuzzleSource::Shipped, PuzzleSource::Mined, PuzzleSource::Mistake] {
            assert_eq!(PuzzleSource::from_name(src.name()), Some(src));
        }
        assert_eq!(PuzzleMode::from_name("x"), None);
    }
}
