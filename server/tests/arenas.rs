//! Arenas on two nodes: a player-made arena pairs its two players again and again as each game ends (rated,
//! no rematch), scores a win 2 and a draw 1 doubled on a streak, stops pairing a paused player, stops counting
//! at its finish and shows its result on the profile; the scheduled arenas are made once however many nodes
//! run.

mod common;

use common::*;
use giveaway_protocol::{
    ArenaInfo, ArenaStanding, ArenaStatus, ClientMessage, ErrorCode, GameState, ServerMessage, TimeControl,
};
use std::time::Duration;

const ARENA_CLOCK: TimeControl = TimeControl::clock(180_000, 2000);

fn arena(m: ServerMessage) -> (ArenaInfo, Vec<ArenaStanding>) {
    match m {
        ServerMessage::Arena { arena, standings } => (arena, standings),
        other => panic!("no arena: {other:?}"),
    }
}

fn code(m: &ServerMessage) -> Option<ErrorCode> {
    match m {
        ServerMessage::Error { code, .. } => Some(*code),
        _ => None,
    }
}

/// The next arena game of both players; returns (white, black, state as White sees it).
async fn paired<'a>(a: &'a mut Client, b: &'a mut Client, id: i64) -> (&'a mut Client, &'a mut Client, GameState) {
    let (sa, sb) = (a.state().await, b.state().await);
    assert_eq!(sa.game, sb.game);
    assert_eq!((sa.arena, sa.rated, sa.time_control), (Some(id), true, ARENA_CLOCK));
    if sa.you == giveaway_protocol::Color::White {
        (a, b, sa)
    } else {
        (b, a, sb)
    }
}

/// White and Black each move once, then White resigns (`Some(true)`), Black does, or a draw is agreed (`None`).
async fn finish(white: &mut Client, black: &mut Client, game: i64, white_loses: Option<bool>) {
    play(white, black, game, 0, "c3-d4").await;
    play(black, white, game, 1, "f6-g5").await;
    // The asker's ending is the reply to its request; the other player gets it as an event.
    let (asker, other, ending) = match white_loses {
        Some(true) => (white, black, ClientMessage::Resign { game }),
        Some(false) => (black, white, ClientMessage::Resign { game }),
        None => {
            white.request(ClientMessage::OfferDraw { game }).await;
            (black, white, ClientMessage::AcceptDraw { game })
        }
    };
    let end = asker.request(ending).await;
    assert!(matches!(end, ServerMessage::GameEnd { .. }), "{end:?}");
    other.game_end().await;
}

/// Whether no game starts for `c` within `ms`.
async fn no_game(c: &mut Client, ms: u64) -> bool {
    tokio::time::timeout(Duration::from_millis(ms), c.state()).await.is_err()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_arena_pairs_scores_pauses_and_finishes() {
    let url = fresh_database().await;
    let cfg = |node: &str| {
        let mut c = config(&url, node);
        c.arena_schedule = false;
        c.arena_rest_ms = 300;
        c.pair_tick_ms = 100;
        c
    };
    let a = server(cfg("node_a")).await;
    let b = server(cfg("node_b")).await;
    let mut ann = Client::new_player(a.addr, "Ann").await;
    let mut bob = Client::new_player(b.addr, "Bob").await;

    let create = |name: &str, minutes| ClientMessage::CreateArena {
        name: name.into(),
        time_control: ARENA_CLOCK,
        starts_in_s: 0,
        minutes,
    };
    assert_eq!(code(&ann.request(create("x", 30)).await), Some(ErrorCode::UnknownArena), "a name too short");
    assert_eq!(code(&ann.request(create("Too long", 500)).await), Some(ErrorCode::UnknownArena));
    let (info, standings) = arena(ann.request(create("Test arena", 30)).await);
    let id = info.id;
    assert_eq!(
        (info.status, info.players, info.joined, info.created_by.as_ref().map(|p| p.id)),
        (ArenaStatus::Running, 1, true, Some(ann.id()))
    );
    assert_eq!(standings.len(), 1);
    let listed = match bob.request(ClientMessage::Arenas).await {
        ServerMessage::Arenas { arenas } => arenas,
        other => panic!("{other:?}"),
    };
    assert_eq!(listed.iter().map(|a| (a.id, a.joined)).collect::<Vec<_>>(), [(id, false)]);

    // Bob joins on the other node: they are paired at once; Bob wins three, then a draw.
    let (info, _) = arena(bob.request(ClientMessage::JoinArena { arena: id }).await);
    assert!(info.joined);
    let mut expected_bob = 0;
    for (round, bob_wins) in [(1, true), (2, true), (3, true), (4, false)] {
        let (white, black, s) = paired(&mut ann, &mut bob, id).await;
        let bob_is_white = s.white.player.nickname == "Bob";
        let white_loses = if bob_wins { Some(!bob_is_white) } else { None };
        if round == 1 {
            let r = white.request(ClientMessage::OfferRematch { game: s.game }).await;
            assert_eq!(code(&r), Some(ErrorCode::RematchUnavailable), "not before the end, nor in an arena");
        }
        finish(white, black, s.game, white_loses).await;
        if round == 1 {
            let r = black.request(ClientMessage::OfferRematch { game: s.game }).await;
            assert_eq!(code(&r), Some(ErrorCode::RematchUnavailable), "an arena game has no rematch");
        }
        // 2, 2, then doubled on fire: 4; the draw on fire 2.
        expected_bob += match round {
            1 | 2 => 2,
            3 | 4 => {
                if bob_wins {
                    4
                } else {
                    2
                }
            }
            _ => unreachable!(),
        };
    }
    let (_, standings) = arena(ann.request(ClientMessage::ArenaStandings { arena: id }).await);
    let lines: Vec<_> =
        standings.iter().map(|s| (s.rank, s.player.nickname.as_str(), s.score, s.games, s.wins, s.on_fire)).collect();
    assert_eq!(lines, [(1, "Bob", expected_bob, 4, 3, false), (2, "Ann", 1, 4, 0, false)]);
    assert_eq!(expected_bob, 10);

    // A fifth game starts; the arena finishes while it is played: it no longer counts.
    let (white, black, s) = paired(&mut ann, &mut bob, id).await;
    let sql = sql(&url).await;
    sql.execute("UPDATE arenas SET ends_at = now() - interval '1 second' WHERE id = $1", &[&id]).await.unwrap();
    finish(white, black, s.game, Some(true)).await;
    let (info, standings) = arena(ann.request(ClientMessage::ArenaStandings { arena: id }).await);
    assert_eq!(info.status, ArenaStatus::Finished);
    assert_eq!(standings.iter().map(|s| (s.score, s.games)).collect::<Vec<_>>(), [(10, 4), (1, 4)]);
    assert!(no_game(&mut ann, 800).await, "no pairing after the finish");
    assert_eq!(code(&ann.request(ClientMessage::JoinArena { arena: id }).await), Some(ErrorCode::UnknownArena));
    match ann.request(ClientMessage::Profile { nickname: "Bob".into() }).await {
        ServerMessage::Profile { arenas, .. } => {
            assert_eq!(arenas.len(), 1);
            assert_eq!((arenas[0].arena, arenas[0].rank, arenas[0].players, arenas[0].score), (id, 1, 2, 10));
        }
        other => panic!("{other:?}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_paused_player_is_not_paired_and_scheduled_arenas_are_made_once() {
    let url = fresh_database().await;
    let cfg = |node: &str| {
        let mut c = config(&url, node);
        c.arena_rest_ms = 300;
        c.pair_tick_ms = 100;
        c
    };
    let a = server(cfg("node_a")).await;
    let b = server(cfg("node_b")).await;
    let mut ann = Client::new_player(a.addr, "Ann").await;
    let mut bob = Client::new_player(b.addr, "Bob").await;
    let create =
        ClientMessage::CreateArena { name: "Later".into(), time_control: ARENA_CLOCK, starts_in_s: 3600, minutes: 60 };
    let (info, _) = arena(ann.request(create).await);
    assert_eq!(info.status, ArenaStatus::Upcoming);
    arena(bob.request(ClientMessage::JoinArena { arena: info.id }).await);
    // Not started: no pairing.
    assert!(no_game(&mut ann, 600).await, "not started");
    let sql = sql(&url).await;
    arena(bob.request(ClientMessage::LeaveArena { arena: info.id }).await);
    sql.execute("UPDATE arenas SET starts_at = now() WHERE id = $1", &[&info.id]).await.unwrap();
    assert!(no_game(&mut ann, 800).await, "Bob paused: Ann waits");
    let (_, standings) = arena(bob.request(ClientMessage::JoinArena { arena: info.id }).await);
    assert_eq!(standings.iter().filter(|s| s.active).count(), 2);
    let (sa, sb) = (ann.state().await, bob.state().await);
    assert_eq!((sa.game, sa.arena), (sb.game, Some(info.id)));

    // Both nodes keep the schedule; each slot exists once.
    let slots = sql.query("SELECT slot, count(*) FROM arenas WHERE slot IS NOT NULL GROUP BY slot", &[]).await.unwrap();
    assert!(slots.iter().all(|r| r.get::<_, i64>(1) == 1), "a slot made twice");
    let kinds = |prefix: &str| slots.iter().filter(|r| r.get::<_, String>(0).starts_with(prefix)).count();
    assert!(kinds("hourly_blitz") >= 2 && kinds("daily_rapid") >= 1, "{} slots", slots.len());
    let listed = match ann.request(ClientMessage::Arenas).await {
        ServerMessage::Arenas { arenas } => arenas,
        other => panic!("{other:?}"),
    };
    let hourly = Some(giveaway_protocol::ArenaSchedule::HourlyBlitz);
    // This hour's runs until :50; in the ten minutes after, the next hour's is listed, starting within 10 minutes.
    assert!(listed.iter().any(|a| a.schedule == hourly
        && (a.status == ArenaStatus::Running || (a.status == ArenaStatus::Upcoming && a.starts_in_ms <= 600_000))));
    assert!(listed.iter().any(|a| a.schedule == Some(giveaway_protocol::ArenaSchedule::DailyRapid)));
    assert!(listed.iter().any(|a| a.id == info.id && a.schedule.is_none()), "a player's own is not scheduled");
}
