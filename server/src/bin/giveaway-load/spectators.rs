//! Spectators (docs/protocol.md "Watching"): `--spectators N` accounts watch each of the first
//! `--watched-games` pairs' games, following the pair from game to rematch, each on its own connection. They
//! measure the time from a move sent by its player to the spectator receiving it, and at the end check that
//! every spectator saw every acknowledged move of each game it watched, in order. A spectator whose connection
//! the fault closed reconnects and watches again, as a client does after a restart.

use crate::client::Side;
use crate::sent::check_seen;
use crate::Shared;
use giveaway_protocol::{ClientMessage, ErrorCode, GameId, ServerMessage};
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::watch;

/// How long a watch may go unanswered before it counts as an error (and is asked again).
const ANSWER_WITHIN: Duration = Duration::from_secs(15);
/// At the end, a spectator reads what has reached it until its connection is quiet this long (a busy load
/// generator may be behind its socket), for at most `DRAIN_WITHIN`.
const QUIET: Duration = Duration::from_millis(300);
const DRAIN_WITHIN: Duration = Duration::from_secs(10);
/// How long a game in progress may answer `unknown_game` before it counts as an error: just after a restart its
/// node may not have loaded it yet; a game that just ended answers so until its pair's rematch begins.
const REFUSED_WITHIN: Duration = Duration::from_secs(20);

/// The moves a spectator saw of one game.
struct Seen {
    game: GameId,
    moves: Vec<String>,
}

/// One spectator of the pair whose current game `current` tells (none before the first), until
/// `shared.stop_spectators`.
pub async fn spectate(
    shared: Arc<Shared>,
    nickname: String,
    mut current: watch::Receiver<Option<GameId>>,
) -> Result<(), String> {
    let addr = shared.addr.lock().unwrap().clone();
    let mut side = Side::account(&addr, &nickname).await?;
    let mut seen: Vec<Seen> = Vec::new();
    // The game whose `watching` came, the watch asked and not yet answered (when), the game refused as unknown
    // (since when), and when to ask again.
    let mut watching: Option<GameId> = None;
    let mut asked: Option<(GameId, Instant)> = None;
    let mut refused: Option<(GameId, Instant)> = None;
    let mut ask_at = Instant::now();
    let mut epoch = shared.epoch.load(Ordering::SeqCst);
    // Reconnected after the fault, not yet watching again.
    let mut recovering = false;
    // The game watched when the connection dropped, and whether its record was asked for: once its pair has
    // moved on, it ended while this spectator was away (a finished game cannot be watched), and its record is
    // read whole with `get_game`, as a client shows a game that ended meanwhile.
    let mut lost: Option<(GameId, bool)> = None;
    // The pair's task has ended (its channel closed): no more games.
    let mut pair_gone = false;
    // Since when the run is over: no more watches; the loop ends once nothing more comes.
    let mut stopping: Option<Instant> = None;
    loop {
        if stopping.is_none() && shared.stop_spectators.load(Ordering::Relaxed) {
            stopping = Some(Instant::now());
        }
        if stopping.is_some_and(|t| t.elapsed() > DRAIN_WITHIN) {
            break;
        }
        let want = if stopping.is_some() { None } else { *current.borrow_and_update() };
        if let Some(game) = want.filter(|g| watching != Some(*g) && asked.is_none() && Instant::now() >= ask_at) {
            // A send that fails is a closed connection, which the next read reports.
            let _ = side.send(ClientMessage::Watch { game }).await;
            asked = Some((game, Instant::now()));
        }
        if let Some((game, false)) = lost.filter(|(g, _)| want.is_some_and(|w| w != *g)) {
            let _ = side.send(ClientMessage::GetGame { game }).await;
            lost = Some((game, true));
        }
        if let Some((game, _)) = asked.filter(|(_, at)| at.elapsed() > ANSWER_WITHIN) {
            shared.error(format!("spectator: watch of game {game} not answered in {} s", ANSWER_WITHIN.as_secs()));
            asked = None;
        }
        let message = tokio::select! {
            m = side.next() => m,
            changed = current.changed(), if !pair_gone => {
                pair_gone = changed.is_err();
                continue;
            }
            _ = tokio::time::sleep(if stopping.is_some() { QUIET } else { Duration::from_millis(250) }) => {
                if stopping.is_some() {
                    break;
                }
                continue;
            }
        };
        let measuring = shared.measuring.load(Ordering::Relaxed);
        if measuring && message.is_ok() {
            shared.stats.lock().unwrap().spectator_frames += 1;
        }
        match message {
            Err(_) if stopping.is_some() => break,
            Err(why) => {
                let now_epoch = shared.epoch.load(Ordering::SeqCst);
                if now_epoch == epoch {
                    shared.error(format!("spectator: connection closed outside a fault: {why}"));
                }
                epoch = now_epoch;
                side.reconnect_until(&shared.addr, Instant::now() + Duration::from_secs(60)).await?;
                shared.stats.lock().unwrap().spectator_reconnects += 1;
                lost = watching.map(|g| (g, false));
                (watching, asked, refused, ask_at, recovering) = (None, None, None, Instant::now(), true);
            }
            Ok(ServerMessage::Watching(state)) => {
                let answer = asked.is_some_and(|(g, _)| g == state.game);
                if answer {
                    asked = None;
                }
                // Unasked, for the game watched: the game moved to another node (its node failed), which watches
                // this spectator again without it reconnecting.
                let moved = !answer && watching == Some(state.game);
                let known = match seen.iter_mut().find(|s| s.game == state.game) {
                    Some(s) => s,
                    None => {
                        seen.push(Seen { game: state.game, moves: Vec::new() });
                        seen.last_mut().expect("just pushed")
                    }
                };
                // Watching again after the fault: every move seen before must still be there.
                if !state.moves.starts_with(&known.moves) {
                    shared.error(format!("spectator: a move seen of game {} is not in its state", state.game));
                }
                known.moves = state.moves;
                watching = Some(state.game);
                if lost.is_some_and(|(g, _)| g == state.game) {
                    lost = None;
                }
                refused = None;
                if recovering || moved {
                    let fault_at = *shared.fault_at.lock().unwrap();
                    let mut stats = shared.stats.lock().unwrap();
                    if let Some(t) = fault_at {
                        stats.spectator_recovery_ms.push(t.elapsed().as_millis() as u64);
                    }
                    if moved && !recovering {
                        stats.spectator_moved += 1;
                    }
                    recovering = false;
                }
            }
            Ok(ServerMessage::Moved { game, ply, mv, .. }) if watching == Some(game) => {
                let Some(known) = seen.iter_mut().find(|s| s.game == game) else { continue };
                if ply as usize != known.moves.len() {
                    shared.error(format!(
                        "spectator: game {game}: ply {ply} came after {} moves; watching again",
                        known.moves.len()
                    ));
                    watching = None;
                    continue;
                }
                known.moves.push(mv);
                if measuring {
                    if let Some(at) = shared.sent.sent_at(game, ply) {
                        shared.stats.lock().unwrap().spectator_us.push(at.elapsed().as_micros() as u64);
                    }
                }
            }
            Ok(ServerMessage::Error { code: ErrorCode::UnknownGame, game: Some(game), .. })
                if asked.is_some_and(|(g, _)| g == game) =>
            {
                asked = None;
                ask_at = Instant::now() + Duration::from_millis(500);
                let since = match refused {
                    Some((g, since)) if g == game => since,
                    _ => Instant::now(),
                };
                refused = Some((game, since));
                if since.elapsed() > REFUSED_WITHIN && *current.borrow() == Some(game) {
                    shared
                        .error(format!("spectator: game {game} refused as unknown for {} s", REFUSED_WITHIN.as_secs()));
                    refused = None;
                }
            }
            Ok(ServerMessage::GameRecord(record)) if lost == Some((record.game, true)) => {
                lost = None;
                let moves: Vec<String> = record.moves.iter().map(|m| m.mv.clone()).collect();
                if let Some(known) = seen.iter_mut().find(|s| s.game == record.game) {
                    if !moves.starts_with(&known.moves) {
                        shared.error(format!("spectator: a move seen of game {} is not in its record", record.game));
                    }
                    known.moves = moves;
                }
                shared.stats.lock().unwrap().spectator_records += 1;
            }
            Ok(ServerMessage::Error { code, .. }) => shared.error(format!("spectator: {code:?}")),
            Ok(_) => {}
        }
    }
    let _ = side.ws.close(None).await;
    // The pairs stopped before the spectators: every move acknowledged to a player has reached them by now.
    let mut stats = shared.stats.lock().unwrap();
    for s in &seen {
        stats.spectator_games_checked += 1;
        stats.spectator_moves_seen += s.moves.len() as u64;
        if let Err(why) = check_seen(&s.moves, &shared.sent.of(s.game)) {
            stats.spectator_mismatches += 1;
            drop(stats);
            shared.error(format!("spectator: game {}: {why}", s.game));
            stats = shared.stats.lock().unwrap();
        }
    }
    Ok(())
}
