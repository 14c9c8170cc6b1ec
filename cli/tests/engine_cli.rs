//! The engine commands as other tools use them: `bestmove`, `match`, `analyze` output formats and errors.

mod common;

use common::{giveaway, last_line, refused, stdout};

#[test]
fn bestmove_prints_a_legal_move_last_and_search_info_on_stderr() {
    let legal = stdout(&giveaway(&["moves"]));
    for opts in [&["--depth", "6"][..], &["--nodes", "5000"], &["--movetime", "50"], &["--level", "2"]] {
        let o = giveaway(&[&["bestmove"][..], opts].concat());
        assert!(o.status.success(), "{opts:?}");
        let mv = last_line(&o);
        assert!(legal.lines().any(|l| l == mv), "{opts:?}: {mv}");
    }
    let o = giveaway(&["bestmove", "--depth", "6"]);
    let err = String::from_utf8(o.stderr).unwrap();
    assert!(err.contains("depth 6") && err.contains("nps") && err.contains(" pv "), "{err}");
    // The forced capture from the rules' known test position.
    let o = giveaway(&["bestmove", "--fen", "W:W12:B8,14,26", "--depth", "3"]);
    assert_eq!(last_line(&o), "h6:f8:b4:e1");
    // With --book the start is answered from the book, without a search; a position outside it is searched.
    let o = giveaway(&["bestmove", "--book", "--depth", "6"]);
    assert!(String::from_utf8_lossy(&o.stderr).starts_with("book move "), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(legal.lines().any(|l| l == last_line(&o)));
    let o = giveaway(&["bestmove", "--book", "--fen", "W:W12:B8,14,26", "--depth", "3"]);
    assert_eq!(last_line(&o), "h6:f8:b4:e1");
}

#[test]
fn bestmove_rejects_bad_input_with_exit_2() {
    for args in [
        &["bestmove", "--level", "9"][..],
        &["bestmove", "--depth", "x"],
        &["bestmove", "--fen", "W:W:B"],
        // A level has its own limits; the extra one was silently ignored.
        &["bestmove", "--level", "2", "--depth", "3"],
    ] {
        let o = giveaway(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
    }
}

#[test]
fn match_prints_the_result_line_from_a_side() {
    let o = giveaway(&["match", "--white", "2", "--black", "1", "--games", "4", "--seed", "3"]);
    assert!(o.status.success());
    let last = last_line(&o);
    let nums: Vec<u32> = last
        .strip_prefix("2-vs-1: ")
        .unwrap_or_else(|| panic!("{last}"))
        .split(", ")
        .map(|p| p.split(' ').next().unwrap().parse().unwrap())
        .collect();
    assert_eq!(nums.iter().sum::<u32>(), 4, "{last}");
    assert!(stdout(&o).contains("Elo difference"));
    assert_eq!(giveaway(&["match", "--white", "0", "--black", "1", "--games", "2"]).status.code(), Some(2));
    let own = ["--movetime", "5", "--proof-ms", "5", "--no-proof", "black"];
    let o = giveaway(&[&["match", "--white", "8", "--black", "8", "--games", "2"][..], &own].concat());
    assert!(o.status.success() && last_line(&o).starts_with("8-vs-8: "), "{}", last_line(&o));
}

#[test]
fn book_probe_shows_the_embedded_book_and_build_writes_one_it_reads_back() {
    let o = giveaway(&["book", "probe"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = stdout(&o);
    assert!(out.starts_with("book: ") && out.contains(", 0 illegal") && out.contains("% chance"), "{out}");
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("book.txt");
    let file = file.to_str().unwrap();
    let o = giveaway(&[
        "book",
        "build",
        "--positions",
        "3",
        "--plies",
        "3",
        "--depth",
        "2",
        "--proof-nodes",
        "500",
        "--game-nodes",
        "200",
        "--out",
        file,
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(last_line(&o).starts_with("book: 3 positions") && last_line(&o).contains(" games, in "), "{}", stdout(&o));
    let out = stdout(&giveaway(&["book", "probe", "--file", file]));
    assert!(out.contains("reached from the start") && out.contains(", 0 illegal") && out.contains("% chance"), "{out}");
    for bad in [
        &["book"][..],
        &["book", "build", "--positions", "0", "--out", file],
        &["book", "build", "--width", "x", "--out", file],
        &["book", "probe", "--file", "/nonexistent/book.txt"],
        &["match", "--white", "1", "--black", "1", "--games", "1", "--no-book", "sideways"],
        &["match", "--white", "1", "--black", "1", "--games", "1", "--book", "sideways"],
        &["match", "--white", "1", "--black", "1", "--games", "1", "--no-proof", "sideways"],
        &["match", "--white", "1", "--black", "1", "--games", "1", "--proof-ms", "soon"],
        &["match", "--white", "1", "--black", "1", "--games", "1", "--white-tablebase", "/nonexistent.gwtb"],
    ] {
        assert_eq!(giveaway(bad).status.code(), Some(2), "{bad:?}");
    }
}

#[test]
fn analyze_classifies_a_pdn_game() {
    let path = std::env::temp_dir().join(format!("giveaway-analyze-{}.pdn", std::process::id()));
    std::fs::write(&path, "[FEN \"W:W22,29:B15\"]\n1. a1-b2 e5-d4 2. c3:e5 0-1\n").unwrap();
    let o = giveaway(&["analyze", path.to_str().unwrap(), "--depth", "8"]);
    std::fs::remove_file(&path).ok();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = stdout(&o);
    assert!(out.lines().next().unwrap().contains("blunder") && out.contains("better c3-d4"), "{out}");
    assert!(out.contains("White: accuracy") && out.contains("Black: accuracy 100.0%"), "{out}");
    assert_eq!(giveaway(&["analyze", "/nonexistent.pdn"]).status.code(), Some(2));
}

#[test]
fn bench_analysis_times_the_first_and_the_cached_analysis_and_rejects_bad_counts() {
    let o = giveaway(&["bench-analysis", "--games", "1", "--plies", "6"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = stdout(&o);
    assert!(
        out.contains("game 1: 6 plies, first analysis ") && out.contains("(7 positions searched), cached: replay "),
        "{out}"
    );
    assert!(last_line(&o).starts_with("session analysis (cached):"), "{out}");
    for bad in [&["--games", "0"][..], &["--plies", "61"], &["--plies", "x"], &["--nodes", "5"]] {
        let o = giveaway(&[&["bench-analysis"][..], bad].concat());
        assert_eq!(o.status.code(), Some(2), "{bad:?}");
    }
}

#[test]
fn bench_analysis_leaves_the_dir_it_is_given_and_its_files_alone() {
    let dir = tempfile::tempdir().unwrap();
    let notes = dir.path().join("notes.txt");
    std::fs::write(&notes, "mine").unwrap();
    let o = giveaway(&["bench-analysis", "--games", "1", "--plies", "2", "--dir", dir.path().to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(std::fs::read_to_string(&notes).unwrap(), "mine");
    // Only the user's file is left: the scratch folder made inside it is gone.
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
}

#[test]
fn extra_arguments_are_refused_by_every_command() {
    for cmd in ["bench-search", "tune", "bench-storage", "bench-analysis", "bestmove", "match", "moves", "play"] {
        assert!(refused(&[cmd, "extra"]).contains("unexpected argument 'extra'"), "{cmd}");
    }
}

#[test]
fn hash_sizes_are_bounded_instead_of_aborting_on_allocation() {
    for hash in ["0", "99999999999", "x"] {
        assert!(
            refused(&["bench-search", "--movetime", "1", "--hash", hash]).contains("--hash must be a number from 1 to")
        );
        let m = ["match", "--white", "1", "--black", "1", "--games", "1", "--hash", hash];
        assert!(refused(&m).contains("--hash must be a number from 1 to"));
    }
}

#[test]
fn a_match_needs_at_least_one_game_and_a_writable_pdn_path_before_it_starts() {
    assert!(
        refused(&["match", "--white", "2", "--black", "1", "--games", "0"]).contains("--games must be a number from 1")
    );
    let dir = tempfile::tempdir().unwrap();
    let pdn = dir.path().join("no-such-folder").join("games.pdn");
    // Refused before any game is played (a game would print a progress line on stderr first).
    let err = refused(&["match", "--white", "2", "--black", "1", "--games", "3", "--pdn", pdn.to_str().unwrap()]);
    assert!(err.contains("cannot write"), "{err}");
}

#[test]
fn analyze_reads_a_latin1_pdn_like_import_does() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("latin1.pdn");
    // "Jos\xe9" is Latin-1 for José: not UTF-8.
    std::fs::write(&path, b"[White \"Jos\xe9\"]\n[FEN \"W:W22,29:B15\"]\n1. a1-b2 e5-d4 2. c3:e5 0-1\n").unwrap();
    let o = giveaway(&["analyze", path.to_str().unwrap(), "--depth", "2"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(stdout(&o).contains("White: accuracy"));
}

#[test]
fn tune_refuses_empty_fits_and_a_bad_out_path_before_playing() {
    for bad in [&["--games", "0"][..], &["--curve-games", "0"], &["--nodes", "0"]] {
        refused(&[&["tune"][..], bad].concat());
    }
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("no-such-folder").join("weights.rs");
    // Refused before the self-play (which prints round lines on stderr first).
    let err = refused(&[
        "tune",
        "--games",
        "2",
        "--rounds",
        "1",
        "--curve-games",
        "2",
        "--nodes",
        "10",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(err.contains("cannot write"), "{err}");
}

#[test]
fn bestmove_in_a_won_position_says_so_in_one_line() {
    // At a level it used to print the level's banner on stderr first.
    for args in [&["bestmove", "--fen", "W:W:B"][..], &["bestmove", "--fen", "W:W:B", "--depth", "2"]] {
        assert!(refused(args).contains("no legal move"), "{args:?}");
    }
}

#[test]
fn a_number_too_large_for_its_option_is_called_that() {
    let err = refused(&["bestmove", "--depth", "99999999999"]);
    assert!(err.contains("--depth needs a smaller number, not '99999999999'"), "{err}");
    let err = refused(&["bestmove", "--depth", "-1"]);
    assert!(err.contains("--depth needs a number, not '-1'"), "{err}");
}

#[test]
fn prove_prints_the_verdict_the_line_and_the_cost() {
    // White sacrifices its king and has nothing left: a win in 2, the line played out move by move.
    let o = giveaway(&["prove", "--fen", "W:WK5:BK30"]);
    assert!(o.status.success());
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "white to move wins by force in 2 plies", "{out}");
    assert_eq!(lines[1], "line a7-e3 c1:h6", "{out}");
    assert!(lines[2].starts_with("nodes "), "{out}");
    // The start is far beyond a small budget.
    let o = giveaway(&["prove", "--nodes", "1000"]);
    assert_eq!(stdout(&o).lines().next(), Some("unknown within the budget"));
    for args in [&["prove", "--fen", "W:Q9"][..], &["prove", "--nodes", "x"], &["prove", "--tablebase", "/nonexistent"]]
    {
        assert_eq!(giveaway(args).status.code(), Some(2), "{args:?}");
    }
}

#[test]
fn openings_prints_the_census_and_writes_a_suite_that_match_plays() {
    let dir = tempfile::tempdir().unwrap();
    let suite = dir.path().join("suite.txt");
    let suite = suite.to_str().unwrap();
    let o = giveaway(&["openings", "--plies", "2", "--nodes", "2000", "--out", suite]);
    assert!(o.status.success());
    let out = stdout(&o);
    assert!(out.starts_with("49 distinct positions 2 plies from the start"), "{out}");
    let counted: usize = out
        .lines()
        .skip(1)
        .take(4)
        .map(|l| l.split(": ").nth(1).unwrap().split(' ').next().unwrap())
        .map(|n| n.parse::<usize>().unwrap())
        .sum();
    assert_eq!(counted, 49, "{out}");
    let text = std::fs::read_to_string(suite).unwrap();
    assert!(text.lines().filter(|l| !l.starts_with('#')).all(|l| l.split(' ').count() == 2), "{text}");
    let o = giveaway(&["match", "--white", "2", "--black", "1", "--games", "2", "--openings", suite]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(last_line(&o).starts_with("2-vs-1: "));
    std::fs::write(dir.path().join("bad.txt"), "c3-d4 c3-d4\n").unwrap();
    let bad = dir.path().join("bad.txt");
    let o = giveaway(&["match", "--white", "2", "--black", "1", "--games", "2", "--openings", bad.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(giveaway(&["openings", "--plies", "9"]).status.code(), Some(2));
}

#[test]
fn openings_then_proves_the_positions_after_a_move_and_judges_its_alternatives() {
    // Issue 29's game: 10-15 at ply 6 with 23 pieces; with 20,000 nodes the 26-ply loss is proven, and the moves
    // Black had instead are listed with their verdicts.
    let args = ["openings", "--plies", "5", "--then", "10-15", "--pieces", "23", "--nodes", "20000", "--threads", "1"];
    let o = giveaway(&args);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = stdout(&o);
    assert!(out.starts_with("67 distinct positions after 10-15 at ply 6 with 23 pieces"), "{out}");
    let issue = "21-17 9-14 23-18 14x21 26-23 | 10-15\n   before: B:W18,22,23,24,25,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,10,11,12,21";
    assert!(out.contains(issue), "{out}");
    assert!(out.contains("Win in 26 plies"), "{out}");
    assert!(out.contains("10-15    Loss in "), "{out}");
    // --pieces needs --then, and --then writes no suite.
    assert_eq!(giveaway(&["openings", "--pieces", "23"]).status.code(), Some(2));
    assert_eq!(giveaway(&["openings", "--then", "10-15", "--out", "x.txt"]).status.code(), Some(2));
}
