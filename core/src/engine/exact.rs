//! What the endgame tables say about a game: the exact value of each position under the game's draw rules,
//! and the moves that gave a forced win (or a held draw) away.
//!
//! This is the post-game report's exact layer, separate from the searched analysis: it costs one table probe
//! per position, so it is rebuilt whenever it is shown and never cached.

use super::root::SearchRoot;
use crate::game::{Game, Rules};
use crate::movegen::legal_moves;
use crate::position::Color;
use crate::tablebase::{Tablebase, Value};

/// The tables' value of `root` for the side to move where it holds under the game's draw rules: a drawn
/// entry always (the rules only ever turn wins into draws), a win or loss in `d` plies when the king-move rule
/// cannot strike first (`king_plies + d` below its limit; along a shortest win the distance falls every ply,
/// so the line repeats no position of its own). `None` when the position is not in the tables or the
/// king-move rule may cut the win short. A position without a legal move is a win in 0 whatever the tables.
pub fn exact_value(tablebase: &Tablebase, root: &SearchRoot) -> Option<Value> {
    if legal_moves(&root.position).is_empty() {
        return Some(Value::Win(0));
    }
    exact_value_with_moves(tablebase, root)
}

/// [`exact_value`] for a root known to have a legal move (the proof search has generated them already).
pub(crate) fn exact_value_with_moves(tablebase: &Tablebase, root: &SearchRoot) -> Option<Value> {
    if root.is_rule_draw() {
        return Some(Value::Draw);
    }
    match tablebase.probe(&root.position)? {
        Value::Draw => Some(Value::Draw),
        v @ (Value::Win(d) | Value::Loss(d)) => within_king_move_rule(&root.rules, root.king_plies, d).then_some(v),
    }
}

/// Whether a table win or loss in `d` plies, reached after `king_plies` king-only plies, ends before the
/// king-move rule can strike (the search's test too).
pub(crate) fn within_king_move_rule(rules: &Rules, king_plies: u16, d: u16) -> bool {
    rules.king_move_plies == 0 || u32::from(king_plies) + u32::from(d) < u32::from(rules.king_move_plies)
}

/// One move of a game as the tables judge it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExactMove {
    /// Index of the move (0 = the first move of the record).
    pub ply: usize,
    /// The side that played it.
    pub mover: Color,
    /// The mover's exact value before the move.
    pub before: Value,
    /// The mover's exact value after it (`None`: the position after it is not in the tables, or the draw rules
    /// leave its value open).
    pub after: Option<Value>,
}

impl ExactMove {
    /// The mover had a forced win and the move let it go (to a draw, a loss, or a position the tables cannot
    /// vouch for).
    pub fn threw_away_win(&self) -> bool {
        matches!(self.before, Value::Win(_)) && !matches!(self.after, Some(Value::Win(_)))
    }

    /// The mover could hold the draw and the move lost.
    pub fn threw_away_draw(&self) -> bool {
        self.before == Value::Draw && matches!(self.after, Some(Value::Loss(_)))
    }
}

/// The tables' view of every move of `game` whose starting position they know exactly, in order.
pub fn exact_moves(tablebase: &Tablebase, game: &Game) -> Vec<ExactMove> {
    let mut root = SearchRoot::new(*game.start(), game.rules());
    let mut before = exact_value(tablebase, &root);
    let mut out = Vec::new();
    for (ply, mv) in game.moves().iter().enumerate() {
        let mover = root.position.side_to_move();
        root = root.after(mv);
        let after = exact_value(tablebase, &root);
        if let Some(b) = before {
            // The value after the move is the opponent's; seen from the mover it is the reverse.
            out.push(ExactMove { ply, mover, before: b, after: after.map(reverse) });
        }
        before = after;
    }
    out
}

/// A value seen from the other side.
fn reverse(v: Value) -> Value {
    match v {
        Value::Win(d) => Value::Loss(d),
        Value::Loss(d) => Value::Win(d),
        Value::Draw => Value::Draw,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Rules;

    fn tables() -> Tablebase {
        Tablebase::build(2, |_, _| {}).expect("2-piece tables build").0
    }

    #[test]
    fn a_thrown_away_win_is_found_at_its_move_and_a_kept_one_is_not() {
        let tb = tables();
        // A won start with both a winning move and a move that lets the win go; the verdicts are checked
        // against the probes themselves.
        let start = crate::fen::parse_fen("W:W22:B15").unwrap();
        let root = SearchRoot::new(start, Rules::default());
        let Some(Value::Win(_)) = exact_value(&tb, &root) else { panic!("W:W22:B15 should be a White win") };
        let moves = legal_moves(&start);
        let (good, bad): (Vec<_>, Vec<_>) =
            moves.iter().partition(|m| matches!(tb.probe(&start.play(m)), Some(Value::Loss(_))));
        assert!(!good.is_empty() && !bad.is_empty(), "the position needs both kinds of move");
        for (mv, thrown) in [(good[0], false), (bad[0], true)] {
            let mut g = Game::from_fen("W:W22:B15", Rules::default()).unwrap();
            g.play(mv).unwrap();
            let review = exact_moves(&tb, &g);
            assert_eq!(review.len(), 1);
            assert_eq!(review[0].mover, Color::White);
            assert_eq!(review[0].threw_away_win(), thrown, "{mv}");
            assert!(!review[0].threw_away_draw());
        }
    }

    #[test]
    fn the_king_move_rule_leaves_long_wins_open() {
        let tb = tables();
        // Two lone kings: whatever the tables say, a value longer than the rule's reach is not vouched for.
        let pos = crate::fen::parse_fen("W:WK1:BK32").unwrap();
        let mut root = SearchRoot::new(pos, Rules::default());
        let table = tb.probe(&pos).unwrap();
        assert_eq!(
            exact_value(&tb, &root),
            Some(table).filter(|v| !matches!(v, Value::Win(d) | Value::Loss(d) if *d >= 30))
        );
        root.king_plies = 29;
        let expect = match table {
            Value::Draw => Some(Value::Draw),
            _ => None,
        };
        assert_eq!(exact_value(&tb, &root), expect);
    }
}
