//! The online client against a real game server on a real PostgreSQL (the server's own crate runs here, on a
//! runtime of its own so a test can crash it and start it again): accounts, pairing, invites, a whole game
//! played through the same board controller as offline games, the game in the local library afterwards, and
//! each failure the player can meet — a lost connection and a server restart (with a move made while the
//! connection was down), a token the server does not know, and a server of another protocol version.

use giveaway_app::GameEvent;
use giveaway_app::{GameLibrary, Opponent};
use giveaway_app::{NoObserver, Threads};
use giveaway_app::{SideTime, TimeControl};
use giveaway_core::record::GameMode;
use giveaway_core::EndReason;
use giveaway_core::{legal_moves, parse_fen, Color};
use giveaway_online::{AccountState, ChallengeColor, Connection, Lobby, OnlineClient, OnlineEvent, YourMoveCheck};
use giveaway_server::testing::{config, new_database, InProcess as Server};
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

const FIVE_THREE: SideTime = SideTime { base_ms: 300_000, increment_ms: 3000 };
const BLITZ: TimeControl = TimeControl { white: FIVE_THREE, black: FIVE_THREE };

/// A phone: its own games database and the online client.
struct Device {
    _dir: tempfile::TempDir,
    library: Arc<GameLibrary>,
    client: Arc<OnlineClient>,
    events: Vec<OnlineEvent>,
}

impl Device {
    fn new(url: &str) -> Device {
        Device::with(url, Vec::new(), |_| {})
    }

    /// A device whose library is prepared by `before` and that trusts `roots` (PEM) for wss://.
    fn with(url: &str, roots: Vec<u8>, before: impl FnOnce(&GameLibrary)) -> Device {
        let dir = tempfile::tempdir().unwrap();
        let library = GameLibrary::open(dir.path().join("games.db").to_string_lossy().into_owned()).unwrap();
        before(&library);
        let client =
            OnlineClient::connect_trusting(url, roots, library.clone(), Arc::new(Threads), Arc::new(NoObserver))
                .unwrap();
        Device { _dir: dir, library, client, events: Vec::new() }
    }

    /// Waits (15 s at most) until `f` holds, collecting the events meanwhile.
    fn wait(&mut self, what: &str, mut f: impl FnMut(&mut Device) -> bool) {
        let deadline = Instant::now() + Duration::from_secs(15);
        loop {
            let new = self.client.take_events();
            self.events.extend(new);
            if f(self) {
                return;
            }
            assert!(
                Instant::now() < deadline,
                "timed out waiting for {what}; state {:?}, events {:?}",
                self.client.state(),
                self.events
            );
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    fn online(&mut self) {
        self.wait("the connection", |d| d.client.state().connection == Connection::Online);
    }

    fn signed_up(url: &str, nickname: &str) -> Device {
        let mut d = Device::new(url);
        d.online();
        d.client.create_account(nickname).unwrap();
        d.wait("the account", |d| d.client.state().player.is_some());
        d
    }

    fn ply(&self) -> u32 {
        self.client.game().map_or(0, |g| g.state().snapshot.ply)
    }

    /// Plays the first legal move if it is this device's turn; returns whether it did.
    fn play_first_move(&self) -> bool {
        let Some(game) = self.client.game() else { return false };
        let snap = game.state().snapshot;
        let Opponent::Online { human, .. } = snap.opponent else { panic!("not an online game") };
        if snap.side_to_move != human || snap.result.is_some() {
            return false;
        }
        let pos = parse_fen(&snap.fen).unwrap();
        let mv = legal_moves(&pos)[0];
        game.play_move(mv.to_string()).unwrap();
        true
    }

    fn has_event(&self, f: impl Fn(&OnlineEvent) -> bool) -> bool {
        self.events.iter().any(f)
    }
}

/// Two devices in a game by invite; returned as (white, black).
fn invited_game(url: &str) -> (Device, Device) {
    let mut a = Device::signed_up(url, "Anna");
    let mut b = Device::signed_up(url, "Boris");
    a.client.create_invite(BLITZ, true).unwrap();
    a.wait("the invite code", |d| matches!(d.client.state().lobby, Lobby::Inviting { .. }));
    let Lobby::Inviting { code, .. } = a.client.state().lobby else { unreachable!() };
    b.client.accept_invite(&code.to_lowercase()).unwrap();
    a.wait("the game", |d| d.client.game().is_some());
    b.wait("the game", |d| d.client.game().is_some());
    let a_white = a.client.state().game.unwrap().you == Color::White;
    if a_white {
        (a, b)
    } else {
        (b, a)
    }
}

#[test]
fn a_whole_game_is_played_through_the_board_and_kept_in_both_libraries() {
    let server = Server::fresh();
    let (mut white, mut black) = invited_game(&server.url());
    assert!(white.has_event(|e| matches!(e, OnlineEvent::GameStarted { .. })));
    // The same board an offline game has: the player's own side at the bottom, names from the server.
    let state = white.client.game().unwrap().state();
    let names = match &state.snapshot.opponent {
        Opponent::Online { human: Color::White, white, black } => [white.clone(), black.clone()],
        other => panic!("white's board shows {other:?}"),
    };
    assert!(names == ["Anna", "Boris"] || names == ["Boris", "Anna"], "{names:?}");
    assert!(!state.orientation.flipped, "white plays up the board");
    assert!(black.client.game().unwrap().state().orientation.flipped, "black sees its own men at the bottom");
    assert!(!state.actions.undo && !state.actions.hint, "no undo and no hints against a person");
    let mut plies = 0;
    while plies < 400 {
        let over = white.client.state().game.and_then(|g| g.end).is_some();
        if over {
            break;
        }
        if white.play_first_move() || black.play_first_move() {
            plies += 1;
            let p = plies;
            white.wait("the move on white's board", |d| {
                d.ply() >= p || d.client.state().game.and_then(|g| g.end).is_some()
            });
            black.wait("the move on black's board", |d| {
                d.ply() >= p || d.client.state().game.and_then(|g| g.end).is_some()
            });
        } else {
            std::thread::sleep(Duration::from_millis(10));
        }
        assert_eq!(
            white.client.game().unwrap().state().snapshot.fen,
            black.client.game().unwrap().state().snapshot.fen
        );
    }
    white.wait("the end", |d| d.client.state().game.and_then(|g| g.end).is_some());
    black.wait("the end", |d| d.client.state().game.and_then(|g| g.end).is_some());
    let end = white.client.state().game.unwrap().end.unwrap();
    let rating = end.rating.expect("an invite game is rated");
    assert_ne!(rating.before, rating.after, "a decisive or drawn rated game moves a provisional rating");
    // In the library: mode online, the nicknames, every move, the result and the ratings as PDN tags.
    for d in [&white, &black] {
        let id = d.client.state().game.unwrap().end.unwrap().saved_id.expect("kept");
        let pdn = d.library.export_pdn(id).unwrap();
        assert!(
            pdn.contains(&format!("[White \"{}\"]", names[0])) && pdn.contains(&format!("[Black \"{}\"]", names[1])),
            "{pdn}"
        );
        assert!(pdn.contains("[WhiteRatingDiff ") && pdn.contains("[OnlineGame "), "{pdn}");
        let filter = giveaway_core::storage::Filter { mode: Some(GameMode::Online), ..Default::default() };
        let page = d.library.list_games(filter, None, 10).unwrap();
        assert_eq!(page.games.len(), 1);
        assert_eq!(page.games[0].plies, plies);
        assert!(!page.games[0].resumable, "an online game goes on through the server only");
        assert!(d.library.resume(id).is_err());
        d.library.replay(id).expect("an online game replays like any other");
    }
}

/// The correspondence games as the screen lists them: (game, your move, ply).
fn correspondence(d: &Device) -> Vec<(i64, bool, u32)> {
    d.client.screen().correspondence.iter().map(|g| (g.game, g.your_move, g.ply)).collect()
}

#[test]
fn a_correspondence_game_is_opened_from_the_list_played_and_closed_while_it_goes_on() {
    let server = Server::fresh();
    let mut anna = Device::signed_up(&server.url(), "Anna");
    let mut boris = Device::signed_up(&server.url(), "Boris");
    anna.client.challenge_correspondence("Boris", 3, ChallengeColor::White, true).unwrap();
    assert!(anna.client.challenge_correspondence("Boris", 4, ChallengeColor::White, true).is_err(), "4 days");
    boris.wait("the challenge", |d| !d.client.screen().social.incoming.is_empty());
    let challenge = boris.client.screen().social.incoming[0].clone();
    assert_eq!(challenge.days_per_move, Some(3));
    boris.client.accept_challenge(challenge.id).unwrap();
    // Both boards open on the new game (neither shows another one).
    anna.wait("the board", |d| d.client.state().game.is_some());
    boris.wait("the board", |d| d.client.state().game.is_some());
    let game = anna.client.screen().game.unwrap();
    assert_eq!((game.you, game.days_per_move), (Color::White, Some(3)));
    assert!(game.actions.back_to_lobby, "a correspondence board can be closed while the game goes on");
    // With the board open, the lobby is not blocked: quick pairing is there.
    assert!(anna.client.screen().actions.seek);
    assert!(anna.play_first_move());
    boris.wait("White's move", |d| d.ply() == 1);
    anna.client.leave_game().unwrap();
    assert!(anna.client.state().game.is_none());
    anna.wait("the list", |d| correspondence(d) == [(game.game, false, 1)]);
    // Boris answers and closes his board too; his move tells Anna's list.
    assert!(boris.play_first_move());
    anna.wait("Boris's move in the list", |d| correspondence(d) == [(game.game, true, 2)]);
    boris.client.leave_game().unwrap();
    // The phone's background check: Anna's move is told once.
    let told = anna.client.take_your_move_notifications().unwrap().expect("the list is there");
    assert_eq!(told.iter().map(|g| (g.game, g.ply)).collect::<Vec<_>>(), [(game.game, 2)]);
    assert!(anna.client.take_your_move_notifications().unwrap().unwrap().is_empty(), "told once");
    // Opened again from the list: the board has both moves, and Anna plays on.
    anna.client.open_correspondence(game.game).unwrap();
    anna.wait("the board again", |d| d.client.state().game.is_some() && d.ply() == 2);
    assert!(anna.play_first_move());
    boris.wait("the list", |d| correspondence(d) == [(game.game, true, 3)]);
    // The same through the check that waits for the list (a phone's background task): told once, then nothing.
    let check = |d: &Device| d.client.check_your_move(Duration::from_secs(10)).unwrap();
    match check(&boris) {
        YourMoveCheck::Games { games: g } => {
            assert_eq!(g.iter().map(|g| (g.game, g.ply)).collect::<Vec<_>>(), [(game.game, 3)])
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(check(&boris), YourMoveCheck::Games { games: Vec::new() });
    // A device without an account: nothing to check, at once.
    let mut stranger = Device::new(&server.url());
    stranger.wait("the server's answer", |d| d.client.screen().account == AccountState::Needed);
    assert_eq!(check(&stranger), YourMoveCheck::NoAccount);
    // A board shown keeps a correspondence state not asked for from replacing it: Boris plays a clock game.
    let carl = Device::signed_up(&server.url(), "Carl");
    boris.client.seek(BLITZ).unwrap();
    carl.client.seek(BLITZ).unwrap();
    boris.wait("the blitz game", |d| d.client.screen().game.is_some_and(|g| g.days_per_move.is_none()));
}

fn ended(d: &Device) -> Option<giveaway_online::OnlineEnd> {
    d.client.state().game.and_then(|g| g.end)
}

#[test]
fn quick_pairing_then_reactions_a_declined_draw_and_a_resignation() {
    let server = Server::fresh();
    let mut a = Device::signed_up(&server.url(), "Carla");
    let mut b = Device::signed_up(&server.url(), "Dmitri");
    a.client.seek(BLITZ).unwrap();
    a.wait("the seek", |d| d.client.state().lobby == Lobby::Seeking { time_control: BLITZ });
    b.client.seek(BLITZ).unwrap();
    a.wait("the pairing", |d| d.client.game().is_some());
    b.wait("the pairing", |d| d.client.game().is_some());
    assert_eq!(a.client.state().lobby, Lobby::Idle);
    let (ga, gb) = (a.client.game().unwrap(), b.client.game().unwrap());
    let a_side = a.client.state().game.unwrap().you;

    ga.react(a_side, "🤝".into()).unwrap();
    b.wait("the reaction", |d| d.client.game().unwrap().state().snapshot.reactions.len() == 1);
    assert!(gb.take_events().iter().any(|e| matches!(e, GameEvent::Reacted { reaction } if reaction.emoji == "🤝")));

    ga.offer_draw().unwrap();
    b.wait("the draw offer", |d| d.client.game().unwrap().state().actions.answer_draw);
    assert!(!ga.state().actions.answer_draw, "the side that offered does not answer its own offer");
    gb.decline_draw().unwrap();
    a.wait("the declined offer", |d| d.client.game().unwrap().state().snapshot.draw_offer.is_none());

    gb.resign().unwrap();
    a.wait("the end", |d| ended(d).is_some());
    b.wait("the end", |d| ended(d).is_some());
    let end = ended(&a).unwrap();
    assert_eq!((end.winner, end.reason), (Some(a_side), Some(EndReason::Resignation)));
    assert!(end.rating.unwrap().after > end.rating.unwrap().before, "the winner's rating went up");
    assert!(ended(&b).unwrap().rating.unwrap().after < ended(&b).unwrap().rating.unwrap().before);
    assert!(gb.resign().is_err(), "nothing more to resign");
    assert!(b.has_event(|e| matches!(e, OnlineEvent::GameEnded { .. })));

    // A rematch: offered by one, accepted by the other's offer; colours swap.
    let first = a.client.state().game.unwrap().game;
    a.client.offer_rematch().unwrap();
    b.wait("the rematch offer", |d| d.client.state().game.and_then(|g| g.rematch_offer) == Some(a_side));
    b.client.offer_rematch().unwrap();
    a.wait("the rematch", |d| d.client.state().game.is_some_and(|g| g.game != first));
    b.wait("the rematch", |d| d.client.state().game.is_some_and(|g| g.game != first));
    assert_eq!(a.client.state().game.unwrap().you, a_side.opponent(), "colours swapped");
    assert!(a.client.leave_game().is_err(), "the rematch is being played");
    a.client.game().unwrap().resign().unwrap();
    a.wait("the rematch's end", |d| ended(d).is_some());
    a.client.leave_game().unwrap();
    assert!(a.client.state().game.is_none());
}

#[test]
fn a_server_restart_loses_nothing_and_a_move_made_while_offline_is_sent_when_back() {
    let mut server = Server::fresh();
    let (mut white, mut black) = invited_game(&server.url());
    assert!(white.play_first_move());
    black.wait("white's first move", |d| d.ply() == 1);
    assert!(black.play_first_move());
    white.wait("black's first move", |d| d.ply() == 2);

    server.crash();
    white.wait("the lost connection", |d| matches!(d.client.state().connection, Connection::Offline { .. }));
    black.wait("the lost connection", |d| matches!(d.client.state().connection, Connection::Offline { .. }));
    let Connection::Offline { reason, retry_in_ms } = white.client.state().connection else { unreachable!() };
    assert!(!reason.is_empty() && retry_in_ms > 0);
    // Requests that need the server say so at once; a move waits on the board.
    assert!(white.client.leaderboard(giveaway_core::record::Speed::Blitz).is_err());
    assert!(white.play_first_move(), "the player may move while the connection is down");
    assert_eq!(white.ply(), 3);

    server.restart();
    white.client.reconnect();
    black.client.reconnect();
    white.online();
    black.online();
    black.wait("the move made while offline", |d| d.ply() == 3);
    white.wait("the move acknowledged", |d| d.ply() == 3);
    assert_eq!(white.client.game().unwrap().state().snapshot.fen, black.client.game().unwrap().state().snapshot.fen);
    assert!(black.has_event(|e| matches!(e, OnlineEvent::Connected)));
    // The game goes on.
    assert!(black.play_first_move());
    white.wait("black's reply", |d| d.ply() == 4);
}

#[test]
fn a_token_the_server_does_not_know_is_forgotten_and_a_new_account_can_be_made() {
    let mut server = Server::fresh();
    let mut d = Device::signed_up(&server.url(), "Eva");
    // The server comes back without the account (another database on the same address).
    let port = server.addr.port();
    server.crash();
    d.wait("the lost connection", |d| matches!(d.client.state().connection, Connection::Offline { .. }));
    let _other = Server::start(&new_database(), port);
    d.client.reconnect();
    d.wait("the sign-out", |d| d.has_event(|e| *e == OnlineEvent::SignedOut));
    d.online();
    assert!(d.client.state().player.is_none(), "the refused token is forgotten");
    assert!(d.client.seek(BLITZ).is_err(), "pairing needs an account");
    d.client.create_account("Eva").unwrap();
    d.wait("the new account", |d| d.client.state().player.is_some());
    // The new token is the one kept: a fresh client on the same library is greeted as Eva.
    d.client.disconnect();
    let again =
        OnlineClient::connect(&server_url(port), d.library.clone(), Arc::new(Threads), Arc::new(NoObserver)).unwrap();
    let mut d2 =
        Device { _dir: tempfile::tempdir().unwrap(), library: d.library.clone(), client: again, events: Vec::new() };
    d2.wait("the greeting", |d| d.client.state().player.as_ref().is_some_and(|p| p.nickname == "Eva"));
}

/// A TCP relay between one device and the server, whose cable can be pulled: a lost connection for that
/// device alone.
struct Cable {
    runtime: tokio::runtime::Runtime,
    port: u16,
    up: Arc<std::sync::atomic::AtomicBool>,
    links: Arc<std::sync::Mutex<Vec<tokio::task::AbortHandle>>>,
}

impl Cable {
    fn to(server: SocketAddr) -> Cable {
        use std::sync::atomic::Ordering;
        let runtime = tokio::runtime::Runtime::new().unwrap();
        let listener = runtime.block_on(tokio::net::TcpListener::bind("127.0.0.1:0")).unwrap();
        let port = listener.local_addr().unwrap().port();
        let up = Arc::new(std::sync::atomic::AtomicBool::new(true));
        let links = Arc::new(std::sync::Mutex::new(Vec::new()));
        let (up2, links2) = (up.clone(), links.clone());
        runtime.spawn(async move {
            while let Ok((mut device, _)) = listener.accept().await {
                if !up2.load(Ordering::SeqCst) {
                    continue; // dropped: the device sees the connection close
                }
                let link = tokio::spawn(async move {
                    if let Ok(mut server) = tokio::net::TcpStream::connect(server).await {
                        let _ = tokio::io::copy_bidirectional(&mut device, &mut server).await;
                    }
                });
                links2.lock().unwrap().push(link.abort_handle());
            }
        });
        Cable { runtime, port, up, links }
    }

    fn url(&self) -> String {
        server_url(self.port)
    }

    fn pull(&self) {
        self.up.store(false, std::sync::atomic::Ordering::SeqCst);
        for l in self.links.lock().unwrap().drain(..) {
            l.abort();
        }
    }

    fn plug(&self) {
        self.up.store(true, std::sync::atomic::Ordering::SeqCst);
    }
}

#[test]
fn a_move_made_offline_after_the_game_ended_elsewhere_is_refused_and_the_game_is_still_saved() {
    let server = Server::fresh();
    let cable = Cable::to(server.addr);
    let _keep = &cable.runtime;
    let mut away = Device::signed_up(&cable.url(), "Hanna");
    let mut home = Device::signed_up(&server.url(), "Igor");
    away.client.create_invite(BLITZ, false).unwrap();
    away.wait("the code", |d| matches!(d.client.state().lobby, Lobby::Inviting { .. }));
    let Lobby::Inviting { code, .. } = away.client.state().lobby else { unreachable!() };
    home.client.accept_invite(&code).unwrap();
    away.wait("the game", |d| d.client.game().is_some());
    home.wait("the game", |d| d.client.game().is_some());
    if home.play_first_move() {
        away.wait("the first move", |d| d.ply() == 1);
    }
    let ply = away.ply();

    cable.pull();
    away.wait("the lost connection", |d| matches!(d.client.state().connection, Connection::Offline { .. }));
    home.client.game().unwrap().resign().unwrap();
    home.wait("the end", |d| ended(d).is_some());
    assert!(away.play_first_move(), "the player moves, not knowing the game is over");
    assert_eq!(away.ply(), ply + 1);

    cable.plug();
    away.client.reconnect();
    away.wait("the end, learnt after the reconnection", |d| ended(d).is_some());
    assert!(away.has_event(|e| matches!(e, OnlineEvent::MoveRefused { .. })), "{:?}", away.events);
    assert_eq!(away.ply(), ply, "the move that never reached the server is off the board");
    let end = ended(&away).unwrap();
    assert_eq!((end.reason, end.winner), (Some(EndReason::Resignation), Some(away.client.state().game.unwrap().you)));
    let saved = away.library.list_games(Default::default(), None, 10).unwrap();
    assert_eq!((saved.games.len(), saved.games[0].plies), (1, ply), "the finished game is in the library as played");
    assert!(saved.games[0].outcome.is_some());
}

fn server_url(port: u16) -> String {
    format!("ws://127.0.0.1:{port}/ws")
}

#[test]
fn a_server_of_another_protocol_version_asks_for_an_update_and_is_not_retried() {
    use futures_util::{SinkExt, StreamExt};
    use std::sync::atomic::{AtomicU32, Ordering};
    // A server of protocol version 2, as a later release might be: it refuses version 1 and closes.
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let listener = runtime.block_on(tokio::net::TcpListener::bind("127.0.0.1:0")).unwrap();
    let port = listener.local_addr().unwrap().port();
    let connections = Arc::new(AtomicU32::new(0));
    let counted = connections.clone();
    runtime.spawn(async move {
        while let Ok((tcp, _)) = listener.accept().await {
            counted.fetch_add(1, Ordering::SeqCst);
            tokio::spawn(async move {
                let mut ws = tokio_tungstenite::accept_async(tcp).await.unwrap();
                let _hello = ws.next().await;
                let refusal =
                    r#"{"type":"error","code":"unsupported_version","message":"this server speaks protocol 2"}"#;
                let _ = ws.send(tokio_tungstenite::tungstenite::Message::text(refusal)).await;
                let _ = ws.close(None).await;
            });
        }
    });
    let mut d = Device::new(&server_url(port));
    d.wait("the refusal", |d| matches!(d.client.state().connection, Connection::UpdateNeeded { .. }));
    let Connection::UpdateNeeded { message } = d.client.state().connection else { unreachable!() };
    assert!(message.contains("protocol 2"), "{message}");
    // A retry would come within a second (the first backoff step is half a second).
    std::thread::sleep(Duration::from_millis(1500));
    assert_eq!(connections.load(Ordering::SeqCst), 1, "an outdated app does not keep knocking");
}

#[test]
fn an_unreachable_server_is_retried_with_growing_waits() {
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port(); // now closed
    let mut d = Device::new(&server_url(port));
    let mut waits = Vec::new();
    d.wait("three failed attempts", |d| {
        if let Connection::Offline { retry_in_ms, reason } = d.client.state().connection {
            assert!(reason.contains("cannot reach"), "{reason}");
            if waits.last() != Some(&retry_in_ms) {
                waits.push(retry_in_ms);
            }
        }
        waits.len() >= 3
    });
    assert!(waits.windows(2).all(|w| w[1] > w[0]), "{waits:?}");
}

#[test]
fn wss_through_rustls_with_the_servers_own_certificate() {
    let cert = rcgen::generate_simple_self_signed(vec!["localhost".to_string()]).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let (cert_path, key_path) = (dir.path().join("cert.pem"), dir.path().join("key.pem"));
    std::fs::write(&cert_path, cert.cert.pem()).unwrap();
    std::fs::write(&key_path, cert.signing_key.serialize_pem()).unwrap();
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let mut cfg = config(&new_database(), "tls");
    cfg.tls_cert = Some(cert_path);
    cfg.tls_key = Some(key_path);
    let running = runtime.block_on(giveaway_server::start(cfg)).unwrap();
    let url = format!("wss://localhost:{}/ws", running.addr.port());
    // Not trusted: the connection fails with the reason.
    let mut untrusted = Device::new(&url);
    untrusted.wait(
        "the refusal",
        |d| matches!(&d.client.state().connection, Connection::Offline { reason, .. } if reason.contains("TLS")),
    );
    let mut d = Device::with(&url, cert.cert.pem().into_bytes(), |_| {});
    d.online();
    d.client.create_account("Gleb").unwrap();
    d.wait("the account over TLS", |d| d.client.state().player.is_some());
}
