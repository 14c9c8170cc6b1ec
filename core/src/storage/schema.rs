//! Schema migrations, tracked in `PRAGMA user_version`. Step `n` takes a database from version `n` to `n + 1`;
//! steps are never edited once released, only appended.
//!
//! The games file's whole schema (its `CREATE` statements, as SQLite keeps their text) must fit in the file's
//! first page, 4,096 bytes: recovery finds the tables through it whatever other page is damaged, and a schema
//! that spills onto a second page makes that page's damage lose every game (a test checks that page 1 holds
//! all of it). Features with tables of their own keep them in a file of their own, as the puzzle trainer does
//! (`training.rs`).

use super::error::{Result, StorageError};
use rusqlite::Connection;

/// Migration steps in order; the schema version is the number of steps applied.
const STEPS: &[&str] = &[
    // 0 → 1: games, their moves, settings.
    "CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        mode TEXT NOT NULL,
        white TEXT NOT NULL,
        black TEXT NOT NULL,
        players_folded TEXT NOT NULL, -- lower-cased names for search (SQLite's LIKE folds ASCII only)
        level INTEGER,
        human_color TEXT,
        tc_white_base_ms INTEGER,
        tc_white_inc_ms INTEGER,
        tc_black_base_ms INTEGER,
        tc_black_inc_ms INTEGER,
        clock_white_ms INTEGER,
        clock_black_ms INTEGER,
        start_fen TEXT,
        handicap TEXT,
        rule_repetitions INTEGER NOT NULL,
        rule_king_plies INTEGER NOT NULL,
        plies INTEGER NOT NULL DEFAULT 0,
        outcome TEXT,          -- NULL while in progress; 'white', 'black' or 'draw'
        end_reason TEXT,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
    );
    CREATE INDEX games_by_date ON games(created_at DESC, id DESC);
    -- Browsing by mode and level, and statistics, read these instead of the whole table.
    CREATE INDEX games_by_mode ON games(mode, level, created_at DESC);
    -- Games to resume.
    CREATE INDEX games_in_progress ON games(created_at DESC) WHERE outcome IS NULL;
    CREATE TABLE moves (
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        ply INTEGER NOT NULL,  -- 0 for the first move
        path TEXT NOT NULL,    -- algebraic with every landing square: replays exactly
        clock_white_ms INTEGER,
        clock_black_ms INTEGER,
        PRIMARY KEY (game_id, ply)
    ) WITHOUT ROWID;
    CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;",
    // 1 → 2: emoji reactions, PDN tags kept from imports, cached analysis.
    "CREATE TABLE reactions (
        id INTEGER PRIMARY KEY,
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        ply INTEGER NOT NULL,
        side TEXT NOT NULL,
        emoji TEXT NOT NULL
    );
    CREATE INDEX reactions_by_game ON reactions(game_id, ply);
    CREATE TABLE game_tags (
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        key TEXT NOT NULL,
        value TEXT NOT NULL,
        PRIMARY KEY (game_id, seq)
    ) WITHOUT ROWID;
    CREATE TABLE analysis_cache (
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        engine TEXT NOT NULL,  -- engine name and version, so a newer engine does not read old results
        plies INTEGER NOT NULL, -- the game length analysed; a changed game makes the entry stale
        data TEXT NOT NULL,
        updated_at INTEGER NOT NULL,
        PRIMARY KEY (game_id, engine)
    ) WITHOUT ROWID;",
    // 2 → 3: an import is written in short transactions, its games hidden until the last one is in (games.rs).
    "CREATE TABLE import_batches (
        id INTEGER PRIMARY KEY AUTOINCREMENT, -- never reused: a finished batch's games keep its number
        heartbeat INTEGER NOT NULL,           -- Unix ms of its last write; a stale one was left by a killed import
        abandoned INTEGER NOT NULL DEFAULT 0  -- being removed: its importer, if alive, must write no more
    );
    -- NULL, or the import that wrote the game: hidden while that batch is still listed above.
    ALTER TABLE games ADD COLUMN import_batch INTEGER;
    CREATE INDEX games_by_import ON games(import_batch) WHERE import_batch IS NOT NULL;",
];

/// The schema version this build writes.
pub const LATEST: i64 = STEPS.len() as i64;

/// The schema version stored in the database (SQLite's `user_version`).
pub fn version(conn: &Connection) -> rusqlite::Result<i64> {
    conn.query_row("PRAGMA user_version", [], |r| r.get(0))
}

/// Refuses a database newer than this build, before anything is written to it.
pub fn check_not_newer(found: i64) -> Result<()> {
    if found > LATEST {
        return Err(StorageError::NewerVersion { found, supported: LATEST });
    }
    Ok(())
}

/// Brings the database up to [`LATEST`], one transaction per step; returns the version it started at.
pub fn migrate(conn: &mut Connection) -> Result<i64> {
    migrate_to(conn, LATEST)
}

/// Migrates up to `target` only: lets tests build a database as an earlier version made it.
pub fn migrate_to(conn: &mut Connection, target: i64) -> Result<i64> {
    run_steps(conn, STEPS, target)
}

/// Applies `steps` from the file's version up to `target`, one transaction per step; returns the version it
/// started at. Refuses a file with more steps than `steps` (a newer app's). Also the trainer's file's runner.
pub(super) fn run_steps(conn: &mut Connection, steps: &[&str], target: i64) -> Result<i64> {
    let from = version(conn)?;
    let latest = steps.len() as i64;
    if from > latest {
        return Err(StorageError::NewerVersion { found: from, supported: latest });
    }
    for step in from..target.min(latest) {
        let tx = conn.transaction()?;
        tx.execute_batch(steps[step as usize])?;
        tx.pragma_update(None, "user_version", step + 1)?;
        tx.commit()?;
    }
    Ok(from)
}
