//! Issue 23: after `giveaway play` ends, the games database file alone holds every move — a user who copies or
//! backs up `games.db` without its `-wal` journal loses nothing. It was a race (the integrity check's thread
//! still held the library when the process ended, so its connection never closed and the journal was never
//! written back), hence every way out is tried 20 times through the real binary.

use giveaway_core::storage::Storage;
use std::io::{Read, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::channel;
use std::time::{Duration, Instant};

const RUNS: usize = 20;
const MOVES: [&str; 2] = ["c3-d4", "b6-a5"];

fn start(db: &Path) -> Child {
    Command::new(env!("CARGO_BIN_EXE_giveaway"))
        .args(["play", "--line", "--pass-and-play", "--db"])
        .arg(db)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs")
}

/// Checks what a backup of `db` alone would hold, then that no journal with content is left beside it.
fn the_file_alone_holds_the_game(db: &Path, run: usize, how: &str) {
    let dir = tempfile::tempdir().unwrap();
    let copy = dir.path().join("copy.db");
    std::fs::copy(db, &copy).unwrap();
    let (alone, _) = Storage::open(&copy).unwrap_or_else(|e| panic!("{how}, run {run}: {e}"));
    let ids = alone.all_game_ids().unwrap();
    assert_eq!(ids.len(), 1, "{how}, run {run}: the copied file holds no game");
    let moves: Vec<String> = alone.load_game(ids[0]).unwrap().moves().iter().map(|m| m.to_string()).collect();
    assert_eq!(moves, MOVES, "{how}, run {run}");
    let wal = std::fs::metadata(db.with_extension("db-wal")).map_or(0, |m| m.len());
    assert_eq!(wal, 0, "{how}, run {run}: {wal} bytes left in the journal");
}

/// Plays the two moves, then ends the program as `end` does (given the child and its stdin, it returns the
/// stdin to keep open until the program has ended); returns how it exited.
fn play_then(db: &Path, end: impl Fn(&Child, ChildStdin) -> Option<ChildStdin>) -> ExitStatus {
    let mut child = start(db);
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let (tx, rx) = channel();
    std::thread::spawn(move || {
        let mut buf = [0u8; 4096];
        while let Ok(n @ 1..) = stdout.read(&mut buf) {
            if tx.send(buf[..n].to_vec()).is_err() {
                break;
            }
        }
    });
    writeln!(stdin, "{}\n{}", MOVES[0], MOVES[1]).unwrap();
    // The third prompt comes once both moves are saved.
    let (mut seen, deadline) = (String::new(), Instant::now() + Duration::from_secs(60));
    while seen.matches("to move: ").count() < 3 {
        let left = deadline.saturating_duration_since(Instant::now());
        let chunk = rx.recv_timeout(left).unwrap_or_else(|_| panic!("no third prompt: {seen}"));
        seen.push_str(&String::from_utf8_lossy(&chunk));
    }
    let _open_until_the_end = end(&child, stdin);
    child.wait().unwrap()
}

fn signal(child: &Child, number: i32) {
    // SAFETY: kill(2) on the pid of a child that has not been waited for.
    assert_eq!(unsafe { libc::kill(child.id() as i32, number) }, 0);
}

#[test]
fn quit_leaves_the_game_in_the_database_file() {
    let dir = tempfile::tempdir().unwrap();
    for run in 0..RUNS {
        let db = dir.path().join(format!("quit-{run}.db"));
        let mut child = start(&db);
        child.stdin.take().unwrap().write_all(format!("{}\n{}\nquit\n", MOVES[0], MOVES[1]).as_bytes()).unwrap();
        let out = child.wait_with_output().unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        the_file_alone_holds_the_game(&db, run, "quit");
    }
}

#[test]
fn the_end_of_input_leaves_the_game_in_the_database_file() {
    let dir = tempfile::tempdir().unwrap();
    for run in 0..RUNS {
        let db = dir.path().join(format!("eof-{run}.db"));
        let status = play_then(&db, |_, stdin| {
            drop(stdin);
            None
        });
        assert!(status.success(), "run {run}: {status:?}");
        the_file_alone_holds_the_game(&db, run, "end of input");
    }
}

#[test]
fn sigterm_and_sighup_leave_the_game_in_the_database_file() {
    use std::os::unix::process::ExitStatusExt;
    let dir = tempfile::tempdir().unwrap();
    for (name, number) in [("SIGTERM", libc::SIGTERM), ("SIGHUP", libc::SIGHUP)] {
        for run in 0..RUNS {
            let db = dir.path().join(format!("{name}-{run}.db"));
            // Its stdin stays open: the signal alone ends it.
            let status = play_then(&db, |child, stdin| {
                signal(child, number);
                Some(stdin)
            });
            // Ended through its own exit, reported as a shell reports the signal's death (128 + its number).
            assert_eq!((status.code(), status.signal()), (Some(128 + number), None), "{name}, run {run}");
            the_file_alone_holds_the_game(&db, run, name);
        }
    }
}
