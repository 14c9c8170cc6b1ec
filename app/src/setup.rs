//! Starting a game: [`NewGame`] (who plays whom, from where, on what clock), the usual handicaps the new-game
//! screen offers, and that screen's choices and the game they make: opponent, level, colour (random too), each
//! side's time, and a handicap (men removed, or a position from the editor).

use giveaway_core::record::{SideTime, TimeControl};
use giveaway_core::storage::Settings;
use giveaway_core::Color;

/// Who plays against whom.
#[derive(Clone, Debug, PartialEq, Eq)]
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

impl Opponent {
    /// The colour of the player holding this device: `None` when two players share it.
    pub fn human(&self) -> Option<Color> {
        match self {
            Opponent::Computer { human, .. } | Opponent::Online { human, .. } => Some(*human),
            Opponent::PassAndPlay => None,
        }
    }
}

/// Where the game starts.
#[derive(Clone, Debug, PartialEq, Eq)]
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
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewGame {
    /// Against the computer or pass-and-play.
    pub opponent: Opponent,
    /// The start position.
    pub start: StartPosition,
    /// `None` for unlimited time.
    pub time_control: Option<TimeControl>,
}

impl NewGame {
    /// A game against the computer at `level` from the standard start, `human` the player's colour, untimed.
    pub fn versus_computer(level: u8, human: Color) -> NewGame {
        NewGame { opponent: Opponent::Computer { level, human }, start: StartPosition::Standard, time_control: None }
    }

    /// Two players on one device from the standard start.
    pub fn pass_and_play(time_control: Option<TimeControl>) -> NewGame {
        NewGame { opponent: Opponent::PassAndPlay, start: StartPosition::Standard, time_control }
    }
}

/// A usual handicap: the standard start without some of one side's men. The shell names it in its own language
/// ("White without 2 men").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HandicapPreset {
    /// The side that plays without the men.
    pub side: Color,
    /// How many of its men are removed.
    pub men: u32,
    /// What `NewGame.start` takes for it.
    pub start: StartPosition,
}

/// One to three men off either side, taken from the back rank's far corner first (a1, c1, e1 for White; h8,
/// f8, d8 for Black), White's first.
pub fn handicap_presets() -> Vec<HandicapPreset> {
    const BACK_RANK: [(Color, [u32; 3]); 2] = [(Color::White, [29, 30, 31]), (Color::Black, [4, 3, 2])];
    BACK_RANK
        .iter()
        .flat_map(|(side, squares)| {
            (1..=3).map(move |n| HandicapPreset {
                side: *side,
                men: n as u32,
                start: StartPosition::RemovedMen { squares: squares[..n].to_vec() },
            })
        })
        .collect()
}

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

    #[test]
    fn handicaps_take_one_to_three_men_of_either_side() {
        let h = handicap_presets();
        assert_eq!(h.len(), 6);
        for p in &h {
            let StartPosition::RemovedMen { squares } = &p.start else { panic!("{p:?}") };
            assert_eq!(squares.len() as u32, p.men);
            let own = if p.side == Color::White { 21..=32 } else { 1..=12 };
            assert!(squares.iter().all(|s| own.contains(s)), "{p:?}");
        }
    }

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
        let preset = &handicap_presets()[1];
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
        assert_eq!(
            (s.level, s.color, s.white_time, s.black_time),
            (6, ColorChoice::Black, Some(TimeControl::even(3, 2).white), None)
        );
    }
}
