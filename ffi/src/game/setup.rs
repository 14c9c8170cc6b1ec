//! How a game is set up: the opponent, the start position, the clocks, the new-game screen's choices.
//!
//! Each mirrors a type of the crates below field for field (`uniffi::remote`): the compiler checks
//! every mirror against the real type. The docs are the real type's, repeated because uniffi reads only these
//! into the Kotlin and Swift bindings.

use giveaway_app::{ColorChoice, GameSetup, NewGame, Opponent, StartPosition};
use giveaway_core::position::Color;
use giveaway_core::record::{SideTime, TimeControl};

/// One side's allowance: base time and increment per move, in milliseconds.
#[uniffi::remote(Record)]
pub struct SideTime {
    /// Time on the clock at the start, in milliseconds.
    pub base_ms: u64,
    /// Time added after each of this side's moves, in milliseconds.
    pub increment_ms: u64,
}

/// A clock setting; the sides may differ (time odds).
#[uniffi::remote(Record)]
pub struct TimeControl {
    /// White's allowance.
    pub white: SideTime,
    /// Black's allowance.
    pub black: SideTime,
}

/// Who plays against whom.
#[uniffi::remote(Enum)]
pub enum Opponent {
    /// Versus the computer at `level` (1 = Beginner … 8 = World Champion); `human` is the player's colour.
    Computer {
        /// 1 (Beginner) … 8 (World Champion).
        level: u8,
        /// The player's colour.
        human: Color,
    },
    /// Two players on one device.
    PassAndPlay,
    /// Against a player on the game server.
    Online {
        /// This device's colour.
        human: Color,
        /// White's nickname.
        white: String,
        /// Black's nickname.
        black: String,
    },
}

/// Where the game starts.
#[uniffi::remote(Enum)]
pub enum StartPosition {
    /// The usual start, 12 men each.
    Standard,
    /// Handicap: the standard start without the men on these squares (PDN numbers 1–12 for Black's men,
    /// 21–32 for White's).
    RemovedMen {
        /// The removed men's squares (PDN numbers).
        squares: Vec<u32>,
    },
    /// A position set up in an editor, as PDN FEN.
    Fen {
        /// The position.
        fen: String,
    },
}

/// Everything needed to start a game.
#[uniffi::remote(Record)]
pub struct NewGame {
    /// Against the computer or pass-and-play.
    pub opponent: Opponent,
    /// The start position.
    pub start: StartPosition,
    /// `None` for unlimited time.
    pub time_control: Option<TimeControl>,
}

/// The colour the player asks for against the computer.
#[uniffi::remote(Enum)]
pub enum ColorChoice {
    /// Play White (moves first).
    White,
    /// Play Black.
    Black,
    /// Drawn when the game starts.
    Random,
}

/// What the new-game screen has chosen.
#[uniffi::remote(Record)]
pub struct GameSetup {
    /// Against the computer; otherwise two players on one device.
    pub versus_computer: bool,
    /// 1 (Beginner) … 8 (World Champion).
    pub level: u8,
    /// The colour asked for, against the computer.
    pub color: ColorChoice,
    /// White's time (and Black's unless `black_time` is given); `None` for unlimited time.
    pub white_time: Option<SideTime>,
    /// Black's own time, for time odds between two players; ignored against the computer.
    pub black_time: Option<SideTime>,
    /// Handicap: the PDN numbers of men taken off the standard start (1–12 Black's, 21–32 White's).
    pub removed_men: Vec<u32>,
    /// A position from the editor (PDN FEN); when set it replaces the standard start and `removed_men`.
    pub fen: Option<String>,
}
