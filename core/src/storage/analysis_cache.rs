//! Cached post-game analysis, per game and engine version. The data is opaque text owned by the engine
//! (e.g. serialised evaluations per ply); an entry for a game that has since changed length is stale.

use super::error::{Result, StorageError};
use super::{now_ms, Storage};
use crate::record::GameId;
use rusqlite::{params, OptionalExtension};

impl Storage {
    /// Stores the analysis of game `id` as it was at `plies` moves, replacing an older entry of this engine.
    pub fn put_analysis(&self, id: GameId, engine: &str, plies: u32, data: &str) -> Result<()> {
        self.writable()?;
        let conn = self.conn();
        let n = conn
            .prepare_cached(
                "INSERT INTO analysis_cache (game_id, engine, plies, data, updated_at)
                 SELECT id, ?2, ?3, ?4, ?5 FROM games WHERE id = ?1
                 ON CONFLICT (game_id, engine) DO UPDATE SET plies = excluded.plies, data = excluded.data,
                    updated_at = excluded.updated_at",
            )?
            .execute(params![id, engine, plies, data, now_ms()])?;
        if n == 0 {
            return Err(StorageError::NoSuchGame(id));
        }
        Ok(())
    }

    /// The cached analysis of game `id` by `engine`, if there is one for the game as it is now.
    pub fn analysis(&self, id: GameId, engine: &str) -> Result<Option<String>> {
        let conn = self.conn();
        let data = conn
            .prepare_cached(
                "SELECT a.data FROM analysis_cache a JOIN games g ON g.id = a.game_id
                 WHERE a.game_id = ?1 AND a.engine = ?2 AND a.plies = g.plies",
            )?
            .query_row(params![id, engine], |r| r.get(0))
            .optional()?;
        Ok(data)
    }
}
