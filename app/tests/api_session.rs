//! The exported session API driven as a front end drives it: games against the computer, cancellation,
//! autosave and resume through the library, and random call sequences that must never panic nor let the saved
//! game drift from the game on screen.

use giveaway_app::{GameLibrary, GiveawayError, NewGame, Opponent, Snapshot, StartPosition};
use giveaway_core::storage::Storage;
use giveaway_core::{parse_move, Color, Game, Rules};
use proptest::prelude::*;
use std::sync::Arc;
use std::time::Duration;

fn library() -> (tempfile::TempDir, Arc<GameLibrary>) {
    let dir = tempfile::tempdir().unwrap();
    let lib = GameLibrary::open(dir.path().join("games.db").to_string_lossy().into_owned()).unwrap();
    (dir, lib)
}

/// The PDN number of the square named `name`.
fn sq(name: &str) -> u32 {
    u32::from(giveaway_core::Square::parse(name).unwrap().pdn())
}

/// World Champion, who thinks 2 s a move, from a handicap start (Black without b8): its opening book, which
/// answers the standard start at once, does not know it.
fn versus_world_champion_searching(human: Color) -> NewGame {
    NewGame { start: StartPosition::RemovedMen { squares: vec![1] }, ..NewGame::versus_computer(8, human) }
}

/// The saved game replayed from the database by the storage module on its own.
fn saved(dir: &tempfile::TempDir, id: i64) -> giveaway_core::record::SavedGame {
    let (storage, _) = Storage::open(dir.path().join("games.db")).unwrap();
    storage.load_game(id).unwrap()
}

/// The screen must show exactly what a replay of the saved moves gives.
fn assert_matches_saved(snap: &Snapshot, dir: &tempfile::TempDir) {
    let id = snap.game_id.expect("library sessions are saved");
    let s = saved(dir, id);
    assert_eq!(giveaway_core::to_fen(s.game.position()), snap.fen, "position");
    assert_eq!(s.game.ply() as u32, snap.ply, "ply");
    let shown: Vec<String> = snap.move_list.iter().flat_map(|r| [r.white.clone(), r.black.clone()]).flatten().collect();
    let stored: Vec<String> = s.game.moves().iter().map(|m| m.to_string()).collect();
    assert_eq!(shown, stored, "move list");
    assert_eq!(s.summary.ending.map(|e| e.outcome), snap.result.as_ref().map(|r| r.outcome), "result");
}

#[test]
fn a_full_game_against_the_computer_is_saved_and_resumes() {
    let (dir, lib) = library();
    let game = lib.new_game(NewGame::versus_computer(2, Color::White)).unwrap();
    let mut snap = game.snapshot().unwrap();
    let mut turn = 0;
    while snap.result.is_none() {
        if snap.computer_to_move {
            snap = game.computer_move(None).unwrap();
        } else {
            // The player taps its first movable piece, then its first destination, hop by hop.
            let piece = snap.squares.iter().find(|s| s.movable).unwrap().number;
            snap = game.tap(piece).unwrap();
            while snap.selected.is_some() && snap.result.is_none() && snap.side_to_move == Color::White {
                let to = snap.squares.iter().find(|s| s.destination).unwrap().number;
                snap = game.tap(to).unwrap();
                if !snap.choices.is_empty() {
                    snap = game.choose(0).unwrap();
                }
            }
        }
        turn += 1;
        assert!(turn < 400, "the game should end");
    }
    assert_matches_saved(&snap, &dir);
    let listed = lib.list_games(Default::default(), None, 1).unwrap();
    assert!(listed.games[0].resumable, "a finished game against the computer can be played on (undo)");
    // Resume: same board; undo works after the end and is saved too.
    let again = lib.resume(snap.game_id.unwrap()).unwrap();
    assert_eq!(again.snapshot().unwrap().fen, snap.fen);
    let undone = again.undo().unwrap();
    assert!(undone.result.is_none());
    assert!(!undone.computer_to_move);
    assert_matches_saved(&undone, &dir);
    let stats = lib.stats().unwrap();
    assert_eq!(stats.by_level.iter().map(|l| l.games).sum::<u64>(), 1);
}

#[test]
fn an_imported_result_without_a_reason_is_reopened_by_playing_on() {
    // The board cannot show a bare `0-1`, so the resumed game plays on; its first move used to be refused by
    // storage ("game 1 is finished; moves cannot be added") and every later save failed the same way.
    let (dir, lib) = library();
    let id = lib.import_pdn("[Result \"0-1\"]\n1. c3-d4 f6-g5 0-1\n".into()).unwrap().first_id.unwrap();
    assert_eq!(saved(&dir, id).summary.ending.map(|e| e.outcome), Some(giveaway_core::Outcome::BlackWins));
    let session = lib.resume(id).unwrap();
    let before = session.snapshot().unwrap();
    assert!(before.result.is_none());
    let mv = giveaway_core::legal_moves(&giveaway_core::parse_fen(&before.fen).unwrap())[0];
    let snap = session.play_move(mv.to_string()).unwrap();
    assert_eq!(snap.ply, 3);
    assert_matches_saved(&snap, &dir);
    let record = saved(&dir, id);
    assert_eq!(record.summary.ending, None, "the game is in progress again");
    assert_eq!(record.game.ply(), 3);
}

#[test]
fn cancelling_the_computer_stops_it_and_plays_nothing() {
    // Cancel once the search runs. (How quickly the stop is obeyed is measured by `giveaway bench-search` and
    // `make bench-ffi`, not asserted here.)
    let (dir, lib) = library();
    let game = lib.new_game(versus_world_champion_searching(Color::Black)).unwrap();
    let g2 = game.clone();
    let canceller = std::thread::spawn(move || {
        while !g2.snapshot().unwrap().thinking {
            std::thread::sleep(Duration::from_millis(5));
        }
        g2.cancel_search();
    });
    let r = game.computer_move(None);
    canceller.join().unwrap();
    assert_eq!(r.unwrap_err(), GiveawayError::Cancelled, "a finished search would have played its move");
    let snap = game.snapshot().unwrap();
    assert_eq!(snap.ply, 0);
    assert!(snap.computer_to_move && !snap.thinking);
    assert_matches_saved(&snap, &dir);
    // The player cannot move for the computer, and the computer can move again after a cancel.
    assert!(matches!(game.play_move("c3-d4".into()), Err(GiveawayError::NotYourTurn { .. })));
}

#[test]
fn undo_during_the_computers_search_cancels_it() {
    let (_dir, lib) = library();
    let game = lib.new_game(versus_world_champion_searching(Color::White)).unwrap();
    game.play_move("c3-d4".into()).unwrap();
    let g2 = game.clone();
    let undoer = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(100));
        g2.undo()
    });
    let r = game.computer_move(None);
    assert_eq!(r.unwrap_err(), GiveawayError::Cancelled);
    let snap = undoer.join().unwrap().unwrap();
    assert_eq!(snap.ply, 0);
}

#[test]
fn hints_coach_and_analysis() {
    let (_dir, lib) = library();
    let game = lib.new_game(NewGame::versus_computer(1, Color::White)).unwrap();
    let hint = game.hint().unwrap();
    let snap = game.snapshot().unwrap();
    assert!(snap.squares[hint.piece as usize - 1].movable);
    assert_eq!(hint.mv.from, hint.piece);
    game.play_move(hint.mv.text.clone()).unwrap();
    game.computer_move(None).unwrap();
    // Coach: judges the player's last move; a best move gets no tip.
    assert_eq!(game.coach_tip().unwrap(), None);
    let analysis = game.analyse(None).unwrap();
    assert_eq!(analysis.moves.len(), 2);
    assert_eq!(analysis.white_chances.len(), 3);
    let replay = lib.replay(snap.game_id.unwrap()).unwrap();
    assert_eq!(replay.plies(), 2);
    let first = replay.snapshot_at(1).unwrap();
    assert_eq!(first.ply, 1);
    assert!(first.squares.iter().all(|s| !s.movable));
}

/// One call a front end can make, valid or not.
#[derive(Clone, Debug)]
enum Call {
    Tap(u32),
    Select(u32),
    MoveTo(u32),
    Choose(u32),
    PlayLegal(usize),
    PlayText(String),
    Undo,
    Redo,
    Resign(bool),
    OfferDraw,
    AcceptDraw,
    DeclineDraw,
    React(bool, String),
    ClearSelection,
    Computer,
    Resume,
}

fn call() -> impl Strategy<Value = Call> {
    prop_oneof![
        4 => (0u32..=34).prop_map(Call::Tap),
        1 => (0u32..=34).prop_map(Call::Select),
        1 => (0u32..=34).prop_map(Call::MoveTo),
        1 => (0u32..4).prop_map(Call::Choose),
        4 => (0usize..64).prop_map(Call::PlayLegal),
        1 => "[a-h1-9:x-]{0,8}".prop_map(Call::PlayText),
        2 => Just(Call::Undo),
        1 => Just(Call::Redo),
        1 => any::<bool>().prop_map(Call::Resign),
        1 => Just(Call::OfferDraw),
        1 => Just(Call::AcceptDraw),
        1 => Just(Call::DeclineDraw),
        1 => (any::<bool>(), prop_oneof![Just("👍".to_string()), Just("x".to_string()), Just(String::new())])
            .prop_map(|(w, e)| Call::React(w, e)),
        1 => Just(Call::ClearSelection),
        2 => Just(Call::Computer),
        1 => Just(Call::Resume),
    ]
}

fn setup() -> impl Strategy<Value = NewGame> {
    prop_oneof![
        Just(NewGame::pass_and_play(None)),
        Just(NewGame::versus_computer(1, Color::White)),
        Just(NewGame::versus_computer(1, Color::Black)),
        Just(NewGame {
            opponent: Opponent::PassAndPlay,
            start: StartPosition::Fen { fen: "W:WKg5,c3:Bb2,f4,b8,e7,d4,e5".into() },
            time_control: None,
        }),
        Just(NewGame {
            opponent: Opponent::Computer { level: 1, human: Color::White },
            start: StartPosition::RemovedMen { squares: vec![21, 1, 2] },
            time_control: None,
        }),
    ]
}

proptest! {
    // Failures persist in the crate's one regressions folder (proptest's default puts them beside the test).
    #![proptest_config(ProptestConfig {
        cases: 48,
        failure_persistence: Some(Box::new(proptest::test_runner::FileFailurePersistence::Direct(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/proptest-regressions/tests/api_session.txt"
        )))),
        ..ProptestConfig::default()
    })]

    /// Random call sequences: errors are fine, panics are not, and after every call the screen shows what a
    /// replay of the saved moves gives.
    #[test]
    fn random_calls_never_panic_nor_corrupt_the_saved_game(setup in setup(), calls in prop::collection::vec(call(), 1..60)) {
        let (dir, lib) = library();
        let mut game = lib.new_game(setup).unwrap();
            for c in calls {
            let before = game.snapshot().unwrap();
            let r = match c.clone() {
                Call::Tap(n) => game.tap(n),
                Call::Select(n) => game.select(n),
                Call::MoveTo(n) => game.move_to(n),
                Call::Choose(i) => game.choose(i),
                Call::PlayLegal(i) => {
                    let g = Game::from_fen(&before.fen, Rules::default()).unwrap();
                    let legal = g.legal_moves();
                    match legal.get(i % legal.len().max(1)) {
                        Some(m) => game.play_move(m.to_string()),
                        None => game.play_move("a1-b2".into()),
                    }
                }
                Call::PlayText(t) => game.play_move(t),
                Call::Undo => game.undo(),
                Call::Redo => game.redo(),
                Call::Resign(w) => game.resign(if w { Color::White } else { Color::Black }),
                Call::OfferDraw => game.offer_draw(),
                Call::AcceptDraw => game.accept_draw(),
                Call::DeclineDraw => game.decline_draw(),
                Call::React(w, e) => game.react(if w { Color::White } else { Color::Black }, e),
                Call::ClearSelection => Ok(game.clear_selection()),
                Call::Computer => game.computer_move(None),
                Call::Resume => {
                    game = lib.resume(before.game_id.unwrap()).unwrap();
                    game.snapshot()
                }
            };
            let after = game.snapshot().unwrap();
            if let Err(e) = &r {
                prop_assert!(!matches!(e, GiveawayError::Internal { .. } | GiveawayError::Storage { .. }), "{c:?}: {e}");
                prop_assert_eq!(&before.fen, &after.fen, "a refused call changed the board: {:?}", c);
            }
            assert_matches_saved(&after, &dir);
            // A played move is legal from the position before it.
            if after.ply == before.ply + 1 {
                let g = Game::from_fen(&before.fen, Rules::default()).unwrap();
                let last = after.last_move.clone().unwrap();
                prop_assert!(parse_move(g.position(), &last.text).is_ok());
            }
        }
    }
}

#[test]
fn a_failed_save_leaves_the_session_exactly_as_before() {
    let (dir, lib) = library();
    let game = lib.new_game(NewGame::pass_and_play(None)).unwrap();
    let before = game.play_move("c3-d4".into()).unwrap();
    // Every further write of a move fails, as a full disk or a locked file would make it.
    let db = rusqlite::Connection::open(dir.path().join("games.db")).unwrap();
    db.execute_batch("CREATE TRIGGER full BEFORE INSERT ON moves BEGIN SELECT RAISE(ABORT, 'disk full'); END;")
        .unwrap();
    let refused = game.play_move("f6-e5".into());
    assert!(matches!(refused, Err(GiveawayError::Storage { .. })), "{refused:?}");
    let now = game.snapshot().unwrap();
    assert_eq!((now.fen.as_str(), now.ply, &now.move_list), (before.fen.as_str(), before.ply, &before.move_list));
    // Taps work on the board as it was, and the same move goes in once the disk has room again.
    assert!(game.tap(sq("f6")).unwrap().selected.is_some());
    db.execute_batch("DROP TRIGGER full;").unwrap();
    let after = game.play_move("f6-e5".into()).unwrap();
    assert_eq!(after.ply, 2);
    assert_matches_saved(&after, &dir);
    // A result that cannot be saved is not shown either.
    db.execute_batch(
        "CREATE TRIGGER no_end BEFORE UPDATE OF outcome ON games BEGIN SELECT RAISE(ABORT, 'disk full'); END;",
    )
    .unwrap();
    assert!(game.resign(Color::White).is_err());
    assert!(game.snapshot().unwrap().result.is_none());
    db.execute_batch("DROP TRIGGER no_end;").unwrap();
    let resigned = game.resign(Color::White).unwrap();
    assert!(resigned.result.is_some());
    assert_matches_saved(&resigned, &dir);
}
