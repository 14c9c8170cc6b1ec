//! Open seeks (docs/protocol.md "Open seeks"): the quick pairing seeks waiting in the database, listed for the
//! lobby and accepted directly. Accepting takes the seek and creates the game in one transaction, as pairing
//! does, so a seek is played once however many accept it at the same moment.

use crate::hub::Hub;
use crate::lobby::{self, database_unavailable as unavailable, LobbyError};
use crate::ratings::PROVISIONAL_DEVIATION;
use crate::store::{self, Result};
use deadpool_postgres::Pool;
use giveaway_protocol::{ErrorCode, OpenSeek, PlayerId, PlayerInfo, TimeControl};
use std::collections::HashMap;
use std::sync::Arc;

/// The most seeks listed.
const LISTED: i64 = 50;

/// Seeks of other players, neither of whom blocks the other, the longest waiting first.
pub async fn open_seeks(pool: &Pool, me: PlayerId) -> Result<Vec<OpenSeek>> {
    let c = pool.get().await?;
    let rows = c
        .query(
            "SELECT s.player_id, p.nickname, s.rating, s.base_ms, s.increment_ms, \
             (extract(epoch FROM now() - s.created_at) * 1000)::bigint FROM seeks s JOIN players p ON p.id = s.player_id \
             WHERE s.player_id <> $1 AND NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = $1 AND \
             b.blocked_id = s.player_id) OR (b.blocker_id = s.player_id AND b.blocked_id = $1)) \
             ORDER BY s.created_at LIMIT $2",
            &[&me, &LISTED],
        )
        .await?;
    let ids: Vec<PlayerId> = rows.iter().map(|r| r.get(0)).collect();
    // Provisional or not is the seeker's deviation in the seek's speed; no rating yet is provisional.
    let deviations: HashMap<(PlayerId, String), f64> = c
        .query("SELECT player_id, speed, deviation FROM ratings WHERE player_id = ANY($1)", &[&ids])
        .await?
        .iter()
        .map(|r| ((r.get(0), r.get(1)), r.get(2)))
        .collect();
    Ok(rows
        .iter()
        .map(|r| {
            let tc = TimeControl::clock(r.get::<_, i64>(3).max(0) as u64, r.get::<_, i64>(4).max(0) as u64);
            let player: PlayerId = r.get(0);
            let speed = lobby::speed_of(tc).name().to_string();
            OpenSeek {
                player: PlayerInfo { id: player, nickname: r.get(1) },
                rating: r.get(2),
                provisional: deviations.get(&(player, speed)).is_none_or(|d| *d > PROVISIONAL_DEVIATION),
                time_control: tc,
                waited_ms: r.get::<_, i64>(5).max(0) as u64,
            }
        })
        .collect())
}

/// Plays the seek of `player` (rated, at its time control); the game's state answers request `re`. A player in
/// a game cannot; their own waiting seek, if any, goes with the game.
pub async fn accept(
    hub: &Arc<Hub>,
    me: PlayerId,
    player: PlayerId,
    re: Option<u64>,
) -> std::result::Result<(), LobbyError> {
    let gone = || (ErrorCode::UnknownSeek, "that seek is no longer open: someone took it, or it was withdrawn".into());
    if player == me {
        return Err((ErrorCode::UnknownSeek, "that is your own seek".into()));
    }
    let mut c = hub.pool.get().await.map_err(|e| unavailable(e.into()))?;
    let tx = c.transaction().await.map_err(|e| unavailable(e.into()))?;
    let row = tx
        .query_opt(
            "DELETE FROM seeks s WHERE s.player_id = $1 AND NOT EXISTS (SELECT 1 FROM blocks b WHERE \
             (b.blocker_id = $2 AND b.blocked_id = $1) OR (b.blocker_id = $1 AND b.blocked_id = $2)) \
             RETURNING s.node, s.base_ms, s.increment_ms",
            &[&player, &me],
        )
        .await
        .map_err(|e| unavailable(e.into()))?;
    let Some(row) = row else { return Err(gone()) };
    let node: String = row.get(0);
    let tc = TimeControl::clock(row.get::<_, i64>(1).max(0) as u64, row.get::<_, i64>(2).max(0) as u64);
    if store::lock_players_busy(&tx, &[me, player]).await.map_err(unavailable)? {
        // Rolled back: the seek stays.
        return Err((ErrorCode::Busy, "you or the seeker are in a game".into()));
    }
    tx.execute("DELETE FROM seeks WHERE player_id = $1", &[&me]).await.map_err(|e| unavailable(e.into()))?;
    lobby::start_game(hub, tx, (me, re), (player, &node), (tc, true), None).await.map_err(unavailable)
}
