//! What a new-game screen offers: the computer's levels, the usual time controls and handicaps; and the emoji a
//! game screen offers as reactions. Every front end lists the same choices, so they are read from here rather
//! than written out in each shell.

use super::types::{StartPosition, TimeControl};
use crate::engine::LEVELS;
use crate::position::Color;

/// One computer level as a menu shows it.
#[derive(Clone, Debug, PartialEq, Eq, uniffi::Record)]
pub struct LevelView {
    /// 1..=8, the number `Opponent::Computer` takes.
    pub number: u8,
    /// `Beginner` … `World Champion`.
    pub name: String,
    /// Approximate rating (Elo-like scale).
    pub rating: u32,
}

/// A named time control: `5+3` is five minutes and three seconds added per move.
#[derive(Clone, Debug, PartialEq, Eq, uniffi::Record)]
pub struct TimeControlPreset {
    /// `Blitz 5+3`.
    pub name: String,
    pub control: TimeControl,
}

pub use crate::record::REACTION_EMOJIS;

#[uniffi::export]
pub fn reaction_emojis() -> Vec<String> {
    REACTION_EMOJIS.iter().map(|e| e.to_string()).collect()
}

/// The computer's levels, weakest first.
#[uniffi::export]
pub fn levels() -> Vec<LevelView> {
    LEVELS.iter().map(|l| LevelView { number: l.number, name: l.name.to_string(), rating: l.rating }).collect()
}

/// The usual time controls (bullet, blitz, rapid, classic), shortest first; unlimited time is `None` in
/// `NewGame` and not listed.
#[uniffi::export]
pub fn time_control_presets() -> Vec<TimeControlPreset> {
    TimeControl::presets()
        .map(|control| TimeControlPreset { name: format!("{} {}", control.speed(), control.label()), control })
        .collect()
}

/// A usual handicap: the standard start without some of one side's men. The shell names it in its own language
/// ("White without 2 men").
#[derive(Clone, Debug, PartialEq, Eq, uniffi::Record)]
pub struct HandicapPreset {
    /// The side that plays without the men.
    pub side: Color,
    pub men: u32,
    /// What `NewGame.start` takes for it.
    pub start: StartPosition,
}

/// One to three men off either side, taken from the back rank's far corner first (a1, c1, e1 for White; h8,
/// f8, d8 for Black), White's first.
#[uniffi::export]
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_offered_reaction_is_accepted_once_listed() {
        let offered = reaction_emojis();
        assert_eq!(offered.len(), 7);
        assert_eq!(offered.iter().collect::<std::collections::HashSet<_>>().len(), 7, "no duplicates");
        let mut s = super::super::state::GameState::new(super::super::types::NewGame::pass_and_play(None), std::time::Instant::now()).unwrap();
        for e in &offered {
            s.react(Color::White, e).unwrap();
        }
        assert_eq!(s.reactions.iter().map(|r| &r.emoji).collect::<Vec<_>>(), offered.iter().collect::<Vec<_>>());
    }

    #[test]
    fn levels_are_numbered_one_to_eight_and_get_stronger() {
        let l = levels();
        assert_eq!(l.iter().map(|l| l.number).collect::<Vec<_>>(), (1..=8).collect::<Vec<_>>());
        assert_eq!(l[0].name, "Beginner");
        assert_eq!(l[7].name, "World Champion");
        assert!(l.windows(2).all(|w| w[0].rating < w[1].rating));
    }

    #[test]
    fn presets_are_the_design_list_and_get_longer() {
        let p = time_control_presets();
        let names: Vec<&str> = p.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names[0], "Bullet 1+0");
        assert_eq!(names[5], "Blitz 5+3");
        assert_eq!(names[11], "Classic 60+0");
        assert!(p.iter().all(|p| p.control.white == p.control.black));
        assert_eq!(p[5].control.white, crate::record::SideTime { base_ms: 300_000, increment_ms: 3000 });
    }

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
}
