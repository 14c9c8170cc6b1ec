//! `giveaway tablebase` as a user runs it: the tables are built beside the games database (where `play` loads
//! them), probed from there, and a damaged file is refused with one line.

mod common;

use common::{giveaway, refused, stdout};

#[test]
fn tables_are_built_beside_the_database_probed_and_a_damaged_file_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.db").to_string_lossy().into_owned();
    let o = giveaway(&["tablebase", "build", "--pieces", "2", "--db", &db, "--quiet"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let file = dir.path().join("tablebase-2.gwtb");
    assert!(file.exists());
    let o = giveaway(&["tablebase", "probe", "--pieces", "2", "--fen", "W:W22:B15", "--db", &db]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = stdout(&o);
    assert!(out.starts_with("win in "), "{out}");
    assert!(out.contains("c3-d4: win in "), "{out}");
    std::fs::write(&file, b"GWTB damaged").unwrap();
    let err = refused(&["tablebase", "probe", "--pieces", "2", "--fen", "W:W22:B15", "--db", &db]);
    assert!(err.contains("tablebase-2.gwtb"), "{err}");
}
