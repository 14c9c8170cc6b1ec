//! Crash test: a child process plays random legal moves and saves each one, printing `saved ID PLY MOVE` once
//! `append_move` has returned; the parent kills it with SIGKILL at a random moment, reopens the database and
//! checks that every acknowledged move is there and that `PRAGMA integrity_check` passes. Several rounds on
//! the same file, so later children also resume games the earlier ones left in progress.
//!
//! Runs without the libtest harness: the same binary is the parent, or the child when `CRASH_CHILD_DB` is set.

use giveaway_core::engine::Rng;
use giveaway_core::record::{ClockTimes, GameMode, NewGame, TimeControl};
use giveaway_core::storage::{Filter, Storage};
use giveaway_core::{Game, Rules};
use std::collections::hash_map::Entry;
use std::collections::HashMap;
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const ROUNDS: u64 = 16;

fn main() {
    if let Ok(db) = std::env::var("CRASH_CHILD_DB") {
        let seed = std::env::var("CRASH_CHILD_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or(1);
        child(Path::new(&db), seed);
        return;
    }
    let seed = std::env::var("CRASH_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or_else(|| {
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(7, |d| d.as_nanos() as u64) | 1
    });
    match parent(seed) {
        Ok(summary) => {
            println!("storage crash test (seed {seed}): {summary}");
            println!("storage_crash: 1 passed, 0 failed");
        }
        Err(why) => {
            eprintln!("storage crash test FAILED (rerun with CRASH_SEED={seed}): {why}");
            println!("storage_crash: 0 passed, 1 failed");
            std::process::exit(1);
        }
    }
}

/// Plays and saves forever (until killed, or 20 s as a safety net).
fn child(db: &Path, seed: u64) {
    let mut rng = Rng::new(seed);
    let (storage, _) = Storage::open(db).expect("child opens the database");
    let out = std::io::stdout();
    let deadline = Instant::now() + Duration::from_secs(20);
    while Instant::now() < deadline {
        // Resume the newest game in progress, or start one.
        let in_progress = Filter { in_progress: Some(true), ..Filter::default() };
        let page = storage.list_games(&in_progress, None, 1).expect("list");
        let (id, mut game) = match page.games.first() {
            Some(summary) => (summary.id, storage.load_game(summary.id).expect("load").game),
            None => {
                let setup = NewGame {
                    time_control: Some(TimeControl::even(3, 2)),
                    ..NewGame::new(GameMode::PassAndPlay, "Child", "Process")
                };
                (storage.create_game(&setup).expect("create"), Game::new(Default::default(), Rules::default()))
            }
        };
        while !game.is_over() {
            let moves = game.legal_moves();
            let mv = moves[rng.below(moves.len())];
            let ply = game.ply() as u32;
            let clocks = ClockTimes { white_ms: 180_000 - u64::from(ply), black_ms: 180_000 };
            storage.append_move(id, ply, &mv, Some(clocks)).expect("append");
            game.play(&mv).expect("legal");
            let mut lock = out.lock();
            // The acknowledgement: printed only after the save returned.
            let _ = writeln!(lock, "saved {id} {ply} {mv}");
            let _ = lock.flush();
        }
        if let Some(result) = game.result() {
            storage.finish_game(id, result).expect("finish");
        }
    }
}

/// Runs the rounds; returns a one-line summary or what went wrong.
fn parent(seed: u64) -> Result<String, String> {
    let dir = tempfile::TempDir::new().map_err(|e| e.to_string())?;
    let db = dir.path().join("crash.db");
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    let mut rng = Rng::new(seed);
    // Every acknowledged save: (game, ply) → move text.
    let mut acked: HashMap<(i64, u32), String> = HashMap::new();
    let mut kills_mid_write = 0;
    for round in 0..ROUNDS {
        let mut child = Command::new(&exe)
            .env("CRASH_CHILD_DB", &db)
            .env("CRASH_CHILD_SEED", rng.next_u64().to_string())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("spawn: {e}"))?;
        let stdout = child.stdout.take().ok_or("no child stdout")?;
        let reader =
            std::thread::spawn(move || BufReader::new(stdout).lines().map_while(Result::ok).collect::<Vec<String>>());
        // Sometimes during open and the first saves, mostly mid-game.
        std::thread::sleep(Duration::from_millis(if round % 4 == 0 {
            rng.below(15) as u64
        } else {
            5 + rng.below(120) as u64
        }));
        child.kill().map_err(|e| format!("kill: {e}"))?; // SIGKILL on Unix
        let status = child.wait().map_err(|e| e.to_string())?;
        if status.success() {
            return Err(format!("round {round}: the child ended by itself instead of being killed"));
        }
        let lines = reader.join().map_err(|_| "reader thread panicked")?;
        let before = acked.len();
        for line in lines.iter().filter_map(|l| l.strip_prefix("saved ")) {
            let parts: Vec<&str> = line.split(' ').collect();
            let [id, ply, mv] = parts.as_slice() else { return Err(format!("bad child line '{line}'")) };
            let key = (id.parse().map_err(|_| "bad id")?, ply.parse().map_err(|_| "bad ply")?);
            acked.insert(key, mv.to_string());
        }
        if acked.len() > before {
            kills_mid_write += 1;
        }
        verify(&db, &acked).map_err(|e| format!("round {round}: {e}"))?;
    }
    if kills_mid_write < ROUNDS / 2 {
        return Err(format!("only {kills_mid_write} of {ROUNDS} children got to save a move: timing too short"));
    }
    let games: std::collections::HashSet<i64> = acked.keys().map(|k| k.0).collect();
    Ok(format!(
        "{ROUNDS} SIGKILLs, {} acknowledged moves in {} games all present, integrity ok",
        acked.len(),
        games.len()
    ))
}

fn verify(db: &Path, acked: &HashMap<(i64, u32), String>) -> Result<(), String> {
    let (storage, report) = Storage::open(db).map_err(|e| format!("reopen: {e}"))?;
    if report.recovery.is_some() {
        return Err(format!("the database was found damaged: {report:?}"));
    }
    let check = storage.integrity_check().map_err(|e| e.to_string())?;
    if check != "ok" {
        return Err(format!("integrity_check: {check}"));
    }
    let mut loaded = HashMap::new();
    for (&(id, ply), mv) in acked {
        let saved = match loaded.entry(id) {
            Entry::Occupied(e) => e.into_mut(),
            Entry::Vacant(e) => e.insert(storage.load_game(id).map_err(|err| format!("load {id}: {err}"))?),
        };
        match saved.moves().get(ply as usize) {
            Some(m) if m.to_string() == *mv => {}
            other => return Err(format!("game {id} ply {ply}: acknowledged {mv}, stored {other:?}")),
        }
    }
    Ok(())
}
