//! One simulated client: a WebSocket connection with its account, and the random legal moves it plays. Shared
//! by the pairs of players, the spectators and the arena's players.

use futures_util::{SinkExt, StreamExt};
use giveaway_core::{format_move, parse_move, Game, Notation};
use giveaway_protocol::{
    decode_server, encode, ClientFrame, ClientMessage, GameId, ServerFrame, ServerMessage, PROTOCOL_VERSION,
};
use std::sync::Mutex;
use std::time::{Duration, Instant};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::WebSocketStream;

pub type Ws = WebSocketStream<TcpStream>;

pub struct Side {
    pub ws: Ws,
    pub token: String,
    next_id: u64,
    /// Payload bytes of the last frame sent and of the last text frame received.
    pub last_sent: usize,
    pub last_received: usize,
}

fn ws_config() -> WebSocketConfig {
    WebSocketConfig::default().read_buffer_size(4096).write_buffer_size(0)
}

async fn connect(addr: &str) -> Result<Ws, String> {
    let tcp = TcpStream::connect(addr).await.map_err(|e| e.to_string())?;
    let _ = tcp.set_nodelay(true);
    let (ws, _) = tokio_tungstenite::client_async_with_config(format!("ws://{addr}/ws"), tcp, Some(ws_config()))
        .await
        .map_err(|e| e.to_string())?;
    Ok(ws)
}

impl Side {
    pub async fn send(&mut self, m: ClientMessage) -> Result<(), String> {
        self.next_id += 1;
        let text = encode(&ClientFrame { id: Some(self.next_id), message: m });
        self.last_sent = text.len();
        self.ws.send(Message::text(text)).await.map_err(|e| e.to_string())
    }

    /// The id of the last frame sent (a reply carries it as `re`).
    pub fn last_id(&self) -> u64 {
        self.next_id
    }

    /// The next message, or why there is none (the connection gone, a frame not understood).
    pub async fn next(&mut self) -> Result<ServerMessage, String> {
        self.next_frame().await.map(|f| f.message)
    }

    /// The next frame, with the id of the request it answers (none for an event).
    pub async fn next_frame(&mut self) -> Result<ServerFrame, String> {
        loop {
            match self.ws.next().await {
                Some(Ok(Message::Text(t))) => {
                    self.last_received = t.len();
                    return decode_server(t.as_str()).map_err(|e| format!("undecodable frame: {e}"));
                }
                Some(Ok(Message::Close(frame))) => return Err(format!("closed by the server: {frame:?}")),
                Some(Err(e)) => return Err(format!("closed: {e}")),
                None => return Err("closed".to_string()),
                Some(Ok(_)) => {}
            }
        }
    }

    pub async fn expect<T>(&mut self, mut pick: impl FnMut(&ServerMessage) -> Option<T>) -> Result<T, String> {
        let wait = tokio::time::timeout(Duration::from_secs(60), async {
            loop {
                match self.next().await? {
                    ServerMessage::Error { code, message, .. } => return Err(format!("{code:?}: {message}")),
                    m => {
                        if let Some(t) = pick(&m) {
                            return Ok(t);
                        }
                    }
                }
            }
        });
        wait.await.map_err(|_| "timed out".to_string())?
    }

    pub async fn account(addr: &str, nickname: &str) -> Result<Side, String> {
        let ws = connect(addr).await?;
        let mut s = Side { ws, token: String::new(), next_id: 0, last_sent: 0, last_received: 0 };
        s.send(ClientMessage::Hello { protocol: PROTOCOL_VERSION, token: None }).await?;
        s.expect(|m| matches!(m, ServerMessage::Welcome { .. }).then_some(())).await?;
        s.send(ClientMessage::CreateAccount { nickname: nickname.into() }).await?;
        s.token =
            s.expect(|m| if let ServerMessage::Account { token, .. } = m { Some(token.clone()) } else { None }).await?;
        Ok(s)
    }

    /// Connects again with the account's token; returns the games in progress the welcome lists.
    pub async fn reconnect(&mut self, addr: &str) -> Result<Vec<GameId>, String> {
        self.ws = connect(addr).await?;
        self.send(ClientMessage::Hello { protocol: PROTOCOL_VERSION, token: Some(self.token.clone()) }).await?;
        self.expect(|m| if let ServerMessage::Welcome { games, .. } = m { Some(games.clone()) } else { None }).await
    }

    /// Reconnects to the server at `addr` (read again at each try: a restarted node may listen elsewhere),
    /// trying every 200 ms until `deadline` (the server is down meanwhile); returns the games in progress.
    pub async fn reconnect_until(&mut self, addr: &Mutex<String>, deadline: Instant) -> Result<Vec<GameId>, String> {
        loop {
            let to = addr.lock().unwrap().clone();
            match self.reconnect(&to).await {
                Ok(games) => return Ok(games),
                Err(_) if Instant::now() < deadline => tokio::time::sleep(Duration::from_millis(200)).await,
                Err(e) => return Err(format!("no reconnection: {e}")),
            }
        }
    }
}

pub struct Rng(pub u64);

impl Rng {
    pub fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n.max(1)
    }
}

/// A random legal move of the game's position: its ply (the plies before it) and its text, as sent.
pub fn random_move(game: &Game, rng: &mut Rng) -> (u32, String) {
    let moves = game.legal_moves();
    let mv = moves[rng.below(moves.len())];
    (game.ply() as u32, format_move(&mv, Notation::Algebraic))
}

/// Plays a move the server sent (its text) on the client's copy of the game.
pub fn play_text(game: &mut Game, text: &str) -> Result<(), String> {
    let mv = parse_move(game.position(), text).map_err(|e| format!("server move unreadable: {e}"))?;
    game.play(&mv).map_err(|e| format!("server move refused: {e}"))
}
