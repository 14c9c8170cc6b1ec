//! The endgame tables' layer of the post-game report: each move's exact verdict and the game's turning
//! points ("White threw away a forced win in 7 moves on move 31"). One probe per position, so it is rebuilt
//! each time an analysis is shown, with whatever tables are in use by then, and never cached.

use crate::analysis::{ExactOutcome, ExactValue, ExactVerdict, ThrownAway, TurningPoint};
use crate::game::snapshot::move_view;
use giveaway_core::engine::{exact_moves, ExactMove};
use giveaway_core::game::Game;
use giveaway_core::notation::Notation;
use giveaway_core::pdn::MoveAt;
use giveaway_core::position::Color;
use giveaway_core::tablebase::{Tablebase, Value};

/// The exact layer of one game's analysis.
pub(crate) struct ExactLayer {
    /// Per move of the record: its verdict, where the tables know its position.
    pub verdicts: Vec<Option<ExactVerdict>>,
    /// The moves that threw something away.
    pub turning_points: Vec<TurningPoint>,
    /// The tables' reach in pieces (0: none).
    pub pieces: u32,
}

/// The exact layer of `game` with `tables` (an empty one without tables).
pub(crate) fn exact_layer(game: &Game, tables: Option<&Tablebase>, notation: Notation) -> ExactLayer {
    let mut layer = ExactLayer { verdicts: vec![None; game.ply()], turning_points: Vec::new(), pieces: 0 };
    let Some(tb) = tables else {
        return layer;
    };
    layer.pieces = tb.max_pieces();
    for m in exact_moves(tb, game) {
        let threw_away = if m.threw_away_win() {
            Some(ThrownAway::Win)
        } else if m.threw_away_draw() {
            Some(ThrownAway::Draw)
        } else {
            None
        };
        let before = exact_value(m.before);
        let after = m.after.map(exact_value);
        layer.verdicts[m.ply] =
            Some(ExactVerdict { before, after, threw_away, message: verdict_text(&m, before, threw_away) });
        if let Some(kind) = threw_away {
            let move_number = MoveAt::of_ply(game.start().side_to_move(), m.ply).number;
            let played = move_view(&game.moves()[m.ply], m.mover, notation);
            let side = if m.mover == Color::White { "White" } else { "Black" };
            let what = match kind {
                ThrownAway::Win => format!("a {}", value_text(before)),
                ThrownAway::Draw => "the draw".to_string(),
            };
            let message = format!("{side} threw away {what} on move {move_number} ({})", played.text);
            layer.turning_points.push(TurningPoint {
                ply: m.ply as u32,
                move_number,
                mover: m.mover,
                played,
                threw_away: kind,
                before,
                message,
            });
        }
    }
    layer
}

/// A table value in the view's terms: moves of the side it is about until the end (a win or loss in `d`
/// plies is `d / 2` of its moves, rounded up: in a loss it also makes the last move).
fn exact_value(v: Value) -> ExactValue {
    match v {
        Value::Win(d) => ExactValue { outcome: ExactOutcome::Win, moves: u32::from(d).div_ceil(2) },
        Value::Loss(d) => ExactValue { outcome: ExactOutcome::Loss, moves: u32::from(d).div_ceil(2) },
        Value::Draw => ExactValue { outcome: ExactOutcome::Draw, moves: 0 },
    }
}

fn value_text(v: ExactValue) -> String {
    let moves = |n: u32| if n == 1 { "1 move".to_string() } else { format!("{n} moves") };
    match v.outcome {
        ExactOutcome::Win if v.moves == 0 => "won position".into(),
        ExactOutcome::Win => format!("forced win in {}", moves(v.moves)),
        ExactOutcome::Loss => format!("forced loss in {}", moves(v.moves)),
        ExactOutcome::Draw => "draw with best play".into(),
    }
}

fn verdict_text(m: &ExactMove, before: ExactValue, threw_away: Option<ThrownAway>) -> String {
    match threw_away {
        Some(ThrownAway::Win) => format!("{}, thrown away", value_text(before)),
        Some(ThrownAway::Draw) => "draw with best play, lost by this move".into(),
        None if m.after.is_none() => {
            format!("{}; the king-move rule may cut it short after this move", value_text(before))
        }
        None => value_text(before),
    }
}
