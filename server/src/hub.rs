//! A node's shared state: the players connected to it, the games it runs, and the ways a message reaches a
//! player — straight into a local connection, or through the bus to the node the player is connected to.

use crate::bus::Bus;
use crate::config::Config;
use crate::game::{self, Action};
use crate::store::{self, StoredGame};
use crate::writer::MoveWriter;
use deadpool_postgres::Pool;
use giveaway_protocol::{GameId, PlayerId};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use tokio::sync::{mpsc, Notify};

/// What a connection's task is asked to do.
#[derive(Debug)]
pub enum Out {
    /// Send this frame.
    Frame(String),
    /// Send this frame, and note that the game it is about runs on `host` (`None`: this node).
    Game { game: GameId, host: Option<String>, frame: String },
    /// Ask every remote game for its state again (the bus lost notifications while it reconnected).
    Resync,
    /// Close with this reason (the same player connected again elsewhere on this node).
    Close(&'static str),
}

/// The sending end of one connection.
#[derive(Clone, Debug)]
pub struct ConnHandle {
    pub id: u64,
    tx: mpsc::Sender<Out>,
    /// Round trip of the last WebSocket ping, milliseconds.
    pub rtt_ms: Arc<AtomicU64>,
    /// Wakes the connection's task to close it: its queue overflowed (a client that does not read).
    pub kick: Arc<Notify>,
}

/// How many frames may wait for one connection before it is dropped as too slow.
const CONN_QUEUE: usize = 512;

impl ConnHandle {
    pub fn new(id: u64) -> (ConnHandle, mpsc::Receiver<Out>) {
        let (tx, rx) = mpsc::channel(CONN_QUEUE);
        (ConnHandle { id, tx, rtt_ms: Arc::new(AtomicU64::new(0)), kick: Arc::new(Notify::new()) }, rx)
    }

    pub fn send(&self, out: Out) {
        if self.tx.try_send(out).is_err() {
            self.kick.notify_one();
        }
    }

    pub fn rtt(&self) -> u64 {
        self.rtt_ms.load(Ordering::Relaxed)
    }
}

/// Where a player of a game is connected.
#[derive(Clone, Debug)]
pub enum Route {
    Local(ConnHandle),
    /// On another node, by name.
    Remote(String),
}

impl Route {
    pub fn same(&self, other: &Route) -> bool {
        match (self, other) {
            (Route::Local(a), Route::Local(b)) => a.id == b.id,
            (Route::Remote(a), Route::Remote(b)) => a == b,
            _ => false,
        }
    }
}

/// A request for a game, from one of its players (or someone claiming to be).
pub struct GameCmd {
    pub player: PlayerId,
    pub re: Option<u64>,
    pub from: Route,
    /// The sender's round trip as measured by the node the sender is connected to.
    pub rtt_ms: u64,
    pub action: Action,
}

pub struct Hub {
    pub cfg: Config,
    pub pool: Pool,
    pub writer: MoveWriter,
    pub bus: Bus,
    conns: Mutex<HashMap<PlayerId, ConnHandle>>,
    games: Mutex<HashMap<GameId, mpsc::Sender<GameCmd>>>,
    next_conn: AtomicU64,
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
        }
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
            None => node.filter(|n| *n != self.node()).map(|n| Route::Remote(n.to_string())),
        }
    }

    /// Runs a game on this node: new (its players are told; `reply_to` names the player whose request started
    /// it and the request's id) or recovered after a restart.
    pub fn run_game(
        self: &Arc<Self>,
        stored: StoredGame,
        routes: [Option<Route>; 2],
        recovered: bool,
        reply_to: Option<(PlayerId, Option<u64>)>,
    ) {
        let (tx, rx) = mpsc::channel(64);
        lock(&self.games).insert(stored.id, tx);
        let hub = self.clone();
        tokio::spawn(async move {
            let id = stored.id;
            game::run(hub.clone(), stored, routes, recovered, reply_to, rx).await;
            lock(&hub.games).remove(&id);
        });
    }

    /// Loads and runs the games this node was running when it stopped.
    pub async fn recover(self: &Arc<Self>) -> Result<usize, store::StoreError> {
        let games = store::load_active(&self.pool, self.node()).await?;
        let n = games.len();
        for g in games {
            self.run_game(g, [None, None], true, None);
        }
        Ok(n)
    }
}

/// A poisoned lock means a panic elsewhere; the maps stay usable (every update is a single insert or remove).
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}
