//! The library refuses a file that is not a database, and tells the app when a sound one passes the background
//! integrity check (damaged files: `storage::tests`).

use giveaway_app::GameLibrary;

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
