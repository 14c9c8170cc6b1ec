//! What a new-game screen offers: the computer's levels, the usual time controls and handicaps; and the emoji a
//! game screen offers as reactions. Every front end lists the same choices, so they are read from here rather
//! than written out in each shell.

use giveaway_core::engine::LEVELS;
use giveaway_core::record::TimeControl;

/// One computer level as a menu shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelView {
    /// 1..=8, the number `Opponent::Computer` takes.
    pub number: u8,
    /// `Beginner` … `World Champion`.
    pub name: String,
    /// Approximate rating (Elo-like scale).
    pub rating: u32,
}

/// A named time control: `5+3` is five minutes and three seconds added per move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TimeControlPreset {
    /// `Blitz 5+3`.
    pub name: String,
    /// The time control it stands for.
    pub control: TimeControl,
}

pub use crate::setup::{handicap_presets, HandicapPreset};
pub use giveaway_core::record::REACTION_EMOJIS;

/// The emoji reactions a game screen offers, in menu order (see [`REACTION_EMOJIS`]).
pub fn reaction_emojis() -> Vec<String> {
    REACTION_EMOJIS.iter().map(|e| e.to_string()).collect()
}

/// The computer's levels, weakest first.
pub fn levels() -> Vec<LevelView> {
    LEVELS.iter().map(|l| LevelView { number: l.number, name: l.name.to_string(), rating: l.rating }).collect()
}

/// The usual time controls (bullet, blitz, rapid, classic), shortest first; unlimited time is `None` in
/// `NewGame` and not listed.
pub fn time_control_presets() -> Vec<TimeControlPreset> {
    TimeControl::presets()
        .map(|control| TimeControlPreset { name: format!("{} {}", control.speed(), control.label()), control })
        .collect()
}

/// What a rules-screen diagram shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RulesExampleKind {
    /// The start position.
    Start,
    /// Capturing is compulsory: only the piece that can capture may move.
    ForcedCapture,
    /// A man takes, crowns on the far rank and goes on taking as a king (RULES.md's known test).
    MultiCapture,
}

/// A diagram of the rules screen: a real position, and the move it illustrates when there is one. The texts
/// beside it (in the shells' languages) describe exactly these.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulesExample {
    /// Which rule the diagram shows.
    pub kind: RulesExampleKind,
    /// The diagram's position as PDN FEN.
    pub fen: String,
    /// The board, White at the bottom, with the pieces that must capture marked (forced capture) and the
    /// illustrated move's path marked as the last move.
    pub squares: Vec<crate::board::SquareView>,
    /// The move illustrated, if any.
    pub mv: Option<crate::board::MoveView>,
}

/// The rules screen's diagrams.
pub fn rules_examples() -> Vec<RulesExample> {
    use crate::game::GameState;
    use crate::setup::{NewGame, StartPosition};
    let examples = [
        (RulesExampleKind::Start, "W:W21-32:B1-12", None),
        (RulesExampleKind::ForcedCapture, "W:Wc3,g3,a1:Bd4,f6,h8", None),
        (RulesExampleKind::MultiCapture, "W:Wh6:Bg7,c5,d2,a7", Some("h6:f8:b4:e1")),
    ];
    let now = std::time::Instant::now();
    examples
        .into_iter()
        .filter_map(|(kind, fen, mv)| {
            let setup = NewGame { start: StartPosition::Fen { fen: fen.into() }, ..NewGame::pass_and_play(None) };
            let mut state = GameState::new(setup, now).ok()?;
            let before = state.snapshot(now, false, None);
            if let Some(text) = mv {
                state.play_text(text, now).ok()?;
            }
            let after = state.snapshot(now, false, None);
            // The capture is shown from the position before it, with its path marked.
            let squares = match &after.last_move {
                Some(m) => before
                    .squares
                    .into_iter()
                    .map(|mut q| {
                        q.last_move = q.number == m.from || m.path.contains(&q.number);
                        q.last_captured = m.captured.contains(&q.number);
                        q
                    })
                    .collect(),
                None => before.squares,
            };
            Some(RulesExample { kind, fen: before.fen, squares, mv: after.last_move })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use giveaway_core::position::Color;

    #[test]
    fn every_offered_reaction_is_accepted_once_listed() {
        let offered = reaction_emojis();
        assert_eq!(offered.len(), 7);
        assert_eq!(offered.iter().collect::<std::collections::HashSet<_>>().len(), 7, "no duplicates");
        let mut s =
            crate::game::state::GameState::new(crate::setup::NewGame::pass_and_play(None), std::time::Instant::now())
                .unwrap();
        for e in &offered {
            s.react(Color::White, e).unwrap();
        }
        assert_eq!(s.reactions.iter().map(|r| &r.emoji).collect::<Vec<_>>(), offered.iter().collect::<Vec<_>>());
    }

    #[test]
    fn the_rules_diagrams_show_what_their_texts_say() {
        let ex = rules_examples();
        assert_eq!(
            ex.iter().map(|e| e.kind).collect::<Vec<_>>(),
            [RulesExampleKind::Start, RulesExampleKind::ForcedCapture, RulesExampleKind::MultiCapture]
        );
        assert_eq!(ex[0].squares.iter().filter(|q| q.piece.is_some()).count(), 24);
        let forced: Vec<u32> = ex[1].squares.iter().filter(|q| q.must_capture).map(|q| q.number).collect();
        assert_eq!(forced, [22], "only c3 may move, and it must take");
        let mv = ex[2].mv.as_ref().unwrap();
        assert_eq!((mv.captured.len(), mv.promotes), (3, true), "takes three and crowns");
        assert_eq!(ex[2].squares.iter().filter(|q| q.last_captured).count(), 3);
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
        assert_eq!(p[5].control.white, giveaway_core::record::SideTime { base_ms: 300_000, increment_ms: 3000 });
    }
}
