//! The social tables' queries (migration V5): follows, blocks, open challenges and presence.

use crate::store;
use crate::store::Result;
use deadpool_postgres::{GenericClient, Pool};
use giveaway_protocol::{Challenge, ColorChoice, Friend, PlayerId, PlayerInfo, TimeControl};
use tokio_postgres::Row;

/// The player of a nickname key (`accounts::nickname_key`).
pub async fn player(pool: &Pool, key: &str) -> Result<Option<PlayerInfo>> {
    let c = pool.get().await?;
    let row = c.query_opt("SELECT id, nickname FROM players WHERE nickname_key = $1", &[&key]).await?;
    Ok(row.map(|r| PlayerInfo { id: r.get(0), nickname: r.get(1) }))
}

pub async fn follow(pool: &Pool, me: PlayerId, them: PlayerId) -> Result<()> {
    let c = pool.get().await?;
    c.execute("INSERT INTO follows (follower_id, followed_id) VALUES ($1, $2) ON CONFLICT DO NOTHING", &[&me, &them])
        .await?;
    Ok(())
}

pub async fn unfollow(pool: &Pool, me: PlayerId, them: PlayerId) -> Result<()> {
    let c = pool.get().await?;
    c.execute("DELETE FROM follows WHERE follower_id = $1 AND followed_id = $2", &[&me, &them]).await?;
    Ok(())
}

/// The players `me` follows with their presence: playing, then online, then the rest, by nickname.
pub async fn friends(pool: &Pool, me: PlayerId) -> Result<Vec<Friend>> {
    let c = pool.get().await?;
    let rows = c
        .query(
            "SELECT p.id, p.nickname, pr.player_id IS NOT NULL, \
             (SELECT g.id FROM games g WHERE g.ended_at IS NULL AND (g.white_id = p.id OR g.black_id = p.id) \
              ORDER BY g.id DESC LIMIT 1) \
             FROM follows f JOIN players p ON p.id = f.followed_id LEFT JOIN presence pr ON pr.player_id = p.id \
             WHERE f.follower_id = $1",
            &[&me],
        )
        .await?;
    let mut friends: Vec<Friend> = rows
        .iter()
        .map(|r| Friend {
            player: PlayerInfo { id: r.get(0), nickname: r.get(1) },
            online: r.get(2),
            playing: r.get(3),
        })
        .collect();
    friends.sort_by_cached_key(|f| (f.playing.is_none(), !f.online, f.player.nickname.to_lowercase()));
    Ok(friends)
}

/// Blocks `them`: follows both ways end, and the open challenges between the two are deleted and returned.
pub async fn block(pool: &Pool, me: PlayerId, them: PlayerId) -> Result<Vec<Challenge>> {
    let mut c = pool.get().await?;
    let tx = c.transaction().await?;
    tx.execute("INSERT INTO blocks (blocker_id, blocked_id) VALUES ($1, $2) ON CONFLICT DO NOTHING", &[&me, &them])
        .await?;
    tx.execute(
        "DELETE FROM follows WHERE (follower_id = $1 AND followed_id = $2) OR (follower_id = $2 AND followed_id = $1)",
        &[&me, &them],
    )
    .await?;
    let rows = tx
        .query(
            &format!(
                "WITH c AS (DELETE FROM challenges WHERE (challenger_id = $1 AND challenged_id = $2) \
                 OR (challenger_id = $2 AND challenged_id = $1) RETURNING *) {CHALLENGE_FROM_C}"
            ),
            &[&me, &them],
        )
        .await?;
    tx.commit().await?;
    Ok(rows.iter().map(challenge).collect())
}

pub async fn unblock(pool: &Pool, me: PlayerId, them: PlayerId) -> Result<()> {
    let c = pool.get().await?;
    c.execute("DELETE FROM blocks WHERE blocker_id = $1 AND blocked_id = $2", &[&me, &them]).await?;
    Ok(())
}

/// The players `me` blocks, by nickname.
pub async fn blocked(pool: &Pool, me: PlayerId) -> Result<Vec<PlayerInfo>> {
    let c = pool.get().await?;
    let rows = c
        .query(
            "SELECT p.id, p.nickname FROM blocks b JOIN players p ON p.id = b.blocked_id WHERE b.blocker_id = $1 \
             ORDER BY lower(p.nickname)",
            &[&me],
        )
        .await?;
    Ok(rows.iter().map(|r| PlayerInfo { id: r.get(0), nickname: r.get(1) }).collect())
}

/// Whether `blocker` blocks `other`.
pub async fn blocks(pool: &Pool, blocker: PlayerId, other: PlayerId) -> Result<bool> {
    let c = pool.get().await?;
    let row =
        c.query_opt("SELECT 1 FROM blocks WHERE blocker_id = $1 AND blocked_id = $2", &[&blocker, &other]).await?;
    Ok(row.is_some())
}

/// Selects a challenge's wire fields from `c`, a set of `challenges` rows.
const CHALLENGE_FROM_C: &str = "SELECT c.id, a.id, a.nickname, b.id, b.nickname, c.base_ms, c.increment_ms, c.color, \
     c.rated, greatest(0, (extract(epoch FROM c.expires_at - now()) * 1000)::bigint), c.days_per_move \
     FROM c JOIN players a ON a.id = c.challenger_id JOIN players b ON b.id = c.challenged_id";

fn challenge(r: &Row) -> Challenge {
    Challenge {
        id: r.get(0),
        challenger: PlayerInfo { id: r.get(1), nickname: r.get(2) },
        challenged: PlayerInfo { id: r.get(3), nickname: r.get(4) },
        time_control: store::tc_from(r.get(5), r.get(6), r.get(10)),
        color: ColorChoice::from_name(r.get(7)).unwrap_or(ColorChoice::Random),
        rated: r.get(8),
        expires_in_ms: r.get::<_, i64>(9).max(0) as u64,
    }
}

/// Why a challenge was not made.
pub enum Refused {
    /// One of the two blocks the other.
    Blocked,
    /// `me` already challenges this player.
    Already,
    /// `me` has this many open challenges already.
    TooMany,
}

/// A new challenge, unless refused; the checks and the insert are one transaction holding the challenger's row.
pub async fn put_challenge(
    pool: &Pool,
    (me, them): (PlayerId, PlayerId),
    (tc, color, rated): (TimeControl, ColorChoice, bool),
    ttl_s: f64,
    max_open: i64,
) -> Result<std::result::Result<Challenge, Refused>> {
    let mut c = pool.get().await?;
    let tx = c.transaction().await?;
    tx.execute("SELECT 1 FROM players WHERE id = $1 FOR UPDATE", &[&me]).await?;
    let blocked = tx
        .query_opt(
            "SELECT 1 FROM blocks WHERE (blocker_id = $1 AND blocked_id = $2) OR (blocker_id = $2 AND blocked_id = $1)",
            &[&me, &them],
        )
        .await?;
    if blocked.is_some() {
        return Ok(Err(Refused::Blocked));
    }
    let open = tx
        .query("SELECT challenged_id FROM challenges WHERE challenger_id = $1 AND expires_at > now()", &[&me])
        .await?;
    if open.iter().any(|r| r.get::<_, PlayerId>(0) == them) {
        return Ok(Err(Refused::Already));
    }
    if open.len() as i64 >= max_open {
        return Ok(Err(Refused::TooMany));
    }
    // An expired row of the same pair, not yet swept, makes way.
    tx.execute("DELETE FROM challenges WHERE challenger_id = $1 AND challenged_id = $2", &[&me, &them]).await?;
    let row = tx
        .query_one(
            &format!(
                "WITH c AS (INSERT INTO challenges (challenger_id, challenged_id, base_ms, increment_ms, color, rated, \
                 expires_at, days_per_move) VALUES ($1, $2, $3, $4, $5, $6, now() + $7 * interval '1 second', $8) \
                 RETURNING *) \
                 {CHALLENGE_FROM_C}"
            ),
            &[
                &me,
                &them,
                &(tc.base_ms as i64),
                &(tc.increment_ms as i64),
                &color.name(),
                &rated,
                &ttl_s,
                &tc.days_per_move.map(|d| d as i32),
            ],
        )
        .await?;
    tx.commit().await?;
    Ok(Ok(challenge(&row)))
}

/// The open challenges made to `me` and by `me`, the newest first.
pub async fn challenges(pool: &Pool, me: PlayerId) -> Result<(Vec<Challenge>, Vec<Challenge>)> {
    let c = pool.get().await?;
    let rows = c
        .query(
            &format!(
                "WITH c AS (SELECT * FROM challenges WHERE (challenged_id = $1 OR challenger_id = $1) \
                 AND expires_at > now()) {CHALLENGE_FROM_C} ORDER BY c.id DESC"
            ),
            &[&me],
        )
        .await?;
    Ok(rows.iter().map(challenge).partition(|ch| ch.challenged.id == me))
}

/// Deletes the open challenge `id` if `me` is its challenged player (`as_challenged`) or its challenger, and
/// returns it; `None` if there is no such open challenge.
pub async fn take_challenge(
    c: &impl GenericClient,
    id: i64,
    me: PlayerId,
    as_challenged: bool,
) -> Result<Option<Challenge>> {
    let who = if as_challenged { "challenged_id" } else { "challenger_id" };
    let row = c
        .query_opt(
            &format!(
                "WITH c AS (DELETE FROM challenges WHERE id = $1 AND {who} = $2 AND expires_at > now() RETURNING *) \
                 {CHALLENGE_FROM_C}"
            ),
            &[&id, &me],
        )
        .await?;
    Ok(row.as_ref().map(challenge))
}

/// Deletes the challenges past their time and returns them (each to one node only, whichever deletes it).
pub async fn expire_challenges(pool: &Pool) -> Result<Vec<Challenge>> {
    let c = pool.get().await?;
    let rows = c
        .query(
            &format!("WITH c AS (DELETE FROM challenges WHERE expires_at <= now() RETURNING *) {CHALLENGE_FROM_C}"),
            &[],
        )
        .await?;
    Ok(rows.iter().map(challenge).collect())
}

/// The player is connected to `node` by connection `conn`.
pub async fn set_presence(pool: &Pool, player: PlayerId, node: &str, conn: u64) -> Result<()> {
    let c = pool.get().await?;
    c.execute(
        "INSERT INTO presence (player_id, node, conn_id) VALUES ($1, $2, $3) \
         ON CONFLICT (player_id) DO UPDATE SET node = $2, conn_id = $3, since = now()",
        &[&player, &node, &(conn as i64)],
    )
    .await?;
    Ok(())
}

/// The connection is gone (unless the player has connected again since, here or elsewhere).
pub async fn clear_presence(pool: &Pool, player: PlayerId, node: &str, conn: u64) -> Result<()> {
    let c = pool.get().await?;
    c.execute(
        "DELETE FROM presence WHERE player_id = $1 AND node = $2 AND conn_id = $3",
        &[&player, &node, &(conn as i64)],
    )
    .await?;
    Ok(())
}

/// The node a player is connected to.
pub async fn node_of(c: &impl GenericClient, player: PlayerId) -> Result<Option<String>> {
    Ok(c.query_opt("SELECT node FROM presence WHERE player_id = $1", &[&player]).await?.map(|r| r.get(0)))
}
