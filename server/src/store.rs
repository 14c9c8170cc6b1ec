//! PostgreSQL: the pool, the migrations and every query. Statements are constants with `$n` parameters; no SQL
//! text is ever assembled from values.

use crate::ratings::Rating;
use deadpool_postgres::{GenericClient, Manager, ManagerConfig, Pool, RecyclingMethod};
use giveaway_protocol::{
    ArenaId, ArenaResult, Clocks, Color, CorrespondenceGame, EndReason, GameId, GameRecord, GameResult, GameSummary,
    LeaderboardEntry, PlayerId, PlayerInfo, RatingChange, RatingChanges, RatingInfo, RatingPoint, Reaction,
    RecordedMove, Speed, TimeControl, DAY_MS,
};
use std::fmt;
use tokio_postgres::{NoTls, Row};

mod embedded {
    refinery::embed_migrations!("migrations");
}

#[derive(Debug)]
pub enum StoreError {
    /// The database could not be reached or failed; callers report `unavailable`.
    Db(String),
    NicknameTaken,
    /// Another node hosts the game now.
    NotHost,
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreError::Db(e) => write!(f, "database: {e}"),
            StoreError::NicknameTaken => f.write_str("nickname taken"),
            StoreError::NotHost => f.write_str("the game is hosted by another node"),
        }
    }
}

impl std::error::Error for StoreError {}

impl From<tokio_postgres::Error> for StoreError {
    fn from(e: tokio_postgres::Error) -> Self {
        if e.code() == Some(&tokio_postgres::error::SqlState::UNIQUE_VIOLATION) {
            if let Some(db) = e.as_db_error() {
                if db.constraint() == Some("players_nickname_key_key") {
                    return StoreError::NicknameTaken;
                }
            }
        }
        StoreError::Db(e.to_string())
    }
}

impl From<deadpool_postgres::PoolError> for StoreError {
    fn from(e: deadpool_postgres::PoolError) -> Self {
        StoreError::Db(e.to_string())
    }
}

pub type Result<T> = std::result::Result<T, StoreError>;

/// A pool that replaces broken connections by itself (after a PostgreSQL restart the next checkout reconnects).
pub fn pool(url: &str, size: usize) -> Result<Pool> {
    let cfg: tokio_postgres::Config = url.parse().map_err(|e: tokio_postgres::Error| StoreError::Db(e.to_string()))?;
    let mgr = Manager::from_config(cfg, NoTls, ManagerConfig { recycling_method: RecyclingMethod::Fast });
    // A bounded wait: with the database away, requests fail as unavailable instead of hanging.
    Pool::builder(mgr)
        .max_size(size)
        .runtime(deadpool_postgres::Runtime::Tokio1)
        .wait_timeout(Some(std::time::Duration::from_secs(5)))
        .create_timeout(Some(std::time::Duration::from_secs(5)))
        .build()
        .map_err(|e| StoreError::Db(e.to_string()))
}

/// Brings the schema up to date; nodes starting together take turns through an advisory lock.
pub async fn migrate(pool: &Pool) -> Result<()> {
    migrate_until(pool, None).await
}

/// Runs the migrations up to `version` (all of them: `None`).
pub async fn migrate_until(pool: &Pool, version: Option<i32>) -> Result<()> {
    let mut obj = pool.get().await?;
    obj.execute("SELECT pg_advisory_lock(727001)", &[]).await?;
    let client: &mut tokio_postgres::Client = &mut obj;
    let mut runner = embedded::migrations::runner();
    if let Some(v) = version {
        runner = runner.set_target(refinery::Target::Version(v));
    }
    let run = runner.run_async(client).await;
    obj.execute("SELECT pg_advisory_unlock(727001)", &[]).await?;
    run.map(|_| ()).map_err(|e| StoreError::Db(format!("migration: {e}")))
}

/// Creates the monthly partitions of moves from this month to two months ahead that are missing.
pub async fn ensure_partitions(pool: &Pool) -> Result<i32> {
    let c = pool.get().await?;
    let row = c
        .query_one("SELECT ensure_move_partitions(current_date, (current_date + interval '2 months')::date)", &[])
        .await?;
    Ok(row.get(0))
}

/// Detaches the monthly partitions of moves that end on or before `before` (`YYYY-MM-DD`) and whose games are
/// all over, into the schema `archive`; returns their names (see migration V3).
pub async fn archive_moves(pool: &Pool, before: &str) -> Result<Vec<String>> {
    let c = pool.get().await?;
    let rows = c.query("SELECT archive_moves($1::text::date)", &[&before]).await?;
    Ok(rows.into_iter().map(|r| r.get(0)).collect())
}

pub fn color_name(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

fn color_from(s: &str) -> Option<Color> {
    match s {
        "white" => Some(Color::White),
        "black" => Some(Color::Black),
        _ => None,
    }
}

fn speed_from(s: &str) -> Speed {
    Speed::from_name(s).unwrap_or(Speed::Classic)
}

fn ms(v: i64) -> u64 {
    v.max(0) as u64
}

/// A time control from its columns (`days_per_move` NULL: a clock).
pub(crate) fn tc_from(base_ms: i64, increment_ms: i64, days_per_move: Option<i32>) -> TimeControl {
    match days_per_move {
        Some(d) => TimeControl::correspondence(d.max(1) as u32),
        None => TimeControl::clock(ms(base_ms), ms(increment_ms)),
    }
}

/// Fills in the skeleton of the accounts made before there was one (see migration V2), with `skeleton_of`
/// (the accounts module's rule; the store knows no Unicode). Returns how many rows it filled.
pub async fn fill_nickname_skeletons(pool: &Pool, skeleton_of: impl Fn(&str) -> String) -> Result<usize> {
    let c = pool.get().await?;
    let rows = c.query("SELECT id, nickname FROM players WHERE nickname_skeleton IS NULL", &[]).await?;
    for r in &rows {
        let (id, nickname): (PlayerId, &str) = (r.get(0), r.get(1));
        c.execute("UPDATE players SET nickname_skeleton = $2 WHERE id = $1", &[&id, &skeleton_of(nickname)]).await?;
    }
    Ok(rows.len())
}

/// A new account. `key` (the NFKC, lower-case form) is unique in the table; `skeleton` must be unused too,
/// though older look-alike accounts may share one (so no unique index): the check and the insert are one
/// transaction that holds a lock on the skeleton, so two look-alike names created at once cannot both pass.
pub async fn create_player(
    pool: &Pool,
    nickname: &str,
    key: &str,
    skeleton: &str,
    token_hash: &[u8],
) -> Result<Device> {
    let mut c = pool.get().await?;
    let tx = c.transaction().await?;
    tx.execute("SELECT pg_advisory_xact_lock(727002, hashtext($1))", &[&skeleton]).await?;
    // Read committed: this statement sees an account committed by whoever held the lock before.
    if tx.query_opt("SELECT 1 FROM players WHERE nickname_skeleton = $1 LIMIT 1", &[&skeleton]).await?.is_some() {
        return Err(StoreError::NicknameTaken);
    }
    let row = tx
        .query_one(
            "INSERT INTO players (nickname, nickname_key, nickname_skeleton) VALUES ($1, $2, $3) RETURNING id",
            &[&nickname, &key, &skeleton],
        )
        .await?;
    let id: PlayerId = row.get(0);
    let device = tx
        .query_one("INSERT INTO devices (player_id, token_hash) VALUES ($1, $2) RETURNING id", &[&id, &token_hash])
        .await?;
    tx.commit().await?;
    Ok(Device { player: PlayerInfo { id, nickname: nickname.to_string() }, id: device.get(0) })
}

/// A device signed in to an account.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Device {
    pub player: PlayerInfo,
    /// The device's id (`devices.id`).
    pub id: i64,
}

/// The device whose token has this hash, and its account; marks it seen now.
pub async fn device_by_token(pool: &Pool, token_hash: &[u8]) -> Result<Option<Device>> {
    let c = pool.get().await?;
    let row = c
        .query_opt(
            "UPDATE devices d SET last_seen = now() FROM players p \
             WHERE d.token_hash = $1 AND p.id = d.player_id RETURNING p.id, p.nickname, d.id",
            &[&token_hash],
        )
        .await?;
    Ok(row.map(|r| Device { player: PlayerInfo { id: r.get(0), nickname: r.get(1) }, id: r.get(2) }))
}

/// Stores `code_hash` as the account's one link code, valid `ttl_s` seconds (replacing an earlier one).
pub async fn put_link_code(pool: &Pool, player: PlayerId, code_hash: &[u8], ttl_s: f64) -> Result<()> {
    let c = pool.get().await?;
    c.execute(
        "INSERT INTO link_codes (player_id, code_hash, expires_at) VALUES ($1, $2, now() + $3 * interval '1 second') \
         ON CONFLICT (player_id) DO UPDATE SET code_hash = EXCLUDED.code_hash, expires_at = EXCLUDED.expires_at",
        &[&player, &code_hash, &ttl_s],
    )
    .await?;
    Ok(())
}

/// Redeems a link code: used up whatever follows, and a new device with `token_hash` for its account when it
/// was live; `None` for a code that is wrong, used or expired.
pub async fn redeem_link_code(pool: &Pool, code_hash: &[u8], token_hash: &[u8], label: &str) -> Result<Option<Device>> {
    let mut c = pool.get().await?;
    let tx = c.transaction().await?;
    let Some(row) = tx
        .query_opt("DELETE FROM link_codes WHERE code_hash = $1 RETURNING player_id, expires_at > now()", &[&code_hash])
        .await?
    else {
        return Ok(None);
    };
    let (player, live): (PlayerId, bool) = (row.get(0), row.get(1));
    if !live {
        tx.commit().await?;
        return Ok(None);
    }
    let row = tx
        .query_one(
            "WITH d AS (INSERT INTO devices (player_id, token_hash, label) VALUES ($1, $2, $3) RETURNING id) \
             SELECT d.id, p.nickname FROM d, players p WHERE p.id = $1",
            &[&player, &token_hash, &label],
        )
        .await?;
    tx.commit().await?;
    Ok(Some(Device { player: PlayerInfo { id: player, nickname: row.get(1) }, id: row.get(0) }))
}

/// The account's devices, the most recently seen first: (id, label, created, last seen; Unix ms).
pub async fn devices(pool: &Pool, player: PlayerId) -> Result<Vec<(i64, String, i64, i64)>> {
    let c = pool.get().await?;
    let rows = c
        .query(
            "SELECT id, label, (extract(epoch FROM created_at) * 1000)::bigint, \
             (extract(epoch FROM last_seen) * 1000)::bigint FROM devices WHERE player_id = $1 \
             ORDER BY last_seen DESC, id DESC",
            &[&player],
        )
        .await?;
    Ok(rows.iter().map(|r| (r.get(0), r.get(1), r.get(2), r.get(3))).collect())
}

/// Signs a device of the account out (its token stops working); false when the account has no such device.
pub async fn delete_device(pool: &Pool, player: PlayerId, device: i64) -> Result<bool> {
    let c = pool.get().await?;
    Ok(c.execute("DELETE FROM devices WHERE id = $1 AND player_id = $2", &[&device, &player]).await? == 1)
}

pub async fn rating(c: &impl GenericClient, player: PlayerId, speed: Speed) -> Result<Rating> {
    let row = c
        .query_opt(
            "SELECT rating, deviation, volatility, games FROM ratings WHERE player_id = $1 AND speed = $2",
            &[&player, &speed.name()],
        )
        .await?;
    Ok(row.map(rating_row).unwrap_or_default())
}

fn rating_row(r: Row) -> Rating {
    Rating { rating: r.get(0), deviation: r.get(1), volatility: r.get(2), games: r.get::<_, i32>(3).max(0) as u32 }
}

/// A player's games in progress, from the partial indexes of games in progress.
const ACTIVE_GAMES: &str = "SELECT id, host_node, days_per_move IS NOT NULL FROM games \
     WHERE ended_at IS NULL AND (white_id = $1 OR black_id = $1) ORDER BY id";

/// A game in progress of a player: where it runs and whether it is a correspondence game.
pub struct ActiveGame {
    pub id: GameId,
    pub host: String,
    pub correspondence: bool,
}

/// Games in progress of a player, with the node running each.
pub async fn active_games(pool: &Pool, player: PlayerId) -> Result<Vec<ActiveGame>> {
    let c = pool.get().await?;
    let rows = c.query(ACTIVE_GAMES, &[&player]).await?;
    Ok(rows.into_iter().map(|r| ActiveGame { id: r.get(0), host: r.get(1), correspondence: r.get(2) }).collect())
}

const CORRESPONDENCE_GAMES: &str = "SELECT g.id, g.white_id = $1, o.id, o.nickname, g.days_per_move, g.rated, \
     coalesce(l.ply + 1, 0), l.notation, \
     greatest(0, (extract(epoch FROM now() - coalesce(l.played_at, g.started_at)) * 1000))::bigint \
     FROM games g JOIN players o ON o.id = CASE WHEN g.white_id = $1 THEN g.black_id ELSE g.white_id END \
     LEFT JOIN LATERAL (SELECT ply, notation, played_at FROM moves m WHERE m.game_id = g.id \
     AND m.game_started_at = g.started_at ORDER BY ply DESC LIMIT 1) l ON true \
     WHERE g.ended_at IS NULL AND g.days_per_move IS NOT NULL AND (g.white_id = $1 OR g.black_id = $1)";

/// A player's correspondence games in progress: their move first, then the least time left (by the time the
/// last move was stored).
pub async fn correspondence_games(pool: &Pool, player: PlayerId) -> Result<Vec<CorrespondenceGame>> {
    let c = pool.get().await?;
    let rows = c.query(CORRESPONDENCE_GAMES, &[&player]).await?;
    let mut games: Vec<CorrespondenceGame> = rows
        .into_iter()
        .map(|r| {
            let white: bool = r.get(1);
            let days = r.get::<_, i32>(4).max(1) as u32;
            let ply = r.get::<_, i32>(6).max(0) as u32;
            CorrespondenceGame {
                game: r.get(0),
                opponent: PlayerInfo { id: r.get(2), nickname: r.get(3) },
                you: if white { Color::White } else { Color::Black },
                days_per_move: days,
                rated: r.get(5),
                ply,
                last_move: r.get(7),
                your_move: ply.is_multiple_of(2) == white,
                time_left_ms: (u64::from(days) * DAY_MS).saturating_sub(ms(r.get(8))),
            }
        })
        .collect();
    games.sort_by_key(|g| (!g.your_move, g.time_left_ms, g.game));
    Ok(games)
}

/// The node hosting a game.
pub async fn game_host(pool: &Pool, game: GameId) -> Result<Option<String>> {
    let c = pool.get().await?;
    Ok(c.query_opt("SELECT host_node FROM games WHERE id = $1", &[&game]).await?.map(|r| r.get(0)))
}

/// Locks the players' rows for the rest of the transaction and tells whether any of them is in a game on a
/// clock (correspondence games go on beside everything else).
pub async fn lock_players_busy(tx: &impl GenericClient, players: &[PlayerId]) -> Result<bool> {
    tx.query("SELECT id FROM players WHERE id = ANY($1) ORDER BY id FOR UPDATE", &[&players]).await?;
    let row = tx
        .query_one(
            "SELECT count(*) FROM games WHERE ended_at IS NULL AND days_per_move IS NULL \
             AND (white_id = ANY($1) OR black_id = ANY($1))",
            &[&players],
        )
        .await?;
    Ok(row.get::<_, i64>(0) > 0)
}

/// What a game is created with.
#[derive(Clone, Debug)]
pub struct NewGame {
    pub white: PlayerId,
    pub black: PlayerId,
    pub time_control: TimeControl,
    pub speed: Speed,
    pub rated: bool,
    pub rematch_of: Option<GameId>,
    /// The arena it is played in.
    pub arena: Option<ArenaId>,
}

/// A stored game in progress as a node loads it: players, ratings at the start, moves with clocks, reactions.
#[derive(Clone, Debug)]
pub struct StoredGame {
    pub id: GameId,
    pub white: (PlayerInfo, f64, bool),
    pub black: (PlayerInfo, f64, bool),
    pub time_control: TimeControl,
    pub speed: Speed,
    pub rated: bool,
    pub rematch_of: Option<GameId>,
    pub arena: Option<ArenaId>,
    pub moves: Vec<RecordedMove>,
    pub reactions: Vec<Reaction>,
    /// Wall-clock time since the last move was stored (since the start without one): a correspondence game's
    /// clock ran on while no node ran it.
    pub since_last_move_ms: u64,
}

/// Inserts a game inside the caller's transaction (the seek or invite it comes from is taken in the same one).
pub async fn insert_game(tx: &impl GenericClient, host: &str, g: &NewGame) -> Result<StoredGame> {
    let wr = rating(tx, g.white, g.speed).await?;
    let br = rating(tx, g.black, g.speed).await?;
    let row = tx
        .query_one(
            "INSERT INTO games (host_node, white_id, black_id, base_ms, increment_ms, speed, rated, rematch_of, \
             white_rating, black_rating, white_provisional, black_provisional, arena_id, days_per_move) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING id",
            &[
                &host,
                &g.white,
                &g.black,
                &(g.time_control.base_ms as i64),
                &(g.time_control.increment_ms as i64),
                &g.speed.name(),
                &g.rated,
                &g.rematch_of,
                &wr.rating,
                &br.rating,
                &wr.provisional(),
                &br.provisional(),
                &g.arena,
                &g.time_control.days_per_move.map(|d| d as i32),
            ],
        )
        .await?;
    let id: GameId = row.get(0);
    let names = tx.query("SELECT id, nickname FROM players WHERE id = ANY($1)", &[&vec![g.white, g.black]]).await?;
    let name =
        |p: PlayerId| names.iter().find(|r| r.get::<_, i64>(0) == p).map(|r| r.get::<_, String>(1)).unwrap_or_default();
    Ok(StoredGame {
        id,
        white: (PlayerInfo { id: g.white, nickname: name(g.white) }, wr.rating, wr.provisional()),
        black: (PlayerInfo { id: g.black, nickname: name(g.black) }, br.rating, br.provisional()),
        time_control: g.time_control,
        speed: g.speed,
        rated: g.rated,
        rematch_of: g.rematch_of,
        arena: g.arena,
        moves: Vec::new(),
        reactions: Vec::new(),
        since_last_move_ms: 0,
    })
}

/// Every game in progress that a node runs, as it was when last stored.
pub async fn load_active(pool: &Pool, node: &str) -> Result<Vec<StoredGame>> {
    let c = pool.get().await?;
    let rows = c.query("SELECT id FROM games WHERE ended_at IS NULL AND host_node = $1", &[&node]).await?;
    load_games(&c, &rows.into_iter().map(|r| r.get(0)).collect::<Vec<GameId>>()).await
}

/// Games as they were when last stored, by id.
async fn load_games(c: &impl GenericClient, ids: &[GameId]) -> Result<Vec<StoredGame>> {
    let rows = c
        .query(
            "SELECT g.id, g.white_id, w.nickname, g.white_rating, g.white_provisional, g.black_id, b.nickname, \
             g.black_rating, g.black_provisional, g.base_ms, g.increment_ms, g.speed, g.rated, g.rematch_of, \
             g.arena_id, g.days_per_move, greatest(0, (extract(epoch FROM now() - coalesce((SELECT max(m.played_at) \
             FROM moves m WHERE m.game_id = g.id AND m.game_started_at = g.started_at), g.started_at)) * 1000))::bigint \
             FROM games g JOIN players w ON w.id = g.white_id JOIN players b ON b.id = g.black_id \
             WHERE g.id = ANY($1) ORDER BY g.id",
            &[&ids],
        )
        .await?;
    let mut games = Vec::with_capacity(rows.len());
    for r in rows {
        let id: GameId = r.get(0);
        let (moves, reactions) = moves_and_reactions(c, id).await?;
        games.push(StoredGame {
            id,
            white: (PlayerInfo { id: r.get(1), nickname: r.get(2) }, r.get(3), r.get(4)),
            black: (PlayerInfo { id: r.get(5), nickname: r.get(6) }, r.get(7), r.get(8)),
            time_control: tc_from(r.get(9), r.get(10), r.get(15)),
            speed: speed_from(r.get(11)),
            rated: r.get(12),
            rematch_of: r.get(13),
            arena: r.get(14),
            moves,
            reactions,
            since_last_move_ms: ms(r.get(16)),
        });
    }
    Ok(games)
}

/// The other nodes hosting games in progress.
pub async fn other_hosts(pool: &Pool, node: &str) -> Result<Vec<String>> {
    let c = pool.get().await?;
    let rows =
        c.query("SELECT DISTINCT host_node FROM games WHERE ended_at IS NULL AND host_node <> $1", &[&node]).await?;
    Ok(rows.into_iter().map(|r| r.get(0)).collect())
}

/// Moves the games in progress of node `from` to node `to` (one statement: each game's row lock waits for a
/// move of `from` being committed) and loads them.
pub async fn adopt_games(pool: &Pool, from: &str, to: &str) -> Result<Vec<StoredGame>> {
    let c = pool.get().await?;
    let rows = c
        .query("UPDATE games SET host_node = $2 WHERE host_node = $1 AND ended_at IS NULL RETURNING id", &[&from, &to])
        .await?;
    load_games(&c, &rows.into_iter().map(|r| r.get(0)).collect::<Vec<GameId>>()).await
}

/// Of these games, those no longer hosted by `node`.
pub async fn not_hosted_by(pool: &Pool, games: &[GameId], node: &str) -> Result<Vec<GameId>> {
    let c = pool.get().await?;
    let rows = c.query("SELECT id FROM games WHERE id = ANY($1) AND host_node <> $2", &[&games, &node]).await?;
    Ok(rows.into_iter().map(|r| r.get(0)).collect())
}

/// How many games in progress a node hosts.
pub async fn games_hosted(pool: &Pool, node: &str) -> Result<i64> {
    let c = pool.get().await?;
    let row = c.query_one("SELECT count(*) FROM games WHERE ended_at IS NULL AND host_node = $1", &[&node]).await?;
    Ok(row.get(0))
}

async fn moves_and_reactions(c: &impl GenericClient, game: GameId) -> Result<(Vec<RecordedMove>, Vec<Reaction>)> {
    let moves = c
        // The game's start names the one partition to read.
        .query(
            "SELECT notation, white_ms, black_ms FROM moves WHERE game_id = $1 \
             AND game_started_at = (SELECT started_at FROM games WHERE id = $1) ORDER BY ply",
            &[&game],
        )
        .await?
        .into_iter()
        .map(|r| RecordedMove { mv: r.get(0), clocks: Clocks { white_ms: ms(r.get(1)), black_ms: ms(r.get(2)) } })
        .collect();
    let reactions = c
        .query("SELECT ply, side, emoji FROM reactions WHERE game_id = $1 ORDER BY id", &[&game])
        .await?
        .into_iter()
        .filter_map(|r| {
            Some(Reaction { ply: r.get::<_, i32>(0).max(0) as u32, by: color_from(r.get(1))?, emoji: r.get(2) })
        })
        .collect();
    Ok((moves, reactions))
}

/// One move to store.
#[derive(Clone, Debug)]
pub struct MoveRow {
    pub game: GameId,
    pub ply: u32,
    pub notation: String,
    pub clocks: Clocks,
    pub spent_ms: u64,
    pub lag_ms: u64,
}

/// Stores many moves in one statement and one commit. A row already there (a retried batch whose first commit
/// did go through) is kept as it is.
/// Stores a batch of moves in one statement (one commit), only for the games `node` hosts: the row of each game
/// is locked (`FOR SHARE`) so that a takeover by another node waits for this commit or wins before it.
/// Returns the (game, ply) of the rows stored. A row already there (a retried batch whose first commit went
/// through, or a move refused while its commit's outcome was unknown and then played differently) is replaced.
pub async fn insert_moves(pool: &Pool, node: &str, rows: &[MoveRow]) -> Result<Vec<(GameId, u32)>> {
    let c = pool.get().await?;
    let game: Vec<i64> = rows.iter().map(|r| r.game).collect();
    let ply: Vec<i32> = rows.iter().map(|r| r.ply as i32).collect();
    let notation: Vec<&str> = rows.iter().map(|r| r.notation.as_str()).collect();
    let white: Vec<i64> = rows.iter().map(|r| r.clocks.white_ms as i64).collect();
    let black: Vec<i64> = rows.iter().map(|r| r.clocks.black_ms as i64).collect();
    let spent: Vec<i64> = rows.iter().map(|r| r.spent_ms as i64).collect();
    let lag: Vec<i64> = rows.iter().map(|r| r.lag_ms as i64).collect();
    let stmt = c
        .prepare_cached(
            "INSERT INTO moves (game_id, ply, notation, white_ms, black_ms, spent_ms, lag_ms, game_started_at) \
             SELECT u.*, g.started_at FROM unnest($1::bigint[], $2::int[], $3::text[], $4::bigint[], $5::bigint[], $6::bigint[], $7::bigint[]) \
             AS u (game_id, ply, notation, white_ms, black_ms, spent_ms, lag_ms) \
             JOIN games g ON g.id = u.game_id AND g.host_node = $8 FOR SHARE OF g \
             ON CONFLICT (game_id, ply, game_started_at) DO UPDATE SET notation = EXCLUDED.notation, white_ms = EXCLUDED.white_ms, \
             black_ms = EXCLUDED.black_ms, spent_ms = EXCLUDED.spent_ms, lag_ms = EXCLUDED.lag_ms, played_at = now() \
             RETURNING game_id, ply",
        )
        .await?;
    let written = c.query(&stmt, &[&game, &ply, &notation, &white, &black, &spent, &lag, &node]).await?;
    Ok(written.into_iter().map(|r| (r.get::<_, i64>(0), r.get::<_, i32>(1).max(0) as u32)).collect())
}

pub async fn insert_reaction(pool: &Pool, game: GameId, r: &Reaction) -> Result<()> {
    let c = pool.get().await?;
    c.execute(
        "INSERT INTO reactions (game_id, ply, side, emoji) VALUES ($1, $2, $3, $4)",
        &[&game, &(r.ply as i32), &color_name(r.by), &r.emoji],
    )
    .await?;
    Ok(())
}

/// How a game ended, as its host stores it.
pub struct Ending<'a> {
    /// The node storing it: only the game's host may.
    pub node: &'a str,
    pub game: GameId,
    pub speed: Speed,
    /// (white, black)
    pub players: (PlayerId, PlayerId),
    pub result: GameResult,
    pub clocks: Clocks,
    pub rated: bool,
}

/// Ends a game and, when rated, updates both ratings and their histories, all in one transaction.
/// `StoreError::NotHost` when another node hosts the game now.
pub async fn finish_game(pool: &Pool, end: &Ending<'_>) -> Result<Option<RatingChanges>> {
    let Ending { node, game, speed, players, result, clocks, rated } = *end;
    let mut c = pool.get().await?;
    let tx = c.transaction().await?;
    let row = tx
        .query_opt("SELECT ended_at IS NOT NULL, host_node = $2 FROM games WHERE id = $1 FOR UPDATE", &[&game, &node])
        .await?;
    let (done, host) = row.map(|r| (r.get::<_, bool>(0), r.get::<_, bool>(1))).unwrap_or((true, true));
    if !done && !host {
        return Err(StoreError::NotHost);
    }
    if done {
        // Already stored by an earlier try whose reply was lost: read back what it wrote.
        drop(tx);
        return stored_changes(&c, game).await;
    }
    let mut changes = None;
    if rated && result.reason != EndReason::Aborted {
        tx.query("SELECT id FROM players WHERE id = ANY($1) ORDER BY id FOR UPDATE", &[&vec![players.0, players.1]])
            .await?;
        let w = rating(&tx, players.0, speed).await?;
        let b = rating(&tx, players.1, speed).await?;
        let (w2, b2) = crate::ratings::rate(w, b, result.winner);
        for (p, r) in [(players.0, w2), (players.1, b2)] {
            tx.execute(
                "INSERT INTO ratings (player_id, speed, rating, deviation, volatility, games) VALUES ($1, $2, $3, $4, $5, $6) \
                 ON CONFLICT (player_id, speed) DO UPDATE SET rating = $3, deviation = $4, volatility = $5, games = $6, updated_at = now()",
                &[&p, &speed.name(), &r.rating, &r.deviation, &r.volatility, &(r.games as i32)],
            )
            .await?;
            tx.execute(
                "INSERT INTO rating_history (player_id, speed, game_id, rating, deviation) VALUES ($1, $2, $3, $4, $5)",
                &[&p, &speed.name(), &game, &r.rating, &r.deviation],
            )
            .await?;
        }
        changes = Some(RatingChanges { white: crate::ratings::change(w, w2), black: crate::ratings::change(b, b2) });
    }
    let after = |f: fn(&RatingChanges) -> RatingChange| changes.as_ref().map(f);
    tx.execute(
        "UPDATE games SET ended_at = now(), winner = $2, reason = $3, white_ms = $4, black_ms = $5, \
         white_after = $6, black_after = $7, white_after_provisional = $8, black_after_provisional = $9 WHERE id = $1",
        &[
            &game,
            &result.winner.map(color_name),
            &result.reason.name(),
            &(clocks.white_ms as i64),
            &(clocks.black_ms as i64),
            &after(|c| c.white).map(|c| c.after),
            &after(|c| c.black).map(|c| c.after),
            &after(|c| c.white).map(|c| c.provisional),
            &after(|c| c.black).map(|c| c.provisional),
        ],
    )
    .await?;
    crate::arenas::score_game(&tx, game, players, &result).await?;
    tx.commit().await?;
    Ok(changes)
}

async fn stored_changes(c: &impl GenericClient, game: GameId) -> Result<Option<RatingChanges>> {
    let r = c
        .query_one(
            "SELECT white_rating, white_after, white_after_provisional, black_rating, black_after, black_after_provisional \
             FROM games WHERE id = $1",
            &[&game],
        )
        .await?;
    Ok(changes_from(&r, 0))
}

fn changes_from(r: &Row, at: usize) -> Option<RatingChanges> {
    let side = |i: usize| -> Option<RatingChange> {
        Some(RatingChange {
            before: r.get(i),
            after: r.get::<_, Option<f64>>(i + 1)?,
            provisional: r.get::<_, Option<bool>>(i + 2)?,
        })
    };
    Some(RatingChanges { white: side(at)?, black: side(at + 3)? })
}

// ---- lobby ----

/// A waiting seek taken for pairing.
pub struct SeekRow {
    pub player: PlayerId,
    pub node: String,
}

/// The oldest other seek of this time control whose rating is within both windows: the seeker's (its wait so
/// far, `wait_s`) and the candidate's (its own wait), of a player neither blocks. Locks it; skips seeks another node is pairing right now.
pub async fn take_match(
    tx: &impl GenericClient,
    me: PlayerId,
    tc: TimeControl,
    rating: f64,
    wait_s: f64,
    window_start: f64,
    window_growth: f64,
) -> Result<Option<SeekRow>> {
    let row = tx
        .query_opt(
            "SELECT player_id, node FROM seeks \
             WHERE base_ms = $1 AND increment_ms = $2 AND player_id <> $3 \
             AND NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = $3 AND b.blocked_id = seeks.player_id) \
                 OR (b.blocker_id = seeks.player_id AND b.blocked_id = $3)) \
             AND abs(rating - $4::float8) <= least($5::float8 + $6::float8 * $7::float8, $5::float8 + $6::float8 * extract(epoch FROM now() - created_at)::float8) \
             ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED",
            &[&(tc.base_ms as i64), &(tc.increment_ms as i64), &me, &rating, &window_start, &window_growth, &wait_s],
        )
        .await?;
    let Some(row) = row else { return Ok(None) };
    let seek = SeekRow { player: row.get(0), node: row.get(1) };
    tx.execute("DELETE FROM seeks WHERE player_id = $1", &[&seek.player]).await?;
    Ok(Some(seek))
}

pub async fn put_seek(tx: &impl GenericClient, me: PlayerId, node: &str, tc: TimeControl, rating: f64) -> Result<()> {
    tx.execute(
        "INSERT INTO seeks (player_id, node, base_ms, increment_ms, rating) VALUES ($1, $2, $3, $4, $5) \
         ON CONFLICT (player_id) DO UPDATE SET node = $2, base_ms = $3, increment_ms = $4, rating = $5, created_at = now()",
        &[&me, &node, &(tc.base_ms as i64), &(tc.increment_ms as i64), &rating],
    )
    .await?;
    Ok(())
}

/// This node's waiting seeks: player, time control, rating and seconds waited; oldest first.
pub async fn local_seeks(pool: &Pool, node: &str) -> Result<Vec<(PlayerId, TimeControl, f64, f64)>> {
    let c = pool.get().await?;
    let rows = c
        .query(
            "SELECT player_id, base_ms, increment_ms, rating, extract(epoch FROM now() - created_at)::float8 FROM seeks \
             WHERE node = $1 ORDER BY created_at",
            &[&node],
        )
        .await?;
    Ok(rows
        .into_iter()
        .map(|r| (r.get(0), TimeControl::clock(ms(r.get(1)), ms(r.get(2))), r.get(3), r.get(4)))
        .collect())
}

/// Locks one's own seek (a pairing tick must not race the seek being paired by another node); false if gone.
pub async fn lock_own_seek(tx: &impl GenericClient, me: PlayerId) -> Result<bool> {
    Ok(tx.query_opt("SELECT 1 FROM seeks WHERE player_id = $1 FOR UPDATE SKIP LOCKED", &[&me]).await?.is_some())
}

pub async fn delete_seek(pool: &Pool, me: PlayerId) -> Result<bool> {
    let c = pool.get().await?;
    Ok(c.execute("DELETE FROM seeks WHERE player_id = $1", &[&me]).await? > 0)
}

/// Seeks and presence left by a node's previous run or by a gone node (their players are no longer connected
/// to it).
pub async fn delete_node_sessions(pool: &Pool, node: &str) -> Result<()> {
    let c = pool.get().await?;
    c.execute("DELETE FROM seeks WHERE node = $1", &[&node]).await?;
    c.execute("DELETE FROM presence WHERE node = $1", &[&node]).await?;
    Ok(())
}

pub async fn put_invite(
    pool: &Pool,
    code: &str,
    me: PlayerId,
    node: &str,
    tc: TimeControl,
    rated: bool,
) -> Result<bool> {
    let c = pool.get().await?;
    c.execute("DELETE FROM invites WHERE player_id = $1", &[&me]).await?;
    let n = c
        .execute(
            "INSERT INTO invites (code, player_id, node, base_ms, increment_ms, rated) VALUES ($1, $2, $3, $4, $5, $6) \
             ON CONFLICT (code) DO NOTHING",
            &[&code, &me, &node, &(tc.base_ms as i64), &(tc.increment_ms as i64), &rated],
        )
        .await?;
    Ok(n == 1)
}

pub async fn delete_invite(pool: &Pool, me: PlayerId) -> Result<bool> {
    let c = pool.get().await?;
    Ok(c.execute("DELETE FROM invites WHERE player_id = $1", &[&me]).await? > 0)
}

pub struct InviteRow {
    pub player: PlayerId,
    pub node: String,
    pub time_control: TimeControl,
    pub rated: bool,
}

/// Locks a live invite by its code.
pub async fn lock_invite(tx: &impl GenericClient, code: &str, ttl_s: f64) -> Result<Option<InviteRow>> {
    let row = tx
        .query_opt(
            "SELECT player_id, node, base_ms, increment_ms, rated FROM invites \
             WHERE code = $1 AND created_at > now() - make_interval(secs => $2) FOR UPDATE",
            &[&code, &ttl_s],
        )
        .await?;
    Ok(row.map(|r| InviteRow {
        player: r.get(0),
        node: r.get(1),
        time_control: TimeControl::clock(ms(r.get(2)), ms(r.get(3))),
        rated: r.get(4),
    }))
}

pub async fn take_invite(tx: &impl GenericClient, code: &str) -> Result<()> {
    tx.execute("DELETE FROM invites WHERE code = $1", &[&code]).await?;
    Ok(())
}

// ---- reading ----

/// A page of the leaderboard: the index `ratings_board` read from the top, provisional ratings skipped on it.
const LEADERBOARD: &str = "SELECT p.id, p.nickname, r.rating, r.deviation, r.games FROM ratings r \
     JOIN players p ON p.id = r.player_id \
     WHERE r.speed = $1 AND r.deviation <= $2 ORDER BY r.rating DESC, r.player_id OFFSET $3 LIMIT $4";

pub async fn leaderboard(pool: &Pool, speed: Speed, offset: u32, limit: u32) -> Result<Vec<LeaderboardEntry>> {
    let c = pool.get().await?;
    let rows = c
        .query(LEADERBOARD, &[&speed.name(), &crate::ratings::PROVISIONAL_DEVIATION, &(offset as i64), &(limit as i64)])
        .await?;
    Ok(rows
        .into_iter()
        .enumerate()
        .map(|(i, r)| LeaderboardEntry {
            rank: offset + i as u32 + 1,
            player: PlayerInfo { id: r.get(0), nickname: r.get(1) },
            rating: r.get(2),
            deviation: r.get(3),
            games: r.get::<_, i32>(4).max(0) as u32,
        })
        .collect())
}

pub struct Profile {
    pub player: PlayerInfo,
    pub created_at_ms: i64,
    pub ratings: Vec<RatingInfo>,
    pub history: Vec<RatingPoint>,
    pub recent: Vec<GameSummary>,
    pub arenas: Vec<ArenaResult>,
}

/// A player's last 20 finished games: the last 20 as White and the last 20 as Black, each read from its index
/// in order, merged. Never more than 40 rows of games are read, however many games the player has.
const RECENT_GAMES: &str =
    "SELECT g.id, g.white_id = $1, w.id, w.nickname, b.id, b.nickname, g.base_ms, g.increment_ms, \
     g.speed, g.rated, g.winner, g.reason, (extract(epoch FROM g.ended_at) * 1000)::bigint, \
     g.white_after - g.white_rating, g.black_after - g.black_rating, g.days_per_move \
     FROM ((SELECT * FROM games WHERE white_id = $1 AND ended_at IS NOT NULL ORDER BY ended_at DESC LIMIT 20) \
     UNION ALL (SELECT * FROM games WHERE black_id = $1 AND ended_at IS NOT NULL ORDER BY ended_at DESC LIMIT 20)) g \
     JOIN players w ON w.id = g.white_id JOIN players b ON b.id = g.black_id ORDER BY g.ended_at DESC LIMIT 20";

/// A player's profile by nickname (compared in its normalised form): ratings, the last 100 rating points and
/// the last 20 finished games.
pub async fn profile(pool: &Pool, key: &str) -> Result<Option<Profile>> {
    let c = pool.get().await?;
    let Some(p) = c
        .query_opt(
            "SELECT id, nickname, (extract(epoch FROM created_at) * 1000)::bigint FROM players WHERE nickname_key = $1",
            &[&key],
        )
        .await?
    else {
        return Ok(None);
    };
    let id: PlayerId = p.get(0);
    let ratings = c
        .query(
            "SELECT speed, rating, deviation, volatility, games FROM ratings WHERE player_id = $1 ORDER BY speed",
            &[&id],
        )
        .await?
        .into_iter()
        .map(|r| {
            let rt = Rating {
                rating: r.get(1),
                deviation: r.get(2),
                volatility: r.get(3),
                games: r.get::<_, i32>(4).max(0) as u32,
            };
            RatingInfo {
                speed: speed_from(r.get(0)),
                rating: rt.rating,
                deviation: rt.deviation,
                provisional: rt.provisional(),
                games: rt.games,
            }
        })
        .collect();
    let history = c
        .query(
            "SELECT speed, game_id, rating, (extract(epoch FROM at) * 1000)::bigint FROM rating_history \
             WHERE player_id = $1 ORDER BY at DESC LIMIT 100",
            &[&id],
        )
        .await?
        .into_iter()
        .map(|r| RatingPoint { speed: speed_from(r.get(0)), game: r.get(1), rating: r.get(2), at_ms: r.get(3) })
        .collect();
    let rows = c.query(RECENT_GAMES, &[&id]).await?;
    let recent = rows
        .into_iter()
        .map(|r| {
            let white: bool = r.get(1);
            let (opp_id, opp_name, change) = if white { (4, 5, 13) } else { (2, 3, 14) };
            GameSummary {
                game: r.get(0),
                color: if white { Color::White } else { Color::Black },
                opponent: PlayerInfo { id: r.get(opp_id), nickname: r.get(opp_name) },
                time_control: tc_from(r.get(6), r.get(7), r.get(15)),
                speed: speed_from(r.get(8)),
                rated: r.get(9),
                result: GameResult {
                    winner: r.get::<_, Option<&str>>(10).and_then(color_from),
                    reason: EndReason::from_name(r.get(11)).unwrap_or(EndReason::Aborted),
                },
                rating_change: r.get(change),
                ended_at_ms: r.get(12),
            }
        })
        .collect();
    let arenas = crate::arenas::results_of(&c, id).await?;
    Ok(Some(Profile {
        arenas,
        player: PlayerInfo { id, nickname: p.get(1) },
        created_at_ms: p.get(2),
        ratings,
        history,
        recent,
    }))
}

pub async fn game_record(pool: &Pool, game: GameId) -> Result<Option<GameRecord>> {
    let c = pool.get().await?;
    let Some(r) = c
        .query_opt(
            "SELECT g.white_id, w.nickname, g.black_id, b.nickname, g.base_ms, g.increment_ms, g.speed, g.rated, \
             (extract(epoch FROM g.started_at) * 1000)::bigint, (extract(epoch FROM g.ended_at) * 1000)::bigint, \
             g.winner, g.reason, g.white_rating, g.white_after, g.white_after_provisional, \
             g.black_rating, g.black_after, g.black_after_provisional, g.days_per_move \
             FROM games g JOIN players w ON w.id = g.white_id JOIN players b ON b.id = g.black_id WHERE g.id = $1",
            &[&game],
        )
        .await?
    else {
        return Ok(None);
    };
    let (moves, reactions) = moves_and_reactions(&c, game).await?;
    let result = r
        .get::<_, Option<&str>>(11)
        .and_then(EndReason::from_name)
        .map(|reason| GameResult { winner: r.get::<_, Option<&str>>(10).and_then(color_from), reason });
    Ok(Some(GameRecord {
        game,
        white: PlayerInfo { id: r.get(0), nickname: r.get(1) },
        black: PlayerInfo { id: r.get(2), nickname: r.get(3) },
        time_control: tc_from(r.get(4), r.get(5), r.get(18)),
        speed: speed_from(r.get(6)),
        rated: r.get(7),
        started_at_ms: r.get(8),
        ended_at_ms: r.get(9),
        moves,
        reactions,
        result,
        ratings: changes_from(&r, 12),
    }))
}

/// Whether a player takes part in a game, and as which colour (for `get_game`, which anyone may read once a
/// game is over, but only its players while it is in progress).
pub async fn game_players(pool: &Pool, game: GameId) -> Result<Option<(PlayerId, PlayerId, bool)>> {
    let c = pool.get().await?;
    let r = c.query_opt("SELECT white_id, black_id, ended_at IS NOT NULL FROM games WHERE id = $1", &[&game]).await?;
    Ok(r.map(|r| (r.get(0), r.get(1), r.get(2))))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    /// The scans of `table` in a plan (EXPLAIN ANALYZE, JSON): (node type, rows read: returned + filtered out).
    fn scans(plan: &Value, table: &str, out: &mut Vec<(String, f64)>) {
        if plan.get("Relation Name").and_then(Value::as_str) == Some(table) {
            let n = |k: &str| plan.get(k).and_then(Value::as_f64).unwrap_or(0.0);
            let kind = plan["Node Type"].as_str().unwrap_or_default().to_string();
            out.push((kind, (n("Actual Rows") + n("Rows Removed by Filter")) * n("Actual Loops").max(1.0)));
        }
        for child in plan.get("Plans").and_then(Value::as_array).into_iter().flatten() {
            scans(child, table, out);
        }
    }

    async fn explain(
        c: &tokio_postgres::Client,
        sql: &str,
        params: &[&(dyn tokio_postgres::types::ToSql + Sync)],
    ) -> Value {
        // EXPLAIN takes the statement's text; the statements are this module's constants.
        let row = c.query_one(&format!("EXPLAIN (ANALYZE, FORMAT JSON) {sql}"), params).await.unwrap();
        row.get::<_, Value>(0)[0]["Plan"].clone()
    }

    /// Profiles, the leaderboard and the games in progress read a bounded number of rows however big the tables
    /// are: 20,000 players with ratings, 100,000 finished games, and one player with 1,000 of them.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn reads_do_not_scan_games_or_ratings() {
        let url = crate::testing::fresh_database().await;
        crate::testing::migrate_until(&url, i32::MAX).await;
        let (c, conn) = tokio_postgres::connect(&url, tokio_postgres::NoTls).await.unwrap();
        tokio::spawn(conn);
        c.batch_execute(
            "INSERT INTO players (nickname, nickname_key) SELECT 'p' || i, 'p' || i FROM generate_series(1, 20000) i;
             INSERT INTO ratings (player_id, speed, rating, deviation, volatility, games) \
               SELECT id, 'blitz', 1000 + (id * 7919) % 1500, CASE WHEN id % 3 = 0 THEN 300 ELSE 60 END, 0.06, 30 FROM players;
             INSERT INTO games (host_node, white_id, black_id, base_ms, increment_ms, speed, rated, white_rating, \
               black_rating, white_provisional, black_provisional, started_at, ended_at, winner, reason) \
               SELECT 'n', 2 + i % 19999, 2 + (i * 31 + 7) % 19999, 300000, 0, 'blitz', true, 1500, 1500, false, false, \
               now() - i * interval '1 minute', now() - i * interval '1 minute' + interval '5 minutes', 'white', 'resignation' \
               FROM generate_series(1, 100000) i WHERE i % 19999 <> (i * 31 + 7) % 19999;
             INSERT INTO games (host_node, white_id, black_id, base_ms, increment_ms, speed, rated, white_rating, \
               black_rating, white_provisional, black_provisional, started_at, ended_at, winner, reason) \
               SELECT 'n', CASE WHEN i % 2 = 0 THEN 1 ELSE 2 + i END, CASE WHEN i % 2 = 0 THEN 2 + i ELSE 1 END, \
               300000, 0, 'blitz', true, 1500, 1500, false, false, now() - i * interval '1 hour', \
               CASE WHEN i = 1 THEN NULL ELSE now() - i * interval '1 hour' + interval '5 minutes' END, NULL, NULL \
               FROM generate_series(1, 1000) i;
             ANALYZE;",
        )
        .await
        .unwrap();
        let checks: [(&str, &str, Value, f64); 3] = [
            ("recent games", "games", explain(&c, RECENT_GAMES, &[&1i64]).await, 40.0),
            ("games in progress", "games", explain(&c, ACTIVE_GAMES, &[&1i64]).await, 1.0),
            (
                "leaderboard",
                "ratings",
                explain(&c, LEADERBOARD, &[&"blitz", &crate::ratings::PROVISIONAL_DEVIATION, &0i64, &50i64]).await,
                // 50 established ratings, and the provisional ones (a third) skipped among them.
                100.0,
            ),
        ];
        for (what, table, plan, most) in checks {
            let mut found = Vec::new();
            scans(&plan, table, &mut found);
            assert!(!found.is_empty(), "{what}: no scan of {table} in {plan:#}");
            for (kind, _) in &found {
                assert_ne!(kind, "Seq Scan", "{what}: {table} read whole: {plan:#}");
            }
            let read: f64 = found.iter().map(|(_, r)| r).sum();
            assert!(read <= most, "{what}: {read} rows of {table} read (at most {most}): {plan:#}");
        }
    }
}
