//! Running the `giveaway` binary from the integration tests.
#![allow(dead_code)] // each test file uses its own part of this module

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
