//! Correspondence: a challenge with days per move starts a game that lasts: every move gives the mover the whole
//! allowance again, nobody loses by being away, the players stay free for other games, a list says where it is
//! whose move, and the time runs by the wall clock, also while no server ran the game.

mod common;

use common::*;
use giveaway_protocol::{
    ClientMessage, Color, ColorChoice, CorrespondenceGame, EndReason, ErrorCode, GameId, ServerMessage, TimeControl,
    DAY_MS,
};
use giveaway_server::testing::InProcess;
use std::time::Duration;

const THREE_DAYS: TimeControl = TimeControl::correspondence(3);

async fn list(c: &mut Client) -> Vec<CorrespondenceGame> {
    match c.request(ClientMessage::Correspondence).await {
        ServerMessage::Correspondence { games } => games,
        other => panic!("no correspondence list: {other:?}"),
    }
}

/// Ann (White) challenges Bob to a correspondence game and Bob accepts: (Ann, Bob, the game).
async fn correspondence_game(ann: &mut Client, bob: &mut Client) -> GameId {
    let ask = ClientMessage::Challenge {
        nickname: "Bob".into(),
        time_control: THREE_DAYS,
        color: ColorChoice::White,
        rated: true,
    };
    let ServerMessage::Challenge { challenge } = ann.request(ask).await else { panic!("no challenge") };
    // A correspondence challenge waits a week for its player.
    assert!(challenge.expires_in_ms > 6 * DAY_MS, "expires in {} ms", challenge.expires_in_ms);
    assert_eq!(challenge.time_control, THREE_DAYS);
    bob.send(ClientMessage::AcceptChallenge { challenge: challenge.id }).await;
    let state = bob.state().await;
    assert_eq!((state.you, state.time_control, state.clock_running), (Color::Black, THREE_DAYS, false));
    assert_eq!(state.clocks.white_ms, 3 * DAY_MS);
    assert_eq!(ann.state().await.game, state.game);
    state.game
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_correspondence_game_gives_days_per_move_and_waits_for_its_players() {
    let url = fresh_database().await;
    let mut cfg = config(&url, "node_a");
    // A game on a clock would be aborted or lost by abandonment long before this test ends.
    cfg.first_move_ms = 300;
    cfg.abandon_ms = 300;
    let a = server(cfg).await;
    let b = server(config(&url, "node_b")).await;
    let mut ann = Client::new_player(a.addr, "Ann").await;
    let mut bob = Client::new_player(b.addr, "Bob").await;
    let game = correspondence_game(&mut ann, &mut bob).await;

    // Bad days are refused; a correspondence invite or arena is not a thing.
    let odd = ClientMessage::Challenge {
        nickname: "Bob".into(),
        time_control: TimeControl { base_ms: 4 * DAY_MS, increment_ms: 0, days_per_move: Some(4) },
        color: ColorChoice::Random,
        rated: true,
    };
    let id = ann.send(odd).await;
    assert_eq!(ann.error(id).await, ErrorCode::UnknownTimeControl);
    let id = ann.send(ClientMessage::CreateInvite { time_control: THREE_DAYS, rated: true }).await;
    assert_eq!(ann.error(id).await, ErrorCode::UnknownTimeControl);

    // Nobody moves for longer than a clock's first move may take: the game stays.
    tokio::time::sleep(Duration::from_millis(800)).await;
    play(&mut ann, &mut bob, game, 0, "c3-d4").await;
    play(&mut bob, &mut ann, game, 1, "f6-g5").await;
    let id = ann.send(ClientMessage::Move { game, ply: 2, mv: "d4-c5".into(), think_ms: None }).await;
    let ServerMessage::Moved { clocks, .. } = ann.reply(id).await else { panic!("not moved") };
    // The mover has the whole allowance again.
    assert_eq!(clocks.white_ms, 3 * DAY_MS);
    assert!(clocks.black_ms <= 3 * DAY_MS);
    bob.moved(game, 2).await;

    // Both are free for games on a clock meanwhile.
    assert!(matches!(ann.request(ClientMessage::Seek { time_control: BLITZ }).await, ServerMessage::Seeking { .. }));
    assert!(matches!(ann.request(ClientMessage::CancelSeek).await, ServerMessage::SeekCancelled));

    // Bob goes away: no abandonment in correspondence.
    let bob_token = bob.token.clone().unwrap();
    bob.close().await;
    tokio::time::sleep(Duration::from_millis(900)).await;
    let theirs = list(&mut ann).await;
    assert!(!ann.pending_has(|f| matches!(f.message, ServerMessage::GameEnd { .. })), "the game ended");
    assert_eq!(theirs.len(), 1);
    let g = &theirs[0];
    assert_eq!((g.game, g.you, g.days_per_move, g.ply, g.your_move), (game, Color::White, 3, 3, false));
    assert_eq!((g.opponent.nickname.as_str(), g.last_move.as_deref()), ("Bob", Some("d4-c5")));
    assert!(g.time_left_ms > 3 * DAY_MS - 60_000 && g.time_left_ms <= 3 * DAY_MS);

    // Bob comes back: the game is not among those on a clock that resume at once; the list says it is his
    // move, and opening it gives its state.
    let (mut bob, welcome) = Client::reconnect(b.addr, &bob_token).await;
    let ServerMessage::Welcome { games, .. } = welcome else { panic!("no welcome") };
    assert!(games.is_empty(), "welcome lists only games on a clock: {games:?}");
    let mine = list(&mut bob).await;
    assert_eq!((mine[0].game, mine[0].you, mine[0].your_move), (game, Color::Black, true));
    bob.send(ClientMessage::Sync { game }).await;
    let state = bob.state().await;
    assert_eq!(state.moves, ["c3-d4", "f6-g5", "d4-c5"]);
    assert!(state.clock_running);
    play(&mut bob, &mut ann, game, 3, "b6:d4").await;

    // A second game beside it: the list has both, the one where it is Ann's move first.
    let ask = ClientMessage::Challenge {
        nickname: "Ann".into(),
        time_control: TimeControl::correspondence(14),
        color: ColorChoice::White,
        rated: false,
    };
    let ServerMessage::Challenge { challenge } = bob.request(ask).await else { panic!("no challenge") };
    ann.expect("the challenge", |f| matches!(f.message, ServerMessage::Challenge { .. }).then_some(())).await;
    ann.send(ClientMessage::AcceptChallenge { challenge: challenge.id }).await;
    let second = ann.state().await.game;
    let both: Vec<(GameId, bool)> = list(&mut ann).await.iter().map(|g| (g.game, g.your_move)).collect();
    assert_eq!(both, [(game, true), (second, false)]);
    // Watching is for games on a clock.
    let carl = &mut Client::new_player(a.addr, "Carl").await;
    let ServerMessage::LiveGames { games } = carl.request(ClientMessage::LiveGames).await else { panic!() };
    assert!(games.is_empty(), "{games:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_time_runs_out_by_the_wall_clock_while_no_server_runs_the_game() {
    let _ = env_logger::builder().is_test(true).try_init();
    let url = fresh_database().await;
    let cfg = config(&url, "node_a");
    let mut node = tokio::task::spawn_blocking(move || InProcess::with_config(cfg)).await.unwrap();
    let mut ann = Client::new_player(node.addr, "Ann").await;
    let mut bob = Client::new_player(node.addr, "Bob").await;
    let game = correspondence_game(&mut ann, &mut bob).await;
    for (ply, mv) in ["c3-d4", "f6-g5", "d4-c5"].iter().enumerate() {
        let (mover, other) = if ply % 2 == 0 { (&mut ann, &mut bob) } else { (&mut bob, &mut ann) };
        play(mover, other, game, ply as u32, mv).await;
    }
    // The server stops; when it is back, nearly three days have passed since Ann's move (the moves' times are
    // set back instead of waiting).
    node.crash();
    drop((ann, bob));
    let db = sql(&url).await;
    db.execute(
        "UPDATE moves SET played_at = played_at - make_interval(secs => $2) WHERE game_id = $1",
        &[&game, &((3 * DAY_MS - 2_000) as f64 / 1000.0)],
    )
    .await
    .unwrap();
    let cfg = config(&url, "node_a");
    let _node = tokio::task::spawn_blocking(move || InProcess::with_config(cfg)).await.unwrap();
    // Bob, to move, loses on time about two seconds later, with nobody connected.
    let mut ended = None;
    for _ in 0..100 {
        let row = db.query_one("SELECT winner, reason FROM games WHERE id = $1", &[&game]).await.unwrap();
        if let Some(reason) = row.get::<_, Option<String>>(1) {
            ended = Some((row.get::<_, Option<String>>(0), reason));
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(ended, Some((Some("white".to_string()), EndReason::Time.name().to_string())));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_request_to_a_game_whose_node_just_died_is_answered_once_another_node_runs_it() {
    let url = fresh_database().await;
    let mut cfg_a = config(&url, "node_a");
    cfg_a.takeover_check_ms = 100;
    let mut a = tokio::task::spawn_blocking(move || InProcess::with_config(cfg_a)).await.unwrap();
    // Node b adopts a dead node's games only after a second: the requests below reach it before.
    let mut cfg_b = config(&url, "node_b");
    cfg_b.takeover_check_ms = 100;
    cfg_b.takeover_after_ms = 1_000;
    let b = server(cfg_b).await;
    // Ann on node b, Bob on node a, which runs the game (accepted there).
    let mut ann = Client::new_player(b.addr, "Ann").await;
    let mut bob = Client::new_player(a.addr, "Bob").await;
    let game = correspondence_game(&mut ann, &mut bob).await;
    let db = sql(&url).await;
    let host: String = db.query_one("SELECT host_node FROM games WHERE id = $1", &[&game]).await.unwrap().get(0);
    assert_eq!(host, "node_a");

    // Node a dies with the game. Ann moves through her route to it, and Bob comes back on node b and opens the
    // game at once (the database still says node a runs it): each request is answered with its id, as any is,
    // once node b has adopted the game.
    a.crash();
    let moved = ann.send(ClientMessage::Move { game, ply: 0, mv: "c3-d4".into(), think_ms: None }).await;
    let (mut bob, _) = Client::reconnect(b.addr, &bob.token.clone().unwrap()).await;
    let opened = bob.send(ClientMessage::Sync { game }).await;
    let ServerMessage::Moved { ply: 0, .. } = ann.reply(moved).await else { panic!("the move not made") };
    let ServerMessage::GameState(state) = bob.reply(opened).await else { panic!("no state") };
    assert_eq!(state.game, game);
    // The move reached the state or comes after it; the game goes on at node b.
    if state.moves.is_empty() {
        bob.moved(game, 0).await;
    }
    play(&mut bob, &mut ann, game, 1, "f6-g5").await;
    let stored: i64 = db.query_one("SELECT count(*) FROM moves WHERE game_id = $1", &[&game]).await.unwrap().get(0);
    assert_eq!(stored, 2);
}
