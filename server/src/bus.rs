//! Node-to-node messages through PostgreSQL's LISTEN/NOTIFY. Every node listens on one fixed channel and keeps
//! the envelopes addressed to it; a payload too long for a notification travels in `bus_messages` and the
//! notification carries its row id.

use crate::messages::{unknown_game_frame, Action, ConnHandle, GameCmd, Out, Route};
use deadpool_postgres::Pool;
use futures_util::StreamExt;
use giveaway_protocol::{GameId, PlayerId};
use serde::{Deserialize, Serialize};
use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Weak};
use std::time::Duration;
use tokio::sync::OnceCell;
use tokio_postgres::{AsyncMessage, NoTls};

/// The `to` of a message for every node.
pub const EVERY_NODE: &str = "*";

/// (player, game) pairs per broadcast notification: about 40 bytes each, well under the payload limit.
const REHOST_CHUNK: usize = 150;

/// PostgreSQL refuses payloads of 8000 bytes or more.
const MAX_PAYLOAD: usize = 7800;

#[derive(Serialize, Deserialize, Debug)]
struct Envelope {
    to: String,
    from: String,
    #[serde(flatten)]
    body: Body,
}

#[derive(Serialize, Deserialize, Debug)]
#[serde(tag = "kind", rename_all = "snake_case")]
enum Body {
    /// A player's request for a game the receiving node runs.
    Cmd { game: GameId, player: PlayerId, re: Option<u64>, rtt_ms: u64, action: Action },
    /// A frame for a player connected to the receiving node, about a game the sender runs.
    Deliver { player: PlayerId, game: GameId, frame: String },
    /// These games are hosted by another node now (`to` may be `*`: every node): the connection of each
    /// player named, where it is, looks its game's host up, asks it for the state, then gets `frame`.
    Rehost { players: Vec<(PlayerId, GameId)>, frame: Option<String> },
    /// A frame for a player connected to the receiving node, about no game (a challenge, say).
    ToPlayer { player: PlayerId, frame: String },
    /// The sender is drained: its games are to be adopted at once.
    Left,
    /// The payload is in `bus_messages`.
    Stored { id: i64 },
    /// A process starting with the receiver's name asks whether that name is in use.
    Probe { nonce: u64 },
    /// The answer to a probe: this node runs.
    Alive { nonce: u64 },
}

/// A connection of its own that LISTENs on the bus: the client, and the payloads as they come.
type Listening = (tokio_postgres::Client, tokio::sync::mpsc::UnboundedReceiver<String>, tokio::task::JoinHandle<()>);

async fn connect_listening(url: &str) -> Result<Listening, tokio_postgres::Error> {
    let (client, mut conn) = tokio_postgres::connect(url, NoTls).await?;
    let (tx, rx) = tokio::sync::mpsc::unbounded_channel();
    let driver = tokio::spawn(async move {
        let mut stream = futures_util::stream::poll_fn(move |cx| conn.poll_message(cx));
        while let Some(msg) = stream.next().await {
            match msg {
                Ok(AsyncMessage::Notification(n)) => {
                    if tx.send(n.payload().to_string()).is_err() {
                        break;
                    }
                }
                Ok(_) => {}
                Err(e) => {
                    log::warn!("bus: connection: {e}");
                    break;
                }
            }
        }
    });
    client.batch_execute("LISTEN giveaway_bus").await?;
    Ok((client, rx, driver))
}

/// Whether a live node of this name answers on the bus within `wait`: a process starting with a name in use
/// learns it at once, instead of waiting for the name's lock as it would for a predecessor that just died.
pub async fn node_answers(url: &str, node: &str, wait: Duration) -> Result<bool, tokio_postgres::Error> {
    let (client, mut rx, driver) = connect_listening(url).await?;
    let mut b = [0u8; 8];
    // Without randomness the nonce is still unlikely to match an answer meant for another prober.
    let _ = getrandom::fill(&mut b);
    let nonce = u64::from_le_bytes(b) ^ u64::from(std::process::id());
    let probe = Envelope { to: node.to_string(), from: node.to_string(), body: Body::Probe { nonce } };
    let payload = serde_json::to_string(&probe).expect("bus envelopes serialise");
    client.execute("SELECT pg_notify('giveaway_bus', $1)", &[&payload]).await?;
    let answered = tokio::time::timeout(wait, async {
        while let Some(p) = rx.recv().await {
            if let Ok(Envelope { body: Body::Alive { nonce: n }, .. }) = serde_json::from_str(&p) {
                if n == nonce {
                    return true;
                }
            }
        }
        false
    })
    .await
    .unwrap_or(false);
    driver.abort();
    Ok(answered)
}

/// What the listener hands the messages for this node to: its local players and games (the hub).
pub trait Local: Send + Sync + 'static {
    /// The player's connection on this node.
    fn conn(&self, player: PlayerId) -> Option<ConnHandle>;
    /// The connections on this node that watch the game.
    fn watchers(&self, game: GameId) -> Vec<ConnHandle>;
    /// Every local connection is asked to resync its remote games.
    fn resync_all(&self);
    /// A node said it leaves.
    fn node_left(&self, node: &str);
    /// Hands a command to a game this node runs; false if it runs no such game.
    fn to_local_game(&self, game: GameId, cmd: GameCmd) -> Pin<Box<dyn Future<Output = bool> + Send + '_>>;
}

/// The sending side, and the hub the listener hands messages to (set once the hub exists).
#[derive(Clone)]
pub struct Bus {
    pool: Pool,
    node: String,
    hub: Arc<OnceCell<Weak<dyn Local>>>,
}

impl Bus {
    pub fn new(pool: Pool, node: &str) -> Bus {
        Bus { pool, node: node.to_string(), hub: Arc::new(OnceCell::new()) }
    }

    pub async fn command(&self, to: &str, game: GameId, cmd: &GameCmd) -> bool {
        let body = Body::Cmd { game, player: cmd.player, re: cmd.re, rtt_ms: cmd.rtt_ms, action: cmd.action.clone() };
        self.send(to, body).await
    }

    pub async fn deliver(&self, to: &str, player: PlayerId, game: GameId, frame: String) -> bool {
        self.send(to, Body::Deliver { player, game, frame }).await
    }

    /// A frame for a player connected to node `to`, about no game.
    pub async fn to_player(&self, to: &str, player: PlayerId, frame: String) -> bool {
        self.send(to, Body::ToPlayer { player, frame }).await
    }

    /// Tells the player's node that the game has a new host.
    pub async fn rehost(&self, to: &str, player: PlayerId, game: GameId, frame: Option<String>) -> bool {
        self.send(to, Body::Rehost { players: vec![(player, game)], frame }).await
    }

    /// Tells every node that these (player, game) have a new host, in notifications that each fit the
    /// payload limit (a broadcast cannot go through `bus_messages`: the first node to read a row deletes it).
    pub async fn rehost_everywhere(&self, players: &[(PlayerId, GameId)]) {
        for chunk in players.chunks(REHOST_CHUNK) {
            self.send(EVERY_NODE, Body::Rehost { players: chunk.to_vec(), frame: None }).await;
        }
    }

    /// Tells every node that this one leaves (drained).
    pub async fn left(&self) -> bool {
        self.send(EVERY_NODE, Body::Left).await
    }

    async fn send(&self, to: &str, body: Body) -> bool {
        let env = Envelope { to: to.to_string(), from: self.node.clone(), body };
        match self.notify(env).await {
            Ok(()) => true,
            Err(e) => {
                log::warn!("bus: message to {to} lost: {e}");
                false
            }
        }
    }

    async fn notify(&self, env: Envelope) -> Result<(), tokio_postgres::Error> {
        let c = match self.pool.get().await {
            Ok(c) => c,
            Err(e) => {
                log::warn!("bus: no database connection: {e}");
                return Ok(());
            }
        };
        let mut payload = serde_json::to_string(&env).expect("bus envelopes serialise");
        if payload.len() > MAX_PAYLOAD {
            let row = c.query_one("INSERT INTO bus_messages (payload) VALUES ($1) RETURNING id", &[&payload]).await?;
            let stored = Envelope { to: env.to, from: env.from, body: Body::Stored { id: row.get(0) } };
            payload = serde_json::to_string(&stored).expect("bus envelopes serialise");
        }
        c.execute("SELECT pg_notify('giveaway_bus', $1)", &[&payload]).await?;
        log::debug!("bus: sent {}", payload.get(..100).unwrap_or(&payload));
        Ok(())
    }

    /// Listens until the process ends, reconnecting after any loss of the connection. After a reconnection the
    /// local players ask their remote games for their state again, since notifications sent meanwhile are gone.
    /// Returns once the first LISTEN is in place: a node must not take connections before it can receive what
    /// other nodes send its players (a game started on another node sends its state through the bus, and a
    /// notification sent before the LISTEN is lost: the player never got its game).
    pub async fn listen<L: Local>(&self, url: String, hub: &Arc<L>) -> Result<(), tokio_postgres::Error> {
        let hub: Weak<L> = Arc::downgrade(hub);
        let _ = self.hub.set(hub as Weak<dyn Local>);
        let mut listening = Some(connect_listening(&url).await?);
        let bus = self.clone();
        tokio::spawn(async move {
            loop {
                let again = listening.is_none();
                let connected = match listening.take() {
                    Some(l) => Ok(l),
                    None => connect_listening(&url).await,
                };
                match connected {
                    Ok(l) => {
                        bus.listen_on(l, again).await;
                        log::warn!("bus: listening connection closed");
                    }
                    Err(e) => log::warn!("bus: {e}"),
                }
                tokio::time::sleep(Duration::from_millis(500)).await;
            }
        });
        Ok(())
    }

    async fn listen_on(&self, listening: Listening, again: bool) {
        // The client must live as long as the listening: dropping it ends the connection.
        let (_client, mut rx, driver) = listening;
        if again {
            log::info!("bus: listening again");
            if let Some(hub) = self.hub.get().and_then(Weak::upgrade) {
                hub.resync_all();
            }
        }
        while let Some(payload) = rx.recv().await {
            let Some(hub) = self.hub.get().and_then(Weak::upgrade) else { break };
            self.handle(&hub, &payload).await;
        }
        driver.abort();
    }

    async fn handle(&self, hub: &Arc<dyn Local>, payload: &str) {
        let env: Envelope = match serde_json::from_str(payload) {
            Ok(e) => e,
            Err(e) => return log::warn!("bus: unreadable message: {e}"),
        };
        if env.to != self.node && env.to != EVERY_NODE {
            return;
        }
        log::debug!("bus: {} from {}", payload.get(..160).unwrap_or(payload), env.from);
        let body = match env.body {
            Body::Stored { id } => match self.take_stored(id).await {
                Some(b) => b,
                None => return,
            },
            b => b,
        };
        match body {
            Body::Cmd { game, player, re, rtt_ms, action } => {
                let cmd = GameCmd { player, re, from: Route::Remote(env.from.clone()), rtt_ms, action };
                if !hub.to_local_game(game, cmd).await {
                    let frame = unknown_game_frame(game, re);
                    self.deliver(&env.from, player, game, frame).await;
                }
            }
            Body::Deliver { player, game, frame } => match hub.conn(player) {
                Some(c) => c.send(Out::Game { game, host: Some(env.from), frame }),
                // The player left this node: the game should stop sending here.
                None => {
                    let cmd = GameCmd {
                        player,
                        re: None,
                        from: Route::Remote(self.node.clone()),
                        rtt_ms: 0,
                        action: Action::Detach,
                    };
                    self.command(&env.from, game, &cmd).await;
                }
            },
            Body::Rehost { players, frame } => {
                let mut games = std::collections::HashSet::new();
                for (player, game) in players {
                    if let Some(c) = hub.conn(player) {
                        c.send(Out::Rehost { game, frame: frame.clone() });
                    }
                    games.insert(game);
                }
                // The games' spectators connected here watch them again at their new host.
                for game in games {
                    for c in hub.watchers(game) {
                        c.send(Out::Rehost { game, frame: None });
                    }
                }
            }
            Body::ToPlayer { player, frame } => {
                if let Some(c) = hub.conn(player) {
                    c.send(Out::Frame(frame));
                }
            }
            Body::Left => {
                if env.from != self.node {
                    hub.node_left(&env.from);
                }
            }
            Body::Probe { nonce } => {
                log::warn!("another process tried to start as node {}: refused", self.node);
                self.send(&env.from, Body::Alive { nonce }).await;
            }
            Body::Stored { .. } | Body::Alive { .. } => {}
        }
    }

    async fn take_stored(&self, id: i64) -> Option<Body> {
        let c = self.pool.get().await.ok()?;
        let row = c.query_opt("DELETE FROM bus_messages WHERE id = $1 RETURNING payload", &[&id]).await.ok()??;
        let env: Envelope = serde_json::from_str(row.get::<_, &str>(0)).ok()?;
        Some(env.body)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The local side of a node with one player connected (id 7).
    struct OnePlayer(ConnHandle);

    impl Local for OnePlayer {
        fn conn(&self, player: PlayerId) -> Option<ConnHandle> {
            (player == 7).then(|| self.0.clone())
        }
        fn watchers(&self, _: GameId) -> Vec<ConnHandle> {
            Vec::new()
        }
        fn resync_all(&self) {}
        fn node_left(&self, _: &str) {}
        fn to_local_game(&self, _: GameId, _: GameCmd) -> Pin<Box<dyn Future<Output = bool> + Send + '_>> {
            Box::pin(async { false })
        }
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_message_sent_as_soon_as_a_node_listens_reaches_it() {
        let url = crate::testing::fresh_database().await;
        let pool = crate::store::pool(&url, 2).unwrap();
        let (handle, mut out) = ConnHandle::new(1);
        let local = Arc::new(OnePlayer(handle));
        let node_b = Bus::new(pool.clone(), "node_b");
        node_b.listen(url, &local).await.unwrap();
        // Another node sends at once (a game it starts sends a player here its state): not lost.
        let node_a = Bus::new(pool, "node_a");
        assert!(node_a.send("node_b", Body::ToPlayer { player: 7, frame: "the state".into() }).await);
        let got = tokio::time::timeout(Duration::from_secs(5), out.recv()).await.expect("delivered within 5 s");
        assert!(matches!(got, Some(Out::Frame(f)) if f == "the state"));
    }
}
