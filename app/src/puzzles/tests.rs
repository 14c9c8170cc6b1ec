//! The trainer driven as a shell drives it: taps and written moves in, the state out, the engine's work run when
//! the test says ([`Queued`]).

use super::exercise::{judge, Exercise};
use super::*;
use crate::background::{NoObserver, Queued};
use crate::library::GameLibrary;
use crate::setup::{NewGame, Opponent, StartPosition};
use giveaway_core::movegen::legal_moves;
use giveaway_core::puzzle::{Puzzle, Theme};
use giveaway_core::storage::PuzzleSource;
use std::sync::Arc;
use tempfile::TempDir;

fn library() -> (TempDir, Arc<GameLibrary>) {
    let dir = TempDir::new().unwrap();
    let lib = GameLibrary::open(dir.path().join("games.db").to_string_lossy().into_owned()).unwrap();
    (dir, lib)
}

fn trainer(lib: &GameLibrary, mode: TrainerMode) -> (Arc<Queued>, Arc<PuzzleController>) {
    let jobs = Arc::new(Queued::default());
    let t = lib.puzzle_trainer(mode, jobs.clone(), Arc::new(NoObserver)).unwrap();
    (jobs, t)
}

/// A shipped puzzle of more than one solver move that is not an endgame (the trainer's judge in these tests has
/// no tables), passing `ok`.
fn shipped_where(ok: impl Fn(&Puzzle) -> bool) -> &'static Puzzle {
    shipped()
        .puzzles()
        .iter()
        .find(|p| p.kind() == Theme::Win && !p.themes.contains(&Theme::Endgame) && ok(p))
        .expect("the shipped set has such a puzzle")
}

/// Plays the solution's moves of the solver up to line ply `upto` (the replies come by themselves).
fn play_solution(t: &Arc<PuzzleController>, p: &Puzzle, upto: usize) -> PuzzleState {
    let mut state = t.state();
    for (i, mv) in p.solution.iter().enumerate().take(upto) {
        if i % 2 == 0 {
            state = t.play(mv.to_string()).unwrap();
            assert_eq!(state.feedback, Some(MoveFeedback::Correct), "{}: {mv}", p.to_line());
        }
    }
    state
}

#[test]
fn a_puzzle_solved_move_by_move_counts_and_is_kept() {
    let (_d, lib) = library();
    let p = shipped_where(|p| p.solver_moves() >= 2);
    let (jobs, t) = trainer(&lib, TrainerMode::Puzzle { id: p.id });
    let s = t.start();
    assert_eq!((s.status, s.end.clone()), (PuzzleStatus::YourMove, None));
    let info = s.puzzle.clone().unwrap();
    assert_eq!((info.source.as_str(), info.id, info.goal), ("shipped", i64::from(p.id), PuzzleGoal::Win));
    assert_eq!(info.solver_moves as usize, p.solver_moves());
    assert_eq!(s.snapshot.as_ref().unwrap().fen, p.fen());
    assert!(s.message.starts_with("Find the win"), "{}", s.message);
    assert!(s.solution.is_empty(), "the solution is not given away");
    let s = play_solution(&t, p, p.solution.len());
    assert_eq!(jobs.len(), 0, "the solution's moves need no engine");
    assert_eq!(s.status, PuzzleStatus::Solved);
    assert!(s.counted_solved && s.moves_found as usize == p.solver_moves());
    assert_eq!(s.solution.iter().map(|m| m.text.clone()).collect::<Vec<_>>(), p.solution_texts());
    assert!(!s.can_next, "one puzzle by number: nothing next");
    assert!(t.play("a1-b2".into()).is_err(), "no move after the end");
    let o = lib.puzzle_overview(10).unwrap();
    assert_eq!(o.history.len(), 1);
    assert!(o.history[0].solved && o.history[0].id == i64::from(p.id) && o.history[0].rating_change.is_none());
    let win = o.themes.iter().find(|t| t.theme == "win").unwrap();
    assert_eq!((win.attempts, win.solved), (1, 1));
    assert_eq!(win.puzzles as usize, shipped().count(Theme::Win));
}

#[test]
fn a_wrong_move_is_checked_taken_back_and_the_solution_can_be_shown() {
    let (_d, lib) = library();
    let p = shipped_where(|_| true);
    let (jobs, t) = trainer(&lib, TrainerMode::Puzzle { id: p.id });
    t.start();
    let wrong = legal_moves(&p.position)
        .iter()
        .copied()
        .find(|m| m.outcome_key() != p.solution[0].outcome_key())
        .expect("a puzzle has another move");
    let s = t.play(wrong.to_string()).unwrap();
    assert_eq!(s.status, PuzzleStatus::Checking);
    assert!(t.play(p.solution[0].to_string()).is_err(), "no input while a move is judged");
    assert_eq!(jobs.run_all(), 1);
    let s = t.state();
    assert_eq!((s.status, s.feedback), (PuzzleStatus::YourMove, Some(MoveFeedback::Wrong)));
    assert_eq!(s.wrong_move.as_ref().map(|m| m.text.clone()), Some(wrong.to_string()));
    assert_eq!(s.snapshot.as_ref().unwrap().fen, p.fen(), "taken back");
    assert!(s.message.ends_with("is not it: try again"), "{}", s.message);
    // Two hints: the piece, then the move.
    let h = t.hint().unwrap().hint.unwrap();
    assert_eq!((h.piece, h.mv.is_none()), (p.solution[0].from().pdn() as u32, true));
    let h = t.hint().unwrap().hint.unwrap();
    assert_eq!(h.mv.unwrap().text, p.solution[0].to_string());
    assert!(t.hint().is_err(), "two hints a move at most");
    let s = t.show_solution().unwrap();
    assert_eq!(s.status, PuzzleStatus::Failed);
    assert!(!s.counted_solved);
    assert_eq!(s.solution.len(), p.solution.len());
    assert_eq!(s.snapshot.as_ref().unwrap().fen, giveaway_core::to_fen(&p.position_after(p.solution.len())));
    let o = lib.puzzle_overview(10).unwrap();
    assert_eq!((o.history.len(), o.history[0].solved, o.history[0].hints), (1, false, 2));
    // Tried again from the start: the attempt stays counted as failed.
    let s = t.retry().unwrap();
    assert_eq!((s.status, s.snapshot.unwrap().fen), (PuzzleStatus::YourMove, p.fen()));
    play_solution(&t, p, p.solution.len());
    assert!(!t.state().counted_solved);
    assert_eq!(lib.puzzle_overview(10).unwrap().history.len(), 1, "one attempt per puzzle shown");
}

#[test]
fn a_move_as_good_as_the_solution_is_accepted_and_the_line_goes_on_from_it() {
    let (_d, lib) = library();
    let mut judge = judge();
    // The first puzzle (and step) where the trainer's judge accepts another move than the solution's.
    let mut found = None;
    for p in shipped().puzzles().iter().filter(|p| p.kind() == Theme::Win && !p.themes.contains(&Theme::Endgame)) {
        let ex = Exercise::shipped(p);
        for at in (2..p.solution.len()).step_by(2) {
            let root = ex.root_at(at);
            let other = legal_moves(&root.position).iter().copied().find(|m| {
                m.outcome_key() != p.solution[at].outcome_key()
                    && ex.judge_move(&mut judge, at, m) == MoveFeedback::AsGood
            });
            if let Some(m) = other {
                found = Some((p, at, m));
                break;
            }
        }
        if found.is_some() {
            break;
        }
    }
    let (p, at, alternative) = found.expect("some shipped puzzle has an alternative as good as its solution");
    let (jobs, t) = trainer(&lib, TrainerMode::Puzzle { id: p.id });
    t.start();
    play_solution(&t, p, at);
    assert_eq!(t.play(alternative.to_string()).unwrap().status, PuzzleStatus::Checking);
    jobs.run_all();
    let mut s = t.state();
    assert_eq!(s.feedback, Some(MoveFeedback::AsGood), "{} at ply {at}: {alternative}", p.to_line());
    // Finish along the new line, moves from the hints.
    let mut guard = 0;
    while s.status == PuzzleStatus::YourMove {
        t.hint().unwrap();
        let mv = t.hint().unwrap().hint.unwrap().mv.unwrap();
        s = t.play(mv.text).unwrap();
        assert_eq!(s.feedback, Some(MoveFeedback::Correct));
        guard += 1;
        assert!(guard < 20);
    }
    assert_eq!(s.status, PuzzleStatus::Solved);
    assert!(s.counted_solved, "an accepted alternative is no mistake");
    assert_eq!(s.solution[at].text, alternative.to_string());
    assert!(s.snapshot.unwrap().result.is_some(), "a win is played to the end");
}

#[test]
fn rated_puzzles_come_near_the_rating_and_move_it() {
    let (_d, lib) = library();
    let (_jobs, t) = trainer(&lib, TrainerMode::Rated);
    let s = t.start();
    let r = s.rating.unwrap();
    assert_eq!((r.rating, r.attempts), (1500.0, 0));
    let rating = s.puzzle.as_ref().unwrap().rating.unwrap();
    let id = s.puzzle.as_ref().unwrap().id as u32;
    // The nearest window that has puzzles: 1500 ± 100 holds many.
    assert!((1400..=1600).contains(&rating), "{rating}");
    let p = shipped().get(id).unwrap();
    let s = play_solution(&t, p, p.solution.len());
    assert_eq!(s.status, PuzzleStatus::Solved);
    let r = s.rating.unwrap();
    assert!(r.rating > 1500.0 && r.change.unwrap() > 0.0 && r.attempts == 1, "{r:?}");
    let next = t.next().unwrap();
    assert_ne!(next.puzzle.unwrap().id, i64::from(id), "not the same puzzle again");
    // Skipping counts as a failed attempt and lowers the rating.
    let before = next.rating.unwrap().rating;
    let after = t.next().unwrap().rating.unwrap();
    assert!(after.rating < before && after.attempts == 2, "{after:?}");
    let o = lib.puzzle_overview(10).unwrap();
    assert_eq!(o.rating.attempts, 2);
    assert!(o.history[0].rating_change.unwrap() < 0.0 && o.history[1].rating_change.unwrap() > 0.0);
}

#[test]
fn the_daily_puzzle_is_the_sets_puzzle_of_the_day_and_a_streak_ends_at_the_first_failure() {
    let (_d, lib) = library();
    let (_jobs, t) = trainer(&lib, TrainerMode::Daily);
    let s = t.start();
    let day = now_ms().div_euclid(86_400_000);
    let daily = shipped().daily(day).unwrap();
    assert_eq!(s.puzzle.unwrap().id, i64::from(daily.id));
    assert_eq!(lib.puzzle_overview(5).unwrap().daily.unwrap().solved_today, None);
    play_solution(&t, daily, daily.solution.len());
    assert_eq!(lib.puzzle_overview(5).unwrap().daily.unwrap().solved_today, Some(true));

    let (_jobs, t) = trainer(&lib, TrainerMode::Streak);
    let s = t.start();
    let first = shipped().get(s.puzzle.unwrap().id as u32).unwrap();
    assert!(first.rating <= 900, "a streak starts easy: {}", first.rating);
    let s = play_solution(&t, first, first.solution.len());
    assert_eq!(s.streak, 1);
    t.next().unwrap();
    let s = t.show_solution().unwrap();
    assert_eq!(s.streak, 1);
    let s = t.next().unwrap();
    assert_eq!(s.status, PuzzleStatus::Finished);
    assert_eq!(s.message, "The streak is over: 1 solved in a row");
    assert_eq!(s.end, Some(PuzzleEnd::StreakOver), "why, typed for the phones' words");
}

#[test]
fn bad_modes_are_refused() {
    let (_d, lib) = library();
    let jobs = Arc::new(Queued::default());
    for mode in [TrainerMode::Theme { theme: "sparkle".into() }, TrainerMode::Puzzle { id: 999_999 }] {
        let e = lib.puzzle_trainer(mode, jobs.clone(), Arc::new(NoObserver)).err().unwrap();
        assert!(matches!(e, crate::GiveawayError::BadSetup { .. }), "{e:?}");
    }
    let (_jobs, t) = trainer(&lib, TrainerMode::Theme { theme: "run-out".into() });
    let s = t.start();
    assert!(s.puzzle.unwrap().themes.contains(&"run-out".to_string()));
}

/// A saved game in which White, to move in `W:W22,29:B15`, blunders with a1-b2 (c3-d4 wins by force).
fn blundered_game(lib: &GameLibrary) -> i64 {
    let setup = NewGame {
        opponent: Opponent::PassAndPlay,
        start: StartPosition::Fen { fen: "W:W22,29:B15".into() },
        time_control: None,
    };
    let game = lib.new_game(setup).unwrap();
    for m in ["a1-b2", "e5-d4", "c3:e5"] {
        game.play_move(m.into()).unwrap();
    }
    game.snapshot().unwrap().game_id.unwrap()
}

#[test]
fn a_games_mistakes_are_exercises_with_progress_kept() {
    let (_d, lib) = library();
    let id = blundered_game(&lib);
    let (jobs, t) = trainer(&lib, TrainerMode::Mistakes { game_id: id });
    assert_eq!(t.start().status, PuzzleStatus::Loading);
    jobs.run_all();
    let s = t.state();
    assert_eq!(s.status, PuzzleStatus::YourMove);
    let info = s.puzzle.clone().unwrap();
    assert_eq!((info.source.as_str(), info.goal), ("mistake", PuzzleGoal::BetterMove));
    let m = info.mistake.unwrap();
    assert_eq!((m.ply, m.played.text.as_str(), m.class.as_str()), (0, "a1-b2", "blunder"));
    assert_eq!(s.message, "a1-b2 was a blunder here: find a better move");
    assert_eq!(s.progress.unwrap().total, 1);
    // The game's own move again: wrong.
    t.play("a1-b2".into()).unwrap();
    jobs.run_all();
    assert_eq!(t.state().feedback, Some(MoveFeedback::Wrong));
    let s = t.play("c3-d4".into()).unwrap();
    assert_eq!(s.status, PuzzleStatus::Solved);
    assert!(!s.counted_solved, "after a wrong try");
    assert!(!s.follow.is_empty(), "the line that follows is shown");
    let s = t.next().unwrap();
    assert_eq!(s.status, PuzzleStatus::YourMove, "unsolved: offered again");
    let s = t.play("c3-d4".into()).unwrap();
    assert!(s.counted_solved);
    let s = t.next().unwrap();
    assert_eq!((s.status, s.message.as_str()), (PuzzleStatus::Finished, "Every mistake of this game is done"));
    assert_eq!(s.end, Some(PuzzleEnd::MistakesDone));
    // Progress is kept per game: a new trainer knows it is solved.
    let (jobs, t) = trainer(&lib, TrainerMode::Mistakes { game_id: id });
    t.start();
    jobs.run_all();
    assert_eq!(t.state().progress.unwrap().solved, 1);
    let history = lib.puzzle_overview(10).unwrap().history;
    assert!(history.iter().all(|a| a.source == "mistake" && a.mode == "mistakes"));
    assert_eq!(history.len(), 2, "the failed try and the clean one");
}

#[test]
fn an_analysed_game_is_mined_once_and_its_puzzles_verify() {
    let (_d, lib) = library();
    let id = blundered_game(&lib);
    let jobs = Arc::new(Queued::default());
    let replay = lib.open_replay(id, jobs.clone(), Arc::new(NoObserver)).unwrap();
    replay.analyse().unwrap();
    jobs.run_all();
    assert!(replay.state().unwrap().analysis.is_some());
    let storage = lib.storage();
    assert_eq!(storage.mined_at(id).unwrap(), Some(3), "mined after the analysis");
    let mined = storage.mined_puzzles().unwrap();
    assert!(!mined.is_empty(), "the start is a forced win with one winning move");
    let mut judge = judge();
    for m in &mined {
        let ex = Exercise::mined(m).unwrap();
        assert_eq!(ex.source, PuzzleSource::Mined);
        let moves: Vec<&str> = m.solution.iter().map(String::as_str).collect();
        let themes: Vec<&str> = m.themes.iter().map(String::as_str).collect();
        let p = Puzzle::new(0, &m.fen, &moves, &themes, m.rating as u16).unwrap();
        giveaway_core::puzzle::verify(&p, &mut judge).unwrap();
    }
    assert_eq!(lib.mine_game(id).unwrap(), 0, "not mined twice at the same length");
    let (_jobs, t) = trainer(&lib, TrainerMode::Mined);
    let s = t.start();
    assert_eq!(s.puzzle.unwrap().source, "mined");
    assert_eq!(s.progress.unwrap().total as usize, mined.len());
    assert_eq!(lib.puzzle_overview(1).unwrap().mined as usize, mined.len());
}
