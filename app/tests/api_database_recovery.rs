//! The library refuses a file that is not a database, and tells the app when a sound one passes the background
//! integrity check (damaged files: `storage::tests`).

use giveaway_app::{GameLibrary, NewGame};

fn games(library: &GameLibrary) -> u64 {
    library.stats().unwrap().by_mode.iter().map(|m| m.games).sum()
}

#[test]
fn a_file_that_is_not_a_database_is_refused_and_left_as_it_is() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("games.db");
    let notes = b"this is not an SQLite database, it is a shopping list".repeat(100);
    std::fs::write(&path, &notes).unwrap();
    let e = GameLibrary::open(path.to_string_lossy().into_owned()).err().expect("refused");
    assert!(e.to_string().contains("is not a games library"), "{e}");
    assert_eq!(std::fs::read(&path).unwrap(), notes, "the file is kept byte for byte, where it was");
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1, "nothing moved or created beside it");
}

#[test]
fn a_sound_database_opens_without_notice() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("games.db").to_string_lossy().into_owned();
    drop(GameLibrary::open(path.clone()).unwrap());
    let lib = GameLibrary::open(path).unwrap();
    assert_eq!(lib.open_notice(), None);
    assert_eq!(lib.check_integrity().unwrap(), None);
}

#[test]
fn a_games_file_the_system_refuses_is_replaced_by_a_fresh_scratch_file_and_said_so() {
    let dir = tempfile::tempdir().unwrap();
    let path = |name: &str| dir.path().join(name).to_string_lossy().into_owned();
    // A file that opens is used as it is.
    let fine = GameLibrary::open_or_scratch(path("games.db"), path("scratch.db")).unwrap();
    assert_eq!(fine.scratch_reason(), None);
    drop(fine);
    // A folder where the games file should be: the system refuses it, whatever is done.
    std::fs::create_dir(dir.path().join("folder.db")).unwrap();
    assert!(GameLibrary::open(path("folder.db")).is_err());
    let stand_in = GameLibrary::open_or_scratch(path("folder.db"), path("scratch.db")).unwrap();
    assert!(stand_in.scratch_reason().is_some_and(|r| !r.is_empty()));
    stand_in.new_game(NewGame::pass_and_play(None)).unwrap().play_move("c3-d4".into()).unwrap();
    assert_eq!(games(&stand_in), 1, "this run's games are kept in the scratch file");
    drop(stand_in);
    // The next run starts a fresh scratch file: the last one held only that run's games.
    let next = GameLibrary::open_or_scratch(path("folder.db"), path("scratch.db")).unwrap();
    assert_eq!(games(&next), 0);
    // Nowhere to write at all: a typed error, no panic.
    std::fs::create_dir(dir.path().join("scratch-folder.db")).unwrap();
    assert!(GameLibrary::open_or_scratch(path("folder.db"), path("scratch-folder.db")).is_err());
}
