//! No node is a single point of failure: the games of a node that dies, or is drained for an upgrade, go on on
//! another node with every move, its players reconnecting there (as a balancer would send them); the health
//! check a balancer uses says when a node is drained.

mod common;

use common::*;
use giveaway_protocol::{ClientMessage, Color, GameId, ServerMessage};
use giveaway_server::testing::InProcess;
use giveaway_server::Config;
use std::net::SocketAddr;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

fn quick_takeover(mut cfg: Config) -> Config {
    cfg.takeover_check_ms = 100;
    cfg.takeover_after_ms = 300;
    cfg.drain_wait_ms = 300;
    cfg
}

/// A game hosted by the node at `host` between a player connected there and one connected to `other`:
/// (the player on the host, the other, the game, the colour of the player on the host).
async fn game_across(host: SocketAddr, other: SocketAddr) -> (Client, Client, GameId, Color) {
    let mut on_host = Client::new_player(host, "OnHost").await;
    let mut away = Client::new_player(other, "Away").await;
    let code = match away.request(ClientMessage::CreateInvite { time_control: BLITZ, rated: false }).await {
        ServerMessage::Invite { code, .. } => code,
        other => panic!("{other:?}"),
    };
    // Accepted on the host: the game runs there.
    on_host.send(ClientMessage::AcceptInvite { code }).await;
    let state = on_host.state().await;
    away.state().await;
    (on_host, away, state.game, state.you)
}

/// Plays `moves` from ply `from` on, each side as its colour says.
async fn play_on(a: &mut Client, b: &mut Client, a_color: Color, game: GameId, from: usize, moves: &[String]) {
    for (i, m) in moves.iter().enumerate().skip(from) {
        let white_moves = i % 2 == 0;
        if white_moves == (a_color == Color::White) {
            play(a, b, game, i as u32, m).await;
        } else {
            play(b, a, game, i as u32, m).await;
        }
    }
}

async fn stored_plies(url: &str, game: GameId) -> (Vec<String>, String) {
    let db = sql(url).await;
    let moves = db
        .query("SELECT notation FROM moves WHERE game_id = $1 ORDER BY ply", &[&game])
        .await
        .unwrap()
        .into_iter()
        .map(|r| r.get(0))
        .collect();
    let host = db.query_one("SELECT host_node FROM games WHERE id = $1", &[&game]).await.unwrap().get(0);
    (moves, host)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dead_node_s_games_go_on_on_another_node() {
    let url = fresh_database().await;
    let cfg_a = quick_takeover(config(&url, "node_a"));
    let mut a = tokio::task::spawn_blocking(move || InProcess::with_config(cfg_a)).await.unwrap();
    let b = server(quick_takeover(config(&url, "node_b"))).await;
    let (mut x, mut y, game, x_color) = game_across(a.addr, b.addr).await;
    let moves = random_moves(7, 8);
    play_on(&mut x, &mut y, x_color, game, 0, &moves[..3]).await;

    // Node a dies: every task and socket at once. Its player comes back through the "balancer" to node b.
    a.crash();
    let token = x.token.clone().unwrap();
    drop(x);
    let (mut x, _) = Client::reconnect(b.addr, &token).await;
    // Node b adopts the game; both players are told its state, with every move.
    let sx = x.state().await;
    assert_eq!(sx.moves, moves[..3]);
    assert_eq!(y.state().await.moves, moves[..3]);
    play_on(&mut x, &mut y, x_color, game, 3, &moves).await;
    assert_eq!(stored_plies(&url, game).await, (moves.clone(), "node_b".to_string()));
    assert_eq!(b.hub.games_running(), 1);
}

/// The moves of the `watching` state a spectator gets for `game` (answered or, after a failover, unasked).
async fn watching(s: &mut Client, game: GameId) -> Vec<String> {
    s.expect("the watched game's state", |f| match &f.message {
        ServerMessage::Watching(w) if w.game == game => Some(w.moves.clone()),
        _ => None,
    })
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_spectators_of_a_dead_node_s_game_watch_it_again_where_it_goes_on() {
    let url = fresh_database().await;
    let cfg_a = quick_takeover(config(&url, "node_a"));
    let mut a = tokio::task::spawn_blocking(move || InProcess::with_config(cfg_a)).await.unwrap();
    let b = server(quick_takeover(config(&url, "node_b"))).await;
    let (mut x, mut y, game, x_color) = game_across(a.addr, b.addr).await;
    // One spectator connected to the node that will stay, one to the node that will die.
    let mut stays = Client::new_player(b.addr, "Stays").await;
    let mut moves_over = Client::new_player(a.addr, "MovesOver").await;
    for s in [&mut stays, &mut moves_over] {
        s.send(ClientMessage::Watch { game }).await;
        assert_eq!(watching(s, game).await, Vec::<String>::new());
    }
    let moves = random_moves(13, 8);
    play_on(&mut x, &mut y, x_color, game, 0, &moves[..3]).await;

    // Node a dies with the game. Its player and its spectator come back through the "balancer" to node b; the
    // spectator watches again at once, maybe before b has adopted the game (that watch then goes to the dead
    // node). The spectator on b never lost its connection.
    a.crash();
    let (mut x, _) = Client::reconnect(b.addr, &x.token.clone().unwrap()).await;
    let (mut moves_over, _) = Client::reconnect(b.addr, &moves_over.token.clone().unwrap()).await;
    moves_over.send(ClientMessage::Watch { game }).await;
    // Once b runs the game, both spectators watch it there, with every move, and see the next ones.
    assert_eq!(watching(&mut stays, game).await, moves[..3]);
    assert_eq!(watching(&mut moves_over, game).await, moves[..3]);
    assert_eq!(x.state().await.moves, moves[..3]);
    assert_eq!(y.state().await.moves, moves[..3]);
    play_on(&mut x, &mut y, x_color, game, 3, &moves[..5]).await;
    for s in [&mut stays, &mut moves_over] {
        for ply in [3, 4] {
            s.moved(game, ply).await;
        }
    }
}

async fn health(addr: SocketAddr) -> String {
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    s.write_all(b"GET /health HTTP/1.1\r\nHost: node\r\n\r\n").await.unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).await.unwrap();
    out.lines().next().unwrap_or_default().to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_drained_node_hands_its_players_and_games_over() {
    let url = fresh_database().await;
    let a = server(quick_takeover(config(&url, "node_a"))).await;
    let b = server(quick_takeover(config(&url, "node_b"))).await;
    let (mut x, mut y, game, x_color) = game_across(a.addr, b.addr).await;
    let moves = random_moves(11, 8);
    play_on(&mut x, &mut y, x_color, game, 0, &moves[..3]).await;
    assert_eq!(health(a.addr).await, "HTTP/1.1 200 OK");

    let a_addr = a.addr;
    let drained = tokio::spawn(async move {
        a.drain().await;
        a
    });
    // The health check fails at once; the player's connection is closed as going away after the wait.
    tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    assert_eq!(health(a_addr).await, "HTTP/1.1 503 Service Unavailable");
    assert_eq!(x.close_code().await, Some(1001));
    let (mut x, _) = Client::reconnect(b.addr, &x.token.clone().unwrap()).await;
    let a = drained.await.unwrap();
    assert_eq!(a.hub.games_running(), 0, "a drained node keeps no game");
    // The new host sends both players the state with every move (whichever came first: the reconnection or
    // the adoption).
    assert_eq!(x.state().await.moves, moves[..3]);
    assert_eq!(y.state().await.moves, moves[..3]);
    play_on(&mut x, &mut y, x_color, game, 3, &moves).await;
    assert_eq!(stored_plies(&url, game).await, (moves.clone(), "node_b".to_string()));
}
