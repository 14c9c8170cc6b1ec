//! The terminal game: `giveaway play` (the full-screen `tui` or the `line` mode), its new-game choices and
//! board text, `giveaway online`, and the puzzle trainer (`giveaway puzzles train|stats|show|mine`).

pub mod board_text;
pub mod line;
pub mod online;
pub mod play;
pub mod puzzles;
pub mod setup;
pub mod tui;
