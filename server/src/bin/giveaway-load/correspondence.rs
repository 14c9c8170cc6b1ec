//! Correspondence players (docs/protocol.md "Correspondence"): `--correspondence-pairs N` pairs of accounts,
//! beside the clock games. The first of each pair challenges the second by nickname to
//! `--correspondence-games` games with `--correspondence-days` per move, then both play them as correspondence
//! players do: connect, read the list (`correspondence`), open each game where it is their move (`sync`), move,
//! now and then stay connected for another look, mostly go away and come back later. A finished game is
//! replaced by a new challenge. Measured: the list's reply, opening a game (sync → its state), a move → its
//! acknowledgement, a connection (hello → welcome).
//!
//! Checked: every game opened holds every move acknowledged before (the fault must lose none), a game missing
//! from its player's list has ended in the database, every acknowledged move is stored, every game has the days
//! per move it was challenged with, and with a fault every game in progress at it is moved again (or has ended)
//! after it.

use crate::client::{self, Rng, Side};
use crate::Shared;
use giveaway_core::{Game, Position, Rules};
use giveaway_protocol::{ClientMessage, ColorChoice, ErrorCode, GameId, ServerMessage, TimeControl};
use std::collections::{HashMap, HashSet};
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How long a request may go unanswered before the connection is taken as lost.
const ANSWER_WITHIN: Duration = Duration::from_secs(30);
/// After a fault, how long `unknown_game` or `unavailable` may answer (a restarted node loading its games) before
/// they count as errors.
const SETTLING: Duration = Duration::from_secs(20);

/// What the run asks of the correspondence players.
#[derive(Clone, Copy, Debug)]
pub struct Spec {
    /// Games each pair keeps going.
    pub games: usize,
    pub days: u32,
    /// The mean time a player stays away between two visits.
    pub away: Duration,
}

/// One correspondence game as the load generator knows it.
#[derive(Clone, Debug, Default)]
pub struct Known {
    /// The moves acknowledged to their movers, by ply (a hole where a move is known only from a state).
    pub acked: Vec<Option<String>>,
    pub created: Option<Instant>,
    /// When the generator learnt it ended.
    pub ended: Option<Instant>,
    /// When its last move was acknowledged.
    pub last_ack: Option<Instant>,
}

impl Known {
    /// Whether a state's moves hold every move acknowledged, each at its ply.
    pub fn check(&self, moves: &[String]) -> Result<(), String> {
        for (ply, m) in self.acked.iter().enumerate() {
            if let Some(m) = m {
                match moves.get(ply) {
                    Some(s) if s == m => {}
                    Some(s) => return Err(format!("ply {ply}: the state has {s}, {m} was acknowledged")),
                    None => return Err(format!("ply {ply} ({m}) acknowledged, the state has {} moves", moves.len())),
                }
            }
        }
        Ok(())
    }

    fn ack(&mut self, ply: u32, mv: &str) {
        let ply = ply as usize;
        if self.acked.len() <= ply {
            self.acked.resize(ply + 1, None);
        }
        self.acked[ply] = Some(mv.to_string());
        self.last_ack = Some(Instant::now());
    }

    /// In progress at `t`, as far as the generator knows.
    pub fn in_progress_at(&self, t: Instant) -> bool {
        self.created.is_some_and(|c| c < t) && self.ended.is_none_or(|e| e > t)
    }
}

/// Every correspondence game of the run, shared by the players of both sides.
#[derive(Default)]
pub struct Ledger(Mutex<HashMap<GameId, Known>>);

impl Ledger {
    fn created(&self, game: GameId) {
        self.0.lock().unwrap().entry(game).or_default().created.get_or_insert_with(Instant::now);
    }

    fn acked(&self, game: GameId, ply: u32, mv: &str) {
        self.0.lock().unwrap().entry(game).or_default().ack(ply, mv);
    }

    fn ended(&self, game: GameId) {
        self.0.lock().unwrap().entry(game).or_default().ended.get_or_insert_with(Instant::now);
    }

    fn check(&self, game: GameId, moves: &[String]) -> Result<(), String> {
        self.0.lock().unwrap().get(&game).map_or(Ok(()), |k| k.check(moves))
    }

    pub fn games(&self) -> Vec<GameId> {
        let mut g: Vec<GameId> = self.0.lock().unwrap().keys().copied().collect();
        g.sort_unstable();
        g
    }

    /// The games in progress at `t` that had no move acknowledged after it (nor ended after it, as far as the
    /// generator knows).
    pub fn not_moved_after(&self, t: Instant) -> (usize, Vec<GameId>) {
        let all = self.0.lock().unwrap();
        let at: Vec<(&GameId, &Known)> = all.iter().filter(|(_, k)| k.in_progress_at(t)).collect();
        let mut stuck: Vec<GameId> = at
            .iter()
            .filter(|(_, k)| k.last_ack.is_none_or(|a| a < t) && k.ended.is_none())
            .map(|(g, _)| **g)
            .collect();
        stuck.sort_unstable();
        (at.len(), stuck)
    }
}

/// The colour the challenger asks for in its `k`th challenge: in turn, so that each player has games where it is
/// their move from the start.
pub fn color_of(k: usize) -> ColorChoice {
    if k.is_multiple_of(2) {
        ColorChoice::White
    } else {
        ColorChoice::Black
    }
}

/// The games `known` in progress that a list left out.
pub fn missing_from(known: &HashSet<GameId>, listed: &[GameId]) -> Vec<GameId> {
    let mut m: Vec<GameId> = known.iter().filter(|g| !listed.contains(g)).copied().collect();
    m.sort_unstable();
    m
}

/// A visit: how many looks at the list (with a pause between two), then whether the player goes away, and for
/// how long.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Visit {
    pub looks: usize,
    pub pause: Duration,
    pub away: Option<Duration>,
}

/// The next visit of a player: 1 to 3 looks 0.3 to 1.5 s apart, then away (three times in four) for half to one
/// and a half times `away`.
pub fn plan(rng: &mut Rng, away: Duration) -> Visit {
    let looks = 1 + rng.below(3);
    let pause = Duration::from_millis(300 + rng.below(1200) as u64);
    let ms = away.as_millis() as u64;
    let away = (rng.below(4) != 0).then(|| Duration::from_millis(ms / 2 + rng.below(ms as usize + 1) as u64));
    Visit { looks, pause, away }
}

/// Why a request got no answer it could use.
#[derive(Debug)]
enum Fail {
    /// The connection is gone (or silent).
    Conn(String),
    /// The server answered with an error.
    Refused(ErrorCode, String),
}

/// One player of a pair.
struct Player {
    shared: Arc<Shared>,
    spec: Spec,
    side: Side,
    nickname: String,
    /// The opponent's nickname: the challenger challenges them.
    opponent: String,
    challenger: bool,
    /// Challenges made so far (the next one's colour).
    challenges_made: usize,
    /// The games in progress this player knows of.
    mine: HashSet<GameId>,
    /// Challenges made to this player (events), to accept.
    incoming: Vec<i64>,
    rng: Rng,
    epoch: u64,
}

/// The microseconds since `t`, while the window is measuring (`None` outside it: ramp and wind-down).
fn latency(shared: &Shared, t: Instant) -> Option<u64> {
    shared.measuring.load(Ordering::Relaxed).then(|| t.elapsed().as_micros() as u64)
}

fn stopping(shared: &Shared) -> bool {
    shared.stop.load(Ordering::Relaxed)
}

impl Player {
    /// Sends a request and waits for its answer (the frame whose `re` is its id), taking challenges made to this
    /// player from the events meanwhile.
    async fn request<T>(&mut self, m: ClientMessage, pick: impl Fn(&ServerMessage) -> Option<T>) -> Result<T, Fail> {
        // The request's kind, for a report of no answer.
        let kind = format!("{m:?}").split([' ', '{', '(']).next().unwrap_or_default().to_string();
        self.side.send(m).await.map_err(Fail::Conn)?;
        let id = self.side.last_id();
        let wait = tokio::time::timeout(ANSWER_WITHIN, async {
            loop {
                let f = self.side.next_frame().await.map_err(Fail::Conn)?;
                if f.re == Some(id) {
                    return match f.message {
                        ServerMessage::Error { code, message, .. } => Err(Fail::Refused(code, message)),
                        m => pick(&m).ok_or_else(|| Fail::Refused(ErrorCode::Internal, format!("answered {m:?}"))),
                    };
                }
                if let ServerMessage::Challenge { challenge } = &f.message {
                    if challenge.challenged.nickname == self.nickname && !self.incoming.contains(&challenge.id) {
                        self.incoming.push(challenge.id);
                    }
                }
            }
        });
        wait.await.map_err(|_| Fail::Conn(format!("no answer to {kind} within 30 s")))?
    }

    /// A refusal: an error, unless it is one a restarted node gives while it loads its games, soon after a fault.
    /// [`Self::request`] with a refusal counted ([`Self::refused`]) and given as `None`: the caller skips the
    /// step; a lost connection or no answer is still an error.
    async fn ask<T>(
        &mut self,
        what: &str,
        m: ClientMessage,
        pick: impl Fn(&ServerMessage) -> Option<T>,
    ) -> Result<Option<T>, Fail> {
        match self.request(m, pick).await {
            Ok(t) => Ok(Some(t)),
            Err(Fail::Refused(code, message)) => {
                self.refused(what, code, &message);
                Ok(None)
            }
            Err(e) => Err(e),
        }
    }

    fn refused(&self, what: &str, code: ErrorCode, message: &str) {
        let settling = matches!(code, ErrorCode::UnknownGame | ErrorCode::Unavailable)
            && self.shared.fault_at.lock().unwrap().is_some_and(|t| t.elapsed() < SETTLING);
        if settling {
            self.shared.stats.lock().unwrap().corr_retried += 1;
        } else {
            self.shared.error(format!("correspondence {what} {code:?}: {message}"));
        }
    }

    /// One look: the list, the challenges, then a move in each game where it is this player's move.
    async fn look(&mut self, first_of_visit: bool) -> Result<(), Fail> {
        let sh = self.shared.clone();
        let t = Instant::now();
        let list = self.ask("list", ClientMessage::Correspondence, |m| match m {
            ServerMessage::Correspondence { games } => Some(games.clone()),
            _ => None,
        });
        let Some(list) = list.await? else { return Ok(()) };
        {
            let mut s = sh.stats.lock().unwrap();
            s.corr_lists += 1;
            s.corr_list_us.extend(latency(&sh, t));
        }
        let listed: Vec<GameId> = list.iter().map(|g| g.game).collect();
        // A game gone from the list has ended: by the opponent's last move, or by a last move of this player's
        // whose acknowledgement a fault took. The database says at the end.
        for g in missing_from(&self.mine, &listed) {
            self.mine.remove(&g);
            sh.corr.ended(g);
            sh.stats.lock().unwrap().corr_vanished.push(g);
        }
        for g in &list {
            if self.mine.insert(g.game) {
                sh.corr.created(g.game);
            }
            if g.days_per_move != self.spec.days
                || g.time_left_ms > u64::from(self.spec.days) * giveaway_protocol::DAY_MS
            {
                sh.error(format!(
                    "correspondence list: game {} has {} days per move and {} ms left",
                    g.game, g.days_per_move, g.time_left_ms
                ));
            }
        }
        if self.challenger {
            if list.len() < self.spec.games && !stopping(&sh) {
                self.challenge().await?;
            }
        } else if first_of_visit || !self.incoming.is_empty() {
            self.accept_challenges().await?;
        }
        for g in list.iter().filter(|g| g.your_move) {
            if stopping(&sh) {
                break;
            }
            self.play(g.game).await?;
        }
        Ok(())
    }

    /// The challenger: a new game when none of its challenges is open.
    async fn challenge(&mut self) -> Result<(), Fail> {
        let open = self.ask("challenges", ClientMessage::Challenges, |m| match m {
            ServerMessage::Challenges { outgoing, .. } => Some(outgoing.len()),
            _ => None,
        });
        let Some(open) = open.await? else { return Ok(()) };
        if open > 0 {
            return Ok(());
        }
        let ask = ClientMessage::Challenge {
            nickname: self.opponent.clone(),
            time_control: TimeControl::correspondence(self.spec.days),
            color: color_of(self.challenges_made),
            rated: true,
        };
        self.challenges_made += 1;
        self.ask("challenge", ask, |m| matches!(m, ServerMessage::Challenge { .. }).then_some(())).await?;
        Ok(())
    }

    /// The challenged: accepts the challenges made to it (those the events brought, and those `challenges` lists).
    async fn accept_challenges(&mut self) -> Result<(), Fail> {
        let listed = self.ask("challenges", ClientMessage::Challenges, |m| match m {
            ServerMessage::Challenges { incoming, .. } => Some(incoming.iter().map(|c| c.id).collect::<Vec<_>>()),
            _ => None,
        });
        let Some(listed) = listed.await? else { return Ok(()) };
        self.incoming.clear();
        for id in listed {
            let state = self.ask("accept", ClientMessage::AcceptChallenge { challenge: id }, |m| match m {
                ServerMessage::GameState(s) => Some((s.game, s.time_control)),
                _ => None,
            });
            if let Some((game, tc)) = state.await? {
                self.mine.insert(game);
                self.shared.corr.created(game);
                self.shared.stats.lock().unwrap().corr_games += 1;
                if tc != TimeControl::correspondence(self.spec.days) {
                    self.shared.error(format!("correspondence game {game} began with {tc:?}"));
                }
            }
        }
        Ok(())
    }

    /// Opens a game (sync), checks its state against the moves acknowledged, and moves.
    async fn play(&mut self, game: GameId) -> Result<(), Fail> {
        let sh = self.shared.clone();
        let t = Instant::now();
        let sync = self.ask("sync", ClientMessage::Sync { game }, |m| match m {
            ServerMessage::GameState(s) if s.game == game => Some((**s).clone()),
            _ => None,
        });
        let Some(state) = sync.await? else { return Ok(()) };
        {
            let mut s = sh.stats.lock().unwrap();
            s.corr_opened += 1;
            s.corr_sync_us.extend(latency(&sh, t));
        }
        if let Err(e) = sh.corr.check(game, &state.moves) {
            sh.stats.lock().unwrap().corr_lost += 1;
            sh.error(format!("correspondence state missing an acknowledged move: game {game}: {e}"));
        }
        if state.time_control != TimeControl::correspondence(self.spec.days) {
            sh.error(format!("correspondence game {game} has {:?}", state.time_control));
        }
        if state.result.is_some() {
            self.mine.remove(&game);
            sh.corr.ended(game);
            return Ok(());
        }
        if state.turn != state.you {
            sh.stats.lock().unwrap().corr_stale += 1;
            return Ok(());
        }
        let mut g = Game::new(Position::start(), Rules::default());
        for m in &state.moves {
            if let Err(e) = client::play_text(&mut g, m) {
                sh.error(format!("correspondence {e}"));
                return Ok(());
            }
        }
        if g.is_over() {
            return Ok(());
        }
        let (ply, mv) = client::random_move(&g, &mut self.rng);
        let t = Instant::now();
        let ack = self.ask("move", ClientMessage::Move { game, ply, mv: mv.clone(), think_ms: None }, |m| match m {
            ServerMessage::Moved { game: g2, ply: p, .. } if *g2 == game && *p == ply => Some(()),
            _ => None,
        });
        if ack.await?.is_none() {
            return Ok(());
        }
        sh.corr.acked(game, ply, &mv);
        let _ = client::play_text(&mut g, &mv);
        let mut s = sh.stats.lock().unwrap();
        s.corr_acked.push((game, ply, mv));
        s.corr_ack_us.extend(latency(&sh, t));
        if g.is_over() {
            s.corr_finished += 1;
            drop(s);
            self.mine.remove(&game);
            sh.corr.ended(game);
        }
        Ok(())
    }

    /// Connects again (until the server is back, after a fault), measuring hello → welcome.
    async fn connect(&mut self) -> Result<(), String> {
        let t = Instant::now();
        let addr = self.shared.addr.lock().unwrap().clone();
        if self.side.reconnect(&addr).await.is_err() {
            let deadline = Instant::now() + Duration::from_secs(60);
            self.side.reconnect_until(&self.shared.addr, deadline).await?;
            self.shared.stats.lock().unwrap().corr_reconnects += 1;
        }
        let mut s = self.shared.stats.lock().unwrap();
        s.corr_sessions += 1;
        s.corr_connect_us.extend(latency(&self.shared, t));
        Ok(())
    }

    /// The connection failed: an error outside a fault; then connect again.
    async fn recover(&mut self, why: String) -> Result<(), String> {
        let now = self.shared.epoch.load(Ordering::SeqCst);
        if now == self.epoch {
            self.shared.error(format!("correspondence connection lost outside a fault: {why}"));
        }
        self.epoch = now;
        let deadline = Instant::now() + Duration::from_secs(60);
        self.side.reconnect_until(&self.shared.addr, deadline).await?;
        let mut s = self.shared.stats.lock().unwrap();
        s.corr_reconnects += 1;
        s.corr_sessions += 1;
        Ok(())
    }

    /// Visits until the run stops.
    async fn run(mut self) -> Result<(), String> {
        let mut connected = true;
        loop {
            if stopping(&self.shared) {
                if connected {
                    let _ = self.side.ws.close(None).await;
                }
                return Ok(());
            }
            if !connected {
                self.epoch = self.shared.epoch.load(Ordering::SeqCst);
                self.connect().await?;
                connected = true;
            }
            let visit = plan(&mut self.rng, self.spec.away);
            for k in 0..visit.looks {
                if stopping(&self.shared) {
                    break;
                }
                if k > 0 {
                    nap(&self.shared, visit.pause).await;
                }
                match self.look(k == 0).await {
                    Ok(()) => {}
                    Err(Fail::Conn(why)) => {
                        self.recover(why).await?;
                    }
                    Err(Fail::Refused(code, message)) => self.refused("request", code, &message),
                }
            }
            if let Some(away) = visit.away {
                let _ = self.side.ws.close(None).await;
                connected = false;
                nap(&self.shared, away).await;
            } else {
                nap(&self.shared, visit.pause).await;
            }
        }
    }
}

/// Sleeps `d`, or less when the run stops.
async fn nap(shared: &Shared, d: Duration) {
    let until = Instant::now() + d;
    while Instant::now() < until && !stopping(shared) {
        tokio::time::sleep(until.saturating_duration_since(Instant::now()).min(Duration::from_millis(200))).await;
    }
}

/// Pair `n`: its two accounts, the challenger's first games accepted at once, then both players' visits.
pub async fn pair(shared: Arc<Shared>, n: usize, seed: u64, spec: Spec) -> Result<(), String> {
    let addr = shared.addr.lock().unwrap().clone();
    let tag = format!("{}_{n}", seed % 1000);
    let (a, b) = (format!("ca{tag}"), format!("cb{tag}"));
    let side_a = Side::account(&addr, &a).await?;
    let side_b = Side::account(&addr, &b).await?;
    let epoch = shared.epoch.load(Ordering::SeqCst);
    let rng = |k: u64| Rng(seed ^ (n as u64 * 2 + k).wrapping_mul(0xD1B5_4A32_D192_ED03));
    let mut pa = Player {
        shared: shared.clone(),
        spec,
        side: side_a,
        nickname: a.clone(),
        opponent: b.clone(),
        challenger: true,
        challenges_made: 0,
        mine: HashSet::new(),
        incoming: Vec::new(),
        rng: rng(0),
        epoch,
    };
    let mut pb = Player {
        shared: shared.clone(),
        spec,
        side: side_b,
        nickname: b,
        opponent: a,
        challenger: false,
        challenges_made: 0,
        mine: HashSet::new(),
        incoming: Vec::new(),
        rng: rng(1),
        epoch,
    };
    // The first games: challenged and accepted one after the other (one challenge to a player may be open).
    for _ in 0..spec.games {
        let ask = ClientMessage::Challenge {
            nickname: pb.nickname.clone(),
            time_control: TimeControl::correspondence(spec.days),
            color: color_of(pa.challenges_made),
            rated: true,
        };
        pa.challenges_made += 1;
        let id = pa
            .request(ask, |m| if let ServerMessage::Challenge { challenge } = m { Some(challenge.id) } else { None })
            .await
            .map_err(|e| format!("correspondence challenge: {e:?}"))?;
        let accept = pb.request(ClientMessage::AcceptChallenge { challenge: id }, |m| match m {
            ServerMessage::GameState(s) => Some((s.game, s.time_control)),
            _ => None,
        });
        let (game, tc) = accept.await.map_err(|e| format!("correspondence accept: {e:?}"))?;
        if tc != TimeControl::correspondence(spec.days) {
            shared.error(format!("correspondence game {game} began with {tc:?}"));
        }
        pa.mine.insert(game);
        pb.mine.insert(game);
        shared.corr.created(game);
        shared.stats.lock().unwrap().corr_games += 1;
    }
    pb.incoming.clear();
    let (ra, rb) = tokio::join!(pa.run(), pb.run());
    ra.and(rb)
}

/// A game as the database has it: days per move, allowance (`base_ms`), ended.
pub type StoredGame = (GameId, Option<i32>, i64, bool);

/// The games whose stored time control is not `days` per move (or that the database lacks).
pub fn wrong_days(games: &[GameId], stored: &[StoredGame], days: u32) -> Vec<GameId> {
    let right = TimeControl::correspondence(days);
    let by_id: HashMap<GameId, &StoredGame> = stored.iter().map(|g| (g.0, g)).collect();
    games
        .iter()
        .filter(|g| match by_id.get(g) {
            Some((_, d, base, _)) => *d != Some(days as i32) || *base as u64 != right.base_ms,
            None => true,
        })
        .copied()
        .collect()
}

/// What the end of the run found in the database.
#[derive(Debug, Default)]
pub struct Check {
    pub games: usize,
    /// Ended in the database.
    pub ended: usize,
    pub wrong_days: Vec<GameId>,
    /// Games a list left out while they had not ended.
    pub unlisted: Vec<GameId>,
    /// With a fault: the games in progress at it, and those of them neither moved nor ended after it.
    pub at_fault: usize,
    pub stuck: Vec<GameId>,
    /// The acknowledged moves, and those of them the database lacks (filled in by the caller).
    pub acked: usize,
    pub missing: usize,
}

/// Reads the run's correspondence games from the database and checks them.
pub async fn check(
    db: &tokio_postgres::Client,
    ledger: &Ledger,
    vanished: &[GameId],
    fault_at: Option<Instant>,
    days: u32,
) -> Result<Check, String> {
    let games = ledger.games();
    let rows = db
        .query("SELECT id, days_per_move, base_ms, ended_at IS NOT NULL FROM games WHERE id = ANY($1)", &[&games])
        .await
        .map_err(|e| e.to_string())?;
    let stored: Vec<StoredGame> = rows.iter().map(|r| (r.get(0), r.get(1), r.get(2), r.get(3))).collect();
    let ended: HashSet<GameId> = stored.iter().filter(|g| g.3).map(|g| g.0).collect();
    let mut unlisted: Vec<GameId> = vanished.iter().filter(|g| !ended.contains(g)).copied().collect();
    unlisted.sort_unstable();
    unlisted.dedup();
    let (at_fault, stuck) = match fault_at {
        Some(t) => {
            let (n, s) = ledger.not_moved_after(t);
            (n, s.into_iter().filter(|g| !ended.contains(g)).collect())
        }
        None => (0, Vec::new()),
    };
    Ok(Check {
        games: games.len(),
        ended: ended.len(),
        wrong_days: wrong_days(&games, &stored, days),
        unlisted,
        at_fault,
        stuck,
        acked: 0,
        missing: 0,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(t: &[&str]) -> Vec<String> {
        t.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn an_opened_game_must_hold_every_acknowledged_move_at_its_ply() {
        let mut k = Known::default();
        k.ack(0, "c3-d4");
        k.ack(2, "d4-c5");
        // Ply 1 was the opponent's, acknowledged to them (a hole here is fine), and moves after the last one
        // acknowledged may be there (stored, their acknowledgement lost).
        assert_eq!(k.check(&texts(&["c3-d4", "f6-g5", "d4-c5"])), Ok(()));
        assert_eq!(k.check(&texts(&["c3-d4", "f6-g5", "d4-c5", "b6:d4"])), Ok(()));
        assert!(k.check(&texts(&["c3-d4", "f6-g5"])).unwrap_err().contains("ply 2"));
        assert!(k.check(&texts(&["c3-d4", "f6-g5", "d4-e5"])).unwrap_err().contains("d4-c5 was acknowledged"));
        assert_eq!(Known::default().check(&[]), Ok(()));
    }

    #[test]
    fn a_game_in_progress_at_the_fault_must_move_or_end_after_it() {
        let ledger = Ledger::default();
        ledger.created(1);
        ledger.created(2);
        ledger.created(3);
        ledger.acked(1, 0, "c3-d4");
        ledger.acked(2, 0, "c3-d4");
        std::thread::sleep(Duration::from_millis(5));
        let fault = Instant::now();
        std::thread::sleep(Duration::from_millis(5));
        ledger.acked(1, 1, "f6-g5");
        ledger.ended(3);
        // Game 4 began after the fault: not counted.
        ledger.created(4);
        assert_eq!(ledger.not_moved_after(fault), (3, vec![2]));
        assert_eq!(ledger.games(), [1, 2, 3, 4]);
    }

    #[test]
    fn a_list_leaving_out_a_known_game_is_noticed() {
        let known: HashSet<GameId> = [5, 7, 9].into_iter().collect();
        assert_eq!(missing_from(&known, &[9, 5, 7, 11]), Vec::<GameId>::new());
        assert_eq!(missing_from(&known, &[9]), [5, 7]);
    }

    #[test]
    fn each_game_must_be_stored_with_the_days_it_was_challenged_with() {
        let three = TimeControl::correspondence(3).base_ms as i64;
        let stored =
            [(1, Some(3), three, false), (2, Some(5), three, true), (3, None, 60_000, false), (4, Some(3), 1, false)];
        assert_eq!(wrong_days(&[1, 2, 3, 4, 5], &stored, 3), [2, 3, 4, 5]);
        assert_eq!(wrong_days(&[1], &stored, 3), Vec::<GameId>::new());
    }

    #[test]
    fn the_challenger_takes_each_colour_in_turn() {
        let colours: Vec<ColorChoice> = (0..4).map(color_of).collect();
        assert_eq!(colours, [ColorChoice::White, ColorChoice::Black, ColorChoice::White, ColorChoice::Black]);
    }

    #[test]
    fn visits_look_one_to_three_times_and_mostly_go_away_for_about_the_mean() {
        let mut rng = Rng(7);
        let away = Duration::from_secs(4);
        let visits: Vec<Visit> = (0..1000).map(|_| plan(&mut rng, away)).collect();
        assert!(visits.iter().all(|v| (1..=3).contains(&v.looks)));
        assert!(visits.iter().all(|v| (300..1500).contains(&(v.pause.as_millis() as u64))));
        let gone: Vec<Duration> = visits.iter().filter_map(|v| v.away).collect();
        assert!((650..850).contains(&gone.len()), "{} of 1000 went away", gone.len());
        assert!(gone.iter().all(|d| *d >= away / 2 && *d <= away * 3 / 2));
        let mean = gone.iter().sum::<Duration>() / gone.len() as u32;
        assert!(mean > away * 9 / 10 && mean < away * 11 / 10, "{mean:?}");
    }
}
