//! Offline tools for Giveaway: what makes and measures the engine's data, kept out of the runtime (the phone
//! library and the game server never link it; only the `giveaway` command line does).
//!
//! Modules by job, each private and re-exported here: `book` (the opening book's builder: searches, proofs and
//! self-play; the book itself is read by the core), `tune` (self-play and the fit of the weights the core's `weights.rs` holds),
//! `matches` (engine-vs-engine matches and the game loop self-play shares), `table_check` (a level with the
//! endgame tables, judged by them in play), `puzzles` (the shipped puzzle set's generator).

#![warn(missing_docs)]

mod book;
mod matches;
mod openings;
mod puzzles;
mod table_check;
mod tune;

pub use book::{build_book, BookReport, BookSettings};
pub use matches::{Match, Score};
pub use openings::{decided, openings, openings_then, parse_suite, suite_line, Census, Decided, SuiteError};
pub use puzzles::{build_puzzles, PuzzleReport, PuzzleSettings};
pub use table_check::{check_play, CheckReport, CheckSettings};
pub use tune::{tune, TuneSettings};
