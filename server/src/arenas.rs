//! Arenas (docs/protocol.md "Arenas"): tournaments with a finish time in which every free player is paired
//! again at once. Each node pairs the running arenas every tick, one node at a time per arena (a
//! transaction-scoped advisory lock), and a game's result scores its arena in the transaction that stores the
//! result, so a score is never counted twice nor lost.

use crate::hub::Hub;
use crate::lobby::{self, database_unavailable as unavailable, LobbyError};
use crate::store::{self, NewGame, Result};
use deadpool_postgres::GenericClient;
use giveaway_protocol::{
    ArenaId, ArenaInfo, ArenaResult, ArenaSchedule, ArenaStanding, ArenaStatus, Color, ErrorCode, GameId, GameResult,
    PlayerId, PlayerInfo, TimeControl,
};
use std::collections::HashSet;
use std::sync::Arc;
use std::time::Duration;

/// The longest arena a player may make, and the shortest.
const MINUTES: std::ops::RangeInclusive<u32> = 10..=180;
/// How far ahead a player may schedule one.
const MAX_STARTS_IN_S: u64 = 86_400;
/// The most standings lines sent.
const STANDINGS: i64 = 100;
/// The first key of the advisory locks that let one node at a time pair an arena.
const PAIRING_LOCK: i32 = 0x4152;

fn unknown(arena: ArenaId) -> LobbyError {
    (ErrorCode::UnknownArena, format!("no arena {arena} open to join"))
}

fn tc_of(base_ms: i64, increment_ms: i64) -> TimeControl {
    TimeControl::clock(base_ms.max(0) as u64, increment_ms.max(0) as u64)
}

/// The columns [`info`] reads; `$1` is the asking player.
const INFO: &str = "SELECT a.id, a.name, a.base_ms, a.increment_ms, \
    greatest(0, extract(epoch FROM a.starts_at - now()) * 1000)::bigint, \
    greatest(0, extract(epoch FROM a.ends_at - now()) * 1000)::bigint, \
    (extract(epoch FROM a.ends_at - a.starts_at) * 1000)::bigint, \
    (SELECT count(*) FROM arena_players x WHERE x.arena_id = a.id), \
    EXISTS (SELECT 1 FROM arena_players x WHERE x.arena_id = a.id AND x.player_id = $1 AND x.active), \
    a.created_by, c.nickname, l.nickname, l.score, a.slot \
    FROM arenas a LEFT JOIN players c ON c.id = a.created_by \
    LEFT JOIN LATERAL (SELECT p.nickname, x.score FROM arena_players x JOIN players p ON p.id = x.player_id \
    WHERE x.arena_id = a.id AND x.score > 0 ORDER BY x.score DESC, x.wins DESC, x.joined_at LIMIT 1) l ON true";

fn info(r: &tokio_postgres::Row) -> ArenaInfo {
    let starts_in_ms = r.get::<_, i64>(4).max(0) as u64;
    let ends_in_ms = r.get::<_, i64>(5).max(0) as u64;
    let status = match (starts_in_ms, ends_in_ms) {
        (_, 0) => ArenaStatus::Finished,
        (0, _) => ArenaStatus::Running,
        _ => ArenaStatus::Upcoming,
    };
    let created_by = r.get::<_, Option<PlayerId>>(9).map(|id| PlayerInfo { id, nickname: r.get(10) });
    let leader = r.get::<_, Option<String>>(11).map(|n| (n, r.get::<_, i32>(12).max(0) as u32));
    let slot: Option<String> = r.get(13);
    let schedule = slot.and_then(|s| match s.split(' ').next() {
        Some("hourly_blitz") => Some(ArenaSchedule::HourlyBlitz),
        Some("daily_rapid") => Some(ArenaSchedule::DailyRapid),
        _ => None,
    });
    ArenaInfo {
        id: r.get(0),
        name: r.get(1),
        time_control: tc_of(r.get(2), r.get(3)),
        status,
        starts_in_ms,
        ends_in_ms,
        duration_ms: r.get::<_, i64>(6).max(0) as u64,
        players: r.get::<_, i64>(7).max(0) as u32,
        joined: r.get(8),
        created_by,
        schedule,
        leader,
    }
}

/// The running arenas, then the upcoming ones (soonest first), then those finished in the last day that
/// someone played (latest first).
pub async fn list(c: &impl GenericClient, me: PlayerId) -> Result<Vec<ArenaInfo>> {
    let sql = format!(
        "{INFO} WHERE a.ends_at > now() - interval '1 day' AND (a.ends_at > now() OR EXISTS \
         (SELECT 1 FROM arena_players x WHERE x.arena_id = a.id AND x.games > 0)) \
         ORDER BY CASE WHEN a.ends_at <= now() THEN 2 WHEN a.starts_at > now() THEN 1 ELSE 0 END, \
         CASE WHEN a.ends_at <= now() THEN -extract(epoch FROM a.ends_at) ELSE extract(epoch FROM a.starts_at) END \
         LIMIT 30"
    );
    Ok(c.query(&sql, &[&me]).await?.iter().map(info).collect())
}

/// An arena and its standings as `me` sees them.
pub async fn standings(
    c: &impl GenericClient,
    me: PlayerId,
    arena: ArenaId,
) -> Result<Option<(ArenaInfo, Vec<ArenaStanding>)>> {
    let Some(row) = c.query_opt(&format!("{INFO} WHERE a.id = $2"), &[&me, &arena]).await? else {
        return Ok(None);
    };
    let info = info(&row);
    let speed = lobby::speed_of(info.time_control).name();
    let rows = c
        .query(
            "SELECT ap.player_id, p.nickname, coalesce(r.rating, 1500.0), ap.score, ap.games, ap.wins, ap.streak >= 2, \
             ap.active, EXISTS (SELECT 1 FROM games g WHERE g.arena_id = ap.arena_id AND g.ended_at IS NULL AND \
             (g.white_id = ap.player_id OR g.black_id = ap.player_id)) \
             FROM arena_players ap JOIN players p ON p.id = ap.player_id \
             LEFT JOIN ratings r ON r.player_id = ap.player_id AND r.speed = $2 \
             WHERE ap.arena_id = $1 ORDER BY ap.score DESC, ap.wins DESC, ap.joined_at LIMIT $3",
            &[&arena, &speed, &STANDINGS],
        )
        .await?;
    let lines = rows
        .iter()
        .enumerate()
        .map(|(i, r)| ArenaStanding {
            rank: i as u32 + 1,
            player: PlayerInfo { id: r.get(0), nickname: r.get(1) },
            rating: r.get(2),
            score: r.get::<_, i32>(3).max(0) as u32,
            games: r.get::<_, i32>(4).max(0) as u32,
            wins: r.get::<_, i32>(5).max(0) as u32,
            on_fire: r.get(6),
            active: r.get(7),
            playing: r.get(8),
        })
        .collect();
    Ok(Some((info, lines)))
}

/// The answer to the arena requests: the arena and its standings.
pub type ArenaView = (ArenaInfo, Vec<ArenaStanding>);

async fn view(c: &impl GenericClient, me: PlayerId, arena: ArenaId) -> std::result::Result<ArenaView, LobbyError> {
    standings(c, me, arena).await.map_err(unavailable)?.ok_or_else(|| unknown(arena))
}

/// Makes an arena that `me` joins.
pub async fn create(
    hub: &Arc<Hub>,
    me: PlayerId,
    name: &str,
    tc: TimeControl,
    starts_in_s: u64,
    minutes: u32,
) -> std::result::Result<ArenaView, LobbyError> {
    let name = name.trim();
    let refuse = |why: &str| Err((ErrorCode::UnknownArena, why.to_string()));
    if !(3..=30).contains(&name.chars().count()) || name.chars().any(char::is_control) {
        return refuse("an arena's name is 3 to 30 characters");
    }
    if !MINUTES.contains(&minutes) {
        return refuse("an arena lasts 10 to 180 minutes");
    }
    if starts_in_s > MAX_STARTS_IN_S {
        return refuse("an arena starts within a day");
    }
    lobby::check_invite_tc(tc, hub.cfg.min_invite_base_ms)?;
    let mut c = hub.pool.get().await.map_err(|e| unavailable(e.into()))?;
    let tx = c.transaction().await.map_err(|e| unavailable(e.into()))?;
    let row = tx
        .query_one(
            "INSERT INTO arenas (name, base_ms, increment_ms, starts_at, ends_at, created_by) VALUES ($1, $2, $3, \
             now() + $4 * interval '1 second', now() + $4 * interval '1 second' + $5 * interval '1 minute', $6) \
             RETURNING id",
            &[&name, &(tc.base_ms as i64), &(tc.increment_ms as i64), &(starts_in_s as f64), &(minutes as f64), &me],
        )
        .await
        .map_err(|e| unavailable(e.into()))?;
    let arena: ArenaId = row.get(0);
    tx.execute("INSERT INTO arena_players (arena_id, player_id) VALUES ($1, $2)", &[&arena, &me])
        .await
        .map_err(|e| unavailable(e.into()))?;
    tx.commit().await.map_err(|e| unavailable(e.into()))?;
    view(&c, me, arena).await
}

/// Joins an arena not finished (again, after a pause).
pub async fn join(hub: &Arc<Hub>, me: PlayerId, arena: ArenaId) -> std::result::Result<ArenaView, LobbyError> {
    let c = hub.pool.get().await.map_err(|e| unavailable(e.into()))?;
    let joined = c
        .execute(
            "INSERT INTO arena_players (arena_id, player_id) SELECT id, $2 FROM arenas WHERE id = $1 AND ends_at > now() \
             ON CONFLICT (arena_id, player_id) DO UPDATE SET active = true",
            &[&arena, &me],
        )
        .await
        .map_err(|e| unavailable(e.into()))?;
    if joined == 0 {
        return Err(unknown(arena));
    }
    view(&c, me, arena).await
}

/// Pauses in an arena: no more pairings; the points stay.
pub async fn leave(hub: &Arc<Hub>, me: PlayerId, arena: ArenaId) -> std::result::Result<ArenaView, LobbyError> {
    let c = hub.pool.get().await.map_err(|e| unavailable(e.into()))?;
    c.execute("UPDATE arena_players SET active = false WHERE arena_id = $1 AND player_id = $2", &[&arena, &me])
        .await
        .map_err(|e| unavailable(e.into()))?;
    view(&c, me, arena).await
}

/// An arena and its standings.
pub async fn show(hub: &Arc<Hub>, me: PlayerId, arena: ArenaId) -> std::result::Result<ArenaView, LobbyError> {
    let c = hub.pool.get().await.map_err(|e| unavailable(e.into()))?;
    view(&c, me, arena).await
}

/// Scores a finished game in its arena, inside the transaction that stores its result: a win 2, a draw 1,
/// doubled for a player who had won the two games before; an aborted game scores nothing. A game that ends
/// after its arena's finish does not count.
pub(crate) async fn score_game(
    tx: &impl GenericClient,
    game: GameId,
    (white, black): (PlayerId, PlayerId),
    result: &GameResult,
) -> Result<()> {
    let Some(row) = tx
        .query_opt(
            "SELECT g.arena_id FROM games g JOIN arenas a ON a.id = g.arena_id WHERE g.id = $1 AND a.ends_at > now()",
            &[&game],
        )
        .await?
    else {
        return Ok(());
    };
    let arena: ArenaId = row.get(0);
    for (me, color, opponent) in [(white, Color::White, black), (black, Color::Black, white)] {
        if result.reason == giveaway_protocol::EndReason::Aborted {
            tx.execute(
                "UPDATE arena_players SET last_opponent = $3 WHERE arena_id = $1 AND player_id = $2",
                &[&arena, &me, &opponent],
            )
            .await?;
            continue;
        }
        let (points, won): (i32, i32) = match result.winner {
            Some(w) if w == color => (2, 1),
            Some(_) => (0, 0),
            None => (1, 0),
        };
        // The right-hand sides read the row before the update: the streak the game was played on.
        tx.execute(
            "UPDATE arena_players SET score = score + $3 * CASE WHEN streak >= 2 THEN 2 ELSE 1 END, \
             games = games + 1, wins = wins + $4, streak = CASE WHEN $4 = 1 THEN streak + 1 ELSE 0 END, \
             last_opponent = $5 WHERE arena_id = $1 AND player_id = $2",
            &[&arena, &me, &points, &won, &opponent],
        )
        .await?;
    }
    Ok(())
}

/// The finished arenas `player` played, the latest first, with their rank.
pub async fn results_of(c: &impl GenericClient, player: PlayerId) -> Result<Vec<ArenaResult>> {
    let rows = c
        .query(
            "SELECT a.id, a.name, a.base_ms, a.increment_ms, (extract(epoch FROM now() - a.ends_at) * 1000)::bigint, \
             (SELECT count(*) FROM arena_players x WHERE x.arena_id = a.id AND (x.score, x.wins, ap.joined_at) > \
             (ap.score, ap.wins, x.joined_at)) + 1, \
             (SELECT count(*) FROM arena_players x WHERE x.arena_id = a.id), ap.score \
             FROM arena_players ap JOIN arenas a ON a.id = ap.arena_id \
             WHERE ap.player_id = $1 AND a.ends_at <= now() AND ap.games > 0 ORDER BY a.ends_at DESC LIMIT 10",
            &[&player],
        )
        .await?;
    Ok(rows
        .iter()
        .map(|r| ArenaResult {
            arena: r.get(0),
            name: r.get(1),
            time_control: tc_of(r.get(2), r.get(3)),
            finished_ago_ms: r.get::<_, i64>(4).max(0) as u64,
            rank: r.get::<_, i64>(5).max(0) as u32,
            players: r.get::<_, i64>(6).max(0) as u32,
            score: r.get::<_, i32>(7).max(0) as u32,
        })
        .collect())
}

/// The server's own arenas: an hourly blitz one from each full hour (this hour's and the next) and a daily
/// rapid one at 18:00 UTC (the next one not over); a slot is made once whichever node comes first.
async fn schedule(c: &impl GenericClient) -> Result<()> {
    c.execute(
        "INSERT INTO arenas (name, base_ms, increment_ms, starts_at, ends_at, slot) \
         SELECT 'Hourly blitz', 180000, 2000, h, h + interval '50 minutes', \
         'hourly_blitz ' || to_char(h AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI') \
         FROM generate_series(date_trunc('hour', now()), date_trunc('hour', now()) + interval '1 hour', \
         interval '1 hour') h \
         UNION ALL \
         SELECT 'Daily rapid', 600000, 5000, d, d + interval '90 minutes', \
         'daily_rapid ' || to_char(d AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI') \
         FROM (SELECT CASE WHEN now() < t + interval '90 minutes' THEN t ELSE t + interval '1 day' END AS d \
         FROM (SELECT date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' + interval '18 hours' AS t) today) next \
         ON CONFLICT (slot) DO NOTHING",
        &[],
    )
    .await?;
    Ok(())
}

/// A free player of an arena, as pairing reads them.
struct Free {
    player: PlayerId,
    node: String,
    last_opponent: Option<PlayerId>,
}

/// Pairs the free players of one running arena: connected, active in it, not in a game and rested since their
/// last one; neighbours in the standings meet, but not the last game's opponent while someone else is free,
/// nor across a block.
async fn pair_arena(hub: &Arc<Hub>, arena: ArenaId, tc: TimeControl) -> Result<()> {
    let mut c = hub.pool.get().await?;
    let tx = c.transaction().await?;
    let locked: bool = tx
        .query_one(
            "SELECT pg_try_advisory_xact_lock($1::int, ($2::bigint % 2147483647)::int)",
            &[&PAIRING_LOCK, &arena],
        )
        .await?
        .get(0);
    if !locked {
        return Ok(()); // another node is pairing it
    }
    let rest = hub.cfg.arena_rest_ms as f64 / 1000.0;
    let rows = tx
        .query(
            "SELECT ap.player_id, pr.node, ap.last_opponent FROM arena_players ap \
             JOIN presence pr ON pr.player_id = ap.player_id \
             WHERE ap.arena_id = $1 AND ap.active \
             AND EXISTS (SELECT 1 FROM arenas a WHERE a.id = $1 AND a.starts_at <= now() AND a.ends_at > now()) \
             AND NOT EXISTS (SELECT 1 FROM games g WHERE \
             (g.white_id = ap.player_id OR g.black_id = ap.player_id) AND \
             (g.ended_at IS NULL OR g.ended_at > now() - $2::float8 * interval '1 second')) \
             ORDER BY ap.score DESC, ap.wins DESC, ap.joined_at",
            &[&arena, &rest],
        )
        .await?;
    let free: Vec<Free> =
        rows.iter().map(|r| Free { player: r.get(0), node: r.get(1), last_opponent: r.get(2) }).collect();
    if free.len() < 2 {
        return Ok(());
    }
    let ids: Vec<PlayerId> = free.iter().map(|f| f.player).collect();
    let blocked: HashSet<(PlayerId, PlayerId)> = tx
        .query("SELECT blocker_id, blocked_id FROM blocks WHERE blocker_id = ANY($1) AND blocked_id = ANY($1)", &[&ids])
        .await?
        .iter()
        .flat_map(|r| [(r.get(0), r.get(1)), (r.get(1), r.get(0))])
        .collect();
    let mut games = Vec::new();
    for (a, b) in pairs(&free, &blocked) {
        let (a, b) = (&free[a], &free[b]);
        if store::lock_players_busy(&tx, &[a.player, b.player]).await? {
            continue;
        }
        let (white, black) = if lobby::white_first() { (a, b) } else { (b, a) };
        let new = NewGame {
            white: white.player,
            black: black.player,
            time_control: tc,
            speed: lobby::speed_of(tc),
            rated: true,
            rematch_of: None,
            arena: Some(arena),
        };
        let stored = store::insert_game(&tx, hub.node(), &new).await?;
        games.push((stored, white.node.clone(), black.node.clone()));
    }
    tx.commit().await?;
    for (stored, white_node, black_node) in games {
        let routes =
            [hub.route_for(stored.white.0.id, Some(&white_node)), hub.route_for(stored.black.0.id, Some(&black_node))];
        crate::game::start(hub, stored, routes, false, None);
    }
    Ok(())
}

/// Pairs `free` (in standings order) greedily: each unpaired player with the next one who is neither blocked
/// nor their last opponent, or, when only their last opponent is left, with them.
fn pairs(free: &[Free], blocked: &HashSet<(PlayerId, PlayerId)>) -> Vec<(usize, usize)> {
    let mut taken = vec![false; free.len()];
    let mut out = Vec::new();
    for i in 0..free.len() {
        if taken[i] {
            continue;
        }
        let open = |j: &usize| !taken[*j] && *j != i && !blocked.contains(&(free[i].player, free[*j].player));
        let fresh = (i + 1..free.len())
            .filter(open)
            .find(|j| free[i].last_opponent != Some(free[*j].player) && free[*j].last_opponent != Some(free[i].player));
        let Some(j) = fresh.or_else(|| (i + 1..free.len()).find(open)) else { continue };
        taken[i] = true;
        taken[j] = true;
        out.push((i, j));
    }
    out
}

/// How often the schedule is kept (its slots are an hour apart).
const SCHEDULE_EVERY: Duration = Duration::from_secs(30);

/// One pass: the schedule kept when `keep_schedule`, then every running arena with two players or more who take
/// part paired (an arena nobody plays in costs one query).
async fn tick(hub: &Arc<Hub>, keep_schedule: bool) -> Result<()> {
    let running = {
        let c = hub.pool.get().await?;
        if keep_schedule && hub.cfg.arena_schedule {
            schedule(&c).await?;
        }
        c.query(
            "SELECT a.id, a.base_ms, a.increment_ms FROM arenas a WHERE a.starts_at <= now() AND a.ends_at > now() \
             AND (SELECT count(*) FROM arena_players x WHERE x.arena_id = a.id AND x.active) >= 2",
            &[],
        )
        .await?
        .iter()
        .map(|r| (r.get::<_, ArenaId>(0), tc_of(r.get(1), r.get(2))))
        .collect::<Vec<_>>()
    };
    for (arena, tc) in running {
        pair_arena(hub, arena, tc).await?;
    }
    Ok(())
}

/// Pairs the arenas every `pair_tick_ms`, and keeps the schedule every [`SCHEDULE_EVERY`].
pub fn start(hub: &Arc<Hub>) {
    let hub = hub.clone();
    tokio::spawn(async move {
        let mut tick_every = tokio::time::interval(Duration::from_millis(hub.cfg.pair_tick_ms));
        let mut kept: Option<std::time::Instant> = None;
        loop {
            tick_every.tick().await;
            let keep_schedule = kept.is_none_or(|at| at.elapsed() >= SCHEDULE_EVERY);
            match tick(&hub, keep_schedule).await {
                Ok(()) if keep_schedule => kept = Some(std::time::Instant::now()),
                Ok(()) => {}
                Err(e) => log::warn!("arenas: {e}"),
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn free(player: PlayerId, last_opponent: Option<PlayerId>) -> Free {
        Free { player, node: "n".into(), last_opponent }
    }

    #[test]
    fn neighbours_meet_but_not_the_last_opponent_while_another_is_free() {
        let none = HashSet::new();
        assert_eq!(pairs(&[free(1, None), free(2, None), free(3, None), free(4, None)], &none), [(0, 1), (2, 3)]);
        // 1 and 2 just played: 1 meets 3, 2 meets 4.
        let list = [free(1, Some(2)), free(2, Some(1)), free(3, None), free(4, None)];
        assert_eq!(pairs(&list, &none), [(0, 2), (1, 3)]);
        // Only the two of them are free: they meet again rather than wait.
        assert_eq!(pairs(&[free(1, Some(2)), free(2, Some(1))], &none), [(0, 1)]);
        // A block is never crossed, even when no one else is free.
        let blocked: HashSet<_> = [(1, 2), (2, 1)].into();
        assert_eq!(pairs(&[free(1, None), free(2, None)], &blocked), []);
        assert_eq!(pairs(&[free(1, None), free(2, None), free(3, None)], &blocked), [(0, 2)]);
    }
}
