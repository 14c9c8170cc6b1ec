//! Issue 23: the command line's own conventions — `-h`/`--help` on every command, `giveaway help [COMMAND]`,
//! `--version`, the nearest name for a mistyped one — and the contract kept: bad input exits 2 with one line
//! on stderr.

mod common;

use common::{giveaway, refused, stdout};

/// Every command, with its subcommands.
const COMMANDS: &[&[&str]] = &[
    &["play"],
    &["online"],
    &["perft"],
    &["moves"],
    &["games"],
    &["show"],
    &["export"],
    &["import"],
    &["stats"],
    &["check"],
    &["bench-storage"],
    &["bench-analysis"],
    &["bestmove"],
    &["match"],
    &["tune"],
    &["analyze"],
    &["bench-search"],
    &["book"],
    &["book", "build"],
    &["book", "probe"],
    &["tablebase"],
    &["tablebase", "build"],
    &["tablebase", "verify"],
    &["tablebase", "probe"],
    &["tablebase", "check"],
    &["completions"],
];

fn usage_line(command: &[&str]) -> String {
    format!("Usage: giveaway {}", command.join(" "))
}

#[test]
fn every_command_takes_help_and_prints_its_usage() {
    for command in COMMANDS {
        for flag in ["--help", "-h"] {
            let o = giveaway(&[command, &[flag][..]].concat());
            assert_eq!(o.status.code(), Some(0), "{command:?} {flag}: {}", String::from_utf8_lossy(&o.stderr));
            assert!(o.stderr.is_empty(), "{command:?} {flag}");
            assert!(stdout(&o).contains(&usage_line(command)), "{command:?} {flag}: {}", stdout(&o));
        }
    }
}

#[test]
fn help_names_a_command_or_lists_them_all() {
    for command in COMMANDS {
        let o = giveaway(&[&["help"][..], command].concat());
        assert_eq!(o.status.code(), Some(0), "help {command:?}");
        assert!(stdout(&o).contains(&usage_line(command)), "help {command:?}: {}", stdout(&o));
    }
    for all in [&["help"][..], &["--help"], &["-h"]] {
        let o = giveaway(all);
        assert_eq!(o.status.code(), Some(0), "{all:?}");
        let text = stdout(&o);
        assert!(COMMANDS.iter().all(|c| text.contains(&format!("  {} ", c[0]))), "{all:?}: {text}");
        assert!(text.contains("--db <PATH>"), "{text}");
    }
    assert!(refused(&["help", "frobnicate"]).contains("'frobnicate'"));
}

#[test]
fn version_prints_the_version() {
    for flag in ["--version", "-V"] {
        let o = giveaway(&[flag]);
        assert_eq!(o.status.code(), Some(0));
        assert_eq!(stdout(&o), format!("giveaway {}\n", env!("CARGO_PKG_VERSION")));
    }
}

#[test]
fn a_mistyped_name_gets_the_nearest_one_in_one_line() {
    for (args, said) in [
        (&["games", "--dbb", "x.db"][..], "giveaway: unexpected argument '--dbb'; did you mean '--db'?\n"),
        (
            &["play", "--pass-and-pley"],
            "giveaway: unexpected argument '--pass-and-pley'; did you mean '--pass-and-play'?\n",
        ),
        (
            &["tablebase", "probe", "--pices", "3"],
            "giveaway: unexpected argument '--pices'; did you mean '--pieces'?\n",
        ),
        (&["tablebase", "prob"], "giveaway: unrecognized subcommand 'prob'; did you mean 'probe'?\n"),
        (&["bestmuve"], "giveaway: unrecognized subcommand 'bestmuve'; did you mean 'bestmove'?\n"),
        (&["completions", "bsh"], "giveaway: invalid value 'bsh' for '<SHELL>'; did you mean 'bash'?\n"),
    ] {
        assert_eq!(refused(args), said, "{args:?}");
    }
}

#[test]
fn bad_input_still_exits_2_with_one_line() {
    // `refused` checks exit code 2, nothing on stdout and one line on stderr.
    for args in [
        &[][..],
        &["book"],
        &["tablebase"],
        &["perft"],
        &["perft", "3", "--fen"],
        &["perft", "31"],
        &["match", "--white", "1"],
        &["games", "--in-progress", "--finished"],
        &["games", "--page-size", "0"],
        &["show", "x"],
        &["export", "1", "--all"],
        &["completions", "tcsh"],
        &["--db"],
        &["--db", "x.db", "moves"],
    ] {
        let err = refused(args);
        assert!(err.starts_with("giveaway: "), "{args:?}: {err}");
        assert!(!err.contains("Usage") && !err.contains("--help"), "{args:?}: {err}");
    }
}

#[test]
fn completions_come_from_the_same_definition() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let o = giveaway(&["completions", shell]);
        assert_eq!(o.status.code(), Some(0), "{shell}");
        let script = stdout(&o);
        assert!(script.contains("tablebase") && script.contains("pass-and-play"), "{shell}");
    }
}
