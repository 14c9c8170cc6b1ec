//! Quick pairing and invite codes. Both live in PostgreSQL so that players on different nodes meet; a pairing
//! takes the waiting seek and creates the game in one transaction, on the node of the player who completes it.

use crate::hub::Hub;
use crate::store::{self, NewGame, StoreError};
use giveaway_core::record::{SideTime, Speed as CoreSpeed, TimeControl as CoreTimeControl};
use giveaway_protocol::{ErrorCode, PlayerId, Speed, TimeControl, CORRESPONDENCE_DAYS};
use std::sync::Arc;
use std::time::Duration;

pub type LobbyError = (ErrorCode, String);

fn unavailable(e: StoreError) -> LobbyError {
    (ErrorCode::Unavailable, e.to_string())
}

/// The database failed a request of the social lobby: logged here, told to the player in plain words.
pub(crate) fn database_unavailable(e: StoreError) -> LobbyError {
    log::warn!("database: {e}");
    (ErrorCode::Unavailable, "the server's database is unavailable; try again".into())
}

fn core_tc(tc: TimeControl) -> CoreTimeControl {
    let side = SideTime { base_ms: tc.base_ms, increment_ms: tc.increment_ms };
    CoreTimeControl { white: side, black: side }
}

pub fn speed_of(tc: TimeControl) -> Speed {
    match core_tc(tc).speed() {
        CoreSpeed::Bullet => Speed::Bullet,
        CoreSpeed::Blitz => Speed::Blitz,
        CoreSpeed::Rapid => Speed::Rapid,
        CoreSpeed::Classic => Speed::Classic,
    }
}

/// The catalog's presets, as quick pairing offers them.
pub fn presets() -> Vec<TimeControl> {
    CoreTimeControl::presets().map(|t| TimeControl::clock(t.white.base_ms, t.white.increment_ms)).collect()
}

/// A friend's game may use any clock from `min_base_ms` (15 s by default) to 3 hours with up to 3 minutes'
/// increment.
pub(crate) fn check_invite_tc(tc: TimeControl, min_base_ms: u64) -> Result<(), LobbyError> {
    if !tc.is_correspondence() && (min_base_ms..=10_800_000).contains(&tc.base_ms) && tc.increment_ms <= 180_000 {
        Ok(())
    } else {
        Err((
            ErrorCode::UnknownTimeControl,
            format!("base time {} s to 3 h, increment up to 180 s", min_base_ms as f64 / 1000.0),
        ))
    }
}

/// A challenge may also be a correspondence game with one of the [`CORRESPONDENCE_DAYS`] per move.
pub(crate) fn check_challenge_tc(tc: TimeControl, min_base_ms: u64) -> Result<(), LobbyError> {
    match tc.days_per_move {
        Some(d) if CORRESPONDENCE_DAYS.contains(&d) && tc == TimeControl::correspondence(d) => Ok(()),
        Some(_) => Err((ErrorCode::UnknownTimeControl, "days per move: 1, 2, 3, 5, 7 or 14".into())),
        None => check_invite_tc(tc, min_base_ms),
    }
}

/// Random colours for a new pair.
pub(crate) fn white_first() -> bool {
    let mut b = [0u8; 1];
    getrandom::fill(&mut b).map(|_| b[0] & 1 == 0).unwrap_or(true)
}

/// Pairs the seeker at once if a waiting seek fits its window (the game's state then answers request `re`),
/// else leaves a seek. Returns whether it waits.
pub async fn seek(hub: &Arc<Hub>, me: PlayerId, tc: TimeControl, re: Option<u64>) -> Result<bool, LobbyError> {
    if !presets().contains(&tc) {
        return Err((ErrorCode::UnknownTimeControl, "quick pairing offers only the preset time controls".into()));
    }
    let mut c = hub.pool.get().await.map_err(|e| unavailable(e.into()))?;
    let tx = c.transaction().await.map_err(|e| unavailable(e.into()))?;
    if store::lock_players_busy(&tx, &[me]).await.map_err(unavailable)? {
        return Err((ErrorCode::Busy, "you are in a game".into()));
    }
    let rating = store::rating(&tx, me, speed_of(tc)).await.map_err(unavailable)?.rating;
    let cfg = &hub.cfg;
    let found =
        store::take_match(&tx, me, tc, rating, 0.0, cfg.window_start, cfg.window_growth).await.map_err(unavailable)?;
    let Some(other) = found else {
        store::put_seek(&tx, me, hub.node(), tc, rating).await.map_err(unavailable)?;
        tx.commit().await.map_err(|e| unavailable(e.into()))?;
        return Ok(true);
    };
    if store::lock_players_busy(&tx, &[other.player]).await.map_err(unavailable)? {
        // The other player got a game meanwhile; their seek is gone with this transaction, ours waits.
        store::put_seek(&tx, me, hub.node(), tc, rating).await.map_err(unavailable)?;
        tx.commit().await.map_err(|e| unavailable(e.into()))?;
        return Ok(true);
    }
    start_game(hub, tx, (me, re), (other.player, &other.node), (tc, true), None).await.map_err(unavailable)?;
    Ok(false)
}

/// One pass over this node's waiting seeks with their widened windows.
async fn pair_waiting(hub: &Arc<Hub>) -> Result<(), StoreError> {
    let cfg = &hub.cfg;
    for (me, tc, rating, waited) in store::local_seeks(&hub.pool, hub.node()).await? {
        let mut c = hub.pool.get().await?;
        let tx = c.transaction().await?;
        if !store::lock_own_seek(&tx, me).await? {
            continue;
        }
        let Some(other) = store::take_match(&tx, me, tc, rating, waited, cfg.window_start, cfg.window_growth).await?
        else {
            continue;
        };
        if store::lock_players_busy(&tx, &[me, other.player]).await? {
            continue; // rolled back: both seeks stay
        }
        tx.execute("DELETE FROM seeks WHERE player_id = $1", &[&me]).await?;
        // Paired by the clock, not by a request: the game's states are events.
        start_game(hub, tx, (me, None), (other.player, &other.node), (tc, true), None).await?;
    }
    Ok(())
}

/// Widens the windows of waiting seeks, every `pair_tick_ms`.
pub fn start_pairing(hub: &Arc<Hub>) {
    let hub = hub.clone();
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(Duration::from_millis(hub.cfg.pair_tick_ms));
        loop {
            tick.tick().await;
            if let Err(e) = pair_waiting(&hub).await {
                log::warn!("pairing: {e}");
            }
        }
    });
}

/// Letters and digits that cannot be mistaken for one another (no 0/O, 1/I/L).
const CODE_ALPHABET: &[u8] = b"ABCDEFGHJKMNPQRSTUVWXYZ23456789";
const CODE_LEN: usize = 6;

fn new_code() -> Result<String, LobbyError> {
    let mut bytes = [0u8; CODE_LEN];
    getrandom::fill(&mut bytes).map_err(|e| (ErrorCode::Internal, e.to_string()))?;
    Ok(bytes.iter().map(|b| CODE_ALPHABET[*b as usize % CODE_ALPHABET.len()] as char).collect())
}

pub async fn create_invite(hub: &Arc<Hub>, me: PlayerId, tc: TimeControl, rated: bool) -> Result<String, LobbyError> {
    check_invite_tc(tc, hub.cfg.min_invite_base_ms)?;
    if !store::active_games(&hub.pool, me).await.map_err(unavailable)?.is_empty() {
        return Err((ErrorCode::Busy, "you are in a game".into()));
    }
    // A clash with a live code is rare (30^6 codes); try a few.
    for _ in 0..5 {
        let code = new_code()?;
        if store::put_invite(&hub.pool, &code, me, hub.node(), tc, rated).await.map_err(unavailable)? {
            return Ok(code);
        }
    }
    Err((ErrorCode::Internal, "no free invite code".into()))
}

/// Starts the game of an invite; its state answers request `re` of the player accepting.
pub async fn accept_invite(hub: &Arc<Hub>, me: PlayerId, code: &str, re: Option<u64>) -> Result<(), LobbyError> {
    let code = code.trim().to_uppercase();
    let mut c = hub.pool.get().await.map_err(|e| unavailable(e.into()))?;
    let tx = c.transaction().await.map_err(|e| unavailable(e.into()))?;
    let ttl = hub.cfg.invite_ttl_s as f64;
    let Some(inv) = store::lock_invite(&tx, &code, ttl).await.map_err(unavailable)? else {
        return Err((ErrorCode::UnknownInvite, format!("no invite {code}")));
    };
    if inv.player == me {
        return Err((ErrorCode::OwnInvite, "that is your own invite".into()));
    }
    if store::lock_players_busy(&tx, &[me, inv.player]).await.map_err(unavailable)? {
        return Err((ErrorCode::Busy, "you or your friend are in a game".into()));
    }
    store::take_invite(&tx, &code).await.map_err(unavailable)?;
    start_game(hub, tx, (me, re), (inv.player, &inv.node), (inv.time_control, inv.rated), None)
        .await
        .map_err(unavailable)
}

/// Creates the game of `me` (connected here; the game's state answers its request id) and `other` (connected
/// to the node named), with `white` playing White (`None`: drawn at random), commits the caller's transaction
/// and runs the game on this node.
pub(crate) async fn start_game(
    hub: &Arc<Hub>,
    tx: deadpool_postgres::Transaction<'_>,
    (me, re): (PlayerId, Option<u64>),
    other: (PlayerId, &str),
    (tc, rated): (TimeControl, bool),
    white: Option<PlayerId>,
) -> Result<(), StoreError> {
    let white_is_me = white.map_or_else(white_first, |w| w == me);
    let (white, black) = if white_is_me { (me, other.0) } else { (other.0, me) };
    let new = NewGame { white, black, time_control: tc, speed: speed_of(tc), rated, rematch_of: None, arena: None };
    let stored = store::insert_game(&tx, hub.node(), &new).await?;
    tx.commit().await?;
    let node_of = |p: PlayerId| if p == other.0 { Some(other.1) } else { None };
    let routes = [hub.route_for(white, node_of(white)), hub.route_for(black, node_of(black))];
    crate::game::start(hub, stored, routes, false, Some((me, re)));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_and_codes() {
        let p = presets();
        assert_eq!(p.len(), 12);
        assert_eq!(speed_of(p[0]), Speed::Bullet);
        assert_eq!(speed_of(p[11]), Speed::Classic);
        let code = new_code().unwrap();
        assert_eq!(code.len(), CODE_LEN);
        assert!(code.bytes().all(|b| CODE_ALPHABET.contains(&b)));
        assert!(check_invite_tc(TimeControl::clock(10_000, 0), 15_000).is_err());
        assert!(check_invite_tc(TimeControl::clock(300_000, 3000), 15_000).is_ok());
        assert!(check_invite_tc(TimeControl::clock(300_000, 181_000), 15_000).is_err());
        // Correspondence is for challenges only, with the listed days and nothing else changed.
        assert!(check_invite_tc(TimeControl::correspondence(3), 15_000).is_err());
        assert!(check_challenge_tc(TimeControl::correspondence(3), 15_000).is_ok());
        assert!(check_challenge_tc(TimeControl::correspondence(4), 15_000).is_err());
        let odd = TimeControl { increment_ms: 1000, ..TimeControl::correspondence(3) };
        assert!(check_challenge_tc(odd, 15_000).is_err());
        assert!(check_challenge_tc(TimeControl::clock(300_000, 3000), 15_000).is_ok());
        assert_eq!(speed_of(TimeControl::correspondence(1)), Speed::Classic);
    }
}
