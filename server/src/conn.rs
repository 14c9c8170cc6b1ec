//! One WebSocket connection: the handshake, the version check, authentication, rate limiting, and the
//! requests that are not about a running game (those go to the game's task, here or on its node).

use crate::accounts;
use crate::arenas;
use crate::devices;
use crate::friends;
use crate::hub::Hub;
use crate::lobby;
use crate::messages::{game_error_frame, unknown_game_frame, Action, ConnHandle, GameCmd, Out, Route};
use crate::seeks;
use crate::store::{self, StoreError};
use crate::watch;
use futures_util::stream::{SplitSink, SplitStream};
use futures_util::{SinkExt, StreamExt};
use giveaway_protocol::{
    decode_client, encode, ClientMessage, DeviceInfo, ErrorCode, GameId, PlayerId, PlayerInfo, ServerFrame,
    ServerMessage, PROTOCOL_VERSION,
};
use governor::{DefaultDirectRateLimiter, Quota, RateLimiter};
use std::collections::{HashMap, HashSet};
use std::num::NonZeroU32;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt};
use tokio_tungstenite::tungstenite::handshake::server::{ErrorResponse, Request, Response};
use tokio_tungstenite::tungstenite::http::StatusCode;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::protocol::{CloseFrame, WebSocketConfig};
use tokio_tungstenite::tungstenite::{Bytes, Error as WsError, Message};
use tokio_tungstenite::WebSocketStream;

/// The WebSocket path.
pub const PATH: &str = "/ws";
/// Frames larger than this close the connection (WebSocket code 1009); up to it a frame over
/// `MAX_CLIENT_FRAME` is answered with `too_large` and the connection stays.
const MAX_WS_MESSAGE: usize = 64 * 1024;
/// A connection whose frames keep being refused by the rate limit this many times in a row is closed.
const MAX_STRIKES: u32 = 100;
const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);
/// How long a connection refused for a too big frame is given to take its close frame.
const CLOSE_TIMEOUT: Duration = Duration::from_secs(2);
/// The most of a too big frame's rest read (and dropped) while the close frame goes out.
const DRAIN_LIMIT: usize = 1 << 20;

fn ws_config() -> WebSocketConfig {
    // Small buffers: ten thousand connections must fit in a small server.
    WebSocketConfig::default()
        .read_buffer_size(4096)
        .write_buffer_size(0)
        .max_write_buffer_size(1 << 20)
        .max_message_size(Some(MAX_WS_MESSAGE))
        .max_frame_size(Some(MAX_WS_MESSAGE))
}

fn unix_ms() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_millis() as i64).unwrap_or(0)
}

/// The balancer's health check, `GET /health` in plain HTTP on the WebSocket port (before any TLS): answered
/// `200 ok`, or `503 draining` once the node is drained. Returns false, having read nothing, for any other
/// connection.
pub async fn answer_health_check(stream: &mut tokio::net::TcpStream, draining: bool) -> bool {
    const PROBE: &[u8] = b"GET /health";
    let mut head = [0u8; 11];
    let peeked = tokio::time::timeout(HANDSHAKE_TIMEOUT, async {
        loop {
            let n = stream.peek(&mut head).await.unwrap_or(0);
            if n == 0 || n == head.len() || head[..n] != PROBE[..n] {
                return n;
            }
            // Part of the request line: wait for the rest.
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    })
    .await
    .unwrap_or(0);
    if peeked < head.len() || head != PROBE {
        return false;
    }
    // The request's head is small; read what came and answer (the connection closes after).
    let mut buf = [0u8; 1024];
    let _ = tokio::time::timeout(Duration::from_millis(100), stream.read(&mut buf)).await;
    let (status, body) = if draining { ("503 Service Unavailable", "draining\n") } else { ("200 OK", "ok\n") };
    let answer = format!("HTTP/1.1 {status}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}", body.len());
    let _ = stream.write_all(answer.as_bytes()).await;
    let _ = stream.shutdown().await;
    true
}

/// Serves one accepted stream (plain TCP or TLS) until it closes.
pub async fn serve<S>(hub: Arc<Hub>, stream: S)
where
    S: AsyncRead + AsyncWrite + Unpin + Send + 'static,
{
    // The handshake callback's error type is tungstenite's, not ours to shrink.
    let draining = hub.is_draining();
    #[allow(clippy::result_large_err)]
    let check_path = |req: &Request, resp: Response| -> Result<Response, ErrorResponse> {
        if draining {
            let mut e = ErrorResponse::new(Some("this server is being drained; connect again\n".into()));
            *e.status_mut() = StatusCode::SERVICE_UNAVAILABLE;
            Err(e)
        } else if req.uri().path() == PATH {
            Ok(resp)
        } else {
            let mut e = ErrorResponse::new(Some(format!("the WebSocket endpoint is {PATH}\n")));
            *e.status_mut() = StatusCode::NOT_FOUND;
            Err(e)
        }
    };
    let accept = tokio_tungstenite::accept_hdr_async_with_config(stream, check_path, Some(ws_config()));
    let ws = match tokio::time::timeout(HANDSHAKE_TIMEOUT, accept).await {
        Ok(Ok(ws)) => ws,
        Ok(Err(e)) => return log::debug!("handshake: {e}"),
        Err(_) => return log::debug!("handshake timed out"),
    };
    let (handle, mut out_rx) = hub.new_conn();
    let (mut sink, mut frames) = ws.split();
    let per_s = NonZeroU32::new(hub.cfg.rate_per_s.max(1)).expect("at least 1");
    let burst = NonZeroU32::new(hub.cfg.rate_burst.max(1)).expect("at least 1");
    let limiter: DefaultDirectRateLimiter = RateLimiter::direct(Quota::per_second(per_s).allow_burst(burst));
    let mut conn = Conn {
        hub: hub.clone(),
        handle: handle.clone(),
        player: None,
        device: None,
        wrong_codes: 0,
        hello: false,
        routes: HashMap::new(),
        watched: HashSet::new(),
        unanswered: HashMap::new(),
        closing: false,
    };
    let ping_every = Duration::from_millis(hub.cfg.ping_ms.max(100));
    let mut ping = tokio::time::interval_at((Instant::now() + ping_every).into(), ping_every);
    let started = Instant::now();
    let mut last_pong = Instant::now();
    let mut strikes = 0u32;
    let mut too_big = false;
    let mut going_away = None;
    loop {
        let mut replies: Vec<String> = Vec::new();
        tokio::select! {
            msg = frames.next() => {
                let msg = match msg {
                    Some(Ok(m)) => m,
                    Some(Err(e)) => {
                        log::debug!("connection: {e}");
                        too_big = matches!(e, WsError::Capacity(_));
                        break;
                    }
                    None => break,
                };
                let data = matches!(msg, Message::Text(_) | Message::Binary(_));
                if data && limiter.check().is_err() {
                    strikes += 1;
                    if strikes > MAX_STRIKES {
                        break;
                    }
                    let mut e = ServerFrame::error(ErrorCode::RateLimited, "too many frames; this one was dropped");
                    e.re = match &msg {
                        Message::Text(t) => request_id(t.as_str()),
                        _ => None,
                    };
                    replies.push(encode(&e));
                } else {
                    if data {
                        strikes = 0;
                    }
                    match msg {
                        Message::Text(t) => replies = conn.on_text(t.as_str()).await,
                        Message::Binary(_) => replies.push(encode(&ServerFrame::error(ErrorCode::BinaryFrame, "frames are JSON text"))),
                        Message::Pong(p) => {
                            if let Ok(sent) = <[u8; 8]>::try_from(p.as_ref()) {
                                let rtt = (started.elapsed().as_millis() as u64).saturating_sub(u64::from_be_bytes(sent));
                                handle.rtt_ms.store(rtt, Ordering::Relaxed);
                                last_pong = Instant::now();
                            }
                        }
                        Message::Close(_) => break,
                        Message::Ping(_) | Message::Frame(_) => {}
                    }
                }
            }
            out = out_rx.recv() => match out {
                Some(Out::Frame(f)) => replies.push(f),
                Some(Out::Game { game, host, frame }) => {
                    conn.unanswered.remove(&game);
                    conn.routes.insert(game, host);
                    replies.push(frame);
                }
                Some(Out::Resync) => conn.resync().await,
                Some(Out::Rehost { game, frame }) => {
                    conn.rehost(game).await;
                    replies.extend(frame);
                }
                Some(Out::Close(why)) => {
                    replies.push(encode(&ServerFrame::error(ErrorCode::AlreadyAuthenticated, format!("closed: {why}"))));
                    conn.closing = true;
                }
                Some(Out::GoingAway(why)) => {
                    going_away = Some(CloseFrame { code: CloseCode::Away, reason: why.into() });
                    conn.closing = true;
                }
                None => break,
            },
            _ = handle.kick.notified() => {
                log::info!("closing a connection that does not keep up with its frames");
                break;
            }
            _ = ping.tick() => {
                if last_pong.elapsed() > ping_every * 3 {
                    log::debug!("no pong for {:?}: closing", last_pong.elapsed());
                    break;
                }
                let now = (started.elapsed().as_millis() as u64).to_be_bytes();
                if sink.send(Message::Ping(Bytes::copy_from_slice(&now))).await.is_err() {
                    break;
                }
            }
        }
        let mut failed = false;
        for r in replies {
            if sink.feed(Message::text(r)).await.is_err() {
                failed = true;
                break;
            }
        }
        if failed || sink.flush().await.is_err() {
            break;
        }
        if conn.closing {
            if let Some(frame) = going_away.take() {
                let _ = sink.send(Message::Close(Some(frame))).await;
            }
            let _ = sink.close().await;
            break;
        }
    }
    if too_big {
        let _ = tokio::time::timeout(CLOSE_TIMEOUT, close_too_big(sink, frames)).await;
    }
    conn.cleanup().await;
}

/// Ends a connection that sent a frame over [`MAX_WS_MESSAGE`] the way the protocol says: a close frame with
/// code 1009. The rest of the big frame is read and dropped meanwhile: a socket closed with unread data is
/// reset, and a reset can destroy the close frame before the client reads it.
async fn close_too_big<S>(sink: SplitSink<WebSocketStream<S>, Message>, frames: SplitStream<WebSocketStream<S>>)
where
    S: AsyncRead + AsyncWrite + Unpin,
{
    let Ok(mut ws) = sink.reunite(frames) else { return };
    let close = CloseFrame { code: CloseCode::Size, reason: "message too big".into() };
    if ws.send(Message::Close(Some(close))).await.is_err() {
        return;
    }
    let raw = ws.get_mut();
    let _ = raw.shutdown().await;
    let mut buf = [0u8; 4096];
    let mut left = DRAIN_LIMIT;
    while left > 0 {
        match raw.read(&mut buf).await {
            Ok(0) | Err(_) => break,
            Ok(n) => left = left.saturating_sub(n),
        }
    }
}

/// The request id of a frame that is refused (rate limit, malformed), so the client knows which one it was:
/// the `id` of a JSON object of at most [`MAX_CLIENT_FRAME`](giveaway_protocol::MAX_CLIENT_FRAME) bytes,
/// when it is a number.
fn request_id(text: &str) -> Option<u64> {
    #[derive(serde::Deserialize)]
    struct Id {
        id: Option<u64>,
    }
    if text.len() > giveaway_protocol::MAX_CLIENT_FRAME {
        return None;
    }
    serde_json::from_str::<Id>(text).ok()?.id
}

struct Conn {
    hub: Arc<Hub>,
    handle: ConnHandle,
    player: Option<PlayerInfo>,
    /// This connection's device (`devices.id`), once signed in.
    device: Option<i64>,
    /// Wrong link codes sent on this connection.
    wrong_codes: u32,
    hello: bool,
    /// Games this player is in (also finished ones it may still rematch), and the node running each (`None`:
    /// this one).
    routes: HashMap<GameId, Option<String>>,
    /// Games this connection watches (registered with the hub, to be watched again if their node changes).
    watched: HashSet<GameId>,
    /// A `sync`, `watch` or move sent to a game's node on another node and not yet answered from there, by game:
    /// its request id and action. A node that died with the game never answers; the node that adopts it does,
    /// with this id (a move is made there, or refused as `wrong_ply` when the dead node stored it).
    unanswered: HashMap<GameId, (u64, Action)>,
    closing: bool,
}

fn reply(re: Option<u64>, message: ServerMessage) -> String {
    encode(&ServerFrame { re, message })
}

fn error(re: Option<u64>, code: ErrorCode, message: impl Into<String>) -> String {
    reply(re, ServerMessage::Error { code, message: message.into(), game: None })
}

fn unavailable(re: Option<u64>, e: StoreError) -> String {
    log::warn!("database: {e}");
    error(re, ErrorCode::Unavailable, "the server's database is unavailable; try again")
}

impl Conn {
    async fn on_text(&mut self, text: &str) -> Vec<String> {
        let frame = match decode_client(text) {
            Ok(f) => f,
            Err(e) => return vec![error(request_id(text), e.code(), e.to_string())],
        };
        let re = frame.id;
        match frame.message {
            ClientMessage::Hello { protocol, token } => self.hello(re, protocol, token).await,
            _ if !self.hello => vec![error(re, ErrorCode::HelloFirst, "the first frame must be hello")],
            ClientMessage::CreateAccount { nickname } => vec![self.create_account(re, &nickname).await],
            ClientMessage::RedeemLinkCode { code, device } => vec![self.redeem_link_code(re, &code, &device).await],
            msg => match self.player.clone() {
                None => {
                    vec![error(re, ErrorCode::NotAuthenticated, "say hello with your token or create an account first")]
                }
                Some(me) => vec![self.request(re, me, msg).await].into_iter().flatten().collect(),
            },
        }
    }

    async fn hello(&mut self, re: Option<u64>, protocol: u32, token: Option<String>) -> Vec<String> {
        if self.hello {
            return vec![error(re, ErrorCode::HelloFirst, "hello was already said on this connection")];
        }
        if protocol != PROTOCOL_VERSION {
            self.closing = true;
            return vec![error(
                re,
                ErrorCode::UnsupportedVersion,
                format!("this server speaks protocol {PROTOCOL_VERSION}, the client {protocol}"),
            )];
        }
        self.hello = true;
        let mut games = Vec::new();
        if let Some(token) = token {
            match store::device_by_token(&self.hub.pool, &accounts::token_hash(&token)).await {
                Ok(Some(d)) => match self.login(d).await {
                    Ok(g) => games = g,
                    Err(e) => {
                        self.hello = false;
                        return vec![unavailable(re, e)];
                    }
                },
                Ok(None) => {
                    self.closing = true;
                    return vec![error(re, ErrorCode::UnknownToken, "no account has this token")];
                }
                Err(e) => {
                    self.hello = false;
                    return vec![unavailable(re, e)];
                }
            }
        }
        let welcome = ServerMessage::Welcome {
            protocol: PROTOCOL_VERSION,
            player: self.player.clone(),
            games: games.clone(),
            presets: lobby::presets(),
        };
        // The welcome goes out first: the games' states come through the connection's queue after it.
        for g in games {
            self.act_in_game(None, g, Action::Sync).await;
        }
        vec![reply(re, welcome)]
    }

    /// Registers the player on this node and returns its games on a clock in progress (every game in progress,
    /// correspondence too, is routed).
    async fn login(&mut self, d: store::Device) -> Result<Vec<GameId>, StoreError> {
        let p = d.player;
        // Registered before the games are read: a game another node adopts in between is then announced to this
        // connection (a rehost, handled after the hello) instead of being routed to its dead host.
        self.hub.register(p.id, self.handle.clone());
        let read = async {
            let active = store::active_games(&self.hub.pool, p.id).await?;
            friends::set_presence(&self.hub.pool, p.id, self.hub.node(), self.handle.id).await?;
            Ok(active)
        };
        let active = match read.await {
            Ok(active) => active,
            Err(e) => {
                self.hub.unregister(p.id, self.handle.id);
                return Err(e);
            }
        };
        self.player = Some(p);
        self.device = Some(d.id);
        let me = self.hub.node().to_string();
        for g in &active {
            self.routes.insert(g.id, if g.host == me { None } else { Some(g.host.clone()) });
        }
        Ok(active.into_iter().filter(|g| !g.correspondence).map(|g| g.id).collect())
    }

    async fn create_account(&mut self, re: Option<u64>, nickname: &str) -> String {
        if self.player.is_some() {
            return error(re, ErrorCode::AlreadyAuthenticated, "this connection already has an account");
        }
        if let Err(why) = accounts::check_nickname(nickname) {
            return error(re, ErrorCode::NicknameInvalid, why);
        }
        let token = match accounts::new_token() {
            Ok(t) => t,
            Err(e) => return error(re, ErrorCode::Internal, format!("no randomness: {e}")),
        };
        let (key, skeleton) = (accounts::nickname_key(nickname), accounts::nickname_skeleton(nickname));
        match store::create_player(&self.hub.pool, nickname, &key, &skeleton, &accounts::token_hash(&token)).await {
            Ok(d) => {
                let player = d.player.clone();
                if let Err(e) = self.login(d).await {
                    return unavailable(re, e);
                }
                reply(re, ServerMessage::Account { player, token })
            }
            Err(StoreError::NicknameTaken) => {
                error(re, ErrorCode::NicknameTaken, format!("{nickname} is taken, or looks like a name that is"))
            }
            Err(e) => unavailable(re, e),
        }
    }

    /// A new device redeems a link code shown on a signed-in one: a token of its own for that account.
    async fn redeem_link_code(&mut self, re: Option<u64>, typed: &str, label: &str) -> String {
        if self.player.is_some() {
            return error(re, ErrorCode::AlreadyAuthenticated, "this connection already has an account");
        }
        let now = Instant::now();
        if !devices::node_allows_attempt(now) {
            return error(re, ErrorCode::RateLimited, "too many wrong link codes on this server; try in a minute");
        }
        let wrong = |conn: &mut Conn| {
            devices::node_wrong_code(now);
            conn.wrong_codes += 1;
            if conn.wrong_codes >= devices::WRONG_CODES_PER_CONNECTION {
                conn.closing = true;
            }
            error(re, ErrorCode::UnknownLinkCode, "no such link code, or it was used or has expired")
        };
        let Some(code) = devices::normalize(typed) else { return wrong(self) };
        let token = match accounts::new_token() {
            Ok(t) => t,
            Err(e) => return error(re, ErrorCode::Internal, format!("no randomness: {e}")),
        };
        let hashes = (devices::code_hash(&code), accounts::token_hash(&token));
        match store::redeem_link_code(&self.hub.pool, &hashes.0, &hashes.1, &devices::label(label)).await {
            Ok(Some(d)) => {
                let player = d.player.clone();
                if let Err(e) = self.login(d).await {
                    return unavailable(re, e);
                }
                reply(re, ServerMessage::Account { player, token })
            }
            Ok(None) => wrong(self),
            Err(e) => unavailable(re, e),
        }
    }

    /// A link code for this account, replacing the one before.
    async fn create_link_code(&self, re: Option<u64>, me: PlayerId) -> String {
        let code = match devices::new_code() {
            Ok(c) => c,
            Err(e) => return error(re, ErrorCode::Internal, format!("no randomness: {e}")),
        };
        let hash = devices::code_hash(&devices::normalize(&code).expect("a new code reads back"));
        let ttl = devices::LINK_CODE_TTL;
        match store::put_link_code(&self.hub.pool, me, &hash, ttl.as_secs_f64()).await {
            Ok(()) => reply(re, ServerMessage::LinkCode { code, expires_in_ms: ttl.as_millis() as u64 }),
            Err(e) => unavailable(re, e),
        }
    }

    async fn devices(&self, re: Option<u64>, me: PlayerId) -> String {
        match store::devices(&self.hub.pool, me).await {
            Ok(rows) => {
                let devices = rows
                    .into_iter()
                    .map(|(id, label, created_ms, last_seen_ms)| DeviceInfo {
                        id,
                        label,
                        created_ms,
                        last_seen_ms,
                        this_device: Some(id) == self.device,
                    })
                    .collect();
                reply(re, ServerMessage::Devices { devices })
            }
            Err(e) => unavailable(re, e),
        }
    }

    /// Signs a device out; this connection's own device closes the connection after the answer.
    async fn sign_out_device(&mut self, re: Option<u64>, me: PlayerId, device: i64) -> String {
        match store::delete_device(&self.hub.pool, me, device).await {
            Ok(true) => {
                if Some(device) == self.device {
                    self.closing = true;
                }
                reply(re, ServerMessage::DeviceSignedOut { device })
            }
            Ok(false) => error(re, ErrorCode::UnknownDevice, format!("this account has no device {device}")),
            Err(e) => unavailable(re, e),
        }
    }

    /// A request of an authenticated player; `None` when the answer comes from a game's task.
    async fn request(&mut self, re: Option<u64>, me: PlayerInfo, msg: ClientMessage) -> Option<String> {
        let hub = self.hub.clone();
        let lobby_err = |(code, message): lobby::LobbyError| error(re, code, message);
        let answer = |r: Result<ServerMessage, lobby::LobbyError>| match r {
            Ok(m) => reply(re, m),
            Err(e) => lobby_err(e),
        };
        let arena_answer = |r: Result<arenas::ArenaView, lobby::LobbyError>| {
            answer(r.map(|(arena, standings)| ServerMessage::Arena { arena, standings }))
        };
        Some(match msg {
            // Answered before an account is needed (on_text).
            ClientMessage::Hello { .. }
            | ClientMessage::CreateAccount { .. }
            | ClientMessage::RedeemLinkCode { .. } => return None,
            ClientMessage::CreateLinkCode => self.create_link_code(re, me.id).await,
            ClientMessage::Devices => self.devices(re, me.id).await,
            ClientMessage::SignOutDevice { device } => self.sign_out_device(re, me.id, device).await,
            ClientMessage::Seek { time_control } => match lobby::seek(&hub, me.id, time_control, re).await {
                Ok(true) => reply(re, ServerMessage::Seeking { time_control }),
                Ok(false) => return None,
                Err(e) => lobby_err(e),
            },
            ClientMessage::CancelSeek => match store::delete_seek(&hub.pool, me.id).await {
                Ok(_) => reply(re, ServerMessage::SeekCancelled),
                Err(e) => unavailable(re, e),
            },
            ClientMessage::CreateInvite { time_control, rated } => {
                match lobby::create_invite(&hub, me.id, time_control, rated).await {
                    Ok(code) => reply(re, ServerMessage::Invite { code, time_control, rated }),
                    Err(e) => lobby_err(e),
                }
            }
            ClientMessage::AcceptInvite { code } => match lobby::accept_invite(&hub, me.id, &code, re).await {
                Ok(()) => return None,
                Err(e) => lobby_err(e),
            },
            ClientMessage::CancelInvite => match store::delete_invite(&hub.pool, me.id).await {
                Ok(_) => reply(re, ServerMessage::InviteCancelled),
                Err(e) => unavailable(re, e),
            },
            ClientMessage::Move { game, ply, mv, think_ms } => {
                return self.act_in_game(re, game, Action::Move { ply, mv, think_ms }).await
            }
            ClientMessage::Resign { game } => return self.act_in_game(re, game, Action::Resign).await,
            ClientMessage::OfferDraw { game } => return self.act_in_game(re, game, Action::OfferDraw).await,
            ClientMessage::AcceptDraw { game } => return self.act_in_game(re, game, Action::AcceptDraw).await,
            ClientMessage::DeclineDraw { game } => return self.act_in_game(re, game, Action::DeclineDraw).await,
            ClientMessage::React { game, emoji } => return self.act_in_game(re, game, Action::React { emoji }).await,
            ClientMessage::OfferRematch { game } => return self.act_in_game(re, game, Action::OfferRematch).await,
            ClientMessage::DeclineRematch { game } => return self.act_in_game(re, game, Action::DeclineRematch).await,
            // A correspondence game begun elsewhere since this connection logged in is found where it runs.
            ClientMessage::Sync { game } => return self.route_and_act(re, game, Action::Sync).await,
            ClientMessage::Leaderboard { speed, offset, limit } => {
                match store::leaderboard(&hub.pool, speed, offset, limit.clamp(1, 100)).await {
                    Ok(entries) => reply(re, ServerMessage::Leaderboard { speed, offset, entries }),
                    Err(e) => unavailable(re, e),
                }
            }
            ClientMessage::Profile { nickname } => {
                match store::profile(&hub.pool, &accounts::nickname_key(&nickname)).await {
                    Ok(Some(p)) => reply(
                        re,
                        ServerMessage::Profile {
                            player: p.player,
                            created_at_ms: p.created_at_ms,
                            ratings: p.ratings,
                            history: p.history,
                            recent: p.recent,
                            arenas: p.arenas,
                        },
                    ),
                    Ok(None) => error(re, ErrorCode::UnknownPlayer, format!("no player {nickname}")),
                    Err(e) => unavailable(re, e),
                }
            }
            ClientMessage::GetGame { game } => self.get_game(re, me, game).await,
            ClientMessage::AcceptChallenge { challenge } => match friends::accept(&hub, me.id, challenge, re).await {
                Ok(()) => return None,
                Err(e) => lobby_err(e),
            },
            ClientMessage::Follow { nickname } => answer(friends::follow(&hub, me.id, &nickname).await),
            ClientMessage::Unfollow { nickname } => answer(friends::unfollow(&hub, me.id, &nickname).await),
            ClientMessage::Friends => answer(friends::friends(&hub, me.id).await),
            ClientMessage::Challenge { nickname, time_control, color, rated } => {
                answer(friends::challenge(&hub, me.id, &nickname, (time_control, color, rated)).await)
            }
            ClientMessage::DeclineChallenge { challenge } => answer(friends::close(&hub, me.id, challenge, true).await),
            ClientMessage::CancelChallenge { challenge } => answer(friends::close(&hub, me.id, challenge, false).await),
            ClientMessage::Challenges => answer(friends::challenges(&hub, me.id).await),
            ClientMessage::Block { nickname } => answer(friends::block(&hub, me.id, &nickname).await),
            ClientMessage::Unblock { nickname } => answer(friends::unblock(&hub, me.id, &nickname).await),
            ClientMessage::Blocked => answer(friends::blocked(&hub, me.id).await),
            ClientMessage::LiveGames => match watch::live_games(&hub.pool, me.id).await {
                Ok(games) => reply(re, ServerMessage::LiveGames { games }),
                Err(e) => unavailable(re, e),
            },
            ClientMessage::Watch { game } => return self.watch(re, game).await,
            ClientMessage::Correspondence => match store::correspondence_games(&hub.pool, me.id).await {
                Ok(games) => reply(re, ServerMessage::Correspondence { games }),
                Err(e) => unavailable(re, e),
            },
            ClientMessage::OpenSeeks => match seeks::open_seeks(&hub.pool, me.id).await {
                Ok(seeks) => reply(re, ServerMessage::OpenSeeks { seeks }),
                Err(e) => unavailable(re, e),
            },
            ClientMessage::AcceptSeek { player } => match seeks::accept(&hub, me.id, player, re).await {
                Ok(()) => return None,
                Err(e) => lobby_err(e),
            },
            ClientMessage::Arenas => match hub.pool.get().await {
                Ok(c) => match arenas::list(&c, me.id).await {
                    Ok(arenas) => reply(re, ServerMessage::Arenas { arenas }),
                    Err(e) => unavailable(re, e),
                },
                Err(e) => unavailable(re, e.into()),
            },
            ClientMessage::CreateArena { name, time_control, starts_in_s, minutes } => {
                arena_answer(arenas::create(&hub, me.id, &name, time_control, starts_in_s, minutes).await)
            }
            ClientMessage::JoinArena { arena } => arena_answer(arenas::join(&hub, me.id, arena).await),
            ClientMessage::LeaveArena { arena } => arena_answer(arenas::leave(&hub, me.id, arena).await),
            ClientMessage::ArenaStandings { arena } => arena_answer(arenas::show(&hub, me.id, arena).await),
            ClientMessage::Unwatch { game } => {
                if self.watched.remove(&game) {
                    hub.set_watching(game, &self.handle, false);
                }
                match self.routes.contains_key(&game) {
                    true => return self.act_in_game(re, game, Action::Unwatch).await,
                    false => reply(re, ServerMessage::Unwatched { game }),
                }
            }
            ClientMessage::Ping => reply(re, ServerMessage::Pong { server_time_ms: unix_ms() }),
        })
    }

    async fn get_game(&self, re: Option<u64>, me: PlayerInfo, game: GameId) -> String {
        let unknown = || error(re, ErrorCode::UnknownGame, format!("no game {game}"));
        match store::game_players(&self.hub.pool, game).await {
            Ok(None) => unknown(),
            Ok(Some((w, b, over))) if !over && me.id != w && me.id != b => {
                error(re, ErrorCode::NotYourGame, "a game in progress is shown only to its players")
            }
            Ok(Some(_)) => match store::game_record(&self.hub.pool, game).await {
                Ok(Some(r)) => reply(re, ServerMessage::GameRecord(Box::new(r))),
                Ok(None) => unknown(),
                Err(e) => unavailable(re, e),
            },
            Err(e) => unavailable(re, e),
        }
    }

    /// Opens a game in progress wherever it runs (a correspondence game begun since this connection logged in),
    /// routing it first if this connection has no route to it yet; the answer comes through the queue.
    async fn route_and_act(&mut self, re: Option<u64>, game: GameId, action: Action) -> Option<String> {
        if !self.routes.contains_key(&game) {
            if let Some(refused) = self.route_to_host(re, game).await {
                return Some(refused);
            }
        }
        self.act_in_game(re, game, action).await
    }

    /// Routes `game` to the node the database says hosts it now; the refusal to send if it cannot.
    async fn route_to_host(&mut self, re: Option<u64>, game: GameId) -> Option<String> {
        match store::game_host(&self.hub.pool, game).await {
            Ok(Some(host)) => {
                let here = host == self.hub.node();
                self.routes.insert(game, (!here).then_some(host));
                None
            }
            Ok(None) => Some(unknown_game_frame(game, re)),
            Err(e) => Some(unavailable(re, e)),
        }
    }

    /// Watches a game in progress wherever it runs; its state answers, through the queue. Its host is read
    /// each time, not taken from an earlier route: a spectator watching again after a node failed must reach
    /// the node that adopted the game. The watch is registered before the host is read, so that an adoption
    /// between the two is announced to this connection (which then watches at the new host).
    async fn watch(&mut self, re: Option<u64>, game: GameId) -> Option<String> {
        if self.watched.insert(game) {
            self.hub.set_watching(game, &self.handle, true);
        }
        let refused = self.route_to_host(re, game).await;
        if refused.is_some() {
            self.watched.remove(&game);
            self.hub.set_watching(game, &self.handle, false);
            return refused;
        }
        self.act_in_game(re, game, Action::Watch).await
    }

    /// Hands an action to the game's task wherever it runs; the answer comes back through the queue.
    async fn act_in_game(&mut self, re: Option<u64>, game: GameId, action: Action) -> Option<String> {
        let me = self.player.as_ref()?.id;
        let Some(host) = self.routes.get(&game).cloned() else {
            return Some(self.not_routed(re, me, game).await);
        };
        if let (Some(id), Some(_), Action::Sync | Action::Watch | Action::Move { .. }) = (re, &host, &action) {
            self.unanswered.insert(game, (id, action.clone()));
        }
        let cmd =
            GameCmd { player: me, re, from: Route::Local(self.handle.clone()), rtt_ms: self.handle.rtt(), action };
        if self.hub.to_game(game, host.as_deref(), cmd).await {
            None
        } else {
            self.unanswered.remove(&game);
            self.routes.remove(&game);
            Some(unknown_game_frame(game, re))
        }
    }

    /// The answer to a command for a game this connection has no route to: someone else's game, or none.
    async fn not_routed(&self, re: Option<u64>, me: PlayerId, game: GameId) -> String {
        match store::game_players(&self.hub.pool, game).await {
            Ok(Some((w, b, _))) if me != w && me != b => {
                game_error_frame(game, re, ErrorCode::NotYourGame, "you do not play in this game".into())
            }
            Ok(_) => unknown_game_frame(game, re),
            Err(e) => unavailable(re, e),
        }
    }

    async fn resync(&mut self) {
        let remote: Vec<GameId> = self.routes.iter().filter(|(_, h)| h.is_some()).map(|(g, _)| *g).collect();
        for g in remote {
            self.act_in_game(None, g, Action::Sync).await;
        }
    }

    /// The game has a new host: route it there and ask it for the state (a spectator watches it there). A
    /// `sync`, `watch` or move its old node left unanswered is answered by the new one, with its id.
    async fn rehost(&mut self, game: GameId) {
        match store::game_host(&self.hub.pool, game).await {
            Ok(Some(host)) => {
                let here = host == self.hub.node();
                self.routes.insert(game, (!here).then_some(host));
                let action = if self.watched.contains(&game) { Action::Watch } else { Action::Sync };
                let (re, again) = match self.unanswered.remove(&game) {
                    Some((re, m @ Action::Move { .. })) => (None, Some((re, m))),
                    Some((re, _)) => (Some(re), None),
                    None => (None, None),
                };
                self.act_in_game(re, game, action).await;
                if let Some((re, mv)) = again {
                    self.act_in_game(Some(re), game, mv).await;
                }
            }
            Ok(None) => {}
            Err(e) => log::warn!("game {game}: its new host could not be read: {e}"),
        }
    }

    async fn cleanup(&mut self) {
        for game in self.watched.drain() {
            self.hub.set_watching(game, &self.handle, false);
        }
        let Some(me) = self.player.clone() else { return };
        self.hub.unregister(me.id, self.handle.id);
        if let Err(e) = friends::clear_presence(&self.hub.pool, me.id, self.hub.node(), self.handle.id).await {
            log::warn!("could not mark {} offline: {e}", me.nickname);
        }
        if let Err(e) = store::delete_seek(&self.hub.pool, me.id).await {
            log::warn!("could not drop the seek of {}: {e}", me.nickname);
        }
        // A remote game tells connections apart only by node: if the player is already connected here again,
        // the game must keep sending here.
        let back = self.hub.conn(me.id).is_some();
        let routes: Vec<(GameId, Option<String>)> = self.routes.drain().filter(|(_, h)| h.is_none() || !back).collect();
        for (game, host) in routes {
            let cmd = GameCmd {
                player: me.id,
                re: None,
                from: Route::Local(self.handle.clone()),
                rtt_ms: 0,
                action: Action::Detach,
            };
            self.hub.to_game(game, host.as_deref(), cmd).await;
        }
    }
}
