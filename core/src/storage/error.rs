//! The one error type of the storage module.

use crate::pdn::PdnError;
use crate::record::GameId;
use std::fmt;
use std::path::PathBuf;

/// Why a storage operation failed.
#[derive(Debug)]
pub enum StorageError {
    /// SQLite refused an operation (locked, read-only, disk full, …).
    Sqlite(rusqlite::Error),
    /// A file operation on the database or next to it failed.
    Io {
        /// The file or folder concerned.
        path: PathBuf,
        /// What the system reported.
        error: std::io::Error,
    },
    /// The file was written by a newer version of the app; it is left as it is.
    NewerVersion {
        /// The file's schema version.
        found: i64,
        /// The newest schema version this build reads.
        supported: i64,
    },
    /// The file is something else than a database (a PDN file, notes…); it is left as it is.
    NotADatabase(PathBuf),
    /// The library cannot be written (the file or its folder is read-only): it can be read, not changed.
    ReadOnly(PathBuf),
    /// A read-only library from an older version, which would have to be upgraded before it can be read.
    ReadOnlyNeedsUpgrade {
        /// The read-only file.
        path: PathBuf,
        /// Its schema version.
        found: i64,
    },
    /// A read-only library is damaged; it cannot be moved aside and repaired.
    ReadOnlyDamaged {
        /// The read-only file.
        path: PathBuf,
        /// What the integrity check found.
        why: String,
    },
    /// An import paused so long (the process was stopped) that its unfinished games were cleared as abandoned.
    ImportAbandoned,
    /// No saved game has this id.
    NoSuchGame(GameId),
    /// A move was appended at a ply other than the next one (a lost or repeated save).
    PlyMismatch {
        /// The game.
        id: GameId,
        /// The ply that comes next (moves saved so far).
        expected: u32,
        /// The ply given.
        got: u32,
    },
    /// Moves can only be added to a game in progress.
    GameFinished(GameId),
    /// A stored game does not replay under the rules (the database was altered outside the app).
    CorruptGame {
        /// The game.
        id: GameId,
        /// The first move that does not replay (0 for the first move).
        ply: usize,
        /// Why it does not.
        reason: String,
    },
    /// A PDN file to import is malformed or has an illegal move; nothing was imported.
    Import(PdnError),
    /// A PDN file to import has no game in it.
    NoGamesInFile,
    /// A value given by the caller cannot be stored (e.g. a start FEN that does not parse).
    InvalidInput(String),
    /// The library was closed ([`super::Storage::close`]): nothing more can be saved in this process.
    Closed(PathBuf),
    /// A checkpoint could not copy the whole journal into the database file (another connection was still
    /// reading an older state of it); the changes are safe in the `-wal` file.
    CheckpointIncomplete {
        /// The database file.
        path: PathBuf,
        /// Journal frames copied into the file.
        copied: i64,
        /// Journal frames in all.
        log: i64,
    },
}

impl fmt::Display for StorageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StorageError::Sqlite(e) => write!(f, "database error: {e}"),
            StorageError::Io { path, error } => write!(f, "{}: {error}", path.display()),
            StorageError::NewerVersion { found, supported } => write!(
                f,
                "the database was written by a newer version of the app (schema {found}; this version reads up to \
                 {supported}); update the app — the file was left unchanged"
            ),
            StorageError::NotADatabase(path) => write!(
                f,
                "{} is not a games library (it is not an SQLite database); it was left as it is",
                path.display()
            ),
            StorageError::ReadOnly(path) => write!(
                f,
                "the games library {} is read-only (the file or its folder cannot be written): games can be listed, \
                 shown and exported, but nothing can be saved",
                path.display()
            ),
            StorageError::ReadOnlyNeedsUpgrade { path, found } => write!(
                f,
                "the games library {} is read-only and was written by an older version of the app (schema {found}); \
                 open it once where it can be written, to upgrade it",
                path.display()
            ),
            StorageError::ReadOnlyDamaged { path, why } => write!(
                f,
                "the games library {} is damaged ({why}) and read-only, so it cannot be repaired here",
                path.display()
            ),
            StorageError::ImportAbandoned => {
                write!(f, "nothing imported: the import was stopped so long that it was taken for abandoned")
            }
            StorageError::NoSuchGame(id) => write!(f, "no saved game with id {id}"),
            StorageError::PlyMismatch { id, expected, got } => {
                write!(f, "game {id}: the next move is ply {expected}, not ply {got}")
            }
            StorageError::GameFinished(id) => write!(f, "game {id} is finished; moves cannot be added"),
            StorageError::CorruptGame { id, ply, reason } => {
                write!(f, "saved game {id} is damaged at ply {ply}: {reason}")
            }
            StorageError::Import(e) => write!(f, "nothing imported: {e}"),
            StorageError::NoGamesInFile => write!(f, "nothing imported: the file has no games"),
            StorageError::InvalidInput(why) => write!(f, "{why}"),
            StorageError::Closed(path) => {
                write!(f, "the games library {} is closed: nothing more can be saved", path.display())
            }
            StorageError::CheckpointIncomplete { path, copied, log } => write!(
                f,
                "the games library {} could not be written back into one file ({copied} of {log} journal pages \
                 copied: another reader was busy); every change is still kept in its -wal file",
                path.display()
            ),
        }
    }
}

impl StorageError {
    /// True when SQLite found the database file damaged: [`super::Storage::check_and_recover`] repairs it.
    pub fn is_damage(&self) -> bool {
        matches!(self, StorageError::Sqlite(e) if super::is_damage(e))
    }
}

impl std::error::Error for StorageError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            StorageError::Sqlite(e) => Some(e),
            StorageError::Io { error, .. } => Some(error),
            StorageError::Import(e) => Some(e),
            _ => None,
        }
    }
}

impl From<rusqlite::Error> for StorageError {
    fn from(e: rusqlite::Error) -> Self {
        StorageError::Sqlite(e)
    }
}

/// A storage result; the error is a [`StorageError`] unless said otherwise.
pub type Result<T, E = StorageError> = std::result::Result<T, E>;
