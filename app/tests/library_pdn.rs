//! PDN through the library: a timed game exported and imported keeps its clocks per move, and absurd imported
//! clocks resume without panicking.

use giveaway_app::{GameLibrary, NewGame};
use giveaway_core::record::TimeControl;
use giveaway_core::storage::Storage;
use tempfile::TempDir;

#[test]
fn an_imported_timed_game_replays_with_its_clocks() {
    let dir = TempDir::new().unwrap();
    let library = |name: &str| GameLibrary::open(dir.path().join(name).to_string_lossy().into_owned()).unwrap();
    let (a, b) = (library("a.db"), library("b.db"));
    // The increment makes every move's clocks differ from the starting times.
    let game = a.new_game(NewGame::pass_and_play(Some(TimeControl::even(5, 3)))).unwrap();
    for text in ["c3-d4", "f6-e5", "d4:f6", "g7:e5", "g3-f4"] {
        game.play_move(text.into()).unwrap();
    }
    let id = game.snapshot().unwrap().game_id.unwrap();
    let played = Storage::open(dir.path().join("a.db")).unwrap().0.load_game(id).unwrap().move_clocks;
    assert!(played.iter().all(Option::is_some), "{played:?}");

    let imported = b.import_pdn(a.export_pdn(id).unwrap()).unwrap().first_id.unwrap();
    let stored = Storage::open(dir.path().join("b.db")).unwrap().0.load_game(imported).unwrap().move_clocks;
    assert_eq!(stored, played);
    let replay = b.replay(imported).unwrap();
    for (ply, c) in played.iter().enumerate() {
        let shown = replay.snapshot_at(ply as u32 + 1).unwrap().clocks.unwrap();
        let c = c.unwrap();
        assert_eq!((shown.white_ms, shown.black_ms), (c.white_ms, c.black_ms), "after ply {}", ply + 1);
    }
}

#[test]
fn absurd_imported_clocks_resume_without_panic() {
    let dir = TempDir::new().unwrap();
    let lib = GameLibrary::open(dir.path().join("a.db").to_string_lossy().into_owned()).unwrap();
    // Clocks far past what any game uses (they are stored clamped to i64 milliseconds), with an increment.
    let text = "[TimeControl \"60+5\"]\n1. 22-18 {[%clock w5124095576030:25:51.615 B5124095576030:25:51.615]} *";
    let id = lib.import_pdn(text.into()).unwrap().first_id.unwrap();
    let game = lib.resume(id).unwrap();
    let snap = game.play_move("f6-e5".into()).unwrap();
    assert_eq!(snap.ply, 2);
    assert!(snap.clocks.unwrap().black_ms > 0);
}

#[test]
fn a_file_is_imported_by_its_path_in_its_own_encoding_and_a_bad_one_changes_nothing() {
    let dir = TempDir::new().unwrap();
    let lib = GameLibrary::open(dir.path().join("a.db").to_string_lossy().into_owned()).unwrap();
    // UTF-16 with its byte-order mark, as Windows editors write it.
    let text = "[White \"Иван\"]\n1. c3-d4 f6-g5 0-1\n\n[White \"B\"]\n1. 22-18 *\n";
    let utf16: Vec<u8> = [0xFF, 0xFE].into_iter().chain(text.encode_utf16().flat_map(u16::to_le_bytes)).collect();
    let path = dir.path().join("games.pdn");
    std::fs::write(&path, &utf16).unwrap();
    let imported = lib.import_pdn_file(path.to_string_lossy().into_owned()).unwrap();
    assert_eq!(imported.count, 2);
    let first = Storage::open(dir.path().join("a.db")).unwrap().0.load_game(imported.first_id.unwrap()).unwrap();
    assert_eq!(first.summary.setup.white, "Иван");

    // An illegal move in the second game: nothing of the file is kept. A missing file is a typed error.
    std::fs::write(&path, "1. c3-d4 *\n\n1. c3-c5 *\n").unwrap();
    assert!(matches!(
        lib.import_pdn_file(path.to_string_lossy().into_owned()),
        Err(giveaway_app::GiveawayError::BadPdn { .. })
    ));
    let missing = lib.import_pdn_file(dir.path().join("none.pdn").to_string_lossy().into_owned());
    assert!(matches!(missing, Err(giveaway_app::GiveawayError::Storage { .. })), "{missing:?}");
    assert_eq!(Storage::open(dir.path().join("a.db")).unwrap().0.all_game_ids().unwrap().len(), 2);
}
