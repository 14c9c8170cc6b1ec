//! The check and data tools, one module per command family: the opening book, the engine (`bestmove`,
//! `match`, `analyze`, `tune`), fair openings, proofs, the puzzle set, the saved games, the endgame tables.

pub mod book;
pub mod engine;
pub mod openings;
pub mod prove;
pub mod puzzles;
pub mod storage;
pub mod tablebase;
