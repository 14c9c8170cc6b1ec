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
    for (option, value, range) in
        [("--level", "0", "1 to 8"), ("--level", "9", "1 to 8"), ("--page-size", "99999999999", "1 to 500")]
    {
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
        // `import` reads a game at a time, so it meets the endless word without filling memory; `analyze`
        // reads the whole file first.
        let why = if cmd == "import" { "is this a PDN file?" } else { "/dev/zero is larger than 256 MB" };
        assert!(refused(&args).contains(why), "{cmd}");
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
    let files = [
        ("bom.pdn", [&b"\xef\xbb\xbf"[..], text.as_bytes()].concat()),
        ("le.pdn", utf16(true)),
        ("be.pdn", utf16(false)),
    ];
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

/// `n` games of `plies` legal plies (fewer where a game ends) as one PDN text, White named `Player i`.
fn pdn_games(n: usize, plies: usize) -> String {
    use giveaway_core::pdn::{write_games, PdnGame};
    use giveaway_core::{Game, Position, Rules};
    let games: Vec<PdnGame> = (0..n)
        .map(|i| {
            let mut g = Game::new(Position::start(), Rules::default());
            while g.ply() < plies {
                let list = g.legal_moves();
                let Some(m) = list.get((g.ply() * 5 + i) % list.len().max(1)).copied() else { break };
                g.play(&m).unwrap();
            }
            let mut p = PdnGame { moves: g.moves().to_vec(), ..PdnGame::new() };
            p.set_tag("White", format!("Player {i}"));
            p.set_tag("Black", "B");
            p
        })
        .collect();
    write_games(&games)
}

/// A library at `db` with the games of `pdn`, imported by the command.
fn library_with(db: &std::path::Path, pdn: &str) {
    let file = db.with_extension("pdn");
    std::fs::write(&file, pdn).unwrap();
    let o = giveaway(&["import", file.to_str().unwrap(), "--db", db.to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    std::fs::remove_file(file).unwrap();
}

fn stderr(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn a_file_that_is_not_a_database_is_refused_and_left_alone() {
    // Issue 16: `giveaway games --db n.txt` exited 0 and renamed n.txt; `show 1 --db games.pdn` would move a PDN.
    let dir = tempfile::tempdir().unwrap();
    let notes = dir.path().join("n.txt");
    let pdn = dir.path().join("games.pdn");
    std::fs::write(&notes, "notes\n").unwrap();
    std::fs::write(&pdn, pdn_games(2, 6)).unwrap();
    for (file, cmd) in [(&notes, &["games"][..]), (&pdn, &["show", "1"]), (&pdn, &["export", "--all"])] {
        let before = std::fs::read(file).unwrap();
        let mut args = cmd.to_vec();
        args.extend(["--db", file.to_str().unwrap()]);
        let err = refused(&args);
        assert!(err.contains("is not a games library") && err.contains("it was left as it is"), "{err}");
        assert_eq!(std::fs::read(file).unwrap(), before);
    }
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 2, "nothing renamed or created");
}

/// The counts a report on a repaired library gives ("…; 95 games recovered, 5 games lost; …").
fn recovered_and_lost(text: &str) -> Option<(u64, u64)> {
    let number_before = |word: &str| -> Option<u64> {
        let head = &text[..text.rfind(word)?];
        head.split_whitespace().nth_back(1)?.parse().ok()
    };
    Some((number_before(" recovered")?, number_before(" lost")?))
}

#[test]
fn a_damaged_library_is_repaired_by_check_or_by_the_command_that_meets_the_damage() {
    // Issue 16: one damaged page made the whole library look empty; and every command ran the full check.
    let dir = tempfile::tempdir().unwrap();
    let pristine = dir.path().join("pristine.db");
    // 50 games of 30 plies: the moves fill a dozen pages.
    const GAMES: u64 = 50;
    library_with(&pristine, &pdn_games(GAMES as usize, 30));
    let bytes = std::fs::read(&pristine).unwrap();
    let page = 4096;
    let (mut whole, mut partial, mut shown_before_check) = (0, 0, 0);
    for p in 1..bytes.len() / page {
        let db = dir.path().join(format!("damaged-{p}.db"));
        let mut damaged = bytes.clone();
        damaged[p * page..p * page + 64].fill(0x5a);
        std::fs::write(&db, &damaged).unwrap();
        let db_text = db.to_str().unwrap();
        // `show` reads only what it needs: damage elsewhere neither slows it nor moves the file (on a copy: if
        // it meets the damage, it repairs the library).
        let copy = dir.path().join(format!("shown-{p}.db"));
        std::fs::write(&copy, &damaged).unwrap();
        let shown = giveaway(&["show", "1", "--db", copy.to_str().unwrap()]);
        let shown_untouched = shown.status.success() && shown.stderr.is_empty();
        if shown_untouched {
            assert_eq!(std::fs::read(&copy).unwrap(), damaged, "page {p}: show changed the file");
        }
        let checked = giveaway(&["check", "--db", db_text]);
        assert!(checked.status.success(), "page {p}: {}", stderr(&checked));
        let out = stdout(&checked);
        let Some((recovered, lost)) = recovered_and_lost(&out) else {
            assert!(out.contains(&format!("the games library is sound: {GAMES} games")), "page {p}: {out}");
            continue;
        };
        assert_eq!(recovered + lost, GAMES, "page {p}: {out}");
        // The check found damage that `show 1` did not need to read, and so did not look for.
        shown_before_check += usize::from(shown_untouched);
        let kept = out.rsplit_once("the damaged file was kept as ").map(|(_, path)| path.trim()).unwrap();
        assert_eq!(std::fs::read(kept).unwrap(), damaged, "page {p}: {out}");
        let listed = stdout(&giveaway(&["games", "--db", db_text, "--page-size", "500"]));
        assert_eq!(listed.lines().last(), Some(format!("{recovered} of {recovered} games").as_str()), "page {p}");
        if lost == 0 {
            whole += 1;
        } else {
            partial += 1;
            // The same damage met by an export instead: repaired on the way, said on stderr, the rest exported.
            std::fs::write(&db, &damaged).unwrap();
            let exported = giveaway(&["export", "--all", "--db", db_text]);
            assert!(exported.status.success(), "page {p}: {}", stderr(&exported));
            let warning = stderr(&exported);
            if !warning.is_empty() {
                assert!(warning.starts_with("giveaway: warning: ") && warning.contains(" lost"), "{warning}");
                assert_eq!(stdout(&exported).matches("[Event").count() as u64, recovered_and_lost(&warning).unwrap().0);
            }
        }
    }
    assert!(
        whole > 0 && partial > 0 && shown_before_check > 0,
        "whole {whole}, partial {partial}, shown {shown_before_check}"
    );
}

#[test]
fn check_reports_a_sound_library() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.db");
    library_with(&db, &pdn_games(3, 6));
    let o = giveaway(&["check", "--db", db.to_str().unwrap()]);
    assert_eq!(stdout(&o), format!("{}: the games library is sound: 3 games\n", db.display()));
}

#[test]
fn a_damaged_trainer_file_is_set_aside_and_the_games_are_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.db");
    library_with(&db, &pdn_games(3, 6));
    let training = dir.path().join("games-training.db");
    std::fs::write(&training, "not a database").unwrap();
    let o = giveaway(&["games", "--db", db.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o).lines().last(), Some("3 of 3 games"));
    let warning = stderr(&o);
    assert!(
        warning.starts_with(&format!(
            "giveaway: warning: the puzzle trainer's file {} could not be used (it is not an SQLite database); it \
             was kept as {}.damaged-",
            training.display(),
            training.display()
        )) && warning.contains("a fresh one started"),
        "{warning}"
    );
    let o = giveaway(&["check", "--db", db.to_str().unwrap()]);
    assert_eq!(stdout(&o), format!("{}: the games library is sound: 3 games\n", db.display()));
    assert!(stderr(&o).is_empty(), "the fresh file is sound: {}", stderr(&o));
}

#[test]
fn db_may_come_before_the_command() {
    // Issue 16: `giveaway --db X games` was an unknown command.
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (dir.path().join("a.db"), dir.path().join("b.db"));
    let (a, b) = (a.to_str().unwrap(), b.to_str().unwrap());
    let file = dir.path().join("two.pdn");
    std::fs::write(&file, pdn_games(2, 6)).unwrap();
    let o = giveaway(&["--db", a, "import", file.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&giveaway(&["--db", a, "games"])).lines().last(), Some("2 of 2 games"));
    assert_eq!(stdout(&giveaway(&["games", "--db", a])).lines().last(), Some("2 of 2 games"));
    // Given twice, the one after the command (given last) wins.
    assert_eq!(stdout(&giveaway(&["--db", a, "games", "--db", b])).lines().last(), Some("0 of 0 games"));
    assert!(refused(&["--db"]).contains("a value is required for '--db <PATH>'"));
    assert!(refused(&["--db", a, "perft", "1"])
        .contains("unexpected argument '--db': 'perft' does not use the games database"));
}

#[test]
fn names_and_moves_from_a_file_reach_the_terminal_escaped() {
    // Issue 16: ESC sequences in a PDN file reached the user's terminal raw.
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.db");
    let db_text = db.to_str().unwrap();
    let bad = dir.path().join("bad.pdn");
    std::fs::write(&bad, "1. c3-d4\x1bc f6-g5 *\n").unwrap(); // ESC c resets a terminal
    let err = refused(&["import", bad.to_str().unwrap(), "--db", db_text]);
    assert!(!err.contains('\x1b') && err.contains("d4\\u{1b}c"), "{err:?}");
    library_with(&db, "[White \"Eve\x1b]0;owned\x07\"]\n[Event \"\x1b[31mred\"]\n1. c3-d4 *\n");
    for cmd in [&["games"][..], &["show", "1"]] {
        let o = giveaway(&[cmd, &["--db", db_text]].concat());
        let out = stdout(&o);
        assert!(o.status.success() && !out.contains('\x1b') && out.contains("Eve\\u{1b}]0;owned\\u{7}"), "{out:?}");
    }
    // The export is the file itself, byte for byte: no escaping there.
    assert!(stdout(&giveaway(&["export", "1", "--db", db_text])).contains("Eve\x1b]0;owned\x07"));
}

/// Runs the command as a user the file permissions bind: as root, who may write anything, through setpriv
/// (util-linux) as `nobody`, running a copy of the binary from `dir` (the build folder may be closed to them).
fn unprivileged(dir: &std::path::Path, args: &[&str]) -> std::process::Output {
    // SAFETY: geteuid(2) has no preconditions.
    if unsafe { libc::geteuid() } != 0 {
        return giveaway(args);
    }
    let bin = dir.join("giveaway");
    if !bin.exists() {
        std::fs::copy(env!("CARGO_BIN_EXE_giveaway"), &bin).unwrap();
    }
    std::process::Command::new("setpriv")
        .args(["--reuid=65534", "--regid=65534", "--clear-groups"])
        .arg(&bin)
        .args(args)
        .output()
        .expect("setpriv (util-linux) runs the test as nobody")
}

#[test]
fn a_read_only_library_is_listed_shown_and_exported_and_a_write_names_it() {
    // Issue 16: with the folder or the file read-only even `games` failed ("attempt to write a readonly
    // database"), naming no path.
    use std::os::unix::fs::PermissionsExt;
    let top = tempfile::tempdir().unwrap();
    let mode = |p: &std::path::Path, m: u32| std::fs::set_permissions(p, std::fs::Permissions::from_mode(m)).unwrap();
    mode(top.path(), 0o755);
    let file = top.path().join("one.pdn");
    std::fs::write(&file, pdn_games(2, 6)).unwrap();
    mode(&file, 0o644);
    // (folder mode, file mode): a read-only folder with a writable file, a writable folder with a read-only file.
    for (folder_mode, file_mode) in [(0o555, 0o666), (0o777, 0o444)] {
        let folder = top.path().join(format!("lib-{folder_mode:o}"));
        std::fs::create_dir(&folder).unwrap();
        let db = folder.join("games.db");
        library_with(&db, &pdn_games(2, 6));
        mode(&db, file_mode);
        mode(&folder, folder_mode);
        let db_text = db.to_str().unwrap();
        let run = |args: &[&str]| unprivileged(top.path(), &[args, &["--db", db_text]].concat());
        let listed = run(&["games"]);
        assert!(listed.status.success(), "{folder_mode:o}/{file_mode:o}: {}", stderr(&listed));
        assert_eq!(stdout(&listed).lines().last(), Some("2 of 2 games"));
        assert!(stdout(&run(&["show", "2"])).contains("White: Player 1"));
        assert_eq!(stdout(&run(&["export", "--all"])).matches("[Event").count(), 2);
        assert!(run(&["stats"]).status.success());
        assert!(stdout(&run(&["check"])).contains("sound (read-only): 2 games"));
        for write in [&["import", file.to_str().unwrap()][..], &["play", "--line", "--pass-and-play"]] {
            let o = run(write);
            let err = stderr(&o);
            assert_eq!(o.status.code(), Some(2), "{write:?}: {err}");
            assert!(err.contains(&format!("the games library {db_text} is read-only")), "{write:?}: {err}");
        }
        mode(&folder, 0o755);
    }
}
