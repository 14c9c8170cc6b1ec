//! A damaged database file is renamed aside with a timestamp, never deleted, so nothing is lost for good.

use super::dates::utc_stamp;
use super::error::{Result, StorageError};
use std::path::{Path, PathBuf};

/// SQLite's files beside a database in WAL mode: they belong to the damaged file and must move with it, or
/// the fresh database would try to use them.
const SIDECARS: [&str; 2] = ["-wal", "-shm"];

/// Renames `path` (and its WAL files) to `path.damaged-<UTC time>`; returns the new name of the database file.
pub fn move_aside(path: &Path, now_ms: i64) -> Result<PathBuf> {
    let base = format!("{}.damaged-{}", path.display(), utc_stamp(now_ms));
    let mut target = PathBuf::from(&base);
    let mut n = 1;
    while target.exists() {
        n += 1;
        target = PathBuf::from(format!("{base}-{n}"));
    }
    rename(path, &target)?;
    for suffix in SIDECARS {
        let side = with_suffix(path, suffix);
        if side.exists() {
            rename(&side, &with_suffix(&target, suffix))?;
        }
    }
    Ok(target)
}

fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut s = path.as_os_str().to_owned();
    s.push(suffix);
    PathBuf::from(s)
}

fn rename(from: &Path, to: &Path) -> Result<()> {
    std::fs::rename(from, to).map_err(|error| StorageError::Io { path: from.to_path_buf(), error })
}
