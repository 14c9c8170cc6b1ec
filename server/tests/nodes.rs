//! Two nodes on one database, one player on each: pairing, a whole game and its end pass through
//! PostgreSQL's LISTEN/NOTIFY. And the server's own TLS.

mod common;

use common::*;
use giveaway_core::EndReason as CoreReason;
use giveaway_protocol::{ClientMessage, Color, EndReason, ServerMessage, PROTOCOL_VERSION};
use std::sync::Arc;
use tokio_rustls::rustls;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_nodes_play_a_game_to_the_end() {
    let url = fresh_database().await;
    let a = server(config(&url, "node_a")).await;
    let b = server(config(&url, "node_b")).await;
    let mut x = Client::new_player(a.addr, "OnNodeA").await;
    let mut y = Client::new_player(b.addr, "OnNodeB").await;
    assert!(matches!(x.request(ClientMessage::Seek { time_control: BLITZ }).await, ServerMessage::Seeking { .. }));
    // Paired by node b (y completes the pairing), so the game runs there and x's moves cross the bus.
    y.send(ClientMessage::Seek { time_control: BLITZ }).await;
    let sx = x.state().await;
    let sy = y.state().await;
    assert_eq!(sx.game, sy.game);
    assert_eq!(b.hub.games_running(), 1);
    assert_eq!(a.hub.games_running(), 0);
    let (mut w, mut bl) = if sx.you == Color::White { (x, y) } else { (y, x) };
    // Reactions and draw offers cross too.
    w.send(ClientMessage::React { game: sx.game, emoji: "🎉".into() }).await;
    bl.expect("reaction", |f| matches!(f.message, ServerMessage::Reaction { .. }).then_some(())).await;
    let moves = game_ending_by(CoreReason::NoLegalMove);
    play_all(&mut w, &mut bl, sx.game, &moves).await;
    let (ew, eb) = (w.game_end().await, bl.game_end().await);
    assert_eq!(ew, eb);
    let ServerMessage::GameEnd { result, ratings, .. } = ew else { panic!() };
    assert_eq!(result.reason, EndReason::NoLegalMove);
    assert!(ratings.is_some());
    let db = sql(&url).await;
    let n: i64 = db.query_one("SELECT count(*) FROM moves WHERE game_id = $1", &[&sx.game]).await.unwrap().get(0);
    assert_eq!(n as usize, moves.len());

    // A new game (run by node a this time, where the invite is accepted); the player on node b leaves and
    // comes back to node b: the game on node a sees both.
    let (mut on_a, mut on_b) = if w.player.as_ref().unwrap().nickname == "OnNodeA" { (w, bl) } else { (bl, w) };
    let code = match on_b.request(ClientMessage::CreateInvite { time_control: BLITZ, rated: false }).await {
        ServerMessage::Invite { code, .. } => code,
        other => panic!("{other:?}"),
    };
    on_a.send(ClientMessage::AcceptInvite { code }).await;
    let s1 = on_a.state().await;
    on_b.state().await;
    assert_eq!(a.hub.games_running(), 1);
    let token = on_b.token.clone().unwrap();
    on_b.close().await;
    on_a.expect("gone", |f| {
        matches!(f.message, ServerMessage::OpponentConnection { connected: false, .. }).then_some(())
    })
    .await;
    let (mut back, _) = Client::reconnect(b.addr, &token).await;
    let st = back.state().await;
    assert_eq!(st.game, s1.game);
    on_a.expect("back", |f| {
        matches!(f.message, ServerMessage::OpponentConnection { connected: true, .. }).then_some(())
    })
    .await;
    let (mut white, mut black) = if s1.you == Color::White { (on_a, back) } else { (back, on_a) };
    play(&mut white, &mut black, s1.game, 0, "c3-d4").await;
    play(&mut black, &mut white, s1.game, 1, "f6-g5").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_node_name_runs_once() {
    let url = fresh_database().await;
    let _a = server(config(&url, "solo")).await;
    let mut cfg = config(&url, "solo");
    cfg.listen = "127.0.0.1:0".parse().unwrap();
    let t = std::time::Instant::now();
    let second = giveaway_server::start(cfg).await;
    assert!(
        matches!(second, Err(giveaway_server::StartError::NodeTaken(_))),
        "a second node with the same name is refused"
    );
    // The running node answers the starting one's probe on the bus: no wait for a predecessor to go.
    assert!(t.elapsed() < std::time::Duration::from_secs(3), "refused promptly, not after {:?}", t.elapsed());
}

/// A node that dies (every task and socket gone at once) is taken over at once by a process with its name.
#[test]
fn a_dead_node_s_name_is_taken_over() {
    let mut node = giveaway_server::testing::InProcess::fresh();
    let t = std::time::Instant::now();
    node.restart();
    assert!(t.elapsed() < std::time::Duration::from_secs(5), "took {:?}", t.elapsed());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn serves_tls_itself() {
    let url = fresh_database().await;
    let cert = rcgen::generate_simple_self_signed(vec!["localhost".to_string()]).unwrap();
    let dir = std::env::temp_dir().join(format!("gw-tls-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (cert_path, key_path) = (dir.join("cert.pem"), dir.join("key.pem"));
    std::fs::write(&cert_path, cert.cert.pem()).unwrap();
    std::fs::write(&key_path, cert.signing_key.serialize_pem()).unwrap();
    let mut cfg = config(&url, "tls");
    cfg.tls_cert = Some(cert_path);
    cfg.tls_key = Some(key_path);
    let srv = server(cfg).await;

    let mut roots = rustls::RootCertStore::empty();
    roots.add(cert.cert.der().clone()).unwrap();
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let client_cfg = rustls::ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .unwrap()
        .with_root_certificates(roots)
        .with_no_client_auth();
    let connector = tokio_rustls::TlsConnector::from(Arc::new(client_cfg));
    let tcp = tokio::net::TcpStream::connect(srv.addr).await.unwrap();
    let name = rustls::pki_types::ServerName::try_from("localhost").unwrap();
    let tls = connector.connect(name, tcp).await.expect("TLS handshake");
    let mut c = Client::over(Box::new(tls), &format!("wss://localhost:{}/ws", srv.addr.port())).await;
    let id = c.send(ClientMessage::Hello { protocol: PROTOCOL_VERSION, token: None }).await;
    assert!(matches!(c.reply(id).await, ServerMessage::Welcome { .. }));
    // Plain WebSocket to a TLS port fails.
    let plain = tokio::net::TcpStream::connect(srv.addr).await.unwrap();
    let r = tokio_tungstenite::client_async(format!("ws://{}/ws", srv.addr), plain).await;
    assert!(r.is_err());
    let _ = std::fs::remove_dir_all(dir);
}
