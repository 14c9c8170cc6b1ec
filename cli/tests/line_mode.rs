//! `giveaway play` in line mode (stdin and stdout are pipes here): a whole game against the computer driven
//! through stdin, a pass-and-play game drawn by the 15-move king rule, resume, and refused input.

use giveaway_app::GameLibrary;
use giveaway_core::storage::Filter;
use giveaway_core::{format_move, legal_moves, parse_fen, EndReason, Game, Move, Notation, Outcome, Rules};
use std::io::{Read, Write};
use std::process::{Child, ChildStdin, Command, Output, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

fn play(db: &std::path::Path, args: &[&str]) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_giveaway"));
    c.arg("play").arg("--db").arg(db).args(args);
    c
}

/// Runs `play` with all of `input` on stdin at once.
fn play_with_input(db: &std::path::Path, args: &[&str], input: impl AsRef<[u8]>) -> Output {
    let mut child = play(db, args).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    child.stdin.take().unwrap().write_all(input.as_ref()).unwrap();
    child.wait_with_output().unwrap()
}

/// A line-mode game driven interactively: read up to the next prompt, answer it.
struct Conversation {
    child: Child,
    stdin: ChildStdin,
    chunks: Receiver<Vec<u8>>,
    seen: String,
    read_to: usize,
}

impl Conversation {
    fn start(mut cmd: Command) -> Conversation {
        let mut child = cmd.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::inherit()).spawn().unwrap();
        let stdin = child.stdin.take().unwrap();
        let mut stdout = child.stdout.take().unwrap();
        let (tx, chunks) = channel();
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = stdout.read(&mut buf) {
                if n == 0 || tx.send(buf[..n].to_vec()).is_err() {
                    break;
                }
            }
        });
        Conversation { child, stdin, chunks, seen: String::new(), read_to: 0 }
    }

    /// The output since the last call, up to and including the next prompt or the end of the game.
    fn next_turn(&mut self) -> String {
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            let fresh = &self.seen[self.read_to..];
            let end = ["to move: ", "Game over: "].iter().filter_map(|m| fresh.find(m).map(|i| i + m.len())).min();
            if let Some(end) = end {
                // Game over: take the whole line.
                let end = if fresh[..end].ends_with("Game over: ") {
                    fresh[end..].find('\n').map_or(fresh.len(), |n| end + n + 1)
                } else {
                    end
                };
                let turn = fresh[..end].to_string();
                self.read_to += end;
                return turn;
            }
            let left = deadline.saturating_duration_since(Instant::now());
            match self.chunks.recv_timeout(left) {
                Ok(bytes) => self.seen.push_str(&String::from_utf8_lossy(&bytes)),
                Err(_) => panic!("no prompt within 60 s; output so far:\n{}", self.seen),
            }
        }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").unwrap();
    }
}

fn last_fen(text: &str) -> String {
    text.lines().rev().find_map(|l| l.strip_prefix("FEN ")).expect("a FEN line").to_string()
}

fn games(db: &std::path::Path) -> Vec<giveaway_app::GameSummaryView> {
    let lib = GameLibrary::open(db.to_string_lossy().into_owned()).unwrap();
    let all =
        Filter { mode: None, result: None, level: None, in_progress: None, since: None, until: None, player: None };
    lib.list_games(all, None, 100).unwrap().games
}

#[test]
fn a_scripted_game_against_the_computer_runs_to_its_end() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.db");
    let mut game = Conversation::start(play(&db, &["--vs-computer", "Beginner", "--color", "white"]));
    let mut moves = 0;
    let ending = loop {
        let turn = game.next_turn();
        if let Some(i) = turn.find("Game over: ") {
            break turn[i..].trim().to_string();
        }
        assert!(turn.ends_with("White to move: "), "{turn}");
        // The player (White) always plays the first legal move of the position shown.
        let pos = parse_fen(&last_fen(&turn)).unwrap();
        let mv = legal_moves(&pos)[0];
        game.send(&format_move(&mv, Notation::Algebraic));
        moves += 1;
        assert!(moves < 200, "the game should end");
    };
    assert!(game.child.wait().unwrap().success());
    assert!(ending.contains("(no legal move left)") || ending.contains("repetition"), "{ending}");
    assert!(game.seen.contains("Computer plays "), "the computer answered");
    let saved = games(&db);
    assert_eq!(saved.len(), 1);
    assert!(saved[0].outcome.is_some(), "the saved game is finished");
    assert!(saved[0].plies as usize >= 2 * moves - 1);
}

/// Quiet king moves from `game` that reach the 15-move king rule without a capture or a threefold repetition
/// (depth-first: the first king move that keeps the game going, backtracking when stuck).
fn king_walk(game: &mut Game, path: &mut Vec<Move>) -> bool {
    if let Some(r) = game.result() {
        return r.reason == EndReason::KingMoveRule;
    }
    for mv in game.legal_moves().iter() {
        if mv.is_capture() {
            return false;
        }
        game.play(mv).unwrap();
        let quiet_after = game.legal_moves().first().is_none_or(|m| !m.is_capture());
        if quiet_after && game.repetition_count() < 3 {
            path.push(*mv);
            if king_walk(game, path) {
                return true;
            }
            path.pop();
        }
        game.undo();
    }
    false
}

#[test]
fn pass_and_play_ends_in_a_draw_by_the_king_rule() {
    let fen = "W:WK29,K31:BK4,K2";
    let mut game = Game::from_fen(fen, Rules::default()).unwrap();
    let mut walk = Vec::new();
    assert!(king_walk(&mut game, &mut walk), "a drawing king walk exists");
    let mut input: String = walk.iter().map(|m| format!("{}\n", format_move(m, Notation::Numeric))).collect();
    input += "c3-d4\n"; // after the end nothing more is read
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.db");
    let out = play_with_input(&db, &["--pass-and-play", "--fen", fen], &input);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success(), "{text}");
    assert!(text.contains("King moves without capture: 29 of 30 plies"), "{text}");
    assert!(
        text.trim_end().ends_with("Game over: Draw (15 king moves each without a capture or man move) 1/2-1/2"),
        "{text}"
    );
    let saved = games(&db);
    assert_eq!(saved[0].outcome, Some(Outcome::Draw));
    assert_eq!(saved[0].reason, Some(EndReason::KingMoveRule));
    assert_eq!(saved[0].plies, 30);
}

#[test]
fn a_game_left_at_end_of_input_resumes_where_it_stopped() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.db");
    let out = play_with_input(&db, &["--pass-and-play", "--time", "5+3/3+0"], "c3-d4\nf6-g5\n");
    let text = String::from_utf8(out.stdout).unwrap();
    // White's clock runs from the start (it may already show 4:59); Black's waits at 3:00 (time odds).
    let first = text.lines().find(|l| l.starts_with("Clocks: ")).unwrap_or_default();
    assert!(first == "Clocks: White 5:00  Black 3:00" || first == "Clocks: White 4:59  Black 3:00", "{text}");
    let id = games(&db)[0].id;
    // The way to continue names the same database file (it used to leave --db out, so it opened another one).
    let again = format!("continue it with: giveaway play --resume {id} --db {}", db.display());
    assert!(text.contains(&again), "{text}");
    let out = play_with_input(&db, &["--resume", "last"], "board\nundo\nquit\n");
    let text = String::from_utf8(out.stdout).unwrap();
    let fens: Vec<&str> = text.lines().filter_map(|l| l.strip_prefix("FEN ")).collect();
    let mut expected = Game::new(giveaway_core::Position::start(), Rules::default());
    expected.play_notation("c3-d4").unwrap();
    let after_one = giveaway_core::to_fen(expected.position());
    expected.play_notation("f6-g5").unwrap();
    assert_eq!(fens[0], giveaway_core::to_fen(expected.position()), "{text}");
    assert_eq!(fens.last().copied(), Some(after_one.as_str()), "{text}");
    assert_eq!(games(&db)[0].plies, 1, "the undo was saved");
}

#[test]
fn refused_input_says_why_and_asks_again() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.db");
    let out = play_with_input(&db, &["--pass-and-play"], "c3-e5\nhello\ndraw\naccept\n");
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("error: illegal move"), "{text}");
    assert!(text.contains("error: bad notation"), "{text}");
    assert!(text.contains("White offers a draw: accept or decline"), "{text}");
    assert!(text.contains("Game over: Draw (agreement) 1/2-1/2"), "{text}");
}

#[test]
fn binary_and_very_long_lines_are_refused_and_the_game_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.db");
    let long = "x".repeat(1_000_000);
    let input = [&b"\xff\xfe\x00garbage\n"[..], long.as_bytes(), b"\nc3-d4\n"].concat();
    let out = play_with_input(&db, &["--pass-and-play"], input);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(text.contains("error: bad notation"), "{text}");
    assert!(text.contains("error: that line is longer than"), "{text}");
    assert!(text.len() < 20_000, "the long line was echoed back");
    assert_eq!(games(&db)[0].plies, 1, "the move after the bad lines was played: {text}");
}

#[test]
fn bad_options_fail_with_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.db");
    for args in [
        &["--vs-computer", "12"][..],
        &["--time", "fast"],
        &["--resume", "99"],
        &["--remove", "z9"],
        // A resumed game keeps its own setup; these were silently ignored.
        &["--resume", "last", "--pass-and-play"],
        &["--resume", "1", "--time", "5+3"],
        &["--pass-and-play", "--color", "black"],
    ] {
        let out = play_with_input(&db, args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}

#[test]
fn the_database_comes_from_giveaway_db_or_the_xdg_data_directory() {
    let dir = tempfile::tempdir().unwrap();
    let run = |envs: &[(&str, &std::path::Path)]| {
        let mut c = Command::new(env!("CARGO_BIN_EXE_giveaway"));
        c.args(["play", "--pass-and-play"]).env_remove("GIVEAWAY_DB").env_remove("XDG_DATA_HOME");
        for (k, v) in envs {
            c.env(k, v);
        }
        let out = c.stdin(Stdio::null()).output().unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    };
    let db = dir.path().join("env.db");
    run(&[("GIVEAWAY_DB", &db)]);
    assert_eq!(games(&db).len(), 1);
    let data = dir.path().join("data");
    run(&[("XDG_DATA_HOME", &data)]);
    assert_eq!(games(&data.join("giveaway").join("games.db")).len(), 1);
}

#[test]
fn a_typed_line_is_echoed_with_its_control_characters_escaped() {
    // Issue 16: an error message echoed the ESC sequences of a typed line to the terminal raw.
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.db");
    let out = play_with_input(&db, &["--pass-and-play"], "c3-d4\x1b[2J\x1b]0;owned\x07\nquit\n");
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("error: bad notation") && text.contains("d4\\u{1b}[2J\\u{1b}]0;owned\\u{7}"), "{text}");
    assert!(!text.contains('\x1b') && !text.contains('\x07'), "{text:?}");
}
