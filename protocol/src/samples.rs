//! One sample frame of every message, both directions (tests only). The round-trip test reads them, and they
//! are the seed corpus of the fuzz target `protocol_decode`: `fuzz/corpus/protocol_decode/`, one frame a file
//! named by its direction and type (`client-watch.json`, `server-arena.json`), the directory cargo-fuzz reads
//! and adds to. The ignored test `write_fuzz_corpus` writes the files; `the_fuzz_corpus_holds_every_sample`
//! checks that each is there, unchanged, and decodes, so that they follow the types.

use crate::*;
use std::path::PathBuf;

/// A message's place in its enum. The match does not compile when a message is added: add its sample below
/// (and to `docs/protocol.md`), and bump the count.
fn client_kind(m: &ClientMessage) -> usize {
    use ClientMessage::*;
    match m {
        Hello { .. } => 0,
        CreateAccount { .. } => 1,
        Seek { .. } => 2,
        CancelSeek => 3,
        CreateInvite { .. } => 4,
        AcceptInvite { .. } => 5,
        CancelInvite => 6,
        Move { .. } => 7,
        Resign { .. } => 8,
        OfferDraw { .. } => 9,
        AcceptDraw { .. } => 10,
        DeclineDraw { .. } => 11,
        React { .. } => 12,
        OfferRematch { .. } => 13,
        DeclineRematch { .. } => 14,
        Sync { .. } => 15,
        Leaderboard { .. } => 16,
        Profile { .. } => 17,
        GetGame { .. } => 18,
        Ping => 19,
        CreateLinkCode => 20,
        RedeemLinkCode { .. } => 21,
        Devices => 22,
        SignOutDevice { .. } => 23,
        Follow { .. } => 24,
        Unfollow { .. } => 25,
        Friends => 26,
        Challenge { .. } => 27,
        AcceptChallenge { .. } => 28,
        DeclineChallenge { .. } => 29,
        CancelChallenge { .. } => 30,
        Challenges => 31,
        Block { .. } => 32,
        Unblock { .. } => 33,
        Blocked => 34,
        LiveGames => 35,
        Watch { .. } => 36,
        Unwatch { .. } => 37,
        OpenSeeks => 38,
        AcceptSeek { .. } => 39,
        Arenas => 40,
        CreateArena { .. } => 41,
        JoinArena { .. } => 42,
        LeaveArena { .. } => 43,
        ArenaStandings { .. } => 44,
        Correspondence => 45,
    }
}
const CLIENT_KINDS: usize = 46;

/// The same for the server's messages (`Unknown`, what a client makes of a later server's message, has no sample).
fn server_kind(m: &ServerMessage) -> Option<usize> {
    use ServerMessage::*;
    Some(match m {
        Welcome { .. } => 0,
        Account { .. } => 1,
        Seeking { .. } => 2,
        SeekCancelled => 3,
        Invite { .. } => 4,
        InviteCancelled => 5,
        GameState(_) => 6,
        Moved { .. } => 7,
        DrawOffered { .. } => 8,
        DrawDeclined { .. } => 9,
        Reaction { .. } => 10,
        OpponentConnection { .. } => 11,
        GameEnd { .. } => 12,
        RematchOffered { .. } => 13,
        RematchDeclined { .. } => 14,
        Leaderboard { .. } => 15,
        Profile { .. } => 16,
        GameRecord(_) => 17,
        Pong { .. } => 18,
        Error { .. } => 19,
        LinkCode { .. } => 20,
        Devices { .. } => 21,
        DeviceSignedOut { .. } => 22,
        Friends { .. } => 23,
        Challenge { .. } => 24,
        ChallengeClosed { .. } => 25,
        Challenges { .. } => 26,
        Blocked { .. } => 27,
        LiveGames { .. } => 28,
        Watching(_) => 29,
        Unwatched { .. } => 30,
        OpenSeeks { .. } => 31,
        Arenas { .. } => 32,
        Arena { .. } => 33,
        Spectators { .. } => 34,
        Correspondence { .. } => 35,
        Unknown => return None,
    })
}
const SERVER_KINDS: usize = 36;

const BLITZ: TimeControl = TimeControl::clock(180_000, 2000);
const TC: TimeControl = TimeControl::clock(300_000, 3000);
const CLOCKS: Clocks = Clocks { white_ms: 176_400, black_ms: 179_100 };

fn ann() -> PlayerInfo {
    PlayerInfo { id: 4, nickname: "Anna".into() }
}

fn bob() -> PlayerInfo {
    PlayerInfo { id: 7, nickname: "Bob".into() }
}

fn seat(p: PlayerInfo, rating: f64) -> Seat {
    Seat { player: p, rating, provisional: false }
}

/// Every client message, some with a request id.
pub fn client_frames() -> Vec<ClientFrame> {
    use ClientMessage::*;
    let with = |id: u64, message: ClientMessage| ClientFrame { id: Some(id), message };
    let event = |message: ClientMessage| ClientFrame { id: None, message };
    vec![
        with(1, Hello { protocol: 1, token: Some("gw1_9f3c".into()) }),
        with(2, CreateAccount { nickname: "Anna".into() }),
        with(3, Seek { time_control: TC }),
        event(CancelSeek),
        with(4, CreateInvite { time_control: TC, rated: true }),
        with(5, AcceptInvite { code: "k7qx2m".into() }),
        event(CancelInvite),
        with(u64::MAX, Move { game: 7, ply: 2, mv: "g3-f4".into(), think_ms: Some(1800) }),
        with(6, Resign { game: 7 }),
        with(7, OfferDraw { game: 7 }),
        with(8, AcceptDraw { game: 7 }),
        with(9, DeclineDraw { game: 7 }),
        with(10, React { game: 7, emoji: "👍".into() }),
        with(11, OfferRematch { game: 7 }),
        with(12, DeclineRematch { game: 7 }),
        with(13, Sync { game: 7 }),
        event(Leaderboard { speed: Speed::Blitz, offset: 0, limit: 20 }),
        with(14, Profile { nickname: "anna".into() }),
        with(15, GetGame { game: 7 }),
        event(Ping),
        with(40, CreateLinkCode),
        with(2, RedeemLinkCode { code: "k7qm 2xpd".into(), device: "Pixel 8".into() }),
        with(41, Devices),
        with(42, SignOutDevice { device: 3 }),
        with(50, Follow { nickname: "bob".into() }),
        with(51, Unfollow { nickname: "Carl".into() }),
        with(52, Friends),
        with(53, Challenge { nickname: "Bob".into(), time_control: TC, color: ColorChoice::Random, rated: true }),
        with(54, AcceptChallenge { challenge: 12 }),
        with(55, DeclineChallenge { challenge: 12 }),
        with(56, CancelChallenge { challenge: 12 }),
        with(57, Challenges),
        with(58, Block { nickname: "Troll".into() }),
        with(59, Unblock { nickname: "Troll".into() }),
        with(60, Blocked),
        with(70, LiveGames),
        with(71, Watch { game: 31 }),
        with(72, Unwatch { game: 31 }),
        with(80, OpenSeeks),
        with(81, AcceptSeek { player: 4 }),
        with(90, Arenas),
        with(91, CreateArena { name: "Friday blitz".into(), time_control: BLITZ, starts_in_s: 600, minutes: 60 }),
        with(92, JoinArena { arena: 4 }),
        event(LeaveArena { arena: 4 }),
        with(94, ArenaStandings { arena: 4 }),
        with(95, Correspondence),
    ]
}

/// Every server message, answers (with `re`) and events.
pub fn server_frames() -> Vec<ServerFrame> {
    use ServerMessage::*;
    let answer = |re: u64, message: ServerMessage| ServerFrame { re: Some(re), message };
    let event = ServerFrame::new;
    let result = GameResult { winner: Some(Color::Black), reason: EndReason::Time };
    let ratings = RatingChanges {
        white: RatingChange { before: 1500.0, after: 1337.8, provisional: true },
        black: RatingChange { before: 1500.0, after: 1662.2, provisional: true },
    };
    let reaction = crate::Reaction { ply: 2, by: Color::Black, emoji: "😮".into() };
    let challenge = crate::Challenge {
        id: 12,
        challenger: ann(),
        challenged: bob(),
        time_control: TC,
        color: ColorChoice::Random,
        rated: true,
        expires_in_ms: 600_000,
    };
    let arena = ArenaInfo {
        id: 4,
        name: "Friday blitz".into(),
        time_control: BLITZ,
        status: ArenaStatus::Running,
        starts_in_ms: 0,
        ends_in_ms: 1_200_000,
        duration_ms: 3_600_000,
        players: 12,
        joined: true,
        created_by: Some(ann()),
        schedule: None,
        leader: Some(("Anna".into(), 14)),
    };
    vec![
        answer(
            1,
            Welcome {
                protocol: 1,
                player: Some(ann()),
                games: vec![7],
                presets: vec![TimeControl::clock(60_000, 0), TC],
            },
        ),
        answer(2, Account { player: ann(), token: "gw1_9f3c".into() }),
        answer(3, Seeking { time_control: TC }),
        event(SeekCancelled),
        answer(4, Invite { code: "K7QX2M".into(), time_control: TC, rated: true }),
        event(InviteCancelled),
        event(GameState(Box::new(crate::GameState {
            game: 7,
            white: seat(ann(), 1500.0),
            black: seat(bob(), 1612.4),
            you: Color::White,
            time_control: BLITZ,
            speed: Speed::Blitz,
            rated: true,
            rematch_of: Some(6),
            arena: Some(4),
            moves: vec!["c3-d4".into(), "f6-g5".into()],
            clocks: CLOCKS,
            turn: Color::White,
            clock_running: true,
            first_move_deadline_ms: None,
            draw_offer: Some(Color::Black),
            opponent_connected: true,
            reactions: vec![reaction.clone()],
            result: None,
        }))),
        answer(12, Moved { game: 7, ply: 4, mv: "c3:e5".into(), by: Color::White, clocks: CLOCKS }),
        event(DrawOffered { game: 7, by: Color::Black }),
        event(DrawDeclined { game: 7, by: Color::White }),
        event(Reaction { game: 7, reaction: reaction.clone() }),
        event(OpponentConnection { game: 7, connected: false }),
        event(GameEnd { game: 7, result, clocks: Clocks { white_ms: 0, black_ms: 41_230 }, ratings: Some(ratings) }),
        event(RematchOffered { game: 7, by: Color::White }),
        event(RematchDeclined { game: 7, by: Color::Black }),
        answer(
            5,
            Leaderboard {
                speed: Speed::Blitz,
                offset: 0,
                entries: vec![LeaderboardEntry { rank: 1, player: bob(), rating: 1893.2, deviation: 61.0, games: 140 }],
            },
        ),
        answer(
            6,
            Profile {
                player: ann(),
                created_at_ms: 1_796_000_000_000,
                ratings: vec![RatingInfo {
                    speed: Speed::Blitz,
                    rating: 1540.1,
                    deviation: 180.3,
                    provisional: true,
                    games: 3,
                }],
                history: vec![RatingPoint { speed: Speed::Blitz, game: 7, rating: 1540.1, at_ms: 1_796_000_500_000 }],
                recent: vec![GameSummary {
                    game: 7,
                    color: Color::White,
                    opponent: bob(),
                    time_control: TC,
                    speed: Speed::Blitz,
                    rated: true,
                    result: GameResult { winner: Some(Color::White), reason: EndReason::Resignation },
                    rating_change: Some(40.1),
                    ended_at_ms: 1_796_000_500_000,
                }],
                arenas: vec![ArenaResult {
                    arena: 3,
                    name: "Hourly blitz".into(),
                    time_control: BLITZ,
                    finished_ago_ms: 3_600_000,
                    rank: 2,
                    players: 12,
                    score: 14,
                }],
            },
        ),
        answer(
            7,
            GameRecord(Box::new(crate::GameRecord {
                game: 7,
                white: ann(),
                black: bob(),
                time_control: TC,
                speed: Speed::Blitz,
                rated: true,
                started_at_ms: 1_796_000_000_000,
                ended_at_ms: Some(1_796_000_500_000),
                moves: vec![RecordedMove { mv: "c3-d4".into(), clocks: CLOCKS }],
                reactions: vec![reaction],
                result: Some(GameResult { winner: None, reason: EndReason::Agreement }),
                ratings: Some(ratings),
            })),
        ),
        event(Pong { server_time_ms: 1_796_000_000_000 }),
        answer(92, Error { code: ErrorCode::UnknownArena, message: "no arena 4 open to join".into(), game: None }),
        answer(40, LinkCode { code: "K7QM-2XPD".into(), expires_in_ms: 300_000 }),
        answer(
            41,
            Devices {
                devices: vec![DeviceInfo {
                    id: 7,
                    label: "Pixel 8".into(),
                    created_ms: 1_764_892_800_000,
                    last_seen_ms: 1_764_896_400_000,
                    this_device: true,
                }],
            },
        ),
        answer(42, DeviceSignedOut { device: 3 }),
        answer(
            50,
            Friends {
                friends: vec![
                    Friend { player: bob(), online: true, playing: Some(31) },
                    Friend { player: PlayerInfo { id: 9, nickname: "Carl".into() }, online: false, playing: None },
                ],
            },
        ),
        event(Challenge { challenge: challenge.clone() }),
        event(ChallengeClosed { challenge: 12, end: ChallengeEnd::Declined }),
        answer(57, Challenges { incoming: vec![], outgoing: vec![challenge] }),
        answer(58, Blocked { players: vec![PlayerInfo { id: 13, nickname: "Troll".into() }] }),
        answer(
            70,
            LiveGames {
                games: vec![LiveGame {
                    game: 31,
                    white: seat(ann(), 1712.0),
                    black: seat(bob(), 1650.0),
                    time_control: BLITZ,
                    speed: Speed::Blitz,
                    rated: true,
                    ply: 12,
                    spectators: 3,
                    friend: true,
                }],
            },
        ),
        answer(
            71,
            Watching(Box::new(WatchState {
                game: 31,
                white: seat(ann(), 1712.0),
                black: seat(bob(), 1650.0),
                time_control: BLITZ,
                speed: Speed::Blitz,
                rated: true,
                moves: vec!["c3-d4".into(), "f6-g5".into()],
                clocks: CLOCKS,
                turn: Color::White,
                clock_running: true,
                reactions: vec![],
                spectators: 4,
                result: None,
            })),
        ),
        answer(72, Unwatched { game: 31 }),
        answer(
            80,
            OpenSeeks {
                seeks: vec![OpenSeek {
                    player: ann(),
                    rating: 1712.5,
                    provisional: false,
                    time_control: TC,
                    waited_ms: 4200,
                }],
            },
        ),
        answer(
            90,
            Arenas {
                arenas: vec![ArenaInfo {
                    schedule: Some(ArenaSchedule::HourlyBlitz),
                    created_by: None,
                    ..arena.clone()
                }],
            },
        ),
        answer(
            94,
            Arena {
                arena,
                standings: vec![ArenaStanding {
                    rank: 1,
                    player: ann(),
                    rating: 1500.0,
                    score: 14,
                    games: 6,
                    wins: 5,
                    on_fire: true,
                    active: true,
                    playing: false,
                }],
            },
        ),
        event(Spectators { game: 31, count: 4 }),
        answer(
            95,
            Correspondence {
                games: vec![CorrespondenceGame {
                    game: 40,
                    opponent: bob(),
                    you: Color::Black,
                    days_per_move: 3,
                    rated: true,
                    ply: 5,
                    last_move: Some("c3-d4".into()),
                    your_move: true,
                    time_left_ms: 200_000_000,
                }],
            },
        ),
    ]
}

/// The wire "type" of an encoded frame.
fn type_of(text: &str) -> String {
    let v: serde_json::Value = serde_json::from_str(text).expect("a frame is JSON");
    v["type"].as_str().expect("a frame has a type").to_string()
}

/// The corpus's files: (name, content), one per sample.
fn corpus() -> Vec<(String, String)> {
    let client = client_frames().into_iter().map(|f| ("client", encode(&f)));
    let server = server_frames().into_iter().map(|f| ("server", encode(&f)));
    client.chain(server).map(|(dir, text)| (format!("{dir}-{}.json", type_of(&text)), text)).collect()
}

fn corpus_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../fuzz/corpus/protocol_decode")
}

#[test]
fn every_message_has_one_sample() {
    let mut client = vec![0; CLIENT_KINDS];
    for f in client_frames() {
        client[client_kind(&f.message)] += 1;
    }
    let mut server = vec![0; SERVER_KINDS];
    for f in server_frames() {
        server[server_kind(&f.message).expect("no sample of Unknown")] += 1;
    }
    assert!(client.iter().chain(&server).all(|n| *n == 1), "client {client:?}, server {server:?}");
}

#[test]
fn every_sample_round_trips() {
    for f in client_frames() {
        let text = encode(&f);
        assert_eq!(decode_client(&text).unwrap(), f, "{text}");
    }
    for f in server_frames() {
        let text = encode(&f);
        assert_eq!(decode_server(&text).unwrap(), f, "{text}");
    }
}

/// Writes the fuzz target's seed corpus: `cargo test -p giveaway-protocol -- --ignored write_fuzz_corpus`.
#[test]
#[ignore]
fn write_fuzz_corpus() {
    let dir = corpus_dir();
    std::fs::create_dir_all(&dir).unwrap();
    for (name, text) in corpus() {
        std::fs::write(dir.join(name), text).unwrap();
    }
}

#[test]
fn the_fuzz_corpus_holds_every_sample() {
    let dir = corpus_dir();
    let expected = corpus();
    for (name, text) in &expected {
        let on_disk = std::fs::read_to_string(dir.join(name)).unwrap_or_else(|e| {
            panic!("{name}: {e}; write the corpus: cargo test -p giveaway-protocol -- --ignored write_fuzz_corpus")
        });
        assert_eq!(&on_disk, text, "{name} differs from its sample: write the corpus again (write_fuzz_corpus)");
    }
    // Every seed file decodes, and none is left from a message no longer sampled. The fuzzer's own finds (named
    // by their hash) are not read.
    let mut seeds = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        let text = std::fs::read_to_string(dir.join(&name)).unwrap();
        let decoded = if name.starts_with("client-") {
            decode_client(&text).map(|_| ())
        } else if name.starts_with("server-") {
            match decode_server(&text) {
                Ok(f) if f.message == ServerMessage::Unknown => panic!("{name}: not a message this crate knows"),
                r => r.map(|_| ()),
            }
        } else {
            continue;
        };
        assert_eq!(decoded, Ok(()), "{name}");
        assert!(expected.iter().any(|(n, _)| *n == name), "{name}: no sample of it (stale: remove it)");
        seeds += 1;
    }
    assert_eq!(seeds, expected.len());
}
