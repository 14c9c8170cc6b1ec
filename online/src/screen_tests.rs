//! One sequence of server frames through the client, and the online screen each front end draws after each
//! (issue 23 item 7): account, lobby, the first-move countdowns with the clocks still, the clocks, the
//! opponent away, the end, the rematch, a refusal, the connection lost, the account forgotten, closed.

use super::*;
use crate::connection::Peer;
use giveaway_app::GameLibrary;
use giveaway_app::{NoObserver, Queued};
use giveaway_core::position::Color;
use std::sync::Arc;

/// A client whose socket thread is held in its first connection attempt (a listener that takes the connection
/// and never answers the handshake, for the attempt's 10 s), so that only the frames fed here change its state.
fn client() -> (tempfile::TempDir, std::net::TcpListener, std::net::TcpStream, Arc<OnlineClient>) {
    let dir = tempfile::tempdir().unwrap();
    let library = GameLibrary::open(dir.path().join("games.db").to_string_lossy().into_owned()).unwrap();
    let silent = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("ws://{}/ws", silent.local_addr().unwrap());
    let client = OnlineClient::connect(&url, library, Arc::new(Queued::default()), Arc::new(NoObserver)).unwrap();
    // Accepted: the attempt has begun (its "connecting" is set) and now waits for an answer.
    let (held, _) = silent.accept().unwrap();
    (dir, silent, held, client)
}

fn feed(c: &OnlineClient, text: &str) {
    let frame = giveaway_protocol::decode_server(text).unwrap();
    let mut replies = Vec::new();
    let _ = c.received(frame.message, &mut replies);
}

const SEATS: &str = r#""white":{"player":{"id":1,"nickname":"Anna"},"rating":1500.0,"provisional":true},"black":{"player":{"id":2,"nickname":"Boris"},"rating":1612.0,"provisional":false}"#;

fn running_clock(c: &OnlineClient) -> Option<Color> {
    c.game().unwrap().state().snapshot.clocks.unwrap().running
}

fn first_move(s: &OnlineScreen) -> Option<(Color, u64)> {
    match s.game.as_ref()?.status {
        OnlineGameStatus::FirstMove { side, remaining_ms } => Some((side, remaining_ms)),
        _ => None,
    }
}

#[test]
fn one_sequence_of_server_events_gives_the_screen_every_front_end_draws() {
    let (_dir, _listener, _held, c) = client();
    let s = c.screen();
    assert_eq!((s.account.clone(), s.problem.clone()), (AccountState::Unknown, None));
    assert_eq!(s.actions, LobbyActions::default(), "nothing can be asked before the server greets");

    feed(
        &c,
        r#"{"type":"welcome","protocol":1,"games":[],"presets":[{"base_ms":60000,"increment_ms":0},{"base_ms":300000,"increment_ms":3000}]}"#,
    );
    let s = c.screen();
    assert_eq!(s.account, AccountState::Needed);
    assert!(s.actions.create_account && !s.actions.seek && s.actions.browse);
    assert_eq!(s.default_preset, 1, "5+3 is chosen first");

    feed(&c, r#"{"type":"account","player":{"id":2,"nickname":"Boris"},"token":"gw1_x"}"#);
    let s = c.screen();
    assert_eq!(s.account, AccountState::SignedIn { player: OnlinePlayer { id: 2, nickname: "Boris".into() } });
    assert!(
        s.actions.seek
            && s.actions.invite
            && s.actions.join_with_code
            && !s.actions.create_account
            && !s.actions.cancel_seek
    );

    feed(&c, r#"{"type":"seeking","time_control":{"base_ms":300000,"increment_ms":3000}}"#);
    let s = c.screen();
    assert!(s.actions.cancel_seek && !s.actions.seek && !s.actions.invite);

    // Paired, as Black: White has 30 s for the first move, and no clock runs.
    feed(
        &c,
        &format!(
            r#"{{"type":"game_state","game":7,{SEATS},"you":"black","time_control":{{"base_ms":300000,"increment_ms":3000}},"speed":"blitz","rated":true,"moves":[],"clocks":{{"white_ms":300000,"black_ms":300000}},"turn":"white","clock_running":false,"first_move_deadline_ms":30000,"opponent_connected":true,"reactions":[]}}"#
        ),
    );
    let s = c.screen();
    let g = s.game.clone().unwrap();
    assert_eq!((g.player.nickname.as_str(), g.opponent.nickname.as_str(), g.you), ("Boris", "Anna", Color::Black));
    let (side, left) = first_move(&s).unwrap();
    assert!(side == Color::White && (29_000..=30_000).contains(&left), "{side:?} {left}");
    assert!(s.next_tick_ms.is_some_and(|t| t <= 1000), "the countdown is read again within a second");
    assert_eq!(s.lobby, Lobby::Idle);
    assert!(s.actions.back_to_game && !s.actions.seek);
    assert_eq!(g.rematch, RematchState::Unavailable);
    assert!(g.actions.in_game && !g.actions.back_to_lobby);
    assert_eq!(running_clock(&c), None, "the first move is not timed: no clock runs on the board either");
    // The board's bars: this device's player below, each nickname with the rating the game started with.
    let board = c.game().unwrap().state();
    let named = |b: &giveaway_app::PlayerBar| match &b.name {
        giveaway_app::PlayerName::Nickname { nickname, rating } => {
            format!("{nickname} {}", rating.clone().unwrap_or_default())
        }
        other => format!("{other:?}"),
    };
    assert_eq!((named(&board.bottom_bar), named(&board.top_bar)), ("Boris 1612".into(), "Anna 1500?".into()));

    // White's first move: now Black has 30 s for theirs, and still no clock runs.
    feed(
        &c,
        r#"{"type":"moved","game":7,"ply":0,"move":"c3-d4","by":"white","clocks":{"white_ms":300000,"black_ms":300000}}"#,
    );
    let s = c.screen();
    let (side, left) = first_move(&s).unwrap();
    assert!(side == Color::Black && (29_000..=30_000).contains(&left), "{side:?} {left}");
    assert_eq!(running_clock(&c), None);

    // Black's first move, played on the board and acknowledged: the clocks run from White's second move.
    c.game().unwrap().play_move("f6-g5".into()).unwrap();
    feed(
        &c,
        r#"{"type":"moved","game":7,"ply":1,"move":"f6-g5","by":"black","clocks":{"white_ms":300000,"black_ms":300000}}"#,
    );
    let s = c.screen();
    assert_eq!(s.game.as_ref().unwrap().status, OnlineGameStatus::Playing { side: Color::White });
    assert_eq!(s.next_tick_ms, None);
    assert_eq!(running_clock(&c), Some(Color::White));

    feed(&c, r#"{"type":"opponent_connection","game":7,"connected":false}"#);
    assert!(c.screen().game.unwrap().opponent_away);
    feed(&c, r#"{"type":"opponent_connection","game":7,"connected":true}"#);
    assert!(!c.screen().game.unwrap().opponent_away);

    // A refusal reaches the shells as the protocol's code, not as a string to match.
    feed(&c, r#"{"type":"error","code":"busy","message":"a game is in progress"}"#);
    assert!(c.take_events().iter().any(|e| matches!(e, OnlineEvent::Refused { code: ErrorCode::Busy, .. })));

    feed(
        &c,
        r#"{"type":"game_end","game":7,"result":{"winner":"black","reason":"resignation"},"clocks":{"white_ms":290000,"black_ms":300000}}"#,
    );
    let s = c.screen();
    let g = s.game.clone().unwrap();
    assert!(matches!(&g.status, OnlineGameStatus::Over { end } if end.winner == Some(Color::Black)));
    assert_eq!(g.rematch, RematchState::CanOffer);
    assert!(!g.actions.in_game && g.actions.back_to_lobby && g.actions.offer_rematch && !g.actions.decline_rematch);
    assert!(!g.opponent_away && !s.actions.back_to_game && s.actions.seek);

    feed(&c, r#"{"type":"rematch_offered","game":7,"by":"white"}"#);
    let g = c.screen().game.unwrap();
    assert_eq!(g.rematch, RematchState::OfferedToYou);
    assert!(g.actions.offer_rematch && g.actions.decline_rematch);
    feed(&c, r#"{"type":"rematch_declined","game":7,"by":"black"}"#);
    assert_eq!(c.screen().game.unwrap().rematch, RematchState::CanOffer);

    // The connection lost: a problem with its way on, and nothing to ask the server meanwhile.
    c.disconnected("the server went away".into(), 2000);
    let s = c.screen();
    assert_eq!(s.problem, Some(OnlineProblem::Offline { reason: "the server went away".into(), retry_in_ms: 2000 }));
    assert!(s.actions.try_now && !s.actions.seek && !s.actions.browse);
    assert!(!s.game.unwrap().actions.offer_rematch);

    // Back, but the server forgot the account: signed out until a new one is made.
    feed(&c, r#"{"type":"welcome","protocol":1,"player":{"id":2,"nickname":"Boris"},"games":[],"presets":[]}"#);
    feed(&c, r#"{"type":"error","code":"unknown_token","message":"no such account"}"#);
    let s = c.screen();
    assert_eq!(s.problem, Some(OnlineProblem::SignedOut));
    assert_eq!(s.account, AccountState::Needed);
    feed(&c, r#"{"type":"account","player":{"id":3,"nickname":"Cleo"},"token":"gw1_y"}"#);
    assert_eq!(c.screen().problem, None);

    // Closed for good: a problem, but not one that trying again now solves.
    c.disconnect();
    let s = c.screen();
    assert_eq!(s.problem, Some(OnlineProblem::Closed));
    assert!(!s.actions.try_now);
}

/// A game's end read with the screen never arrives with a screen that still shows the game in play, even when
/// the end comes from the socket thread while the screen is read (each round: a new game, its end fed from
/// another thread while this one reads updates until the end is among them).
#[test]
fn an_update_shows_every_change_its_events_tell_of() {
    let (_dir, _listener, _held, c) = client();
    feed(&c, r#"{"type":"welcome","protocol":1,"games":[],"presets":[]}"#);
    feed(&c, r#"{"type":"account","player":{"id":2,"nickname":"Boris"},"token":"gw1_x"}"#);
    for game in 1..=100 {
        feed(
            &c,
            &format!(
                r#"{{"type":"game_state","game":{game},{SEATS},"you":"black","time_control":{{"base_ms":300000,"increment_ms":3000}},"speed":"blitz","rated":true,"moves":["c3-d4"],"clocks":{{"white_ms":300000,"black_ms":300000}},"turn":"black","clock_running":true,"opponent_connected":true,"reactions":[]}}"#
            ),
        );
        let _ = c.take_update();
        let ender = {
            let c = c.clone();
            std::thread::spawn(move || {
                feed(
                    &c,
                    &format!(
                        r#"{{"type":"game_end","game":{game},"result":{{"winner":"white","reason":"resignation"}},"clocks":{{"white_ms":1,"black_ms":2}}}}"#
                    ),
                )
            })
        };
        loop {
            let u = c.take_update();
            if u.events.iter().any(|e| matches!(e, OnlineEvent::GameEnded { .. })) {
                let status = u.screen.game.map(|g| g.status);
                assert!(matches!(status, Some(OnlineGameStatus::Over { .. })), "game {game}: {status:?}");
                break;
            }
        }
        ender.join().unwrap();
    }
}

/// A second device: the link code with its countdown, the device list, this device signed out from the list,
/// and the account taken by another device (no reconnecting by itself).
#[test]
fn devices_the_link_code_and_the_account_taken_by_another_device() {
    let (_dir, _listener, _held, c) = client();
    feed(&c, r#"{"type":"welcome","protocol":1,"games":[],"presets":[{"base_ms":300000,"increment_ms":3000}]}"#);
    let s = c.screen();
    assert!(s.actions.redeem_link_code && !s.actions.devices, "a device without an account may redeem a code");
    feed(&c, r#"{"type":"account","player":{"id":2,"nickname":"Boris"},"token":"gw1_x"}"#);
    let s = c.screen();
    assert!(s.actions.devices && !s.actions.redeem_link_code);
    assert_eq!(s.link_code, None);

    feed(&c, r#"{"type":"link_code","code":"K7QM-2XPD","expires_in_ms":300000}"#);
    let s = c.screen();
    let code = s.link_code.clone().expect("shown");
    assert_eq!(code.code, "K7QM-2XPD");
    assert!(code.remaining_ms > 299_000 && code.remaining_ms <= 300_000);
    assert!(s.next_tick_ms.is_some_and(|t| t <= 1000), "the countdown is read again within a second");

    feed(
        &c,
        r#"{"type":"devices","devices":[{"id":7,"label":"","created_ms":1,"last_seen_ms":3,"this_device":true},{"id":3,"label":"Pixel 8","created_ms":1,"last_seen_ms":2}]}"#,
    );
    let s = c.screen();
    assert_eq!(s.devices.iter().map(|d| (d.id, d.this_device)).collect::<Vec<_>>(), [(7, true), (3, false)]);
    assert_eq!(s.devices[1].label, "Pixel 8");
    feed(&c, r#"{"type":"device_signed_out","device":3}"#);
    assert_eq!(c.screen().devices.len(), 1);

    // The account connected from another device: this one waits for the player instead of taking it back.
    let mut replies = Vec::new();
    let frame = giveaway_protocol::decode_server(
        r#"{"type":"error","code":"already_authenticated","message":"closed: connected again"}"#,
    )
    .unwrap();
    assert_eq!(c.received(frame.message, &mut replies), Some(false), "no reconnecting by itself");
    let s = c.screen();
    assert_eq!(s.problem, Some(OnlineProblem::PlayingElsewhere));
    assert!(s.actions.try_now);

    // Signing this device out forgets its account.
    feed(&c, r#"{"type":"welcome","protocol":1,"player":{"id":2,"nickname":"Boris"},"games":[],"presets":[]}"#);
    feed(
        &c,
        r#"{"type":"devices","devices":[{"id":7,"label":"","created_ms":1,"last_seen_ms":3,"this_device":true}]}"#,
    );
    feed(&c, r#"{"type":"device_signed_out","device":7}"#);
    let s = c.screen();
    assert_eq!(s.problem, Some(OnlineProblem::SignedOut));
    assert!(s.devices.is_empty() && s.link_code.is_none());
    assert!(c.take_events().contains(&OnlineEvent::SignedOut));
}

/// Friends, challenges and blocking: asked for on connecting, kept from answers and events, decided into the
/// screen's `social` with the challenges seen from this player, and told as events.
#[test]
fn friends_and_challenges_on_the_screen() {
    let (_dir, _listener, _held, c) = client();
    let frame = giveaway_protocol::decode_server(
        r#"{"type":"welcome","protocol":1,"player":{"id":2,"nickname":"Boris"},"games":[],"presets":[]}"#,
    )
    .unwrap();
    let mut replies = Vec::new();
    let _ = c.received(frame.message, &mut replies);
    assert!(replies.contains(&giveaway_protocol::ClientMessage::Challenges), "challenges made while away");
    assert!(replies.contains(&giveaway_protocol::ClientMessage::Friends));
    let s = c.screen();
    assert!(s.actions.social && s.social.can_accept && s.social.can_challenge);

    feed(
        &c,
        r#"{"type":"friends","friends":[{"player":{"id":1,"nickname":"Anna"},"online":true,"playing":9},{"player":{"id":3,"nickname":"Carl"},"online":false}]}"#,
    );
    let f = c.screen().social.friends;
    assert_eq!(
        f.iter().map(|f| (f.player.nickname.as_str(), f.online, f.playing)).collect::<Vec<_>>(),
        [("Anna", true, Some(9)), ("Carl", false, None)]
    );

    // Anna challenges Boris, asking for White: Boris sees Black, with the countdown.
    c.take_events();
    feed(
        &c,
        r#"{"type":"challenge","challenge":{"id":5,"challenger":{"id":1,"nickname":"Anna"},"challenged":{"id":2,"nickname":"Boris"},"time_control":{"base_ms":600000,"increment_ms":5000},"color":"white","rated":false,"expires_in_ms":600000}}"#,
    );
    let s = c.screen();
    let got = &s.social.incoming[0];
    assert_eq!(
        (got.id, got.opponent.nickname.as_str(), got.color, got.rated),
        (5, "Anna", ChallengeColor::Black, false)
    );
    assert_eq!(got.speed, giveaway_core::record::Speed::Rapid);
    assert!(s.next_tick_ms.is_some_and(|t| t <= 1000));
    assert!(matches!(&c.take_events()[..], [OnlineEvent::ChallengeReceived { challenge }] if challenge.id == 5));
    c.accept_challenge(5).expect("sent");

    // Boris's own challenge to Carl (the answer to his request) is outgoing and not an event; Carl declines.
    feed(
        &c,
        r#"{"re":3,"type":"challenge","challenge":{"id":6,"challenger":{"id":2,"nickname":"Boris"},"challenged":{"id":3,"nickname":"Carl"},"time_control":{"base_ms":180000,"increment_ms":2000},"color":"random","rated":true,"expires_in_ms":600000}}"#,
    );
    assert_eq!(
        c.screen().social.outgoing.iter().map(|o| (o.id, o.color)).collect::<Vec<_>>(),
        [(6, ChallengeColor::Random)]
    );
    assert!(c.take_events().is_empty());
    feed(&c, r#"{"type":"challenge_closed","challenge":6,"end":"declined"}"#);
    assert!(c.screen().social.outgoing.is_empty());
    assert!(matches!(
        &c.take_events()[..],
        [OnlineEvent::ChallengeClosed { opponent, outcome: ChallengeOutcome::Declined }] if opponent.nickname == "Carl"
    ));

    // Blocking Anna drops her from the friends.
    feed(&c, r#"{"type":"blocked","players":[{"id":1,"nickname":"Anna"}]}"#);
    let s = c.screen();
    assert_eq!(s.social.blocked.iter().map(|p| p.nickname.as_str()).collect::<Vec<_>>(), ["Anna"]);
    assert_eq!(s.social.friends.len(), 1);
    // A refused request is told with its code.
    feed(&c, r#"{"re":9,"type":"error","code":"refused","message":"Carl does not take challenges from you"}"#);
    assert!(matches!(&c.take_events()[..], [OnlineEvent::Refused { code: ErrorCode::Refused, .. }]));
}

/// Watching: the live games list, the game watched with its moves, spectators and end, watched again after a
/// reconnection, and the spectator count of the player's own game.
#[test]
fn the_live_games_and_the_game_watched_on_the_screen() {
    let (_dir, _listener, _held, c) = client();
    feed(&c, r#"{"type":"welcome","protocol":1,"player":{"id":3,"nickname":"Carl"},"games":[],"presets":[]}"#);
    assert!(c.screen().actions.watch);
    feed(
        &c,
        &format!(
            r#"{{"type":"live_games","games":[{{"game":31,{SEATS},"time_control":{{"base_ms":180000,"increment_ms":2000}},"speed":"blitz","rated":true,"ply":12,"spectators":3,"friend":true}}]}}"#
        ),
    );
    let list = c.screen().live_games;
    assert_eq!(list.iter().map(|g| (g.game, g.ply, g.spectators, g.friend)).collect::<Vec<_>>(), [(31, 12, 3, true)]);
    assert_eq!(list[0].black.nickname, "Boris");

    feed(
        &c,
        &format!(
            r#"{{"type":"watching","game":31,{SEATS},"time_control":{{"base_ms":180000,"increment_ms":2000}},"speed":"blitz","rated":true,"moves":["c3-d4","f6-g5"],"clocks":{{"white_ms":176400,"black_ms":179100}},"turn":"white","clock_running":true,"reactions":[],"spectators":4}}"#
        ),
    );
    let w = c.screen().watching.expect("watching");
    assert_eq!((w.game, w.moves.len(), w.running, w.spectators), (31, 2, Some(Color::White), 4));
    assert!(w.white_ms <= 176_400 && w.black_ms == 179_100);
    assert!(c.screen().next_tick_ms.is_some_and(|t| t <= 1000), "the running clock is read again");
    feed(
        &c,
        r#"{"type":"moved","game":31,"ply":2,"move":"g3-h4","by":"white","clocks":{"white_ms":176000,"black_ms":179100}}"#,
    );
    feed(&c, r#"{"type":"spectators","game":31,"count":5}"#);
    let w = c.screen().watching.unwrap();
    assert_eq!((w.moves.last().map(String::as_str), w.running, w.spectators), (Some("g3-h4"), Some(Color::Black), 5));
    assert_eq!(w.board.ply, 3);

    // After a reconnection the game is watched again.
    let frame = giveaway_protocol::decode_server(
        r#"{"type":"welcome","protocol":1,"player":{"id":3,"nickname":"Carl"},"games":[],"presets":[]}"#,
    )
    .unwrap();
    let mut replies = Vec::new();
    let _ = c.received(frame.message, &mut replies);
    assert!(replies.contains(&giveaway_protocol::ClientMessage::Watch { game: 31 }));

    feed(
        &c,
        r#"{"type":"game_end","game":31,"result":{"winner":"black","reason":"resignation"},"clocks":{"white_ms":170000,"black_ms":175000}}"#,
    );
    let w = c.screen().watching.unwrap();
    assert_eq!(w.end.map(|e| e.winner), Some(Some(Color::Black)));
    assert_eq!(w.running, None);
    assert!(c.screen().game.is_none(), "a watched game is not this player's game");
    c.stop_watching();
    assert!(c.screen().watching.is_none());
}
