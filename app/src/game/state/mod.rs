//! The game a session plays, in plain Rust: the record, clocks, move entry, undo/redo with the pair rule,
//! resignation, draw offers and reactions. `GameSession` wraps it in a lock; tests drive it directly with a
//! chosen `Instant` for the clocks.

mod premove;
mod remote;

pub use premove::MoveInput;
pub use remote::{ServerGame, Synced, TIMED_FROM_PLY};

use crate::error::{ApiResult, GiveawayError};
use crate::game::clock::GameClock;
use crate::game::input::{Entry, Step};
use crate::game::{Notice, NoticeKind};
use crate::setup::{NewGame, Opponent, StartPosition};
use giveaway_core::fen::parse_fen;
use giveaway_core::game::{EndReason, Game, Rules};
use giveaway_core::movegen::Move;
use giveaway_core::notation::{format_square, parse_move, Notation};
use giveaway_core::position::{Color, Position};
use giveaway_core::record::Reaction;
use giveaway_core::square::{Bitboard, Square};
use std::time::Instant;

/// Levels run from 1 (Beginner) to this.
pub const MAX_LEVEL: u8 = 8;

/// The state of one game without threads or storage: the game, its setup, clocks, input in progress, draw offer, reactions.
#[derive(Clone, Debug)]
pub struct GameState {
    pub(crate) game: Game,
    pub(crate) setup: NewGame,
    pub(crate) clock: Option<GameClock>,
    /// Times left at the start of each ply (index = ply), for undo.
    clock_history: Vec<[i64; 2]>,
    clock_redo: Vec<[i64; 2]>,
    pub(crate) entry: Option<Entry>,
    pub(crate) choices: Vec<Move>,
    /// Why the last tap did nothing (a piece of the side to move that cannot move); cleared by the next input
    /// or change of the game.
    pub(crate) notice: Option<Notice>,
    pub(crate) draw_offer: Option<Color>,
    pub(crate) reactions: Vec<Reaction>,
    pub(crate) notation: Notation,
    /// Bumped by every change of the game, so a search started before it knows its answer is stale.
    pub(crate) generation: u64,
    /// The premove and confirmation settings (`premove`).
    move_input: MoveInput,
    /// A move of the player's queued during the opponent's turn.
    premove: Option<Move>,
    /// The player's move waiting for Confirm.
    proposed: Option<Move>,
}

/// The position a new game starts from.
pub fn start_position(start: &StartPosition) -> ApiResult<Position> {
    match start {
        StartPosition::Standard => Ok(Position::start()),
        StartPosition::Fen { fen } => Ok(parse_fen(fen)?),
        StartPosition::RemovedMen { squares } => {
            let start = Position::start();
            let (mut white, mut black) = (start.pieces(Color::White), start.pieces(Color::Black));
            for &n in squares {
                let s = u8::try_from(n)
                    .ok()
                    .and_then(Square::from_pdn)
                    .ok_or_else(|| bad_setup(format!("{n} is not a square number (1–32)")))?;
                let own = if white.contains(s) { &mut white } else { &mut black };
                if !own.contains(s) {
                    return Err(bad_setup(format!("there is no man on {s} ({n}) to remove")));
                }
                *own -= s.mask();
            }
            Position::new(white, black, Bitboard::EMPTY, Color::White).map_err(|e| bad_setup(e.to_string()))
        }
    }
}

fn bad_setup(reason: String) -> GiveawayError {
    GiveawayError::BadSetup { reason }
}

impl GameState {
    /// A new game from `setup` (refused if the setup cannot be played), clocks ready to start at `now`.
    pub fn new(setup: NewGame, now: Instant) -> ApiResult<GameState> {
        if let Opponent::Computer { level, .. } = setup.opponent {
            if !(1..=MAX_LEVEL).contains(&level) {
                return Err(bad_setup(format!("level must be 1 to {MAX_LEVEL}, not {level}")));
            }
        }
        if let Some(tc) = setup.time_control {
            crate::game::clock::validate(&tc).map_err(bad_setup)?;
        }
        let game = Game::new(start_position(&setup.start)?, Rules::default());
        if let Some(r) = game.result() {
            return Err(bad_setup(format!("the game would be over before it starts: {r}")));
        }
        Ok(GameState::with_game(setup, game, now))
    }

    /// A state around an existing record (resume, replay). The clocks restart from their full time unless
    /// the caller sets them.
    pub fn with_game(setup: NewGame, game: Game, now: Instant) -> GameState {
        let clock = setup.time_control.map(GameClock::new);
        let mut s = GameState {
            clock_history: Vec::new(),
            clock_redo: Vec::new(),
            game,
            setup,
            clock,
            entry: None,
            choices: Vec::new(),
            notice: None,
            draw_offer: None,
            reactions: Vec::new(),
            notation: Notation::Algebraic,
            generation: 0,
            move_input: MoveInput::default(),
            premove: None,
            proposed: None,
        };
        let start_times = s.clock_now(now);
        s.clock_history = vec![start_times; s.game.ply() + 1];
        s.run_clock(now);
        s
    }

    /// The game record.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// What the game was started with.
    pub fn setup(&self) -> &NewGame {
        &self.setup
    }

    /// The computer's colour, in a game against it.
    pub fn computer(&self) -> Option<Color> {
        match self.setup.opponent {
            Opponent::Computer { human, .. } => Some(human.opponent()),
            Opponent::PassAndPlay | Opponent::Online { .. } => None,
        }
    }

    /// The side this device does not move for: the computer's, or the online opponent's.
    pub fn remote(&self) -> Option<Color> {
        self.setup.opponent.human().map(Color::opponent)
    }

    /// A game against a player on the server: the server's word is final on clocks and endings.
    pub fn online(&self) -> bool {
        matches!(self.setup.opponent, Opponent::Online { .. })
    }

    /// The computer's level, in a game against it.
    pub fn level(&self) -> Option<u8> {
        match self.setup.opponent {
            Opponent::Computer { level, .. } => Some(level),
            Opponent::PassAndPlay | Opponent::Online { .. } => None,
        }
    }

    /// Whether the computer is to move now.
    pub fn computer_to_move(&self) -> bool {
        !self.game.is_over() && self.computer() == Some(self.game.position().side_to_move())
    }

    /// A person on this device is to enter the next move.
    pub fn human_to_move(&self) -> bool {
        !self.game.is_over() && self.remote() != Some(self.game.position().side_to_move())
    }

    fn changed(&mut self) {
        self.generation += 1;
        self.notice = None;
    }

    /// Times left (White, Black) now, or `[0, 0]` without clocks.
    pub fn clock_now(&self, now: Instant) -> [i64; 2] {
        self.clock.as_ref().map_or([0, 0], |c| c.remaining_at(now))
    }

    /// Runs the side to move's clock, or stops both once the game is over.
    fn run_clock(&mut self, now: Instant) {
        let side = self.game.position().side_to_move();
        // Online, the server times neither side's first move (each has a deadline instead): nor does the board.
        let over = self.game.is_over() || (self.online() && self.game.ply() < TIMED_FROM_PLY);
        if let Some(c) = self.clock.as_mut() {
            if over {
                c.stop(now);
            } else {
                c.start(side, now);
            }
        }
    }

    /// Ends the game if the running clock has run out. Returns whether it did.
    pub fn check_flag(&mut self, now: Instant) -> bool {
        if self.online() {
            return false; // the server's clock decides; its `game_end` says so
        }
        let Some(side) = self.clock.as_ref().and_then(|c| c.flagged(now)) else { return false };
        if self.game.flag(side).is_err() {
            return false;
        }
        self.entry = None;
        self.choices.clear();
        self.draw_offer = None;
        self.run_clock(now);
        self.changed();
        true
    }

    /// The times left after ply `i` (0-based) was played, in a timed game.
    pub fn clock_after(&self, i: usize) -> Option<[i64; 2]> {
        self.clock.as_ref()?;
        self.clock_history.get(i + 1).copied()
    }

    /// Restores clocks and reactions of a saved game: `after_moves[i]` are the times saved after ply `i`.
    pub fn restore(
        &mut self,
        after_moves: &[Option<[i64; 2]>],
        current: Option<[i64; 2]>,
        reactions: Vec<Reaction>,
        now: Instant,
    ) {
        for (i, t) in after_moves.iter().enumerate() {
            if let (Some(t), Some(slot)) = (t, self.clock_history.get_mut(i + 1)) {
                *slot = *t;
            }
        }
        if let Some(t) = current.or_else(|| self.clock_history.last().copied()) {
            self.set_clock(t, now);
        }
        self.reactions = reactions;
    }

    /// Stops the clocks (app in the background); any input or `resume_clock` starts them again.
    pub fn pause_clock(&mut self, now: Instant) {
        if let Some(c) = self.clock.as_mut() {
            c.stop(now);
        }
    }

    /// Starts the clocks again after [`Self::pause_clock`].
    pub fn resume_clock(&mut self, now: Instant) {
        self.run_clock(now);
    }

    /// Sets the clocks (resuming a saved game); they run for the side to move.
    pub fn set_clock(&mut self, remaining: [i64; 2], now: Instant) {
        if let Some(c) = self.clock.as_mut() {
            c.set_remaining(remaining, now);
        }
        if let Some(last) = self.clock_history.last_mut() {
            *last = remaining;
        }
    }

    /// Checks the player may enter a move now.
    fn ready_for_input(&mut self, now: Instant) -> ApiResult<()> {
        self.notice = None;
        self.check_flag(now);
        if let Some(r) = self.game.result() {
            return Err(GiveawayError::GameOver { result: r.to_string() });
        }
        if self.computer_to_move() {
            return Err(GiveawayError::NotYourTurn { reason: "it is the computer's turn".into() });
        }
        if self.online() && self.remote() == Some(self.game.position().side_to_move()) {
            return Err(GiveawayError::NotYourTurn { reason: "it is your opponent's move".into() });
        }
        self.run_clock(now);
        Ok(())
    }

    /// A tap on a square: completes, continues or disambiguates the selected piece's move when the square is
    /// one of its landings; otherwise selects the piece there, or clears the selection.
    pub fn tap(&mut self, square: u32, now: Instant) -> ApiResult<()> {
        let s = parse_square(square)?;
        if self.premove_turn() {
            return self.premove_tap(s);
        }
        self.ready_for_input(now)?;
        if self.proposed.take().is_some() {
            return Ok(()); // a tap on the board drops the move waiting for Confirm
        }
        if let Some(e) = &self.entry {
            if e.tap(s) != Step::Rejected {
                return self.move_to(square, now);
            }
            if s == e.current() {
                // Tapping the moving piece again steps back one stage: partial capture → selection → nothing.
                self.entry = if e.is_partial() { Entry::select(e.from(), &self.game.legal_moves()) } else { None };
                return Ok(());
            }
        }
        let legal = self.game.legal_moves();
        if Entry::select(s, &legal).is_some() {
            return self.select(square, now);
        }
        self.clear_selection();
        // An own piece that cannot move (usually held back by a compulsory capture elsewhere): say why, since
        // the tap visibly does nothing. Taps on empty squares or the opponent's pieces just clear.
        self.notice = held_back(self.game.position(), &legal, s, self.notation);
        Ok(())
    }

    /// Selects the piece on `square` for moving (abandoning any partial capture).
    pub fn select(&mut self, square: u32, now: Instant) -> ApiResult<()> {
        let s = parse_square(square)?;
        self.ready_for_input(now)?;
        let legal = self.game.legal_moves();
        match Entry::select(s, &legal) {
            Some(e) => {
                self.entry = Some(e);
                self.choices.clear();
                Ok(())
            }
            None => Err(GiveawayError::IllegalMove {
                reason: cannot_select(self.game.position(), &legal, s, self.notation),
            }),
        }
    }

    /// Moves the selected piece to `square`: the next hop of a capture, or the final square of a move.
    pub fn move_to(&mut self, square: u32, now: Instant) -> ApiResult<()> {
        let s = parse_square(square)?;
        if self.premove_turn() {
            return self.premove_to(s);
        }
        self.ready_for_input(now)?;
        let Some(entry) = &self.entry else {
            return Err(GiveawayError::Unavailable { reason: "select a piece first".into() });
        };
        match entry.tap(s) {
            Step::Complete(mv) => self.play_own(&mv, now),
            Step::Continue(next) => {
                self.entry = Some(next);
                Ok(())
            }
            Step::Choose(options) => {
                self.choices = options;
                Ok(())
            }
            Step::Rejected => Err(GiveawayError::IllegalMove {
                reason: format!("the piece on {} cannot go to {s} now", entry.current()),
            }),
        }
    }

    /// Picks one of the offered `choices` (index into the snapshot's list).
    pub fn choose(&mut self, index: u32, now: Instant) -> ApiResult<()> {
        if self.premove_turn() {
            return self.premove_choose(index);
        }
        self.ready_for_input(now)?;
        let mv = *self.choices.get(index as usize).ok_or_else(|| GiveawayError::Unavailable {
            reason: format!("there is no choice number {index} ({} offered)", self.choices.len()),
        })?;
        self.play_own(&mv, now)
    }

    /// Drops the selected piece and any capture entered hop by hop.
    pub fn clear_selection(&mut self) {
        self.entry = None;
        self.choices.clear();
        self.notice = None;
    }

    /// Plays a move written in algebraic or numeric notation (a short form naming start and end is enough).
    pub fn play_text(&mut self, text: &str, now: Instant) -> ApiResult<()> {
        if self.premove_turn() {
            return self.premove_text(text);
        }
        self.ready_for_input(now)?;
        let mv = parse_move(self.game.position(), text)?;
        self.play_own(&mv, now)
    }

    /// Plays a move chosen by the computer.
    pub fn play_computer(&mut self, mv: &Move, now: Instant) -> ApiResult<()> {
        self.check_flag(now);
        if !self.computer_to_move() {
            return Err(GiveawayError::NotYourTurn { reason: "it is not the computer's turn".into() });
        }
        self.apply(mv, now)
    }

    fn apply(&mut self, mv: &Move, now: Instant) -> ApiResult<()> {
        let mover = self.game.position().side_to_move();
        self.game.play(mv)?;
        self.entry = None;
        self.choices.clear();
        if self.draw_offer.is_some_and(|c| c != mover) {
            self.draw_offer = None; // answering an offer with a move declines it
        }
        if let Some(c) = self.clock.as_mut() {
            c.moved(mover, now);
        }
        let times = self.clock_now(now);
        self.clock_history.push(times);
        self.clock_redo.clear();
        self.run_clock(now);
        self.changed();
        Ok(())
    }

    /// Whether `undo` would change anything. Against the computer there must be a move of the player's own
    /// to take back (or a resignation or time loss to withdraw).
    pub fn can_undo(&self) -> bool {
        if !self.game.can_undo() || self.online() {
            return false;
        }
        let Some(cpu) = self.computer() else { return true };
        let withdrawable = self.game.result().is_some_and(|r| {
            !matches!(r.reason, EndReason::NoLegalMove | EndReason::Repetition | EndReason::KingMoveRule)
        });
        withdrawable || (0..self.game.ply()).any(|i| self.mover_of(i) != cpu)
    }

    /// Whether a taken-back move can be played again.
    pub fn can_redo(&self) -> bool {
        self.game.can_redo() && !self.online()
    }

    /// The side that played ply `i` (0-based).
    pub(crate) fn mover_of(&self, i: usize) -> Color {
        let first = self.game.start().side_to_move();
        if i.is_multiple_of(2) {
            first
        } else {
            first.opponent()
        }
    }

    /// Takes back the last move; against the computer, its reply too, so it is the player's turn again.
    pub fn undo(&mut self, now: Instant) -> ApiResult<()> {
        self.check_flag(now);
        if !self.can_undo() {
            return Err(GiveawayError::Unavailable { reason: "there is nothing to undo".into() });
        }
        loop {
            let before = (self.game.ply(), self.game.result());
            if self.game.undo().is_some() {
                if let Some(t) = self.clock_history.pop() {
                    self.clock_redo.push(t);
                }
            }
            if (self.game.ply(), self.game.result()) == before {
                break;
            }
            match self.computer() {
                Some(cpu) if self.game.position().side_to_move() == cpu && self.can_undo() => continue,
                _ => break,
            }
        }
        self.after_takeback(now);
        Ok(())
    }

    /// Replays the last undone move; against the computer, its reply too.
    pub fn redo(&mut self, now: Instant) -> ApiResult<()> {
        self.check_flag(now);
        if !self.can_redo() {
            return Err(GiveawayError::Unavailable { reason: "there is nothing to redo".into() });
        }
        while self.game.redo().is_some() {
            let times = self.clock_redo.pop().unwrap_or_else(|| self.clock_now(now));
            self.clock_history.push(times);
            if !(self.computer_to_move() && self.can_redo()) {
                break;
            }
        }
        self.after_takeback(now);
        Ok(())
    }

    fn after_takeback(&mut self, now: Instant) {
        let ply = self.game.ply() as u32;
        self.reactions.retain(|r| r.ply <= ply); // reactions go with the moves they followed
        self.entry = None;
        self.choices.clear();
        self.draw_offer = None;
        if let (Some(c), Some(t)) = (self.clock.as_mut(), self.clock_history.last()) {
            c.set_remaining(*t, now);
        }
        self.run_clock(now);
        self.changed();
    }

    /// `side` resigns and loses. Against the computer only the player can resign.
    pub fn resign(&mut self, side: Color, now: Instant) -> ApiResult<()> {
        self.check_flag(now);
        if self.computer() == Some(side) {
            return Err(GiveawayError::NotYourTurn { reason: "the computer does not resign on request".into() });
        }
        self.game.resign(side)?;
        self.end_by_decision(now);
        Ok(())
    }

    /// The side to move offers a draw (pass-and-play only); the other player answers with `accept_draw` or
    /// `decline_draw`, or by moving.
    pub fn offer_draw(&mut self, now: Instant) -> ApiResult<()> {
        self.check_flag(now);
        if self.computer().is_some() {
            return Err(GiveawayError::Unavailable { reason: "draw offers are for pass-and-play games".into() });
        }
        if let Some(r) = self.game.result() {
            return Err(GiveawayError::GameOver { result: r.to_string() });
        }
        if self.draw_offer.is_some() {
            return Err(GiveawayError::Unavailable { reason: "a draw offer is already waiting for an answer".into() });
        }
        self.draw_offer = Some(self.game.position().side_to_move());
        self.changed();
        Ok(())
    }

    /// Accepts the pending draw offer: the game ends in a draw.
    pub fn accept_draw(&mut self, now: Instant) -> ApiResult<()> {
        self.check_flag(now);
        if self.draw_offer.is_none() {
            return Err(GiveawayError::Unavailable { reason: "no draw has been offered".into() });
        }
        self.game.agree_draw()?;
        self.end_by_decision(now);
        Ok(())
    }

    /// Declines the pending draw offer.
    pub fn decline_draw(&mut self) -> ApiResult<()> {
        if self.draw_offer.take().is_none() {
            return Err(GiveawayError::Unavailable { reason: "no draw has been offered".into() });
        }
        self.changed();
        Ok(())
    }

    fn end_by_decision(&mut self, now: Instant) {
        self.drop_waiting_moves();
        self.entry = None;
        self.choices.clear();
        self.draw_offer = None;
        self.run_clock(now);
        self.changed();
    }

    /// `side` shows an emoji. Against the computer only the player reacts.
    pub fn react(&mut self, side: Color, emoji: &str) -> ApiResult<()> {
        if self.computer() == Some(side) {
            return Err(GiveawayError::Unavailable { reason: "the computer does not send reactions".into() });
        }
        let e = emoji.trim();
        if e.is_empty() || e.len() > 32 || e.chars().any(|c| c.is_control() || c.is_ascii_alphabetic()) {
            return Err(GiveawayError::Unavailable { reason: "a reaction is one emoji".into() });
        }
        self.reactions.push(Reaction { side, emoji: e.to_string(), ply: self.game.ply() as u32 });
        self.changed();
        Ok(())
    }

    /// The computer's clock for the engine's time budget, in a timed game.
    pub fn engine_clock(&self, now: Instant) -> Option<giveaway_core::engine::ClockReading> {
        let (clock, cpu) = (self.clock.as_ref()?, self.computer()?);
        let increment = match cpu {
            Color::White => clock.control().white.increment_ms,
            Color::Black => clock.control().black.increment_ms,
        };
        Some(giveaway_core::engine::ClockReading {
            remaining: std::time::Duration::from_millis(clock.remaining_at(now)[cpu.index()] as u64),
            increment: std::time::Duration::from_millis(increment),
        })
    }

    /// How moves are written in snapshots.
    pub fn set_notation(&mut self, n: Notation) {
        self.notation = n;
    }
}

/// The square with PDN number `n` (1–32); `Unavailable` for any other number.
pub fn parse_square(n: u32) -> ApiResult<Square> {
    u8::try_from(n)
        .ok()
        .and_then(Square::from_pdn)
        .ok_or_else(|| GiveawayError::Unavailable { reason: format!("{n} is not a square number (1–32)") })
}

/// Why the piece on `s` cannot be selected, in the player's words and notation.
fn cannot_select(pos: &Position, legal: &[Move], s: Square, notation: Notation) -> String {
    let us = pos.side_to_move();
    match pos.piece_at(s) {
        None => format!("there is no piece on {}", format_square(s, notation)),
        Some(p) if p.color != us => {
            format!("the piece on {} is not yours; {us:?} is to move", format_square(s, notation))
        }
        Some(_) => held_back(pos, legal, s, notation).map_or_else(String::new, |n| n.message),
    }
}

/// The notice for a tap on an own piece at `s` that has no legal move; `None` for any other square.
fn held_back(pos: &Position, legal: &[Move], s: Square, notation: Notation) -> Option<Notice> {
    let own = pos.piece_at(s).is_some_and(|p| p.color == pos.side_to_move());
    if !own || legal.iter().any(|m| m.from() == s) {
        return None;
    }
    let name = |q: Square| format_square(q, notation);
    let (kind, capturers, message) = if legal.first().is_some_and(Move::is_capture) {
        let capturers: Vec<Square> = legal.iter().map(Move::from).collect::<Bitboard>().squares().collect();
        let names: Vec<String> = capturers.iter().map(|&q| name(q)).collect();
        let message = format!("capturing is compulsory: move a piece that can capture ({})", names.join(", "));
        (NoticeKind::MustCaptureElsewhere, capturers.iter().map(|q| q.pdn() as u32).collect(), message)
    } else {
        (NoticeKind::PieceCannotMove, Vec::new(), format!("the piece on {} has no legal move", name(s)))
    };
    Some(Notice { kind, square: s.pdn() as u32, capturers, message })
}

#[cfg(test)]
mod tests;
