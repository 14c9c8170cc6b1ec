//! Schema migrations, tracked in `PRAGMA user_version`. Step `n` takes a database from version `n` to `n + 1`;
//! steps are never edited once released, only appended.

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
    // 3 → 4: the puzzle trainer (puzzles.rs): every attempt and its themes, the player's Glicko-2 puzzle rating (one
    // row), the mistakes trainer's progress per game and ply, puzzles mined from the player's own games and which
    // games were mined at what length. An attempt's `source` is shipped/mined/mistake and `puzzle_id` the shipped
    // puzzle's number, the mined puzzle's id or the game's id; `solved` means without the solution shown; times
    // are Unix ms. (No comments inside the SQL: SQLite keeps the statements' text in the schema, which every open
    // reads, and this step already takes it past one page.)
    "CREATE TABLE puzzle_attempts (
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
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        ply INTEGER NOT NULL,
        solved INTEGER NOT NULL,
        attempts INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        PRIMARY KEY (game_id, ply)
    ) WITHOUT ROWID;
    CREATE TABLE mined_puzzles (
        id INTEGER PRIMARY KEY,
        game_id INTEGER REFERENCES games(id) ON DELETE SET NULL,
        ply INTEGER NOT NULL,
        fen TEXT NOT NULL,
        solution TEXT NOT NULL,
        themes TEXT NOT NULL,
        rating INTEGER NOT NULL,
        created_at INTEGER NOT NULL
    );
    CREATE UNIQUE INDEX mined_puzzles_by_game ON mined_puzzles(game_id, ply);
    CREATE TABLE mined_games (
        game_id INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
        plies INTEGER NOT NULL,
        at INTEGER NOT NULL
    );",
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
    let from = version(conn)?;
    check_not_newer(from)?;
    for step in from..target.min(LATEST) {
        let tx = conn.transaction()?;
        tx.execute_batch(STEPS[step as usize])?;
        tx.pragma_update(None, "user_version", step + 1)?;
        tx.commit()?;
    }
    Ok(from)
}
