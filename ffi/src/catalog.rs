//! The choices every front end lists, from the app layer's catalog.

use giveaway_app::{Coordinates, SquareDescription};
use giveaway_app::{GameSetup, StartPosition};
use giveaway_app::{HandicapPreset, LevelView, RulesExample, SquareView, TimeControlPreset};
use giveaway_core::notation::Notation;
use giveaway_core::position::Color;
use giveaway_core::record::TimeControl;

/// One computer level as a menu shows it.
#[uniffi::remote(Record)]
pub struct LevelView {
    /// 1..=8, the number `Opponent::Computer` takes.
    pub number: u8,
    /// `Beginner` … `World Champion`.
    pub name: String,
    /// Approximate rating (Elo-like scale).
    pub rating: u32,
}

/// A named time control: `5+3` is five minutes and three seconds added per move.
#[uniffi::remote(Record)]
pub struct TimeControlPreset {
    /// `Blitz 5+3`.
    pub name: String,
    /// The time control it stands for.
    pub control: TimeControl,
}

/// A usual handicap: the standard start without some of one side's men. The shell names it in its own language
/// ("White without 2 men").
#[uniffi::remote(Record)]
pub struct HandicapPreset {
    /// The side that plays without the men.
    pub side: Color,
    /// How many of its men are removed.
    pub men: u32,
    /// What `NewGame.start` takes for it.
    pub start: StartPosition,
}

/// The emoji reactions a game screen offers, in menu order.
#[uniffi::export]
pub fn reaction_emojis() -> Vec<String> {
    giveaway_app::reaction_emojis()
}

/// The board themes the settings offer, in their order (each shell has the colours).
#[uniffi::export]
pub fn board_themes() -> Vec<giveaway_core::storage::BoardTheme> {
    giveaway_core::storage::BoardTheme::ALL.to_vec()
}

/// The piece sets the settings offer, in their order (each shell draws them).
#[uniffi::export]
pub fn piece_themes() -> Vec<giveaway_core::storage::PieceTheme> {
    giveaway_core::storage::PieceTheme::ALL.to_vec()
}

/// The game server a fresh library's settings play online on (the settings' "default server" button).
#[uniffi::export]
pub fn default_server() -> String {
    giveaway_core::storage::DEFAULT_SERVER.to_string()
}

/// The computer's levels, weakest first.
#[uniffi::export]
pub fn levels() -> Vec<LevelView> {
    giveaway_app::levels()
}

/// The usual time controls (bullet, blitz, rapid, classic), shortest first.
#[uniffi::export]
pub fn time_control_presets() -> Vec<TimeControlPreset> {
    giveaway_app::time_control_presets()
}

/// One to three men off either side.
#[uniffi::export]
pub fn handicap_presets() -> Vec<HandicapPreset> {
    giveaway_app::handicap_presets()
}

/// The rules screen's diagrams.
#[uniffi::export]
pub fn rules_examples() -> Vec<RulesExample> {
    giveaway_app::rules_examples()
}

/// The edge labels of a board turned as `flipped` says, in `notation` (the rules and editor boards, which have
/// no controller of their own).
#[uniffi::export]
pub fn board_coordinates(flipped: bool, notation: Notation) -> Coordinates {
    Coordinates::new(flipped, notation)
}

/// Whether a man stands on `square` at the start (the squares a handicap can take men from).
#[uniffi::export]
pub fn is_start_square(square: u32) -> bool {
    giveaway_app::is_start_square(square)
}

/// `5+3` (minutes + increment seconds), `5+3 / 1+0` for time odds.
#[uniffi::export]
pub fn time_control_label(control: TimeControl) -> String {
    control.label()
}

/// The name of square `square` (PDN number) in `notation`: `c3` or `22`.
#[uniffi::export]
pub fn square_name(square: u32, notation: Notation) -> Option<String> {
    giveaway_app::square_name(square, notation)
}

/// The dark square at screen `column` and `row` (0..8 from the top left) of a board turned as `flipped` says,
/// for hit-testing a touch; `None` on a light square or off the board.
#[uniffi::export]
pub fn square_at(column: u32, row: u32, flipped: bool) -> Option<u32> {
    giveaway_app::square_at(column, row, flipped)
}

/// `setup` with a usual handicap instead of any other.
#[uniffi::export]
pub fn setup_with_handicap(setup: GameSetup, preset: HandicapPreset) -> GameSetup {
    setup.with_handicap(&preset)
}

/// `setup` with the man on `square` taken off the start, or put back (only start squares of men count).
#[uniffi::export]
pub fn setup_toggling_man(setup: GameSetup, square: u32) -> GameSetup {
    setup.toggle_man(square)
}

/// What a screen reader says about a square of any board (game, replay, editor, rules diagram).
#[uniffi::export]
pub fn describe_square(square: SquareView, notation: Notation) -> SquareDescription {
    SquareDescription::of(&square, notation)
}
