//! How the board faces the players in each mode.

use crate::setup::Opponent;
use giveaway_core::storage::Orientation;
use giveaway_core::Color;

/// How the board faces the players at one moment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardOrientation {
    /// Black's side at the bottom (the board turned 180°).
    pub flipped: bool,
    /// The player at the top sits across the table (face-to-face): the top clock, the top player's controls
    /// and the top side's pieces are drawn turned 180° so that they read the right way up for that player.
    pub top_faces_away: bool,
    /// The side whose pieces start at the bottom edge, and whose panel (clock, name, controls) is drawn there.
    pub bottom: Color,
    /// The side at the top edge.
    pub top: Color,
}

impl BoardOrientation {
    /// Against the computer the player sits at the bottom; pass-and-play follows the orientation setting:
    /// fixed (White at the bottom), face-to-face (White at the bottom, Black's side turned towards its
    /// player) or flipped after each move (the side to move at the bottom).
    pub fn of(opponent: &Opponent, mode: Orientation, side_to_move: Color) -> BoardOrientation {
        let (bottom, top_faces_away) = match (opponent, mode) {
            (Opponent::Computer { human, .. } | Opponent::Online { human, .. }, _) => (*human, false),
            (Opponent::PassAndPlay, Orientation::Fixed) => (Color::White, false),
            (Opponent::PassAndPlay, Orientation::FaceToFace) => (Color::White, true),
            (Opponent::PassAndPlay, Orientation::FlipEachMove) => (side_to_move, false),
        };
        BoardOrientation { flipped: bottom == Color::Black, top_faces_away, bottom, top: bottom.opponent() }
    }

    /// `flipped` turned over once more (a "flip board" button).
    pub fn turned(self) -> BoardOrientation {
        BoardOrientation { flipped: !self.flipped, bottom: self.top, top: self.bottom, ..self }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_player_against_the_computer_sits_at_the_bottom_whatever_the_setting() {
        for mode in [Orientation::Fixed, Orientation::FaceToFace, Orientation::FlipEachMove] {
            let black = BoardOrientation::of(&Opponent::Computer { level: 3, human: Color::Black }, mode, Color::White);
            assert_eq!((black.flipped, black.top_faces_away, black.bottom), (true, false, Color::Black));
            let white = BoardOrientation::of(&Opponent::Computer { level: 3, human: Color::White }, mode, Color::Black);
            assert_eq!((white.flipped, white.bottom), (false, Color::White));
        }
    }

    #[test]
    fn pass_and_play_follows_the_setting() {
        let p = Opponent::PassAndPlay;
        let fixed = BoardOrientation::of(&p, Orientation::Fixed, Color::Black);
        assert_eq!((fixed.flipped, fixed.top_faces_away), (false, false));
        let face = BoardOrientation::of(&p, Orientation::FaceToFace, Color::Black);
        assert_eq!((face.flipped, face.top_faces_away, face.top), (false, true, Color::Black));
        assert!(!BoardOrientation::of(&p, Orientation::FlipEachMove, Color::White).flipped);
        let flip = BoardOrientation::of(&p, Orientation::FlipEachMove, Color::Black);
        assert_eq!((flip.flipped, flip.bottom, flip.top), (true, Color::Black, Color::White));
        assert_eq!(
            flip.turned(),
            BoardOrientation { flipped: false, top_faces_away: false, bottom: Color::White, top: Color::Black }
        );
    }
}
