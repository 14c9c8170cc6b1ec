//! The proof search's layer of the post-game report: where a won game became lost by force and the move that
//! lost it ("Black was lost by force from move 4 on; the losing move was 10-15 on move 3"), from the core's
//! analysis (which proves it, and caches it with the rest).

use crate::analysis::ForcedLoss;
use crate::game::snapshot::move_view;
use giveaway_core::engine;
use giveaway_core::game::Game;
use giveaway_core::notation::Notation;
use giveaway_core::pdn::MoveAt;
use giveaway_core::position::Color;

/// The view of the core's forced loss in `game`, moves written in `notation`.
pub(crate) fn forced_loss_view(game: &Game, f: &engine::ForcedLoss, notation: Notation) -> ForcedLoss {
    let first = game.start().side_to_move();
    let move_number = MoveAt::of_ply(first, f.position).number;
    let moves = f.plies.div_ceil(2);
    let mistake = f.mistake.and_then(|ply| Some((ply, game.moves().get(ply)?)));
    let side = if f.loser == Color::White { "White" } else { "Black" };
    let line = format!("a proven forced line of {moves} {}", if moves == 1 { "move" } else { "moves" });
    let message = match mistake {
        Some((ply, mv)) => {
            let number = MoveAt::of_ply(first, ply).number;
            let text = move_view(mv, f.loser, notation).text;
            if f.proven {
                format!("{side} was lost by force from move {move_number} on ({line}); the losing move was {text} on move {number}")
            } else {
                format!(
                    "{side} was lost by force from move {move_number} on ({line}); the last move before it was {text} on \
                     move {number}, unless an earlier move lost already"
                )
            }
        }
        None => format!("{side} was lost by force from the start of the record ({line})"),
    };
    ForcedLoss {
        loser: f.loser,
        position: f.position as u32,
        move_number,
        moves,
        mistake_ply: mistake.map(|(ply, _)| ply as u32),
        mistake_move_number: mistake.map(|(ply, _)| MoveAt::of_ply(first, ply).number),
        mistake: mistake.map(|(_, mv)| move_view(mv, f.loser, notation)),
        proven: f.proven && mistake.is_some(),
        message,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use giveaway_core::game::Rules;

    fn game() -> Game {
        let mut g = Game::from_fen("W:W22,29:B15", Rules::default()).unwrap();
        for m in ["a1-b2", "e5-d4", "c3:e5"] {
            g.play_notation(m).unwrap();
        }
        g
    }

    #[test]
    fn the_losing_move_is_named_with_its_number_and_certainty() {
        let f = engine::ForcedLoss { loser: Color::White, position: 1, plies: 2, mistake: Some(0), proven: true };
        let v = forced_loss_view(&game(), &f, Notation::Algebraic);
        assert_eq!((v.position, v.move_number, v.moves), (1, 1, 1));
        assert_eq!((v.mistake_ply, v.mistake_move_number, v.proven), (Some(0), Some(1), true));
        assert_eq!(v.mistake.map(|m| m.text), Some("a1-b2".to_string()));
        assert_eq!(
            v.message,
            "White was lost by force from move 1 on (a proven forced line of 1 move); the losing move was a1-b2 on move 1"
        );
        let unsure = forced_loss_view(&game(), &engine::ForcedLoss { proven: false, ..f.clone() }, Notation::Numeric);
        assert!(unsure.message.contains("the last move before it was 29-25 on move 1, unless"), "{}", unsure.message);
        let start =
            forced_loss_view(&game(), &engine::ForcedLoss { mistake: None, position: 0, ..f }, Notation::Numeric);
        assert_eq!((start.mistake, start.proven), (None, false));
        assert!(start.message.contains("from the start of the record"), "{}", start.message);
    }
}
