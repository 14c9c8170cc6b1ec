//! Statistics from queries: results per engine level (from the human's side) and per mode.

use super::codec::Col;
use super::error::Result;
use super::games::listed_only;
use super::Storage;
use crate::record::GameMode;

/// Games against the computer at one level, counted from the human's side.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LevelStats {
    /// The engine level (1..=8).
    pub level: u8,
    /// Games at this level, finished or not.
    pub games: u64,
    /// Of those, games still in progress.
    pub in_progress: u64,
    /// Games the human won.
    pub wins: u64,
    /// Games drawn.
    pub draws: u64,
    /// Games the human lost.
    pub losses: u64,
}

/// Games of one mode. `wins`/`losses` count the human's results and are 0 where no side is the human's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ModeStats {
    /// The mode.
    pub mode: GameMode,
    /// Games of this mode, finished or not.
    pub games: u64,
    /// Of those, games still in progress.
    pub in_progress: u64,
    /// Games White won.
    pub white_wins: u64,
    /// Games Black won.
    pub black_wins: u64,
    /// Games drawn.
    pub draws: u64,
    /// Games the human won (modes with a human against the computer).
    pub wins: u64,
    /// Games the human lost.
    pub losses: u64,
}

/// Results counted over the whole library.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Levels that have games, ascending.
    pub by_level: Vec<LevelStats>,
    /// Modes that have games, in [`GameMode::ALL`] order.
    pub by_mode: Vec<ModeStats>,
}

const WON: &str = "outcome = human_color";
const LOST: &str = "outcome <> 'draw' AND outcome <> human_color";

fn count(v: i64) -> u64 {
    u64::try_from(v).unwrap_or(0)
}

impl Storage {
    /// Counts the library's results per engine level and per mode (games of an import still under way left out).
    pub fn stats(&self) -> Result<Stats> {
        let conn = self.conn();
        let listed = listed_only(&conn)?.map_or(String::new(), |c| format!(" AND {c}"));
        let by_level = conn
            .prepare_cached(&format!(
                "SELECT level, COUNT(*), COUNT(*) FILTER (WHERE outcome IS NULL), COUNT(*) FILTER (WHERE {WON}),
                        COUNT(*) FILTER (WHERE outcome = 'draw'), COUNT(*) FILTER (WHERE {LOST})
                 FROM games WHERE mode = 'computer' AND level IS NOT NULL{listed} GROUP BY level ORDER BY level"
            ))?
            .query_map([], |r| {
                Ok(LevelStats {
                    level: r.get(0)?,
                    games: count(r.get(1)?),
                    in_progress: count(r.get(2)?),
                    wins: count(r.get(3)?),
                    draws: count(r.get(4)?),
                    losses: count(r.get(5)?),
                })
            })?
            .collect::<rusqlite::Result<_>>()?;
        let mut by_mode: Vec<ModeStats> = conn
            .prepare_cached(&format!(
                "SELECT mode, COUNT(*), COUNT(*) FILTER (WHERE outcome IS NULL),
                        COUNT(*) FILTER (WHERE outcome = 'white'), COUNT(*) FILTER (WHERE outcome = 'black'),
                        COUNT(*) FILTER (WHERE outcome = 'draw'), COUNT(*) FILTER (WHERE {WON}),
                        COUNT(*) FILTER (WHERE {LOST})
                 FROM games WHERE true{listed} GROUP BY mode"
            ))?
            .query_map([], |r| {
                Ok(ModeStats {
                    mode: r.get::<_, Col<_>>(0)?.0,
                    games: count(r.get(1)?),
                    in_progress: count(r.get(2)?),
                    white_wins: count(r.get(3)?),
                    black_wins: count(r.get(4)?),
                    draws: count(r.get(5)?),
                    wins: count(r.get(6)?),
                    losses: count(r.get(7)?),
                })
            })?
            .collect::<rusqlite::Result<_>>()?;
        by_mode.sort_by_key(|m| GameMode::ALL.iter().position(|x| *x == m.mode));
        Ok(Stats { by_level, by_mode })
    }
}
