//! The arena (docs/protocol.md "Arenas"): `--arena-players N` accounts join one arena made for the run, are paired
//! by the server game after game and play random legal moves at the pairs' pace, each on its own connection and
//! task: the server, not the tool, chooses who meets whom, so a game's two sides cannot be one task as a pair's
//! are, and a move's relay is timed from `shared.sent` (where its mover's task noted when it sent it).
//!
//! Measured: the time from a player being free and rested (its last game's end received, plus the rest the
//! server gives, `--arena-rest-ms`) to its next game's state (pairing), the move relay and the games played. At
//! the end every player pauses (`leave_arena`) and the games in progress are resigned, so that the standings
//! stand still; then the points of every player (read from the database, and the lines `arena_standings` sends)
//! are checked against the games' results read from the database, by the arena's rules (`standings_of`).

use crate::client::{self, Rng, Side};
use crate::Shared;
use giveaway_core::{Game, Position, Rules};
use giveaway_protocol::{
    ArenaId, ArenaStanding, ClientMessage, Color, ErrorCode, GameId, PlayerId, ServerMessage, TimeControl,
};
use std::collections::HashMap;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::watch;

/// The hourly arena's clock, 3+2: at a move a second per side the increment outruns the time used, so no flag
/// falls.
pub const ARENA_TC: TimeControl = TimeControl::clock(180_000, 2000);
/// After pausing, how long a player waits with no game before it stops: a pairing that read it as active just
/// before the pause committed sends its game within a tick.
const QUIET: Duration = Duration::from_secs(3);
/// The most the finish may take.
const FINISH_WITHIN: Duration = Duration::from_secs(30);

/// The run's arena: its id once its maker (player 0) has made it, and the server's rest between games.
pub struct ArenaRun {
    pub id: watch::Sender<Option<ArenaId>>,
    pub rest: Duration,
    pub minutes: u32,
}

/// A game a player is in.
struct Playing {
    game: GameId,
    me: Color,
    board: Game,
    /// When this player's turn began (the game's start, or the opponent's move received), and when to move.
    turn_began: Instant,
    next_at: Instant,
    /// The move sent and not yet acknowledged: its ply and when it was sent.
    in_flight: Option<(u32, Instant)>,
}

impl Playing {
    fn my_turn(&self) -> bool {
        let white = self.board.position().side_to_move() == giveaway_core::Color::White;
        white == (self.me == Color::White) && !self.board.is_over()
    }
}

/// One player of the arena, until `shared.stop` and the finish.
pub async fn play(
    shared: Arc<Shared>,
    i: usize,
    seed: u64,
    interval: Duration,
    run: Arc<ArenaRun>,
) -> Result<(), String> {
    let addr = shared.addr.lock().unwrap().clone();
    let mut side = Side::account(&addr, &format!("a{}_{i}", seed % 1000)).await?;
    let arena = if i == 0 {
        let name = "Load arena".to_string();
        side.send(ClientMessage::CreateArena { name, time_control: ARENA_TC, starts_in_s: 0, minutes: run.minutes })
            .await?;
        let id =
            side.expect(|m| if let ServerMessage::Arena { arena, .. } = m { Some(arena.id) } else { None }).await?;
        run.id.send_replace(Some(id));
        id
    } else {
        let mut id = run.id.subscribe();
        let id =
            id.wait_for(Option::is_some).await.map_err(|_| "the arena was not made".to_string())?.expect("waited for");
        // Its answer is read in the loop below: a pairing may send the first game before it.
        side.send(ClientMessage::JoinArena { arena: id }).await?;
        id
    };
    let mut rng = Rng(seed ^ (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0xA7E4A);
    // Free and rested since (in the future while the rest lasts; none while playing).
    let mut free_since = Some(Instant::now());
    let mut playing: Option<Playing> = None;
    // The finish: when the pause was asked, and when it was answered.
    let mut pausing: Option<Instant> = None;
    let mut paused: Option<Instant> = None;
    loop {
        if shared.stop.load(Ordering::Relaxed) && pausing.is_none() {
            pausing = Some(Instant::now());
            side.send(ClientMessage::LeaveArena { arena }).await?;
            resign_if_white(&mut side, &playing).await?;
        }
        if let Some(asked) = pausing {
            if playing.is_none() && paused.is_some_and(|t| t.elapsed() > QUIET) {
                break;
            }
            if asked.elapsed() > FINISH_WITHIN {
                shared.error("arena: a player's finish took more than 30 s");
                break;
            }
        }
        let due = match &playing {
            Some(p) if p.my_turn() && p.in_flight.is_none() && pausing.is_none() => p.next_at,
            _ => Instant::now() + Duration::from_millis(200),
        };
        let message = tokio::select! {
            m = side.next() => m?,
            _ = tokio::time::sleep_until(due.into()) => {
                if let Some(p) = playing.as_mut().filter(|p| p.my_turn() && p.in_flight.is_none() && pausing.is_none()) {
                    if Instant::now() >= p.next_at {
                        let (ply, text) = client::random_move(&p.board, &mut rng);
                        shared.sent.sent(p.game, ply, &text);
                        p.in_flight = Some((ply, Instant::now()));
                        let think_ms = Some(p.turn_began.elapsed().as_millis() as u64);
                        side.send(ClientMessage::Move { game: p.game, ply, mv: text, think_ms }).await?;
                    }
                }
                continue;
            }
        };
        let measuring = shared.measuring.load(Ordering::Relaxed);
        match message {
            ServerMessage::GameState(s) if s.arena == Some(arena) && s.result.is_none() => {
                if playing.as_ref().is_some_and(|p| p.game == s.game) {
                    continue;
                }
                if let Some(t) = free_since.take() {
                    if measuring {
                        // Paired before the rest seen here was over: the server's rest runs from the game's end as
                        // it stored it, a moment before this player received it.
                        let waited = Instant::now().saturating_duration_since(t);
                        shared.stats.lock().unwrap().pairing_us.push(waited.as_micros() as u64);
                    }
                }
                let mut board = Game::new(Position::start(), Rules::default());
                for m in &s.moves {
                    client::play_text(&mut board, m)?;
                }
                if s.you == Color::White {
                    shared.game_started();
                }
                let (turn_began, next_at) = (Instant::now(), Instant::now() + think(interval, &mut rng));
                playing = Some(Playing { game: s.game, me: s.you, board, turn_began, next_at, in_flight: None });
                if pausing.is_some() {
                    // Paired as the pause was being stored: this game is resigned too.
                    resign_if_white(&mut side, &playing).await?;
                }
            }
            ServerMessage::Moved { game, ply, mv, by, .. } => {
                let Some(p) = playing.as_mut().filter(|p| p.game == game) else { continue };
                if by == p.me {
                    if let Some((_, sent)) = p.in_flight.take().filter(|(at, _)| *at == ply) {
                        let mut stats = shared.stats.lock().unwrap();
                        stats.acked.push((game, ply, mv.clone()));
                        if measuring {
                            stats.ack_us.push(sent.elapsed().as_micros() as u64);
                        }
                    }
                    shared.sent.acked(game, ply);
                } else {
                    if measuring {
                        if let Some(at) = shared.sent.sent_at(game, ply) {
                            shared.stats.lock().unwrap().relay_us.push(at.elapsed().as_micros() as u64);
                        }
                    }
                    p.turn_began = Instant::now();
                    p.next_at = p.turn_began + think(interval, &mut rng);
                }
                if ply as usize != p.board.ply() {
                    return Err(format!("arena: game {game}: ply {ply} came after {}", p.board.ply()));
                }
                client::play_text(&mut p.board, &mv)?;
            }
            ServerMessage::GameEnd { game, .. } if playing.as_ref().is_some_and(|p| p.game == game) => {
                if playing.take().is_some_and(|p| p.me == Color::White) {
                    shared.game_ended();
                }
                free_since = Some(Instant::now() + run.rest);
            }
            ServerMessage::Arena { .. } if pausing.is_some() => paused = Some(Instant::now()),
            // The resignation crossed the game's end, or the pause crossed a pairing.
            ServerMessage::Error { code: ErrorCode::GameOver | ErrorCode::UnknownGame, .. } if pausing.is_some() => {}
            ServerMessage::Error { code, message, .. } => shared.error(format!("arena: {code:?}: {message}")),
            _ => {}
        }
    }
    let _ = side.ws.close(None).await;
    Ok(())
}

/// A player's time to move: half the interval on average, as the pairs' players take, but drawn from a quarter to
/// three quarters of it, so that the games' ends do not all fall at the same moment of the server's pairing
/// tick (at a fixed pace every game keeps the phase of the tick it started on, and every pairing would wait
/// the same).
fn think(interval: Duration, rng: &mut Rng) -> Duration {
    interval / 4 + Duration::from_millis(rng.below(interval.as_millis() as usize / 2 + 1) as u64)
}

/// At the finish, a game in progress ends: its White resigns (one resignation a game).
async fn resign_if_white(side: &mut Side, playing: &Option<Playing>) -> Result<(), String> {
    match playing {
        Some(p) if p.me == Color::White => side.send(ClientMessage::Resign { game: p.game }).await,
        _ => Ok(()),
    }
}

/// A finished game of the arena, as the database has it.
#[derive(Clone, Debug)]
pub struct Played {
    pub white: PlayerId,
    pub black: PlayerId,
    pub winner: Option<Color>,
    pub aborted: bool,
    /// It ended before the arena's finish (a game ending after it does not count).
    pub in_time: bool,
}

/// A player's standing as the rules make it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Line {
    pub score: u32,
    pub games: u32,
    pub wins: u32,
    /// Wins in a row: from two on, the next result counts double.
    pub streak: u32,
}

/// The standings the arena's rules give for `games`, in the order they ended: a win 2, a draw 1, a loss 0,
/// doubled for a player who won the two games before; an aborted game, or one ending after the finish, counts
/// nothing.
pub fn standings_of(games: &[Played]) -> HashMap<PlayerId, Line> {
    let mut lines: HashMap<PlayerId, Line> = HashMap::new();
    for g in games.iter().filter(|g| g.in_time && !g.aborted) {
        for (player, color) in [(g.white, Color::White), (g.black, Color::Black)] {
            let line = lines.entry(player).or_default();
            let (points, won) = match g.winner {
                Some(w) if w == color => (2, true),
                Some(_) => (0, false),
                None => (1, false),
            };
            line.score += points * if line.streak >= 2 { 2 } else { 1 };
            line.games += 1;
            line.wins += u32::from(won);
            line.streak = if won { line.streak + 1 } else { 0 };
        }
    }
    lines
}

/// Where the stored standings (`stored`: every player's line) and the lines sent (`sent`) differ from what
/// the rules give (`expected`), one text per difference.
pub fn differences(
    expected: &HashMap<PlayerId, Line>,
    stored: &HashMap<PlayerId, Line>,
    sent: &[ArenaStanding],
) -> Vec<String> {
    let mut out = Vec::new();
    let of = |p: &PlayerId| expected.get(p).copied().unwrap_or_default();
    let mut players: Vec<&PlayerId> = stored.keys().chain(expected.keys()).collect();
    players.sort_unstable();
    players.dedup();
    for p in players {
        let want = of(p);
        match stored.get(p) {
            Some(has) if *has == want => {}
            Some(has) => out.push(format!("player {p}: stored {has:?}, the results give {want:?}")),
            None => out.push(format!("player {p}: played in the arena but has no standing ({want:?})")),
        }
    }
    for (i, s) in sent.iter().enumerate() {
        let want = of(&s.player.id);
        if (s.score, s.games, s.wins, s.on_fire) != (want.score, want.games, want.wins, want.streak >= 2) {
            out.push(format!("line {} ({}): sent {s:?}, the results give {want:?}", s.rank, s.player.nickname));
        }
        if s.rank != i as u32 + 1 || sent.get(i + 1).is_some_and(|next| next.score > s.score) {
            out.push(format!("line {}: out of order", s.rank));
        }
    }
    out
}

/// What the check at the end found.
pub struct Check {
    pub arena: ArenaId,
    /// Finished games, and those counted (before the finish, not aborted); games still in progress.
    pub games: usize,
    pub counted: usize,
    pub in_progress: i64,
    pub players: usize,
    /// Lines `arena_standings` sent.
    pub lines_sent: usize,
    pub leader: Option<(String, u32)>,
    pub differences: Vec<String>,
}

/// Reads the arena's standings through the protocol (a new account asks) and from the database, and its
/// games' results from the database, and compares them.
pub async fn check(addr: &str, db: &tokio_postgres::Client, arena: ArenaId, seed: u64) -> Result<Check, String> {
    let mut referee = Side::account(addr, &format!("r{}_arena", seed % 1000)).await?;
    referee.send(ClientMessage::ArenaStandings { arena }).await?;
    let sent = referee
        .expect(|m| if let ServerMessage::Arena { standings, .. } = m { Some(standings.clone()) } else { None })
        .await?;
    let _ = referee.ws.close(None).await;
    let sql = |e: tokio_postgres::Error| format!("database: {e}");
    let games: Vec<Played> = db
        .query(
            "SELECT g.white_id, g.black_id, g.winner, g.reason = 'aborted', g.ended_at < a.ends_at \
             FROM games g JOIN arenas a ON a.id = g.arena_id \
             WHERE g.arena_id = $1 AND g.ended_at IS NOT NULL ORDER BY g.ended_at, g.id",
            &[&arena],
        )
        .await
        .map_err(sql)?
        .iter()
        .map(|r| Played {
            white: r.get(0),
            black: r.get(1),
            winner: r.get::<_, Option<&str>>(2).map(|w| if w == "white" { Color::White } else { Color::Black }),
            aborted: r.get(3),
            in_time: r.get(4),
        })
        .collect();
    let in_progress: i64 = db
        .query_one("SELECT count(*) FROM games WHERE arena_id = $1 AND ended_at IS NULL", &[&arena])
        .await
        .map_err(sql)?
        .get(0);
    let stored: HashMap<PlayerId, Line> = db
        .query("SELECT player_id, score, games, wins, streak FROM arena_players WHERE arena_id = $1", &[&arena])
        .await
        .map_err(sql)?
        .iter()
        .map(|r| {
            let n = |i: usize| r.get::<_, i32>(i).max(0) as u32;
            (r.get(0), Line { score: n(1), games: n(2), wins: n(3), streak: n(4) })
        })
        .collect();
    let expected = standings_of(&games);
    Ok(Check {
        arena,
        games: games.len(),
        counted: games.iter().filter(|g| g.in_time && !g.aborted).count(),
        in_progress,
        players: stored.len(),
        lines_sent: sent.len(),
        leader: sent.first().map(|s| (s.player.nickname.clone(), s.score)),
        differences: differences(&expected, &stored, &sent),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use giveaway_protocol::PlayerInfo;

    fn won(white: PlayerId, black: PlayerId, winner: Option<Color>) -> Played {
        Played { white, black, winner, aborted: false, in_time: true }
    }

    #[test]
    fn a_win_scores_2_a_draw_1_and_both_double_after_two_wins_in_a_row() {
        let w = Some(Color::White);
        let games = [
            won(1, 2, w),                                                             // 1: 2
            won(1, 3, w),                                                             // 1: 4, on fire
            won(1, 4, w),                                                             // 1: 8
            won(1, 5, None),                                                          // 1: 10 (a draw doubled), cold
            won(1, 6, w),                                                             // 1: 12
            won(6, 1, w),                                                             // 1: a loss
            Played { white: 1, black: 7, winner: w, aborted: true, in_time: true },   // nothing
            Played { white: 1, black: 8, winner: w, aborted: false, in_time: false }, // after the finish
        ];
        let lines = standings_of(&games);
        assert_eq!(lines[&1], Line { score: 12, games: 6, wins: 4, streak: 0 });
        assert_eq!(lines[&5], Line { score: 1, games: 1, wins: 0, streak: 0 });
        assert_eq!(lines[&6], Line { score: 2, games: 2, wins: 1, streak: 1 });
        assert_eq!(lines[&2], Line { score: 0, games: 1, wins: 0, streak: 0 });
        assert!(!lines.contains_key(&7) && !lines.contains_key(&8));
        // Black's wins count the same.
        let lines = standings_of(&[won(2, 1, Some(Color::Black)), won(3, 1, Some(Color::Black)), won(4, 1, None)]);
        assert_eq!(lines[&1], Line { score: 6, games: 3, wins: 2, streak: 0 });
    }

    #[test]
    fn the_stored_and_sent_standings_are_compared_line_by_line() {
        let games = [won(1, 2, Some(Color::White)), won(1, 3, Some(Color::White)), won(2, 3, None)];
        let expected = standings_of(&games);
        let mut stored = expected.clone();
        stored.insert(4, Line::default()); // joined, never played: no difference
        let line = |rank: u32, id: PlayerId, l: Line| ArenaStanding {
            rank,
            player: PlayerInfo { id, nickname: format!("p{id}") },
            rating: 1500.0,
            score: l.score,
            games: l.games,
            wins: l.wins,
            on_fire: l.streak >= 2,
            active: false,
            playing: false,
        };
        let sent: Vec<_> = [1, 2, 3].iter().enumerate().map(|(i, p)| line(i as u32 + 1, *p, expected[p])).collect();
        assert_eq!(differences(&expected, &stored, &sent), Vec::<String>::new());
        assert!(sent[0].on_fire);
        // A score stored wrong, a player missing, a line sent wrong, lines out of order.
        let mut wrong = stored.clone();
        wrong.get_mut(&2).unwrap().score += 1;
        wrong.remove(&3);
        assert_eq!(differences(&expected, &wrong, &sent).len(), 2);
        let mut bad = sent.clone();
        bad[1].on_fire = true;
        assert_eq!(differences(&expected, &stored, &bad).len(), 1);
        bad.swap(0, 1);
        assert!(differences(&expected, &stored, &bad).iter().any(|d| d.contains("out of order")));
    }
}
