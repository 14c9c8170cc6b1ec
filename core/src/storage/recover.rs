//! A damaged database file is renamed aside with a timestamp, never deleted, so nothing is lost for good; every
//! game that can still be read from it is copied into the fresh database that takes its place.

use super::dates::utc_stamp;
use super::error::{Result, StorageError};
use super::training::Training;
use super::{connect, games, Access, Storage};
use crate::record::GameId;
use rusqlite::Connection;
use std::collections::BTreeSet;
use std::fmt;
use std::path::{Path, PathBuf};

/// SQLite's files beside a database in WAL mode: they belong to the damaged file and must move with it, or
/// the fresh database would try to use them.
const SIDECARS: [&str; 2] = ["-wal", "-shm"];

/// What became of a damaged library.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Recovery {
    /// Where the damaged file now is (it is never deleted).
    pub moved_to: PathBuf,
    /// What was wrong with it.
    pub reason: String,
    /// Games read back whole from it into the fresh library (with their ids), each replayed through the rules.
    pub recovered: u64,
    /// Games the damaged file still lists but that could not be read whole; `None` when not even its list of
    /// games could be read, so how many were lost is unknown.
    pub lost: Option<u64>,
}

impl fmt::Display for Recovery {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let games = |n: u64| format!("{n} game{}", if n == 1 { "" } else { "s" });
        write!(f, "the games library was damaged ({}); {} recovered", self.reason, games(self.recovered))?;
        match self.lost {
            Some(lost) => write!(f, ", {} lost", games(lost))?,
            None => write!(f, ", how many were lost is unknown (its list of games cannot be read)")?,
        }
        write!(f, "; the damaged file was kept as {}", self.moved_to.display())
    }
}

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

/// Copies every game that can be read whole from the damaged file at `aside` into `fresh`, with the settings.
/// A game is read through the ordinary loader, which replays its moves, so only whole, legal games come back.
pub(super) fn salvage(aside: &Path, fresh: &mut Connection, reason: String) -> Result<Recovery> {
    let mut recovery = Recovery { moved_to: aside.to_path_buf(), reason, recovered: 0, lost: None };
    let Ok(conn) = connect(aside, Access::ReadOnly) else { return Ok(recovery) };
    // Read through the ordinary loader; the damaged file's own trainer is never read (its file is beside the
    // games file, untouched).
    let trainer = Training::in_memory(aside.to_path_buf(), None)?;
    let damaged = Storage::with_connection(conn, aside.to_path_buf(), Access::ReadOnly, trainer);
    let Some(ids) = listed_games(&damaged.conn()) else { return Ok(recovery) };
    let mut lost = 0;
    let tx = fresh.transaction()?;
    for id in ids {
        match damaged.salvage_game(id) {
            Ok(saved) => {
                games::insert_saved(&tx, &saved)?;
                recovery.recovered += 1;
            }
            Err(_) => lost += 1,
        }
    }
    // Settings are a convenience: whatever rows can be read come along.
    let settings = readable_rows(&damaged.conn(), "SELECT key, value FROM settings", |r| {
        Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?))
    });
    if let Ok(rows) = settings {
        for (key, value) in rows {
            tx.execute("INSERT OR REPLACE INTO settings (key, value) VALUES (?1, ?2)", [key, value])?;
        }
    }
    tx.commit()?;
    recovery.lost = Some(lost);
    Ok(recovery)
}

/// The ids of the games the damaged file lists anywhere — its games table, its date index (which lives on
/// other pages) and the moves — except those of an import that had not finished; `None` when none of them
/// can be read. A scan that hits a damaged page keeps what it read before it.
fn listed_games(conn: &Connection) -> Option<BTreeSet<GameId>> {
    let mut ids = BTreeSet::new();
    let mut any = false;
    for sql in [
        "SELECT id FROM games",
        "SELECT id FROM games INDEXED BY games_by_date ORDER BY created_at DESC, id DESC",
        "SELECT DISTINCT game_id FROM moves",
    ] {
        if let Ok(found) = readable_rows(conn, sql, id) {
            any = true;
            ids.extend(found);
        }
    }
    let unfinished = "SELECT id FROM games WHERE import_batch IN (SELECT id FROM import_batches)";
    for game in readable_rows(conn, unfinished, id).unwrap_or_default() {
        ids.remove(&game);
    }
    any.then_some(ids)
}

/// The rows of a query up to the first one that cannot be read; an error only when the query cannot start.
fn readable_rows<T>(
    conn: &Connection,
    sql: &str,
    read: impl Fn(&rusqlite::Row<'_>) -> rusqlite::Result<T>,
) -> rusqlite::Result<Vec<T>> {
    let mut stmt = conn.prepare(sql)?;
    let mut rows = stmt.query([])?;
    let mut out = Vec::new();
    while let Ok(Some(row)) = rows.next() {
        match read(row) {
            Ok(v) => out.push(v),
            Err(_) => break,
        }
    }
    Ok(out)
}

fn id(row: &rusqlite::Row<'_>) -> rusqlite::Result<GameId> {
    row.get(0)
}
