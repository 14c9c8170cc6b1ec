//! Watching other players' games: the live games list and the game watched, kept from the server's frames and
//! decided into a [`WatchScreen`] every front end draws — a board that cannot be moved on, both clocks as they
//! run, the moves, the reactions, the spectator count and the end.

use crate::views::{GameId, OnlineEnd, SeatView};
use crate::wire::{core_color, core_reaction, core_reason, core_speed, core_time_control, seat_view};
use giveaway_app::{clock_text, ApiResult, GameSession, NewGame, PieceKind, PlayerBar, PlayerName, Snapshot};
use giveaway_app::{LOW_TIME_MS, TIMED_FROM_PLY};
use giveaway_core::position::Color;
use giveaway_core::record::{Reaction, Speed, TimeControl};
use giveaway_protocol as wire;
use std::time::Instant;

/// A game in progress in the live games list.
#[derive(Clone, Debug, PartialEq)]
pub struct LiveGameView {
    /// The server's number of the game (for `watch`).
    pub game: GameId,
    /// White's player and rating.
    pub white: SeatView,
    /// Black's player and rating.
    pub black: SeatView,
    /// The game's clock.
    pub time_control: TimeControl,
    /// The clock's speed.
    pub speed: Speed,
    /// Whether the game changes ratings.
    pub rated: bool,
    /// Moves played so far.
    pub ply: u32,
    /// People watching it.
    pub spectators: u32,
    /// One of its players is followed by this account.
    pub friend: bool,
}

/// The game being watched.
#[derive(Clone, Debug, PartialEq)]
pub struct WatchScreen {
    /// The server's number of the game.
    pub game: GameId,
    /// White's player and rating.
    pub white: SeatView,
    /// Black's player and rating.
    pub black: SeatView,
    /// The game's clock.
    pub time_control: TimeControl,
    /// The clock's speed.
    pub speed: Speed,
    /// Whether the game changes ratings.
    pub rated: bool,
    /// The board after the last move, White at the bottom; nothing on it can be moved.
    pub board: Snapshot,
    /// Black's bar, above the board: nickname and rating, clock, pieces left, a reaction just shown.
    pub top: PlayerBar,
    /// White's bar, below the board.
    pub bottom: PlayerBar,
    /// Every move so far, in algebraic notation.
    pub moves: Vec<String>,
    /// White's time left now, in milliseconds.
    pub white_ms: u64,
    /// Black's time left now, in milliseconds.
    pub black_ms: u64,
    /// The side whose clock runs, if one does.
    pub running: Option<Color>,
    /// The reactions so far, oldest first.
    pub reactions: Vec<Reaction>,
    /// People watching, this one included.
    pub spectators: u32,
    /// How the game ended, once it has (no rating change: that is the players').
    pub end: Option<OnlineEnd>,
}

/// What the client keeps of the game watched.
#[derive(Clone)]
pub(crate) struct Watched {
    state: wire::WatchState,
    /// When `state.clocks` were read.
    at: Instant,
    board: Snapshot,
}

/// The board after `moves`, for looking only.
fn board(moves: &[String]) -> ApiResult<Snapshot> {
    let session = GameSession::new(NewGame::pass_and_play(None))?;
    for m in moves {
        session.play_move(m.clone())?;
    }
    let mut snap = session.snapshot()?;
    snap.computer_to_move = false;
    for s in &mut snap.squares {
        s.movable = false;
        s.must_capture = false;
    }
    Ok(snap)
}

/// The live games list as the server sent it.
pub(crate) fn live_games(games: Vec<wire::LiveGame>) -> Vec<LiveGameView> {
    games
        .into_iter()
        .map(|g| LiveGameView {
            game: g.game,
            white: seat_view(&g.white),
            black: seat_view(&g.black),
            time_control: core_time_control(g.time_control),
            speed: core_speed(g.speed),
            rated: g.rated,
            ply: g.ply,
            spectators: g.spectators,
            friend: g.friend,
        })
        .collect()
}

impl Watched {
    /// The game as `watch` answered.
    pub fn new(state: wire::WatchState) -> ApiResult<Watched> {
        let board = board(&state.moves)?;
        Ok(Watched { state, at: Instant::now(), board })
    }

    pub fn game(&self) -> GameId {
        self.state.game
    }

    pub fn is_over(&self) -> bool {
        self.state.result.is_some()
    }

    /// A move of the game: false when it does not follow the moves known (the state is to be asked again).
    pub fn moved(&mut self, ply: u32, mv: String, by: wire::Color, clocks: wire::Clocks) -> bool {
        let known = self.state.moves.len() as u32;
        if ply < known {
            return true; // already here (sent twice across a reconnection)
        }
        if ply > known {
            return false;
        }
        self.state.moves.push(mv);
        match board(&self.state.moves) {
            Ok(b) => self.board = b,
            Err(_) => return false,
        }
        self.state.clocks = clocks;
        self.state.turn = by.opponent();
        // Neither side's first move is timed.
        self.state.clock_running = self.state.moves.len() >= TIMED_FROM_PLY;
        self.at = Instant::now();
        true
    }

    pub fn reacted(&mut self, reaction: wire::Reaction) {
        self.state.reactions.push(reaction);
    }

    pub fn ended(&mut self, result: wire::GameResult, clocks: wire::Clocks) {
        self.state.result = Some(result);
        self.state.clocks = clocks;
        self.state.clock_running = false;
        self.at = Instant::now();
    }

    pub fn set_spectators(&mut self, count: u32) {
        self.state.spectators = count;
    }

    /// The screen at `now`: the running clock counted down since the state was read.
    pub fn screen(&self, now: Instant) -> WatchScreen {
        let s = &self.state;
        let running = (s.clock_running && s.result.is_none()).then(|| core_color(s.turn));
        let spent = now.saturating_duration_since(self.at).as_millis() as u64;
        let mut clocks = [s.clocks.white_ms, s.clocks.black_ms];
        if let Some(side) = running {
            let i = if side == Color::White { 0 } else { 1 };
            clocks[i] = clocks[i].saturating_sub(spent);
        }
        let to_move = core_color(s.turn);
        let bar = |side: Color| {
            let (seat, ms) = if side == Color::White { (&s.white, clocks[0]) } else { (&s.black, clocks[1]) };
            let pieces = self.board.squares.iter().filter_map(|q| q.piece.filter(|p| p.color == side));
            let kings = pieces.clone().filter(|p| p.kind == PieceKind::King).count() as u32;
            // A reaction shows until the next move.
            let reaction =
                s.reactions.iter().rev().find(|r| r.ply as usize == s.moves.len() && core_color(r.by) == side);
            PlayerBar {
                side,
                name: PlayerName::Nickname {
                    nickname: seat.player.nickname.clone(),
                    rating: Some(seat_view(seat).rating_text()),
                },
                clock: Some(clock_text(ms)),
                clock_running: running == Some(side),
                low_time: running == Some(side) && ms < LOW_TIME_MS,
                men: pieces.count() as u32 - kings,
                kings,
                to_move: s.result.is_none() && to_move == side,
                reaction: reaction.map(|r| r.emoji.clone()),
                turned: false,
            }
        };
        WatchScreen {
            top: bar(Color::Black),
            bottom: bar(Color::White),
            game: s.game,
            white: seat_view(&s.white),
            black: seat_view(&s.black),
            time_control: core_time_control(s.time_control),
            speed: core_speed(s.speed),
            rated: s.rated,
            board: self.board.clone(),
            moves: s.moves.clone(),
            white_ms: clocks[0],
            black_ms: clocks[1],
            running,
            reactions: s.reactions.iter().map(core_reaction).collect(),
            spectators: s.spectators,
            end: s.result.map(|r| OnlineEnd {
                winner: r.winner.map(core_color),
                reason: core_reason(r.reason),
                rating: None,
                saved_id: None,
            }),
        }
    }

    /// When the running clock's next whole second starts, if one runs.
    pub fn next_tick_ms(&self, now: Instant) -> Option<u64> {
        let screen = self.screen(now);
        let side = screen.running?;
        let left = if side == Color::White { screen.white_ms } else { screen.black_ms };
        Some(left % 1000 + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use giveaway_protocol::{Clocks, PlayerInfo, Seat};

    fn state(moves: &[&str]) -> wire::WatchState {
        let seat = |id: i64, n: &str| Seat {
            player: PlayerInfo { id, nickname: n.into() },
            rating: 1600.0,
            provisional: false,
        };
        wire::WatchState {
            game: 7,
            white: seat(1, "Anna"),
            black: seat(2, "Boris"),
            time_control: wire::TimeControl::clock(180_000, 2000),
            speed: wire::Speed::Blitz,
            rated: true,
            moves: moves.iter().map(|m| m.to_string()).collect(),
            clocks: Clocks { white_ms: 180_000, black_ms: 180_000 },
            turn: if moves.len().is_multiple_of(2) { wire::Color::White } else { wire::Color::Black },
            clock_running: moves.len() >= 2,
            reactions: vec![],
            spectators: 2,
            result: None,
        }
    }

    #[test]
    fn the_watched_board_follows_the_moves_and_cannot_be_moved_on() {
        let mut w = Watched::new(state(&["c3-d4"])).unwrap();
        let start = Instant::now();
        let s = w.screen(start);
        assert_eq!((s.moves.len(), s.running, s.board.ply), (1, None, 1), "the first moves are not timed");
        assert!(s.board.squares.iter().all(|q| !q.movable));
        assert!(w.moved(1, "f6-g5".into(), wire::Color::Black, Clocks { white_ms: 180_000, black_ms: 180_000 }));
        assert!(
            w.moved(1, "f6-g5".into(), wire::Color::Black, Clocks { white_ms: 180_000, black_ms: 180_000 }),
            "twice"
        );
        let later = Instant::now() + std::time::Duration::from_millis(2500);
        let s = w.screen(later);
        assert_eq!((s.moves.len(), s.running, s.board.ply), (2, Some(Color::White), 2));
        assert!(s.white_ms <= 177_500 && s.black_ms == 180_000, "{} {}", s.white_ms, s.black_ms);
        assert!(w.next_tick_ms(later).is_some_and(|t| t <= 1000));
        // The bars: Black above, White below, White's clock running and to move, twelve men each.
        assert_eq!((s.top.side, s.bottom.side), (Color::Black, Color::White));
        assert!(matches!(&s.top.name, PlayerName::Nickname { nickname, .. } if nickname == "Boris"));
        assert!(s.bottom.clock_running && s.bottom.to_move && !s.top.clock_running);
        assert_eq!((s.top.men, s.top.kings, s.bottom.men), (12, 0, 12));
        w.reacted(wire::Reaction { ply: 2, by: wire::Color::Black, emoji: "👍".into() });
        assert_eq!(w.screen(later).top.reaction.as_deref(), Some("👍"), "shown until the next move");
        assert!(!w.moved(5, "g3-h4".into(), wire::Color::White, Clocks { white_ms: 1, black_ms: 1 }), "a gap");
        w.set_spectators(5);
        w.ended(
            wire::GameResult { winner: Some(wire::Color::Black), reason: wire::EndReason::Resignation },
            Clocks { white_ms: 170_000, black_ms: 175_000 },
        );
        let s = w.screen(later);
        assert_eq!((s.running, s.spectators, s.white_ms, s.black_ms), (None, 5, 170_000, 175_000));
        assert_eq!(s.end.unwrap().winner, Some(Color::Black));
        assert_eq!(w.next_tick_ms(later), None);
    }
}
