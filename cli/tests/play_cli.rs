//! `giveaway play` driven through stdin, as a person types: taps, notation, undo, errors, the computer's reply.

use std::io::Write;
use std::process::{Command, Stdio};

fn play(args: &[&str], input: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_giveaway"))
        .arg("play")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn pass_and_play_by_taps_and_notation() {
    let out = play(&["--pass-and-play"], "c3\nd4\nf6-g5\nundo\nzz\nquit\n");
    assert!(out.contains("last move c3-d4; Black to move"), "{out}");
    assert!(out.contains("last move f6-g5; White to move"), "{out}");
    assert!(out.contains("bad notation"), "{out}");
}

#[test]
fn the_computer_replies_and_the_game_can_end() {
    let out = play(&["--level", "1"], "c3-d4\nresign\nquit\n");
    assert!(out.contains("computer thinking"), "{out}");
    assert!(out.contains("Game over: Black wins (resignation)"), "{out}");
}
