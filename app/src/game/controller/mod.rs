//! `GameController`: the brain of a game screen, shared by every front end.
//!
//! It owns a [`GameSession`] and decides everything a screen would otherwise decide for itself: when the
//! computer moves (its search runs on the [`Background`]), the two-step hint, coach tips after the player's
//! moves, the board orientation of each mode, the hop-by-hop animation of each new move, who a resignation or
//! reaction is for, the status line, which buttons work, and the one-off events (a move to announce, the
//! result, a coach tip, why a tap did nothing) with the sound and vibration the settings allow.
//!
//! Locks: the controller's own state (`ui`) is always taken before the session's, never the other way, and
//! no lock is held while the engine searches or the observer is called.

use super::screen::{
    Actions, Cue, GameEvent, HintShown, HintStep, PlayerOutcome, ScreenState, Sound, Status, Thinking, ThinkingKind,
};
use super::session::{GameSession, SearchFor};
use crate::background::{Background, Observer};
use crate::board::speech::{Announcement, SquareDescription};
use crate::board::{square_name, AnimationPlan, BoardOrientation, Coordinates};
use crate::error::{ApiResult, GiveawayError};
use crate::game::bars::{player_bars, LOW_TIME_MS};
use crate::game::clock::next_change_ms;
use crate::game::{HintView, SearchProgress, Snapshot};
use crate::setup::Opponent;
use crate::ProgressListener;
use giveaway_core::engine::StopHandle;
use giveaway_core::game::Outcome;
use giveaway_core::record::Reaction;
use giveaway_core::storage::{Settings, Storage};
use giveaway_core::Color;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// The two-step hint, for the position it was asked in.
#[derive(Clone, Debug, PartialEq)]
enum Hint {
    None,
    /// The engine is looking for it.
    Asking {
        fen: String,
    },
    Shown {
        step: HintStep,
        hint: HintView,
        fen: String,
    },
}

/// The engine work under way.
#[derive(Clone)]
struct Job {
    ticket: u64,
    kind: ThinkingKind,
    /// The game when the work was decided on (the work is for that game only), and the work's stop handle:
    /// stopping it before the search starts means it never starts.
    purpose: SearchFor,
}

impl Job {
    fn is(&self, other: &Option<Job>) -> bool {
        other.as_ref().is_some_and(|o| o.ticket == self.ticket)
    }
}

struct Ui {
    settings: Settings,
    reduced_motion: bool,
    /// The player turned the board over (on top of the mode's orientation).
    turned: bool,
    /// The snapshot last taken from the session (always under this lock, so they come in order).
    shown: Snapshot,
    revision: u64,
    animation: Option<AnimationPlan>,
    hint: Hint,
    job: Option<Job>,
    progress: Option<SearchProgress>,
    tickets: u64,
    events: Vec<GameEvent>,
    /// Moves up to this ply were looked at by the coach (or were made before the screen opened).
    coached_through: u32,
    /// The screen is in the background (no engine work, clocks stopped) or gone for good.
    paused: bool,
    closed: bool,
    /// The computer waits until let go (the terminal's Esc).
    computer_held: bool,
    /// The newest reaction and when it came, while it may still show.
    reaction: Option<(Reaction, Instant)>,
    /// The seat's ratings for the player bars (online), White's first.
    ratings: [Option<String>; 2],
}

/// Where the player's own actions in an online game go instead of into the local game: the online client
/// sends them to the server, and the local game changes when the server says so (except the player's own
/// moves, which show at once and are sent with the ply they were played at).
pub trait Seat: Send + Sync {
    /// The player's move `mv` (in the session's notation), played after `ply` plies.
    fn send_move(&self, ply: u32, mv: String);
    /// The player resigns.
    fn resign(&self);
    /// The player offers a draw (or accepts the opponent's).
    fn offer_draw(&self);
    /// The player's answer to the opponent's draw offer.
    fn answer_draw(&self, accept: bool);
    /// The player shows an emoji.
    fn react(&self, emoji: String);
    /// The players' ratings as the bars show them beside the nicknames ("1500", "1500?" while provisional),
    /// White's first; read once, when the controller is made.
    fn ratings(&self) -> [Option<String>; 2] {
        [None, None]
    }
}

/// A game screen's controller; see the module documentation.
///
/// Drive a screen as a shell does — taps in, a state to draw out (here with the engine's work run when the
/// test says, [`crate::background::Queued`]):
///
/// ```
/// use giveaway_app::{NoObserver, Queued};
/// use giveaway_app::{GameController, GameSession, Status};
/// use giveaway_app::NewGame;
/// use giveaway_core::storage::Settings;
/// use std::sync::Arc;
///
/// let session = GameSession::new(NewGame::versus_computer(1, giveaway_core::Color::White)).unwrap();
/// let jobs = Arc::new(Queued::default());
/// let screen = GameController::new(session, Settings::default(), None, jobs.clone(), Arc::new(NoObserver)).unwrap();
/// screen.start();
/// screen.tap(22).unwrap(); // c3: selected, its moves marked
/// let state = screen.tap(18).unwrap(); // d4: played
/// assert_eq!(state.snapshot.ply, 1);
/// assert_eq!(state.status, Status::ComputerThinking);
/// jobs.run_all(); // the computer's reply
/// assert_eq!(screen.state().snapshot.ply, 2);
/// ```
pub struct GameController {
    session: Arc<GameSession>,
    /// Where the settings are saved (the must-capture explanation is shown once ever); `None` for a game that
    /// is not saved.
    storage: Option<Arc<Storage>>,
    background: Arc<dyn Background>,
    observer: Arc<dyn Observer>,
    /// Set for an online game.
    seat: Option<Arc<dyn Seat>>,
    ui: Mutex<Ui>,
}

impl GameController {
    /// A controller for `session`, following `settings`. Call [`Self::start`] once the screen is up.
    pub fn new(
        session: Arc<GameSession>,
        settings: Settings,
        storage: Option<Arc<Storage>>,
        background: Arc<dyn Background>,
        observer: Arc<dyn Observer>,
    ) -> ApiResult<Arc<GameController>> {
        Self::with_seat(session, settings, storage, background, observer, None)
    }

    /// A controller for an online game, whose own actions go to `seat` (the online client's).
    pub fn with_seat(
        session: Arc<GameSession>,
        settings: Settings,
        storage: Option<Arc<Storage>>,
        background: Arc<dyn Background>,
        observer: Arc<dyn Observer>,
        seat: Option<Arc<dyn Seat>>,
    ) -> ApiResult<Arc<GameController>> {
        // The clocks run from `start`: opening the screen takes time that is no one's move.
        let _ = session.pause_clock();
        session.set_notation(settings.notation);
        let shown = session.set_move_input(move_input(&settings));
        let ui = Ui {
            coached_through: shown.ply,
            shown,
            settings,
            reduced_motion: false,
            turned: false,
            revision: 0,
            animation: None,
            hint: Hint::None,
            job: None,
            progress: None,
            tickets: 0,
            events: Vec::new(),
            paused: true,
            closed: false,
            computer_held: false,
            reaction: None,
            ratings: seat.as_ref().map_or([None, None], |s| s.ratings()),
        };
        Ok(Arc::new(GameController { session, storage, background, observer, seat, ui: Mutex::new(ui) }))
    }

    /// The session this screen plays (for the library's bookkeeping and tests).
    pub fn session(&self) -> &Arc<GameSession> {
        &self.session
    }

    fn lock(&self) -> MutexGuard<'_, Ui> {
        self.ui.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The screen is up: the clocks run and the computer moves if it is its turn (also after a resume).
    pub fn start(self: &Arc<Self>) -> ScreenState {
        self.resume()
    }

    /// The side to move and the plies played, as shown now: what the online screen needs of the board, read
    /// without building a whole state (the terminal reads the online screen every frame).
    pub fn turn(&self) -> (Color, u32) {
        let ui = self.lock();
        (ui.shown.side_to_move, ui.shown.ply)
    }

    /// What the screen draws now.
    pub fn state(&self) -> ScreenState {
        build(&self.lock())
    }

    /// The one-off events since the last call, oldest first.
    pub fn take_events(&self) -> Vec<GameEvent> {
        std::mem::take(&mut self.lock().events)
    }

    /// A tap on square `square` (PDN number): select, hop, complete, choose, reselect or clear, as the board is.
    pub fn tap(self: &Arc<Self>, square: u32) -> ApiResult<ScreenState> {
        self.input(|s| s.tap(square))
    }

    /// A piece dragged from `from` and dropped on `to`: picked up as a tap would, then moved (a hop or a final
    /// square).
    pub fn drag(self: &Arc<Self>, from: u32, to: u32) -> ApiResult<ScreenState> {
        self.input(|s| {
            let snap = s.snapshot()?;
            if snap.selected != Some(from) && snap.capture.is_none() {
                s.clear_selection();
                let picked = s.tap(from)?;
                if picked.selected != Some(from) {
                    return Ok(picked);
                }
            }
            s.move_to(to)
        })
    }

    /// Plays choice number `index` of the snapshot's `choices`.
    pub fn choose(self: &Arc<Self>, index: u32) -> ApiResult<ScreenState> {
        self.input(|s| s.choose(index))
    }

    /// Closes the choice of capture paths without moving.
    pub fn dismiss_choice(self: &Arc<Self>) -> ApiResult<ScreenState> {
        self.change(|s| Ok(s.clear_selection()))
    }

    /// Plays a move written in algebraic or numeric notation.
    pub fn play_move(self: &Arc<Self>, text: String) -> ApiResult<ScreenState> {
        self.input(|s| s.play_move(text))
    }

    /// Takes back the last move (against the computer, the player's move and the reply), also after the end.
    pub fn undo(self: &Arc<Self>) -> ApiResult<ScreenState> {
        self.change(|s| s.undo())
    }

    /// Plays the move taken back last again.
    pub fn redo(self: &Arc<Self>) -> ApiResult<ScreenState> {
        self.change(|s| s.redo())
    }

    /// The acting side resigns (the screen asked for confirmation first).
    pub fn resign(self: &Arc<Self>) -> ApiResult<ScreenState> {
        if let Some(seat) = self.online_seat()? {
            seat.resign();
            return Ok(self.state());
        }
        let side = acting_side(&self.lock().shown);
        self.change(|s| s.resign(side))
    }

    /// The side to move offers a draw (pass-and-play).
    pub fn offer_draw(self: &Arc<Self>) -> ApiResult<ScreenState> {
        if let Some(seat) = self.online_seat()? {
            seat.offer_draw();
            return Ok(self.state());
        }
        self.change(|s| s.offer_draw())
    }

    /// Accepts the pending draw offer: the game ends in a draw.
    pub fn accept_draw(self: &Arc<Self>) -> ApiResult<ScreenState> {
        self.answer_draw(true)
    }

    /// Declines the pending draw offer; play goes on.
    pub fn decline_draw(self: &Arc<Self>) -> ApiResult<ScreenState> {
        self.answer_draw(false)
    }

    fn answer_draw(self: &Arc<Self>, accept: bool) -> ApiResult<ScreenState> {
        if let Some(seat) = self.online_seat()? {
            if self.lock().shown.draw_offer.is_none() {
                return Err(GiveawayError::Unavailable { reason: "no draw has been offered".into() });
            }
            seat.answer_draw(accept);
            return Ok(self.state());
        }
        self.change(|s| if accept { s.accept_draw() } else { s.decline_draw() })
    }

    /// The seat of an online game still being played (`None` offline); an error once it is over.
    fn online_seat(&self) -> ApiResult<Option<&Arc<dyn Seat>>> {
        let Some(seat) = &self.seat else { return Ok(None) };
        match &self.lock().shown.result {
            Some(r) => Err(GiveawayError::GameOver { result: r.text.clone() }),
            None => Ok(Some(seat)),
        }
    }

    /// `side` shows an emoji (the acting side's button, or a face-to-face player's own panel).
    pub fn react(self: &Arc<Self>, side: Color, emoji: String) -> ApiResult<ScreenState> {
        if let Some(seat) = &self.seat {
            seat.react(emoji);
            return Ok(self.state());
        }
        self.change(|s| s.react(side, emoji))
    }

    /// The hint button: the first press asks the engine and then highlights the piece, the second shows the
    /// move; the hint is dropped when the position changes.
    pub fn hint(self: &Arc<Self>) -> ApiResult<ScreenState> {
        let mut ui = self.lock();
        if !player_to_move(&ui.shown) || self.seat.is_some() {
            return Err(GiveawayError::Unavailable { reason: "there is no hint to give now".into() });
        }
        match ui.hint.clone() {
            Hint::Shown { step: HintStep::Piece, hint, fen } => {
                ui.hint = Hint::Shown { step: HintStep::Move, hint, fen }
            }
            Hint::Shown { step: HintStep::Move, .. } | Hint::Asking { .. } => {}
            Hint::None => {
                match running(&ui) {
                    Some(ThinkingKind::ComputerMove) => return Err(GiveawayError::Busy),
                    // The player asked for help: the coach's look at the previous move can wait.
                    Some(_) => cancel_job(&mut ui),
                    None => {}
                }
                ui.hint = Hint::Asking { fen: ui.shown.fen.clone() };
                let job = self.start_job(&mut ui, ThinkingKind::Hint);
                ui.revision += 1;
                drop(ui);
                self.spawn(job);
                return Ok(self.state());
            }
        }
        ui.revision += 1;
        Ok(build(&ui))
    }

    /// Refreshes the clocks and lets the core apply flag fall: call after `next_tick_ms`.
    pub fn tick(self: &Arc<Self>) -> ScreenState {
        if self.lock().paused {
            return self.state();
        }
        self.change(|s| s.snapshot()).unwrap_or_else(|_| self.state())
    }

    /// The screen went to the background: the engine stops and the clocks stop (both saved).
    pub fn pause(&self) -> ApiResult<ScreenState> {
        let mut ui = self.lock();
        ui.paused = true;
        cancel_job(&mut ui);
        let paused = self.session.pause_clock();
        if let Ok(s) = &paused {
            ui.shown = s.clone();
            ui.revision += 1;
        }
        paused.map(|_| build(&ui))
    }

    /// The screen is visible again: the clocks run and the computer moves if it is its turn.
    pub fn resume(self: &Arc<Self>) -> ScreenState {
        {
            let mut ui = self.lock();
            if ui.closed {
                return build(&ui);
            }
            ui.paused = false;
            let s = self.session.resume_clock();
            ui.shown = s;
            // A game can open on a forced capture: the one-time explanation applies from the first look.
            self.explain_must_capture(&mut ui);
            ui.revision += 1;
        }
        self.schedule();
        self.state()
    }

    /// The screen goes away for good: any search stops. The game is already saved.
    pub fn leave(&self) {
        let mut ui = self.lock();
        ui.closed = true;
        ui.paused = true;
        cancel_job(&mut ui);
    }

    /// Holds the computer (it does not start its move) or lets it go. Holding stops a search under way.
    pub fn hold_computer(self: &Arc<Self>, held: bool) -> ScreenState {
        {
            let mut ui = self.lock();
            ui.computer_held = held;
            if held && running(&ui) == Some(ThinkingKind::ComputerMove) {
                cancel_job(&mut ui);
            }
            ui.revision += 1;
        }
        self.schedule();
        self.state()
    }

    /// Stops whatever the engine is doing for this screen: a hint or coach search, or the computer's move
    /// (which then waits, as with [`Self::hold_computer`]).
    pub fn stop_thinking(self: &Arc<Self>) -> ScreenState {
        let kind = running(&self.lock());
        match kind {
            Some(ThinkingKind::ComputerMove) => self.hold_computer(true),
            Some(_) => {
                let mut ui = self.lock();
                cancel_job(&mut ui);
                ui.hint = Hint::None;
                ui.revision += 1;
                build(&ui)
            }
            None => self.state(),
        }
    }

    /// Turns the board over (on top of the orientation the mode and settings give).
    pub fn flip_board(&self) -> ScreenState {
        let mut ui = self.lock();
        ui.turned = !ui.turned;
        ui.revision += 1;
        build(&ui)
    }

    /// New settings (the settings screen saved them): notation, orientation, dots, animation, coach, sounds.
    pub fn apply_settings(self: &Arc<Self>, settings: Settings) -> ScreenState {
        {
            let mut ui = self.lock();
            self.session.set_notation(settings.notation);
            ui.shown = self.session.set_move_input(move_input(&settings));
            ui.settings = settings;
            ui.revision += 1;
        }
        self.schedule();
        self.state()
    }

    /// The system asks for reduced motion (no move animations).
    pub fn set_reduced_motion(&self, reduced: bool) -> ScreenState {
        let mut ui = self.lock();
        ui.reduced_motion = reduced;
        ui.animation = None;
        ui.revision += 1;
        build(&ui)
    }

    /// What a screen reader says about square `square` now.
    pub fn describe_square(&self, square: u32) -> ApiResult<SquareDescription> {
        let state = self.state();
        let sq = (square as usize).checked_sub(1).and_then(|i| state.snapshot.squares.get(i)).ok_or_else(|| {
            GiveawayError::Unavailable { reason: format!("{square} is not a square number (1–32)") }
        })?;
        Ok(SquareDescription::of(sq, state.snapshot.notation))
    }

    /// Player input: refused while the computer is thinking about its move.
    fn input(self: &Arc<Self>, call: impl FnOnce(&GameSession) -> ApiResult<Snapshot>) -> ApiResult<ScreenState> {
        let before = {
            let ui = self.lock();
            if running(&ui) == Some(ThinkingKind::ComputerMove) {
                return Err(GiveawayError::Busy);
            }
            ui.shown.ply
        };
        let state = self.change(call)?;
        if let (Some(seat), Some(mv)) = (&self.seat, &state.snapshot.last_move) {
            if state.snapshot.ply == before + 1 && state.snapshot.opponent.human() == Some(mv.color) {
                seat.send_move(before, mv.text.clone());
            }
        }
        Ok(state)
    }

    /// A change the game server made to this online game: taken in like any change, and the screen told.
    pub fn server_change<T>(
        &self,
        f: impl FnOnce(&mut crate::game::GameState, std::time::Instant) -> ApiResult<T>,
    ) -> ApiResult<T> {
        let value = {
            let mut ui = self.lock();
            let result = self.session.change_with(f);
            if let Ok(next) = result.as_ref().map(|(_, s)| s.clone()).or_else(|_| self.session.snapshot()) {
                self.take_in(&mut ui, next);
            }
            result.map(|(v, _)| v)
        };
        self.observer.changed();
        value
    }

    /// The opponent's move `text` at `ply` as the game server relays it, with the clocks after it; a queued
    /// premove that is legal then is played at once and sent.
    pub fn opponent_moved(&self, ply: u32, text: &str, clocks: [i64; 2]) -> ApiResult<()> {
        let premove = self.server_change(|s, now| s.play_remote(ply, text, clocks, now))?;
        if let (Some(seat), Some((ply, mv))) = (&self.seat, premove) {
            seat.send_move(ply, mv);
        }
        Ok(())
    }

    /// Plays the move waiting for Confirm (and sends it).
    pub fn confirm_move(self: &Arc<Self>) -> ApiResult<ScreenState> {
        self.input(|s| s.confirm_move())
    }

    /// Drops the move waiting for Confirm, or the queued premove: the board is as before it.
    pub fn cancel_move(self: &Arc<Self>) -> ApiResult<ScreenState> {
        self.change(|s| Ok(s.cancel_waiting_moves()))
    }

    /// Runs a session call under the screen's lock, takes in the snapshot it gives, and lets the engine start
    /// if it is due. A refused call may still have changed the game (a flag fell), so the game is looked at
    /// again either way.
    fn change(self: &Arc<Self>, call: impl FnOnce(&GameSession) -> ApiResult<Snapshot>) -> ApiResult<ScreenState> {
        let result = {
            let mut ui = self.lock();
            let result = call(&self.session);
            let next = match &result {
                Ok(s) => Ok(s.clone()),
                Err(_) => self.session.snapshot(),
            };
            if let Ok(next) = next {
                self.take_in(&mut ui, next);
            }
            result.map(drop)
        };
        self.schedule();
        result.map(|()| self.state())
    }

    /// Takes in a new snapshot: the move's animation, the events it gives, the hint's end.
    fn take_in(&self, ui: &mut Ui, next: Snapshot) {
        let before = std::mem::replace(&mut ui.shown, next);
        let next = &ui.shown;
        if (next.ply, &next.fen) != (before.ply, &before.fen) {
            // The game changed: a new move animates, anything else (undo, redo of several) just shows.
            let flipped = orientation(ui).flipped;
            let (speed, reduced) = (ui.settings.animation, ui.reduced_motion);
            ui.animation = AnimationPlan::between(&before, next, speed, reduced, flipped, ui.revision + 1);
        }
        let cue =
            |sound: Sound, ui: &Ui| Cue { sound: ui.settings.sound.then_some(sound), vibrate: ui.settings.haptics };
        if next.ply == before.ply + 1 {
            if let Some(mv) = &next.last_move {
                let by_opponent = next.opponent.human().is_none_or(|human| mv.color != human);
                let sound = match (mv.promotes, mv.captured.is_empty()) {
                    (true, _) => Sound::King,
                    (false, true) => Sound::Move,
                    (false, false) => Sound::Capture,
                };
                let event = GameEvent::Moved {
                    mv: mv.clone(),
                    announcement: Announcement::of(mv, next.notation),
                    by_opponent,
                    cue: cue(sound, ui),
                };
                ui.events.push(event);
            }
        }
        if before.result.is_none() {
            if let Some(r) = &next.result {
                let for_player = player_outcome(next);
                let sound = match for_player {
                    Some(PlayerOutcome::Lost) => Sound::Loss,
                    Some(PlayerOutcome::Drawn) => Sound::Draw,
                    None if r.outcome == Outcome::Draw => Sound::Draw,
                    _ => Sound::Win,
                };
                let event = GameEvent::Ended { result: r.clone(), for_player, cue: cue(sound, ui) };
                ui.events.push(event);
            }
        }
        if let Some(side) = low_time_crossed(&before, next) {
            let event = GameEvent::LowTime { side, cue: cue(Sound::LowTime, ui) };
            ui.events.push(event);
        }
        if let Some(n) = next.notice.as_ref().filter(|_| before.notice.as_ref() != next.notice.as_ref()) {
            let event = GameEvent::HeldBack { notice: n.clone(), cue: cue(Sound::Refused, ui) };
            ui.events.push(event);
        }
        if next.reactions.len() < before.reactions.len() {
            ui.reaction = None; // taken back with its move
        }
        if next.reactions.len() > before.reactions.len() {
            ui.reaction = next.reactions.last().map(|r| (r.clone(), Instant::now()));
            let new: Vec<GameEvent> = next.reactions[before.reactions.len()..]
                .iter()
                .map(|r| GameEvent::Reacted { reaction: r.clone() })
                .collect();
            ui.events.extend(new);
        }
        let fen = &ui.shown.fen;
        if !matches!(&ui.hint, Hint::Asking { fen: f } | Hint::Shown { fen: f, .. } if f == fen) {
            ui.hint = Hint::None;
        }
        ui.coached_through = ui.coached_through.min(ui.shown.ply);
        self.explain_must_capture(ui);
        ui.revision += 1;
    }

    /// The first time ever that the player must capture, say why only some pieces can move.
    fn explain_must_capture(&self, ui: &mut Ui) {
        if ui.settings.must_capture_explained || !player_to_move(&ui.shown) || !ui.shown.must_capture {
            return;
        }
        ui.settings.must_capture_explained = true;
        let capturers = ui.shown.squares.iter().filter(|s| s.must_capture).map(|s| s.number).collect();
        ui.events.push(GameEvent::ExplainMustCapture { capturers });
        if let Some(storage) = &self.storage {
            // Saved into the stored settings, whatever else they say now; a failure only means it is said again.
            let saved =
                storage.settings().and_then(|s| storage.save_settings(&Settings { must_capture_explained: true, ..s }));
            if let Err(e) = saved {
                log::warn!("could not save that forced capture was explained: {e}");
            }
        }
    }

    /// Starts the engine work that is due, if any: the computer's move on its turn, else a coach tip on the
    /// player's last move.
    fn schedule(self: &Arc<Self>) {
        let job = {
            let mut ui = self.lock();
            let s = &ui.shown;
            let running = running(&ui);
            if ui.closed || ui.paused {
                None
            } else if s.computer_to_move && s.result.is_none() {
                if ui.computer_held || running == Some(ThinkingKind::ComputerMove) {
                    None
                } else {
                    if running.is_some() {
                        // The player moved while a hint or coach search ran: it is stale now.
                        cancel_job(&mut ui);
                        ui.hint = Hint::None;
                    }
                    Some(self.start_job(&mut ui, ThinkingKind::ComputerMove))
                }
            } else if running.is_none() && coach_due(&ui) {
                ui.coached_through = ui.shown.ply;
                Some(self.start_job(&mut ui, ThinkingKind::Coach))
            } else {
                None
            }
        };
        if let Some(job) = job {
            self.spawn(job);
        }
    }

    /// Marks `kind` of work as under way, for the game as it is now.
    fn start_job(&self, ui: &mut Ui, kind: ThinkingKind) -> Job {
        ui.tickets += 1;
        let purpose = SearchFor { generation: Some(self.session.generation()), stop: StopHandle::new() };
        let job = Job { ticket: ui.tickets, kind, purpose };
        ui.job = Some(job.clone());
        ui.progress = None;
        job
    }

    fn spawn(self: &Arc<Self>, job: Job) {
        let (me, ticket) = (self.clone(), job.ticket);
        let started = self.background.run(Box::new(move || me.work(job)));
        if let Err(reason) = started {
            let mut ui = self.lock();
            if ui.job.as_ref().is_some_and(|j| j.ticket == ticket) {
                ui.job = None;
                ui.events.push(GameEvent::Failed { message: format!("cannot start the engine: {reason}") });
                ui.revision += 1;
            }
        }
    }

    /// The engine work of `job`, on the background.
    fn work(self: Arc<Self>, job: Job) {
        let listener: Arc<dyn ProgressListener> =
            Arc::new(Progress { controller: Arc::downgrade(&self), ticket: job.ticket });
        let outcome = match job.kind {
            ThinkingKind::ComputerMove => {
                Answer::Moved(self.session.computer_move_for(&job.purpose, Some(listener)).map(drop))
            }
            ThinkingKind::Hint => Answer::Hint(self.session.hint_for(&job.purpose)),
            ThinkingKind::Coach => Answer::Coach(self.session.coach_tip_for(&job.purpose)),
        };
        {
            let mut ui = self.lock();
            if !job.is(&ui.job) {
                return; // superseded: whatever replaced it has its own answer coming
            }
            ui.job = None;
            ui.progress = None;
            // Whatever the answer, the game is looked at again (under this lock, so that snapshots are taken
            // in the order they happen): the move played, or what changed while the work was refused.
            if let Ok(next) = self.session.snapshot() {
                self.take_in(&mut ui, next);
            }
            let failed = match outcome {
                Answer::Moved(Ok(())) => None,
                Answer::Hint(Ok(h)) => {
                    if matches!(&ui.hint, Hint::Asking { fen } if *fen == ui.shown.fen) {
                        let fen = ui.shown.fen.clone();
                        ui.hint = Hint::Shown { step: HintStep::Piece, hint: h, fen };
                    }
                    None
                }
                Answer::Coach(Ok(tip)) => {
                    ui.events.extend(tip.map(|tip| GameEvent::CoachTip { tip }));
                    None
                }
                Answer::Moved(Err(e)) | Answer::Hint(Err(e)) | Answer::Coach(Err(e)) => Some(e),
            };
            if let Some(e) = failed.filter(|e| *e != GiveawayError::Cancelled) {
                if matches!(ui.hint, Hint::Asking { .. }) {
                    ui.hint = Hint::None;
                }
                if job.kind == ThinkingKind::ComputerMove {
                    // Not asked again at once, or a failing search would be retried forever.
                    ui.computer_held = true;
                }
                ui.events.push(GameEvent::Failed { message: e.to_string() });
            }
            ui.revision += 1;
        }
        self.schedule();
        self.observer.changed();
    }
}

enum Answer {
    Moved(ApiResult<()>),
    Hint(ApiResult<HintView>),
    Coach(ApiResult<Option<crate::game::CoachView>>),
}

/// Search progress of a job, kept for the screen (the terminal shows depth and score).
struct Progress {
    controller: std::sync::Weak<GameController>,
    ticket: u64,
}

impl ProgressListener for Progress {
    fn on_search(&self, progress: SearchProgress) {
        let Some(c) = self.controller.upgrade() else { return };
        {
            let mut ui = c.lock();
            if ui.job.as_ref().is_none_or(|j| j.ticket != self.ticket) {
                return;
            }
            ui.progress = Some(progress);
            ui.revision += 1;
        }
        c.observer.changed();
    }

    fn on_analysis(&self, _: u32, _: u32) {}
}

/// The settings that change how a move is entered.
fn move_input(settings: &Settings) -> crate::game::state::MoveInput {
    crate::game::state::MoveInput { premoves: settings.premoves, confirm: settings.confirm_moves }
}

/// The kind of work under way.
fn running(ui: &Ui) -> Option<ThinkingKind> {
    ui.job.as_ref().map(|j| j.kind)
}

/// Stops the work under way: before its search starts it never starts, and a running search stops. A hint
/// being looked for is dropped with it, so the next press asks again.
fn cancel_job(ui: &mut Ui) {
    if let Some(job) = ui.job.take() {
        job.purpose.stop.stop();
        if job.kind == ThinkingKind::Hint {
            ui.hint = Hint::None;
        }
    }
}

/// The coach looks at each of the player's moves against the computer once, after the computer replied (or
/// when the player's move ended the game).
fn coach_due(ui: &Ui) -> bool {
    let s = &ui.shown;
    let (Opponent::Computer { human, .. }, Some(last)) = (&s.opponent, &s.last_move) else { return false };
    // The player's latest move, counted in plies: the last one, or the one before the computer's reply.
    let players_latest = if last.color == *human { s.ply } else { s.ply.saturating_sub(1) };
    ui.settings.coach && !s.computer_to_move && players_latest > ui.coached_through
}

/// The running clock of a player on this device that has just passed under [`LOW_TIME_MS`], if any.
fn low_time_crossed(before: &Snapshot, next: &Snapshot) -> Option<Color> {
    let (b, n) = (before.clocks.as_ref()?, next.clocks.as_ref()?);
    let side = n.running?;
    let ms = |c: &crate::game::ClockView| if side == Color::White { c.white_ms } else { c.black_ms };
    let on_this_device = next.opponent.human().is_none_or(|human| human == side);
    (on_this_device && ms(b) >= LOW_TIME_MS && ms(n) < LOW_TIME_MS && ms(n) > 0).then_some(side)
}

/// It is a person's turn to enter a move.
fn player_to_move(s: &Snapshot) -> bool {
    s.result.is_none() && !s.computer_to_move
}

/// The side a resignation, draw offer or reaction is for.
fn acting_side(s: &Snapshot) -> Color {
    s.opponent.human().unwrap_or(s.side_to_move)
}

fn player_outcome(s: &Snapshot) -> Option<PlayerOutcome> {
    let (Some(human), Some(r)) = (s.opponent.human(), &s.result) else { return None };
    Some(match (r.outcome, human) {
        (Outcome::Draw, _) => PlayerOutcome::Drawn,
        (Outcome::WhiteWins, Color::White) | (Outcome::BlackWins, Color::Black) => PlayerOutcome::Won,
        _ => PlayerOutcome::Lost,
    })
}

fn orientation(ui: &Ui) -> BoardOrientation {
    let o = BoardOrientation::of(&ui.shown.opponent, ui.settings.orientation, ui.shown.side_to_move);
    if ui.turned {
        o.turned()
    } else {
        o
    }
}

fn build(ui: &Ui) -> ScreenState {
    let orientation = orientation(ui);
    let mut snapshot = ui.shown.clone();
    snapshot.orient(orientation.flipped);
    if !ui.settings.show_legal_moves {
        snapshot.hide_destinations();
    }
    let hint = match &ui.hint {
        Hint::Shown { step, hint, .. } => Some(HintShown {
            step: *step,
            piece: hint.piece,
            mv: (*step == HintStep::Move).then(|| hint.mv.clone()),
            score_text: hint.score_text.clone(),
            reason: if *step == HintStep::Move { hint.reason.clone() } else { None },
        }),
        _ => None,
    };
    if let Some(h) = &hint {
        let path: Vec<u32> = h.mv.as_ref().map_or_else(Vec::new, |m| m.path.clone());
        for sq in &mut snapshot.squares {
            sq.hint = sq.number == h.piece || path.contains(&sq.number);
        }
    }
    let thinking = running(ui).map(|kind| Thinking { kind, progress: ui.progress.clone() });
    let s = &snapshot;
    let status = if let Some(r) = &s.result {
        Status::Over { result: r.clone(), for_player: player_outcome(s) }
    } else if s.computer_to_move {
        if thinking.is_some() {
            Status::ComputerThinking
        } else {
            Status::ComputerHeld
        }
    } else if !s.choices.is_empty() {
        Status::ChooseCapture
    } else if let Some(c) = &s.capture {
        let name = |n: u32| square_name(n, s.notation).unwrap_or_default();
        Status::Capturing { path: std::iter::once(c.from).chain(c.visited.iter().copied()).map(name).collect() }
    } else if let Some(by) = s.draw_offer {
        Status::DrawOffered { by }
    } else if s.opponent.human() == Some(s.side_to_move) || matches!(s.opponent, Opponent::Computer { .. }) {
        Status::YourMove { must_capture: s.must_capture }
    } else {
        Status::SideToMove { side: s.side_to_move, must_capture: s.must_capture }
    };
    let playing = s.result.is_none();
    let pass_and_play = s.opponent == Opponent::PassAndPlay;
    let online = matches!(s.opponent, Opponent::Online { .. });
    let computer_busy = thinking.as_ref().is_some_and(|t| t.kind == ThinkingKind::ComputerMove);
    let actions = Actions {
        undo: s.can_undo,
        redo: s.can_redo,
        hint: player_to_move(s) && !computer_busy && !online,
        resign: playing,
        draws: pass_and_play || online,
        offer_draw: playing && (pass_and_play || online) && s.draw_offer.is_none(),
        // Online, only the player the offer was made to answers it.
        answer_draw: playing && s.draw_offer.is_some_and(|by| s.opponent.human() != Some(by)),
        react: playing,
        analyse: !playing && s.game_id.is_some(),
    };
    let clock_tick_ms = s.clocks.as_ref().and_then(|c| {
        let running = c.running?;
        next_change_ms(if running == Color::White { c.white_ms } else { c.black_ms })
    });
    let reaction_left =
        ui.reaction.as_ref().and_then(|(r, at)| REACTION_SHOWN_FOR.checked_sub(at.elapsed()).map(|left| (r, left)));
    let reaction_tick_ms = reaction_left.map(|(_, left)| left.as_millis() as u64 + 1);
    let next_tick_ms = clock_tick_ms.into_iter().chain(reaction_tick_ms).min();
    let reaction = reaction_left.map(|(r, _)| r.clone());
    let (top_bar, bottom_bar) = player_bars(s, &orientation, reaction.as_ref(), &ui.ratings);
    ScreenState {
        revision: ui.revision,
        coordinates: Coordinates::new(orientation.flipped, s.notation),
        acting_side: acting_side(s),
        status,
        actions,
        hint,
        animation: ui.animation.clone(),
        thinking,
        reaction,
        next_tick_ms,
        top_bar,
        bottom_bar,
        orientation,
        snapshot,
    }
}

/// How long the newest reaction shows beside its player.
pub const REACTION_SHOWN_FOR: Duration = Duration::from_secs(4);

#[cfg(test)]
mod tests;
