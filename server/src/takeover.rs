//! Games outlive their node. A node that dies (its process gone, so its name's advisory lock is free) or is
//! drained for an upgrade has its games in progress adopted by another node: the first to take the gone node's
//! name moves the games' `host_node` to itself in one statement, loads them as they were stored, runs them, and
//! tells every node where they are now (each player's connection then asks the new host for the state).
//!
//! Two hosts never both store a game's move: a move is written only through a join on the game's row with
//! `host_node` = the writer and that row locked (`store::insert_moves`), so a node that was only thought dead
//! (cut off from the database for a moment) finds its moves refused, and its game tasks give the games up.

use crate::game;
use crate::hub::Hub;
use crate::messages::{Action, GameCmd, Route};
use crate::store::{self, StoreError};
use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Looks for gone nodes every `--takeover-check-ms` and adopts their games: at once for a node that said it
/// left (drained), else once its name has been free for `--takeover-after-ms` (a node restarting takes its name
/// back within that time and keeps its games).
pub fn watch(hub: &Arc<Hub>) {
    let hub = hub.clone();
    tokio::spawn(async move {
        let mut free_since: HashMap<String, Instant> = HashMap::new();
        let every = Duration::from_millis(hub.cfg.takeover_check_ms.max(50));
        loop {
            tokio::select! {
                _ = tokio::time::sleep(every) => {}
                _ = hub.left.notified() => {}
            }
            if hub.is_draining() {
                return;
            }
            if let Err(e) = tick(&hub, &mut free_since).await {
                log::warn!("takeover: {e}");
            }
        }
    });
}

async fn tick(hub: &Arc<Hub>, free_since: &mut HashMap<String, Instant>) -> Result<(), StoreError> {
    release_lost_games(hub).await?;
    let hosts = store::other_hosts(&hub.pool, hub.node()).await?;
    free_since.retain(|n, _| hosts.contains(n));
    let after = Duration::from_millis(hub.cfg.takeover_after_ms);
    for node in hosts {
        let lock = crate::lock_node_name(&hub.cfg.database_url, &node).await?;
        let Some(lock) = lock else {
            free_since.remove(&node);
            continue;
        };
        let since = *free_since.entry(node.clone()).or_insert_with(Instant::now);
        if !hub.has_left(&node) && since.elapsed() < after {
            continue; // the lock is dropped here: the node may yet come back for it
        }
        // Adopted while holding the gone node's name: a successor starting with that name waits for it.
        adopt(hub, &node).await?;
        free_since.remove(&node);
        hub.forget_left(&node);
        drop(lock);
    }
    Ok(())
}

async fn adopt(hub: &Arc<Hub>, node: &str) -> Result<(), StoreError> {
    store::delete_node_sessions(&hub.pool, node).await?;
    let games = store::adopt_games(&hub.pool, node, hub.node()).await?;
    if !games.is_empty() {
        log::warn!("node {node} is gone: its {} games in progress go on here", games.len());
        game::resume(hub, games).await;
    }
    Ok(())
}

/// Game tasks of this node whose game another node has adopted (this node was cut off and thought gone) give
/// their games up.
async fn release_lost_games(hub: &Arc<Hub>) -> Result<(), StoreError> {
    let mine = hub.game_ids();
    if mine.is_empty() {
        return Ok(());
    }
    for game in store::not_hosted_by(&hub.pool, &mine, hub.node()).await? {
        let cmd =
            GameCmd { player: 0, re: None, from: Route::Remote(String::new()), rtt_ms: 0, action: Action::Release };
        hub.to_local_game(game, cmd).await;
    }
    Ok(())
}

/// See [`crate::Running::drain`].
pub async fn drain(hub: &Arc<Hub>, name: &tokio::task::JoinHandle<()>) {
    hub.start_draining();
    log::info!("draining: the health check fails; closing the connections in {} ms", hub.cfg.drain_wait_ms);
    tokio::time::sleep(Duration::from_millis(hub.cfg.drain_wait_ms)).await;
    hub.close_all("the server is restarting; connect again");
    // The games keep running here, reached through the bus, until another node adopts them.
    name.abort();
    // Let the name's connection close before the others try to take the name.
    tokio::time::sleep(Duration::from_millis(100)).await;
    hub.bus.left().await;
    let deadline = Instant::now() + Duration::from_secs(30);
    while Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(200)).await;
        match store::games_hosted(&hub.pool, hub.node()).await {
            Ok(0) => {
                log::info!("drained: every game in progress is hosted by another node");
                if let Err(e) = release_lost_games(hub).await {
                    log::warn!("draining: {e}");
                }
                // Let the released game tasks end.
                for _ in 0..50 {
                    if hub.games_running() == 0 {
                        break;
                    }
                    tokio::time::sleep(Duration::from_millis(20)).await;
                }
                return;
            }
            Ok(n) => log::debug!("draining: {n} games not adopted yet"),
            Err(e) => log::warn!("draining: {e}"),
        }
    }
    log::warn!(
        "drained with games not adopted: no other node took them within 30 s (they resume when this node is back)"
    );
}
