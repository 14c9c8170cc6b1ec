//! The server against `docs/protocol.md`: every request's answer carries its id, bad frames with a readable id
//! are answered with it, someone else's game is `not_your_game`, and a frame over 64 KiB gets the close frame
//! 1009. Every frame every test client receives is also checked against the document's rules (`Client::check`).

mod common;

use common::*;
use giveaway_protocol::{ClientMessage, ErrorCode, ServerMessage};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_request_is_answered_with_its_id() {
    let (srv, _url) = server_on_fresh_db().await;
    let addr = srv.addr;
    let mut x = Client::new_player(addr, "Asker").await;
    let mut y = Client::new_player(addr, "Answerer").await;

    // accept_invite: the game's state is the answer.
    let code = match x.request(ClientMessage::CreateInvite { time_control: BLITZ, rated: false }).await {
        ServerMessage::Invite { code, .. } => code,
        other => panic!("{other:?}"),
    };
    let id = y.send(ClientMessage::AcceptInvite { code }).await;
    let ServerMessage::GameState(s) = y.reply(id).await else { panic!("accept_invite is answered by game_state") };
    let game = s.game;
    x.state().await;

    // Draw offers, declined, then offered twice (the second offer accepts).
    let id = x.send(ClientMessage::OfferDraw { game }).await;
    assert!(matches!(x.reply(id).await, ServerMessage::DrawOffered { .. }));
    y.expect("the offer", |f| matches!(f.message, ServerMessage::DrawOffered { .. }).then_some(())).await;
    let id = y.send(ClientMessage::DeclineDraw { game }).await;
    assert!(matches!(y.reply(id).await, ServerMessage::DrawDeclined { .. }));
    x.expect("the refusal", |f| matches!(f.message, ServerMessage::DrawDeclined { .. }).then_some(())).await;
    let id = x.send(ClientMessage::OfferDraw { game }).await;
    x.reply(id).await;
    let id = y.send(ClientMessage::OfferDraw { game }).await;
    assert!(
        matches!(y.reply(id).await, ServerMessage::GameEnd { .. }),
        "an offer that accepts is answered by game_end"
    );
    x.game_end().await;

    // Rematch offered and declined.
    let id = x.send(ClientMessage::OfferRematch { game }).await;
    assert!(matches!(x.reply(id).await, ServerMessage::RematchOffered { .. }));
    let id = y.send(ClientMessage::DeclineRematch { game }).await;
    assert!(matches!(y.reply(id).await, ServerMessage::RematchDeclined { .. }));
    x.expect("the refusal", |f| matches!(f.message, ServerMessage::RematchDeclined { .. }).then_some(())).await;

    // A seek paired at once: the game's state answers it; the waiting one was answered by seeking.
    let id = x.send(ClientMessage::Seek { time_control: BLITZ }).await;
    assert!(matches!(x.reply(id).await, ServerMessage::Seeking { .. }));
    let id = y.send(ClientMessage::Seek { time_control: BLITZ }).await;
    let ServerMessage::GameState(s) = y.reply(id).await else {
        panic!("a seek paired at once is answered by game_state")
    };
    let game = s.game;
    x.state().await;

    // Resignation, then a rematch both offer: the new game's state answers the second offer.
    let id = x.send(ClientMessage::Resign { game }).await;
    assert!(matches!(x.reply(id).await, ServerMessage::GameEnd { .. }));
    y.game_end().await;
    let id = y.send(ClientMessage::OfferRematch { game }).await;
    y.reply(id).await;
    let id = x.send(ClientMessage::OfferRematch { game }).await;
    let ServerMessage::GameState(s) = x.reply(id).await else {
        panic!("the second rematch offer is answered by game_state")
    };
    assert_eq!(s.rematch_of, Some(game));
    y.state().await;

    // accept_draw.
    let id = y.send(ClientMessage::OfferDraw { game: s.game }).await;
    y.reply(id).await;
    let id = x.send(ClientMessage::AcceptDraw { game: s.game }).await;
    let end = x.reply(id).await;
    assert!(matches!(end, ServerMessage::GameEnd { ref result, .. } if result.winner.is_none()), "{end:?}");
    y.game_end().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn malformed_frames_with_a_readable_id_are_answered_with_it() {
    let (srv, _url) = server_on_fresh_db().await;
    let mut c = Client::new_player(srv.addr, "Sloppy").await;
    for text in [
        r#"{"type":"move","id":ID,"game":"seven","ply":0,"move":"c3-d4"}"#,
        r#"{"id":ID,"type":"fly"}"#,
        r#"{"id":ID}"#,
        r#"{"type":"seek","id":ID}"#,
    ] {
        let id = fresh_id();
        c.send_raw(&text.replace("ID", &id.to_string())).await;
        assert_eq!(c.error(id).await, ErrorCode::Malformed, "{text}");
    }
    // An id that cannot be read: the error has no re (the checker allows it, this client sent such a frame).
    c.send_raw(r#"{"id":"x","type":"ping"}"#).await;
    assert_eq!(c.any_error().await, ErrorCode::Malformed);
    // The connection lives.
    assert!(matches!(c.request(ClientMessage::Ping).await, ServerMessage::Pong { .. }));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn someone_else_s_game_is_not_your_game() {
    let (srv, _url) = server_on_fresh_db().await;
    let (mut white, _black, s) = invite_game(srv.addr, "Player1", "Player2", BLITZ).await;
    let mut third = Client::new_player(srv.addr, "Intruder").await;
    let game = s.game;
    for m in [
        ClientMessage::Move { game, ply: 0, mv: "c3-d4".into(), think_ms: None },
        ClientMessage::Resign { game },
        ClientMessage::OfferDraw { game },
        ClientMessage::AcceptDraw { game },
        ClientMessage::DeclineDraw { game },
        ClientMessage::React { game, emoji: "👍".into() },
        ClientMessage::OfferRematch { game },
        ClientMessage::DeclineRematch { game },
        ClientMessage::Sync { game },
    ] {
        let id = third.send(m.clone()).await;
        match third.reply(id).await {
            ServerMessage::Error { code, game: g, .. } => {
                assert_eq!(code, ErrorCode::NotYourGame, "{m:?}");
                assert_eq!(g, Some(game));
            }
            other => panic!("{m:?}: {other:?}"),
        }
    }
    let id = third.send(ClientMessage::Resign { game: game + 1000 }).await;
    assert_eq!(third.error(id).await, ErrorCode::UnknownGame, "a game that does not exist");
    // The game is untouched.
    let id = white.send(ClientMessage::Sync { game }).await;
    let ServerMessage::GameState(st) = white.reply(id).await else { panic!() };
    assert!(st.moves.is_empty() && st.result.is_none() && st.draw_offer.is_none() && st.reactions.is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_frame_over_64_kib_gets_close_code_1009() {
    let (srv, _url) = server_on_fresh_db().await;
    let mut c = Client::connect(srv.addr).await;
    c.hello(None).await;
    // Between 4 KiB and 64 KiB: too_large, and the connection stays.
    c.send_raw(&format!(r#"{{"type":"ping","pad":"{}"}}"#, "x".repeat(10_000))).await;
    assert_eq!(c.any_error().await, ErrorCode::TooLarge);
    c.send_raw(&format!(r#"{{"type":"ping","pad":"{}"}}"#, "x".repeat(70_000))).await;
    assert_eq!(c.close_code().await, Some(1009), "the promised close frame, code 1009 (message too big)");
}
