//! The one error type of the storage module.

use crate::pdn::PdnError;
use crate::record::GameId;
use std::fmt;
use std::path::PathBuf;

#[derive(Debug)]
pub enum StorageError {
    /// SQLite refused an operation (locked, read-only, disk full, …).
    Sqlite(rusqlite::Error),
    /// A file operation on the database or next to it failed.
    Io { path: PathBuf, error: std::io::Error },
    /// The file was written by a newer version of the app; it is left as it is.
    NewerVersion { found: i64, supported: i64 },
    NoSuchGame(GameId),
    /// A move was appended at a ply other than the next one (a lost or repeated save).
    PlyMismatch { id: GameId, expected: u32, got: u32 },
    /// Moves can only be added to a game in progress.
    GameFinished(GameId),
    /// A stored game does not replay under the rules (the database was altered outside the app).
    CorruptGame { id: GameId, ply: usize, reason: String },
    /// A PDN file to import is malformed or has an illegal move; nothing was imported.
    Import(PdnError),
    /// A PDN file to import has no game in it.
    NoGamesInFile,
    /// A value given by the caller cannot be stored (e.g. a start FEN that does not parse).
    InvalidInput(String),
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
        }
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

pub type Result<T, E = StorageError> = std::result::Result<T, E>;
