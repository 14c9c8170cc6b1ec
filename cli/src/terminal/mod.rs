//! The terminal game: `giveaway play` (the full-screen `tui` or the `line` mode), its new-game choices and
//! board text, and `giveaway online`.

pub mod board_text;
pub mod line;
pub mod online;
pub mod play;
pub mod setup;
pub mod tui;
