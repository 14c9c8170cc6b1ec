//! Premoves and move confirmation in an online game, decided here once for every front end.
//!
//! **A premove**: during the opponent's turn the player enters one move of their own as if it were their turn
//! in the position on the board — by taps, a drag or typed text, with the same entry as a real move. It is
//! queued and shown (`SquareView::pending`, `Snapshot::premove`), and played the moment the opponent's move
//! arrives if it is legal then: the same piece along the same landing squares, which also fixes what it
//! captures. Otherwise it is dropped and the player told (`NoticeKind::PremoveDropped`): in giveaway a capture
//! the opponent offers is compulsory, so a quiet premove is often overtaken. A tap while one is queued cancels
//! it. Whether premoves are on is the setting [`PremoveMode`] for the game's speed. A premove skips the
//! confirmation below: it exists for speed.
//!
//! **Confirmation**: with `confirm_moves` on, the player's completed move in an online game is proposed, not
//! played (`Snapshot::proposed`, drawn as pending on the board): [`GameState::confirm_move`] plays it,
//! [`GameState::cancel_move`] or a tap on the board drops it. Games on this device (against the computer,
//! pass-and-play) take back a move instead, so they do not ask.

use super::GameState;
use crate::error::{ApiResult, GiveawayError};
use crate::game::input::{Entry, Step};
use crate::game::snapshot::{Notice, NoticeKind};
use giveaway_core::movegen::{moves_by_shape, Move};
use giveaway_core::notation::{format_move, parse_move_among, Notation};
use giveaway_core::square::Square;
use giveaway_core::storage::PremoveMode;
use std::time::Instant;

/// The player's input preferences that change how moves are entered (from the settings).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MoveInput {
    /// When premoves are on.
    pub premoves: PremoveMode,
    /// Online moves wait for Confirm.
    pub confirm: bool,
}

impl GameState {
    /// Follows the player's premove and confirmation settings; a queued premove or proposed move they turn off
    /// is dropped.
    pub fn set_move_input(&mut self, input: MoveInput) {
        self.move_input = input;
        if !self.premoves_on() {
            self.premove = None;
        }
        if !self.confirming() {
            self.proposed = None;
        }
    }

    /// Premoves are on in this game: online, and the setting allows them at its speed.
    pub fn premoves_on(&self) -> bool {
        self.online() && self.move_input.premoves.allows(self.setup.time_control.map(|t| t.speed()))
    }

    fn confirming(&self) -> bool {
        self.online() && self.move_input.confirm
    }

    /// Input now goes to a premove: premoves are on and the opponent is to move in a game not over.
    pub(crate) fn premove_turn(&self) -> bool {
        self.premoves_on() && !self.game.is_over() && self.remote() == Some(self.game.position().side_to_move())
    }

    /// The moves the player could queue: any move or capture of theirs on the board as it stands, as if it
    /// were their turn and capturing were not compulsory — the opponent's move decides which are legal.
    fn premove_moves(&self) -> Vec<Move> {
        let Some(own) = self.setup.opponent.human() else { return Vec::new() };
        moves_by_shape(&self.game.position().with_side_to_move(own)).to_vec()
    }

    /// The queued premove, if any.
    pub fn premove(&self) -> Option<&Move> {
        self.premove.as_ref()
    }

    /// The move waiting for the player's Confirm, if any.
    pub fn proposed(&self) -> Option<&Move> {
        self.proposed.as_ref()
    }

    /// A tap during the opponent's turn: cancels a queued premove, or enters one as a move is entered.
    pub(crate) fn premove_tap(&mut self, s: Square) -> ApiResult<()> {
        if self.premove.take().is_some() {
            self.entry = None;
            return Ok(());
        }
        if let Some(e) = &self.entry {
            let step = e.tap(s);
            if step != Step::Rejected {
                return self.premove_step(step);
            }
            if s == e.current() {
                // As on the player's turn: tapping the moving piece again steps back one stage.
                self.entry = if e.is_partial() { Entry::select(e.from(), &self.premove_moves()) } else { None };
                return Ok(());
            }
        }
        self.choices.clear();
        self.entry = Entry::select(s, &self.premove_moves());
        Ok(())
    }

    /// The selected piece dragged (or moved) to `s` during the opponent's turn.
    pub(crate) fn premove_to(&mut self, s: Square) -> ApiResult<()> {
        let Some(entry) = &self.entry else {
            return Err(GiveawayError::Unavailable { reason: "select a piece first".into() });
        };
        match entry.tap(s) {
            Step::Rejected => {
                Err(GiveawayError::IllegalMove { reason: format!("the piece on {} cannot go to {s}", entry.current()) })
            }
            step => self.premove_step(step),
        }
    }

    fn premove_step(&mut self, step: Step) -> ApiResult<()> {
        match step {
            Step::Complete(mv) => self.queue_premove(mv),
            Step::Continue(next) => self.entry = Some(next),
            Step::Choose(options) => self.choices = options,
            Step::Rejected => {}
        }
        Ok(())
    }

    fn queue_premove(&mut self, mv: Move) {
        self.entry = None;
        self.choices.clear();
        self.premove = Some(mv);
    }

    /// One of the offered paths, during the opponent's turn: queued as the premove.
    pub(crate) fn premove_choose(&mut self, index: u32) -> ApiResult<()> {
        let mv = *self.choices.get(index as usize).ok_or_else(|| GiveawayError::Unavailable {
            reason: format!("there is no choice number {index} ({} offered)", self.choices.len()),
        })?;
        self.queue_premove(mv);
        Ok(())
    }

    /// A premove typed as text (the terminal), read as a move of the player's in the position on the board.
    pub(crate) fn premove_text(&mut self, text: &str) -> ApiResult<()> {
        let Some(own) = self.setup.opponent.human() else {
            return Err(GiveawayError::Unavailable { reason: "no premoves in this game".into() });
        };
        let shaped = moves_by_shape(&self.game.position().with_side_to_move(own)).to_vec();
        // Read against the board as if it were the player's turn, then matched by shape (a quiet premove is
        // allowed where a capture is compulsory now).
        let mv = parse_move_among(&self.game.position().with_side_to_move(own), &shaped, text)?;
        self.queue_premove(mv);
        Ok(())
    }

    /// After the opponent's move: the queued premove is played if it is legal now (and returned as
    /// `(ply, text)` for the server); else dropped with a notice.
    pub(crate) fn play_premove(&mut self, now: Instant) -> ApiResult<Option<(u32, String)>> {
        let Some(queued) = self.premove.take() else { return Ok(None) };
        if !self.human_to_move() {
            return Ok(None); // the game ended with the opponent's move
        }
        let legal = self.game.legal_moves();
        match legal.iter().find(|m| m.from() == queued.from() && m.path() == queued.path()) {
            Some(mv) => {
                let ply = self.game.ply() as u32;
                self.apply(mv, now)?;
                Ok(Some((ply, format_move(mv, Notation::Algebraic))))
            }
            None => {
                let text = format_move(&queued, self.notation);
                let forced = legal.first().is_some_and(Move::is_capture);
                let why = if forced { "a capture is compulsory now" } else { "it is not legal now" };
                self.notice = Some(Notice {
                    kind: NoticeKind::PremoveDropped,
                    square: queued.from().pdn() as u32,
                    capturers: Vec::new(),
                    message: format!("premove {text} cancelled: {why}"),
                });
                Ok(None)
            }
        }
    }

    /// The player's completed move: played, or proposed for confirmation when that setting is on.
    pub(crate) fn play_own(&mut self, mv: &Move, now: Instant) -> ApiResult<()> {
        if self.confirming() {
            self.entry = None;
            self.choices.clear();
            self.proposed = Some(*mv);
            return Ok(());
        }
        self.apply(mv, now)
    }

    /// Plays the proposed move.
    pub fn confirm_move(&mut self, now: Instant) -> ApiResult<()> {
        self.ready_for_input(now)?;
        let mv = self
            .proposed
            .take()
            .ok_or_else(|| GiveawayError::Unavailable { reason: "there is no move to confirm".into() })?;
        self.apply(&mv, now)
    }

    /// Drops the proposed move (the board is as before it).
    pub fn cancel_move(&mut self) {
        self.proposed = None;
    }

    /// Drops whatever waits: a premove, a proposed move (the game was replaced or ended).
    pub fn drop_waiting_moves(&mut self) {
        self.premove = None;
        self.proposed = None;
    }
}

#[cfg(test)]
mod tests {
    use super::MoveInput;
    use crate::error::GiveawayError;
    use crate::game::snapshot::NoticeKind;
    use crate::game::state::GameState;
    use crate::setup::{NewGame, Opponent, StartPosition};
    use giveaway_core::notation::Notation;
    use giveaway_core::position::Color;
    use giveaway_core::record::TimeControl;
    use giveaway_core::square::Square;
    use giveaway_core::storage::PremoveMode;
    use std::time::Instant;

    const CLOCKS: [i64; 2] = [180_000, 180_000];

    fn sq(name: &str) -> u32 {
        Square::parse(name).unwrap().pdn() as u32
    }

    /// An online game as `human`, at `minutes`+`increment`, with these settings.
    fn online(human: Color, minutes: u64, increment: u64, input: MoveInput) -> GameState {
        let opponent = Opponent::Online { human, white: "Anna".into(), black: "Boris".into() };
        let setup = NewGame {
            opponent,
            start: StartPosition::Standard,
            time_control: Some(TimeControl::even(minutes, increment)),
        };
        let mut s = GameState::new(setup, Instant::now()).unwrap();
        s.set_move_input(input);
        s
    }

    fn blitz_black() -> GameState {
        online(Color::Black, 3, 2, MoveInput { premoves: PremoveMode::Fast, confirm: false })
    }

    fn texts(s: &GameState) -> Vec<String> {
        s.game.move_texts(Notation::Algebraic)
    }

    fn premove_text(s: &GameState) -> Option<String> {
        s.snapshot(Instant::now(), false, None).premove.map(|m| m.text)
    }

    #[test]
    fn a_premove_is_played_the_moment_the_opponent_moves() {
        let (t, mut s) = (Instant::now(), blitz_black());
        s.tap(sq("f6"), t).unwrap();
        s.tap(sq("g5"), t).unwrap();
        assert_eq!(premove_text(&s).as_deref(), Some("f6-g5"));
        let snap = s.snapshot(t, false, None);
        let mut pending: Vec<u32> = snap.squares.iter().filter(|q| q.pending).map(|q| q.number).collect();
        let mut path = vec![sq("f6"), sq("g5")];
        pending.sort_unstable();
        path.sort_unstable();
        assert_eq!(pending, path);
        assert_eq!(s.game.ply(), 0, "queued, not played");
        let sent = s.play_remote(0, "c3-d4", CLOCKS, t).unwrap();
        assert_eq!(sent, Some((1, "f6-g5".to_string())));
        assert_eq!(texts(&s), ["c3-d4", "f6-g5"]);
        assert!(s.premove().is_none());
    }

    #[test]
    fn a_premove_the_opponents_move_made_illegal_is_dropped_with_a_notice() {
        let (t, mut s) = (Instant::now(), blitz_black());
        s.play_remote(0, "c3-d4", CLOCKS, t).unwrap();
        s.tap(sq("f6"), t).unwrap();
        s.tap(sq("e5"), t).unwrap(); // offers e5: White must take it
                                     // A quiet premove may be queued even though a capture would be compulsory for Black right now.
        s.tap(sq("b6"), t).unwrap();
        s.tap(sq("a5"), t).unwrap();
        assert_eq!(premove_text(&s).as_deref(), Some("b6-a5"));
        let sent = s.play_remote(2, "d4:f6", CLOCKS, t).unwrap();
        assert_eq!(sent, None);
        assert_eq!(texts(&s), ["c3-d4", "f6-e5", "d4:f6"]);
        let notice = s.notice.clone().expect("the player is told");
        assert_eq!(notice.kind, NoticeKind::PremoveDropped);
        assert_eq!(notice.square, sq("b6"));
        assert!(notice.message.contains("compulsory"), "{}", notice.message);
        assert!(s.premove().is_none());
    }

    #[test]
    fn a_tap_cancels_the_queued_premove_and_typed_text_queues_one() {
        let (t, mut s) = (Instant::now(), blitz_black());
        s.tap(sq("f6"), t).unwrap();
        s.tap(sq("g5"), t).unwrap();
        s.tap(sq("a1"), t).unwrap();
        assert_eq!(premove_text(&s), None);
        assert_eq!(s.play_remote(0, "c3-d4", CLOCKS, t).unwrap(), None);
        assert_eq!(texts(&s), ["c3-d4"]);
        s.tap(sq("b6"), t).unwrap();
        s.tap(sq("a5"), t).unwrap();
        assert_eq!(s.game.ply(), 2, "on the player's own turn a move is played at once");
        s.play_text("d6-c5", t).unwrap();
        assert_eq!(premove_text(&s).as_deref(), Some("d6-c5"));
        assert!(s.play_text("d6-e4", t).is_err(), "not a move of that piece");
    }

    #[test]
    fn premoves_follow_the_setting_and_the_games_speed() {
        let t = Instant::now();
        let refused = |mut s: GameState| matches!(s.tap(sq("f6"), t), Err(GiveawayError::NotYourTurn { .. }));
        let fast = MoveInput { premoves: PremoveMode::Fast, confirm: false };
        assert!(refused(online(Color::Black, 10, 5, fast)), "rapid: off by default");
        assert!(!refused(online(Color::Black, 10, 5, MoveInput { premoves: PremoveMode::Always, ..fast })));
        assert!(refused(online(Color::Black, 1, 0, MoveInput { premoves: PremoveMode::Never, ..fast })));
        assert!(!refused(online(Color::Black, 1, 0, fast)), "bullet: on by default");
        // Turning premoves off drops one already queued.
        let mut s = blitz_black();
        s.tap(sq("f6"), t).unwrap();
        s.tap(sq("g5"), t).unwrap();
        s.set_move_input(MoveInput { premoves: PremoveMode::Never, confirm: false });
        assert_eq!(premove_text(&s), None);
    }

    #[test]
    fn with_confirm_on_a_move_waits_for_confirm_and_a_tap_or_cancel_drops_it() {
        let t = Instant::now();
        let mut s = online(Color::White, 10, 5, MoveInput { premoves: PremoveMode::Fast, confirm: true });
        s.tap(sq("c3"), t).unwrap();
        s.tap(sq("d4"), t).unwrap();
        assert_eq!(s.game.ply(), 0);
        let snap = s.snapshot(t, false, None);
        assert_eq!(snap.proposed.map(|m| m.text).as_deref(), Some("c3-d4"));
        assert!(snap.squares.iter().any(|q| q.pending && q.number == sq("d4")));
        s.cancel_move();
        assert!(s.proposed().is_none());
        s.play_text("c3-d4", t).unwrap();
        s.tap(sq("h2"), t).unwrap(); // a tap on the board drops it too
        assert!(s.proposed().is_none());
        assert!(matches!(s.confirm_move(t), Err(GiveawayError::Unavailable { .. })));
        s.play_text("c3-d4", t).unwrap();
        s.confirm_move(t).unwrap();
        assert_eq!(texts(&s), ["c3-d4"]);
        // A game on this device never asks.
        let mut local = GameState::new(NewGame::pass_and_play(None), t).unwrap();
        local.set_move_input(MoveInput { premoves: PremoveMode::Always, confirm: true });
        local.play_text("c3-d4", t).unwrap();
        assert_eq!(local.game.ply(), 1);
    }
}
