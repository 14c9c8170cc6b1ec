//! The settings the library stores: themes, sound, notation, the new-game screen's last choices.
//!
//! Each mirrors a type of the crates below field for field (`uniffi::remote`): the compiler checks
//! every mirror against the real type. The docs are the real type's, repeated because uniffi reads only these
//! into the Kotlin and Swift bindings.

use giveaway_core::notation::Notation;
use giveaway_core::position::Color;
use giveaway_core::record::TimeControl;
use giveaway_core::storage::{AnimationSpeed, BoardTheme, Orientation, PieceTheme, Settings};

#[uniffi::remote(Enum)]
pub enum AnimationSpeed {
    Off,
    Slow,
    Normal,
    Fast,
}

#[uniffi::remote(Enum)]
pub enum Orientation {
    Fixed,
    FaceToFace,
    FlipEachMove,
}

#[uniffi::remote(Enum)]
pub enum BoardTheme {
    Classic,
    Wood,
    Ocean,
    Contrast,
}

#[uniffi::remote(Enum)]
pub enum PieceTheme {
    Classic,
    Marble,
    Flat,
    Contrast,
}

#[uniffi::remote(Record)]
pub struct Settings {
    pub board_theme: BoardTheme,
    pub piece_theme: PieceTheme,
    pub online_server: String,
    pub notation: Notation,
    pub sound: bool,
    pub haptics: bool,
    pub animation: AnimationSpeed,
    pub show_legal_moves: bool,
    pub coach: bool,
    pub orientation: Orientation,
    pub last_level: u8,
    pub last_human_color: Color,
    pub last_time_control: Option<TimeControl>,
    pub must_capture_explained: bool,
}
