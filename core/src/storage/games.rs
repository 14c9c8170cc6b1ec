//! Saving and loading games: create, append a move (committed before returning), undo, finish, reactions,
//! clocks, load for replay or resume, delete, and storing whole games at once.

use super::codec::{ms_from_sql, ms_to_sql, Col};
use super::error::{Result, StorageError};
use super::{now_ms, Storage};
use crate::fen::{parse_fen, to_fen};
use crate::game::{Game, GameResult, Rules};
use crate::movegen::Move;
use crate::notation::parse_move;
use crate::position::Position;
use crate::record::{
    Clocks, Ending, GameId, GameRecord, GameSummary, NewGame, Reaction, SavedGame, SideTime, TimeControl,
};
use rusqlite::{params, OptionalExtension, Row, Transaction, TransactionBehavior};

/// The columns [`summary_from_row`] reads, in its order.
pub(super) const SUMMARY_COLUMNS: &str = "id, mode, white, black, level, human_color, tc_white_base_ms, \
    tc_white_inc_ms, tc_black_base_ms, tc_black_inc_ms, clock_white_ms, clock_black_ms, start_fen, handicap, \
    rule_repetitions, rule_king_plies, plies, outcome, end_reason, created_at, updated_at";

pub(super) fn summary_from_row(r: &Row<'_>) -> rusqlite::Result<GameSummary> {
    let side = |base: usize| -> rusqlite::Result<Option<SideTime>> {
        let (b, i): (Option<i64>, Option<i64>) = (r.get(base)?, r.get(base + 1)?);
        Ok(b.zip(i).map(|(b, i)| SideTime { base_ms: ms_from_sql(b), increment_ms: ms_from_sql(i) }))
    };
    let time_control = side(6)?.zip(side(8)?).map(|(white, black)| TimeControl { white, black });
    let clocks = r
        .get::<_, Option<i64>>(10)?
        .zip(r.get::<_, Option<i64>>(11)?)
        .map(|(w, b)| Clocks { white_ms: ms_from_sql(w), black_ms: ms_from_sql(b) });
    let ending = r.get::<_, Option<Col<_>>>(17)?.map(|Col(outcome)| Ending { outcome, reason: None });
    let ending = match ending {
        Some(e) => Some(Ending { reason: r.get::<_, Option<Col<_>>>(18)?.map(|c| c.0), ..e }),
        None => None,
    };
    Ok(GameSummary {
        id: r.get(0)?,
        setup: NewGame {
            mode: r.get::<_, Col<_>>(1)?.0,
            white: r.get(2)?,
            black: r.get(3)?,
            level: r.get(4)?,
            human_color: r.get::<_, Option<Col<_>>>(5)?.map(|c| c.0),
            time_control,
            start_fen: r.get(12)?,
            handicap: r.get(13)?,
            rules: Rules { repetitions: r.get(14)?, king_move_plies: r.get(15)? },
        },
        ending,
        plies: r.get(16)?,
        clocks,
        created_at: r.get(19)?,
        updated_at: r.get(20)?,
    })
}

/// Lower-cased player names, the form name search compares against.
pub(super) fn fold(text: &str) -> String {
    text.to_lowercase()
}

/// The start position of a new game, and the FEN to store (`None` for the standard start).
fn start_of(setup: &NewGame) -> Result<(Position, Option<String>)> {
    match &setup.start_fen {
        None => Ok((Position::start(), None)),
        Some(fen) => {
            let pos = parse_fen(fen).map_err(|e| StorageError::InvalidInput(format!("start position: {e}")))?;
            Ok((pos, (pos != Position::start()).then(|| to_fen(&pos))))
        }
    }
}

/// Inserts the games row; every way of making a game goes through here.
fn insert_game(
    tx: &Transaction<'_>,
    setup: &NewGame,
    start_fen: Option<&str>,
    plies: usize,
    clocks: Option<Clocks>,
    ending: Option<Ending>,
    created_at: i64,
) -> Result<GameId> {
    let tc = setup.time_control;
    let clocks = clocks.or(tc.map(|t| Clocks { white_ms: t.white.base_ms, black_ms: t.black.base_ms }));
    tx.prepare_cached(
        "INSERT INTO games (mode, white, black, players_folded, level, human_color, tc_white_base_ms,
            tc_white_inc_ms, tc_black_base_ms, tc_black_inc_ms, clock_white_ms, clock_black_ms, start_fen, handicap,
            rule_repetitions, rule_king_plies, plies, outcome, end_reason, created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?20)",
    )?
    .execute(params![
        Col(setup.mode),
        setup.white,
        setup.black,
        format!("{}\u{1}{}", fold(&setup.white), fold(&setup.black)),
        setup.level,
        setup.human_color.map(Col),
        tc.map(|t| ms_to_sql(t.white.base_ms)),
        tc.map(|t| ms_to_sql(t.white.increment_ms)),
        tc.map(|t| ms_to_sql(t.black.base_ms)),
        tc.map(|t| ms_to_sql(t.black.increment_ms)),
        clocks.map(|c| ms_to_sql(c.white_ms)),
        clocks.map(|c| ms_to_sql(c.black_ms)),
        start_fen,
        setup.handicap,
        setup.rules.repetitions,
        setup.rules.king_move_plies,
        plies as i64,
        ending.map(|e| Col(e.outcome)),
        ending.and_then(|e| e.reason).map(Col),
        created_at,
    ])?;
    Ok(tx.last_insert_rowid())
}

fn insert_move(tx: &Transaction<'_>, id: GameId, ply: usize, mv: &Move, clocks: Option<Clocks>) -> Result<()> {
    tx.prepare_cached(
        "INSERT INTO moves (game_id, ply, path, clock_white_ms, clock_black_ms) VALUES (?1, ?2, ?3, ?4, ?5)",
    )?
    .execute(params![
        id,
        ply as i64,
        mv.to_string(),
        clocks.map(|c| ms_to_sql(c.white_ms)),
        clocks.map(|c| ms_to_sql(c.black_ms)),
    ])?;
    Ok(())
}

/// Plies played and whether the game is finished, or `NoSuchGame`.
fn game_state(tx: &Transaction<'_>, id: GameId) -> Result<(u32, bool)> {
    tx.prepare_cached("SELECT plies, outcome IS NOT NULL FROM games WHERE id = ?1")?
        .query_row([id], |r| Ok((r.get(0)?, r.get(1)?)))
        .optional()?
        .ok_or(StorageError::NoSuchGame(id))
}

fn touch(tx: &Transaction<'_>, id: GameId) -> Result<()> {
    tx.prepare_cached("UPDATE games SET updated_at = ?2 WHERE id = ?1")?.execute(params![id, now_ms()])?;
    Ok(())
}

impl Storage {
    /// Starts a new game in progress; returns its id.
    pub fn create_game(&self, setup: &NewGame) -> Result<GameId> {
        let (_, fen) = start_of(setup)?;
        let mut conn = self.conn();
        let tx = conn.transaction()?;
        let id = insert_game(&tx, setup, fen.as_deref(), 0, None, None, now_ms())?;
        tx.commit()?;
        Ok(id)
    }

    /// Saves move number `ply` (0 for the first move) with the clocks after it; committed when this returns.
    /// `ply` must be the number of moves already saved, so a lost or repeated save is caught, not stored.
    pub fn append_move(&self, id: GameId, ply: u32, mv: &Move, clocks: Option<Clocks>) -> Result<()> {
        let mut conn = self.conn();
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        let (plies, finished) = game_state(&tx, id)?;
        if finished {
            return Err(StorageError::GameFinished(id));
        }
        if plies != ply {
            return Err(StorageError::PlyMismatch { id, expected: plies, got: ply });
        }
        insert_move(&tx, id, ply as usize, mv, clocks)?;
        tx.prepare_cached(
            "UPDATE games SET plies = ?2, updated_at = ?3, clock_white_ms = coalesce(?4, clock_white_ms),
                clock_black_ms = coalesce(?5, clock_black_ms) WHERE id = ?1",
        )?
        .execute(params![
            id,
            ply + 1,
            now_ms(),
            clocks.map(|c| ms_to_sql(c.white_ms)),
            clocks.map(|c| ms_to_sql(c.black_ms)),
        ])?;
        tx.commit()?;
        Ok(())
    }

    /// Keeps the first `plies` moves (undo), and reopens the game: moves taken back cannot have ended it.
    /// Reactions shown after that point go with the moves; the clocks return to those saved with the last
    /// kept move (or the starting times).
    pub fn truncate_moves(&self, id: GameId, plies: u32) -> Result<()> {
        let mut conn = self.conn();
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        let (have, _) = game_state(&tx, id)?;
        let keep = plies.min(have);
        tx.prepare_cached("DELETE FROM moves WHERE game_id = ?1 AND ply >= ?2")?.execute(params![id, keep])?;
        tx.prepare_cached("DELETE FROM reactions WHERE game_id = ?1 AND ply > ?2")?.execute(params![id, keep])?;
        tx.prepare_cached(
            "UPDATE games SET plies = ?2, outcome = NULL, end_reason = NULL, updated_at = ?3,
                clock_white_ms = coalesce((SELECT clock_white_ms FROM moves WHERE game_id = ?1 AND ply = ?2 - 1),
                                          tc_white_base_ms),
                clock_black_ms = coalesce((SELECT clock_black_ms FROM moves WHERE game_id = ?1 AND ply = ?2 - 1),
                                          tc_black_base_ms)
             WHERE id = ?1",
        )?
        .execute(params![id, keep, now_ms()])?;
        tx.commit()?;
        Ok(())
    }

    /// Records how the game ended.
    pub fn finish_game(&self, id: GameId, result: GameResult) -> Result<()> {
        self.set_ending(id, Some(Ending { outcome: result.outcome, reason: Some(result.reason) }))
    }

    /// Marks a finished game as in progress again (a resignation or draw agreement withdrawn by undo).
    pub fn reopen_game(&self, id: GameId) -> Result<()> {
        self.set_ending(id, None)
    }

    fn set_ending(&self, id: GameId, ending: Option<Ending>) -> Result<()> {
        let conn = self.conn();
        let n = conn
            .prepare_cached("UPDATE games SET outcome = ?2, end_reason = ?3, updated_at = ?4 WHERE id = ?1")?
            .execute(params![
                id,
                ending.map(|e| Col(e.outcome)),
                ending.and_then(|e| e.reason).map(Col),
                now_ms()
            ])?;
        if n == 0 {
            return Err(StorageError::NoSuchGame(id));
        }
        Ok(())
    }

    /// Saves the clocks without a move (e.g. when the app goes to the background mid-think).
    pub fn save_clocks(&self, id: GameId, clocks: Clocks) -> Result<()> {
        let conn = self.conn();
        let n = conn
            .prepare_cached("UPDATE games SET clock_white_ms = ?2, clock_black_ms = ?3, updated_at = ?4 WHERE id = ?1")?
            .execute(params![id, ms_to_sql(clocks.white_ms), ms_to_sql(clocks.black_ms), now_ms()])?;
        if n == 0 {
            return Err(StorageError::NoSuchGame(id));
        }
        Ok(())
    }

    /// Keeps an emoji reaction with the game.
    pub fn add_reaction(&self, id: GameId, reaction: &Reaction) -> Result<()> {
        let mut conn = self.conn();
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        game_state(&tx, id)?;
        tx.prepare_cached("INSERT INTO reactions (game_id, ply, side, emoji) VALUES (?1, ?2, ?3, ?4)")?
            .execute(params![id, reaction.ply, Col(reaction.side), reaction.emoji])?;
        touch(&tx, id)?;
        tx.commit()?;
        Ok(())
    }

    /// The summary of one game, without its moves.
    pub fn game_summary(&self, id: GameId) -> Result<GameSummary> {
        let conn = self.conn();
        let sql = format!("SELECT {SUMMARY_COLUMNS} FROM games WHERE id = ?1");
        let summary = conn.prepare_cached(&sql)?.query_row([id], summary_from_row).optional()?;
        summary.ok_or(StorageError::NoSuchGame(id))
    }

    /// Loads a game and replays it through the rules, ready for replay or to resume. A game still marked in
    /// progress whose moves ended it (the process died between the last move and recording the end) comes
    /// back with the ending the board decides.
    pub fn load_game(&self, id: GameId) -> Result<SavedGame> {
        let mut summary = self.game_summary(id)?;
        let conn = self.conn();
        let rows: Vec<(String, Option<i64>, Option<i64>)> = conn
            .prepare_cached("SELECT path, clock_white_ms, clock_black_ms FROM moves WHERE game_id = ?1 ORDER BY ply")?
            .query_map([id], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
            .collect::<rusqlite::Result<_>>()?;
        let reactions = conn
            .prepare_cached("SELECT ply, side, emoji FROM reactions WHERE game_id = ?1 ORDER BY ply, id")?
            .query_map([id], |r| Ok(Reaction { ply: r.get(0)?, side: r.get::<_, Col<_>>(1)?.0, emoji: r.get(2)? }))?
            .collect::<rusqlite::Result<_>>()?;
        let tags = conn
            .prepare_cached("SELECT key, value FROM game_tags WHERE game_id = ?1 ORDER BY seq")?
            .query_map([id], |r| Ok((r.get(0)?, r.get(1)?)))?
            .collect::<rusqlite::Result<_>>()?;
        drop(conn);

        let corrupt = |ply: usize, reason: String| StorageError::CorruptGame { id, ply, reason };
        let start = match &summary.setup.start_fen {
            Some(fen) => parse_fen(fen).map_err(|e| corrupt(0, e.to_string()))?,
            None => Position::start(),
        };
        let mut game = Game::new(start, summary.setup.rules);
        let mut move_clocks = Vec::with_capacity(rows.len());
        for (ply, (path, w, b)) in rows.iter().enumerate() {
            let mv = parse_move(game.position(), path).map_err(|e| corrupt(ply, format!("{path}: {e}")))?;
            game.play(&mv).map_err(|e| corrupt(ply, format!("{path}: {e}")))?;
            move_clocks.push(w.zip(*b).map(|(w, b)| Clocks { white_ms: ms_from_sql(w), black_ms: ms_from_sql(b) }));
        }
        summary.plies = game.ply() as u32;
        if summary.ending.is_none() {
            summary.ending = game.result().map(|r| Ending { outcome: r.outcome, reason: Some(r.reason) });
        }
        Ok(SavedGame { summary, game, move_clocks, reactions, tags })
    }

    pub fn delete_game(&self, id: GameId) -> Result<()> {
        let conn = self.conn();
        if conn.prepare_cached("DELETE FROM games WHERE id = ?1")?.execute([id])? == 0 {
            return Err(StorageError::NoSuchGame(id));
        }
        Ok(())
    }

    /// Stores whole games in one transaction: all or none. Every move is checked by replaying it.
    pub fn insert_games(&self, records: &[GameRecord]) -> Result<Vec<GameId>> {
        let mut starts = Vec::with_capacity(records.len());
        for (i, rec) in records.iter().enumerate() {
            let (start, fen) = start_of(&rec.setup)?;
            let mut game = Game::new(start, rec.setup.rules);
            for (ply, mv) in rec.moves.iter().enumerate() {
                game.play(mv).map_err(|e| StorageError::InvalidInput(format!("game {} ply {ply}: {e}", i + 1)))?;
            }
            starts.push(fen);
        }
        let mut conn = self.conn();
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        let mut ids = Vec::with_capacity(records.len());
        for (rec, fen) in records.iter().zip(&starts) {
            let id = insert_game(&tx, &rec.setup, fen.as_deref(), rec.moves.len(), rec.clocks, rec.ending, rec.created_at)?;
            for (ply, mv) in rec.moves.iter().enumerate() {
                insert_move(&tx, id, ply, mv, rec.move_clocks.get(ply).copied().flatten())?;
            }
            for (seq, (key, value)) in rec.tags.iter().enumerate() {
                tx.prepare_cached("INSERT INTO game_tags (game_id, seq, key, value) VALUES (?1, ?2, ?3, ?4)")?
                    .execute(params![id, seq as i64, key, value])?;
            }
            ids.push(id);
        }
        tx.commit()?;
        Ok(ids)
    }

    /// Ids of every saved game, oldest first.
    pub fn all_game_ids(&self) -> Result<Vec<GameId>> {
        let conn = self.conn();
        let mut stmt = conn.prepare_cached("SELECT id FROM games ORDER BY id")?;
        let ids = stmt.query_map([], |r| r.get(0))?.collect::<rusqlite::Result<Vec<GameId>>>()?;
        Ok(ids)
    }
}
