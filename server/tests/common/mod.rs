//! Shared by the integration tests: a real PostgreSQL (the private cluster of `server/tools/pg.sh`, or
//! `DATABASE_URL`), a fresh database per test, servers run in the test's process, and a WebSocket client.
#![allow(dead_code)]

use futures_util::{SinkExt, StreamExt};
use giveaway_core::{format_move, Game, Notation, Position, Rules};
use giveaway_protocol::{
    decode_server, encode, ClientFrame, ClientMessage, Color, ErrorCode, GameId, GameState, PlayerInfo, ServerFrame,
    ServerMessage, TimeControl, PROTOCOL_VERSION,
};
use giveaway_server::{start, Config, Running};
use serde_json::Value;
use std::collections::{HashSet, VecDeque};
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::WebSocketStream;

pub const BLITZ: TimeControl = TimeControl::clock(300_000, 3000);

pub use giveaway_server::testing::{config, fresh_database};

pub async fn server(cfg: Config) -> Running {
    // RUST_LOG=debug shows the server's log with the failing test's output.
    let _ = env_logger::builder().is_test(true).try_init();
    start(cfg).await.expect("server starts")
}

pub async fn server_on_fresh_db() -> (Running, String) {
    let url = fresh_database().await;
    (server(config(&url, "node1")).await, url)
}

pub async fn sql(url: &str) -> tokio_postgres::Client {
    let (client, conn) = tokio_postgres::connect(url, tokio_postgres::NoTls).await.expect("database reachable");
    tokio::spawn(conn);
    client
}

pub trait Stream: AsyncRead + AsyncWrite + Unpin + Send {}
impl<T: AsyncRead + AsyncWrite + Unpin + Send> Stream for T {}

/// A WebSocket client that checks every frame it receives against the rules of `docs/protocol.md` (see
/// [`Client::check`]).
pub struct Client {
    ws: WebSocketStream<Box<dyn Stream>>,
    pending: VecDeque<ServerFrame>,
    /// Ids of this client's requests not answered yet.
    unanswered: HashSet<u64>,
    /// Whether this client sent a frame without a readable id (whose answer then has no `re`).
    sent_without_id: bool,
    pub player: Option<PlayerInfo>,
    pub token: Option<String>,
}

const WAIT: Duration = Duration::from_secs(15);

/// Request ids are unique across all clients of a test process, so an answer that reaches the wrong player
/// (the opponent's copy carrying the mover's `re`) is caught.
static NEXT_ID: AtomicU64 = AtomicU64::new(1);

/// A request id no client has used.
pub fn fresh_id() -> u64 {
    NEXT_ID.fetch_add(1, Ordering::Relaxed)
}

/// The server messages that may come unasked (events), without `re`.
const EVENTS: [&str; 13] = [
    "game_state",
    "moved",
    "draw_offered",
    "draw_declined",
    "reaction",
    "opponent_connection",
    "game_end",
    "rematch_offered",
    "rematch_declined",
    "challenge",
    "challenge_closed",
    "spectators",
    // A watched game's state again, from the node that adopted it after its node failed.
    "watching",
];

/// The error codes `docs/protocol.md` lists.
fn documented_codes() -> &'static Vec<String> {
    static CODES: OnceLock<Vec<String>> = OnceLock::new();
    CODES.get_or_init(|| {
        let doc =
            std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/protocol.md")).expect("the document");
        let start = doc.find("The codes are the `ErrorCode` enum:").expect("the document lists the codes");
        let list = &doc[start..];
        let list = &list[..list.find("`message` is").expect("the list ends")];
        list.split('`').skip(3).step_by(2).map(str::to_string).collect()
    })
}

fn has_null(v: &Value) -> bool {
    match v {
        Value::Null => true,
        Value::Array(a) => a.iter().any(has_null),
        Value::Object(o) => o.values().any(has_null),
        _ => false,
    }
}

impl Client {
    pub async fn connect(addr: SocketAddr) -> Client {
        let tcp = TcpStream::connect(addr).await.expect("server reachable");
        Client::over(Box::new(tcp), &format!("ws://{addr}/ws")).await
    }

    pub async fn over(stream: Box<dyn Stream>, url: &str) -> Client {
        let (ws, _) = tokio_tungstenite::client_async(url, stream).await.expect("websocket handshake");
        Client {
            ws,
            pending: VecDeque::new(),
            unanswered: HashSet::new(),
            sent_without_id: false,
            player: None,
            token: None,
        }
    }

    /// Sends a message with a fresh request id and returns the id.
    pub async fn send(&mut self, message: ClientMessage) -> u64 {
        let id = fresh_id();
        self.send_raw(&encode(&ClientFrame { id: Some(id), message })).await;
        id
    }

    /// Sends any text; a JSON object's numeric `id` (as the server would read it) is expected back as `re`.
    pub async fn send_raw(&mut self, text: &str) {
        let id = serde_json::from_str::<Value>(text).ok().and_then(|v| v.get("id").and_then(Value::as_u64));
        match id {
            Some(id) if text.len() <= giveaway_protocol::MAX_CLIENT_FRAME => {
                self.unanswered.insert(id);
            }
            _ => self.sent_without_id = true,
        }
        self.ws.send(Message::text(text.to_string())).await.expect("send");
    }

    pub async fn send_message(&mut self, m: Message) {
        self.sent_without_id = true;
        self.ws.send(m).await.expect("send");
    }

    /// Checks a frame against the document's rules: JSON with no `null` (absent optional fields are left out),
    /// a message type of the protocol crate with only its fields (it encodes back to the same JSON), `re` only
    /// on the one answer to a request of this client, no answer type without `re` unless this client sent a
    /// frame without an id, and error codes from the document's list.
    fn check(&mut self, text: &str) -> ServerFrame {
        let value: Value =
            serde_json::from_str(text).unwrap_or_else(|e| panic!("a server frame is not JSON ({e}): {text}"));
        assert!(!has_null(&value), "absent optional fields are left out, not null: {text}");
        let frame = decode_server(text).unwrap_or_else(|e| panic!("a server frame does not decode ({e}): {text}"));
        assert_ne!(frame.message, ServerMessage::Unknown, "a message type of the document: {text}");
        let again: Value = serde_json::from_str(&encode(&frame)).expect("encoded frames are JSON");
        assert_eq!(again, value, "the frame has the document's fields and no others: {text}");
        let kind = value.get("type").and_then(Value::as_str).expect("every frame has a type");
        match frame.re {
            Some(re) => assert!(
                self.unanswered.remove(&re),
                "re {re} answers no request of this client still unanswered: {text}"
            ),
            None => {
                // The one error no request causes: the same account connected again, this connection closes.
                let unasked_error =
                    matches!(frame.message, ServerMessage::Error { code: ErrorCode::AlreadyAuthenticated, .. });
                assert!(
                    EVENTS.contains(&kind) || unasked_error || self.sent_without_id,
                    "an answer without re, though every request of this client carried a readable id: {text}"
                )
            }
        }
        if let ServerMessage::Error { code, .. } = &frame.message {
            assert!(
                documented_codes().contains(&code.name()),
                "error code {} is not in the document's list: {text}",
                code.name()
            );
        }
        frame
    }

    /// The close frame's code after the server ends the connection (`None` if it closed without one).
    pub async fn close_code(&mut self) -> Option<u16> {
        let deadline = tokio::time::Instant::now() + WAIT;
        loop {
            match tokio::time::timeout_at(deadline, self.ws.next()).await.expect("the close within 15 s") {
                Some(Ok(Message::Close(frame))) => return frame.map(|f| f.code.into()),
                Some(Ok(Message::Text(t))) => {
                    self.check(t.as_str());
                }
                Some(Ok(_)) => {}
                None | Some(Err(_)) => return None,
            }
        }
    }

    /// The next frame (15 s at most); `None` when the server closed the connection.
    pub async fn next(&mut self) -> Option<ServerFrame> {
        if let Some(f) = self.pending.pop_front() {
            return Some(f);
        }
        self.read(tokio::time::Instant::now() + WAIT).await
    }

    /// Reads until a text frame comes, the connection closes, or the deadline passes (a test failure).
    async fn read(&mut self, deadline: tokio::time::Instant) -> Option<ServerFrame> {
        loop {
            let m = tokio::time::timeout_at(deadline, self.ws.next()).await.expect("the awaited frame within 15 s");
            match m {
                None | Some(Err(_)) => return None,
                Some(Ok(Message::Text(t))) => return Some(self.check(t.as_str())),
                Some(Ok(Message::Close(_))) => return None,
                Some(Ok(_)) => {}
            }
        }
    }

    /// Whether no frame at all comes for `d` (a frame that does come is kept for later).
    pub async fn silent_for(&mut self, d: Duration) -> bool {
        if !self.pending.is_empty() {
            return false;
        }
        match tokio::time::timeout(d, self.ws.next()).await {
            Err(_) => true,
            Ok(Some(Ok(Message::Text(t)))) => {
                let f = self.check(t.as_str());
                self.pending.push_back(f);
                false
            }
            Ok(_) => false,
        }
    }

    /// Whether a frame received and not yet taken matches.
    pub fn pending_has(&self, pick: impl Fn(&ServerFrame) -> bool) -> bool {
        self.pending.iter().any(pick)
    }

    /// Waits for the first frame the test cares about, keeping the others for later.
    pub async fn expect<T>(&mut self, what: &str, mut pick: impl FnMut(&ServerFrame) -> Option<T>) -> T {
        if let Some(i) = self.pending.iter().position(|f| pick(f).is_some()) {
            let f = self.pending.remove(i).unwrap();
            return pick(&f).unwrap();
        }
        let deadline = tokio::time::Instant::now() + WAIT;
        loop {
            let f = self.read(deadline).await.unwrap_or_else(|| panic!("connection closed while waiting for {what}"));
            if let Some(t) = pick(&f) {
                return t;
            }
            self.pending.push_back(f);
        }
    }

    /// The answer to request `id`.
    pub async fn reply(&mut self, id: u64) -> ServerMessage {
        self.expect("a reply", |f| (f.re == Some(id)).then(|| f.message.clone())).await
    }

    pub async fn request(&mut self, m: ClientMessage) -> ServerMessage {
        let id = self.send(m).await;
        self.reply(id).await
    }

    pub async fn hello(&mut self, token: Option<&str>) -> ServerMessage {
        self.request(ClientMessage::Hello { protocol: PROTOCOL_VERSION, token: token.map(str::to_string) }).await
    }

    /// A connected client with a new account.
    pub async fn new_player(addr: SocketAddr, nickname: &str) -> Client {
        let mut c = Client::connect(addr).await;
        assert!(matches!(c.hello(None).await, ServerMessage::Welcome { player: None, .. }));
        match c.request(ClientMessage::CreateAccount { nickname: nickname.into() }).await {
            ServerMessage::Account { player, token } => {
                c.player = Some(player);
                c.token = Some(token);
            }
            other => panic!("no account: {other:?}"),
        }
        c
    }

    /// The same player connected again with its token.
    pub async fn reconnect(addr: SocketAddr, token: &str) -> (Client, ServerMessage) {
        let mut c = Client::connect(addr).await;
        let w = c.hello(Some(token)).await;
        if let ServerMessage::Welcome { player, .. } = &w {
            c.player = player.clone();
        }
        c.token = Some(token.to_string());
        (c, w)
    }

    pub fn id(&self) -> i64 {
        self.player.as_ref().expect("has an account").id
    }

    pub async fn state(&mut self) -> GameState {
        self.expect("game_state", |f| match &f.message {
            ServerMessage::GameState(s) => Some((**s).clone()),
            _ => None,
        })
        .await
    }

    pub async fn error(&mut self, id: u64) -> giveaway_protocol::ErrorCode {
        match self.reply(id).await {
            ServerMessage::Error { code, .. } => code,
            other => panic!("expected an error, got {other:?}"),
        }
    }

    /// The next error, whatever request (if any) it answers.
    pub async fn any_error(&mut self) -> giveaway_protocol::ErrorCode {
        self.expect("an error", |f| match &f.message {
            ServerMessage::Error { code, .. } => Some(*code),
            _ => None,
        })
        .await
    }

    pub async fn game_end(&mut self) -> ServerMessage {
        self.expect("game_end", |f| matches!(f.message, ServerMessage::GameEnd { .. }).then(|| f.message.clone())).await
    }

    pub async fn moved(&mut self, game: GameId, ply: u32) -> ServerMessage {
        self.expect("moved", |f| match &f.message {
            ServerMessage::Moved { game: g, ply: p, .. } if *g == game && *p == ply => Some(f.message.clone()),
            _ => None,
        })
        .await
    }

    pub async fn close(mut self) {
        let _ = self.ws.close(None).await;
    }
}

/// Two players in a game started by an invite: returned as (white, black, the game's state as white sees it).
pub async fn invite_game(addr: SocketAddr, a: &str, b: &str, tc: TimeControl) -> (Client, Client, GameState) {
    let mut x = Client::new_player(addr, a).await;
    let mut y = Client::new_player(addr, b).await;
    let code = match x.request(ClientMessage::CreateInvite { time_control: tc, rated: true }).await {
        ServerMessage::Invite { code, .. } => code,
        other => panic!("no invite: {other:?}"),
    };
    y.send(ClientMessage::AcceptInvite { code }).await;
    let sx = x.state().await;
    let sy = y.state().await;
    assert_eq!(sx.game, sy.game);
    assert_ne!(sx.you, sy.you);
    if sx.you == Color::White {
        (x, y, sx)
    } else {
        (y, x, sy)
    }
}

/// Plays `text` for the side whose client is `mover` and waits until both have seen it.
pub async fn play(mover: &mut Client, other: &mut Client, game: GameId, ply: u32, text: &str) {
    log::debug!("test: ply {ply} {text}");
    let id = mover.send(ClientMessage::Move { game, ply, mv: text.into(), think_ms: None }).await;
    match mover.reply(id).await {
        ServerMessage::Moved { ply: p, .. } => assert_eq!(p, ply),
        other => panic!("move {text} at ply {ply} refused: {other:?}"),
    }
    other.moved(game, ply).await;
}

/// A game from the start played with pseudo-random legal moves (a fixed LCG from `seed`) until it ends. With
/// `kings` set, once both sides have a king, king moves are preferred: `repeat` picks one that brings back an
/// earlier position (for a repetition), otherwise one that does not (for the king-move rule).
fn random_game(seed: u64, kings: Option<bool>) -> Game {
    let mut g = Game::new(Position::start(), Rules::default());
    let mut s = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
    while !g.is_over() && g.ply() < 400 {
        let moves = g.legal_moves();
        s = s.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let mut pick = moves[((s >> 33) as usize) % moves.len()];
        let pos = *g.position();
        let both_kings = [giveaway_core::Color::White, giveaway_core::Color::Black]
            .iter()
            .all(|c| (pos.kings() & pos.pieces(*c)).any());
        if let (Some(repeat), true) = (kings, both_kings) {
            let king_moves: Vec<_> =
                moves.iter().filter(|m| !m.is_capture() && pos.kings().contains(m.from())).copied().collect();
            // Also safe: the opponent is given no capture (which would end the king-only stretch).
            let fits = |m: &giveaway_core::Move| {
                let mut h = g.clone();
                h.play(m).is_ok()
                    && (h.repetition_count() > 1) == repeat
                    && h.legal_moves().iter().all(|r| !r.is_capture())
            };
            let fitting: Vec<_> = king_moves.iter().filter(|m| fits(m)).copied().collect();
            let from = if fitting.is_empty() { king_moves } else { fitting };
            if !from.is_empty() {
                pick = from[((s >> 40) as usize) % from.len()];
            }
        }
        g.play(&pick).unwrap();
    }
    g
}

/// The moves of a random game (seeded), its first `plies` at most.
pub fn random_moves(seed: u64, plies: usize) -> Vec<String> {
    let g = random_game(seed, None);
    g.moves().iter().take(plies).map(|m| format_move(m, Notation::Algebraic)).collect()
}

/// The moves of the first such random game that ends for `reason`.
pub fn game_ending_by(reason: giveaway_core::EndReason) -> Vec<String> {
    use giveaway_core::EndReason::*;
    let kings = match reason {
        Repetition => Some(true),
        KingMoveRule => Some(false),
        _ => None,
    };
    (0..5_000)
        .map(|seed| random_game(seed, kings))
        .find(|g| g.result().map(|r| r.reason) == Some(reason))
        .map(|g| g.moves().iter().map(|m| format_move(m, Notation::Algebraic)).collect())
        .unwrap_or_else(|| panic!("no random game of 5,000 ends by {reason:?}"))
}

/// Plays a whole list of moves between white and black.
pub async fn play_all(white: &mut Client, black: &mut Client, game: GameId, moves: &[String]) {
    for (ply, m) in moves.iter().enumerate() {
        if ply % 2 == 0 {
            play(white, black, game, ply as u32, m).await;
        } else {
            play(black, white, game, ply as u32, m).await;
        }
    }
}
