//! What a saved game is, apart from its moves: who played, how, under which clock, and how it ended.
//! Plain values shared by storage, PDN export and the app layer.

use crate::game::{EndReason, Game, Outcome, Rules};
use crate::movegen::Move;
use crate::position::Color;
use std::fmt;

/// Row id of a saved game.
pub type GameId = i64;

/// What kind of game a saved game is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameMode {
    /// A human against the engine at some level.
    VsComputer,
    /// Two people on one device.
    PassAndPlay,
    /// Read from a PDN file.
    Imported,
    /// Against a player on the game server.
    Online,
}

impl GameMode {
    /// Every mode, in the order the game browser lists them.
    pub const ALL: [GameMode; 4] = [GameMode::VsComputer, GameMode::PassAndPlay, GameMode::Imported, GameMode::Online];

    /// The stable name used in the database, on the command line and in PDN.
    pub fn name(self) -> &'static str {
        match self {
            GameMode::VsComputer => "computer",
            GameMode::PassAndPlay => "pass-and-play",
            GameMode::Imported => "imported",
            GameMode::Online => "online",
        }
    }

    /// The mode whose [`GameMode::name`] is `s`.
    pub fn from_name(s: &str) -> Option<GameMode> {
        GameMode::ALL.into_iter().find(|m| m.name() == s)
    }
}

/// One side's allowance: base time and increment per move, in milliseconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SideTime {
    /// Time on the clock at the start, in milliseconds.
    pub base_ms: u64,
    /// Time added after each of this side's moves, in milliseconds.
    pub increment_ms: u64,
}

/// A clock setting; the sides may differ (time odds).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TimeControl {
    /// White's allowance.
    pub white: SideTime,
    /// Black's allowance.
    pub black: SideTime,
}

impl TimeControl {
    /// The same allowance for both sides, from minutes and increment seconds (`5+3`).
    pub fn even(minutes: u64, increment_s: u64) -> TimeControl {
        let side = SideTime { base_ms: minutes * 60_000, increment_ms: increment_s * 1000 };
        TimeControl { white: side, black: side }
    }

    /// PDN TimeControl value in seconds: `300+3`, or `300+3/180+2` (White/Black) for time odds; fractions of
    /// a second are written when present (`0.5+0`).
    pub fn pdn(&self) -> String {
        let side = |s: SideTime| format!("{}+{}", seconds_text(s.base_ms), seconds_text(s.increment_ms));
        if self.white == self.black {
            side(self.white)
        } else {
            format!("{}/{}", side(self.white), side(self.black))
        }
    }

    /// Reads a PDN `TimeControl` value as [`TimeControl::pdn`] writes it; `None` if it is not one.
    pub fn from_pdn(text: &str) -> Option<TimeControl> {
        let side = |s: &str| -> Option<SideTime> {
            let (base, inc) = s.trim().split_once('+')?;
            let secs = |v: &str| parse_seconds(v.trim());
            Some(SideTime { base_ms: secs(base)?, increment_ms: secs(inc)? })
        };
        match text.split_once('/') {
            Some((w, b)) => Some(TimeControl { white: side(w)?, black: side(b)? }),
            None => side(text).map(|s| TimeControl { white: s, black: s }),
        }
    }
}

/// How fast a time control is: the category a preset is named by, and the one online ratings are kept per.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Speed {
    /// Expected game length per side (base + 40 increments) under 3 minutes.
    Bullet,
    /// 3 to under 8 minutes.
    Blitz,
    /// 8 to under 25 minutes.
    Rapid,
    /// 25 minutes or more.
    Classic,
}

impl Speed {
    /// Every speed, fastest first.
    pub const ALL: [Speed; 4] = [Speed::Bullet, Speed::Blitz, Speed::Rapid, Speed::Classic];

    /// The stable lower-case name (database, wire, command line).
    pub fn name(self) -> &'static str {
        match self {
            Speed::Bullet => "bullet",
            Speed::Blitz => "blitz",
            Speed::Rapid => "rapid",
            Speed::Classic => "classic",
        }
    }

    /// The speed whose [`Speed::name`] is `s`.
    pub fn from_name(s: &str) -> Option<Speed> {
        Speed::ALL.into_iter().find(|v| v.name() == s)
    }

    /// The category of one side's allowance, by its expected length for a 40-move game (base + 40 ×
    /// increment, as lichess does): under 3 minutes bullet, under 8 blitz, under 25 rapid, else classic. Every
    /// preset falls in the category it is named by.
    pub fn of(side: SideTime) -> Speed {
        let expected_s = (side.base_ms + 40 * side.increment_ms) / 1000;
        match expected_s {
            0..180 => Speed::Bullet,
            180..480 => Speed::Blitz,
            480..1500 => Speed::Rapid,
            _ => Speed::Classic,
        }
    }
}

impl fmt::Display for Speed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Speed::Bullet => "Bullet",
            Speed::Blitz => "Blitz",
            Speed::Rapid => "Rapid",
            Speed::Classic => "Classic",
        })
    }
}

/// The usual time controls as (minutes, increment seconds), shortest first: bullet 1+0, 2+1; blitz 3+0, 3+2,
/// 5+0, 5+3; rapid 10+0, 10+5, 15+10; classic 30+0, 30+20, 60+0. Every front end and the server offer these.
pub const TIME_CONTROL_PRESETS: [(u64, u64); 12] =
    [(1, 0), (2, 1), (3, 0), (3, 2), (5, 0), (5, 3), (10, 0), (10, 5), (15, 10), (30, 0), (30, 20), (60, 0)];

impl TimeControl {
    /// [`TIME_CONTROL_PRESETS`] as time controls.
    pub fn presets() -> impl Iterator<Item = TimeControl> {
        TIME_CONTROL_PRESETS.iter().map(|&(m, i)| TimeControl::even(m, i))
    }

    /// The category of the slower side's allowance.
    pub fn speed(&self) -> Speed {
        Speed::of(self.white).max(Speed::of(self.black))
    }

    /// `5+3` (minutes + increment seconds), `5+3 / 1+0` for time odds; fractions of a minute as `0.5`.
    pub fn label(&self) -> String {
        let side = |s: SideTime| {
            let minutes = if s.base_ms.is_multiple_of(60_000) {
                (s.base_ms / 60_000).to_string()
            } else {
                format!("{:.1}", s.base_ms as f64 / 60_000.0)
            };
            format!("{minutes}+{}", seconds_text(s.increment_ms))
        };
        if self.white == self.black {
            side(self.white)
        } else {
            format!("{} / {}", side(self.white), side(self.black))
        }
    }
}

/// Milliseconds as seconds, with a fraction only when needed: `3`, `2.5`, `0.125`.
pub fn seconds_text(ms: u64) -> String {
    match ms % 1000 {
        0 => (ms / 1000).to_string(),
        frac => format!("{}.{}", ms / 1000, format!("{frac:03}").trim_end_matches('0')),
    }
}

/// Reads [`seconds_text`]'s form (at most millisecond precision) back into milliseconds.
pub fn parse_seconds(text: &str) -> Option<u64> {
    let (whole, frac) = text.split_once('.').unwrap_or((text, ""));
    if whole.is_empty() || !whole.bytes().all(|b| b.is_ascii_digit()) || !frac.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let ms = match frac.len() {
        0 => 0,
        1..=3 => frac.parse::<u64>().ok()? * 10u64.pow(3 - frac.len() as u32),
        _ => return None,
    };
    whole.parse::<u64>().ok()?.checked_mul(1000)?.checked_add(ms)
}

/// The emoji reactions a game screen offers, in menu order; the game server relays exactly these.
pub const REACTION_EMOJIS: [&str; 7] = ["👍", "😮", "😅", "🤔", "🎉", "😢", "🤝"];

/// The time left on both clocks at one moment of a game (after a move, or now), in milliseconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ClockTimes {
    /// White's clock.
    pub white_ms: u64,
    /// Black's clock.
    pub black_ms: u64,
}

impl ClockTimes {
    /// White's and Black's times.
    pub const fn new(white_ms: u64, black_ms: u64) -> ClockTimes {
        ClockTimes { white_ms, black_ms }
    }
}

/// An emoji a player showed, and when.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Reaction {
    /// Plies played when it was shown.
    pub ply: u32,
    /// The side that reacted.
    pub side: Color,
    /// The emoji shown, one of [`REACTION_EMOJIS`].
    pub emoji: String,
}

/// Everything fixed when a game starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewGame {
    /// What kind of game it is.
    pub mode: GameMode,
    /// White player's name.
    pub white: String,
    /// Black player's name.
    pub black: String,
    /// Engine level (vs computer).
    pub level: Option<u8>,
    /// The human's colour (vs computer).
    pub human_color: Option<Color>,
    /// `None`: unlimited time.
    pub time_control: Option<TimeControl>,
    /// FEN of a set-up or handicap start; `None` for the standard start.
    pub start_fen: Option<String>,
    /// How the start was made, for people (e.g. "White without a1, c1").
    pub handicap: Option<String>,
    /// The draw rules the game is played under.
    pub rules: Rules,
}

impl NewGame {
    /// A game from the standard start, no clock, default rules.
    pub fn new(mode: GameMode, white: &str, black: &str) -> NewGame {
        NewGame {
            mode,
            white: white.to_string(),
            black: black.to_string(),
            level: None,
            human_color: None,
            time_control: None,
            start_fen: None,
            handicap: None,
            rules: Rules::default(),
        }
    }
}

/// How a saved game ended. `reason` is unknown for some imported games (a PDN result says who won, not why).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ending {
    /// Who won, or a draw.
    pub outcome: Outcome,
    /// Why it ended, where known.
    pub reason: Option<EndReason>,
}

/// A saved game as listed when browsing (no moves).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSummary {
    /// The game's key in the store.
    pub id: GameId,
    /// Players, mode, start and rules.
    pub setup: NewGame,
    /// `None` while in progress.
    pub ending: Option<Ending>,
    /// Plies played (saved).
    pub plies: u32,
    /// Time left on both clocks where play resumes, for timed games.
    pub clocks: Option<ClockTimes>,
    /// Unix milliseconds.
    pub created_at: i64,
    /// Unix milliseconds of the last change.
    pub updated_at: i64,
}

impl GameSummary {
    /// Whether the game has no ending yet.
    pub fn in_progress(&self) -> bool {
        self.ending.is_none()
    }
}

/// A saved game, replayed: ready to show move by move or to resume.
#[derive(Clone, Debug)]
pub struct SavedGame {
    /// The game as the browser lists it.
    pub summary: GameSummary,
    /// The game replayed through the rules from its start; its position is where play resumes.
    pub game: Game,
    /// Clocks after each ply, where they were saved (index = ply - 1).
    pub move_clocks: Vec<Option<ClockTimes>>,
    /// The emoji reactions shown during the game, in order.
    pub reactions: Vec<Reaction>,
    /// Other PDN tags kept from an import (Event, Site, Date, …).
    pub tags: Vec<(String, String)>,
}

impl SavedGame {
    /// The moves played, in order.
    pub fn moves(&self) -> &[Move] {
        self.game.moves()
    }
}

/// A whole game to store at once (import, restore, benchmarks): moves already played, ending if any.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// Players, mode, start and rules.
    pub setup: NewGame,
    /// The moves played, in order.
    pub moves: Vec<Move>,
    /// Clocks after each ply, where known (index = ply - 1; entries past its end are unknown).
    pub move_clocks: Vec<Option<ClockTimes>>,
    /// The clocks now (where play resumes).
    pub clocks: Option<ClockTimes>,
    /// How the game ended, if it has.
    pub ending: Option<Ending>,
    /// Other PDN tags to keep (Event, Site, Date, …), in order.
    pub tags: Vec<(String, String)>,
    /// Unix milliseconds.
    pub created_at: i64,
}

impl fmt::Display for GameMode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_control_pdn_forms() {
        let even = TimeControl::even(5, 3);
        assert_eq!(even.pdn(), "300+3");
        assert_eq!(TimeControl::from_pdn("300+3"), Some(even));
        let odds = TimeControl { white: even.white, black: SideTime { base_ms: 180_000, increment_ms: 2000 } };
        assert_eq!(odds.pdn(), "300+3/180+2");
        assert_eq!(TimeControl::from_pdn(&odds.pdn()), Some(odds));
        let odd = TimeControl::even(0, 0);
        let odd = TimeControl { white: SideTime { base_ms: 444_500, increment_ms: 1_250 }, ..odd };
        assert_eq!(odd.pdn(), "444.5+1.25/0+0");
        assert_eq!(TimeControl::from_pdn(&odd.pdn()), Some(odd));
        for bad in ["", "300", "x+3", "300+", "1+2/3", "99999999999999999999+1", "1.2345+0", "-1+0", ".5+0"] {
            assert_eq!(TimeControl::from_pdn(bad), None, "{bad}");
        }
    }

    #[test]
    fn every_preset_is_in_the_category_the_design_names_it_by() {
        use Speed::*;
        let named = [Bullet, Bullet, Blitz, Blitz, Blitz, Blitz, Rapid, Rapid, Rapid, Classic, Classic, Classic];
        let got: Vec<Speed> = TimeControl::presets().map(|t| t.speed()).collect();
        assert_eq!(got, named);
        let labels: Vec<String> = TimeControl::presets().map(|t| t.label()).collect();
        assert_eq!(labels[0], "1+0");
        assert_eq!(labels[8], "15+10");
        let odds =
            TimeControl { white: SideTime { base_ms: 30_000, increment_ms: 0 }, black: TimeControl::even(60, 0).black };
        assert_eq!(odds.label(), "0.5+0 / 60+0");
        assert_eq!(odds.speed(), Classic, "the slower side decides");
        for v in Speed::ALL {
            assert_eq!(Speed::from_name(v.name()), Some(v));
        }
    }

    #[test]
    fn mode_names_round_trip() {
        for m in GameMode::ALL {
            assert_eq!(GameMode::from_name(m.name()), Some(m));
        }
        assert_eq!(GameMode::from_name("chess"), None);
    }
}
