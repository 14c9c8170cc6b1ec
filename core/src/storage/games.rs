//! Saving and loading games: create, append a move (committed before returning), undo, finish, reactions,
//! clocks, load for replay or resume, delete, and storing whole games at once.

use super::codec::{ms_from_sql, ms_to_sql, Col};
use super::error::{Result, StorageError};
use super::{connect, now_ms, Access, Storage};
use crate::fen::{parse_fen, to_fen};
use crate::game::{Game, GameResult, Rules};
use crate::movegen::Move;
use crate::notation::parse_move;
use crate::position::Position;
use crate::record::{
    ClockTimes, Ending, GameId, GameRecord, GameSummary, NewGame, Reaction, SavedGame, SideTime, TimeControl,
};
use rusqlite::{params, Connection, OptionalExtension, Row, Transaction, TransactionBehavior};
use std::borrow::Borrow;
use std::fmt;
use std::ops::RangeInclusive;
use std::time::{Duration, Instant};

/// How long one transaction of an import writes before it lets other writers in.
const IMPORT_SLICE: Duration = Duration::from_millis(20);
/// The pause between two slices of an import: longer than the millisecond a waiting writer sleeps between tries
/// (`super::wait_for_writer`), so that a move being saved gets the database.
const IMPORT_PAUSE: Duration = Duration::from_millis(3);
/// An import whose last write is older than this was killed (or stopped): its hidden games are removed.
const ABANDONED_AFTER_MS: i64 = 120_000;

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
        .map(|(w, b)| ClockTimes { white_ms: ms_from_sql(w), black_ms: ms_from_sql(b) });
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

/// A games row to insert; every way of making a game goes through [`insert_game`].
struct GameRow<'a> {
    /// `None` for a new id; the old one for a game recovered from a damaged file.
    id: Option<GameId>,
    setup: &'a NewGame,
    start_fen: Option<&'a str>,
    plies: usize,
    clocks: Option<ClockTimes>,
    ending: Option<Ending>,
    created_at: i64,
    updated_at: i64,
    /// The unfinished import that writes it (hidden until that import is done).
    import_batch: Option<i64>,
}

fn insert_game(tx: &Transaction<'_>, row: &GameRow<'_>) -> Result<GameId> {
    let (setup, tc) = (row.setup, row.setup.time_control);
    let clocks = row.clocks.or(tc.map(|t| ClockTimes { white_ms: t.white.base_ms, black_ms: t.black.base_ms }));
    tx.prepare_cached(
        "INSERT INTO games (id, mode, white, black, players_folded, level, human_color, tc_white_base_ms,
            tc_white_inc_ms, tc_black_base_ms, tc_black_inc_ms, clock_white_ms, clock_black_ms, start_fen, handicap,
            rule_repetitions, rule_king_plies, plies, outcome, end_reason, created_at, updated_at, import_batch)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21, ?22,
            ?23)",
    )?
    .execute(params![
        row.id,
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
        row.start_fen,
        setup.handicap,
        setup.rules.repetitions,
        setup.rules.king_move_plies,
        row.plies as i64,
        row.ending.map(|e| Col(e.outcome)),
        row.ending.and_then(|e| e.reason).map(Col),
        row.created_at,
        row.updated_at,
        row.import_batch,
    ])?;
    Ok(tx.last_insert_rowid())
}

fn insert_move(tx: &Transaction<'_>, id: GameId, ply: usize, mv: &Move, clocks: Option<ClockTimes>) -> Result<()> {
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

fn insert_tags(tx: &Transaction<'_>, id: GameId, tags: &[(String, String)]) -> Result<()> {
    for (seq, (key, value)) in tags.iter().enumerate() {
        tx.prepare_cached("INSERT INTO game_tags (game_id, seq, key, value) VALUES (?1, ?2, ?3, ?4)")?
            .execute(params![id, seq as i64, key, value])?;
    }
    Ok(())
}

fn insert_reaction(tx: &Transaction<'_>, id: GameId, reaction: &Reaction) -> Result<()> {
    tx.prepare_cached("INSERT INTO reactions (game_id, ply, side, emoji) VALUES (?1, ?2, ?3, ?4)")?
        .execute(params![id, reaction.ply, Col(reaction.side), reaction.emoji])?;
    Ok(())
}

/// A whole game from a record (an import), checked already; returns its id.
pub(super) fn insert_record(
    tx: &Transaction<'_>,
    rec: &GameRecord,
    start_fen: Option<&str>,
    batch: Option<i64>,
) -> Result<GameId> {
    let id = insert_game(
        tx,
        &GameRow {
            id: None,
            setup: &rec.setup,
            start_fen,
            plies: rec.moves.len(),
            clocks: rec.clocks,
            ending: rec.ending,
            created_at: rec.created_at,
            updated_at: rec.created_at,
            import_batch: batch,
        },
    )?;
    for (ply, mv) in rec.moves.iter().enumerate() {
        insert_move(tx, id, ply, mv, rec.move_clocks.get(ply).copied().flatten())?;
    }
    insert_tags(tx, id, &rec.tags)?;
    Ok(id)
}

/// Writes a game loaded from another database (a damaged one being recovered) with its own id and times, the
/// clocks after each move, its tags and its reactions.
pub(super) fn insert_saved(tx: &Transaction<'_>, saved: &SavedGame) -> Result<()> {
    let s = &saved.summary;
    let moves = saved.moves();
    insert_game(
        tx,
        &GameRow {
            id: Some(s.id),
            setup: &s.setup,
            start_fen: s.setup.start_fen.as_deref(),
            plies: moves.len(),
            clocks: s.clocks,
            ending: s.ending,
            created_at: s.created_at,
            updated_at: s.updated_at,
            import_batch: None,
        },
    )?;
    for (ply, mv) in moves.iter().enumerate() {
        insert_move(tx, s.id, ply, mv, saved.move_clocks.get(ply).copied().flatten())?;
    }
    insert_tags(tx, s.id, &saved.tags)?;
    for r in &saved.reactions {
        insert_reaction(tx, s.id, r)?;
    }
    Ok(())
}

/// How a game is read: a game the library lists, strictly; or any game of a damaged file being salvaged,
/// where unreadable reactions or tags do not lose the game (its moves and its row must be whole).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Reading {
    Listed,
    Salvage,
}

/// The condition that hides the games of imports not yet finished, or `None` while there are none (nearly
/// always: queries then run exactly as they would without imports).
pub(super) fn listed_only(conn: &Connection) -> Result<Option<&'static str>> {
    let pending: bool =
        conn.prepare_cached("SELECT EXISTS (SELECT 1 FROM import_batches)")?.query_row([], |r| r.get(0))?;
    Ok(pending.then_some("(import_batch IS NULL OR import_batch NOT IN (SELECT id FROM import_batches))"))
}

/// The ids an import gave its games, in order, kept as runs of consecutive ids: one run, unless another writer
/// made a game between two slices of the import. Small whatever the number of games.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ImportedIds {
    runs: Vec<RangeInclusive<GameId>>,
    count: u64,
}

impl ImportedIds {
    /// How many games were imported.
    pub fn count(&self) -> u64 {
        self.count
    }

    /// The first game's id (`None` when there were no games).
    pub fn first(&self) -> Option<GameId> {
        self.runs.first().map(|r| *r.start())
    }

    /// The last game's id (`None` when there were no games).
    pub fn last(&self) -> Option<GameId> {
        self.runs.last().map(|r| *r.end())
    }

    /// The ids as runs of consecutive ids, in order.
    pub fn runs(&self) -> &[RangeInclusive<GameId>] {
        &self.runs
    }

    /// Every id, in order.
    pub fn iter(&self) -> impl Iterator<Item = GameId> + '_ {
        self.runs.iter().flat_map(Clone::clone)
    }

    pub(super) fn push(&mut self, id: GameId) {
        match self.runs.last_mut() {
            Some(run) if id.checked_sub(1) == Some(*run.end()) => *run = *run.start()..=id,
            _ => self.runs.push(id..=id),
        }
        self.count += 1;
    }
}

/// What a person reads after an import: "imported 157,100 games, ids 1–157,100", the ids listed only when they
/// are few.
impl fmt::Display for ImportedIds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        /// Ids listed one by one up to this many; runs of ids up to this many too.
        const LISTED: usize = 10;
        let (Some(first), Some(last)) = (self.first(), self.last()) else { return f.write_str("imported no games") };
        if self.count == 1 {
            return write!(f, "imported 1 game, id {}", thousands(first));
        }
        write!(f, "imported {} games, ids ", thousands(self.count))?;
        if self.count <= LISTED as u64 && self.runs.len() > 1 {
            let ids: Vec<String> = self.iter().map(thousands).collect();
            return f.write_str(&ids.join(", "));
        }
        if self.runs.len() <= LISTED {
            let runs: Vec<String> = self
                .runs
                .iter()
                .map(|r| match r.start() == r.end() {
                    true => thousands(*r.start()),
                    false => format!("{}–{}", thousands(*r.start()), thousands(*r.end())),
                })
                .collect();
            return f.write_str(&runs.join(", "));
        }
        write!(f, "{}–{} (other games' ids among them)", thousands(first), thousands(last))
    }
}

/// `157100` → `157,100`.
fn thousands(n: impl Into<i128>) -> String {
    let n: i128 = n.into();
    let digits = n.unsigned_abs().to_string();
    let mut out = String::from(if n < 0 { "-" } else { "" });
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Checks a record to store by replaying its moves; returns its start FEN as stored. `i` is its 0-based place
/// among the games being stored, for the error.
fn checked(rec: &GameRecord, i: usize) -> Result<Option<String>> {
    let (start, fen) = start_of(&rec.setup)?;
    let mut game = Game::new(start, rec.setup.rules);
    for (ply, mv) in rec.moves.iter().enumerate() {
        game.play(mv).map_err(|e| StorageError::InvalidInput(format!("game {} ply {ply}: {e}", i + 1)))?;
    }
    Ok(fen)
}

/// Writes an import's games as they come, in slices of about [`IMPORT_SLICE`], pausing between them so that
/// other writers get the database; every slice also proves the batch alive (or finds it abandoned). The first
/// bad record ends it with its error. Returns the games' ids.
fn write_batch<B: Borrow<GameRecord>>(
    conn: &mut Connection,
    batch: i64,
    records: impl Iterator<Item = Result<B>>,
) -> Result<ImportedIds> {
    let mut ids = ImportedIds::default();
    let mut next = records.enumerate().peekable();
    while next.peek().is_some() {
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        let slice = Instant::now();
        while let Some((i, rec)) = next.next_if(|_| slice.elapsed() < IMPORT_SLICE) {
            let rec = rec?;
            let fen = checked(rec.borrow(), i)?;
            ids.push(insert_record(&tx, rec.borrow(), fen.as_deref(), Some(batch))?);
        }
        let alive = tx
            .prepare_cached("UPDATE import_batches SET heartbeat = ?2 WHERE id = ?1 AND NOT abandoned")?
            .execute(params![batch, now_ms()])?;
        if alive == 0 {
            return Err(StorageError::ImportAbandoned);
        }
        tx.commit()?;
        std::thread::sleep(IMPORT_PAUSE);
    }
    Ok(ids)
}

/// Removes an import batch and its hidden games, a few games per transaction so as not to hold other writers
/// up. The batch is marked abandoned first, so that its importer, if it is still running, writes no more.
fn remove_batch(conn: &Connection, batch: i64) -> Result<()> {
    conn.execute("UPDATE import_batches SET abandoned = 1 WHERE id = ?1", [batch])?;
    let delete = "DELETE FROM games WHERE id IN (SELECT id FROM games WHERE import_batch = ?1 LIMIT 100)";
    while conn.execute(delete, [batch])? > 0 {
        std::thread::sleep(IMPORT_PAUSE);
    }
    conn.execute("DELETE FROM import_batches WHERE id = ?1", [batch])?;
    Ok(())
}

/// Removes the hidden games of imports that were killed or given up.
pub(super) fn drop_abandoned_imports(conn: &Connection) -> Result<()> {
    let stale: Vec<i64> = conn
        .prepare("SELECT id FROM import_batches WHERE abandoned OR heartbeat < ?1")?
        .query_map([now_ms() - ABANDONED_AFTER_MS], |r| r.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    for batch in stale {
        remove_batch(conn, batch)?;
    }
    Ok(())
}

/// Changes to one saved game, written together by [`Storage::save_changes`] (in this order).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameChanges {
    /// Mark the game in progress again (an ending withdrawn, or an ending the board cannot show played on).
    pub reopen: bool,
    /// Keep only this many moves (undo): also reopens the game and drops the reactions after that point.
    pub truncate_to: Option<u32>,
    /// Moves to append, each with its ply (the number of moves saved before it) and the clocks after it.
    pub moves: Vec<(u32, Move, Option<ClockTimes>)>,
    /// Reactions shown since the last save, in order.
    pub reactions: Vec<Reaction>,
    /// How the game ended.
    pub finish: Option<GameResult>,
}

fn append(tx: &Transaction<'_>, id: GameId, ply: u32, mv: &Move, clocks: Option<ClockTimes>) -> Result<()> {
    let (plies, finished) = game_state(tx, id)?;
    if finished {
        return Err(StorageError::GameFinished(id));
    }
    if plies != ply {
        return Err(StorageError::PlyMismatch { id, expected: plies, got: ply });
    }
    insert_move(tx, id, ply as usize, mv, clocks)?;
    tx.prepare_cached(
        "UPDATE games SET plies = ?2, clock_white_ms = coalesce(?3, clock_white_ms),
            clock_black_ms = coalesce(?4, clock_black_ms) WHERE id = ?1",
    )?
    .execute(params![
        id,
        ply + 1,
        clocks.map(|c| ms_to_sql(c.white_ms)),
        clocks.map(|c| ms_to_sql(c.black_ms))
    ])?;
    Ok(())
}

fn truncate(tx: &Transaction<'_>, id: GameId, plies: u32) -> Result<()> {
    let (have, _) = game_state(tx, id)?;
    let keep = plies.min(have);
    tx.prepare_cached("DELETE FROM moves WHERE game_id = ?1 AND ply >= ?2")?.execute(params![id, keep])?;
    tx.prepare_cached("DELETE FROM reactions WHERE game_id = ?1 AND ply > ?2")?.execute(params![id, keep])?;
    tx.prepare_cached(
        "UPDATE games SET plies = ?2, outcome = NULL, end_reason = NULL,
            clock_white_ms = coalesce((SELECT clock_white_ms FROM moves WHERE game_id = ?1 AND ply = ?2 - 1),
                                      tc_white_base_ms),
            clock_black_ms = coalesce((SELECT clock_black_ms FROM moves WHERE game_id = ?1 AND ply = ?2 - 1),
                                      tc_black_base_ms)
         WHERE id = ?1",
    )?
    .execute(params![id, keep])?;
    Ok(())
}

fn set_ending(tx: &Transaction<'_>, id: GameId, ending: Option<Ending>) -> Result<()> {
    tx.prepare_cached("UPDATE games SET outcome = ?2, end_reason = ?3 WHERE id = ?1")?.execute(params![
        id,
        ending.map(|e| Col(e.outcome)),
        ending.and_then(|e| e.reason).map(Col)
    ])?;
    Ok(())
}

fn touch(tx: &Transaction<'_>, id: GameId) -> Result<()> {
    tx.prepare_cached("UPDATE games SET updated_at = ?2 WHERE id = ?1")?.execute(params![id, now_ms()])?;
    Ok(())
}

impl Storage {
    /// Starts a new game in progress; returns its id.
    pub fn create_game(&self, setup: &NewGame) -> Result<GameId> {
        self.writable()?;
        let (_, fen) = start_of(setup)?;
        let mut conn = self.conn();
        let tx = conn.transaction()?;
        let now = now_ms();
        let row = GameRow {
            id: None,
            setup,
            start_fen: fen.as_deref(),
            plies: 0,
            clocks: None,
            ending: None,
            created_at: now,
            updated_at: now,
            import_batch: None,
        };
        let id = insert_game(&tx, &row)?;
        tx.commit()?;
        Ok(id)
    }

    /// Saves move number `ply` (0 for the first move) with the clocks after it; committed when this returns.
    /// `ply` must be the number of moves already saved, so a lost or repeated save is caught, not stored.
    pub fn append_move(&self, id: GameId, ply: u32, mv: &Move, clocks: Option<ClockTimes>) -> Result<()> {
        self.save_changes(id, &GameChanges { moves: vec![(ply, *mv, clocks)], ..GameChanges::default() })
    }

    /// Keeps the first `plies` moves (undo), and reopens the game: moves taken back cannot have ended it.
    /// Reactions shown after that point go with the moves; the clocks return to those saved with the last
    /// kept move (or the starting times).
    pub fn truncate_moves(&self, id: GameId, plies: u32) -> Result<()> {
        self.save_changes(id, &GameChanges { truncate_to: Some(plies), ..GameChanges::default() })
    }

    /// Records how the game ended.
    pub fn finish_game(&self, id: GameId, result: GameResult) -> Result<()> {
        self.save_changes(id, &GameChanges { finish: Some(result), ..GameChanges::default() })
    }

    /// Marks a finished game as in progress again (a resignation or draw agreement withdrawn by undo).
    pub fn reopen_game(&self, id: GameId) -> Result<()> {
        self.save_changes(id, &GameChanges { reopen: true, ..GameChanges::default() })
    }

    /// Keeps an emoji reaction with the game.
    pub fn add_reaction(&self, id: GameId, reaction: &Reaction) -> Result<()> {
        self.save_changes(id, &GameChanges { reactions: vec![reaction.clone()], ..GameChanges::default() })
    }

    /// Applies `changes` to game `id` in one transaction, in the order of [`GameChanges`]' fields: all of them
    /// are saved, or — on any error — none, so a failed save leaves the saved game as it was.
    pub fn save_changes(&self, id: GameId, changes: &GameChanges) -> Result<()> {
        self.writable()?;
        let mut conn = self.conn();
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        game_state(&tx, id)?;
        if changes.reopen {
            set_ending(&tx, id, None)?;
        }
        if let Some(plies) = changes.truncate_to {
            truncate(&tx, id, plies)?;
        }
        for (ply, mv, clocks) in &changes.moves {
            append(&tx, id, *ply, mv, *clocks)?;
        }
        for r in &changes.reactions {
            insert_reaction(&tx, id, r)?;
        }
        if let Some(result) = changes.finish {
            set_ending(&tx, id, Some(Ending { outcome: result.outcome, reason: Some(result.reason) }))?;
        }
        touch(&tx, id)?;
        tx.commit()?;
        Ok(())
    }

    /// Saves the clocks without a move (e.g. when the app goes to the background mid-think).
    pub fn save_clocks(&self, id: GameId, clocks: ClockTimes) -> Result<()> {
        self.writable()?;
        let conn = self.conn();
        let n = conn
            .prepare_cached("UPDATE games SET clock_white_ms = ?2, clock_black_ms = ?3, updated_at = ?4 WHERE id = ?1")?
            .execute(params![id, ms_to_sql(clocks.white_ms), ms_to_sql(clocks.black_ms), now_ms()])?;
        if n == 0 {
            return Err(StorageError::NoSuchGame(id));
        }
        Ok(())
    }

    /// The summary of one game, without its moves.
    pub fn game_summary(&self, id: GameId) -> Result<GameSummary> {
        self.summary(id, Reading::Listed)
    }

    fn summary(&self, id: GameId, reading: Reading) -> Result<GameSummary> {
        let conn = self.conn();
        let hidden = if reading == Reading::Listed { listed_only(&conn)? } else { None };
        let hidden = hidden.map_or(String::new(), |c| format!(" AND {c}"));
        let sql = format!("SELECT {SUMMARY_COLUMNS} FROM games WHERE id = ?1{hidden}");
        let summary = conn.prepare_cached(&sql)?.query_row([id], summary_from_row).optional()?;
        summary.ok_or(StorageError::NoSuchGame(id))
    }

    /// Loads a game and replays it through the rules, ready for replay or to resume. A game still marked in
    /// progress whose moves ended it (the process died between the last move and recording the end) comes
    /// back with the ending the board decides.
    pub fn load_game(&self, id: GameId) -> Result<SavedGame> {
        self.load(id, Reading::Listed)
    }

    /// A game of a damaged file, for [`super::recover`].
    pub(super) fn salvage_game(&self, id: GameId) -> Result<SavedGame> {
        self.load(id, Reading::Salvage)
    }

    fn load(&self, id: GameId, reading: Reading) -> Result<SavedGame> {
        let mut summary = self.summary(id, reading)?;
        let conn = self.conn();
        let rows: Vec<(String, Option<i64>, Option<i64>)> = conn
            .prepare_cached("SELECT path, clock_white_ms, clock_black_ms FROM moves WHERE game_id = ?1 ORDER BY ply")?
            .query_map([id], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
            .collect::<rusqlite::Result<_>>()?;
        let reactions = conn
            .prepare_cached("SELECT ply, side, emoji FROM reactions WHERE game_id = ?1 ORDER BY ply, id")?
            .query_map([id], |r| Ok(Reaction { ply: r.get(0)?, side: r.get::<_, Col<_>>(1)?.0, emoji: r.get(2)? }))?
            .collect::<rusqlite::Result<_>>();
        let tags = conn
            .prepare_cached("SELECT key, value FROM game_tags WHERE game_id = ?1 ORDER BY seq")?
            .query_map([id], |r| Ok((r.get(0)?, r.get(1)?)))?
            .collect::<rusqlite::Result<_>>();
        drop(conn);
        let (reactions, tags) = match reading {
            Reading::Listed => (reactions?, tags?),
            Reading::Salvage => {
                // A game is only whole with every move its row counts.
                if rows.len() != summary.plies as usize {
                    let reason = format!("{} of its {} moves are readable", rows.len(), summary.plies);
                    return Err(StorageError::CorruptGame { id, ply: rows.len(), reason });
                }
                (reactions.unwrap_or_default(), tags.unwrap_or_default())
            }
        };

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
            move_clocks.push(w.zip(*b).map(|(w, b)| ClockTimes { white_ms: ms_from_sql(w), black_ms: ms_from_sql(b) }));
        }
        summary.plies = game.ply() as u32;
        if summary.ending.is_none() {
            summary.ending = game.result().map(|r| Ending { outcome: r.outcome, reason: Some(r.reason) });
        }
        Ok(SavedGame { summary, game, move_clocks, reactions, tags })
    }

    /// Replaces game `id`'s PDN tags (an online game's players' ratings and rating changes, once it is over).
    pub fn set_tags(&self, id: GameId, tags: &[(String, String)]) -> Result<()> {
        self.writable()?;
        let mut conn = self.conn();
        let tx = conn.transaction()?;
        game_state(&tx, id)?;
        tx.prepare_cached("DELETE FROM game_tags WHERE game_id = ?1")?.execute([id])?;
        insert_tags(&tx, id, tags)?;
        tx.commit()?;
        Ok(())
    }

    /// Deletes a saved game with its moves and reactions, and its rows in the puzzle trainer's file (the
    /// mistakes' progress and the mining mark; puzzles mined from it stay).
    pub fn delete_game(&self, id: GameId) -> Result<()> {
        self.writable()?;
        if self.conn().prepare_cached("DELETE FROM games WHERE id = ?1")?.execute([id])? == 0 {
            return Err(StorageError::NoSuchGame(id));
        }
        // The trainer's file has no foreign key into this one: its rows of the game go here. (Should this fail,
        // the check's tidying removes them later, before the id could be reused.)
        self.forget_game_in_training(id)
    }

    /// True when a game with this id is stored (listed or not).
    pub(super) fn has_game(&self, id: GameId) -> Result<bool> {
        let conn = self.conn();
        let found = conn.prepare_cached("SELECT 1 FROM games WHERE id = ?1")?.query_row([id], |_| Ok(())).optional()?;
        Ok(found.is_some())
    }

    /// Stores whole games, all or none, every move checked by replaying it first: [`Storage::insert_stream`]
    /// of games in memory.
    pub fn insert_games(&self, records: &[GameRecord]) -> Result<Vec<GameId>> {
        Ok(self.insert_stream(records.iter().map(Ok))?.iter().collect())
    }

    /// Stores whole games as they come (each made, e.g. parsed, only when it is written, so that any number
    /// take little memory), all or none, every move checked by replaying it first; the first error (a record's
    /// own, or a bad move) ends it and nothing is stored. A large import must not hold play up, so the games
    /// are written on a connection of their own in slices of about 20 ms, between which other writers (a move
    /// being saved, in this process or another) get the database. Until the last slice is in they belong to an
    /// unfinished import batch, hidden from every reader; then one small write shows them all. A failed import
    /// removes what it wrote; the hidden games of a killed one are removed by a later import or by
    /// [`Storage::check_and_recover`].
    pub fn insert_stream<B: Borrow<GameRecord>>(
        &self,
        records: impl Iterator<Item = Result<B>>,
    ) -> Result<ImportedIds> {
        self.writable()?;
        let mut conn = self.side_connection()?;
        drop_abandoned_imports(&conn)?;
        conn.execute("INSERT INTO import_batches (heartbeat) VALUES (?1)", [now_ms()])?;
        let batch = conn.last_insert_rowid();
        let shown = write_batch(&mut conn, batch, records).and_then(|ids| {
            match conn.execute("DELETE FROM import_batches WHERE id = ?1 AND NOT abandoned", [batch])? {
                0 => Err(StorageError::ImportAbandoned),
                _ => Ok(ids),
            }
        });
        if shown.is_err() {
            // Best effort: what stays behind is hidden, and removed by the next import or check.
            let _ = remove_batch(&conn, batch);
        }
        shown
    }

    /// A connection of its own for long work (imports, tidying), so that this `Storage`'s connection stays
    /// free for moves meanwhile.
    pub(super) fn side_connection(&self) -> Result<Connection> {
        let conn = connect(&self.path, Access::ReadWrite)?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        // Checkpoint the WAL well before the 1,000 pages at which whoever commits next does: otherwise that
        // is often a move, which then copies the import's pages into the file and syncs it (the waits over
        // 100 ms measured by `bench-storage --import-mb`).
        conn.pragma_update(None, "wal_autocheckpoint", 250)?;
        Ok(conn)
    }

    /// Ids of every saved game, oldest first.
    pub fn all_game_ids(&self) -> Result<Vec<GameId>> {
        let conn = self.conn();
        let hidden = listed_only(&conn)?.map_or(String::new(), |c| format!(" WHERE {c}"));
        let mut stmt = conn.prepare_cached(&format!("SELECT id FROM games{hidden} ORDER BY id"))?;
        let ids = stmt.query_map([], |r| r.get(0))?.collect::<rusqlite::Result<Vec<GameId>>>()?;
        Ok(ids)
    }
}
