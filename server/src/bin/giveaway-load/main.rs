//! `giveaway-load`: the server's benchmark on loopback, bounded in count and time. It starts a server (the
//! binary named by --server-bin), connects two clients per game, plays random legal moves with one move per
//! side every `--interval-ms`, and reports the time from a move sent to the opponent receiving it, the
//! server's memory per game, and whether every acknowledged move is in the database.
//!
//! `--fault kill` SIGKILLs the server in the middle of the games and starts it again: the clients reconnect,
//! the games must go on with every acknowledged move and fair clocks. `--fault pg-restart` restarts PostgreSQL
//! (through `--pg-script restart`) under the running server instead; `--fault pg-failover` kills the primary of
//! a replicated cluster (`--ha-script kill-primary`, `server/tools/ha.sh`). With `--nodes 2` the clients go
//! through HAProxy to two nodes: `--fault node-kill` SIGKILLs one (its games go on on the other), `--fault
//! drain` drains one for an upgrade. Each fault reports, per game, the time from the fault to its first move
//! relayed after it.
//!
//! Spectators: `--spectators 10 --watched-games 100` has 10 more accounts watch each of the first 100 pairs'
//! games (following each pair to its rematches), measures the time from a move sent to each spectator
//! receiving it, and checks that every spectator saw every acknowledged move in order; with `--fault kill` they
//! reconnect and watch again.
//!
//! The arena: `--arena-players 500`, instead of the pairs, has 500 accounts join one arena made for the run and
//! be paired by the server game after game (`arena.rs`): pairing latency, relay, and at the end the standings'
//! points checked against the games' results read from the database.
//!
//! Correspondence: `--correspondence-pairs 200`, beside the clock games, has 200 pairs of accounts play
//! `--correspondence-games` correspondence games each (`correspondence.rs`), visiting them as such players do:
//! connect, list, open the games where it is their move, move, go away. Measured: the list's reply, opening a
//! game, a move's acknowledgement; checked: no acknowledged move lost (also across the fault), every game
//! listed while in progress and moved again after the fault, and in the database every acknowledged move and
//! each game's days per move.
//!
//! The soak: `--sample-s 10` prints the server's resident memory (VmRSS) every 10 s of the measured phase with
//! the games live at that moment, then a verdict from the first and the last minute; `--drain-s` then resigns
//! every game, closes every connection and keeps sampling, to see the finished games' memory freed.

mod arena;
mod client;
mod cluster;
mod correspondence;
mod measure;
mod sent;
mod spectators;
mod workers;

use clap::{Parser, ValueEnum};
use client::{Rng, Side};
use giveaway_core::{Game, Position, Rules};
use giveaway_protocol::{ClientMessage, Clocks, Color, GameId, ServerMessage, TimeControl};
use std::collections::HashMap;
use std::process::Command;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Fault {
    /// SIGKILL the server (node 1) and start it again after --down-s.
    Kill,
    /// Restart PostgreSQL (--pg-script restart) under the running server.
    PgRestart,
    /// Kill the primary PostgreSQL of the replicated cluster (--ha-script kill-primary): the standby takes over.
    PgFailover,
    /// SIGKILL node 1 of several (--nodes) behind the balancer; its games go on on the others; it is started
    /// again after --down-s.
    NodeKill,
    /// Drain node 1 of several (SIGUSR1), as for an upgrade, and start it again once it has exited.
    Drain,
}

#[derive(Parser, Debug, Clone)]
#[command(about = "Load and fault benchmark for giveaway-server, on loopback")]
struct Args {
    /// The server binary to start.
    #[arg(long)]
    server_bin: String,
    #[arg(long, env = "DATABASE_URL")]
    database_url: String,
    /// Concurrent games (two connections each).
    #[arg(long, default_value_t = 1000)]
    games: usize,
    /// Seconds over which the games start.
    #[arg(long, default_value_t = 20)]
    ramp_s: u64,
    /// Seconds measured once every game has started.
    #[arg(long, default_value_t = 30)]
    measure_s: u64,
    /// Each side moves once per interval.
    #[arg(long, default_value_t = 2000)]
    interval_ms: u64,
    #[arg(long, value_enum)]
    fault: Option<Fault>,
    /// Seconds the killed server stays down.
    #[arg(long, default_value_t = 3)]
    down_s: u64,
    /// The cluster script (for --fault pg-restart).
    #[arg(long, default_value = "server/tools/pg.sh")]
    pg_script: String,
    /// The replicated cluster's script (for --fault pg-failover).
    #[arg(long, default_value = "server/tools/ha.sh")]
    ha_script: String,
    /// Server nodes; more than one are put behind HAProxy (the clients connect to it) unless --no-balancer.
    #[arg(long, default_value_t = 1)]
    nodes: usize,
    /// With several nodes: no balancer, the clients of load process k connect to node k (modulo the nodes).
    #[arg(long)]
    no_balancer: bool,
    /// Load processes sharing the games (each holds two sockets per game: one process's open-file limit caps
    /// it). Not with --fault or --sample-s.
    #[arg(long, default_value_t = 1)]
    processes: usize,
    /// A worker process (started by the first): connect to this server, no servers or database of its own.
    #[arg(long, hide = true)]
    attach: Option<String>,
    /// A worker's games: from this index (to --games).
    #[arg(long, hide = true, default_value_t = 0)]
    first_game: usize,
    /// The games of all the processes (the ramp is spread over them).
    #[arg(long, hide = true)]
    games_total: Option<usize>,
    /// When the ramp starts (Unix milliseconds), the same in every process.
    #[arg(long, hide = true)]
    t0_unix_ms: Option<u64>,
    /// Seed of the random moves.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The database the run makes afresh (dropped first) on the cluster of --database-url.
    #[arg(long, default_value = "giveaway_bench")]
    bench_database: String,
    /// The soak: print the server's resident memory every this many seconds of the measured phase (0: no
    /// table), and a verdict comparing its first and last minute.
    #[arg(long, default_value_t = 0)]
    sample_s: u64,
    /// After the measured phase, resign every game, close every connection and go on sampling the server's
    /// memory for this many seconds (0: stop at once). Longer than the rematch window (120 s), the finished
    /// games should be gone by its end.
    #[arg(long, default_value_t = 0)]
    drain_s: u64,
    /// Spectators of each watched game, each its own account and connection (0: none).
    #[arg(long, default_value_t = 0)]
    spectators: usize,
    /// How many of the games are watched, by --spectators each: the first ones (default: all).
    #[arg(long)]
    watched_games: Option<usize>,
    /// Instead of the pairs of --games: this many players in one arena made for the run, paired by the server
    /// game after game (0: no arena). Not with --processes, --fault, --spectators or --drain-s.
    #[arg(long, default_value_t = 0)]
    arena_players: usize,
    /// The arena's length in minutes (the server allows 10 to 180); the run must end before the arena does.
    #[arg(long, default_value_t = 10)]
    arena_minutes: u32,
    /// The rest the server gives an arena player between two games (passed to it as --arena-rest-ms; its
    /// default is 4000).
    #[arg(long, default_value_t = 4000)]
    arena_rest_ms: u64,
    /// Pairs of correspondence players beside the clock games (0: none), in the first load process only.
    /// Not with --arena-players.
    #[arg(long, default_value_t = 0)]
    correspondence_pairs: usize,
    /// Correspondence games each pair keeps going (a finished one is replaced by a new challenge).
    #[arg(long, default_value_t = 5)]
    correspondence_games: usize,
    /// Days per move of the correspondence games (1, 2, 3, 5, 7 or 14).
    #[arg(long, default_value_t = 3)]
    correspondence_days: u32,
    /// The mean time a correspondence player stays away between two visits, milliseconds.
    #[arg(long, default_value_t = 4000)]
    correspondence_away_ms: u64,
    /// An argument passed on to the server (repeat for more), e.g. `--server-arg=--commit-batch=1`.
    #[arg(long, allow_hyphen_values = true)]
    server_arg: Vec<String>,
}

/// How long the server keeps a finished game for its rematch (passed to it as --rematch-ms; its default).
const REMATCH_MS: u64 = 120_000;

/// 60+0: long enough that no flag falls at one move every two seconds.
const TC: TimeControl = TimeControl::clock(3_600_000, 0);

#[derive(Default, serde::Serialize, serde::Deserialize)]
struct Stats {
    /// Move sent → opponent receives it, microseconds (measured phase only).
    relay_us: Vec<u64>,
    /// Move sent → mover's acknowledgement.
    ack_us: Vec<u64>,
    /// Every acknowledged move: (game, ply, notation).
    acked: Vec<(GameId, u32, String)>,
    errors: HashMap<String, u64>,
    games_finished: u64,
    reconnects: u64,
    /// After a restart: the largest difference between a resumed game's clock and the clock the clients last saw.
    clock_gap_ms: u64,
    resumed_checked: u64,
    /// A resumed game missing a move its player had seen acknowledged.
    resumed_missing: u64,
    /// When each game ended (the server keeps it for REMATCH_MS after).
    #[serde(skip)]
    ended_at: Vec<Instant>,
    /// Games resigned by the drain (not in games_finished).
    drain_resigned: u64,
    /// The first few errors in full.
    error_samples: Vec<String>,
    /// For each pair of players, the longest pause between two of its moves relayed, of those ending within
    /// 30 s after the fault (without a fault, a move is relayed about every half interval).
    pause_ms: Vec<u64>,
    /// Bytes on the wire (WebSocket frames) of the measured phase's moves: the mover's `move` frames, and the
    /// `moved` frames (the mover's acknowledgement and the opponent's copy).
    wire_up: u64,
    wire_down: u64,
    /// Move sent by its player → a spectator receives it, microseconds (measured phase only; one per spectator).
    #[serde(default)]
    spectator_us: Vec<u64>,
    /// Frames the spectators received in the measured phase.
    #[serde(default)]
    spectator_frames: u64,
    #[serde(default)]
    spectator_reconnects: u64,
    /// The fault → a spectator watching again, milliseconds.
    #[serde(default)]
    spectator_recovery_ms: Vec<u64>,
    /// Spectators the server watched again at a game's new node, without their reconnecting.
    #[serde(default)]
    spectator_moved: u64,
    /// Games that ended while a spectator was away (reconnecting), read whole with get_game.
    #[serde(default)]
    spectator_records: u64,
    /// At the end: the games the spectators watched (one per spectator and game), the moves they saw, and the
    /// games where one saw something else than the acknowledged moves in order.
    #[serde(default)]
    spectator_games_checked: u64,
    #[serde(default)]
    spectator_moves_seen: u64,
    #[serde(default)]
    spectator_mismatches: u64,
    /// An arena player free and rested → its next game's state, microseconds (measured phase only).
    #[serde(default)]
    pairing_us: Vec<u64>,
    /// Correspondence (measured phase only): `correspondence` → its list, `sync` → the game's state, a move →
    /// its acknowledgement, a connection's hello → welcome; microseconds.
    #[serde(default)]
    corr_list_us: Vec<u64>,
    #[serde(default)]
    corr_sync_us: Vec<u64>,
    #[serde(default)]
    corr_ack_us: Vec<u64>,
    #[serde(default)]
    corr_connect_us: Vec<u64>,
    /// Every acknowledged correspondence move: (game, ply, notation).
    #[serde(default)]
    corr_acked: Vec<(GameId, u32, String)>,
    /// Correspondence games begun, finished by a move this generator saw acknowledged.
    #[serde(default)]
    corr_games: u64,
    #[serde(default)]
    corr_finished: u64,
    /// Games opened whose state lacked a move acknowledged before.
    #[serde(default)]
    corr_lost: u64,
    /// Games the list gave as the player's move whose state said otherwise.
    #[serde(default)]
    corr_stale: u64,
    /// Requests refused with unknown_game or unavailable just after a fault (tried again).
    #[serde(default)]
    corr_retried: u64,
    #[serde(default)]
    corr_reconnects: u64,
    /// Connections (visits), lists read, games opened.
    #[serde(default)]
    corr_sessions: u64,
    #[serde(default)]
    corr_lists: u64,
    #[serde(default)]
    corr_opened: u64,
    /// Games a list left out that its player knew in progress: each must have ended in the database.
    #[serde(default)]
    corr_vanished: Vec<GameId>,
}

struct Shared {
    stats: Mutex<Stats>,
    measuring: std::sync::atomic::AtomicBool,
    stop: std::sync::atomic::AtomicBool,
    /// Bumped when the server is killed; tasks then expect a reconnection.
    epoch: std::sync::atomic::AtomicU64,
    addr: Mutex<String>,
    /// Games in progress (started and not yet ended), as the clients see them.
    live: std::sync::atomic::AtomicI64,
    /// With `stop`: resign the game in progress and close only once it has ended (the drain).
    resign_at_stop: std::sync::atomic::AtomicBool,
    /// When the fault was made.
    fault_at: Mutex<Option<Instant>>,
    /// The moves of the watched games as their players sent them.
    sent: sent::SentMoves,
    /// Set once the pairs have stopped: the spectators stop and check what they saw.
    stop_spectators: std::sync::atomic::AtomicBool,
    /// The correspondence games and their acknowledged moves.
    corr: correspondence::Ledger,
}

impl Shared {
    fn new(addr: String, resign_at_stop: bool) -> Shared {
        Shared {
            stats: Mutex::new(Stats::default()),
            measuring: false.into(),
            stop: false.into(),
            epoch: 0.into(),
            addr: Mutex::new(addr),
            live: 0.into(),
            resign_at_stop: resign_at_stop.into(),
            fault_at: Mutex::new(None),
            sent: sent::SentMoves::default(),
            stop_spectators: false.into(),
            corr: correspondence::Ledger::default(),
        }
    }

    /// Counts an error by its kind (the text before the first colon).
    fn error(&self, what: impl Into<String>) {
        let what = what.into();
        let kind = what.split(':').next().unwrap_or_default().to_string();
        let mut stats = self.stats.lock().unwrap();
        *stats.errors.entry(kind).or_default() += 1;
        if stats.error_samples.len() < 5 {
            stats.error_samples.push(what);
        }
    }

    fn game_started(&self) {
        self.live.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    }

    fn game_ended(&self) {
        self.live.fetch_sub(1, std::sync::atomic::Ordering::SeqCst);
        let mut s = self.stats.lock().unwrap();
        if self.stop.load(std::sync::atomic::Ordering::SeqCst) {
            s.drain_resigned += 1;
        } else {
            s.games_finished += 1;
        }
        s.ended_at.push(Instant::now());
    }
}

/// One game's two players, on one task: plays, measures, rematches when a game ends.
/// With `watched`, the pair tells its spectators each game it starts, and keeps its moves in `shared.sent`.
async fn play_pair(
    shared: Arc<Shared>,
    n: usize,
    seed: u64,
    interval: Duration,
    watched: Option<tokio::sync::watch::Sender<Option<GameId>>>,
) -> Result<(), String> {
    let addr = shared.addr.lock().unwrap().clone();
    let tag = format!("{}_{n}", seed % 1000);
    let mut sides = [Side::account(&addr, &format!("w{tag}")).await?, Side::account(&addr, &format!("b{tag}")).await?];
    let invite_code =
        |m: &ServerMessage| if let ServerMessage::Invite { code, .. } = m { Some(code.clone()) } else { None };
    sides[0].send(ClientMessage::CreateInvite { time_control: TC, rated: true }).await?;
    let code = sides[0].expect(invite_code).await?;
    sides[1].send(ClientMessage::AcceptInvite { code }).await?;
    let state_of = |m: &ServerMessage| if let ServerMessage::GameState(s) = m { Some((**s).clone()) } else { None };
    let s0 = sides[0].expect(state_of).await?;
    sides[1].expect(state_of).await?;
    // seat[c] = index into sides of colour c
    let mut white_side = if s0.you == Color::White { 0 } else { 1 };
    let mut game_id = s0.game;
    shared.game_started();
    let tell = |game: GameId| {
        if let Some(w) = &watched {
            w.send_replace(Some(game));
        }
    };
    tell(game_id);
    let mut game = Game::new(Position::start(), Rules::default());
    let mut rng = Rng(seed ^ (n as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let mut next_at = Instant::now() + Duration::from_millis(rng.below(interval.as_millis() as usize) as u64);
    // The move in flight: ply, when sent, acknowledged yet, received by the opponent yet.
    let mut in_flight: Option<(u32, Instant, bool, bool)> = None;
    let mut last_clocks = Clocks { white_ms: TC.base_ms, black_ms: TC.base_ms };
    let mut epoch = shared.epoch.load(std::sync::atomic::Ordering::SeqCst);
    let mut rematching = false;
    // The drain: when it began, and whether the game in progress was resigned.
    let mut finishing: Option<Instant> = None;
    let mut resigned = false;
    // The server's game_end for the current game has come.
    let mut ended = false;
    // A message taken by the reconnection and left for the loop (a rematch's state).
    let mut pending: Option<(usize, Result<ServerMessage, String>)> = None;
    // The longest pause between two of this pair's moves relayed, of those ending within 30 s after the fault.
    let mut last_relay = Instant::now();
    let mut pause = Duration::ZERO;
    loop {
        if shared.stop.load(std::sync::atomic::Ordering::Relaxed) {
            let drain = shared.resign_at_stop.load(std::sync::atomic::Ordering::Relaxed);
            let since = *finishing.get_or_insert_with(Instant::now);
            // Without the drain, or once the game has ended (and no rematch is coming), or when it takes too long.
            let done = ended && !rematching;
            if !drain || done || since.elapsed() > Duration::from_secs(30) {
                if drain && !done {
                    shared.error("drain: a game did not end within 30 s");
                }
                for s in &mut sides {
                    let _ = s.ws.close(None).await;
                }
                if shared.fault_at.lock().unwrap().is_some() {
                    shared.stats.lock().unwrap().pause_ms.push(pause.as_millis() as u64);
                }
                return Ok(());
            }
            // A rematch on its way: wait for its state, then resign it. A move in flight: wait for it too.
            if !rematching && !resigned && !ended && in_flight.is_none() && !game.is_over() {
                resigned = true;
                sides[white_side].send(ClientMessage::Resign { game: game_id }).await?;
            }
        }
        let mover =
            if game.position().side_to_move() == giveaway_core::Color::White { white_side } else { 1 - white_side };
        let due = if in_flight.is_none() && !rematching && !game.is_over() && finishing.is_none() {
            next_at
        } else {
            Instant::now() + Duration::from_millis(200)
        };
        let (a, b) = sides.split_at_mut(1);
        let event = match pending.take() {
            Some(p) => Some(p),
            None => tokio::select! {
                m = a[0].next() => Some((0usize, m)),
                m = b[0].next() => Some((1usize, m)),
                _ = tokio::time::sleep_until(due.into()) => None,
            },
        };
        match event {
            None => {
                if in_flight.is_some() || rematching || game.is_over() || finishing.is_some() {
                    continue;
                }
                let (ply, text) = client::random_move(&game, &mut rng);
                let think = interval.as_millis() as u64 / 2;
                if watched.is_some() {
                    shared.sent.sent(game_id, ply, &text);
                }
                in_flight = Some((ply, Instant::now(), false, false));
                if sides[mover]
                    .send(ClientMessage::Move { game: game_id, ply, mv: text, think_ms: Some(think) })
                    .await
                    .is_err()
                {
                    in_flight = None;
                } else if shared.measuring.load(std::sync::atomic::Ordering::Relaxed) {
                    shared.stats.lock().unwrap().wire_up +=
                        measure::ws_frame_bytes(sides[mover].last_sent, true) as u64;
                }
            }
            Some((_, Err(why))) => {
                // The server went away (the fault test): reconnect both players and resume.
                let now_epoch = shared.epoch.load(std::sync::atomic::Ordering::SeqCst);
                if now_epoch == epoch {
                    shared.error(format!("connection closed outside a fault: {why}"));
                }
                epoch = now_epoch;
                let deadline = Instant::now() + Duration::from_secs(60);
                let mut in_progress = Vec::new();
                for s in sides.iter_mut() {
                    in_progress = s.reconnect_until(&shared.addr, deadline).await?;
                }
                shared.stats.lock().unwrap().reconnects += 2;
                in_flight = None;
                // The game may have ended as the server was killed: its rematch was made and its states lost with
                // the server (they come again now), or not made (a finished game does not outlive a restart: a new
                // game by invite). Either is taken as a rematch is, by the arm below.
                if in_progress.first() != Some(&game_id) {
                    if !ended {
                        shared.game_ended();
                        ended = true;
                    }
                    rematching = true;
                    match in_progress.first() {
                        Some(_) => {
                            let state = sides[0].expect(state_of).await?;
                            pending = Some((0, Ok(ServerMessage::GameState(Box::new(state)))));
                        }
                        None => {
                            sides[0].send(ClientMessage::CreateInvite { time_control: TC, rated: true }).await?;
                            let code = sides[0].expect(invite_code).await?;
                            sides[1].send(ClientMessage::AcceptInvite { code }).await?;
                        }
                    }
                    continue;
                }
                // The state each side gets: every move it saw acknowledged must be there, and the clocks must be
                // the ones stored with the last move (the time the server was down charged to no one).
                let mut states = Vec::new();
                for s in sides.iter_mut() {
                    states.push(s.expect(state_of).await?);
                }
                // The state the side to move got: sent as that player came back, when its clock starts again.
                let turn_white = states[0].turn == Color::White;
                let st = states.swap_remove(if turn_white { white_side } else { 1 - white_side });
                let known = game.ply();
                let seen: Vec<String> = game
                    .moves()
                    .iter()
                    .map(|m| giveaway_core::format_move(m, giveaway_core::Notation::Algebraic))
                    .collect();
                {
                    let mut stats = shared.stats.lock().unwrap();
                    stats.resumed_checked += 1;
                    if st.moves.len() < known || st.moves[..known] != seen[..] {
                        stats.resumed_missing += 1;
                    }
                    if st.moves.len() == known && st.result.is_none() {
                        let gap = st
                            .clocks
                            .white_ms
                            .abs_diff(last_clocks.white_ms)
                            .max(st.clocks.black_ms.abs_diff(last_clocks.black_ms));
                        stats.clock_gap_ms = stats.clock_gap_ms.max(gap);
                    }
                }
                if watched.is_some() {
                    shared.sent.committed(game_id, &st.moves);
                }
                // Moves stored but not acknowledged before the kill: take them.
                for m in st.moves.iter().skip(known) {
                    if client::play_text(&mut game, m).is_err() {
                        break;
                    }
                }
                in_flight = None;
                next_at = Instant::now() + interval / 2;
                if st.result.is_some() {
                    shared.game_ended();
                    ended = true;
                    for s in sides.iter_mut() {
                        s.send(ClientMessage::OfferRematch { game: game_id }).await?;
                    }
                    rematching = true;
                }
            }
            Some((who, Ok(msg))) => match msg {
                ServerMessage::Moved { ply, mv, clocks, game: g, .. } if g == game_id => {
                    let Some((p, sent, acked, relayed)) = in_flight.as_mut() else { continue };
                    if *p != ply {
                        continue;
                    }
                    let us = sent.elapsed().as_micros() as u64;
                    let measuring = shared.measuring.load(std::sync::atomic::Ordering::Relaxed);
                    if measuring {
                        shared.stats.lock().unwrap().wire_down +=
                            measure::ws_frame_bytes(sides[who].last_received, false) as u64;
                    }
                    if who == mover {
                        *acked = true;
                        if watched.is_some() {
                            shared.sent.acked(game_id, ply);
                        }
                        let mut s = shared.stats.lock().unwrap();
                        s.acked.push((game_id, ply, mv.clone()));
                        if measuring {
                            s.ack_us.push(us);
                        }
                    } else {
                        *relayed = true;
                        if measuring {
                            shared.stats.lock().unwrap().relay_us.push(us);
                        }
                        let now = Instant::now();
                        let fault_at = *shared.fault_at.lock().unwrap();
                        if fault_at.is_some_and(|t| now > t && now < t + Duration::from_secs(30)) {
                            pause = pause.max(now - last_relay);
                        }
                        last_relay = now;
                        next_at = Instant::now() + interval / 2;
                    }
                    if *acked && *relayed {
                        in_flight = None;
                        last_clocks = clocks;
                        if let Err(e) = client::play_text(&mut game, &mv) {
                            shared.error(e);
                        }
                    }
                }
                ServerMessage::GameEnd { game: g, .. } if g == game_id && !rematching => {
                    shared.game_ended();
                    ended = true;
                    in_flight = None;
                    if finishing.is_some() {
                        // The drain: no rematch; the next turn of the loop closes the pair.
                        continue;
                    }
                    rematching = true;
                    for s in sides.iter_mut() {
                        s.send(ClientMessage::OfferRematch { game: game_id }).await?;
                    }
                }
                ServerMessage::GameState(s) if rematching && s.game != game_id => {
                    // The rematch: each side gets its state; the first to arrive switches the pair to it.
                    white_side = if s.you == Color::White { who } else { 1 - who };
                    game_id = s.game;
                    shared.game_started();
                    tell(game_id);
                    ended = false;
                    resigned = false;
                    game = Game::new(Position::start(), Rules::default());
                    last_clocks = s.clocks;
                    rematching = false;
                    next_at = Instant::now() + interval / 2;
                }
                ServerMessage::Error { code, .. } => shared.error(format!("{code:?}")),
                _ => {}
            },
        }
    }
}

impl Stats {
    /// Adds another load process's statistics.
    fn merge(&mut self, o: Stats) {
        self.relay_us.extend(o.relay_us);
        self.ack_us.extend(o.ack_us);
        self.acked.extend(o.acked);
        for (k, v) in o.errors {
            *self.errors.entry(k).or_default() += v;
        }
        self.error_samples.extend(o.error_samples);
        self.games_finished += o.games_finished;
        self.reconnects += o.reconnects;
        self.wire_up += o.wire_up;
        self.wire_down += o.wire_down;
        self.spectator_us.extend(o.spectator_us);
        self.spectator_frames += o.spectator_frames;
        self.spectator_reconnects += o.spectator_reconnects;
        self.spectator_recovery_ms.extend(o.spectator_recovery_ms);
        self.spectator_moved += o.spectator_moved;
        self.spectator_records += o.spectator_records;
        self.spectator_games_checked += o.spectator_games_checked;
        self.spectator_moves_seen += o.spectator_moves_seen;
        self.spectator_mismatches += o.spectator_mismatches;
    }
}

/// The tasks of a run: the pairs', and the spectators' (stopped after the pairs).
struct Tasks {
    pairs: Vec<tokio::task::JoinHandle<()>>,
    spectators: Vec<tokio::task::JoinHandle<()>>,
}

impl Tasks {
    /// Stops the pairs (waiting up to `wait` for each), then the spectators, once what was sent has reached them.
    async fn stop(self, shared: &Shared, wait: Duration) {
        shared.stop.store(true, std::sync::atomic::Ordering::SeqCst);
        for t in self.pairs {
            let _ = tokio::time::timeout(wait, t).await;
        }
        if !self.spectators.is_empty() {
            tokio::time::sleep(Duration::from_secs(2)).await;
        }
        shared.stop_spectators.store(true, std::sync::atomic::Ordering::SeqCst);
        for t in self.spectators {
            let _ = tokio::time::timeout(Duration::from_secs(10), t).await;
        }
    }
}

/// Starts the pairs `range` of `total`, each at its moment of the ramp from `t0`, and the spectators of the
/// watched ones.
fn start_games(shared: &Arc<Shared>, args: &Args, range: std::ops::Range<usize>, total: usize, t0: Instant) -> Tasks {
    let interval = Duration::from_millis(args.interval_ms);
    let watched = if args.spectators > 0 { args.watched_games.unwrap_or(total) } else { 0 };
    let mut tasks = Tasks { pairs: Vec::new(), spectators: Vec::new() };
    for n in range {
        let at = t0 + Duration::from_secs_f64(args.ramp_s as f64 * n as f64 / total.max(1) as f64);
        let seed = args.seed;
        // The pair tells its spectators which game it plays now.
        let (current, followed) = if n < watched {
            let (tx, rx) = tokio::sync::watch::channel(None);
            (Some(tx), Some(rx))
        } else {
            (None, None)
        };
        let sh = shared.clone();
        tasks.pairs.push(tokio::spawn(async move {
            tokio::time::sleep_until(at.into()).await;
            if let Err(e) = play_pair(sh.clone(), n, seed, interval, current).await {
                sh.error(format!("game task: {e}"));
            }
        }));
        for k in followed.iter().flat_map(|rx| (0..args.spectators).map(move |k| (k, rx.clone()))) {
            let (k, rx) = k;
            let sh = shared.clone();
            tasks.spectators.push(tokio::spawn(async move {
                tokio::time::sleep_until(at.into()).await;
                if let Err(e) = spectators::spectate(sh.clone(), format!("s{}_{n}_{k}", seed % 1000), rx).await {
                    sh.error(format!("spectator task: {e}"));
                }
            }));
        }
    }
    tasks
}

/// Starts the correspondence pairs, each at its moment of the ramp from `t0`.
fn start_correspondence(shared: &Arc<Shared>, args: &Args, t0: Instant) -> Vec<tokio::task::JoinHandle<()>> {
    let spec = correspondence::Spec {
        games: args.correspondence_games,
        days: args.correspondence_days,
        away: Duration::from_millis(args.correspondence_away_ms),
    };
    let pairs = args.correspondence_pairs;
    (0..pairs)
        .map(|n| {
            let at = t0 + Duration::from_secs_f64(args.ramp_s as f64 * n as f64 / pairs as f64);
            let (sh, seed) = (shared.clone(), args.seed);
            tokio::spawn(async move {
                tokio::time::sleep_until(at.into()).await;
                if let Err(e) = correspondence::pair(sh.clone(), n, seed, spec).await {
                    sh.error(format!("correspondence task: {e}"));
                }
            })
        })
        .collect()
}

/// The correspondence games checked in the database (an error when they cannot be).
async fn check_correspondence(shared: &Shared, args: &Args, stats: &Stats) -> Option<correspondence::Check> {
    let db = connect_db(&args.database_url).await?;
    let fault_at = *shared.fault_at.lock().unwrap();
    match correspondence::check(&db, &shared.corr, &stats.corr_vanished, fault_at, args.correspondence_days).await {
        Ok(mut c) => {
            (c.acked, c.missing) = verify_in_database(&args.database_url, &stats.corr_acked).await;
            Some(c)
        }
        Err(e) => {
            shared.error(format!("correspondence check: {e}"));
            None
        }
    }
}

/// The correspondence lines; true when a check failed (a move lost, a game unlisted, stuck or with wrong days).
fn report_correspondence(
    args: &Args,
    stats: &mut Stats,
    check: Option<&correspondence::Check>,
    measured: Duration,
) -> bool {
    for v in [&mut stats.corr_list_us, &mut stats.corr_sync_us, &mut stats.corr_ack_us, &mut stats.corr_connect_us] {
        v.sort_unstable();
    }
    let ms = |v: &[u64]| {
        format!("p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms", percentile(v, 0.5), percentile(v, 0.99), percentile(v, 1.0))
    };
    let measured_moves = stats.corr_ack_us.len() as f64 / measured.as_secs_f64();
    println!(
        "correspondence: {} pairs × {} games ({} days per move), {} players: {} games begun, {} connections ({} after a lost one), {} lists, {} games opened, {} moves acknowledged ({measured_moves:.0}/s measured); games finished: {} by a move seen acknowledged, {} ended in the database",
        args.correspondence_pairs,
        args.correspondence_games,
        args.correspondence_days,
        args.correspondence_pairs * 2,
        stats.corr_games,
        stats.corr_sessions,
        stats.corr_reconnects,
        stats.corr_lists,
        stats.corr_opened,
        stats.corr_acked.len(),
        stats.corr_finished,
        check.map_or("?".to_string(), |c| c.ended.to_string())
    );
    println!(
        "correspondence list (correspondence -> list): {} ({} measured)",
        ms(&stats.corr_list_us),
        stats.corr_list_us.len()
    );
    println!(
        "correspondence open (sync -> state): {} ({} measured)",
        ms(&stats.corr_sync_us),
        stats.corr_sync_us.len()
    );
    println!("correspondence move -> acknowledged: {} ({} measured)", ms(&stats.corr_ack_us), stats.corr_ack_us.len());
    println!(
        "correspondence connect (hello -> welcome): {} ({} measured)",
        ms(&stats.corr_connect_us),
        stats.corr_connect_us.len()
    );
    let missing = check.map_or(0, |c| c.missing);
    let mut failed = missing > 0 || stats.corr_lost > 0;
    match check {
        Some(c) => {
            println!(
                "correspondence checked: {} acknowledged moves, {} missing from the database; {} games opened without an acknowledged move; {} of {} games with other than {} days per move stored; {} games left out of a list while in progress; {} stale list entries, {} requests retried after the fault",
                c.acked,
                c.missing,
                stats.corr_lost,
                c.wrong_days.len(),
                c.games,
                args.correspondence_days,
                c.unlisted.len(),
                stats.corr_stale,
                stats.corr_retried
            );
            if args.fault.is_some() {
                println!(
                    "correspondence after the fault: {} games in progress at it, {} of them neither moved nor ended after it{}",
                    c.at_fault,
                    c.stuck.len(),
                    if c.stuck.is_empty() { String::new() } else { format!(" (e.g. {:?})", &c.stuck[..c.stuck.len().min(5)]) }
                );
            }
            failed |= !c.wrong_days.is_empty() || !c.unlisted.is_empty() || !c.stuck.is_empty();
        }
        None => failed = true,
    }
    println!(
        "correspondence row: | {} × {} | {}{} | {measured_moves:.0} | {:.1} / {:.1} | {:.1} / {:.1} | {:.1} / {:.1} | {} | {} | {} | {} |",
        args.correspondence_pairs,
        args.correspondence_games,
        args.games,
        args.fault.map_or(String::new(), |f| format!(", {f:?}")),
        percentile(&stats.corr_list_us, 0.5),
        percentile(&stats.corr_list_us, 0.99),
        percentile(&stats.corr_sync_us, 0.5),
        percentile(&stats.corr_sync_us, 0.99),
        percentile(&stats.corr_ack_us, 0.5),
        percentile(&stats.corr_ack_us, 0.99),
        check.map_or("?".to_string(), |c| c.ended.to_string()),
        missing as u64 + stats.corr_lost,
        stats.errors.values().sum::<u64>(),
        loadavg()
    );
    failed
}

/// Starts the arena's players, each at its moment of the ramp from `t0` (the first makes the arena).
fn start_arena(shared: &Arc<Shared>, args: &Args, t0: Instant) -> (Tasks, Arc<arena::ArenaRun>) {
    let run = Arc::new(arena::ArenaRun {
        id: tokio::sync::watch::channel(None).0,
        rest: Duration::from_millis(args.arena_rest_ms),
        minutes: args.arena_minutes,
    });
    let interval = Duration::from_millis(args.interval_ms);
    let players = (0..args.arena_players)
        .map(|i| {
            let at = t0 + Duration::from_secs_f64(args.ramp_s as f64 * i as f64 / args.arena_players as f64);
            let (sh, run, seed) = (shared.clone(), run.clone(), args.seed);
            tokio::spawn(async move {
                tokio::time::sleep_until(at.into()).await;
                if let Err(e) = arena::play(sh.clone(), i, seed, interval, run).await {
                    sh.error(format!("arena player task: {e}"));
                }
            })
        })
        .collect();
    (Tasks { pairs: players, spectators: Vec::new() }, run)
}

/// The arena's standings checked once every player has finished (an error when they cannot be).
async fn check_arena(shared: &Shared, args: &Args, run: &arena::ArenaRun) -> Option<arena::Check> {
    let Some(id) = *run.id.borrow() else {
        shared.error("arena check: the arena was never made");
        return None;
    };
    let db = connect_db(&args.database_url).await?;
    let addr = shared.addr.lock().unwrap().clone();
    match arena::check(&addr, &db, id, args.seed).await {
        Ok(check) => Some(check),
        Err(e) => {
            shared.error(format!("arena check: {e}"));
            None
        }
    }
}

/// The arena's lines: games, pairing latency, the standings' check.
fn report_arena(args: &Args, stats: &mut Stats, check: &arena::Check, measured: Duration) {
    stats.pairing_us.sort_unstable();
    let s = |p: f64| percentile(&stats.pairing_us, p) / 1000.0;
    let moves_per_s = stats.relay_us.len() as f64 / measured.as_secs_f64();
    println!(
        "arena {}: {} players, {} min, {}+{}, the server's rest {} ms: {} games finished ({} of them resigned at the end), {} still in progress after; {moves_per_s:.0} moves/s relayed",
        check.arena,
        args.arena_players,
        args.arena_minutes,
        arena::ARENA_TC.base_ms / 60_000,
        arena::ARENA_TC.increment_ms / 1000,
        args.arena_rest_ms,
        check.games,
        stats.drain_resigned,
        check.in_progress
    );
    println!(
        "pairing (free and rested -> the next game's state): p50 {:.2} s, p99 {:.2} s, max {:.2} s ({} pairings measured)",
        s(0.5),
        s(0.99),
        s(1.0),
        stats.pairing_us.len()
    );
    println!(
        "standings: {} players' points (database) and the {} lines arena_standings sent, against the {} results read from the database ({} counted): {} differences; leader {}",
        check.players,
        check.lines_sent,
        check.games,
        check.counted,
        check.differences.len(),
        check.leader.as_ref().map(|(n, p)| format!("{n} with {p}")).unwrap_or_else(|| "none".into())
    );
    for d in check.differences.iter().take(5) {
        println!("  difference: {d}");
    }
    println!(
        "arena row: | {} | {} | {moves_per_s:.0} | {:.2} / {:.2} / {:.2} | {:.1} / {:.1} | {} | {} | {} |",
        args.arena_players,
        check.games,
        s(0.5),
        s(0.99),
        s(1.0),
        percentile(&stats.relay_us, 0.5),
        percentile(&stats.relay_us, 0.99),
        check.differences.len(),
        stats.errors.values().sum::<u64>(),
        loadavg()
    );
}

/// A worker process: its games against `addr` on the first process's timeline, then its statistics.
async fn worker(args: &Args, addr: String) {
    let shared = Arc::new(Shared::new(addr, false));
    let total = args.games_total.unwrap_or(args.games);
    let t0 = workers::instant_of(args.t0_unix_ms.unwrap_or_else(workers::unix_ms)).into_std();
    let tasks = start_games(&shared, args, args.first_game..args.games, total, t0);
    let measure_start = t0 + Duration::from_secs(args.ramp_s) + Duration::from_secs(2);
    tokio::time::sleep_until(measure_start.into()).await;
    shared.measuring.store(true, std::sync::atomic::Ordering::SeqCst);
    tokio::time::sleep_until((measure_start + Duration::from_secs(args.measure_s)).into()).await;
    shared.measuring.store(false, std::sync::atomic::Ordering::SeqCst);
    tasks.stop(&shared, Duration::from_secs(10)).await;
    let stats = std::mem::take(&mut *shared.stats.lock().unwrap());
    println!("{}{}", workers::STATS_PREFIX, serde_json::to_string(&stats).expect("statistics serialise"));
}

fn rss_kb(pid: u32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|s| {
            s.lines().find(|l| l.starts_with("VmRSS:")).and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        })
        .unwrap_or(0)
}

/// One row of the soak's table.
struct Sample {
    /// Seconds since the measured phase began.
    at_s: f64,
    live: i64,
    /// Ended less than REMATCH_MS ago: the server still keeps them for a rematch.
    held: usize,
    finished: u64,
    rss_kb: u64,
}

/// Resident memory of the server nodes, KB.
fn rss_of(pids: &[u32]) -> u64 {
    pids.iter().map(|p| rss_kb(*p)).sum()
}

fn sample(shared: &Shared, pids: &[u32], measure_start: Instant) -> Sample {
    let rss = rss_of(pids);
    let now = Instant::now();
    let (held, finished) = {
        let s = shared.stats.lock().unwrap();
        let window = Duration::from_millis(REMATCH_MS);
        (s.ended_at.iter().filter(|t| now.duration_since(**t) < window).count(), s.games_finished + s.drain_resigned)
    };
    Sample {
        at_s: now.duration_since(measure_start).as_secs_f64(),
        live: shared.live.load(std::sync::atomic::Ordering::SeqCst),
        held,
        finished,
        rss_kb: rss,
    }
}

fn print_sample_header(args: &Args) {
    println!(
        "server memory every {} s (live: games in progress; ended <{} s: finished games the server keeps for a rematch)",
        args.sample_s,
        REMATCH_MS / 1000
    );
    println!("{:>9} {:>7} {:>10} {:>9} {:>8}", "elapsed s", "live", "ended <2m", "finished", "RSS MB");
}

fn print_sample(s: &Sample) {
    println!("{:>9.0} {:>7} {:>10} {:>9} {:>8.1}", s.at_s, s.live, s.held, s.finished, s.rss_kb as f64 / 1024.0);
}

/// Mean RSS in MB of the samples taken in [from, to) seconds.
fn mean_mb(samples: &[Sample], from: f64, to: f64) -> Option<f64> {
    let v: Vec<f64> = samples
        .iter()
        .filter(|s| s.at_s >= from - 0.5 && s.at_s < to - 0.5)
        .map(|s| s.rss_kb as f64 / 1024.0)
        .collect();
    (!v.is_empty()).then(|| v.iter().sum::<f64>() / v.len() as f64)
}

/// Prints the first minute against the last, and the second half's growth; true when memory still grows in
/// the second half (more than 2 MB or 2 %, whichever is larger, between the minute at the half and the last).
fn rss_verdict(samples: &[Sample], rss_idle_kb: u64, drained: &[Sample]) -> bool {
    let Some(end) = samples.last().map(|s| s.at_s.round()) else {
        println!("memory verdict: no samples");
        return false;
    };
    // First minute: samples at 10..=60 s; last minute: the last 60 s.
    let first = mean_mb(samples, 1.0, 61.0).unwrap_or(f64::NAN);
    let last = mean_mb(samples, end - 59.0, end + 1.0).unwrap_or(f64::NAN);
    let half = (end / 2.0).round();
    let middle = mean_mb(samples, half - 59.0, half + 1.0).unwrap_or(f64::NAN);
    let minutes = (end - 60.0).max(1.0) / 60.0;
    let growth = last - first;
    println!(
        "memory, first minute vs last: mean RSS {first:.1} MB (0-60 s) -> {last:.1} MB ({:.0}-{end:.0} s): {growth:+.1} MB, {:+.2} MB/min",
        end - 60.0,
        growth / minutes
    );
    let late = last - middle;
    let bound = (middle * 0.02).max(2.0);
    if end < 180.0 || late.is_nan() {
        println!("memory verdict: none (the measured phase is too short: at least 180 s of samples are needed)");
        return false;
    }
    let grows = late > bound;
    println!(
        "memory verdict: {} (second half: {middle:.1} MB at {:.0}-{half:.0} s -> {last:.1} MB, {late:+.1} MB; bound +{bound:.1} MB)",
        if grows { "STILL GROWING" } else { "levels off" },
        half - 60.0
    );
    if let Some(d) = drained.last() {
        println!(
            "after the games ended: {:.1} MB resident {:.0} s after the drain began, {} games live, {} held for a rematch ({:.1} MB before any game)",
            d.rss_kb as f64 / 1024.0,
            drained.len() as f64 * (drained.get(1).map(|s| s.at_s - drained[0].at_s).unwrap_or(0.0)),
            d.live,
            d.held,
            rss_idle_kb as f64 / 1024.0
        );
    }
    grows
}

fn loadavg() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_default()
}

async fn connect_db(url: &str) -> Option<tokio_postgres::Client> {
    match tokio_postgres::connect(url, tokio_postgres::NoTls).await {
        Ok((client, conn)) => {
            tokio::spawn(conn);
            Some(client)
        }
        Err(e) => {
            eprintln!("database: {e}");
            None
        }
    }
}

/// CPU times and database counters at one moment.
struct Counters {
    at: Instant,
    /// The PostgreSQL server measured (another one after a failover: its counters do not compare).
    postmaster: Option<u32>,
    /// The server processes measured (others after a fault restarted one: their CPU times do not compare).
    servers: Vec<u32>,
    server_s: f64,
    postgres_s: f64,
    load_s: f64,
    db: measure::DbCounters,
}

/// What a phase used: CPU as shares of one core, commits per second, WAL bytes.
struct Used {
    server: f64,
    postgres: f64,
    load: f64,
    commits_per_s: f64,
    wal_bytes: f64,
}

impl Counters {
    async fn now(url: &str, servers: &[u32]) -> Counters {
        let db = connect_db(url).await;
        let (db_counters, postmaster) = match &db {
            Some(c) => (measure::db_counters(c).await, measure::postmaster_pid(c).await),
            None => (measure::DbCounters::default(), None),
        };
        Counters {
            at: Instant::now(),
            postmaster,
            servers: servers.to_vec(),
            server_s: servers.iter().map(|p| measure::cpu_s(*p)).sum(),
            postgres_s: postmaster.map(measure::tree_cpu_s).unwrap_or(0.0),
            load_s: measure::cpu_s(std::process::id()),
            db: db_counters,
        }
    }

    /// From `start` to this moment (the database's counters over `measured`, the phase they cover).
    fn since(&self, start: &Counters, measured: Duration) -> Used {
        let wall = self.at.duration_since(start.at);
        // Not a number (printed n/a) when the database measured is not the same one.
        let same = |v: f64| if self.postmaster.is_some() && self.postmaster == start.postmaster { v } else { f64::NAN };
        // A server killed and started again counts its CPU from zero: not a number then either.
        let server = if self.servers == start.servers { self.server_s - start.server_s } else { f64::NAN };
        Used {
            server: measure::cpu_share(server, wall),
            postgres: same(measure::cpu_share(self.postgres_s - start.postgres_s, wall)),
            load: measure::cpu_share(self.load_s - start.load_s, wall),
            commits_per_s: same((self.db.commits - start.db.commits) as f64 / measured.as_secs_f64()),
            wal_bytes: same((self.db.wal - start.db.wal) as f64),
        }
    }
}

/// A figure rounded to a whole number, or "n/a" where it could not be measured (NaN: a process or the database
/// replaced during the phase).
fn or_na(v: f64) -> String {
    if v.is_finite() {
        format!("{v:.0}")
    } else {
        "n/a".to_string()
    }
}

fn percentile(sorted: &[u64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    sorted[((sorted.len() - 1) as f64 * p).round() as usize] as f64 / 1000.0
}

async fn verify_in_database(url: &str, acked: &[(GameId, u32, String)]) -> (usize, usize) {
    let (client, conn) = tokio_postgres::connect(url, tokio_postgres::NoTls).await.expect("database reachable");
    tokio::spawn(conn);
    let games: Vec<i64> = {
        let mut g: Vec<i64> = acked.iter().map(|a| a.0).collect();
        g.sort_unstable();
        g.dedup();
        g
    };
    let rows = client
        .query("SELECT game_id, ply, notation FROM moves WHERE game_id = ANY($1)", &[&games])
        .await
        .expect("moves readable");
    let stored: HashMap<(i64, i32), String> = rows.into_iter().map(|r| ((r.get(0), r.get(1)), r.get(2))).collect();
    let missing = acked.iter().filter(|(g, p, m)| stored.get(&(*g, *p as i32)) != Some(m)).count();
    (acked.len(), missing)
}

/// The spectators' lines: latency, frames, the check of what they saw, their recovery from the fault.
fn report_spectators(args: &Args, stats: &mut Stats, measured: Duration) {
    let watched = args.watched_games.unwrap_or(args.games).min(args.games);
    stats.spectator_us.sort_unstable();
    let us = &stats.spectator_us;
    println!(
        "spectators: {} ({} on each of {watched} games, each its own account); move sent -> spectator received: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms ({} deliveries); {} frames received ({:.0}/s)",
        args.spectators * watched,
        args.spectators,
        percentile(us, 0.5),
        percentile(us, 0.99),
        percentile(us, 1.0),
        us.len(),
        stats.spectator_frames,
        stats.spectator_frames as f64 / measured.as_secs_f64()
    );
    println!(
        "spectators checked at the end: {} games watched (counted per spectator), {} moves seen; {} saw other than every acknowledged move in order",
        stats.spectator_games_checked, stats.spectator_moves_seen, stats.spectator_mismatches
    );
    if args.fault.is_some() {
        stats.spectator_recovery_ms.sort_unstable();
        let at = |p: f64| percentile(&stats.spectator_recovery_ms.iter().map(|m| m * 1000).collect::<Vec<_>>(), p);
        println!(
            "spectators after the fault: {} reconnections, {} watching again ({} of them moved by the server to the game's new node, not reconnecting), {} games that ended meanwhile read whole: fault -> watching again p50 {:.1} s, p99 {:.1} s, max {:.1} s",
            stats.spectator_reconnects,
            stats.spectator_recovery_ms.len(),
            stats.spectator_moved,
            stats.spectator_records,
            at(0.5) / 1000.0,
            at(0.99) / 1000.0,
            at(1.0) / 1000.0
        );
    }
    println!(
        "spectator row: | {} | {watched} × {} | {:.1} / {:.1} / {:.0} | {:.0} | {} | {} | {} |",
        args.games,
        args.spectators,
        percentile(us, 0.5),
        percentile(us, 0.99),
        percentile(us, 1.0),
        stats.spectator_frames as f64 / measured.as_secs_f64(),
        stats.spectator_mismatches,
        stats.errors.values().sum::<u64>(),
        loadavg()
    );
}

/// Drops and creates the run's own database, so that no game of an earlier run is resumed.
async fn fresh_database(args: &mut Args) {
    let name = &args.bench_database;
    assert!(name.bytes().all(|b| b.is_ascii_lowercase() || b == b'_'), "--bench-database: a-z and _ only");
    let (client, conn) =
        tokio_postgres::connect(&args.database_url, tokio_postgres::NoTls).await.expect("database reachable");
    tokio::spawn(conn);
    // DROP/CREATE DATABASE take no parameters; the name was checked above.
    client.batch_execute(&format!("DROP DATABASE IF EXISTS {name}")).await.expect("drop the bench database");
    client.batch_execute(&format!("CREATE DATABASE {name}")).await.expect("create the bench database");
    // The same URL with the other database; its parameters (target_session_attrs=…) kept.
    let (url, params) = args.database_url.split_once('?').unwrap_or((&args.database_url, ""));
    let (prefix, _) = url.rsplit_once('/').expect("the URL names a database");
    let params = if params.is_empty() { String::new() } else { format!("?{params}") };
    args.database_url = format!("{prefix}/{name}{params}");
}

#[tokio::main]
async fn main() {
    let mut args = Args::parse();
    if let Some(addr) = args.attach.clone() {
        return worker(&args, addr).await;
    }
    assert!(
        args.processes <= 1 || (args.fault.is_none() && args.sample_s == 0),
        "--processes: not with --fault or --sample-s"
    );
    let arena_mode = args.arena_players > 0;
    assert!(
        args.correspondence_pairs == 0
            || (!arena_mode && giveaway_protocol::CORRESPONDENCE_DAYS.contains(&args.correspondence_days)),
        "--correspondence-pairs: not with --arena-players; --correspondence-days one of {:?}",
        giveaway_protocol::CORRESPONDENCE_DAYS
    );
    assert!(
        !arena_mode || (args.processes <= 1 && args.fault.is_none() && args.spectators == 0 && args.drain_s == 0),
        "--arena-players: not with --processes, --fault, --spectators or --drain-s"
    );
    // The standings are checked while the arena still pairs (a game ending after its finish scores nothing).
    assert!(
        !arena_mode || args.ramp_s + args.measure_s + 60 < u64::from(args.arena_minutes) * 60,
        "--arena-players: the run (ramp and measure) must end a minute before the arena (--arena-minutes)"
    );
    fresh_database(&mut args).await;
    let mut server_args = args.server_arg.clone();
    server_args.extend(
        ["--first-move-ms", "120000", "--abandon-ms", "120000", "--rate-per-s", "20", "--rematch-ms"].map(String::from),
    );
    server_args.push(REMATCH_MS.to_string());
    if arena_mode {
        // Only the run's arena: the server's hourly and daily ones are not made.
        server_args.extend(["--arena-schedule=false".to_string(), format!("--arena-rest-ms={}", args.arena_rest_ms)]);
    }
    let spec =
        cluster::NodeSpec { bin: args.server_bin.clone(), database_url: args.database_url.clone(), args: server_args };
    let (nodes, balancer) = (args.nodes, !args.no_balancer);
    let mut cluster = tokio::task::block_in_place(|| cluster::Cluster::start(spec, nodes, balancer));
    let addr = if balancer { cluster.addr.clone() } else { cluster.node_addr(0).to_string() };
    tokio::time::sleep(Duration::from_millis(500)).await;
    let rss_idle = rss_of(&cluster.pids());
    println!(
        "{} server node(s) {:?} on {addr}: {} MB resident before any game",
        args.nodes,
        cluster.pids(),
        rss_idle / 1024
    );
    let shared = Arc::new(Shared::new(addr.clone(), args.drain_s > 0));
    // The other load processes: games [per × k, per × (k + 1)), on the same timeline (starting in a second).
    let t0_unix_ms = workers::unix_ms() + 1000;
    let per = args.games.div_ceil(args.processes.max(1));
    let children: Vec<_> = (1..args.processes.max(1))
        .map(|k| {
            let to = (per * (k + 1)).min(args.games);
            let attach = if balancer { cluster.addr.clone() } else { cluster.node_addr(k).to_string() };
            let a = [
                ("--server-bin", args.server_bin.clone()),
                ("--database-url", args.database_url.clone()),
                ("--attach", attach),
                ("--first-game", (per * k).to_string()),
                ("--games", to.to_string()),
                ("--games-total", args.games.to_string()),
                ("--t0-unix-ms", t0_unix_ms.to_string()),
                ("--ramp-s", args.ramp_s.to_string()),
                ("--measure-s", args.measure_s.to_string()),
                ("--interval-ms", args.interval_ms.to_string()),
                ("--seed", args.seed.to_string()),
                ("--spectators", args.spectators.to_string()),
                ("--watched-games", args.watched_games.unwrap_or(args.games).to_string()),
            ];
            workers::spawn(&a.into_iter().flat_map(|(k, v)| [k.to_string(), v]).collect::<Vec<_>>())
        })
        .collect();
    let t0 = workers::instant_of(t0_unix_ms).into_std();
    let (mut tasks, arena_run) = if arena_mode {
        let (tasks, run) = start_arena(&shared, &args, t0);
        (tasks, Some(run))
    } else {
        (start_games(&shared, &args, 0..per.min(args.games), args.games, t0), None)
    };
    tasks.pairs.extend(start_correspondence(&shared, &args, t0));
    tokio::time::sleep_until((t0 + Duration::from_secs(args.ramp_s) + Duration::from_secs(2)).into()).await;
    let started = shared.stats.lock().unwrap().acked.len();
    if arena_mode {
        println!(
            "{} arena players joined in {:.1} s ({} games in progress, {} moves acknowledged so far)",
            args.arena_players,
            t0.elapsed().as_secs_f64(),
            shared.live.load(std::sync::atomic::Ordering::SeqCst),
            started
        );
    } else {
        println!(
            "{} games started in {:.1} s ({} moves acknowledged so far)",
            args.games,
            t0.elapsed().as_secs_f64(),
            started
        );
    }
    let counters = Counters::now(&args.database_url, &cluster.pids()).await;
    shared.measuring.store(true, std::sync::atomic::Ordering::SeqCst);
    let measure_start = Instant::now();
    let mut rss_peak = 0;
    let mut fault_done = false;
    let mut down = Duration::ZERO;
    let sample_every = Duration::from_secs(args.sample_s.max(1));
    let mut samples: Vec<Sample> = Vec::new();
    let mut next_sample = measure_start + sample_every;
    if args.sample_s > 0 {
        print_sample_header(&args);
    }
    while measure_start.elapsed() < Duration::from_secs(args.measure_s) {
        tokio::time::sleep(Duration::from_millis(500)).await;
        rss_peak = rss_peak.max(rss_of(&cluster.pids()));
        if args.sample_s > 0 && Instant::now() >= next_sample {
            next_sample += sample_every;
            let s = sample(&shared, &cluster.pids(), measure_start);
            print_sample(&s);
            samples.push(s);
        }
        if !fault_done && measure_start.elapsed() >= Duration::from_secs(args.measure_s / 3) {
            if let Some(fault) = args.fault {
                fault_done = true;
                let acked_before = shared.stats.lock().unwrap().acked.len();
                let expects_reconnections = matches!(fault, Fault::Kill | Fault::NodeKill | Fault::Drain);
                if expects_reconnections {
                    shared.epoch.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                }
                *shared.fault_at.lock().unwrap() = Some(Instant::now());
                let t = Instant::now();
                match fault {
                    Fault::Kill | Fault::NodeKill => {
                        tokio::task::block_in_place(|| cluster.kill(0));
                        println!("node 1 SIGKILLed with {acked_before} moves acknowledged; down for {} s", args.down_s);
                        tokio::time::sleep(Duration::from_secs(args.down_s)).await;
                        tokio::task::block_in_place(|| cluster.restart(0));
                        *shared.addr.lock().unwrap() = cluster.addr.clone();
                        down = t.elapsed();
                        println!("node 1 started again after {:.1} s", down.as_secs_f64());
                    }
                    Fault::Drain => {
                        let took = tokio::task::block_in_place(|| cluster.drain(0));
                        println!(
                            "node 1 drained (SIGUSR1) with {acked_before} moves acknowledged: exited after {:.1} s",
                            took.as_secs_f64()
                        );
                        tokio::task::block_in_place(|| cluster.restart(0));
                        down = t.elapsed();
                        println!("node 1 started again (upgraded) after {:.1} s", down.as_secs_f64());
                    }
                    Fault::PgRestart | Fault::PgFailover => {
                        let (script, arg) = match fault {
                            Fault::PgRestart => (&args.pg_script, "restart"),
                            _ => (&args.ha_script, "kill-primary"),
                        };
                        let ok = tokio::task::block_in_place(|| {
                            Command::new(script).arg(arg).status().map(|s| s.success()).unwrap_or(false)
                        });
                        down = t.elapsed();
                        println!(
                            "{script} {arg} ({}) in {:.1} s under the running server, {acked_before} moves acknowledged",
                            if ok { "ok" } else { "FAILED" },
                            down.as_secs_f64()
                        );
                    }
                }
            }
        }
    }
    let measured = measure_start.elapsed();
    shared.measuring.store(false, std::sync::atomic::Ordering::SeqCst);
    let counters_end = Counters::now(&args.database_url, &cluster.pids()).await;
    // The drain and the arena's finish (pause, resign, a quiet moment) take longer than closing.
    let stop_wait = Duration::from_secs(if args.drain_s > 0 || arena_mode { 40 } else { 10 });
    tasks.stop(&shared, stop_wait).await;
    let arena_check = match &arena_run {
        Some(run) => check_arena(&shared, &args, run).await,
        None => None,
    };
    let mut drained: Vec<Sample> = Vec::new();
    if args.drain_s > 0 {
        let closed = Instant::now();
        println!(
            "drain: every game resigned and every connection closed {:.0} s after the measured phase ({} games still live); sampling for {} s",
            closed.duration_since(measure_start + measured).as_secs_f64(),
            shared.live.load(std::sync::atomic::Ordering::SeqCst),
            args.drain_s
        );
        print_sample_header(&args);
        let mut next = closed + sample_every;
        while closed.elapsed() < Duration::from_secs(args.drain_s) {
            tokio::time::sleep_until(next.into()).await;
            next += sample_every;
            let s = sample(&shared, &cluster.pids(), measure_start);
            print_sample(&s);
            drained.push(s);
        }
    }
    let mut stats = std::mem::take(&mut *shared.stats.lock().unwrap());
    for child in children {
        match tokio::task::block_in_place(|| workers::collect::<Stats>(child)) {
            Some(w) => stats.merge(w),
            None => shared.error("a load process reported nothing"),
        }
    }
    stats.errors.extend(std::mem::take(&mut shared.stats.lock().unwrap().errors));
    let (acked, missing) = verify_in_database(&args.database_url, &stats.acked).await;
    let corr_check =
        if args.correspondence_pairs > 0 { check_correspondence(&shared, &args, &stats).await } else { None };
    cluster.stop();
    stats.relay_us.sort_unstable();
    stats.ack_us.sort_unstable();
    let moves_per_s = stats.relay_us.len() as f64 / measured.as_secs_f64();
    if arena_mode {
        println!(
            "--- giveaway-load: an arena of {} players ({} connections), one move per side every {} ms ---",
            args.arena_players, args.arena_players, args.interval_ms
        );
    } else {
        println!(
            "--- giveaway-load: {} games, {} connections, one move per side every {} ms ---",
            args.games,
            args.games * 2 + args.spectators * args.watched_games.unwrap_or(args.games).min(args.games),
            args.interval_ms
        );
    }
    println!(
        "measured {:.0} s: {} moves relayed ({moves_per_s:.0}/s); move sent -> opponent received: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        measured.as_secs_f64(),
        stats.relay_us.len(),
        percentile(&stats.relay_us, 0.5),
        percentile(&stats.relay_us, 0.99),
        percentile(&stats.relay_us, 1.0)
    );
    println!(
        "move sent -> acknowledged (committed): p50 {:.2} ms, p99 {:.2} ms",
        percentile(&stats.ack_us, 0.5),
        percentile(&stats.ack_us, 0.99)
    );
    // In the arena, two players are a game's worth of connections.
    let games = if arena_mode { args.arena_players / 2 } else { args.games };
    let per_game = (rss_peak.saturating_sub(rss_idle)) as f64 / games.max(1) as f64;
    println!(
        "server memory: {} MB idle, {} MB peak: {per_game:.1} KB per game (its two connections included)",
        rss_idle / 1024,
        rss_peak / 1024
    );
    println!(
        "acknowledged moves: {acked}, missing from the database: {missing}; games finished{}: {}",
        if arena_mode { "" } else { " (and rematched)" },
        stats.games_finished
    );
    if let Some(check) = &arena_check {
        report_arena(&args, &mut stats, check, measured);
    }
    if args.drain_s > 0 {
        println!(
            "drain: {} games resigned, {} left live",
            stats.drain_resigned,
            shared.live.load(std::sync::atomic::Ordering::SeqCst)
        );
    }
    if let Some(f) = args.fault {
        stats.pause_ms.sort_unstable();
        let at = |p: f64| percentile(&stats.pause_ms.iter().map(|m| m * 1000).collect::<Vec<_>>(), p) / 1000.0;
        println!(
            "fault {f:?}: the longest pause of each game's moves around it ({} games): p10 {:.1} s, p50 {:.1} s, p90 {:.1} s, p99 {:.1} s, max {:.1} s (without a fault a move every {:.1} s)",
            stats.pause_ms.len(),
            at(0.1),
            at(0.5),
            at(0.9),
            at(0.99),
            at(1.0),
            args.interval_ms as f64 / 2000.0
        );
        println!(
            "fault row: | {f:?} | {} | {} | {} | {:.1} s | {:.1} s | {} |",
            args.games,
            stats.acked.len(),
            missing + stats.resumed_missing as usize,
            at(0.5),
            at(1.0),
            loadavg()
        );
        println!(
            "fault {f:?}: down {:.1} s; reconnections {}; resumed games checked {}, missing an acknowledged move {}; largest clock gap after resuming {} ms",
            down.as_secs_f64(),
            stats.reconnects,
            stats.resumed_checked,
            stats.resumed_missing,
            stats.clock_gap_ms
        );
    }
    if args.spectators > 0 {
        report_spectators(&args, &mut stats, measured);
    }
    let corr_failed =
        args.correspondence_pairs > 0 && report_correspondence(&args, &mut stats, corr_check.as_ref(), measured);
    let used = counters_end.since(&counters, measured);
    let relayed = stats.relay_us.len().max(1) as f64;
    println!(
        "CPU (share of one core): server {}%, PostgreSQL {}%, load generator {}%; load average {}",
        or_na(used.server * 100.0),
        or_na(used.postgres * 100.0),
        or_na(used.load * 100.0),
        loadavg()
    );
    println!(
        "database: {} commits/s, {} moves per commit, {} WAL bytes per move",
        or_na(used.commits_per_s),
        or_na(moves_per_s / used.commits_per_s),
        or_na(used.wal_bytes / relayed)
    );
    if args.correspondence_pairs > 0 {
        // The line above counts the clock games' moves only.
        let all = relayed + stats.corr_ack_us.len() as f64;
        println!(
            "database with the correspondence moves: {:.0} moves/s in all, {} moves per commit, {} WAL bytes per move",
            all / measured.as_secs_f64(),
            Some(all / measured.as_secs_f64() / used.commits_per_s)
                .filter(|v| v.is_finite())
                .map_or("n/a".to_string(), |v| format!("{v:.2}")),
            or_na(used.wal_bytes / all)
        );
    }
    // Counted by the pairs only.
    if !arena_mode {
        println!(
            "on the wire per move (WebSocket frames): {:.0} bytes up (move), {:.0} bytes down (acknowledgement and relay)",
            stats.wire_up as f64 / relayed,
            stats.wire_down as f64 / relayed
        );
    }
    if let Some(db) = connect_db(&args.database_url).await {
        let st = measure::stored(&db).await;
        println!(
            "stored: {} games, {} moves; moves table {:.0} bytes per move, games table {:.0} bytes per game; database {:.1} MB ({:.1} MB per 1,000 games)",
            st.games,
            st.moves,
            st.moves_bytes as f64 / st.moves.max(1) as f64,
            st.games_bytes as f64 / st.games.max(1) as f64,
            st.database_bytes as f64 / 1e6,
            st.database_bytes as f64 / 1e3 / st.games.max(1) as f64
        );
    }
    println!(
        "{}row: | {} | {moves_per_s:.0} | {:.1} / {:.1} / {:.0} | {}% | {:.0} | {} | {} | {} |",
        if arena_mode { "players " } else { "" },
        if arena_mode { args.arena_players } else { args.games },
        percentile(&stats.relay_us, 0.5),
        percentile(&stats.relay_us, 0.99),
        percentile(&stats.relay_us, 1.0),
        or_na(used.server * 100.0),
        rss_peak as f64 / 1024.0,
        or_na(used.commits_per_s),
        stats.errors.values().sum::<u64>(),
        loadavg()
    );
    let mut grows = false;
    if args.sample_s > 0 {
        grows = rss_verdict(&samples, rss_idle, &drained);
    }
    let mut errors: Vec<_> = stats.errors.iter().collect();
    errors.sort();
    println!("errors: {}", if errors.is_empty() { "none".to_string() } else { format!("{errors:?}") });
    for e in &stats.error_samples {
        println!("  for example: {e}");
    }
    let failed = missing > 0
        || corr_failed
        || grows
        || stats.spectator_mismatches > 0
        || (arena_mode && arena_check.as_ref().is_none_or(|c| !c.differences.is_empty() || c.in_progress > 0))
        || stats.resumed_missing > 0
        // With several nodes the games whose host stayed up are checked too, and their clocks rightly ran.
        || (args.fault == Some(Fault::Kill) && stats.clock_gap_ms > 250);
    std::process::exit(if failed { 1 } else { 0 });
}

#[cfg(test)]
mod tests {
    use super::or_na;

    #[test]
    fn a_figure_that_could_not_be_measured_prints_as_n_a() {
        assert_eq!(or_na(12.4), "12");
        assert_eq!(or_na(f64::NAN), "n/a");
        assert_eq!(or_na(f64::INFINITY), "n/a");
    }
}
