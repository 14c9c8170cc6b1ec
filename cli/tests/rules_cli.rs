//! The `perft` and `moves` commands as other tools use them: stdout format, exit codes, errors on stderr.

mod common;

use common::{giveaway, last_line, stdout};

#[test]
fn perft_prints_the_count_alone_on_the_last_line() {
    let o = giveaway(&["perft", "8"]);
    assert!(o.status.success());
    assert_eq!(last_line(&o), "929899");
    let o = giveaway(&["perft", "8", "--sequences"]);
    assert_eq!(last_line(&o), "929905");
    let err = String::from_utf8(o.stderr).unwrap();
    assert!(err.contains("leaves/s"), "{err}");
}

#[test]
fn perft_divide_lists_root_moves_then_the_total() {
    let o = giveaway(&["perft", "3", "--divide"]);
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 8);
    assert_eq!(*lines.last().unwrap(), "302");
    let sum: u64 = lines[..7].iter().map(|l| l.split_whitespace().last().unwrap().parse::<u64>().unwrap()).sum();
    assert_eq!(sum, 302);
}

#[test]
fn perft_divide_at_depth_0_is_the_total_alone() {
    // The root is the one leaf: no root move lines (they used to list every move with 1 each).
    assert_eq!(stdout(&giveaway(&["perft", "0", "--divide"])), "1\n");
}

#[test]
fn perft_from_a_fen() {
    let o = giveaway(&["perft", "1", "--fen", "W:Wh6:Bg7,c5,d2"]);
    assert_eq!(last_line(&o), "1");
}

#[test]
fn moves_lists_every_legal_move_and_nothing_else() {
    let o = giveaway(&["moves"]);
    assert!(o.status.success());
    let mut lines: Vec<String> = stdout(&o).lines().map(String::from).collect();
    lines.sort();
    assert_eq!(lines, ["a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4", "g3-h4"]);
    let o = giveaway(&["moves", "--fen", "W:Wh6:Bg7,c5,d2"]);
    assert_eq!(stdout(&o), "h6:f8:b4:e1\n");
}

#[test]
fn no_legal_move_prints_nothing_and_succeeds() {
    let o = giveaway(&["moves", "--fen", "W:Wa3:Bb4,c5"]);
    assert!(o.status.success());
    assert_eq!(stdout(&o), "");
}

#[test]
fn bad_input_exits_2_with_one_line_on_stderr() {
    for args in [
        vec!["perft"],
        vec!["perft", "x"],
        vec!["perft", "3", "--fen"],
        vec!["perft", "3", "--fen", "W:W1:B2"],
        vec!["perft", "3", "--bogus"],
        vec!["moves", "--fen", "nonsense"],
        vec!["moves", "--fen", "W:W21,21:B1"],
        vec!["frobnicate"],
        vec![],
    ] {
        let o = giveaway(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(o.stdout.is_empty(), "{args:?}");
        let err = String::from_utf8(o.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    }
}

#[test]
fn a_failed_write_of_the_output_is_one_line_and_exit_2_not_a_panic() {
    // /dev/full (Linux) fails every write with "No space left on device", as a full disk behind `> file` does.
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else { return };
    for args in [&["moves"][..], &["perft", "2", "--divide"], &["help"]] {
        let o = std::process::Command::new(env!("CARGO_BIN_EXE_giveaway"))
            .args(args)
            .stdout(full.try_clone().unwrap())
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(
            err.lines().filter(|l| !l.starts_with("perft ")).collect::<Vec<_>>(),
            ["giveaway: cannot write the output: No space left on device (os error 28)"],
            "{args:?}"
        );
    }
}

#[test]
fn control_characters_in_bad_input_are_escaped_in_the_message() {
    // Issue 16: the error line echoed ESC sequences from its input to the terminal raw.
    for args in [&["moves", "--fen", "W:W21\x1b[2J:B1"][..], &["perft", "\x1b]0;title\x07"], &["frob\x1b[31m"]] {
        let err = String::from_utf8(giveaway(args).stderr).unwrap();
        assert!(!err.contains('\x1b') && !err.contains('\x07') && err.contains("\\u{1b}"), "{args:?}: {err:?}");
        assert_eq!(err.lines().count(), 1, "{err:?}");
    }
}
