//! Watching on two nodes sharing one database: the live games list (friends' games first, then by rating), a
//! spectator on the other node gets the state, the moves, the reactions and the end, never the players' offers,
//! cannot act in the game, is counted for everyone while connected, and can read the finished game after.

mod common;

use common::*;
use giveaway_protocol::{ClientMessage, EndReason, ErrorCode, LiveGame, ServerMessage, WatchState};
use std::time::Duration;

async fn live(c: &mut Client) -> Vec<LiveGame> {
    match c.request(ClientMessage::LiveGames).await {
        ServerMessage::LiveGames { games } => games,
        other => panic!("no live games: {other:?}"),
    }
}

async fn spectators(c: &mut Client) -> u32 {
    c.expect("a spectator count", |f| match f.message {
        ServerMessage::Spectators { count, .. } => Some(count),
        _ => None,
    })
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_spectator_on_another_node_sees_the_game_but_not_the_offers() {
    let url = fresh_database().await;
    let a = server(config(&url, "node_a")).await;
    let b = server(config(&url, "node_b")).await;
    let (mut white, mut black, state) = invite_game(a.addr, "Wanda", "Boris", BLITZ).await;
    let game = state.game;
    let (mut other_w, mut other_b, other) = invite_game(a.addr, "Olga", "Oleg", BLITZ).await;
    let mut carl = Client::new_player(b.addr, "Carl").await;

    // Both games are listed; once Carl follows Boris, Boris's game comes first.
    let list = live(&mut carl).await;
    assert_eq!(list.len(), 2);
    assert!(list.iter().all(|g| g.ply == 0 && g.spectators == 0 && !g.friend), "{list:?}");
    carl.request(ClientMessage::Follow { nickname: "Boris".into() }).await;
    let list = live(&mut carl).await;
    assert_eq!(list.iter().map(|g| (g.game, g.friend)).collect::<Vec<_>>(), [(game, true), (other.game, false)]);
    // A player does not see their own game in the list.
    assert_eq!(live(&mut white).await.iter().map(|g| g.game).collect::<Vec<_>>(), [other.game]);

    // Carl watches from node b: the state answers; the players are told there is one spectator.
    let ServerMessage::Watching(seen) = carl.request(ClientMessage::Watch { game }).await else { panic!() };
    let WatchState { moves, spectators: n, result, .. } = *seen;
    assert_eq!((moves.len(), n, result), (0, 1, None));
    assert_eq!(spectators(&mut white).await, 1);
    assert_eq!(spectators(&mut black).await, 1);
    assert_eq!(spectators(&mut carl).await, 1, "the spectators are told too");
    assert_eq!(live(&mut carl).await.iter().find(|g| g.game == game).map(|g| g.spectators), Some(1));

    // A move and a reaction reach him; a draw offer does not, nor can he act in the game.
    play(&mut white, &mut black, game, 0, "c3-d4").await;
    let mv = carl
        .expect("the move", |f| match &f.message {
            ServerMessage::Moved { game: g, ply: 0, mv, .. } if *g == game => Some(mv.clone()),
            _ => None,
        })
        .await;
    assert_eq!(mv, "c3-d4");
    black.request(ClientMessage::React { game, emoji: "👍".into() }).await;
    carl.expect("the reaction", |f| matches!(f.message, ServerMessage::Reaction { .. }).then_some(())).await;
    white.request(ClientMessage::OfferDraw { game }).await;
    black.expect("the offer", |f| matches!(f.message, ServerMessage::DrawOffered { .. }).then_some(())).await;
    for act in [
        ClientMessage::Move { game, ply: 1, mv: "f6-g5".into(), think_ms: None },
        ClientMessage::Resign { game },
        ClientMessage::AcceptDraw { game },
    ] {
        let answer = carl.request(act).await;
        assert!(matches!(answer, ServerMessage::Error { code: ErrorCode::NotYourGame, .. }), "{answer:?}");
    }
    assert!(carl.silent_for(Duration::from_millis(300)).await, "nothing else for the spectator");
    assert!(!carl.pending_has(|f| matches!(f.message, ServerMessage::DrawOffered { .. })));

    // Carl leaves: the count drops. Dana watches from node a and sees the end; then reads the finished game.
    carl.close().await;
    assert_eq!(spectators(&mut white).await, 0);
    assert_eq!(spectators(&mut black).await, 0);
    let mut dana = Client::new_player(a.addr, "Dana").await;
    let ServerMessage::Watching(seen) = dana.request(ClientMessage::Watch { game }).await else { panic!() };
    assert_eq!(seen.moves, ["c3-d4"]);
    black.send(ClientMessage::Resign { game }).await;
    let end = dana
        .expect("the end", |f| match &f.message {
            ServerMessage::GameEnd { result, .. } => Some(*result),
            _ => None,
        })
        .await;
    assert_eq!(end.reason, EndReason::Resignation);
    let record = dana.request(ClientMessage::GetGame { game }).await;
    assert!(matches!(&record, ServerMessage::GameRecord(r) if r.moves.len() == 1), "{record:?}");
    // Unwatching answers; the other game goes on unwatched.
    assert_eq!(dana.request(ClientMessage::Unwatch { game }).await, ServerMessage::Unwatched { game });
    other_w.request(ClientMessage::Resign { game: other.game }).await;
    other_b.game_end().await;
}
