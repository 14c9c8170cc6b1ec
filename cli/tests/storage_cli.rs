//! The saved-game commands (`games`, `show`, `export`, `import`, `stats`) and `bench-storage` as a user types
//! them: output and refusals (exit code 2, one line on stderr).

mod common;

use common::{giveaway, refused, stdout};

#[test]
fn bench_storage_runs_with_a_few_games() {
    // Random play in the append phase ends some games early; that must end the game, not the benchmark.
    let dir = tempfile::tempdir().unwrap();
    let o = giveaway(&["bench-storage", "--games", "3", "--dir", dir.path().to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = stdout(&o);
    assert!(out.starts_with("built 3 games") && out.contains("append a move:"), "{out}");
    assert!(out.lines().last().unwrap_or_default().starts_with("load + replay a game:"), "{out}");
}

#[test]
fn an_empty_db_path_is_refused_not_a_temporary_database() {
    for cmd in ["games", "stats", "play"] {
        assert!(refused(&[cmd, "--db", ""]).contains("--db needs a file path"));
    }
}

#[test]
fn games_filters_out_of_range_are_refused_with_the_range() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.db");
    let db = db.to_str().unwrap();
    // A level that does not exist used to list no games instead of saying so.
    for (option, value, range) in [("--level", "0", "1 to 8"), ("--level", "9", "1 to 8"), ("--page-size", "99999999999", "1 to 500")] {
        let err = refused(&["games", option, value, "--db", db]);
        assert!(err.contains(&format!("{option} must be a number from {range}, not '{value}'")), "{err}");
    }
    let o = giveaway(&["games", "--level", "8", "--page-size", "500", "--db", db]);
    assert_eq!(stdout(&o).lines().last(), Some("0 of 0 games"));
}

#[test]
fn output_into_a_closed_pipe_ends_quietly_without_a_panic() {
    use std::io::Read;
    use std::process::{Command, Stdio};
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.db");
    let pdn = dir.path().join("many.pdn");
    // About 200 KB of PDN: more than a pipe holds, so the export is still writing when the reader goes away.
    let game = "[Event \"e\"]\n1. c3-d4 f6-g5 2. g3-h4 g7-f6 *\n\n";
    std::fs::write(&pdn, game.repeat(3000)).unwrap();
    assert!(giveaway(&["import", pdn.to_str().unwrap(), "--db", db.to_str().unwrap()]).status.success());
    let mut child = Command::new(env!("CARGO_BIN_EXE_giveaway"))
        .args(["export", "--all", "--db", db.to_str().unwrap()])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = [0u8; 16];
    child.stdout.take().unwrap().read_exact(&mut first).unwrap(); // then the pipe's read end is dropped
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("panicked"), "{err}");
    assert_ne!(out.status.code(), Some(101));
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        assert_eq!(out.status.signal(), Some(13), "ended by SIGPIPE: {:?}", out.status);
    }
}

#[test]
fn a_folder_as_the_database_is_refused_with_a_hint() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().to_str().unwrap();
    let not_yet = format!("{folder}/new/");
    for db in [folder, not_yet.as_str()] {
        let err = refused(&["games", "--db", db]);
        assert!(err.contains("is a folder; give a file path such as"), "{err}");
    }
    // `new/` used to be created as a file called `new`.
    assert!(!dir.path().join("new").exists());
}

#[test]
fn export_refuses_to_write_over_the_database() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.db");
    let pdn = dir.path().join("one.pdn");
    std::fs::write(&pdn, "1. c3-d4 f6-g5 *\n").unwrap();
    let db_text = db.to_str().unwrap();
    assert!(giveaway(&["import", pdn.to_str().unwrap(), "--db", db_text]).status.success());
    // The same file by another spelling too: it used to be overwritten with the PDN, losing every game.
    let other_spelling = dir.path().join(".").join("games.db");
    for out in [db_text, other_spelling.to_str().unwrap()] {
        let err = refused(&["export", "--all", "--db", db_text, "--out", out]);
        assert!(err.contains("is the games database itself"), "{err}");
    }
    let o = giveaway(&["games", "--db", db_text]);
    assert!(o.stderr.is_empty(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(stdout(&o).lines().last(), Some("1 of 1 games"));
}

#[test]
fn an_endless_file_is_refused_instead_of_filling_memory() {
    if !std::path::Path::new("/dev/zero").exists() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.db");
    for cmd in ["import", "analyze"] {
        let mut args = vec![cmd, "/dev/zero"];
        if cmd == "import" {
            args.extend(["--db", db.to_str().unwrap()]);
        }
        assert!(refused(&args).contains("/dev/zero is larger than 256 MB"), "{cmd}");
    }
}

#[test]
fn pdn_files_with_a_byte_order_mark_or_in_utf16_are_imported() {
    // Issue 16: a UTF-8 byte-order mark was read as a malformed move, UTF-16 gave a garbled refusal.
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.db");
    let text = "[White \"Иванов\"]\n[Black \"Müller\"]\n1. c3-d4 f6-g5 2. d4-c5 *\n";
    let utf16 = |little_endian: bool| -> Vec<u8> {
        std::iter::once(0xfeff)
            .chain(text.encode_utf16())
            .flat_map(|u: u16| if little_endian { u.to_le_bytes() } else { u.to_be_bytes() })
            .collect()
    };
    let files = [("bom.pdn", [&b"\xef\xbb\xbf"[..], text.as_bytes()].concat()), ("le.pdn", utf16(true)), ("be.pdn", utf16(false))];
    for (name, bytes) in files {
        let path = dir.path().join(name);
        std::fs::write(&path, bytes).unwrap();
        let o = giveaway(&["import", path.to_str().unwrap(), "--db", db.to_str().unwrap()]);
        assert!(o.status.success(), "{name}: {}", String::from_utf8_lossy(&o.stderr));
        assert!(stdout(&o).starts_with("imported 1 game"), "{name}: {}", stdout(&o));
    }
    let listed = stdout(&giveaway(&["games", "--db", db.to_str().unwrap()]));
    assert_eq!(listed.matches("Иванов – Müller").count(), 3, "{listed}");
}
