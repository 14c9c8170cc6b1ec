//! Game storage on SQLite: autosave after every move, resume, browse, statistics, settings, analysis cache,
//! PDN import and export.
//!
//! One job per file: this one opens (checks, recovers, migrates); [`schema`] holds the migrations, [`games`]
//! saves and loads games, [`browse`] lists them, [`stats`], [`settings`] and [`analysis_cache`] their tables,
//! [`pdn_io`] imports and exports; [`training`] keeps the puzzle trainer's file beside the games file, and
//! [`puzzles`] its tables. A [`Storage`] may be shared between threads: the connection sits behind a
//! mutex and every method takes `&self`.
//!
//! Durability: WAL journal with `synchronous = NORMAL`. Every call that writes has committed when it returns,
//! so a killed process loses nothing it was told was saved; after a power cut or OS crash the last commits may
//! roll back, but the file stays consistent. Committed changes sit in the `-wal` file until a checkpoint
//! copies them into the database file; SQLite does that when the last connection closes, which never happens
//! in a process that exits with a thread still holding the library. Front ends therefore call
//! [`Storage::close`] on every way out and [`Storage::checkpoint`] when the app goes to the background, so
//! that the database file alone holds the library (as when it is copied or backed up without its `-wal`).

mod analysis_cache;
mod browse;
mod codec;
pub mod dates;
mod error;
mod games;
mod pdn_io;
mod puzzles;
mod recover;
pub mod schema;
mod settings;
mod stats;
mod training;

pub use browse::{Cursor, Filter, Page, ResultFilter, MAX_PAGE_SIZE};
pub use error::{Result, StorageError};
pub use games::{GameChanges, ImportedIds};
pub use puzzles::{MinedPuzzle, MistakeProgress, PuzzleAttempt, PuzzleMode, PuzzleRatingRow, PuzzleSource, ThemeStats};
pub use recover::Recovery;
pub use settings::{AnimationSpeed, BoardTheme, Orientation, PieceTheme, PremoveMode, Settings, DEFAULT_SERVER};
pub use stats::{LevelStats, ModeStats, Stats};
pub use training::{training_path, TrainingNotice, TRAINING_LATEST};

use rusqlite::{Connection, ErrorCode, OpenFlags, MAIN_DB};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, MutexGuard};
use std::time::Duration;

/// What happened while opening.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OpenReport {
    /// The file was new or empty (or was moved aside) and a fresh database was made.
    pub created: bool,
    /// The schema version found, when it was older than this build's and has been migrated.
    pub migrated_from: Option<i64>,
    /// A damaged database was moved aside: where to, why, and what could be read back into the fresh one that
    /// is now in use.
    pub recovery: Option<Recovery>,
    /// The file or its folder cannot be written: the library is open for reading only.
    pub read_only: bool,
    /// The puzzle trainer's file beside it could not be used: set aside and started afresh, or left and the
    /// trainer kept in memory for the run. The games library opens whatever its state.
    pub training: Option<TrainingNotice>,
}

/// The app's game library: one SQLite database of saved games, settings and imports, safe to share between
/// threads, with the puzzle trainer's database in a file of its own beside it.
pub struct Storage {
    conn: Mutex<Connection>,
    /// The trainer's connection. Lock order: `conn` before `training`, never the other way.
    training: Mutex<training::Training>,
    path: PathBuf,
    access: Access,
    /// Set by [`Storage::close`]: every later write is refused.
    closed: AtomicBool,
    /// Held by [`Storage::check_and_recover`] while it runs and by [`Storage::checkpoint`], which waits for it:
    /// the check's long read on a connection of its own would keep the checkpoint from finishing, and it may
    /// tidy the file (or replace a damaged one) on that connection.
    checking: Mutex<()>,
}

/// How a connection opens the file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Access {
    ReadWrite,
    /// Read-only with SQLite's locks, which needs the WAL index (`-shm`) to exist or be creatable.
    ReadOnly,
    /// Read-only in a folder where not even the WAL index can be made: no locks, the file taken as unchanging
    /// (no one can write it there either).
    Immutable,
}

/// Why an attempt to open failed: a damaged file (to be moved aside), a file or folder that refuses writes
/// (to be opened read-only), or anything else (reported).
enum OpenFailure {
    Damaged(String),
    NotWritable,
    Fatal(StorageError),
}

impl From<StorageError> for OpenFailure {
    fn from(e: StorageError) -> Self {
        match e {
            StorageError::Sqlite(ref s) if is_damage(s) => OpenFailure::Damaged(s.to_string()),
            StorageError::Sqlite(ref s)
                if matches!(
                    s.sqlite_error_code(),
                    Some(ErrorCode::ReadOnly | ErrorCode::CannotOpen | ErrorCode::PermissionDenied)
                ) =>
            {
                OpenFailure::NotWritable
            }
            e => OpenFailure::Fatal(e),
        }
    }
}

impl From<rusqlite::Error> for OpenFailure {
    fn from(e: rusqlite::Error) -> Self {
        StorageError::from(e).into()
    }
}

fn is_damage(e: &rusqlite::Error) -> bool {
    matches!(e.sqlite_error_code(), Some(ErrorCode::NotADatabase | ErrorCode::DatabaseCorrupt))
}

/// The first 16 bytes of every SQLite database file.
const SQLITE_MAGIC: &[u8; 16] = b"SQLite format 3\0";

/// How long another connection's write may keep us waiting before the operation fails as locked.
const BUSY_LIMIT: Duration = Duration::from_secs(5);

/// SQLite's busy handler: tries again every millisecond. SQLite's own busy timeout sleeps ever longer between
/// tries (up to 100 ms), so a writer that pauses only briefly between short transactions, as an import does,
/// would keep it waiting far longer than each transaction takes.
fn wait_for_writer(attempt: i32) -> bool {
    std::thread::sleep(Duration::from_millis(1));
    u128::from(attempt.unsigned_abs()) < BUSY_LIMIT.as_millis()
}

/// A connection to `path`, waiting for other writers as [`wait_for_writer`] does.
fn connect(path: &Path, access: Access) -> rusqlite::Result<Connection> {
    let read_only = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let mut conn = match access {
        Access::ReadWrite => Connection::open(path)?,
        Access::ReadOnly => Connection::open_with_flags(path, read_only)?,
        Access::Immutable => Connection::open_with_flags(immutable_uri(path), read_only | OpenFlags::SQLITE_OPEN_URI)?,
    };
    conn.busy_handler(Some(wait_for_writer))?;
    Ok(conn)
}

/// `file:PATH?immutable=1`, with the characters a URI gives a meaning to escaped.
fn immutable_uri(path: &Path) -> String {
    let mut uri = String::from("file:");
    for c in path.to_string_lossy().chars() {
        match c {
            '%' => uri.push_str("%25"),
            '?' => uri.push_str("%3f"),
            '#' => uri.push_str("%23"),
            c => uri.push(c),
        }
    }
    uri + "?immutable=1"
}

/// Refuses a file that is there but is no SQLite database (a PDN file, notes…) before SQLite touches it, and
/// creates a missing one, so that a folder that cannot be written is reported as such. (An empty file is a new
/// database to SQLite.)
fn check_file(path: &Path) -> Result<()> {
    let io = |error| StorageError::Io { path: path.to_path_buf(), error };
    match std::fs::File::open(path) {
        Ok(file) => {
            let mut head = Vec::with_capacity(SQLITE_MAGIC.len());
            file.take(SQLITE_MAGIC.len() as u64).read_to_end(&mut head).map_err(io)?;
            if !head.is_empty() && head != SQLITE_MAGIC {
                return Err(StorageError::NotADatabase(path.to_path_buf()));
            }
            Ok(())
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            match std::fs::OpenOptions::new().write(true).create_new(true).open(path) {
                Ok(_) => Ok(()),
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Ok(()),
                Err(e)
                    if matches!(
                        e.kind(),
                        std::io::ErrorKind::PermissionDenied | std::io::ErrorKind::ReadOnlyFilesystem
                    ) =>
                {
                    Err(StorageError::ReadOnly(path.to_path_buf()))
                }
                Err(e) => Err(io(e)),
            }
        }
        Err(e) => Err(io(e)),
    }
}

impl Storage {
    /// Opens (creating if needed) the database at `path` and brings its schema up to date. A file that is not
    /// an SQLite database is refused and left as it is. A database that cannot be read (damaged) is renamed
    /// aside, a fresh one takes its place, and every game that can still be read from the damaged file is
    /// copied into it (the report says where the old file went and what was recovered). A database from a
    /// newer app version is refused and left as it is. When the file or its folder cannot be written, the
    /// library opens read-only: it can be listed, shown and exported, and every write is refused with
    /// [`StorageError::ReadOnly`].
    ///
    /// Opening reads only the header and the schema, at any size. The full integrity check reads the whole
    /// file (about 65–110 ms for 10,000 games here); run [`Storage::check_and_recover`] once the app is up.
    pub fn open(path: impl AsRef<Path>) -> Result<(Storage, OpenReport)> {
        let path = path.as_ref();
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|error| StorageError::Io { path: dir.to_path_buf(), error })?;
        }
        check_file(path)?;
        let (conn, access, mut report) = Self::open_or_replace(path)?;
        let training = training::Training::open(path, access)?;
        report.training = training.notice.clone();
        let storage = Storage::with_connection(conn, path.to_path_buf(), access, training);
        if report.created {
            // Games new or recovered: the trainer's rows of any game this file does not have must go before
            // new games take their ids.
            storage.prune_training()?;
        }
        Ok((storage, report))
    }

    fn with_connection(conn: Connection, path: PathBuf, access: Access, training: training::Training) -> Storage {
        Storage {
            conn: Mutex::new(conn),
            training: Mutex::new(training),
            path,
            access,
            closed: AtomicBool::new(false),
            checking: Mutex::new(()),
        }
    }

    fn open_or_replace(path: &Path) -> Result<(Connection, Access, OpenReport)> {
        match Self::try_open(path, Access::ReadWrite) {
            Ok((conn, from)) => {
                // Version 0 is a new (or empty) file: created now rather than migrated.
                let report = OpenReport {
                    created: from == 0,
                    migrated_from: (from > 0 && from < schema::LATEST).then_some(from),
                    ..OpenReport::default()
                };
                Ok((conn, Access::ReadWrite, report))
            }
            Err(OpenFailure::NotWritable) => Self::open_read_only(path),
            Err(OpenFailure::Fatal(e)) => Err(e),
            Err(OpenFailure::Damaged(why)) => {
                let (conn, report) = Self::replace(path, why)?;
                Ok((conn, Access::ReadWrite, report))
            }
        }
    }

    fn open_read_only(path: &Path) -> Result<(Connection, Access, OpenReport)> {
        let mut access = Access::ReadOnly;
        let mut opened = Self::try_open(path, access);
        if matches!(opened, Err(OpenFailure::NotWritable)) {
            access = Access::Immutable;
            opened = Self::try_open(path, access);
        }
        match opened {
            Ok((conn, _)) => Ok((conn, access, OpenReport { read_only: true, ..OpenReport::default() })),
            Err(OpenFailure::Damaged(why)) => Err(StorageError::ReadOnlyDamaged { path: path.to_path_buf(), why }),
            Err(OpenFailure::NotWritable) => Err(StorageError::ReadOnly(path.to_path_buf())),
            Err(OpenFailure::Fatal(e)) => Err(e),
        }
    }

    /// Moves a damaged file aside, opens a fresh database in its place and recovers what it can into it.
    fn replace(path: &Path, why: String) -> Result<(Connection, OpenReport)> {
        let aside = recover::move_aside(path, now_ms())?;
        let (mut conn, _) = Self::try_open(path, Access::ReadWrite).map_err(|f| match f {
            OpenFailure::Fatal(e) => e,
            OpenFailure::NotWritable => StorageError::ReadOnly(path.to_path_buf()),
            OpenFailure::Damaged(again) => StorageError::InvalidInput(format!("a fresh database is damaged: {again}")),
        })?;
        let recovery = recover::salvage(&aside, &mut conn, why)?;
        let report = OpenReport { created: true, recovery: Some(recovery), ..OpenReport::default() };
        Ok((conn, report))
    }

    /// Opens, checks and (when writable) migrates; returns the schema version found.
    fn try_open(path: &Path, access: Access) -> std::result::Result<(Connection, i64), OpenFailure> {
        let mut conn = connect(path, access)?;
        // SQLite opens a file it may not write read-only without saying so.
        if access == Access::ReadWrite && conn.is_readonly(MAIN_DB)? {
            return Err(OpenFailure::NotWritable);
        }
        // Reading the version is the first read of the file: a damaged header fails here.
        let found = schema::version(&conn)?;
        schema::check_not_newer(found)?;
        // Parses the schema, which a damaged first page or schema table fails.
        conn.query_row("SELECT count(*) FROM sqlite_master", [], |r| r.get::<_, i64>(0))?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        if access != Access::ReadWrite {
            return match found {
                0 => Err(OpenFailure::NotWritable),
                f if f < schema::LATEST => {
                    Err(OpenFailure::Fatal(StorageError::ReadOnlyNeedsUpgrade { path: path.to_path_buf(), found }))
                }
                _ => Ok((conn, found)),
            };
        }
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "NORMAL")?;
        schema::migrate(&mut conn)?;
        Ok((conn, found))
    }

    /// Runs SQLite's `quick_check` over the whole file on a separate read-only connection, so saving moves is
    /// not held up meanwhile. If the file is damaged, it is renamed aside, a fresh database takes its place in
    /// this `Storage`, and every game that can still be read is copied into it (`None`: the file is sound).
    /// A sound library is also tidied: the hidden games of imports that were killed are removed, and the
    /// trainer's rows of games no longer there. The puzzle trainer's file is checked first; a damaged one is
    /// set aside and started afresh ([`Storage::training_notice`] says so), never touching the games.
    /// A closed library is not checked: the process is ending.
    pub fn check_and_recover(&self) -> Result<Option<Recovery>> {
        let _checking = self.checking.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if self.closed.load(Ordering::SeqCst) {
            return Ok(None);
        }
        self.check_training()?;
        let check_access = if self.access == Access::ReadWrite { Access::ReadOnly } else { self.access };
        let problem = match Self::quick_check(&self.path, check_access) {
            Ok(None) if self.is_read_only() => return Ok(None),
            Ok(None) => {
                games::drop_abandoned_imports(&self.side_connection()?)?;
                self.prune_training()?;
                return Ok(None);
            }
            Ok(Some(problems)) => format!("integrity check failed: {problems}"),
            Err(e) if is_damage(&e) => e.to_string(),
            Err(e) => return Err(e.into()),
        };
        if self.is_read_only() {
            return Err(StorageError::ReadOnlyDamaged { path: self.path.clone(), why: problem });
        }
        let mut conn = self.conn();
        // Close the damaged database before renaming it: closing deletes its WAL file by name.
        let old = std::mem::replace(&mut *conn, Connection::open_in_memory()?);
        old.close().map_err(|(_, e)| StorageError::from(e))?;
        let (fresh, report) = Self::replace(&self.path, problem)?;
        *conn = fresh;
        drop(conn);
        self.prune_training()?;
        Ok(report.recovery)
    }

    /// `None` when sound, else the problems SQLite lists.
    fn quick_check(path: &Path, access: Access) -> rusqlite::Result<Option<String>> {
        let conn = connect(path, access)?;
        let mut stmt = conn.prepare("PRAGMA quick_check")?;
        let lines: Vec<String> = stmt.query_map([], |r| r.get(0))?.collect::<rusqlite::Result<_>>()?;
        Ok((lines != ["ok"]).then(|| lines.join("; ")))
    }

    /// The database file's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// True when the file or its folder could not be written at open: every write is refused.
    pub fn is_read_only(&self) -> bool {
        self.access != Access::ReadWrite
    }

    /// Refuses a write to a read-only or closed library, naming it.
    fn writable(&self) -> Result<()> {
        if self.is_read_only() {
            return Err(StorageError::ReadOnly(self.path.clone()));
        }
        if self.closed.load(Ordering::SeqCst) {
            return Err(StorageError::Closed(self.path.clone()));
        }
        Ok(())
    }

    /// Copies every committed change from the `-wal` journal into the database file and empties the journal
    /// (`PRAGMA wal_checkpoint(TRUNCATE)`): afterwards the database file alone holds the whole library. For a
    /// phone app going to the background, and for [`Storage::close`]. It waits, as for a writer, for readers
    /// still on an older state of the file (another connection's long read); if they keep it from finishing,
    /// it fails with [`StorageError::CheckpointIncomplete`] and the changes stay safe in the journal. A
    /// read-only library has written nothing: there is nothing to copy. An integrity check under way is let
    /// finish first. The puzzle trainer's file is checkpointed too (both are tried; the first failure is
    /// returned).
    pub fn checkpoint(&self) -> Result<()> {
        if self.is_read_only() {
            return Ok(());
        }
        let _no_check = self.checking.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let games = truncate_wal(&self.conn(), &self.path);
        let training = self.checkpoint_training();
        games.and(training)
    }

    /// The front end's last call before the process ends: refuses every later write (so nothing can reach the
    /// journal after this) and then [checkpoints](Storage::checkpoint). Reads still work. The connection
    /// itself closes when the last handle to this `Storage` is dropped.
    pub fn close(&self) -> Result<()> {
        self.closed.store(true, Ordering::SeqCst);
        self.checkpoint()
    }

    /// The connection; a panic in another thread while it was held does not make it unusable, because every
    /// write is a transaction that rolled back with the panic.
    fn conn(&self) -> MutexGuard<'_, Connection> {
        self.conn.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// `PRAGMA integrity_check`: "ok" or the problems found.
    pub fn integrity_check(&self) -> Result<String> {
        let conn = self.conn();
        let mut stmt = conn.prepare("PRAGMA integrity_check")?;
        let lines: Vec<String> = stmt.query_map([], |r| r.get(0))?.collect::<rusqlite::Result<_>>()?;
        Ok(lines.join("; "))
    }
}

/// `PRAGMA wal_checkpoint(TRUNCATE)` on the file at `path`: fails when readers kept it from copying the whole
/// journal (see [`Storage::checkpoint`]).
fn truncate_wal(conn: &Connection, path: &Path) -> Result<()> {
    // Columns: busy (1 when the checkpoint could not finish), frames in the log, frames copied.
    let (busy, log, copied) = conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |r| {
        Ok((r.get::<_, i64>(0)?, r.get::<_, i64>(1)?, r.get::<_, i64>(2)?))
    })?;
    if busy != 0 {
        return Err(StorageError::CheckpointIncomplete { path: path.to_path_buf(), copied, log });
    }
    Ok(())
}

/// Unix time in milliseconds.
pub(crate) fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

#[cfg(test)]
mod tests;
