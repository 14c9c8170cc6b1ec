//! How a game is set up: the opponent, the start position, the clocks, the new-game screen's choices.
//!
//! Each mirrors a type of the crates below field for field (`uniffi::remote`): the compiler checks
//! every mirror against the real type. The docs are the real type's, repeated because uniffi reads only these
//! into the Kotlin and Swift bindings.

use giveaway_app::setup::{ColorChoice, GameSetup, NewGame, Opponent, StartPosition};
use giveaway_core::position::Color;
use giveaway_core::record::{SideTime, TimeControl};

#[uniffi::remote(Record)]
pub struct SideTime {
    pub base_ms: u64,
    pub increment_ms: u64,
}

#[uniffi::remote(Record)]
pub struct TimeControl {
    pub white: SideTime,
    pub black: SideTime,
}

#[uniffi::remote(Enum)]
pub enum Opponent {
    Computer { level: u8, human: Color },
    PassAndPlay,
    Online { human: Color, white: String, black: String },
}

#[uniffi::remote(Enum)]
pub enum StartPosition {
    Standard,
    RemovedMen { squares: Vec<u32> },
    Fen { fen: String },
}

#[uniffi::remote(Record)]
pub struct NewGame {
    pub opponent: Opponent,
    pub start: StartPosition,
    pub time_control: Option<TimeControl>,
}

#[uniffi::remote(Enum)]
pub enum ColorChoice {
    White,
    Black,
    Random,
}

#[uniffi::remote(Record)]
pub struct GameSetup {
    pub versus_computer: bool,
    pub level: u8,
    pub color: ColorChoice,
    pub white_time: Option<SideTime>,
    pub black_time: Option<SideTime>,
    pub removed_men: Vec<u32>,
    pub fen: Option<String>,
}
