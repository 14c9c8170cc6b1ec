//! The settings the library stores: themes, sound, notation, the new-game screen's last choices.
//!
//! Each mirrors a type of the crates below field for field (`uniffi::remote`): the compiler checks
//! every mirror against the real type. The docs are the real type's, repeated because uniffi reads only these
//! into the Kotlin and Swift bindings.

use giveaway_core::notation::Notation;
use giveaway_core::position::Color;
use giveaway_core::record::TimeControl;
use giveaway_core::storage::{AnimationSpeed, BoardTheme, Orientation, PieceTheme, PremoveMode, Settings};

/// How fast moves are animated on the board.
#[uniffi::remote(Enum)]
pub enum AnimationSpeed {
    /// No animation: pieces jump.
    Off,
    /// Slower than normal.
    Slow,
    /// The default pace.
    Normal,
    /// Faster than normal.
    Fast,
}

/// When a move may be queued during the opponent's turn in an online game.
#[uniffi::remote(Enum)]
pub enum PremoveMode {
    /// In bullet and blitz only, where a second counts.
    Fast,
    /// In every online game.
    Always,
    /// Never.
    Never,
}

/// How the board is turned on the screen.
#[uniffi::remote(Enum)]
pub enum Orientation {
    /// Board fixed with the first player at the bottom.
    Fixed,
    /// The opponent's pieces drawn mirrored, for two players facing each other.
    FaceToFace,
    /// The board turns to the side to move after every move.
    FlipEachMove,
}

/// The board themes every front end offers, by the names the settings store; each shell has its colours.
#[uniffi::remote(Enum)]
pub enum BoardTheme {
    /// Cream and brown, the tournament board.
    Classic,
    /// Warm wood.
    Wood,
    /// Blue-grey.
    Ocean,
    /// Black and white with saturated marks, for low vision.
    Contrast,
}

/// The piece sets every front end offers, by the names the settings store; each shell draws them.
#[uniffi::remote(Enum)]
pub enum PieceTheme {
    /// Ivory and ebony.
    Classic,
    /// White and deep red stone.
    Marble,
    /// Flat discs without edges.
    Flat,
    /// Pure white and black with strong outlines (the terminal draws letters).
    Contrast,
}

/// The player's preferences, kept in the library.
#[uniffi::remote(Record)]
pub struct Settings {
    /// The board's colours.
    pub board_theme: BoardTheme,
    /// The piece set.
    pub piece_theme: PieceTheme,
    /// The game server to play online on (`wss://host/ws`, or `ws://` on a local network).
    pub online_server: String,
    /// How moves are written (numeric or algebraic).
    pub notation: Notation,
    /// Sounds on.
    pub sound: bool,
    /// Vibration on.
    pub haptics: bool,
    /// Move animation speed.
    pub animation: AnimationSpeed,
    /// Mark the squares the selected piece can move to.
    pub show_legal_moves: bool,
    /// Coach tips after poor moves.
    pub coach: bool,
    /// How the board is turned.
    pub orientation: Orientation,
    /// The engine level of the last game against the computer (offered again).
    pub last_level: u8,
    /// The colour the human played last (offered again).
    pub last_human_color: Color,
    /// `None`: unlimited.
    pub last_time_control: Option<TimeControl>,
    /// The player was told once why a capture is compulsory (the first time it applied).
    pub must_capture_explained: bool,
    /// When premoves are on (online games).
    pub premoves: PremoveMode,
    /// An online move waits for the player's Confirm before it is sent.
    pub confirm_moves: bool,
}
