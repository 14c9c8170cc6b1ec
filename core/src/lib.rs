//! Giveaway (reverse Russian draughts) core: rules, notation, game record.
//!
//! Modules by job: [`square`] and [`position`] hold the board, [`movegen`] the rules of movement, [`notation`]
//! and [`fen`] the text forms, [`game`] the record of a game, [`record`] a finished game's metadata (players,
//! time control, reactions), [`pdn`] the PDN files other programs write, [`perft`] the move-generator check;
//! with their features, `engine` the search, `tablebase` the endgame tables, `puzzle` the puzzles and their
//! verification, and `storage` the game library.
//!
//! Cargo features: the rules above are always built and need no dependency. `engine` (on by default) adds
//! `engine`, the search and its levels, and `tablebase`, the endgame tables it probes; `storage` (on by
//! default) adds `storage`, the game library on bundled SQLite. The game server builds with
//! `default-features = false`: the rules alone.

#![warn(missing_docs)]

#[cfg(feature = "engine")]
pub mod engine;
pub mod fen;
pub mod game;
pub mod movegen;
pub mod notation;
pub mod pdn;
pub mod perft;
pub mod position;
#[cfg(feature = "engine")]
pub mod puzzle;
pub mod record;
pub mod square;
#[cfg(feature = "storage")]
pub mod storage;
#[cfg(feature = "engine")]
pub mod tablebase;

pub use fen::{parse_fen, to_fen, FenError};
pub use game::{EndReason, Game, GameError, GameResult, Outcome, Rules};
pub use movegen::{legal_moves, Move, MoveList};
pub use notation::{format_move, parse_move, MoveParseError, Notation};
pub use position::{Color, Piece, Position, PositionError, Role};
pub use square::{Bitboard, Square, Squares};
