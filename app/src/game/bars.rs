//! The player bars above and below the board: who plays each side, their clock, their pieces left, whose move
//! it is and the reaction they just showed. Decided here once, so that every front end puts the same player
//! on the same edge with the same words.

use crate::board::{BoardOrientation, PieceKind};
use crate::catalog::levels;
use crate::game::Snapshot;
use crate::setup::Opponent;
use giveaway_core::record::Reaction;
use giveaway_core::Color;

/// A running clock under this many milliseconds is low: the bar marks it (and the shell may warn).
pub const LOW_TIME_MS: u64 = 20_000;

/// Who a player bar names, for the shell to word.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayerName {
    /// The person holding this device, against the computer.
    You,
    /// The computer at `level` (1 = Beginner … 8 = World Champion), about `rating` strong.
    Computer {
        /// The level's number.
        level: u8,
        /// The level's approximate rating.
        rating: u32,
    },
    /// Pass-and-play: the side, named by its colour.
    Side,
    /// Online: the player's nickname and rating ("1500", "1500?" while provisional) when known.
    Nickname {
        /// The nickname.
        nickname: String,
        /// The rating the game started with, as text.
        rating: Option<String>,
    },
}

/// One player's bar beside the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerBar {
    /// The side this player has.
    pub side: Color,
    /// Who it is.
    pub name: PlayerName,
    /// This side's clock as text, in a timed game.
    pub clock: Option<String>,
    /// This side's clock is running.
    pub clock_running: bool,
    /// This side's clock is running with under [`LOW_TIME_MS`] left.
    pub low_time: bool,
    /// Men of this side still on the board.
    pub men: u32,
    /// Kings of this side still on the board.
    pub kings: u32,
    /// It is this side's move (never once the game is over).
    pub to_move: bool,
    /// The reaction this player just showed, while it shows.
    pub reaction: Option<String>,
    /// The bar is drawn turned 180°, for the player across the table (face-to-face).
    pub turned: bool,
}

/// The bars for the top and the bottom edge of the board, as `orientation` places the sides.
pub fn player_bars(
    s: &Snapshot,
    orientation: &BoardOrientation,
    reaction: Option<&Reaction>,
    ratings: &[Option<String>; 2],
) -> (PlayerBar, PlayerBar) {
    let bar = |side: Color, turned: bool| {
        let ms = s.clocks.as_ref().map(|c| if side == Color::White { c.white_ms } else { c.black_ms });
        let clock_running = s.clocks.as_ref().is_some_and(|c| c.running == Some(side));
        let pieces = s.squares.iter().filter_map(|q| q.piece.filter(|p| p.color == side && !q.ghost));
        let (kings, men) =
            pieces.fold((0, 0), |(k, m), p| if p.kind == PieceKind::King { (k + 1, m) } else { (k, m + 1) });
        PlayerBar {
            side,
            name: name(&s.opponent, side, ratings),
            clock: s.clocks.as_ref().map(|c| {
                if side == Color::White {
                    c.white_text.clone()
                } else {
                    c.black_text.clone()
                }
            }),
            clock_running,
            low_time: clock_running && ms.is_some_and(|ms| ms < LOW_TIME_MS),
            men,
            kings,
            to_move: s.result.is_none() && s.side_to_move == side,
            reaction: reaction.filter(|r| r.side == side).map(|r| r.emoji.clone()),
            turned,
        }
    };
    (bar(orientation.top, orientation.top_faces_away), bar(orientation.bottom, false))
}

fn name(opponent: &Opponent, side: Color, ratings: &[Option<String>; 2]) -> PlayerName {
    match opponent {
        Opponent::Computer { human, .. } if *human == side => PlayerName::You,
        Opponent::Computer { level, .. } => {
            let rating = levels().iter().find(|l| l.number == *level).map_or(0, |l| l.rating);
            PlayerName::Computer { level: *level, rating }
        }
        Opponent::PassAndPlay => PlayerName::Side,
        Opponent::Online { white, black, .. } => {
            let (nickname, rating) = if side == Color::White { (white, &ratings[0]) } else { (black, &ratings[1]) };
            PlayerName::Nickname { nickname: nickname.clone(), rating: rating.clone() }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::GameSession;
    use crate::setup::NewGame;
    use giveaway_core::record::{SideTime, TimeControl};

    fn snapshot(setup: NewGame) -> Snapshot {
        GameSession::new(setup).unwrap().snapshot().unwrap()
    }

    fn orientation(s: &Snapshot) -> BoardOrientation {
        BoardOrientation::of(&s.opponent, giveaway_core::storage::Orientation::Fixed, s.side_to_move)
    }

    #[test]
    fn against_the_computer_the_player_is_at_the_bottom_and_the_level_at_the_top() {
        let s = snapshot(NewGame::versus_computer(3, Color::Black));
        let (top, bottom) = player_bars(&s, &orientation(&s), None, &[None, None]);
        assert_eq!((bottom.side, bottom.name.clone()), (Color::Black, PlayerName::You));
        let rating = levels()[2].rating;
        assert_eq!((top.side, top.name.clone()), (Color::White, PlayerName::Computer { level: 3, rating }));
        assert!(top.to_move && !bottom.to_move, "White moves first");
        assert_eq!((top.men, top.kings, bottom.men, bottom.kings), (12, 0, 12, 0));
        assert_eq!((top.clock.clone(), top.clock_running, top.low_time), (None, false, false), "untimed");
    }

    #[test]
    fn online_bars_carry_the_nicknames_with_the_ratings_they_are_given() {
        let s = snapshot(NewGame {
            opponent: Opponent::Online { human: Color::White, white: "Anna".into(), black: "Boris".into() },
            ..NewGame::versus_computer(1, Color::White)
        });
        let ratings = [Some("1500?".to_string()), Some("1612".to_string())];
        let (top, bottom) = player_bars(&s, &orientation(&s), None, &ratings);
        assert_eq!(bottom.name, PlayerName::Nickname { nickname: "Anna".into(), rating: Some("1500?".into()) });
        assert_eq!(top.name, PlayerName::Nickname { nickname: "Boris".into(), rating: Some("1612".into()) });
    }

    #[test]
    fn a_reaction_shows_by_its_player_and_a_running_clock_under_twenty_seconds_is_low() {
        let fifteen = SideTime { base_ms: 15_000, increment_ms: 0 };
        let mut s = snapshot(NewGame {
            opponent: Opponent::PassAndPlay,
            time_control: Some(TimeControl { white: fifteen, black: SideTime { base_ms: 60_000, increment_ms: 0 } }),
            ..NewGame::versus_computer(1, Color::White)
        });
        if let Some(c) = s.clocks.as_mut() {
            c.running = Some(Color::White);
        }
        let smile = Reaction { ply: 0, side: Color::Black, emoji: "🙂".into() };
        let (top, bottom) = player_bars(&s, &orientation(&s), Some(&smile), &[None, None]);
        assert_eq!(
            (bottom.side, bottom.name.clone(), top.name.clone()),
            (Color::White, PlayerName::Side, PlayerName::Side)
        );
        assert_eq!((top.reaction.clone(), bottom.reaction.clone()), (Some("🙂".into()), None));
        assert_eq!(bottom.clock.as_deref(), Some("0:15"));
        assert!(bottom.clock_running && bottom.low_time, "15 s running: low");
        assert!(!top.clock_running && !top.low_time, "a clock that does not run is not marked");
    }

    #[test]
    fn pieces_left_count_men_and_kings_apart_and_nobody_is_to_move_once_it_is_over() {
        let s = snapshot(NewGame {
            start: crate::setup::StartPosition::Fen { fen: "W:WK1,5,6:B28".into() },
            ..NewGame::versus_computer(1, Color::White)
        });
        let (top, bottom) = player_bars(&s, &orientation(&s), None, &[None, None]);
        assert_eq!((bottom.men, bottom.kings, top.men, top.kings), (2, 1, 1, 0));
        let mut over = s.clone();
        over.result = Some(crate::game::ResultView {
            outcome: giveaway_core::game::Outcome::Draw,
            reason: giveaway_core::game::EndReason::Agreement,
            text: String::new(),
            pdn: "1/2-1/2".into(),
        });
        let (top, bottom) = player_bars(&over, &orientation(&over), None, &[None, None]);
        assert!(!top.to_move && !bottom.to_move);
    }
}
