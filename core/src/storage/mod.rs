//! Game storage on SQLite: autosave after every move, resume, browse, statistics, settings, analysis cache,
//! PDN import and export.
//!
//! One job per file: this one opens (checks, recovers, migrates); [`schema`] holds the migrations, [`games`]
//! saves and loads games, [`browse`] lists them, [`stats`], [`settings`] and [`analysis_cache`] their tables,
//! [`pdn_io`] imports and exports. A [`Storage`] may be shared between threads: the connection sits behind a
//! mutex and every method takes `&self`.
//!
//! Durability: WAL journal with `synchronous = NORMAL`. Every call that writes has committed when it returns,
//! so a killed process loses nothing it was told was saved; after a power cut or OS crash the last commits may
//! roll back, but the file stays consistent.

mod analysis_cache;
mod browse;
mod codec;
pub mod dates;
mod error;
mod games;
mod pdn_io;
mod recover;
pub mod schema;
mod settings;
mod stats;

pub use browse::{Cursor, Filter, Page, ResultFilter, MAX_PAGE_SIZE};
pub use error::{Result, StorageError};
pub use settings::{AnimationSpeed, Orientation, Settings};
pub use stats::{LevelStats, ModeStats, Stats};

use rusqlite::{Connection, ErrorCode, OpenFlags};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};
use std::time::Duration;

/// What happened while opening.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OpenReport {
    /// The file was new or empty (or was moved aside) and a fresh database was made.
    pub created: bool,
    /// The schema version found, when it was older than this build's and has been migrated.
    pub migrated_from: Option<i64>,
    /// A damaged file was renamed to this path, and why; the database in use is fresh.
    pub moved_aside: Option<(PathBuf, String)>,
}

pub struct Storage {
    conn: Mutex<Connection>,
    path: PathBuf,
}

/// Why an attempt to open failed: a damaged file (to be moved aside) or anything else (reported).
enum OpenFailure {
    Damaged(String),
    Fatal(StorageError),
}

impl From<StorageError> for OpenFailure {
    fn from(e: StorageError) -> Self {
        match e {
            StorageError::Sqlite(ref s) if is_damage(s) => OpenFailure::Damaged(s.to_string()),
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

impl Storage {
    /// Opens (creating if needed) the database at `path` and brings its schema up to date. A file that is not
    /// a database, or whose schema cannot be read, is renamed aside and a fresh database is made (the report
    /// says where the old file went). A database from a newer app version is refused and left as it is.
    ///
    /// The full integrity check reads the whole file (about 65–110 ms for 10,000 games here), too slow for
    /// every start; run [`Storage::check_integrity`] once the app is up.
    pub fn open(path: impl AsRef<Path>) -> Result<(Storage, OpenReport)> {
        let path = path.as_ref();
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|error| StorageError::Io { path: dir.to_path_buf(), error })?;
        }
        let (conn, report) = Self::open_or_replace(path)?;
        Ok((Storage { conn: Mutex::new(conn), path: path.to_path_buf() }, report))
    }

    fn open_or_replace(path: &Path) -> Result<(Connection, OpenReport)> {
        match Self::try_open(path) {
            Ok((conn, from)) => {
                // Version 0 is a new (or empty) file: created now rather than migrated.
                let report = OpenReport {
                    created: from == 0,
                    migrated_from: (from > 0 && from < schema::LATEST).then_some(from),
                    moved_aside: None,
                };
                Ok((conn, report))
            }
            Err(OpenFailure::Fatal(e)) => Err(e),
            Err(OpenFailure::Damaged(why)) => Self::replace(path, why),
        }
    }

    /// Moves a damaged file aside and opens a fresh database in its place.
    fn replace(path: &Path, why: String) -> Result<(Connection, OpenReport)> {
        let aside = recover::move_aside(path, now_ms())?;
        let (conn, _) = Self::try_open(path).map_err(|f| match f {
            OpenFailure::Fatal(e) => e,
            OpenFailure::Damaged(again) => StorageError::InvalidInput(format!("a fresh database is damaged: {again}")),
        })?;
        Ok((conn, OpenReport { created: true, migrated_from: None, moved_aside: Some((aside, why)) }))
    }

    /// Opens, checks and migrates; returns the schema version found.
    fn try_open(path: &Path) -> std::result::Result<(Connection, i64), OpenFailure> {
        let mut conn = Connection::open(path)?;
        conn.busy_timeout(Duration::from_secs(5))?;
        // Reading the version is the first read of the file: a non-database fails here.
        let found = schema::version(&conn)?;
        schema::check_not_newer(found)?;
        // Parses the schema, which a damaged first page or schema table fails.
        conn.query_row("SELECT count(*) FROM sqlite_master", [], |r| r.get::<_, i64>(0))?;
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "NORMAL")?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        schema::migrate(&mut conn)?;
        Ok((conn, found))
    }

    /// Runs SQLite's `quick_check` over the whole file on a separate read-only connection, so saving moves is
    /// not held up meanwhile. If the file is damaged, it is renamed aside and a fresh database takes its place
    /// in this `Storage`; the result says where the old file went and why (`None`: the file is sound).
    pub fn check_integrity(&self) -> Result<Option<(PathBuf, String)>> {
        let problem = match Self::quick_check(&self.path) {
            Ok(None) => return Ok(None),
            Ok(Some(problems)) => format!("integrity check failed: {problems}"),
            Err(e) if is_damage(&e) => e.to_string(),
            Err(e) => return Err(e.into()),
        };
        let mut conn = self.conn();
        // Close the damaged database before renaming it: closing deletes its WAL file by name.
        let old = std::mem::replace(&mut *conn, Connection::open_in_memory()?);
        old.close().map_err(|(_, e)| StorageError::from(e))?;
        let (fresh, report) = Self::replace(&self.path, problem)?;
        *conn = fresh;
        Ok(report.moved_aside)
    }

    /// `None` when sound, else the problems SQLite lists.
    fn quick_check(path: &Path) -> rusqlite::Result<Option<String>> {
        let conn = Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_ONLY)?;
        conn.busy_timeout(Duration::from_secs(5))?;
        let mut stmt = conn.prepare("PRAGMA quick_check")?;
        let lines: Vec<String> = stmt.query_map([], |r| r.get(0))?.collect::<rusqlite::Result<_>>()?;
        Ok((lines != ["ok"]).then(|| lines.join("; ")))
    }

    pub fn path(&self) -> &Path {
        &self.path
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

/// Unix time in milliseconds.
pub(crate) fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

#[cfg(test)]
mod tests;
