//! The screen controllers through the library, as a front end drives them: a new game from the setup screen
//! (remembered for next time), reopening it, the forced-capture explanation saved once for good, and the
//! replay screen stepping, analysing in the background and jumping to mistakes.

use giveaway_app::{ColorChoice, GameSetup};
use giveaway_app::{GameEvent, Status};
use giveaway_app::{GameLibrary, ReplayController, MISTAKE_CLASSES};
use giveaway_app::{NoObserver, Queued};
use giveaway_core::record::TimeControl;
use giveaway_core::Color;
use std::sync::Arc;

fn library() -> (tempfile::TempDir, Arc<GameLibrary>) {
    let dir = tempfile::tempdir().unwrap();
    let lib = GameLibrary::open(dir.path().join("games.db").to_string_lossy().into_owned()).unwrap();
    (dir, lib)
}

#[test]
fn a_game_started_from_the_setup_screen_is_remembered_and_reopens_where_it_was() {
    let (_dir, lib) = library();
    let queue = Arc::new(Queued::default());
    let setup = GameSetup {
        level: 3,
        color: ColorChoice::Black,
        white_time: Some(TimeControl::even(5, 3).white),
        ..lib.remembered_setup().unwrap()
    };
    let game = lib.start_game(&setup, queue.clone(), Arc::new(NoObserver)).unwrap();
    game.start();
    assert_eq!(queue.run_all(), 1, "the computer opens");
    let s = game.state();
    assert!(matches!(s.status, Status::YourMove { .. }));
    assert_eq!(s.snapshot.clocks.as_ref().unwrap().control, TimeControl::even(5, 3));
    let remembered = lib.remembered_setup().unwrap();
    assert_eq!((remembered.level, remembered.color, remembered.white_time), (3, ColorChoice::Black, setup.white_time));
    let id = s.snapshot.game_id.unwrap();
    game.leave();
    let again = lib.open_game(id, queue.clone(), Arc::new(NoObserver)).unwrap();
    let r = again.start();
    assert_eq!((r.snapshot.fen, r.snapshot.ply, r.orientation.bottom), (s.snapshot.fen, 1, Color::Black));
    assert_eq!(queue.run_all(), 0, "the player is to move");
}

#[test]
fn forced_capture_is_explained_once_across_games() {
    let (_dir, lib) = library();
    let queue = Arc::new(Queued::default());
    let two_players = GameSetup { versus_computer: false, ..lib.remembered_setup().unwrap() };
    let explained = |events: Vec<GameEvent>| events.iter().any(|e| matches!(e, GameEvent::ExplainMustCapture { .. }));
    for first in [true, false] {
        let game = lib.start_game(&two_players, queue.clone(), Arc::new(NoObserver)).unwrap();
        game.start();
        game.play_move("c3-d4".into()).unwrap();
        game.play_move("f6-e5".into()).unwrap();
        assert_eq!(explained(game.take_events()), first);
    }
    assert!(lib.settings().unwrap().must_capture_explained);
}

fn played_game(lib: &GameLibrary) -> i64 {
    // Level 1 against level 1 by the computer's own moves: a full game with mistakes to find.
    let game = lib.new_game(giveaway_app::NewGame::pass_and_play(None)).unwrap();
    let mut snap = game.snapshot().unwrap();
    let mut rng = giveaway_core::engine::Rng::new(11);
    while snap.result.is_none() && snap.ply < 40 {
        let pos = giveaway_core::parse_fen(&snap.fen).unwrap();
        let moves = giveaway_core::legal_moves(&pos);
        let mv = moves[rng.below(moves.len())];
        snap = game.play_move(giveaway_core::format_move(&mv, giveaway_core::Notation::Algebraic)).unwrap();
    }
    snap.game_id.unwrap()
}

#[test]
fn the_replay_screen_steps_analyses_in_the_background_and_jumps_to_mistakes() {
    let (_dir, lib) = library();
    let id = played_game(&lib);
    let queue = Arc::new(Queued::default());
    let replay: Arc<ReplayController> = lib.open_replay(id, queue.clone(), Arc::new(NoObserver)).unwrap();
    let s = replay.state().unwrap();
    assert_eq!((s.ply, s.snapshot.ply), (0, 0));
    assert!(s.can_analyse && s.analysis.is_none() && s.markers.is_empty());
    assert!(replay.next_mistake().is_err(), "nothing to jump to before the analysis");
    assert_eq!(replay.next().unwrap().ply, 1);
    assert_eq!(replay.previous().unwrap().ply, 0);
    assert_eq!(replay.previous().unwrap().ply, 0, "stays at the start");
    let last = replay.last().unwrap();
    assert_eq!(last.ply, last.plies);
    assert_eq!(replay.go_to_fraction(0.5).unwrap().ply, (last.plies as f64 * 0.5).round() as u32);
    assert!(last.snapshot.squares.iter().all(|q| !q.movable), "nothing moves in a replay");

    let started = replay.analyse().unwrap();
    assert!(started.progress.is_some() && !started.can_analyse);
    assert_eq!(queue.run_all(), 1);
    let s = replay.first().unwrap();
    let analysis = s.analysis.clone().expect("analysed");
    assert!(s.progress.is_none());
    let mistakes: Vec<u32> =
        analysis.moves.iter().filter(|m| MISTAKE_CLASSES.contains(&m.class.as_str())).map(|m| m.ply + 1).collect();
    assert_eq!(s.markers.iter().map(|m| m.position).collect::<Vec<_>>(), mistakes);
    assert!(!mistakes.is_empty(), "random moves make mistakes");
    let mut seen = Vec::new();
    for _ in 0..mistakes.len() {
        let s = replay.next_mistake().unwrap();
        assert_eq!(s.review.as_ref().map(|r| r.ply + 1), Some(s.ply), "the move that led here is judged");
        seen.push(s.ply);
    }
    assert_eq!(seen, mistakes);
    assert_eq!(replay.next_mistake().unwrap().ply, mistakes[0], "wraps around");
    assert_eq!(replay.previous_mistake().unwrap().ply, *mistakes.last().unwrap(), "and backwards");
}

#[test]
fn an_analysis_cancelled_before_it_starts_never_runs() {
    let (_dir, lib) = library();
    let id = played_game(&lib);
    let queue = Arc::new(Queued::default());
    let replay = lib.open_replay(id, queue.clone(), Arc::new(NoObserver)).unwrap();
    replay.analyse().unwrap();
    let s = replay.cancel_analysis().unwrap();
    assert!(s.progress.is_none() && s.can_analyse);
    queue.run_all();
    let s = replay.state().unwrap();
    assert!(s.analysis.is_none() && s.error.is_none());
}
