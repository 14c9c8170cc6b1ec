//! Running the `giveaway` binary from the integration tests.
#![allow(dead_code)] // each test file uses its own part of this module

pub mod pty;

use std::process::{Command, Output};

pub fn giveaway(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_giveaway")).args(args).output().expect("the binary runs")
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

pub fn last_line(o: &Output) -> String {
    stdout(o).lines().last().unwrap_or_default().to_string()
}

/// Runs `args` and checks it was refused: exit code 2, nothing on stdout, one line on stderr.
pub fn refused(args: &[&str]) -> String {
    let o = giveaway(args);
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
    assert!(o.stdout.is_empty(), "{args:?}: {}", stdout(&o));
    assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    err
}
