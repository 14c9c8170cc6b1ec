//! The messages the hub, the bus and the games pass one another: what a connection is asked to send, where a
//! player is connected, and what a player asks of a game. Below all three, so none of them imports another for
//! these.

use giveaway_protocol::{encode, ErrorCode, GameId, PlayerId, ServerFrame, ServerMessage};
use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use tokio::sync::{mpsc, Notify};

/// What a player asks of a game (also carried between nodes).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(tag = "do", rename_all = "snake_case")]
pub enum Action {
    Move {
        ply: u32,
        mv: String,
        think_ms: Option<u64>,
    },
    Resign,
    OfferDraw,
    AcceptDraw,
    DeclineDraw,
    React {
        emoji: String,
    },
    OfferRematch,
    DeclineRematch,
    /// Send me the whole state (also how a player's connection attaches to the game).
    Sync,
    /// My connection is gone (a player's or a spectator's).
    Detach,
    /// Let me watch: the game's state as a spectator sees it, then its moves, reactions and end.
    Watch,
    /// I stop watching.
    Unwatch,
    /// From this node only, never from a player or the bus: another node hosts the game now, give it up.
    #[serde(skip)]
    Release,
}

/// What a connection's task is asked to do.
#[derive(Debug)]
pub enum Out {
    /// Send this frame.
    Frame(String),
    /// Send this frame, and note that the game it is about runs on `host` (`None`: this node).
    Game { game: GameId, host: Option<String>, frame: String },
    /// Ask every remote game for its state again (the bus lost notifications while it reconnected).
    Resync,
    /// The game is hosted by another node now: look its host up, ask it for the state, then send `frame`.
    Rehost { game: GameId, frame: Option<String> },
    /// Close with this reason (the same player connected again elsewhere on this node).
    Close(&'static str),
    /// Close as going away (WebSocket code 1001): the node is drained, the client connects again elsewhere.
    GoingAway(&'static str),
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

/// An error about a game, answering request `re`.
pub fn game_error_frame(game: GameId, re: Option<u64>, code: ErrorCode, message: String) -> String {
    encode(&ServerFrame { re, message: ServerMessage::Error { code, message, game: Some(game) } })
}

/// The error a command for a game this node does not run gets.
pub fn unknown_game_frame(game: GameId, re: Option<u64>) -> String {
    game_error_frame(game, re, ErrorCode::UnknownGame, format!("no game {game} in progress here"))
}
