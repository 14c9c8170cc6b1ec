//! The library tells the app when a damaged games database was moved aside, at open and from the background
//! integrity check, and never loses the damaged file.

use giveaway_app::GameLibrary;


#[test]
fn a_file_that_is_not_a_database_is_moved_aside_and_reported() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("games.db");
    std::fs::write(&path, b"this is not an SQLite database, it is a shopping list".repeat(100)).unwrap();
    let lib = GameLibrary::open(path.to_string_lossy().into_owned()).unwrap();
    let notice = lib.open_notice().expect("the damaged file is reported");
    let moved = std::fs::read(&notice.moved_to).unwrap();
    assert!(moved.starts_with(b"this is not an SQLite database"), "the old file is kept byte for byte");
    assert!(!notice.reason.is_empty());
    // The fresh database works, and a sound file passes the background check.
    assert_eq!(lib.list_games(Default::default(), None, 10).unwrap().total, 0);
    assert_eq!(lib.check_integrity().unwrap(), None);
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
