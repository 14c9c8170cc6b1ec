//! `PuzzleController`: the trainer's screen, shared by every front end — the puzzle on the board, taps in,
//! right/wrong/as good out, the two-step hint, the solution with the line that follows, next and done, the
//! player's rating, the streak, and the attempts kept in the library.
//!
//! A move that is the solution's is answered at once; any other is judged on the [`Background`] (a search, and
//! a proof where one is needed), the screen showing [`PuzzleStatus::Checking`] meanwhile. A wrong move is taken
//! back and the player may keep trying; the attempt then no longer counts as solved. Locks: the controller's
//! state is never held while the judge searches or the observer is called.

use super::exercise::{judge, Exercise, MoveFeedback, PuzzleGoal};
use super::mine::{mined_exercises, mistakes};
use super::rating::{choose, new_rating, rate, streak_target};
use super::view::{
    MistakeView, PuzzleEnd, PuzzleHint, PuzzleInfo, PuzzleRatingView, PuzzleState, PuzzleStatus, TrainerMode,
    TrainerProgress,
};
use crate::analysis::cache::{analyse_cached, CacheSlot};
use crate::background::{Background, Observer};
use crate::board::{BoardOrientation, Coordinates, MoveView};
use crate::error::{ApiResult, GiveawayError};
use crate::game::engine_calls::{seed, ANALYSIS};
use crate::game::{move_view, GameState};
use crate::setup::{NewGame, Opponent, StartPosition};
use giveaway_core::engine::{Rng, StopHandle};
use giveaway_core::game::Game;
use giveaway_core::movegen::Move;
use giveaway_core::notation::Notation;
use giveaway_core::position::Color;
use giveaway_core::puzzle::{shipped, Theme, MAX_WIN_PLIES};
use giveaway_core::storage::{PuzzleAttempt, PuzzleMode, PuzzleRatingRow, PuzzleSource, Storage};
use std::collections::HashSet;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Instant;

/// Milliseconds in a day: the daily puzzle changes at midnight UTC.
const DAY_MS: i64 = 86_400_000;

/// One exercise being solved.
struct Run {
    ex: Exercise,
    /// The solution as it now stands: an accepted alternative and what follows it replace the rest.
    line: Vec<Move>,
    /// Plies of `line` on the board.
    at: usize,
    board: GameState,
    failed: bool,
    /// Hints taken in this exercise (kept with the attempt).
    hints: u32,
    /// The hint shown for the move now asked: 0 none, 1 the piece, 2 the move.
    hint_step: u32,
    revealed: bool,
    recorded: bool,
    feedback: Option<MoveFeedback>,
    wrong: Option<Move>,
}

struct Ui {
    status: PuzzleStatus,
    /// The exercises of a list mode (mistakes, mined), in order.
    queue: Vec<Exercise>,
    index: usize,
    /// Solved in this list, by index.
    solved: HashSet<usize>,
    run: Option<Run>,
    rating: PuzzleRatingRow,
    change: Option<f64>,
    streak: u32,
    streak_over: bool,
    /// Shipped puzzles attempted (not offered again while others remain).
    done: HashSet<u32>,
    rng: Rng,
    job: Option<(u64, StopHandle)>,
    tickets: u64,
    revision: u64,
    turned: bool,
    closed: bool,
    /// Why there is nothing to show, when so.
    empty: Option<PuzzleEnd>,
}

/// The trainer's screen controller; see the module documentation.
pub struct PuzzleController {
    mode: TrainerMode,
    theme: Option<Theme>,
    storage: Option<Arc<Storage>>,
    notation: Notation,
    background: Arc<dyn Background>,
    observer: Arc<dyn Observer>,
    ui: Mutex<Ui>,
}

fn unavailable(reason: &str) -> GiveawayError {
    GiveawayError::Unavailable { reason: reason.into() }
}

impl PuzzleController {
    /// A trainer in `mode`, keeping attempts, the rating and progress in `storage` (none: nothing is kept),
    /// writing moves in `notation`. Call [`Self::start`] once the screen is up.
    pub fn new(
        mode: TrainerMode,
        storage: Option<Arc<Storage>>,
        notation: Notation,
        background: Arc<dyn Background>,
        observer: Arc<dyn Observer>,
    ) -> ApiResult<Arc<PuzzleController>> {
        let theme = match &mode {
            TrainerMode::Theme { theme } => Some(
                Theme::from_name(theme)
                    .ok_or_else(|| GiveawayError::BadSetup { reason: format!("there is no puzzle theme '{theme}'") })?,
            ),
            _ => None,
        };
        if let TrainerMode::Puzzle { id } = mode {
            if shipped().get(id).is_none() {
                return Err(GiveawayError::BadSetup { reason: format!("there is no puzzle number {id}") });
            }
        }
        let rating = match &storage {
            Some(s) => s.puzzle_rating()?.unwrap_or_else(new_rating),
            None => new_rating(),
        };
        let done = match &storage {
            Some(s) => {
                s.attempted_puzzles(PuzzleSource::Shipped)?.into_iter().filter_map(|i| u32::try_from(i).ok()).collect()
            }
            None => HashSet::new(),
        };
        let ui = Ui {
            status: PuzzleStatus::Loading,
            queue: Vec::new(),
            index: 0,
            solved: HashSet::new(),
            run: None,
            rating,
            change: None,
            streak: 0,
            streak_over: false,
            done,
            rng: Rng::new(seed()),
            job: None,
            tickets: 0,
            revision: 0,
            turned: false,
            closed: false,
            empty: None,
        };
        Ok(Arc::new(PuzzleController { mode, theme, storage, notation, background, observer, ui: Mutex::new(ui) }))
    }

    fn lock(&self) -> MutexGuard<'_, Ui> {
        self.ui.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Shows the first exercise: at once for the shipped modes; the mistakes of a game are found on the
    /// background first (its analysis, usually from the cache), the observer told when they are ready.
    pub fn start(self: &Arc<Self>) -> PuzzleState {
        match self.mode {
            TrainerMode::Mistakes { game_id } => self.load_mistakes(game_id),
            TrainerMode::Mined => {
                let queue = self.storage.as_ref().map(|s| mined_exercises(s)).transpose();
                let mut ui = self.lock();
                match queue {
                    Ok(q) => {
                        ui.queue = q.unwrap_or_default();
                        // Start with the first not yet solved.
                        let solved = self.solved_mined();
                        ui.index = ui.queue.iter().position(|e| !solved.contains(&e.id)).unwrap_or(0);
                        ui.solved = ui
                            .queue
                            .iter()
                            .enumerate()
                            .filter(|(_, e)| solved.contains(&e.id))
                            .map(|(i, _)| i)
                            .collect();
                        let ex = ui.queue.get(ui.index).cloned();
                        self.show(&mut ui, ex, PuzzleEnd::NoMinedPuzzles);
                    }
                    Err(e) => self.show(
                        &mut ui,
                        None,
                        PuzzleEnd::Unavailable { reason: format!("the puzzles of your games cannot be read: {e}") },
                    ),
                }
                self.build(&ui)
            }
            _ => {
                let mut ui = self.lock();
                let ex = self.next_shipped(&mut ui);
                self.show(&mut ui, ex, PuzzleEnd::NoPuzzle);
                self.build(&ui)
            }
        }
    }

    /// The mined puzzles solved before.
    fn solved_mined(&self) -> HashSet<i64> {
        let Some(s) = &self.storage else { return HashSet::new() };
        s.puzzle_history(u32::MAX)
            .map(|h| {
                h.into_iter().filter(|a| a.source == PuzzleSource::Mined && a.solved).map(|a| a.puzzle_id).collect()
            })
            .unwrap_or_default()
    }

    /// The next shipped puzzle for this mode, `None` when the mode has none left.
    fn next_shipped(&self, ui: &mut Ui) -> Option<Exercise> {
        let set = shipped();
        let target = match self.mode {
            TrainerMode::Daily => {
                let day = crate::puzzles::now_ms().div_euclid(DAY_MS);
                return set.daily(day).map(Exercise::shipped);
            }
            TrainerMode::Puzzle { id } => return set.get(id).map(Exercise::shipped),
            TrainerMode::Streak if ui.streak_over => return None,
            TrainerMode::Streak => streak_target(ui.streak),
            _ => ui.rating.rating,
        };
        let Ui { done, rng, .. } = ui;
        choose(set, target, done, self.theme, rng).map(Exercise::shipped)
    }

    /// Puts `ex` on the board (or says `empty` when there is none).
    fn show(&self, ui: &mut Ui, ex: Option<Exercise>, empty: PuzzleEnd) {
        ui.revision += 1;
        ui.change = None;
        match ex {
            Some(ex) => {
                let board = board_for(&ex, &ex.line, 0, self.notation);
                let line = ex.line.clone();
                ui.run = Some(Run {
                    ex,
                    line,
                    at: 0,
                    board,
                    failed: false,
                    hints: 0,
                    hint_step: 0,
                    revealed: false,
                    recorded: false,
                    feedback: None,
                    wrong: None,
                });
                ui.status = PuzzleStatus::YourMove;
                ui.empty = None;
            }
            None => {
                ui.run = None;
                ui.status = PuzzleStatus::Finished;
                ui.empty = Some(empty);
            }
        }
    }

    fn load_mistakes(self: &Arc<Self>, game_id: i64) -> PuzzleState {
        let Some(storage) = self.storage.clone() else {
            let mut ui = self.lock();
            self.show(
                &mut ui,
                None,
                PuzzleEnd::Unavailable { reason: "the mistakes trainer needs the games library".into() },
            );
            return self.build(&ui);
        };
        let stop = StopHandle::new();
        let ticket = {
            let mut ui = self.lock();
            ui.tickets += 1;
            ui.job = Some((ui.tickets, stop.clone()));
            ui.status = PuzzleStatus::Loading;
            ui.revision += 1;
            ui.tickets
        };
        let me = self.clone();
        let started = self.background.run(Box::new(move || {
            let found = find_mistakes(&storage, game_id, &stop);
            let progress = storage.mistake_progress(game_id).unwrap_or_default();
            {
                let mut ui = me.lock();
                if ui.closed || ui.job.as_ref().is_none_or(|(t, _)| *t != ticket) {
                    return;
                }
                ui.job = None;
                match found {
                    Ok(queue) => {
                        ui.solved = queue
                            .iter()
                            .enumerate()
                            .filter(|(_, e)| {
                                let ply = e.mistake.as_ref().map_or(u32::MAX, |m| m.ply);
                                progress.iter().any(|p| p.ply == ply && p.solved)
                            })
                            .map(|(i, _)| i)
                            .collect();
                        ui.index = (0..queue.len()).find(|i| !ui.solved.contains(i)).unwrap_or(0);
                        let ex = queue.get(ui.index).cloned();
                        ui.queue = queue;
                        me.show(&mut ui, ex, PuzzleEnd::NoMistakes);
                    }
                    Err(e) => me.show(&mut ui, None, PuzzleEnd::Unavailable { reason: e.to_string() }),
                }
            }
            me.observer.changed();
        }));
        let mut ui = self.lock();
        if let Err(reason) = started {
            ui.job = None;
            self.show(&mut ui, None, PuzzleEnd::Unavailable { reason: format!("cannot look at the game: {reason}") });
        }
        self.build(&ui)
    }

    /// What the screen shows now.
    pub fn state(&self) -> PuzzleState {
        let ui = self.lock();
        self.build(&ui)
    }

    /// A tap on a square (PDN number): selects a piece, enters a hop, completes a move.
    pub fn tap(self: &Arc<Self>, square: u32) -> ApiResult<PuzzleState> {
        self.input(|board, now| board.tap(square, now))
    }

    /// Picks one of the offered capture paths (index into the snapshot's choices).
    pub fn choose(self: &Arc<Self>, index: u32) -> ApiResult<PuzzleState> {
        self.input(|board, now| board.choose(index, now))
    }

    /// Plays a move written in algebraic or numeric notation.
    pub fn play(self: &Arc<Self>, text: String) -> ApiResult<PuzzleState> {
        self.input(|board, now| board.play_text(&text, now))
    }

    fn input(self: &Arc<Self>, f: impl FnOnce(&mut GameState, Instant) -> ApiResult<()>) -> ApiResult<PuzzleState> {
        let mut ui = self.lock();
        if ui.status != PuzzleStatus::YourMove {
            return Err(GiveawayError::NotYourTurn { reason: "it is not your move in the puzzle now".into() });
        }
        let Some(run) = ui.run.as_mut() else { return Err(unavailable("there is no puzzle on the board")) };
        let before = run.board.game().ply();
        run.wrong = None;
        f(&mut run.board, Instant::now())?;
        let played = (run.board.game().ply() > before).then(|| run.board.game().moves().last().copied()).flatten();
        if let Some(mv) = played {
            let expected = run.line.get(run.at).copied();
            if expected.is_some_and(|e| e.outcome_key() == mv.outcome_key()) {
                // The solution's own move (in the form the player entered).
                run.line[run.at] = mv;
                run.at += 1;
                run.hint_step = 0;
                run.feedback = Some(MoveFeedback::Correct);
                self.advance(&mut ui);
            } else {
                self.judge_in_background(&mut ui, mv);
            }
        }
        ui.revision += 1;
        Ok(self.build(&ui))
    }

    /// Plays the replies of the line up to the player's next move, or ends the exercise.
    fn advance(&self, ui: &mut Ui) {
        let Some(run) = ui.run.as_mut() else { return };
        let solver = run.ex.game.position().side_to_move();
        loop {
            if run.at >= run.line.len() || run.board.game().is_over() {
                ui.status = PuzzleStatus::Solved;
                self.record(ui);
                return;
            }
            if run.board.game().position().side_to_move() == solver {
                ui.status = PuzzleStatus::YourMove;
                return;
            }
            let reply = run.line[run.at];
            if run.board.play_computer(&reply, Instant::now()).is_err() {
                // Cannot happen with a checked line; end the exercise rather than hang.
                ui.status = PuzzleStatus::Solved;
                self.record(ui);
                return;
            }
            run.at += 1;
        }
    }

    /// Judges `mv` (not the solution's) off the caller's thread.
    fn judge_in_background(self: &Arc<Self>, ui: &mut Ui, mv: Move) {
        let Some(run) = ui.run.as_ref() else { return };
        let ex = Exercise { line: run.line.clone(), ..run.ex.clone() };
        let at = run.at;
        ui.tickets += 1;
        let ticket = ui.tickets;
        let stop = StopHandle::new();
        ui.job = Some((ticket, stop));
        ui.status = PuzzleStatus::Checking;
        let me = self.clone();
        let started = self.background.run(Box::new(move || {
            let mut judge = judge();
            let verdict = ex.judge_move(&mut judge, at, &mv);
            // An accepted alternative in a win: the rest of the line is the judge's best play after it.
            let rest = (verdict == MoveFeedback::AsGood && ex.goal == PuzzleGoal::Win)
                .then(|| judge.continuation(&ex.root_at(at).after(&mv), MAX_WIN_PLIES));
            {
                let mut ui = me.lock();
                if ui.closed || ui.job.as_ref().is_none_or(|(t, _)| *t != ticket) {
                    return;
                }
                ui.job = None;
                me.apply_verdict(&mut ui, mv, verdict, rest);
            }
            me.observer.changed();
        }));
        if let Err(reason) = started {
            ui.job = None;
            log::error!("cannot judge a puzzle move: {reason}");
            self.apply_verdict(ui, mv, MoveFeedback::Wrong, None);
        }
    }

    fn apply_verdict(&self, ui: &mut Ui, mv: Move, verdict: MoveFeedback, rest: Option<Vec<Move>>) {
        let notation = self.notation;
        let Some(run) = ui.run.as_mut() else { return };
        ui.revision += 1;
        run.feedback = Some(verdict);
        if verdict == MoveFeedback::Wrong {
            run.failed = true;
            run.wrong = Some(mv);
            run.board = board_for(&run.ex, &run.line, run.at, notation);
            ui.status = PuzzleStatus::YourMove;
            return;
        }
        run.line.truncate(run.at);
        run.line.push(mv);
        run.line.extend(rest.unwrap_or_default());
        run.at += 1;
        run.hint_step = 0;
        self.advance(ui);
    }

    /// The next hint for the move asked now: first the piece to move, then the move.
    pub fn hint(&self) -> ApiResult<PuzzleState> {
        let mut ui = self.lock();
        let can = ui.status == PuzzleStatus::YourMove && ui.run.as_ref().is_some_and(|r| r.hint_step < 2);
        if !can {
            return Err(unavailable("no hint can be given now"));
        }
        if let Some(run) = ui.run.as_mut() {
            run.hints += 1;
            run.hint_step += 1;
        }
        ui.revision += 1;
        Ok(self.build(&ui))
    }

    /// Shows the solution: the rest of the line is played on the board and listed, with what follows it.
    pub fn show_solution(&self) -> ApiResult<PuzzleState> {
        let mut ui = self.lock();
        if !matches!(ui.status, PuzzleStatus::YourMove) || ui.run.is_none() {
            return Err(unavailable("the solution cannot be shown now"));
        }
        let notation = self.notation;
        if let Some(run) = ui.run.as_mut() {
            run.revealed = true;
            run.failed = true;
            run.at = run.line.len();
            run.board = board_for(&run.ex, &run.line, run.at, notation);
        }
        ui.status = PuzzleStatus::Failed;
        ui.revision += 1;
        self.record(&mut ui);
        Ok(self.build(&ui))
    }

    /// Starts the exercise on the board again from its position (it stays counted as it was).
    pub fn retry(&self) -> ApiResult<PuzzleState> {
        let mut ui = self.lock();
        if matches!(ui.status, PuzzleStatus::Loading | PuzzleStatus::Checking | PuzzleStatus::Finished) {
            return Err(unavailable("nothing to try again now"));
        }
        let notation = self.notation;
        let Some(run) = ui.run.as_mut() else { return Err(unavailable("there is no puzzle on the board")) };
        run.line = run.ex.line.clone();
        run.at = 0;
        run.board = board_for(&run.ex, &run.line, 0, notation);
        run.feedback = None;
        run.wrong = None;
        run.revealed = false;
        run.hint_step = 0;
        ui.status = PuzzleStatus::YourMove;
        ui.revision += 1;
        Ok(self.build(&ui))
    }

    /// The next exercise of the mode (skipping an unfinished one counts as failed), or
    /// [`PuzzleStatus::Finished`] when there is none.
    pub fn next(&self) -> ApiResult<PuzzleState> {
        let mut ui = self.lock();
        if matches!(ui.status, PuzzleStatus::Loading | PuzzleStatus::Checking | PuzzleStatus::Finished) {
            return Err(unavailable("there is no next puzzle now"));
        }
        if ui.run.as_ref().is_some_and(|r| !r.recorded) {
            if let Some(run) = ui.run.as_mut() {
                run.failed = true;
            }
            self.record(&mut ui);
        }
        let ex = match self.mode {
            TrainerMode::Mistakes { .. } | TrainerMode::Mined => {
                let n = ui.queue.len();
                let next = (1..=n).map(|k| (ui.index + k) % n).find(|i| !ui.solved.contains(i));
                match next {
                    Some(i) if n > 0 => {
                        ui.index = i;
                        ui.queue.get(i).cloned()
                    }
                    _ => None,
                }
            }
            TrainerMode::Daily | TrainerMode::Puzzle { .. } => None,
            _ => self.next_shipped(&mut ui),
        };
        let empty = match self.mode {
            TrainerMode::Streak => PuzzleEnd::StreakOver,
            TrainerMode::Mistakes { .. } => PuzzleEnd::MistakesDone,
            TrainerMode::Mined => PuzzleEnd::MinedDone,
            _ => PuzzleEnd::Done,
        };
        self.show(&mut ui, ex, empty);
        Ok(self.build(&ui))
    }

    /// Turns the board round.
    pub fn flip_board(&self) -> PuzzleState {
        let mut ui = self.lock();
        ui.turned = !ui.turned;
        ui.revision += 1;
        self.build(&ui)
    }

    /// The screen goes away: work under way stops and its answer is dropped.
    pub fn leave(&self) {
        let mut ui = self.lock();
        if let Some((_, stop)) = ui.job.take() {
            stop.stop();
        }
        ui.closed = true;
    }

    /// Keeps the attempt (once per exercise shown): history, themes, the rating in the rated modes, the
    /// streak, a mistake's progress. A failed write is logged, never shown: the puzzle itself is unaffected.
    fn record(&self, ui: &mut Ui) {
        let rated = matches!(self.mode, TrainerMode::Rated | TrainerMode::Theme { .. });
        let Some(run) = ui.run.as_mut() else { return };
        if run.recorded {
            return;
        }
        run.recorded = true;
        let solved = !run.failed && !run.revealed;
        let (source, id, puzzle_rating) = (run.ex.source, run.ex.id, run.ex.rating);
        let themes = run.ex.themes.clone();
        let hints = run.hints;
        let mistake_ply = run.ex.mistake.as_ref().map(|m| m.ply);
        if source == PuzzleSource::Shipped {
            if let Ok(n) = u32::try_from(id) {
                ui.done.insert(n);
            }
        }
        if solved {
            ui.solved.insert(ui.index);
        }
        if self.mode == TrainerMode::Streak {
            if solved {
                ui.streak += 1;
            } else {
                ui.streak_over = true;
            }
        }
        // A hint used counts as not solved for the rating (the attempt keeps its hints).
        let new_rating = (rated).then(|| puzzle_rating.map(|r| rate(&ui.rating, r, solved && hints == 0))).flatten();
        let before = ui.rating;
        if let Some(r) = new_rating {
            ui.change = Some(r.rating - before.rating);
            ui.rating = r;
        }
        let Some(storage) = &self.storage else { return };
        let mode = match self.mode {
            TrainerMode::Rated => PuzzleMode::Rated,
            TrainerMode::Streak => PuzzleMode::Streak,
            TrainerMode::Daily => PuzzleMode::Daily,
            TrainerMode::Theme { .. } | TrainerMode::Puzzle { .. } => PuzzleMode::Theme,
            TrainerMode::Mined => PuzzleMode::Mined,
            TrainerMode::Mistakes { .. } => PuzzleMode::Mistakes,
        };
        let attempt = PuzzleAttempt {
            id: 0,
            source,
            puzzle_id: id,
            mode,
            solved,
            hints,
            puzzle_rating,
            rating_before: new_rating.map(|_| before.rating),
            rating_after: new_rating.map(|r| r.rating),
            themes,
            at_ms: crate::puzzles::now_ms(),
        };
        if let Err(e) = storage.record_puzzle_attempt(&attempt, new_rating.as_ref()) {
            log::warn!("the puzzle attempt was not saved: {e}");
        }
        if let (TrainerMode::Mistakes { game_id }, Some(ply)) = (&self.mode, mistake_ply) {
            if let Err(e) = storage.record_mistake_try(*game_id, ply, solved) {
                log::warn!("the mistakes trainer's progress was not saved: {e}");
            }
        }
    }

    fn build(&self, ui: &Ui) -> PuzzleState {
        let run = ui.run.as_ref();
        let solver = run.map_or(Color::White, |r| r.ex.game.position().side_to_move());
        let base = BoardOrientation::of(&Opponent::Computer { level: 1, human: solver }, Default::default(), solver);
        let orientation = if ui.turned { base.turned() } else { base };
        let your_move = ui.status == PuzzleStatus::YourMove;
        let snapshot = run.map(|r| {
            let mut snap = r.board.snapshot(Instant::now(), ui.status == PuzzleStatus::Checking, None);
            snap.computer_to_move = false;
            if !your_move {
                for s in &mut snap.squares {
                    s.movable = false;
                    s.must_capture = false;
                }
            }
            snap.orient(orientation.flipped);
            snap
        });
        let views = |moves: &[Move], first: Color| -> Vec<MoveView> {
            let mut color = first;
            moves
                .iter()
                .map(|m| {
                    let v = move_view(m, color, self.notation);
                    color = color.opponent();
                    v
                })
                .collect()
        };
        let finished = matches!(ui.status, PuzzleStatus::Solved | PuzzleStatus::Failed);
        let (solution, follow) = match run.filter(|_| finished) {
            Some(r) => {
                let after = if r.line.len() % 2 == 0 { solver } else { solver.opponent() };
                (views(&r.line, solver), views(&r.ex.follow, after))
            }
            None => (Vec::new(), Vec::new()),
        };
        let hint = run.filter(|r| r.hint_step > 0 && your_move).and_then(|r| {
            let mv = r.line.get(r.at)?;
            Some(PuzzleHint {
                piece: mv.from().pdn() as u32,
                mv: (r.hint_step > 1).then(|| move_view(mv, solver, self.notation)),
            })
        });
        let mut snapshot = snapshot;
        if let (Some(snap), Some(h)) = (snapshot.as_mut(), &hint) {
            // The hinted piece, then the move's path, marked on the board as the game screen marks its hint.
            let path: Vec<u32> = h.mv.as_ref().map_or_else(Vec::new, |m| m.path.clone());
            for sq in &mut snap.squares {
                sq.hint = sq.number == h.piece || path.contains(&sq.number);
            }
        }
        let puzzle = run.map(|r| PuzzleInfo {
            source: r.ex.source.name().to_string(),
            id: r.ex.id,
            rating: r.ex.rating,
            themes: r.ex.themes.clone(),
            goal: r.ex.goal,
            solver,
            solver_moves: r.ex.line.len().div_ceil(2) as u32,
            mistake: r.ex.mistake.as_ref().map(|m| MistakeView {
                game_id: m.game_id,
                ply: m.ply,
                move_number: m.ply / 2 + 1,
                played: move_view(&m.played, solver, self.notation),
                class: m.class.clone(),
            }),
        });
        let list = matches!(self.mode, TrainerMode::Mistakes { .. } | TrainerMode::Mined);
        let progress = (list && !ui.queue.is_empty()).then(|| TrainerProgress {
            index: ui.index as u32 + 1,
            total: ui.queue.len() as u32,
            solved: ui.solved.len() as u32,
        });
        let rated = matches!(self.mode, TrainerMode::Rated | TrainerMode::Theme { .. });
        PuzzleState {
            revision: ui.revision,
            mode: self.mode.clone(),
            status: ui.status,
            end: ui.empty.clone(),
            puzzle,
            coordinates: Coordinates::new(orientation.flipped, self.notation),
            orientation,
            snapshot,
            feedback: run.and_then(|r| r.feedback),
            wrong_move: run.and_then(|r| r.wrong.map(|m| move_view(&m, solver, self.notation))),
            hint,
            solution,
            follow,
            moves_found: run.map_or(0, |r| r.at.div_ceil(2) as u32),
            counted_solved: ui.status == PuzzleStatus::Solved && run.is_some_and(|r| !r.failed && !r.revealed),
            rating: rated.then_some(PuzzleRatingView {
                rating: ui.rating.rating,
                deviation: ui.rating.deviation,
                attempts: ui.rating.attempts,
                change: ui.change,
            }),
            streak: ui.streak,
            progress,
            can_hint: your_move && run.is_some_and(|r| r.hint_step < 2),
            can_show_solution: your_move,
            can_next: !matches!(ui.status, PuzzleStatus::Loading | PuzzleStatus::Checking | PuzzleStatus::Finished)
                && !matches!(self.mode, TrainerMode::Daily | TrainerMode::Puzzle { .. }),
            can_retry: matches!(ui.status, PuzzleStatus::YourMove | PuzzleStatus::Solved | PuzzleStatus::Failed),
            message: message(ui, run, solver, self.notation),
        }
    }
}

/// The board of `ex` with the first `at` plies of `line` played.
fn board_for(ex: &Exercise, line: &[Move], at: usize, notation: Notation) -> GameState {
    let mut game: Game = ex.game.clone();
    for mv in &line[..at.min(line.len())] {
        // The line was checked legal when made; a refusal would only stop the board short.
        if game.play(mv).is_err() {
            break;
        }
    }
    let solver = ex.game.position().side_to_move();
    let setup = NewGame {
        opponent: Opponent::Computer { level: 1, human: solver },
        start: StartPosition::Fen { fen: ex.game.start_fen() },
        time_control: None,
    };
    let mut board = GameState::with_game(setup, game, Instant::now());
    board.set_notation(notation);
    board
}

/// The game's mistakes as exercises, from its analysis (the replay's cached one when there is one).
fn find_mistakes(storage: &Arc<Storage>, game_id: i64, stop: &StopHandle) -> ApiResult<Vec<Exercise>> {
    let saved = storage.load_game(game_id)?;
    let slot = CacheSlot { storage: storage.clone(), id: game_id };
    let analysis = analyse_cached(&saved.game, Some(&slot), &ANALYSIS, stop, &mut |_, _| {})
        .map_err(|_| GiveawayError::Cancelled)?;
    Ok(mistakes(game_id, &saved.game, &analysis, saved.summary.setup.human_color, stop))
}

fn colour(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// The status line.
fn message(ui: &Ui, run: Option<&Run>, solver: Color, notation: Notation) -> String {
    let Some(run) = run else {
        return match ui.status {
            PuzzleStatus::Loading => "Looking at the game…".into(),
            PuzzleStatus::Finished if ui.streak > 0 || ui.streak_over => {
                format!("The streak is over: {} solved in a row", ui.streak)
            }
            _ => ui.empty.as_ref().map_or_else(|| "Done".into(), |e| capitalise(&e.english())),
        };
    };
    let task = match run.ex.goal {
        PuzzleGoal::Win => format!("Find the win for {}", colour(solver)),
        PuzzleGoal::Draw => format!("Find the only move that holds the draw for {}", colour(solver)),
        PuzzleGoal::OnlyMove => format!("Find the only good move for {}", colour(solver)),
        PuzzleGoal::BetterMove => match &run.ex.mistake {
            Some(m) => format!(
                "{} was a {} here: find a better move",
                giveaway_core::format_move(&m.played, notation),
                m.class
            ),
            None => "Find a better move".into(),
        },
    };
    match ui.status {
        PuzzleStatus::Checking => "Checking your move…".into(),
        PuzzleStatus::Solved if run.failed => "Solved, after a wrong try".into(),
        PuzzleStatus::Solved if run.feedback == Some(MoveFeedback::AsGood) => {
            "Solved: that works as well as the solution".into()
        }
        PuzzleStatus::Solved => "Solved!".into(),
        PuzzleStatus::Failed => "The solution".into(),
        _ => match (run.feedback, run.wrong) {
            (Some(MoveFeedback::Wrong), Some(mv)) => {
                format!("{} is not it: try again", giveaway_core::format_move(&mv, notation))
            }
            (Some(MoveFeedback::Correct), _) => "Correct: keep going".into(),
            (Some(MoveFeedback::AsGood), _) => "That works too: keep going".into(),
            _ => task,
        },
    }
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    c.next().map_or_else(String::new, |f| f.to_uppercase().collect::<String>() + c.as_str())
}
