//! The server through real WebSocket clients against a real PostgreSQL: accounts, pairing, invites, every
//! result, reactions, reconnection, ratings, leaderboard and profile, bad frames and rate limits.

mod common;

use common::*;
use giveaway_core::EndReason as CoreReason;
use giveaway_protocol::{
    ClientMessage, Color, EndReason, ErrorCode, ServerMessage, Speed, TimeControl, PROTOCOL_VERSION,
};
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;

fn winner_reason(m: &ServerMessage) -> (Option<Color>, EndReason) {
    match m {
        ServerMessage::GameEnd { result, .. } => (result.winner, result.reason),
        other => panic!("not a game end: {other:?}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn accounts_tokens_and_nicknames() {
    let (srv, url) = server_on_fresh_db().await;
    let addr = srv.addr;
    let anna = Client::new_player(addr, "Anna").await;
    let token = anna.token.clone().unwrap();
    assert!(token.len() >= 64);
    // The database keeps only the hash.
    let db = sql(&url).await;
    let row = db.query_one("SELECT token_hash FROM devices WHERE player_id = $1", &[&anna.id()]).await.unwrap();
    let hash: Vec<u8> = row.get(0);
    assert_eq!(hash.len(), 32);
    assert!(!hex_contains(&hash, &token));

    let mut c = Client::connect(addr).await;
    c.hello(None).await;
    for (nick, code) in [
        ("ANNA", ErrorCode::NicknameTaken),
        ("ａｎｎａ", ErrorCode::NicknameTaken),
        ("ab", ErrorCode::NicknameInvalid),
        ("An\u{200B}na2", ErrorCode::NicknameInvalid),
        ("bad\u{7}bell", ErrorCode::NicknameInvalid),
        ("twenty-one-characters", ErrorCode::NicknameInvalid),
    ] {
        let id = c.send(ClientMessage::CreateAccount { nickname: nick.into() }).await;
        assert_eq!(c.error(id).await, code, "{nick:?}");
    }
    // Requests before an account are refused; the connection goes on.
    let id = c.send(ClientMessage::Seek { time_control: BLITZ }).await;
    assert_eq!(c.error(id).await, ErrorCode::NotAuthenticated);
    let id = c.send(ClientMessage::CreateAccount { nickname: "Boris".into() }).await;
    assert!(matches!(c.reply(id).await, ServerMessage::Account { .. }));
    let id = c.send(ClientMessage::CreateAccount { nickname: "Boris2".into() }).await;
    assert_eq!(c.error(id).await, ErrorCode::AlreadyAuthenticated);

    // The token brings the account back; a wrong one is refused and the connection closed.
    anna.close().await;
    let (_again, w) = Client::reconnect(addr, &token).await;
    match w {
        ServerMessage::Welcome { player: Some(p), protocol, presets, .. } => {
            assert_eq!(p.nickname, "Anna");
            assert_eq!(protocol, PROTOCOL_VERSION);
            assert_eq!(presets.len(), 12);
        }
        other => panic!("{other:?}"),
    }
    let mut bad = Client::connect(addr).await;
    let id = bad.send(ClientMessage::Hello { protocol: PROTOCOL_VERSION, token: Some("gw1_00".into()) }).await;
    assert_eq!(bad.error(id).await, ErrorCode::UnknownToken);
    assert!(bad.next().await.is_none(), "closed after an unknown token");

    // Another version is refused and closed; the first frame must be hello.
    let mut old = Client::connect(addr).await;
    let id = old.send(ClientMessage::Hello { protocol: 99, token: None }).await;
    assert_eq!(old.error(id).await, ErrorCode::UnsupportedVersion);
    assert!(old.next().await.is_none());
    let mut rude = Client::connect(addr).await;
    let id = rude.send(ClientMessage::Ping).await;
    assert_eq!(rude.error(id).await, ErrorCode::HelloFirst);
}

fn hex_contains(hash: &[u8], token: &str) -> bool {
    token.contains(&hash.iter().map(|b| format!("{b:02x}")).collect::<String>())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn quick_pairing_widens_the_rating_window() {
    let url = fresh_database().await;
    let mut cfg = config(&url, "node1");
    cfg.window_start = 100.0;
    cfg.window_growth = 200.0;
    cfg.pair_tick_ms = 200;
    let srv = server(cfg).await;
    let addr = srv.addr;
    let mut low = Client::new_player(addr, "Lowly").await;
    let mut high = Client::new_player(addr, "Highly").await;
    let db = sql(&url).await;
    db.execute(
        "INSERT INTO ratings (player_id, speed, rating, deviation, volatility) VALUES ($1, 'blitz', 1900, 80, 0.06)",
        &[&high.id()],
    )
    .await
    .unwrap();
    // Not a preset: refused.
    let id = low.send(ClientMessage::Seek { time_control: TimeControl::clock(240_000, 0) }).await;
    assert_eq!(low.error(id).await, ErrorCode::UnknownTimeControl);

    let t0 = Instant::now();
    assert!(matches!(low.request(ClientMessage::Seek { time_control: BLITZ }).await, ServerMessage::Seeking { .. }));
    assert!(matches!(high.request(ClientMessage::Seek { time_control: BLITZ }).await, ServerMessage::Seeking { .. }));
    // 400 points apart: both windows must grow from 100 by 200/s, about 1.5 s.
    let s = low.state().await;
    let waited = t0.elapsed();
    assert!(waited >= Duration::from_millis(1400), "paired after {waited:?}, before the window reached 400");
    assert!(waited < Duration::from_secs(8), "paired only after {waited:?}");
    assert_eq!(s.speed, Speed::Blitz);
    assert!(s.rated);
    let h = high.state().await;
    assert_eq!(h.game, s.game);
    assert_eq!((s.white.rating.max(s.black.rating), s.white.rating.min(s.black.rating)), (1900.0, 1500.0));

    // Players of the same rating pair at once; another preset does not pair with them.
    let mut a = Client::new_player(addr, "Alpha").await;
    let mut b = Client::new_player(addr, "Bravo").await;
    let mut c = Client::new_player(addr, "Charlie").await;
    let bullet = TimeControl::clock(60_000, 0);
    assert!(matches!(c.request(ClientMessage::Seek { time_control: bullet }).await, ServerMessage::Seeking { .. }));
    assert!(matches!(a.request(ClientMessage::Seek { time_control: BLITZ }).await, ServerMessage::Seeking { .. }));
    let t1 = Instant::now();
    b.send(ClientMessage::Seek { time_control: BLITZ }).await;
    let sb = b.state().await;
    assert!(t1.elapsed() < Duration::from_secs(1));
    assert_eq!(a.state().await.game, sb.game);
    // A seeker in a game may not seek again; a cancelled seek is gone.
    let id = a.send(ClientMessage::Seek { time_control: BLITZ }).await;
    assert_eq!(a.error(id).await, ErrorCode::Busy);
    assert!(matches!(c.request(ClientMessage::CancelSeek).await, ServerMessage::SeekCancelled));
    let n: i64 = db.query_one("SELECT count(*) FROM seeks", &[]).await.unwrap().get(0);
    assert_eq!(n, 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn invite_codes() {
    let (srv, _) = server_on_fresh_db().await;
    let addr = srv.addr;
    let mut host = Client::new_player(addr, "Host").await;
    let mut friend = Client::new_player(addr, "Friend").await;
    let tc = TimeControl::clock(420_000, 0);
    let code = match host.request(ClientMessage::CreateInvite { time_control: tc, rated: false }).await {
        ServerMessage::Invite { code, rated: false, .. } => code,
        other => panic!("{other:?}"),
    };
    assert_eq!(code.len(), 6);
    let id = host.send(ClientMessage::AcceptInvite { code: code.clone() }).await;
    assert_eq!(host.error(id).await, ErrorCode::OwnInvite);
    let id = friend.send(ClientMessage::AcceptInvite { code: "ZZZZZZ".into() }).await;
    assert_eq!(friend.error(id).await, ErrorCode::UnknownInvite);
    // Codes are read without regard to case.
    friend.send(ClientMessage::AcceptInvite { code: code.to_lowercase() }).await;
    let s = friend.state().await;
    assert_eq!(s.time_control, tc);
    assert!(!s.rated);
    assert_eq!(host.state().await.game, s.game);
    // Used up.
    let mut third = Client::new_player(addr, "Third").await;
    let id = third.send(ClientMessage::AcceptInvite { code }).await;
    assert_eq!(third.error(id).await, ErrorCode::UnknownInvite);
    // Cancelled codes stop working.
    let code = match third.request(ClientMessage::CreateInvite { time_control: tc, rated: true }).await {
        ServerMessage::Invite { code, .. } => code,
        other => panic!("{other:?}"),
    };
    assert!(matches!(third.request(ClientMessage::CancelInvite).await, ServerMessage::InviteCancelled));
    let mut fourth = Client::new_player(addr, "Fourth").await;
    let id = fourth.send(ClientMessage::AcceptInvite { code }).await;
    assert_eq!(fourth.error(id).await, ErrorCode::UnknownInvite);
}

/// A game played to its natural end on the server ends as the core says, and is stored move by move.
async fn natural_end(reason: CoreReason, wire: EndReason) {
    let moves = game_ending_by(reason);
    let (srv, url) = server_on_fresh_db().await;
    let (mut w, mut b, s) = invite_game(srv.addr, "Whitey", "Blacky", BLITZ).await;
    play_all(&mut w, &mut b, s.game, &moves).await;
    let end = w.game_end().await;
    let (winner, why) = winner_reason(&end);
    assert_eq!(why, wire);
    let expect_winner = match reason {
        CoreReason::NoLegalMove => Some(if moves.len().is_multiple_of(2) { Color::White } else { Color::Black }),
        _ => None,
    };
    assert_eq!(winner, expect_winner);
    assert_eq!(winner_reason(&b.game_end().await), (winner, why));
    let db = sql(&url).await;
    let n: i64 = db.query_one("SELECT count(*) FROM moves WHERE game_id = $1", &[&s.game]).await.unwrap().get(0);
    assert_eq!(n as usize, moves.len());
    let r: String = db.query_one("SELECT reason FROM games WHERE id = $1", &[&s.game]).await.unwrap().get(0);
    assert_eq!(r, wire.name());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn result_no_legal_move() {
    natural_end(CoreReason::NoLegalMove, EndReason::NoLegalMove).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn result_threefold_repetition() {
    natural_end(CoreReason::Repetition, EndReason::Repetition).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn result_king_move_rule() {
    natural_end(CoreReason::KingMoveRule, EndReason::KingMoveRule).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn resignation_draw_offers_and_ratings() {
    let (srv, url) = server_on_fresh_db().await;
    let addr = srv.addr;
    let (mut w, mut b, s) = invite_game(addr, "Duelist1", "Duelist2", BLITZ).await;
    let g = s.game;
    // Offers: decline, then accept a second one in another game.
    let id = b.send(ClientMessage::AcceptDraw { game: g }).await;
    assert_eq!(b.error(id).await, ErrorCode::NoOffer);
    w.send(ClientMessage::OfferDraw { game: g }).await;
    b.expect("draw offer", |f| matches!(f.message, ServerMessage::DrawOffered { by: Color::White, .. }).then_some(()))
        .await;
    let id = w.send(ClientMessage::OfferDraw { game: g }).await;
    assert_eq!(w.error(id).await, ErrorCode::NoOffer);
    b.send(ClientMessage::DeclineDraw { game: g }).await;
    w.expect("declined", |f| matches!(f.message, ServerMessage::DrawDeclined { by: Color::Black, .. }).then_some(()))
        .await;
    play(&mut w, &mut b, g, 0, "c3-d4").await;
    w.send(ClientMessage::Resign { game: g }).await;
    let end = b.game_end().await;
    assert_eq!(winner_reason(&end), (Some(Color::Black), EndReason::Resignation));
    let ServerMessage::GameEnd { ratings: Some(r), .. } = &end else {
        panic!("a rated game shows the change: {end:?}")
    };
    assert!(r.black.after > r.black.before && r.white.after < r.white.before);
    assert!(r.white.provisional && r.black.provisional);
    let id = w.send(ClientMessage::Resign { game: g }).await;
    assert_eq!(w.error(id).await, ErrorCode::GameOver);

    // The stored ratings, profile and history.
    let db = sql(&url).await;
    let rating: f64 = db
        .query_one("SELECT rating FROM ratings WHERE player_id = $1 AND speed = 'blitz'", &[&b.id()])
        .await
        .unwrap()
        .get(0);
    assert_eq!(rating, r.black.after);
    // Colours are drawn at random: the winner is whoever plays Black. Nicknames are looked up ignoring case.
    let (winner, loser) = (b.player.clone().unwrap().nickname, w.player.clone().unwrap().nickname);
    match w.request(ClientMessage::Profile { nickname: winner.to_uppercase() }).await {
        ServerMessage::Profile { player, ratings, history, recent, .. } => {
            assert_eq!(player.nickname, winner);
            assert_eq!(ratings.len(), 1);
            assert_eq!(ratings[0].speed, Speed::Blitz);
            assert_eq!(ratings[0].games, 1);
            assert!(ratings[0].provisional);
            assert_eq!(history.len(), 1);
            assert_eq!(history[0].game, g);
            assert_eq!(recent.len(), 1);
            assert_eq!(recent[0].color, Color::Black);
            assert_eq!(recent[0].opponent.nickname, loser);
            assert_eq!(recent[0].result.reason, EndReason::Resignation);
            assert!((recent[0].rating_change.unwrap() - (r.black.after - r.black.before)).abs() < 1e-9);
        }
        other => panic!("{other:?}"),
    }
    let id = w.send(ClientMessage::Profile { nickname: "nobody".into() }).await;
    assert_eq!(w.error(id).await, ErrorCode::UnknownPlayer);

    // Draw by agreement, rated: equal ratings stay equal.
    let (mut w2, mut b2, s2) = invite_game(addr, "Peace1", "Peace2", BLITZ).await;
    b2.send(ClientMessage::OfferDraw { game: s2.game }).await;
    w2.expect("draw offer", |f| matches!(f.message, ServerMessage::DrawOffered { .. }).then_some(())).await;
    w2.send(ClientMessage::AcceptDraw { game: s2.game }).await;
    let end = b2.game_end().await;
    assert_eq!(winner_reason(&end), (None, EndReason::Agreement));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn leaderboard_lists_established_ratings_best_first() {
    let (srv, url) = server_on_fresh_db().await;
    let addr = srv.addr;
    let (mut w, mut b, s) = invite_game(addr, "Strong", "Steady", BLITZ).await;
    let db = sql(&url).await;
    // Two established players (deviation below the provisional limit) and a provisional one.
    for (p, rating, dev) in [(w.id(), 1700.0f64, 60.0f64), (b.id(), 1650.0, 70.0)] {
        db.execute(
            "INSERT INTO ratings (player_id, speed, rating, deviation, volatility, games) VALUES ($1, 'blitz', $2, $3, 0.06, 30)",
            &[&p, &rating, &dev],
        )
        .await
        .unwrap();
    }
    let newbie = Client::new_player(addr, "Newbie").await;
    db.execute(
        "INSERT INTO ratings (player_id, speed, rating, deviation, volatility, games) VALUES ($1, 'blitz', 2500, 300, 0.06, 1)",
        &[&newbie.id()],
    )
    .await
    .unwrap();
    // The game started before the rows: its seats show the default, the result rates from the stored rows.
    play(&mut w, &mut b, s.game, 0, "c3-d4").await;
    b.send(ClientMessage::Resign { game: s.game }).await;
    let end = w.game_end().await;
    let ServerMessage::GameEnd { ratings: Some(r), .. } = end else { panic!() };
    assert_eq!(r.white.before, 1700.0);
    assert!(!r.white.provisional);
    match w.request(ClientMessage::Leaderboard { speed: Speed::Blitz, offset: 0, limit: 10 }).await {
        ServerMessage::Leaderboard { entries, .. } => {
            let ids: Vec<i64> = entries.iter().map(|e| e.player.id).collect();
            assert_eq!(ids, [w.id(), b.id()], "best first; the provisional rating is not listed");
            assert_eq!(entries[0].rank, 1);
            assert!((entries[0].rating - r.white.after).abs() < 1e-9);
            assert_eq!(entries[0].games, 31);
        }
        other => panic!("{other:?}"),
    }
    match w.request(ClientMessage::Leaderboard { speed: Speed::Blitz, offset: 1, limit: 10 }).await {
        ServerMessage::Leaderboard { entries, offset: 1, .. } => {
            assert_eq!(entries.len(), 1);
            assert_eq!(entries[0].rank, 2);
        }
        other => panic!("{other:?}"),
    }
    match w.request(ClientMessage::Leaderboard { speed: Speed::Bullet, offset: 0, limit: 10 }).await {
        ServerMessage::Leaderboard { entries, .. } => assert!(entries.is_empty()),
        other => panic!("{other:?}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn flag_fall() {
    let url = fresh_database().await;
    let mut cfg = config(&url, "node1");
    cfg.min_invite_base_ms = 1000;
    let srv = server(cfg).await;
    let (mut w, mut b, s) = invite_game(srv.addr, "Slowpoke", "Quick", TimeControl::clock(1500, 0)).await;
    assert!(!s.clock_running, "no clock before each side's first move");
    play(&mut w, &mut b, s.game, 0, "c3-d4").await;
    play(&mut b, &mut w, s.game, 1, "f6-g5").await;
    let t = Instant::now();
    let end = b.game_end().await;
    assert!(t.elapsed() >= Duration::from_millis(1400), "flag fell after {:?}", t.elapsed());
    assert_eq!(winner_reason(&end), (Some(Color::Black), EndReason::Time));
    let ServerMessage::GameEnd { clocks, .. } = end else { panic!() };
    assert_eq!(clocks.white_ms, 0);
    assert_eq!(clocks.black_ms, 1500);
    // A move after the flag is refused.
    let id = w.send(ClientMessage::Move { game: s.game, ply: 2, mv: "d4-c5".into(), think_ms: None }).await;
    assert_eq!(w.error(id).await, ErrorCode::GameOver);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn abandonment_and_abort() {
    let url = fresh_database().await;
    let mut cfg = config(&url, "node1");
    cfg.abandon_ms = 1000;
    cfg.first_move_ms = 1000;
    let srv = server(cfg).await;
    let addr = srv.addr;
    // Nobody moves: aborted, unrated.
    let (mut w, mut b, s) = invite_game(addr, "Idle1", "Idle2", BLITZ).await;
    assert!(s.first_move_deadline_ms.is_some_and(|d| d <= 1000));
    let end = w.game_end().await;
    assert_eq!(winner_reason(&end), (None, EndReason::Aborted));
    assert!(matches!(end, ServerMessage::GameEnd { ratings: None, .. }));
    b.game_end().await;
    // Black answers white's first move too late: aborted as well.
    let (mut w, mut b, s) = invite_game(addr, "Late1", "Late2", BLITZ).await;
    play(&mut w, &mut b, s.game, 0, "c3-d4").await;
    assert_eq!(winner_reason(&b.game_end().await), (None, EndReason::Aborted));

    // White leaves after the first moves and stays away: Black wins by abandonment.
    let (mut w, mut b, s) = invite_game(addr, "Leaver", "Stayer", BLITZ).await;
    play(&mut w, &mut b, s.game, 0, "c3-d4").await;
    play(&mut b, &mut w, s.game, 1, "f6-g5").await;
    w.close().await;
    b.expect("opponent gone", |f| {
        matches!(f.message, ServerMessage::OpponentConnection { connected: false, .. }).then_some(())
    })
    .await;
    let t = Instant::now();
    let end = b.game_end().await;
    assert!(t.elapsed() >= Duration::from_millis(800));
    assert_eq!(winner_reason(&end), (Some(Color::Black), EndReason::Abandonment));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reactions_are_relayed_and_stored() {
    let (srv, _) = server_on_fresh_db().await;
    let (mut w, mut b, s) = invite_game(srv.addr, "Smiley", "Frowny", BLITZ).await;
    let g = s.game;
    let id = w.send(ClientMessage::React { game: g, emoji: "👍".into() }).await;
    assert!(matches!(w.reply(id).await, ServerMessage::Reaction { .. }));
    let got = b.expect("reaction", |f| match &f.message {
        ServerMessage::Reaction { reaction, .. } => Some(reaction.clone()),
        _ => None,
    });
    let r = got.await;
    assert_eq!((r.emoji.as_str(), r.by, r.ply), ("👍", Color::White, 0));
    let id = b.send(ClientMessage::React { game: g, emoji: "💩".into() }).await;
    assert_eq!(b.error(id).await, ErrorCode::UnknownReaction);
    play(&mut w, &mut b, g, 0, "c3-d4").await;
    b.send(ClientMessage::React { game: g, emoji: "🤔".into() }).await;
    w.expect("reaction", |f| matches!(f.message, ServerMessage::Reaction { .. }).then_some(())).await;
    // In the state after a sync and in the stored record.
    let st = match b.request(ClientMessage::Sync { game: g }).await {
        ServerMessage::GameState(s) => s,
        other => panic!("{other:?}"),
    };
    assert_eq!(st.reactions.len(), 2);
    b.send(ClientMessage::Resign { game: g }).await;
    w.game_end().await;
    match w.request(ClientMessage::GetGame { game: g }).await {
        ServerMessage::GameRecord(rec) => {
            let e: Vec<(&str, Color, u32)> = rec.reactions.iter().map(|r| (r.emoji.as_str(), r.by, r.ply)).collect();
            assert_eq!(e, [("👍", Color::White, 0), ("🤔", Color::Black, 1)]);
            assert_eq!(rec.moves.len(), 1);
            assert_eq!(rec.moves[0].mv, "c3-d4");
            assert_eq!(rec.result.unwrap().reason, EndReason::Resignation);
            assert!(rec.ratings.is_some());
        }
        other => panic!("{other:?}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reconnection_keeps_game_and_clocks() {
    let (srv, _) = server_on_fresh_db().await;
    let addr = srv.addr;
    let (mut w, mut b, s) = invite_game(addr, "Flaky", "Solid", BLITZ).await;
    let g = s.game;
    play(&mut w, &mut b, g, 0, "c3-d4").await;
    play(&mut b, &mut w, g, 1, "f6-g5").await;
    play(&mut w, &mut b, g, 2, "g3-f4").await;
    let token = w.token.clone().unwrap();
    w.close().await;
    b.expect("opponent gone", |f| {
        matches!(f.message, ServerMessage::OpponentConnection { connected: false, .. }).then_some(())
    })
    .await;
    // Black's clock runs while White is away.
    tokio::time::sleep(Duration::from_millis(600)).await;
    let (mut w, welcome) = Client::reconnect(addr, &token).await;
    match welcome {
        ServerMessage::Welcome { games, .. } => assert_eq!(games, vec![g]),
        other => panic!("{other:?}"),
    }
    let st = w.state().await;
    assert_eq!(st.moves, ["c3-d4", "f6-g5", "g3-f4"]);
    assert_eq!(st.you, Color::White);
    assert_eq!(st.turn, Color::Black);
    assert!(st.clock_running && st.opponent_connected);
    // White's clock is the one stored after its timed move (ply 2): base − time spent + increment.
    assert!(
        st.clocks.white_ms > BLITZ.base_ms && st.clocks.white_ms <= BLITZ.base_ms + BLITZ.increment_ms,
        "{:?}",
        st.clocks
    );
    assert!(st.clocks.black_ms <= BLITZ.base_ms - 550, "black's clock ran: {:?}", st.clocks);
    assert!(st.clocks.black_ms > BLITZ.base_ms - 5000);
    b.expect("opponent back", |f| {
        matches!(f.message, ServerMessage::OpponentConnection { connected: true, .. }).then_some(())
    })
    .await;
    // The game goes on; a resent move (its acknowledgement lost) is acknowledged again, not refused.
    play(&mut b, &mut w, g, 3, "g5-h4").await;
    let id = b.send(ClientMessage::Move { game: g, ply: 3, mv: "g5-h4".into(), think_ms: None }).await;
    assert!(matches!(b.reply(id).await, ServerMessage::Moved { ply: 3, .. }));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_frames_get_errors_and_the_connection_lives() {
    let (srv, _) = server_on_fresh_db().await;
    let addr = srv.addr;
    let (mut w, mut b, s) = invite_game(addr, "Target", "Tricky", BLITZ).await;
    let g = s.game;
    let mut stranger = Client::new_player(addr, "Stranger").await;
    for text in ["not json", "{}", r#"{"type":"fly"}"#, r#"{"type":"move","game":"x"}"#, "[1,2,3]", "\u{0}"] {
        b.send_raw(text).await;
        assert_eq!(b.any_error().await, ErrorCode::Malformed, "{text:?}");
    }
    b.send_raw(&format!(r#"{{"type":"ping","pad":"{}"}}"#, "x".repeat(5000))).await;
    assert_eq!(b.any_error().await, ErrorCode::TooLarge);
    b.send_message(Message::binary(vec![1u8, 2, 3])).await;
    assert_eq!(b.any_error().await, ErrorCode::BinaryFrame);
    let mv = |ply: u32, m: &str| ClientMessage::Move { game: g, ply, mv: m.into(), think_ms: None };
    // Black moving on White's turn (a black move or a white one), a stranger moving, unknown games.
    let id = b.send(mv(0, "f6-g5")).await;
    assert_eq!(b.error(id).await, ErrorCode::NotYourTurn);
    let id = b.send(mv(0, "c3-d4")).await;
    assert_eq!(b.error(id).await, ErrorCode::NotYourTurn);
    let id = stranger.send(mv(0, "c3-d4")).await;
    assert_eq!(stranger.error(id).await, ErrorCode::NotYourGame);
    let id = w.send(ClientMessage::Move { game: 999_999, ply: 0, mv: "c3-d4".into(), think_ms: None }).await;
    assert_eq!(w.error(id).await, ErrorCode::UnknownGame);
    // White moving a black piece, an illegal move, garbage, the wrong ply.
    for (ply, text, code) in [
        (0, "f6-g5", ErrorCode::IllegalMove),
        (0, "c3-c4", ErrorCode::IllegalMove),
        (0, "zz-top", ErrorCode::IllegalMove),
        (5, "c3-d4", ErrorCode::WrongPly),
    ] {
        let id = w.send(mv(ply, text)).await;
        assert_eq!(w.error(id).await, code, "{text}");
    }
    // A stranger's game request for a running game: refused; the game record too.
    let id = stranger.send(ClientMessage::GetGame { game: g }).await;
    assert_eq!(stranger.error(id).await, ErrorCode::NotYourGame);
    // The connections and the game are alive.
    assert!(matches!(b.request(ClientMessage::Ping).await, ServerMessage::Pong { .. }));
    play(&mut w, &mut b, g, 0, "c3-d4").await;
    let n = srv.hub.games_running();
    assert_eq!(n, 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rate_limit() {
    let url = fresh_database().await;
    let mut cfg = config(&url, "node1");
    cfg.rate_per_s = 5;
    cfg.rate_burst = 5;
    let srv = server(cfg).await;
    let mut c = Client::new_player(srv.addr, "Spammer").await;
    let ids: Vec<u64> = {
        let mut ids = Vec::new();
        for _ in 0..30 {
            ids.push(c.send(ClientMessage::Ping).await);
        }
        ids
    };
    let (mut pongs, mut limited) = (0, 0);
    for id in ids {
        // Each frame is answered, a dropped one with an error naming its id.
        match c.reply(id).await {
            ServerMessage::Pong { .. } => pongs += 1,
            ServerMessage::Error { code: ErrorCode::RateLimited, .. } => limited += 1,
            other => panic!("{other:?}"),
        }
    }
    assert!(limited >= 20 && pongs >= 3, "{pongs} answered, {limited} limited");
    tokio::time::sleep(Duration::from_millis(1100)).await;
    assert!(matches!(c.request(ClientMessage::Ping).await, ServerMessage::Pong { .. }));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rematch_swaps_colours() {
    let (srv, _) = server_on_fresh_db().await;
    let (mut w, mut b, s) = invite_game(srv.addr, "Again1", "Again2", BLITZ).await;
    let id = w.send(ClientMessage::OfferRematch { game: s.game }).await;
    assert_eq!(w.error(id).await, ErrorCode::RematchUnavailable, "not while playing");
    play(&mut w, &mut b, s.game, 0, "c3-d4").await;
    w.send(ClientMessage::Resign { game: s.game }).await;
    w.game_end().await;
    b.game_end().await;
    w.send(ClientMessage::OfferRematch { game: s.game }).await;
    b.expect("rematch offer", |f| {
        matches!(f.message, ServerMessage::RematchOffered { by: Color::White, .. }).then_some(())
    })
    .await;
    b.send(ClientMessage::OfferRematch { game: s.game }).await;
    let nw = w.state().await;
    let nb = b.state().await;
    assert_eq!(nw.game, nb.game);
    assert_ne!(nw.game, s.game);
    assert_eq!(nw.rematch_of, Some(s.game));
    assert_eq!((nw.you, nb.you), (Color::Black, Color::White));
    assert_eq!(nw.time_control, BLITZ);
    // The new game is played like any other; its rematch can be declined.
    play(&mut b, &mut w, nb.game, 0, "c3-d4").await;
    b.send(ClientMessage::Resign { game: nb.game }).await;
    w.game_end().await;
    b.send(ClientMessage::OfferRematch { game: nb.game }).await;
    // (w still holds the echo of its own offer in the first game: wait for this game's.)
    let g2 = nb.game;
    w.expect("offer", |f| {
        matches!(f.message, ServerMessage::RematchOffered { game, by: Color::White } if game == g2).then_some(())
    })
    .await;
    w.send(ClientMessage::DeclineRematch { game: nb.game }).await;
    b.expect("declined", |f| {
        matches!(f.message, ServerMessage::RematchDeclined { by: Color::Black, .. }).then_some(())
    })
    .await;
    let id = b.send(ClientMessage::OfferRematch { game: nb.game }).await;
    assert_eq!(b.error(id).await, ErrorCode::RematchUnavailable);
}
