//! Friends, challenges and blocking on two nodes sharing one database: presence and challenges cross the bus,
//! a challenge starts a game with the colours asked for, challenges expire, and a block stops challenges,
//! pairing and reactions.

mod common;

use common::*;
use giveaway_protocol::{
    Challenge, ChallengeEnd, ClientMessage, Color, ColorChoice, ErrorCode, Friend, ServerMessage, TimeControl,
};
use std::time::Duration;

const RAPID: TimeControl = TimeControl::clock(600_000, 5000);

async fn friends(c: &mut Client) -> Vec<Friend> {
    match c.request(ClientMessage::Friends).await {
        ServerMessage::Friends { friends } => friends,
        other => panic!("no friends list: {other:?}"),
    }
}

async fn challenge(c: &mut Client, nickname: &str, color: ColorChoice) -> Result<Challenge, (ErrorCode, String)> {
    let ask = ClientMessage::Challenge { nickname: nickname.into(), time_control: RAPID, color, rated: false };
    match c.request(ask).await {
        ServerMessage::Challenge { challenge } => Ok(challenge),
        ServerMessage::Error { code, message, .. } => Err((code, message)),
        other => panic!("no answer to a challenge: {other:?}"),
    }
}

async fn incoming(c: &mut Client) -> Challenge {
    c.expect("a challenge", |f| match &f.message {
        ServerMessage::Challenge { challenge } if f.re.is_none() => Some(challenge.clone()),
        _ => None,
    })
    .await
}

async fn closed(c: &mut Client) -> (i64, ChallengeEnd) {
    c.expect("a closed challenge", |f| match f.message {
        ServerMessage::ChallengeClosed { challenge, end } if f.re.is_none() => Some((challenge, end)),
        _ => None,
    })
    .await
}

fn error_code(m: &ServerMessage) -> ErrorCode {
    match m {
        ServerMessage::Error { code, .. } => *code,
        other => panic!("not an error: {other:?}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn friends_show_presence_and_a_challenge_crosses_nodes_into_a_game() {
    let url = fresh_database().await;
    let a = server(config(&url, "node_a")).await;
    let b = server(config(&url, "node_b")).await;
    let mut ann = Client::new_player(a.addr, "Ann").await;
    let mut bob = Client::new_player(b.addr, "Bob").await;
    let carl = Client::new_player(b.addr, "Carl").await;
    let carl_token = carl.token.clone().unwrap();
    carl.close().await;

    // Following by nickname, in any case; Bob on the other node is online, Carl is not.
    for nick in ["bob", "CARL"] {
        assert!(matches!(
            ann.request(ClientMessage::Follow { nickname: nick.into() }).await,
            ServerMessage::Friends { .. }
        ));
    }
    let list = friends(&mut ann).await;
    let seen: Vec<(&str, bool, bool)> =
        list.iter().map(|f| (f.player.nickname.as_str(), f.online, f.playing.is_some())).collect();
    assert_eq!(seen, [("Bob", true, false), ("Carl", false, false)]);
    assert_eq!(
        error_code(&ann.request(ClientMessage::Follow { nickname: "Nobody".into() }).await),
        ErrorCode::UnknownPlayer
    );
    assert_eq!(
        error_code(&ann.request(ClientMessage::Follow { nickname: "ann".into() }).await),
        ErrorCode::UnknownPlayer
    );

    // Ann challenges Bob (on node b) to play White: Bob is told at once and sees it in his list.
    let sent = challenge(&mut ann, "Bob", ColorChoice::White).await.unwrap();
    assert_eq!((sent.challenger.nickname.as_str(), sent.challenged.nickname.as_str()), ("Ann", "Bob"));
    assert!(sent.expires_in_ms > 590_000 && sent.expires_in_ms <= 600_000, "{}", sent.expires_in_ms);
    let got = incoming(&mut bob).await;
    assert_eq!(got.id, sent.id);
    let ServerMessage::Challenges { incoming: inc, outgoing } = bob.request(ClientMessage::Challenges).await else {
        panic!()
    };
    assert_eq!((inc.len(), outgoing.len()), (1, 0));
    let ServerMessage::Challenges { incoming: inc, outgoing } = ann.request(ClientMessage::Challenges).await else {
        panic!()
    };
    assert_eq!((inc.len(), outgoing.iter().map(|c| c.id).collect::<Vec<_>>()), (0, vec![sent.id]));
    // The same player twice is refused; so is oneself; only the challenged player can accept.
    assert_eq!(challenge(&mut ann, "bob", ColorChoice::Random).await.unwrap_err().0, ErrorCode::Refused);
    assert_eq!(challenge(&mut ann, "Ann", ColorChoice::Random).await.unwrap_err().0, ErrorCode::Refused);
    assert_eq!(
        error_code(&ann.request(ClientMessage::AcceptChallenge { challenge: sent.id }).await),
        ErrorCode::UnknownChallenge
    );

    // Bob accepts: the game starts on his node with Ann as White, and Ann is told.
    bob.send(ClientMessage::AcceptChallenge { challenge: sent.id }).await;
    let sb = bob.state().await;
    let sa = ann.state().await;
    assert_eq!(sa.game, sb.game);
    assert_eq!((sa.you, sb.you), (Color::White, Color::Black));
    assert_eq!((sa.time_control, sa.rated), (RAPID, false));
    assert_eq!(closed(&mut ann).await, (sent.id, ChallengeEnd::Accepted));
    assert_eq!(b.hub.games_running(), 1);
    assert_eq!(
        error_code(&bob.request(ClientMessage::AcceptChallenge { challenge: sent.id }).await),
        ErrorCode::UnknownChallenge,
        "a challenge is accepted once"
    );

    // Carl connects (node a this time) and follows both: they show as playing that game.
    let (mut carl, _) = Client::reconnect(a.addr, &carl_token).await;
    for nick in ["Ann", "Bob"] {
        carl.request(ClientMessage::Follow { nickname: nick.into() }).await;
    }
    let list = friends(&mut carl).await;
    assert!(list.iter().all(|f| f.online && f.playing == Some(sa.game)), "{list:?}");
    assert_eq!(friends(&mut ann).await.iter().find(|f| f.player.nickname == "Carl").map(|f| f.online), Some(true));

    // Carl challenges Bob, who is busy: Bob still gets it; Carl withdraws it and Bob is told.
    let c2 = challenge(&mut carl, "Bob", ColorChoice::Random).await.unwrap();
    assert_eq!(incoming(&mut bob).await.id, c2.id);
    assert_eq!(
        carl.request(ClientMessage::CancelChallenge { challenge: c2.id }).await,
        ServerMessage::ChallengeClosed { challenge: c2.id, end: ChallengeEnd::Cancelled }
    );
    assert_eq!(closed(&mut bob).await, (c2.id, ChallengeEnd::Cancelled));
    // Another one Bob declines; Carl is told.
    let c3 = challenge(&mut carl, "Bob", ColorChoice::Black).await.unwrap();
    assert_eq!(incoming(&mut bob).await.id, c3.id);
    assert_eq!(
        bob.request(ClientMessage::DeclineChallenge { challenge: c3.id }).await,
        ServerMessage::ChallengeClosed { challenge: c3.id, end: ChallengeEnd::Declined }
    );
    assert_eq!(closed(&mut carl).await, (c3.id, ChallengeEnd::Declined));

    // Carl leaves: offline for Ann; unfollowing takes him off her list.
    let token = carl.token.clone().unwrap();
    carl.close().await;
    let mut offline = false;
    for _ in 0..50 {
        offline = friends(&mut ann).await.iter().any(|f| f.player.nickname == "Carl" && !f.online);
        if offline {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(offline, "a closed connection shows offline");
    let ServerMessage::Friends { friends: left } =
        ann.request(ClientMessage::Unfollow { nickname: "carl".into() }).await
    else {
        panic!()
    };
    assert_eq!(left.iter().map(|f| f.player.nickname.as_str()).collect::<Vec<_>>(), ["Bob"]);
    drop(token);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn challenges_expire_and_are_limited() {
    let url = fresh_database().await;
    let mut cfg = config(&url, "node1");
    cfg.challenge_ttl_s = 1;
    let srv = server(cfg).await;
    let mut ann = Client::new_player(srv.addr, "Ann").await;
    let mut bob = Client::new_player(srv.addr, "Bob").await;
    let sent = challenge(&mut ann, "Bob", ColorChoice::Random).await.unwrap();
    incoming(&mut bob).await;
    // Both are told when it expires, and it can no longer be accepted.
    assert_eq!(closed(&mut ann).await, (sent.id, ChallengeEnd::Expired));
    assert_eq!(closed(&mut bob).await, (sent.id, ChallengeEnd::Expired));
    assert_eq!(
        error_code(&bob.request(ClientMessage::AcceptChallenge { challenge: sent.id }).await),
        ErrorCode::UnknownChallenge
    );
    // A clock outside the friends' range is refused, as for an invite.
    let odd = ClientMessage::Challenge {
        nickname: "Bob".into(),
        time_control: TimeControl::clock(1000, 0),
        color: ColorChoice::Random,
        rated: true,
    };
    assert_eq!(error_code(&ann.request(odd).await), ErrorCode::UnknownTimeControl);
    assert_eq!(challenge(&mut ann, "Nobody", ColorChoice::Random).await.unwrap_err().0, ErrorCode::UnknownPlayer);

    // At most five open challenges at once.
    let srv2 = server(config(&url, "node2")).await;
    let mut long = Client::new_player(srv2.addr, "Keen").await;
    for i in 0..5 {
        Client::new_player(srv2.addr, &format!("Target{i}")).await;
        challenge(&mut long, &format!("Target{i}"), ColorChoice::Random).await.unwrap();
    }
    Client::new_player(srv2.addr, "Target5").await;
    let (code, message) = challenge(&mut long, "Target5", ColorChoice::Random).await.unwrap_err();
    assert_eq!(code, ErrorCode::Refused);
    assert!(message.contains("5 open challenges"), "{message}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_block_stops_challenges_pairing_and_reactions() {
    let url = fresh_database().await;
    let mut cfg = config(&url, "node1");
    // Any two ratings fit each other's window: only the block can keep a pair apart.
    cfg.window_start = 10_000.0;
    let srv = server(cfg).await;
    let (w, b, state) = invite_game(srv.addr, "Wendy", "Troll", BLITZ).await;
    let game = state.game;
    // Colours are drawn: name the clients by player.
    let wendy_white = w.player.as_ref().unwrap().nickname == "Wendy";
    let (mut white, mut black) = if wendy_white { (w, b) } else { (b, w) };
    let troll = if wendy_white { Color::Black } else { Color::White };
    // Troll challenges Wendy for later and follows her; Wendy follows Troll back.
    let pending = challenge(&mut black, "Wendy", ColorChoice::Random).await.unwrap();
    incoming(&mut white).await;
    black.request(ClientMessage::Follow { nickname: "Wendy".into() }).await;
    white.request(ClientMessage::Follow { nickname: "Troll".into() }).await;

    // Wendy blocks Troll: his challenge is closed as declined for him, the follows end both ways.
    let ServerMessage::Blocked { players } = white.request(ClientMessage::Block { nickname: "troll".into() }).await
    else {
        panic!()
    };
    assert_eq!(players.iter().map(|p| p.nickname.as_str()).collect::<Vec<_>>(), ["Troll"]);
    assert_eq!(closed(&mut black).await, (pending.id, ChallengeEnd::Declined));
    assert_eq!(closed(&mut white).await, (pending.id, ChallengeEnd::Declined), "Wendy's list drops it too");
    assert!(friends(&mut white).await.is_empty());
    assert!(friends(&mut black).await.is_empty());
    for (c, nick) in [(&mut black, "Wendy"), (&mut white, "Troll")] {
        let follow = c.request(ClientMessage::Follow { nickname: nick.into() }).await;
        assert_eq!(error_code(&follow), ErrorCode::Refused, "following is refused both ways");
    }
    // Challenges are refused both ways, in the same words whoever blocks.
    let (code, from_troll) = challenge(&mut black, "Wendy", ColorChoice::Random).await.unwrap_err();
    assert_eq!(code, ErrorCode::Refused);
    assert_eq!(from_troll, "Wendy does not take challenges from you");
    let (code, from_wendy) = challenge(&mut white, "Troll", ColorChoice::Random).await.unwrap_err();
    assert_eq!((code, from_wendy.as_str()), (ErrorCode::Refused, "Troll does not take challenges from you"));

    // Troll's reactions no longer reach Wendy, not as events nor in the game's state; hers still reach him.
    black.request(ClientMessage::React { game, emoji: "🎉".into() }).await;
    white.request(ClientMessage::React { game, emoji: "👍".into() }).await;
    black
        .expect("Wendy's reaction", |f| {
            matches!(&f.message, ServerMessage::Reaction { reaction, .. } if reaction.by == troll.opponent())
                .then_some(())
        })
        .await;
    white.send(ClientMessage::Sync { game }).await;
    let seen = white.state().await;
    assert_eq!(seen.reactions.iter().map(|r| r.emoji.as_str()).collect::<Vec<_>>(), ["👍"]);
    assert!(
        !white.pending_has(|f| matches!(&f.message, ServerMessage::Reaction { reaction, .. } if reaction.by == troll)),
        "no reaction of Troll's was delivered to Wendy"
    );
    black.send(ClientMessage::Sync { game }).await;
    assert_eq!(black.state().await.reactions.len(), 2, "Troll sees both");

    // The game ends; quick pairing never pairs the two, but pairs each with someone else.
    white.send(ClientMessage::Resign { game }).await;
    white.game_end().await;
    black.game_end().await;
    assert!(matches!(white.request(ClientMessage::Seek { time_control: BLITZ }).await, ServerMessage::Seeking { .. }));
    let seek = black.request(ClientMessage::Seek { time_control: BLITZ }).await;
    assert!(matches!(seek, ServerMessage::Seeking { .. }), "Troll is not paired with Wendy: {seek:?}");
    // Pairing looks again every second with wider windows: give it a few rounds.
    tokio::time::sleep(Duration::from_millis(2500)).await;
    assert!(white.silent_for(Duration::from_millis(200)).await, "no game for Wendy");
    let mut third = Client::new_player(srv.addr, "Third").await;
    third.send(ClientMessage::Seek { time_control: BLITZ }).await;
    let s3 = third.state().await;
    let opponent = if s3.you == Color::White { s3.black.player.nickname } else { s3.white.player.nickname };
    assert_eq!(opponent, "Wendy", "the longest-waiting seek Third may meet");

    // Unblocking lets a challenge through again.
    let ServerMessage::Blocked { players } = white.request(ClientMessage::Unblock { nickname: "Troll".into() }).await
    else {
        panic!()
    };
    assert!(players.is_empty());
    challenge(&mut black, "Wendy", ColorChoice::Random).await.unwrap();
}
