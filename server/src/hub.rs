//! A node's shared state: the players connected to it, the games it runs, and the ways a message reaches a
//! player — straight into a local connection, or through the bus to the node the player is connected to.

use crate::bus::{Bus, Local};
use crate::config::Config;
use crate::messages::{ConnHandle, GameCmd, Out, Route};
use crate::writer::MoveWriter;
use deadpool_postgres::Pool;
use giveaway_protocol::{GameId, PlayerId};
use std::collections::HashMap;
use std::collections::HashSet;
use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use tokio::sync::{mpsc, Notify};

pub struct Hub {
    pub cfg: Config,
    pub pool: Pool,
    pub writer: MoveWriter,
    pub bus: Bus,
    conns: Mutex<HashMap<PlayerId, ConnHandle>>,
    games: Mutex<HashMap<GameId, mpsc::Sender<GameCmd>>>,
    next_conn: AtomicU64,
    /// Drained: the health check fails and no new connection is taken.
    draining: AtomicBool,
    /// Nodes that said they leave, their games to adopt at once; `left` wakes the takeover watch.
    gone: Mutex<HashSet<String>>,
    pub left: Notify,
    /// The games watched from this node's connections, by connection: when a game moves to another node (its
    /// node died or was drained) they watch it again there, as its players' connections resync. An entry lasts
    /// until the spectator unwatches or its connection closes.
    watchers: Mutex<HashMap<GameId, HashMap<u64, ConnHandle>>>,
}

impl Hub {
    pub fn new(cfg: Config, pool: Pool, writer: MoveWriter, bus: Bus) -> Hub {
        Hub {
            cfg,
            pool,
            writer,
            bus,
            conns: Mutex::new(HashMap::new()),
            games: Mutex::new(HashMap::new()),
            next_conn: AtomicU64::new(1),
            draining: AtomicBool::new(false),
            gone: Mutex::new(HashSet::new()),
            left: Notify::new(),
            watchers: Mutex::new(HashMap::new()),
        }
    }

    pub fn is_draining(&self) -> bool {
        self.draining.load(Ordering::Relaxed)
    }

    pub fn start_draining(&self) {
        self.draining.store(true, Ordering::Relaxed);
    }

    /// Another node said it leaves: the takeover watch looks at once.
    pub fn node_left(&self, node: &str) {
        lock(&self.gone).insert(node.to_string());
        self.left.notify_one();
    }

    pub fn has_left(&self, node: &str) -> bool {
        lock(&self.gone).contains(node)
    }

    pub fn forget_left(&self, node: &str) {
        lock(&self.gone).remove(node);
    }

    /// Closes every connection as going away.
    pub fn close_all(&self, why: &'static str) {
        for c in lock(&self.conns).values() {
            c.send(Out::GoingAway(why));
        }
    }

    /// The games this node runs.
    pub fn game_ids(&self) -> Vec<GameId> {
        lock(&self.games).keys().copied().collect()
    }

    pub fn node(&self) -> &str {
        &self.cfg.node
    }

    pub fn new_conn(&self) -> (ConnHandle, mpsc::Receiver<Out>) {
        ConnHandle::new(self.next_conn.fetch_add(1, Ordering::Relaxed))
    }

    /// The player's connection on this node; a second connection of the same player replaces the first.
    pub fn register(&self, player: PlayerId, conn: ConnHandle) {
        if let Some(old) = lock(&self.conns).insert(player, conn) {
            old.send(Out::Close("connected again"));
        }
    }

    pub fn unregister(&self, player: PlayerId, conn_id: u64) {
        let mut conns = lock(&self.conns);
        if conns.get(&player).is_some_and(|c| c.id == conn_id) {
            conns.remove(&player);
        }
    }

    /// The connection `conn` watches `game` (`on`), or no longer does.
    pub fn set_watching(&self, game: GameId, conn: &ConnHandle, on: bool) {
        let mut watchers = lock(&self.watchers);
        if on {
            watchers.entry(game).or_default().insert(conn.id, conn.clone());
        } else if let Some(w) = watchers.get_mut(&game) {
            w.remove(&conn.id);
            if w.is_empty() {
                watchers.remove(&game);
            }
        }
    }

    /// The connections here that watch `game`.
    pub fn watchers(&self, game: GameId) -> Vec<ConnHandle> {
        lock(&self.watchers).get(&game).map(|w| w.values().cloned().collect()).unwrap_or_default()
    }

    pub fn conn(&self, player: PlayerId) -> Option<ConnHandle> {
        lock(&self.conns).get(&player).cloned()
    }

    pub fn connections(&self) -> usize {
        lock(&self.conns).len()
    }

    pub fn games_running(&self) -> usize {
        lock(&self.games).len()
    }

    /// Every local connection is asked to resync its remote games.
    pub fn resync_all(&self) {
        for c in lock(&self.conns).values() {
            c.send(Out::Resync);
        }
    }

    /// Hands a command to a game this node runs; false if it runs no such game.
    /// A full queue is waited for: game actors answer quickly, and a player's commands must keep their order.
    pub async fn to_local_game(&self, game: GameId, cmd: GameCmd) -> bool {
        let tx = lock(&self.games).get(&game).cloned();
        match tx {
            Some(tx) => tx.send(cmd).await.is_ok(),
            None => false,
        }
    }

    /// Sends a command to a game wherever it runs: here (`host` none or this node) or on another node.
    pub async fn to_game(&self, game: GameId, host: Option<&str>, cmd: GameCmd) -> bool {
        match host {
            Some(h) if h != self.node() => self.bus.command(h, game, &cmd).await,
            _ => self.to_local_game(game, cmd).await,
        }
    }

    /// Where a player is for a game that starts now: connected here, or on the node named by its seek/invite.
    pub fn route_for(&self, player: PlayerId, node: Option<&str>) -> Option<Route> {
        match self.conn(player) {
            Some(c) => Some(Route::Local(c)),
            // An empty node: the player is connected nowhere (a correspondence challenge accepted while its
            // maker is away).
            None => node.filter(|n| !n.is_empty() && *n != self.node()).map(|n| Route::Remote(n.to_string())),
        }
    }

    /// Registers a game this node now runs: commands for it go to `tx`.
    pub fn add_game(&self, game: GameId, tx: mpsc::Sender<GameCmd>) {
        lock(&self.games).insert(game, tx);
    }

    /// The game has ended here: commands for it are no longer taken.
    pub fn remove_game(&self, game: GameId) {
        lock(&self.games).remove(&game);
    }
}

impl Local for Hub {
    fn conn(&self, player: PlayerId) -> Option<ConnHandle> {
        Hub::conn(self, player)
    }

    fn watchers(&self, game: GameId) -> Vec<ConnHandle> {
        Hub::watchers(self, game)
    }

    fn resync_all(&self) {
        Hub::resync_all(self)
    }

    fn node_left(&self, node: &str) {
        Hub::node_left(self, node)
    }

    fn to_local_game(&self, game: GameId, cmd: GameCmd) -> Pin<Box<dyn Future<Output = bool> + Send + '_>> {
        Box::pin(Hub::to_local_game(self, game, cmd))
    }
}

/// A poisoned lock means a panic elsewhere; the maps stay usable (every update is a single insert or remove).
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}
