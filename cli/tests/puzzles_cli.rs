//! `giveaway puzzles …` as a user types it: the export other programs read, one puzzle shown, a puzzle solved
//! and one failed in line mode (`train`, stdin a pipe) with the attempts in `stats`, a saved game's mistake
//! trained, and bad input refused with one line and exit code 2.
//!
//! Set GIVEAWAY_SCREENSHOTS=DIR to save the transcripts as text files.

mod common;

use common::pty::save_screenshot;
use common::{giveaway, refused, stdout};
use giveaway_app::{GameLibrary, NewGame, Opponent, StartPosition};
use giveaway_core::puzzle::{shipped, Puzzle, Theme};
use giveaway_core::{legal_moves, Move};
use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

/// `giveaway puzzles train ARGS --db DB` with `input` on stdin.
fn train(db: &Path, args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_giveaway"))
        .args(["puzzles", "train", "--db"])
        .arg(db)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}

/// A shipped win of two solver moves or more.
fn a_win() -> &'static Puzzle {
    shipped()
        .puzzles()
        .iter()
        .find(|p| p.kind() == Theme::Win && p.solver_moves() >= 2 && !p.themes.contains(&Theme::Endgame))
        .unwrap()
}

/// The solver's moves of the solution, one a line.
fn solver_moves(p: &Puzzle) -> String {
    p.solution.iter().step_by(2).map(|m| format!("{m}\n")).collect()
}

#[test]
fn the_export_is_one_json_line_per_shipped_puzzle() {
    let o = giveaway(&["puzzles", "export"]);
    assert!(o.status.success());
    let text = stdout(&o);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), shipped().len());
    for (line, p) in lines.iter().zip(shipped().puzzles()) {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(v.as_object().unwrap().len(), 5, "{line}");
        // The fields in the order.
        let at: Vec<usize> = ["\"id\":", "\"fen\":", "\"solution\":", "\"themes\":", "\"rating\":"]
            .iter()
            .map(|k| line.find(k).unwrap())
            .collect();
        assert!(at[0] == 1 && at.windows(2).all(|w| w[0] < w[1]), "{line}");
        assert_eq!(&Puzzle::from_json(line).unwrap(), p);
    }
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("puzzles.jsonl");
    let o = giveaway(&["puzzles", "export", "--out", file.to_str().unwrap()]);
    assert!(o.status.success() && o.stdout.is_empty());
    assert_eq!(std::fs::read_to_string(&file).unwrap(), text);
    let shown = stdout(&giveaway(&["puzzles", "show", "3"]));
    assert_eq!(shown.lines().next(), Some(shipped().get(3).unwrap().to_json().as_str()));
}

#[test]
fn a_puzzle_solved_and_one_failed_in_line_mode_are_kept() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.db");
    let p = a_win();
    let id = p.id.to_string();
    let solved = train(&db, &["--id", &id], &solver_moves(p));
    assert!(solved.status.success(), "{}", String::from_utf8_lossy(&solved.stderr));
    let text = stdout(&solved);
    save_screenshot("puzzle-line-solved.txt", &text);
    assert!(text.starts_with(&format!("Puzzle {id}, rated {}", p.rating)), "{text}");
    assert!(text.contains("Find the win for"), "{text}");
    assert!(text.contains("Correct: keep going"), "{text}");
    assert!(text.contains(&format!(" plays {}\n", p.solution[1])), "the reply is said: {text}");
    assert!(text.contains("Solved!"), "{text}");
    assert!(text.contains(&format!("Solution: {}", p.solution_texts().join(" "))), "{text}");

    // Failed: a wrong move (taken back), both hints, then the solution.
    let wrong: Move =
        legal_moves(&p.position).iter().copied().find(|m| m.outcome_key() != p.solution[0].outcome_key()).unwrap();
    let failed = train(&db, &["--id", &id], &format!("{wrong}\nhint\nhint\nsolution\nquit\n"));
    let text = stdout(&failed);
    save_screenshot("puzzle-line-failed.txt", &text);
    assert!(failed.status.success());
    assert!(text.contains(&format!("Wrong: {wrong} is not it: try again")), "{text}");
    assert!(text.contains(&format!("Hint: move the piece on {}", p.solution[0].from())), "{text}");
    assert!(text.contains(&format!("Hint: {}", p.solution[0])), "{text}");
    assert!(text.contains("The solution\nSolution: "), "{text}");
    // Issue 23 for the trainer's file: once the trainer has ended, the two files alone (copied without their
    // journals, as a backup copies them) hold the attempts.
    assert_eq!(std::fs::metadata(dir.path().join("games-training.db-wal")).map_or(0, |m| m.len()), 0);
    let copy = tempfile::tempdir().unwrap();
    for f in ["games.db", "games-training.db"] {
        std::fs::copy(dir.path().join(f), copy.path().join(f)).unwrap();
    }

    let stats = stdout(&giveaway(&["puzzles", "stats", "--db", db.to_str().unwrap()]));
    assert!(stats.contains("theme win: 1 of 2 solved"), "{stats}");
    let history: Vec<&str> = stats.lines().filter(|l| l.contains(&format!("shipped {id}: "))).collect();
    assert_eq!(history.len(), 2, "{stats}");
    assert!(history[0].ends_with("failed") && history[1].ends_with("solved"), "{stats}");

    assert_eq!(stdout(&giveaway(&["puzzles", "stats", "--db", copy.path().join("games.db").to_str().unwrap()])), stats);
}

#[test]
fn a_saved_games_blunder_is_trained_in_line_mode() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.db");
    {
        let lib = GameLibrary::open(db.to_string_lossy().into_owned()).unwrap();
        let setup = NewGame {
            opponent: Opponent::PassAndPlay,
            start: StartPosition::Fen { fen: "W:W22,29:B15".into() },
            time_control: None,
        };
        let game = lib.new_game(setup).unwrap();
        for m in ["a1-b2", "e5-d4", "c3:e5"] {
            game.play_move(m.into()).unwrap();
        }
        lib.close().unwrap();
    }
    let o = train(&db, &["--game", "1"], "a1-b2\nc3-d4\nnext\n");
    let text = stdout(&o);
    save_screenshot("puzzle-line-mistake.txt", &text);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(text.starts_with("Mistake from game 1\nExercise 1 of 1 (0 solved)\na1-b2 was a blunder here"), "{text}");
    assert!(text.contains("Wrong: a1-b2 is not it"), "{text}");
    assert!(text.contains("Solved, after a wrong try\nSolution: c3-d4\nThen: "), "{text}");
    let o = train(&db, &["--game", "1"], "c3-d4\nnext\n");
    let text = stdout(&o);
    assert!(text.contains("Solved!") && text.ends_with("Every mistake of this game is done\n"), "{text}");
}

#[test]
fn bad_puzzle_input_is_refused_with_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.db");
    let db = db.to_str().unwrap();
    assert!(refused(&["puzzles", "show", "0"]).contains("no puzzle number 0"));
    assert!(refused(&["puzzles", "show", "x"]).contains("'x'"));
    assert!(refused(&["puzzles", "train", "--db", db, "--theme", "sparkle"]).contains("no puzzle theme 'sparkle'"));
    assert!(refused(&["puzzles", "train", "--db", db, "--mode", "blitz"]).contains("blitz"));
    assert!(refused(&["puzzles", "train", "--db", db, "--id", "3", "--game", "1"]).contains("choose one of"));
    assert!(refused(&["puzzles", "train", "--db", db, "--game", "99"]).contains("game 99"));
    assert!(refused(&["puzzles", "mine", "99", "--db", db]).contains("game 99"));
    assert!(refused(&["puzzles", "verify", "--tablebase", "/nonexistent/t.gwtb"]).contains("/nonexistent/t.gwtb"));
    assert!(refused(&["puzzles", "export", "--out", "/nonexistent/dir/p.jsonl"]).contains("cannot write"));
}
