//! What the server of an online game decides, applied to the local state: the opponent's moves, the clocks
//! as the server reads them, the whole game again after a reconnection, draw offers, reactions and the end.
//! The local rules check every move too, so a server move this device cannot play is an error, not a
//! silently different game.

use super::GameState;
use crate::error::{ApiResult, GiveawayError};
use giveaway_core::game::Game;
use giveaway_core::game::{EndReason, GameResult, Outcome};
use giveaway_core::notation::{format_move, parse_move, Notation};
use giveaway_core::position::Color;
use giveaway_core::record::Reaction;
use std::time::Instant;

/// The game on the server, as a `game_state` frame tells it after a (re)connection.
#[derive(Clone, Debug, PartialEq)]
pub struct ServerGame {
    /// Every move from the standard start, as the server writes them.
    pub moves: Vec<String>,
    /// White's and Black's time left, when the frame was read.
    pub clocks: [i64; 2],
    /// Whether the side to move's clock runs.
    pub clock_running: bool,
    /// A pending draw offer, by whom.
    pub draw_offer: Option<Color>,
    /// Every reaction of the game.
    pub reactions: Vec<Reaction>,
    /// The server has ended the game (its result follows).
    pub over: bool,
}

/// The first ply the server times: clocks start with White's second move (neither side's first move is timed;
/// each has a deadline instead, see `docs/protocol.md`).
pub const TIMED_FROM_PLY: usize = 2;

/// What became of this device's own move the server did not have, after a [`GameState::sync_remote`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Synced {
    /// Still on the board: send it (again; a resend is safe).
    pub resend: Option<String>,
    /// Taken off the board: the game ended on the server before the move reached it.
    pub dropped: Option<String>,
}

fn out_of_step(reason: String) -> GiveawayError {
    GiveawayError::Unavailable { reason }
}

impl GameState {
    /// The opponent's move `text`, played at `ply` (the plies before it), with the clocks after it. A queued
    /// premove follows at once if it is legal: returned as `(ply, text)` for the server.
    pub fn play_remote(
        &mut self,
        ply: u32,
        text: &str,
        clocks: [i64; 2],
        now: Instant,
    ) -> ApiResult<Option<(u32, String)>> {
        if ply as usize != self.game.ply() {
            return Err(out_of_step(format!(
                "the server's move {text} is for ply {ply}, the board is at {}",
                self.game.ply()
            )));
        }
        if self.remote() != Some(self.game.position().side_to_move()) {
            return Err(out_of_step(format!("the server's move {text} is not the opponent's")));
        }
        let mv = parse_move(self.game.position(), text)
            .map_err(|e| out_of_step(format!("the server's move {text}: {e}")))?;
        self.apply(&mv, now)?;
        self.set_remote_clocks(clocks, true, now);
        self.play_premove(now)
    }

    /// The server acknowledged this device's move: its clocks are the true ones.
    pub fn confirm_own(&mut self, ply: u32, clocks: [i64; 2], now: Instant) {
        if ply as usize + 1 == self.game.ply() {
            self.set_remote_clocks(clocks, true, now);
        }
    }

    /// The clocks as the server read them; the local clock only runs them down between frames.
    pub fn set_remote_clocks(&mut self, clocks: [i64; 2], running: bool, now: Instant) {
        self.set_clock(clocks, now);
        if !running || self.game.is_over() {
            self.pause_clock(now);
        }
    }

    /// The whole game again (after a reconnection, or when this device was out of step). Moves both sides
    /// agree on stay; the rest is replaced by the server's, except this device's own move right after them,
    /// which the server does not have yet (made offline, or lost on the way). That move is returned so the
    /// caller sends it again — unless the game is over on the server, when it is taken off.
    pub fn sync_remote(&mut self, server: &ServerGame, now: Instant) -> ApiResult<Synced> {
        let local = self.game.moves().to_vec();
        let mut replay = Game::new(*self.game.start(), self.game.rules());
        for (i, text) in server.moves.iter().enumerate() {
            let mv = parse_move(replay.position(), text)
                .map_err(|e| out_of_step(format!("the server's move {} ({text}): {e}", i + 1)))?;
            replay.play(&mv)?;
        }
        let agreed = local.iter().zip(replay.moves()).take_while(|(a, b)| a == b).count();
        let mut synced = Synced::default();
        if agreed == replay.ply() {
            // Only this device's own move can be ahead (the opponent's reach it from the server).
            if let Some(mine) = local.get(agreed).filter(|_| self.remote() != Some(self.mover_of(agreed))) {
                let text = format_move(mine, Notation::Algebraic);
                if server.over || replay.is_over() {
                    synced.dropped = Some(text);
                } else {
                    replay.play(mine)?;
                    synced.resend = Some(text);
                }
            }
        }
        // A result the server sent comes with this state (`end_remote`); one the rules find is in `replay`.
        self.game = replay;
        self.drop_waiting_moves();
        self.entry = None;
        self.choices.clear();
        self.draw_offer = server.draw_offer;
        self.reactions = server.reactions.clone();
        self.clock_redo.clear();
        let times = server.clocks;
        self.clock_history.resize(self.game.ply() + 1, times);
        self.changed();
        self.set_remote_clocks(server.clocks, server.clock_running, now);
        Ok(synced)
    }

    /// The server ended the game. Endings the rules find by themselves (no legal move, repetition, the
    /// king-move rule) are already on the board after the last move; the others are set here.
    pub fn end_remote(&mut self, result: GameResult, clocks: [i64; 2], now: Instant) -> ApiResult<()> {
        if self.game.result().is_none() {
            let loser = match result.outcome {
                Outcome::WhiteWins => Some(Color::Black),
                Outcome::BlackWins => Some(Color::White),
                Outcome::Draw => None,
            };
            let ended = match (result.reason, loser) {
                (EndReason::Resignation, Some(l)) => self.game.resign(l),
                (EndReason::Time, Some(l)) => self.game.flag(l),
                (EndReason::Abandonment, Some(l)) => self.game.abandon(l),
                (EndReason::Agreement, None) => self.game.agree_draw(),
                _ => return Err(out_of_step(format!("the server ended the game ({result}) where the board does not"))),
            };
            ended?;
        }
        self.drop_waiting_moves();
        self.entry = None;
        self.choices.clear();
        self.draw_offer = None;
        self.set_remote_clocks(clocks, false, now);
        self.changed();
        Ok(())
    }

    /// A draw offer as the server tells it (`None`: declined or lapsed).
    pub fn set_draw_offer(&mut self, by: Option<Color>) {
        self.draw_offer = by;
        self.changed();
    }

    /// A reaction either player showed, as the server relays it.
    pub fn add_reaction(&mut self, reaction: Reaction) {
        self.reactions.push(reaction);
        self.changed();
    }
}
