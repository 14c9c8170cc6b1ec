//! The puzzle trainer's database: a file of its own beside the games library (`games.db` →
//! `games-training.db`), with its own migrations. Its tables are kept out of the games file so that the games
//! file's schema fits in its first page (see `schema.rs`), and so that trainer data that cannot be read never
//! keeps the games library from opening: a damaged training file is renamed aside (never deleted) and a fresh
//! one started, a newer app's is left as it is, and when no file can be used the trainer works in memory for
//! the run. What happened is a [`TrainingNotice`].
//!
//! The trainer's rows name games by id, without a foreign key across the files: deleting a game removes them
//! in code (`Storage::delete_game`), and rows left by games gone otherwise (a recovery that lost them, a games
//! file started afresh) are removed by [`Storage::prune_training`].

use super::error::{Result, StorageError};
use super::{connect, is_damage, now_ms, recover, schema, truncate_wal, Access, Storage, SQLITE_MAGIC};
use crate::record::GameId;
use rusqlite::{Connection, MAIN_DB};
use std::fmt;
use std::io::Read;
use std::path::{Path, PathBuf};

/// The training file's migrations (as the games file's in `schema.rs`: appended, never edited once released).
///
/// Version 1: every attempt (`source` shipped/mined/mistake; `puzzle_id` the shipped puzzle's number, the mined
/// puzzle's id or the game's id; `solved` without the solution shown; times Unix ms) and its themes; the
/// player's Glicko-2 puzzle rating (one row); the mistakes trainer's progress per game and ply; the puzzles
/// mined from the player's games (`game_id` NULL once that game is deleted) and which games were mined at what
/// length.
const STEPS: &[&str] = &["CREATE TABLE puzzle_attempts (
        id INTEGER PRIMARY KEY,
        source TEXT NOT NULL,
        puzzle_id INTEGER NOT NULL,
        mode TEXT NOT NULL,
        solved INTEGER NOT NULL,
        hints INTEGER NOT NULL,
        puzzle_rating INTEGER,
        rating_before REAL,
        rating_after REAL,
        at INTEGER NOT NULL
    );
    CREATE INDEX puzzle_attempts_by_time ON puzzle_attempts(at DESC, id DESC);
    CREATE INDEX puzzle_attempts_by_puzzle ON puzzle_attempts(source, puzzle_id);
    CREATE TABLE puzzle_attempt_themes (
        attempt_id INTEGER NOT NULL REFERENCES puzzle_attempts(id) ON DELETE CASCADE,
        theme TEXT NOT NULL,
        PRIMARY KEY (attempt_id, theme)
    ) WITHOUT ROWID;
    CREATE INDEX puzzle_attempt_themes_by_theme ON puzzle_attempt_themes(theme);
    CREATE TABLE puzzle_rating (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        rating REAL NOT NULL,
        deviation REAL NOT NULL,
        volatility REAL NOT NULL,
        attempts INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
    );
    CREATE TABLE mistake_progress (
        game_id INTEGER NOT NULL,
        ply INTEGER NOT NULL,
        solved INTEGER NOT NULL,
        attempts INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        PRIMARY KEY (game_id, ply)
    ) WITHOUT ROWID;
    CREATE TABLE mined_puzzles (
        id INTEGER PRIMARY KEY,
        game_id INTEGER,
        ply INTEGER NOT NULL,
        fen TEXT NOT NULL,
        solution TEXT NOT NULL,
        themes TEXT NOT NULL,
        rating INTEGER NOT NULL,
        created_at INTEGER NOT NULL
    );
    CREATE UNIQUE INDEX mined_puzzles_by_game ON mined_puzzles(game_id, ply);
    CREATE TABLE mined_games (
        game_id INTEGER PRIMARY KEY,
        plies INTEGER NOT NULL,
        at INTEGER NOT NULL
    );"];

/// The training file's version this build writes.
pub const TRAINING_LATEST: i64 = STEPS.len() as i64;

/// The training file beside the games library at `games`: `games.db` → `games-training.db` (`games` →
/// `games-training`).
pub fn training_path(games: &Path) -> PathBuf {
    let stem = games.file_stem().unwrap_or_default().to_string_lossy();
    let name = match games.extension() {
        Some(ext) => format!("{stem}-training.{}", ext.to_string_lossy()),
        None => format!("{stem}-training"),
    };
    games.with_file_name(name)
}

/// The trainer's file could not be used as it was: its puzzle history, rating and progress start again.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrainingNotice {
    /// The training file.
    pub path: PathBuf,
    /// What was wrong with it.
    pub reason: String,
    /// Where the unreadable file was kept (renamed, never deleted); `None` when it was left where it is (a newer
    /// app's file, or one that cannot be moved).
    pub moved_to: Option<PathBuf>,
    /// True when the trainer's results of this run are saved (in a fresh file); false when they are kept in
    /// memory only, until the app ends.
    pub saved: bool,
}

impl fmt::Display for TrainingNotice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the puzzle trainer's file {} could not be used ({})", self.path.display(), self.reason)?;
        match &self.moved_to {
            Some(kept) => write!(f, "; it was kept as {}", kept.display())?,
            None => write!(f, "; it was left as it is")?,
        }
        if self.saved {
            write!(f, " and a fresh one started (puzzle history, rating and progress start again)")
        } else {
            write!(f, ", and this run's puzzle results will not be kept")
        }
    }
}

/// Why a training file cannot be used.
enum Unusable {
    /// It is damaged (or not a database at all): to be moved aside and started afresh.
    Damaged(String),
    /// Anything else (a newer app's file, a file that cannot be written): left as it is.
    Other(String),
}

impl From<rusqlite::Error> for Unusable {
    fn from(e: rusqlite::Error) -> Self {
        if is_damage(&e) {
            Unusable::Damaged(e.to_string())
        } else {
            Unusable::Other(e.to_string())
        }
    }
}

impl From<StorageError> for Unusable {
    fn from(e: StorageError) -> Self {
        match e {
            StorageError::Sqlite(e) => e.into(),
            e => Unusable::Other(e.to_string()),
        }
    }
}

/// The trainer's connection: to its file, or to an empty database in memory when no file can be used.
pub(super) struct Training {
    pub(super) conn: Connection,
    path: PathBuf,
    /// How the file is open; `None`: in memory.
    file: Option<Access>,
    /// The latest time the file had to be replaced or set aside in this process.
    pub(super) notice: Option<TrainingNotice>,
}

impl Training {
    /// Opens the training file beside the games library at `games`, opened with `access`. Never fails: an
    /// unusable file is replaced or set aside, and the notice says so. A read-only library reads the file as
    /// it is when it can (a missing one, or one that would need upgrading, is an empty one in memory, which
    /// loses nothing: the library refuses every write).
    pub(super) fn open(games: &Path, access: Access) -> Result<Training> {
        let path = training_path(games);
        if access != Access::ReadWrite {
            return match open_file(&path, access) {
                Ok(conn) => Ok(Training { conn, path, file: Some(access), notice: None }),
                Err(_) => Training::in_memory(path, None),
            };
        }
        match open_file(&path, Access::ReadWrite) {
            Ok(conn) => Ok(Training { conn, path, file: Some(access), notice: None }),
            Err(Unusable::Damaged(why)) => Training::replace(path, why),
            Err(Unusable::Other(why)) => {
                let notice = TrainingNotice { path: path.clone(), reason: why, moved_to: None, saved: false };
                Training::in_memory(path, Some(notice))
            }
        }
    }

    /// An empty trainer in memory (for a damaged games file being read back, and as the last resort).
    pub(super) fn in_memory(path: PathBuf, notice: Option<TrainingNotice>) -> Result<Training> {
        let mut conn = Connection::open_in_memory()?;
        schema::run_steps(&mut conn, STEPS, TRAINING_LATEST)?;
        Ok(Training { conn, path, file: None, notice })
    }

    /// Moves the damaged file at `path` aside and starts a fresh one (in memory if even that fails).
    fn replace(path: PathBuf, why: String) -> Result<Training> {
        let moved_to = match recover::move_aside(&path, now_ms()) {
            Ok(kept) => kept,
            Err(e) => {
                let reason = format!("{why}; it could not be moved aside: {e}");
                let notice = TrainingNotice { path: path.clone(), reason, moved_to: None, saved: false };
                return Training::in_memory(path, Some(notice));
            }
        };
        let mut notice = TrainingNotice { path: path.clone(), reason: why, moved_to: Some(moved_to), saved: true };
        match open_file(&path, Access::ReadWrite) {
            Ok(conn) => Ok(Training { conn, path, file: Some(Access::ReadWrite), notice: Some(notice) }),
            Err(Unusable::Damaged(again) | Unusable::Other(again)) => {
                notice.reason = format!("{}; a fresh one could not be made: {again}", notice.reason);
                notice.saved = false;
                Training::in_memory(path, Some(notice))
            }
        }
    }

    /// True when this is a file that can be written (and so replaced when damaged).
    fn writable_file(&self) -> bool {
        self.file == Some(Access::ReadWrite)
    }

    /// Replaces a damaged file met while in use: closes it, moves it aside and starts a fresh one.
    fn replace_damaged(&mut self, why: String) -> Result<()> {
        let old = std::mem::replace(&mut self.conn, Connection::open_in_memory()?);
        // Closing deletes its WAL file by name: close before the rename so the journal moves with the file.
        let _ = old.close();
        *self = Training::replace(self.path.clone(), why)?;
        Ok(())
    }

    /// `PRAGMA quick_check` of the file on a connection of its own: `Some(problems)` when it is damaged.
    fn damage(&self) -> Option<String> {
        let check = || -> rusqlite::Result<Option<String>> {
            let conn = connect(&self.path, Access::ReadOnly)?;
            let mut stmt = conn.prepare("PRAGMA quick_check")?;
            let lines: Vec<String> = stmt.query_map([], |r| r.get(0))?.collect::<rusqlite::Result<_>>()?;
            Ok((lines != ["ok"]).then(|| format!("integrity check failed: {}", lines.join("; "))))
        };
        match check() {
            Ok(problems) => problems,
            Err(e) if is_damage(&e) => Some(e.to_string()),
            Err(_) => None,
        }
    }

    /// Copies the file's journal into it (as the games file's checkpoint does); nothing to do in memory or
    /// read-only.
    fn checkpoint(&self) -> Result<()> {
        if !self.writable_file() {
            return Ok(());
        }
        truncate_wal(&self.conn, &self.path)
    }
}

/// Opens the training file at `path`: refuses a foreign or damaged file, or a newer app's; migrates when
/// writable.
fn open_file(path: &Path, access: Access) -> std::result::Result<Connection, Unusable> {
    if let Ok(file) = std::fs::File::open(path) {
        let mut head = Vec::with_capacity(SQLITE_MAGIC.len());
        file.take(SQLITE_MAGIC.len() as u64).read_to_end(&mut head).map_err(|e| Unusable::Other(e.to_string()))?;
        if !head.is_empty() && head != SQLITE_MAGIC {
            return Err(Unusable::Damaged("it is not an SQLite database".into()));
        }
    } else if access != Access::ReadWrite {
        return Err(Unusable::Other("there is none".into()));
    }
    let mut conn = connect(path, access)?;
    if access == Access::ReadWrite && conn.is_readonly(MAIN_DB)? {
        return Err(Unusable::Other("it cannot be written".into()));
    }
    let found = schema::version(&conn)?;
    if found > TRAINING_LATEST {
        return Err(StorageError::NewerVersion { found, supported: TRAINING_LATEST }.into());
    }
    // Parses the schema: a damaged first page fails here.
    conn.query_row("SELECT count(*) FROM sqlite_master", [], |r| r.get::<_, i64>(0))?;
    conn.pragma_update(None, "foreign_keys", "ON")?;
    if access != Access::ReadWrite {
        if found < TRAINING_LATEST {
            return Err(Unusable::Other("it is from an older version and read-only".into()));
        }
        return Ok(conn);
    }
    conn.pragma_update(None, "journal_mode", "WAL")?;
    conn.pragma_update(None, "synchronous", "NORMAL")?;
    schema::run_steps(&mut conn, STEPS, TRAINING_LATEST)?;
    Ok(conn)
}

impl Storage {
    /// Runs `op` on the trainer's connection. Damage met there never stops the trainer, let alone the games
    /// library: the file is moved aside, a fresh one started (see [`Storage::training_notice`]) and `op` run
    /// again on it.
    pub(super) fn training<T>(&self, mut op: impl FnMut(&mut Connection) -> rusqlite::Result<T>) -> Result<T> {
        let mut t = self.training.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        match op(&mut t.conn) {
            Err(e) if is_damage(&e) && t.writable_file() => {
                t.replace_damaged(e.to_string())?;
                Ok(op(&mut t.conn)?)
            }
            result => Ok(result?),
        }
    }

    /// The training file's path (beside the games file; see [`training_path`]).
    pub fn training_path(&self) -> PathBuf {
        training_path(&self.path)
    }

    /// The latest time in this process the trainer's file could not be used and was set aside or started
    /// afresh (at open, by [`Storage::check_and_recover`], or by damage met in use); `None` if never.
    pub fn training_notice(&self) -> Option<TrainingNotice> {
        self.training.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).notice.clone()
    }

    /// The full check of the trainer's file (small): a damaged one is moved aside and started afresh.
    pub(super) fn check_training(&self) -> Result<()> {
        let mut t = self.training.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if !t.writable_file() {
            return Ok(());
        }
        match t.damage() {
            Some(why) => t.replace_damaged(why),
            None => Ok(()),
        }
    }

    pub(super) fn checkpoint_training(&self) -> Result<()> {
        self.training.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).checkpoint()
    }

    /// Removes the trainer's rows of game `id`: its mistakes' progress and its mining mark; the puzzles mined
    /// from it stay, no longer pointing to it.
    pub(super) fn forget_game_in_training(&self, id: GameId) -> Result<()> {
        self.training(|conn| {
            let tx = conn.transaction()?;
            tx.execute("DELETE FROM mistake_progress WHERE game_id = ?1", [id])?;
            tx.execute("DELETE FROM mined_games WHERE game_id = ?1", [id])?;
            tx.execute("UPDATE mined_puzzles SET game_id = NULL WHERE game_id = ?1", [id])?;
            tx.commit()
        })
    }

    /// Removes the trainer's rows of every game the games file no longer has (lost by a recovery, or a games
    /// file started afresh beside an old training file, whose ids new games would take).
    pub(super) fn prune_training(&self) -> Result<()> {
        if self.is_read_only() {
            return Ok(());
        }
        let linked: Vec<GameId> = self.training(|conn| {
            conn.prepare(
                "SELECT game_id FROM mistake_progress UNION SELECT game_id FROM mined_games
                 UNION SELECT game_id FROM mined_puzzles WHERE game_id IS NOT NULL",
            )?
            .query_map([], |r| r.get(0))?
            .collect()
        })?;
        for id in linked {
            if !self.has_game(id)? {
                self.forget_game_in_training(id)?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::{GameMode, NewGame};
    use crate::storage::{Filter, OpenReport, PuzzleAttempt, PuzzleMode, PuzzleRatingRow, PuzzleSource};
    use tempfile::TempDir;

    #[test]
    fn the_training_file_is_named_after_the_games_file() {
        assert_eq!(training_path(Path::new("/d/games.db")), Path::new("/d/games-training.db"));
        assert_eq!(training_path(Path::new("games")), Path::new("games-training"));
        assert_eq!(training_path(Path::new("/d/my.lib.sqlite")), Path::new("/d/my.lib-training.sqlite"));
    }

    fn attempt(puzzle_id: i64) -> PuzzleAttempt {
        PuzzleAttempt {
            id: 0,
            source: PuzzleSource::Shipped,
            puzzle_id,
            mode: PuzzleMode::Rated,
            solved: puzzle_id % 2 == 0,
            hints: 0,
            puzzle_rating: Some(1200),
            rating_before: Some(1500.0),
            rating_after: Some(1510.0),
            themes: vec!["win".into(), "run-out".into()],
            at_ms: 1_000 + puzzle_id,
        }
    }

    const RATING: PuzzleRatingRow = PuzzleRatingRow { rating: 1510.0, deviation: 200.0, volatility: 0.06, attempts: 3 };

    /// A library of `games` games, each with a mistake tried, and `attempts` rated attempts.
    fn library(dir: &Path, games: usize, attempts: i64) -> PathBuf {
        let path = dir.join("games.db");
        let (s, _) = Storage::open(&path).unwrap();
        for i in 0..games {
            let id = s.create_game(&NewGame::new(GameMode::PassAndPlay, &format!("P{i}"), "B")).unwrap();
            s.record_mistake_try(id, 3, true).unwrap();
        }
        for i in 0..attempts {
            s.record_puzzle_attempt(&attempt(i), Some(&RATING)).unwrap();
        }
        s.close().unwrap();
        path
    }

    fn game_names(s: &Storage) -> Vec<String> {
        let page = s.list_games(&Filter::default(), None, 50).unwrap();
        page.games.iter().map(|g| g.setup.white.clone()).collect()
    }

    #[test]
    fn the_trainer_keeps_its_data_in_its_own_file_and_a_checkpoint_covers_it() {
        let dir = TempDir::new().unwrap();
        let path = library(dir.path(), 2, 3);
        let training = dir.path().join("games-training.db");
        let size = |p: PathBuf| std::fs::metadata(p).map_or(0, |m| m.len());
        // Closing left both files whole: copied alone (as a backup copies them), they hold everything.
        assert_eq!(size(dir.path().join("games-training.db-wal")), 0);
        let copy = TempDir::new().unwrap();
        std::fs::copy(&path, copy.path().join("games.db")).unwrap();
        std::fs::copy(&training, copy.path().join("games-training.db")).unwrap();
        let (s, report) = Storage::open(copy.path().join("games.db")).unwrap();
        assert_eq!(report, OpenReport::default());
        assert_eq!(s.puzzle_history(10).unwrap().len(), 3);
        assert_eq!(s.puzzle_rating().unwrap(), Some(RATING));
        assert_eq!(s.mistake_progress(1).unwrap().len(), 1);
        assert_eq!(s.training_path(), copy.path().join("games-training.db"));
        // The games file has none of the trainer's tables; the training file none of the games'.
        let tables = |p: &Path| -> Vec<String> {
            let conn = Connection::open(p).unwrap();
            let mut stmt = conn.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").unwrap();
            stmt.query_map([], |r| r.get(0)).unwrap().collect::<rusqlite::Result<_>>().unwrap()
        };
        assert!(tables(&path).iter().all(|t| !t.contains("puzzle") && !t.contains("mine")), "{:?}", tables(&path));
        assert_eq!(
            tables(&training),
            [
                "mined_games",
                "mined_puzzles",
                "mistake_progress",
                "puzzle_attempt_themes",
                "puzzle_attempts",
                "puzzle_rating"
            ]
        );
        // A checkpoint while open empties the trainer's journal too.
        s.record_puzzle_attempt(&attempt(9), None).unwrap();
        assert!(size(copy.path().join("games-training.db-wal")) > 0);
        s.checkpoint().unwrap();
        assert_eq!(size(copy.path().join("games-training.db-wal")), 0);
    }

    #[test]
    fn a_deleted_game_takes_its_trainer_rows_and_a_fresh_games_file_drops_stale_ones() {
        let dir = TempDir::new().unwrap();
        let path = library(dir.path(), 3, 2);
        let (s, _) = Storage::open(&path).unwrap();
        s.add_mined_puzzles(2, 10, &[]).unwrap();
        s.delete_game(2).unwrap();
        assert!(s.mistake_progress(2).unwrap().is_empty() && s.mined_at(2).unwrap().is_none());
        assert_eq!(s.mistake_progress(1).unwrap().len(), 1, "other games keep theirs");
        // A game whose row went another way (here removed behind the library's back, as a recovery that lost
        // it would): the check's tidying removes its rows.
        Connection::open(&path).unwrap().execute("DELETE FROM games WHERE id = 3", []).unwrap();
        assert_eq!(s.mistake_progress(3).unwrap().len(), 1);
        assert_eq!(s.check_and_recover().unwrap(), None);
        assert!(s.mistake_progress(3).unwrap().is_empty());
        s.close().unwrap();
        drop(s);
        // The games file started afresh beside the old training file: new games must not inherit game 1's
        // progress, while the attempts and the rating (no game's) stay.
        for f in ["games.db", "games.db-wal", "games.db-shm"] {
            let _ = std::fs::remove_file(dir.path().join(f));
        }
        let (s, report) = Storage::open(&path).unwrap();
        assert!(report.created);
        let id = s.create_game(&NewGame::new(GameMode::PassAndPlay, "New", "B")).unwrap();
        assert_eq!(id, 1);
        assert!(s.mistake_progress(1).unwrap().is_empty());
        assert_eq!((s.puzzle_history(10).unwrap().len(), s.puzzle_rating().unwrap()), (2, Some(RATING)));
    }

    /// Where damage to the training file was found.
    #[derive(Debug, PartialEq)]
    enum Found {
        AtOpen,
        InUse,
        ByTheCheck,
        Never,
    }

    /// Opens the library at `path` whose training file was damaged, reads the trainer, runs the check, and
    /// checks that the games are all there and that the trainer works; says where the damage was found.
    fn open_damaged(path: &Path, damaged: &[u8], why: &str) -> Found {
        let (s, report) = Storage::open(path).unwrap_or_else(|e| panic!("{why}: {e}"));
        assert_eq!(report.recovery, None, "{why}: the games file is untouched");
        assert_eq!(game_names(&s), ["P1", "P0"], "{why}");
        let read = s.puzzle_history(1000);
        let after_use = s.training_notice();
        assert_eq!(s.check_and_recover().unwrap(), None, "{why}");
        let notice = s.training_notice();
        let found = match (&report.training, &after_use, &notice) {
            (Some(_), _, _) => Found::AtOpen,
            (None, Some(_), _) => Found::InUse,
            (None, None, Some(_)) => Found::ByTheCheck,
            (None, None, None) => Found::Never,
        };
        match &notice {
            Some(n) => {
                assert!(n.saved, "{why}: {n}");
                let kept = n.moved_to.as_ref().unwrap_or_else(|| panic!("{why}: {n}"));
                assert_eq!(std::fs::read(kept).unwrap(), damaged, "{why}: the damaged file is kept as it was");
                assert!(s.puzzle_history(1000).unwrap().is_empty(), "{why}: a fresh file");
            }
            // Not found: the damage hit nothing in use, and everything reads back.
            None => assert_eq!(read.unwrap().len(), 300, "{why}"),
        }
        s.record_puzzle_attempt(&attempt(5000), Some(&RATING)).unwrap();
        assert_eq!(s.puzzle_history(1).unwrap()[0].puzzle_id, 5000, "{why}");
        assert_eq!(game_names(&s), ["P1", "P0"], "{why}");
        found
    }

    #[test]
    fn a_damaged_training_file_never_stops_the_games_library() {
        let dir = TempDir::new().unwrap();
        let pristine_dir = dir.path().join("pristine");
        library(&pristine_dir, 2, 300);
        let pristine = std::fs::read(pristine_dir.join("games-training.db")).unwrap();
        let games = std::fs::read(pristine_dir.join("games.db")).unwrap();
        let page = 4096;
        assert!(pristine.len() / page >= 5, "the attempts take several pages: {}", pristine.len());
        let mut found = Vec::new();
        // Every page in turn, the first (header and schema) too: its first 64 bytes overwritten.
        for p in 0..pristine.len() / page {
            let case = dir.path().join(format!("page-{p}"));
            std::fs::create_dir(&case).unwrap();
            std::fs::write(case.join("games.db"), &games).unwrap();
            let mut bytes = pristine.clone();
            bytes[p * page..p * page + 64].fill(0x5a);
            std::fs::write(case.join("games-training.db"), &bytes).unwrap();
            found.push(open_damaged(&case.join("games.db"), &bytes, &format!("page {p}")));
        }
        // The sweep met damage found at open (the first page), by a query (which then ran again on a fresh
        // file) and by the check.
        for place in [Found::AtOpen, Found::InUse, Found::ByTheCheck] {
            assert!(found.contains(&place), "{place:?} never: {found:?}");
        }
        // Not a database at all.
        let case = dir.path().join("notes");
        std::fs::create_dir(&case).unwrap();
        std::fs::write(case.join("games.db"), &games).unwrap();
        std::fs::write(case.join("games-training.db"), b"not a database").unwrap();
        assert_eq!(open_damaged(&case.join("games.db"), b"not a database", "notes"), Found::AtOpen);
    }

    #[test]
    fn a_newer_training_file_is_left_alone_and_the_trainer_runs_in_memory() {
        let dir = TempDir::new().unwrap();
        let path = library(dir.path(), 2, 1);
        let training = dir.path().join("games-training.db");
        Connection::open(&training).unwrap().pragma_update(None, "user_version", TRAINING_LATEST + 1).unwrap();
        let before = std::fs::read(&training).unwrap();
        let (s, report) = Storage::open(&path).unwrap();
        let n = report.training.expect("said");
        assert!(!n.saved && n.moved_to.is_none() && n.reason.contains("newer version"), "{n}");
        assert!(n.to_string().contains("will not be kept"), "{n}");
        assert_eq!(game_names(&s), ["P1", "P0"]);
        s.record_puzzle_attempt(&attempt(1), None).unwrap();
        assert_eq!(s.puzzle_history(10).unwrap().len(), 1, "this run's attempt, in memory");
        s.close().unwrap();
        assert_eq!(std::fs::read(&training).unwrap(), before, "left as it was");
    }
}
