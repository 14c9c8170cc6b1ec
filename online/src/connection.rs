//! The socket of the online client: one WebSocket (`ws://`, or `wss://` through rustls) on a thread of its own
//! running a small tokio runtime; reconnects with backoff, says `hello` with the device's token each time, and
//! hands every frame it reads to the client. Frames to send come through a channel. It knows the client only
//! through [`Peer`], the four calls it makes.

use futures_util::{SinkExt, StreamExt};
use giveaway_protocol::{
    decode_server, encode, ClientFrame, ClientMessage, ServerMessage, MAX_SERVER_FRAME, PROTOCOL_VERSION,
};
use std::sync::{Arc, Weak};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::net::TcpStream;
use tokio::sync::mpsc;
use tokio_rustls::rustls;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::Message;

/// What the socket asks of the client it serves (the online client).
pub(crate) trait Peer: Send + Sync + 'static {
    /// Attempt `attempt` (1 for the first, counting up until one succeeds) is under way.
    fn connecting(&self, attempt: u32);
    /// The token of this device's account on this server, for `hello`.
    fn token(&self) -> Option<String>;
    /// The connection was lost (or not made): why, and how long until the next attempt.
    fn disconnected(&self, reason: String, retry_in_ms: u64);
    /// A frame from the server. `replies` are sent back at once; the answer says whether to drop the
    /// connection: `Some(true)` to connect again now, `Some(false)` to stop for good.
    fn received(&self, message: ServerMessage, replies: &mut Vec<ClientMessage>) -> Option<bool>;
}

/// What the client asks of the socket.
pub(crate) enum Command {
    Send(ClientMessage),
    /// Drop the connection and make a new one at once (after the token changed, or the player asked).
    Reconnect,
    Close,
}

/// Waits between attempts: 0.5 s doubling to 15 s; a connection that lasted resets it.
const FIRST_RETRY_MS: u64 = 500;
const LAST_RETRY_MS: u64 = 15_000;
/// A connection attempt (TCP, TLS and the WebSocket handshake) that takes longer fails.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

trait Stream: AsyncRead + AsyncWrite + Unpin + Send {}
impl<T: AsyncRead + AsyncWrite + Unpin + Send> Stream for T {}

/// How the connection ended.
enum Ended {
    /// The client is gone or closed: stop for good.
    Closed,
    /// Make a new connection at once.
    Again,
    /// Lost (or never made): try again after the backoff.
    Lost(String),
    /// The server will not talk to this build or this token: stop, the client says why.
    Refused,
}

/// Runs the connection until the client closes it or the server refuses it for good.
pub(crate) fn spawn<C: Peer>(
    client: Weak<C>,
    url: String,
    extra_roots: Vec<u8>,
    mut commands: mpsc::UnboundedReceiver<Command>,
) -> std::io::Result<()> {
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build()?;
    std::thread::Builder::new().name("giveaway-online".into()).spawn(move || {
        runtime.block_on(async move {
            let tls = tls_config(&extra_roots);
            let mut retry_ms = FIRST_RETRY_MS;
            let mut attempt = 0u32;
            loop {
                attempt += 1;
                let Some(c) = client.upgrade() else { return };
                c.connecting(attempt);
                let hello = ClientMessage::Hello { protocol: PROTOCOL_VERSION, token: c.token() };
                drop(c);
                let started = tokio::time::Instant::now();
                let ended = match tokio::time::timeout(CONNECT_TIMEOUT, open(&url, &tls)).await {
                    Ok(Ok(ws)) => serve(ws, hello, &client, &mut commands).await,
                    Ok(Err(e)) => Ended::Lost(e),
                    Err(_) => Ended::Lost("the server did not answer in time".into()),
                };
                match ended {
                    Ended::Closed => return,
                    Ended::Refused => {
                        // Nothing to retry; wait for the client to close or ask again.
                        match commands.recv().await {
                            None | Some(Command::Close) => return,
                            Some(_) => continue,
                        }
                    }
                    Ended::Again => retry_ms = FIRST_RETRY_MS,
                    Ended::Lost(why) => {
                        if started.elapsed() > Duration::from_secs(30) {
                            retry_ms = FIRST_RETRY_MS;
                        }
                        let Some(c) = client.upgrade() else { return };
                        c.disconnected(why, retry_ms);
                        drop(c);
                        // Commands while offline are answered by the client itself; only closing matters here.
                        let wait = tokio::time::sleep(Duration::from_millis(retry_ms));
                        tokio::pin!(wait);
                        loop {
                            tokio::select! {
                                _ = &mut wait => break,
                                cmd = commands.recv() => match cmd {
                                    None | Some(Command::Close) => return,
                                    Some(Command::Reconnect) => break,
                                    Some(Command::Send(_)) => {}
                                },
                            }
                        }
                        retry_ms = (retry_ms * 2).min(LAST_RETRY_MS);
                    }
                }
            }
        })
    })?;
    Ok(())
}

/// The TLS settings for `wss://`: the public roots every phone trusts, plus any PEM certificates the app
/// was given (a private or test server).
fn tls_config(extra_roots: &[u8]) -> Arc<rustls::ClientConfig> {
    use rustls::pki_types::pem::PemObject;
    use rustls::pki_types::CertificateDer;
    let mut roots = rustls::RootCertStore { roots: webpki_roots::TLS_SERVER_ROOTS.to_vec() };
    for cert in CertificateDer::pem_slice_iter(extra_roots).flatten() {
        if let Err(e) = roots.add(cert) {
            log::warn!("an extra root certificate was refused: {e}");
        }
    }
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let builder = rustls::ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .expect("ring supports the default TLS versions");
    Arc::new(builder.with_root_certificates(roots).with_no_client_auth())
}

type Socket = tokio_tungstenite::WebSocketStream<Box<dyn Stream>>;

/// TCP, then TLS for `wss://`, then the WebSocket handshake.
async fn open(url: &str, tls: &Arc<rustls::ClientConfig>) -> Result<Socket, String> {
    let request = url.into_client_request().map_err(|e| format!("{url} is not a server address: {e}"))?;
    let uri = request.uri().clone();
    let secure = match uri.scheme_str() {
        Some("wss") => true,
        Some("ws") => false,
        _ => return Err(format!("{url} is not a ws:// or wss:// address")),
    };
    let host = uri.host().ok_or_else(|| format!("{url} names no host"))?.trim_matches(['[', ']']).to_string();
    let port = uri.port_u16().unwrap_or(if secure { 443 } else { 80 });
    let tcp = TcpStream::connect((host.as_str(), port))
        .await
        .map_err(|e| format!("cannot reach the server at {host}:{port} ({})", e.kind()))?;
    let _ = tcp.set_nodelay(true);
    let stream: Box<dyn Stream> = if secure {
        let name = rustls::pki_types::ServerName::try_from(host.clone()).map_err(|e| format!("{host}: {e}"))?;
        let tls = tokio_rustls::TlsConnector::from(tls.clone())
            .connect(name, tcp)
            .await
            .map_err(|e| format!("TLS with {host}: {e}"))?;
        Box::new(tls)
    } else {
        Box::new(tcp)
    };
    let config =
        WebSocketConfig::default().max_message_size(Some(MAX_SERVER_FRAME)).max_frame_size(Some(MAX_SERVER_FRAME));
    let (ws, _) = tokio_tungstenite::client_async_with_config(request, stream, Some(config))
        .await
        .map_err(|e| format!("the server at {url} did not accept the connection: {e}"))?;
    Ok(ws)
}

/// One connection: `hello`, then frames both ways until it ends.
async fn serve<C: Peer>(
    mut ws: Socket,
    hello: ClientMessage,
    client: &Weak<C>,
    commands: &mut mpsc::UnboundedReceiver<Command>,
) -> Ended {
    let send = |m: ClientMessage| Message::text(encode(&ClientFrame { id: None, message: m }));
    if let Err(e) = ws.send(send(hello)).await {
        return Ended::Lost(e.to_string());
    }
    loop {
        tokio::select! {
            frame = ws.next() => {
                let text = match frame {
                    None => return Ended::Lost("the server closed the connection".into()),
                    Some(Err(e)) => {
                        log::info!("the connection to the server was lost: {e}");
                        return Ended::Lost("the connection to the server was lost".into());
                    }
                    Some(Ok(Message::Text(t))) => t,
                    Some(Ok(Message::Close(_))) => return Ended::Lost("the server closed the connection".into()),
                    Some(Ok(_)) => continue, // pings are answered by the library
                };
                let Some(c) = client.upgrade() else { return Ended::Closed };
                match decode_server(text.as_str()) {
                    Ok(frame) => {
                        let mut replies = Vec::new();
                        let verdict = c.received(frame.message, &mut replies);
                        for m in replies {
                            if let Err(e) = ws.send(send(m)).await {
                                return Ended::Lost(e.to_string());
                            }
                        }
                        if let Some(v) = verdict {
                            let _ = ws.close(None).await;
                            return if v { Ended::Again } else { Ended::Refused };
                        }
                    }
                    Err(e) => log::warn!("a server frame was not understood: {e}"),
                }
            }
            cmd = commands.recv() => match cmd {
                None | Some(Command::Close) => {
                    let _ = ws.close(None).await;
                    return Ended::Closed;
                }
                Some(Command::Reconnect) => {
                    let _ = ws.close(None).await;
                    return Ended::Again;
                }
                Some(Command::Send(m)) => {
                    if let Err(e) = ws.send(send(m)).await {
                        return Ended::Lost(e.to_string());
                    }
                }
            },
        }
    }
}
