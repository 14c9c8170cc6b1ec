//! The new-game screen's choices and the game they make: opponent, level, colour (random too), each side's
//! time, and a handicap (men removed, or a position from the editor).

use crate::catalog::HandicapPreset;
use crate::types::{NewGame, Opponent, StartPosition};
use giveaway_core::record::{SideTime, TimeControl};
use giveaway_core::storage::Settings;
use giveaway_core::Color;

/// The colour the player asks for against the computer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColorChoice {
    /// Play White (moves first).
    White,
    /// Play Black.
    Black,
    /// Drawn when the game starts.
    Random,
}

/// What the new-game screen has chosen.
#[derive(Clone, Debug, PartialEq, Eq)]
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

impl GameSetup {
    /// The choices of the last game started (level, colour, time), as the settings remember them.
    pub fn remembered(settings: &Settings) -> GameSetup {
        let time = settings.last_time_control;
        GameSetup {
            versus_computer: true,
            level: settings.last_level,
            color: if settings.last_human_color == Color::White { ColorChoice::White } else { ColorChoice::Black },
            white_time: time.map(|t| t.white),
            black_time: time.filter(|t| t.black != t.white).map(|t| t.black),
            removed_men: Vec::new(),
            fen: None,
        }
    }

    /// The game these choices make; `white_if_random` settles a random colour.
    pub fn new_game(&self, white_if_random: bool) -> NewGame {
        let opponent = if self.versus_computer {
            let human = match self.color {
                ColorChoice::White => Color::White,
                ColorChoice::Black => Color::Black,
                ColorChoice::Random if white_if_random => Color::White,
                ColorChoice::Random => Color::Black,
            };
            Opponent::Computer { level: self.level, human }
        } else {
            Opponent::PassAndPlay
        };
        let start = match (&self.fen, self.removed_men.is_empty()) {
            (Some(fen), _) => StartPosition::Fen { fen: fen.clone() },
            (None, true) => StartPosition::Standard,
            (None, false) => {
                let mut squares = self.removed_men.clone();
                squares.sort_unstable();
                squares.dedup();
                StartPosition::RemovedMen { squares }
            }
        };
        // Against the computer both sides get the same time: odds are for two players.
        let time_control = self.white_time.map(|white| TimeControl {
            white,
            black: if self.versus_computer { white } else { self.black_time.unwrap_or(white) },
        });
        NewGame { opponent, start, time_control }
    }

    /// These choices with a usual handicap instead of any other.
    pub fn with_handicap(&self, preset: &HandicapPreset) -> GameSetup {
        let removed_men = match &preset.start {
            StartPosition::RemovedMen { squares } => squares.clone(),
            _ => Vec::new(),
        };
        GameSetup { removed_men, fen: None, ..self.clone() }
    }

    /// Takes a man off the start, or puts it back; only the start squares of men can be chosen, and a chosen
    /// position from the editor gives way to men removed one by one.
    pub fn toggle_man(&self, square: u32) -> GameSetup {
        if !is_start_square(square) {
            return self.clone();
        }
        let mut removed_men = self.removed_men.clone();
        match removed_men.iter().position(|&s| s == square) {
            Some(i) => {
                removed_men.remove(i);
            }
            None => removed_men.push(square),
        }
        removed_men.sort_unstable();
        GameSetup { removed_men, fen: None, ..self.clone() }
    }
}

/// The squares men stand on at the start: 1–12 for Black, 21–32 for White.
pub fn is_start_square(square: u32) -> bool {
    (1..=12).contains(&square) || (21..=32).contains(&square)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn setup() -> GameSetup {
        GameSetup::remembered(&Settings::default())
    }

    #[test]
    fn random_colour_is_settled_when_the_game_starts() {
        let s = GameSetup { color: ColorChoice::Random, level: 4, ..setup() };
        assert_eq!(s.new_game(true).opponent, Opponent::Computer { level: 4, human: Color::White });
        assert_eq!(s.new_game(false).opponent, Opponent::Computer { level: 4, human: Color::Black });
        let fixed = GameSetup { color: ColorChoice::Black, ..s };
        assert_eq!(fixed.new_game(true).opponent, Opponent::Computer { level: 4, human: Color::Black });
    }

    #[test]
    fn time_odds_are_for_two_players() {
        let (five, one) = (TimeControl::even(5, 3).white, TimeControl::even(1, 0).white);
        let s = GameSetup { white_time: Some(five), black_time: Some(one), ..setup() };
        assert_eq!(s.new_game(true).time_control, Some(TimeControl { white: five, black: five }));
        let two = GameSetup { versus_computer: false, ..s.clone() };
        assert_eq!(two.new_game(true).time_control, Some(TimeControl { white: five, black: one }));
        assert_eq!(GameSetup { white_time: None, ..two }.new_game(true).time_control, None);
    }

    #[test]
    fn handicaps_presets_men_one_by_one_and_positions() {
        let preset = &crate::catalog::handicap_presets()[1];
        let s = setup().with_handicap(preset);
        assert_eq!(s.new_game(true).start, preset.start);
        let s = s.toggle_man(29).toggle_man(5).toggle_man(17);
        assert_eq!(s.removed_men, [5, 30], "a1 (29) put back, a7 (5) taken, b4 (17) is no start square");
        let edited = GameSetup { fen: Some("W:W22:B9".into()), ..s.clone() };
        assert_eq!(edited.new_game(true).start, StartPosition::Fen { fen: "W:W22:B9".into() });
        assert_eq!(edited.toggle_man(1).fen, None, "men removed one by one replace the edited position");
    }

    #[test]
    fn the_last_game_is_remembered() {
        let settings = Settings {
            last_level: 6,
            last_human_color: Color::Black,
            last_time_control: Some(TimeControl::even(3, 2)),
            ..Settings::default()
        };
        let s = GameSetup::remembered(&settings);
        assert_eq!((s.level, s.color, s.white_time, s.black_time), (6, ColorChoice::Black, Some(TimeControl::even(3, 2).white), None));
    }
}
