//! The position to search together with what the draw rules need to know about the game so far.

use crate::game::{Game, Rules};
use crate::movegen::Move;
use crate::position::Position;

/// A search root: the position, the hashes of the earlier positions that can still repeat (since the last man
/// move or capture, oldest first), the king-move counter and the draw rules — the same facts [`Game`] uses.
#[derive(Clone, Debug)]
pub struct SearchRoot {
    /// The position to search.
    pub position: Position,
    /// Hashes of the earlier positions that can still repeat, oldest first.
    pub history: Vec<u64>,
    /// Plies of king-only moves without a capture so far (the king-move rule's counter).
    pub king_plies: u16,
    /// The draw rules of the game.
    pub rules: Rules,
}

impl SearchRoot {
    /// A position with no history.
    pub fn new(position: Position, rules: Rules) -> SearchRoot {
        SearchRoot { position, history: Vec::new(), king_plies: 0, rules }
    }

    /// The current position of a game, with its repetition history.
    pub fn from_game(game: &Game) -> SearchRoot {
        SearchRoot::at_ply(game, game.ply()).expect("the game's own ply exists")
    }

    /// The position after `ply` moves of a game, with the history up to then.
    pub fn at_ply(game: &Game, ply: usize) -> Option<SearchRoot> {
        let mut root = SearchRoot::new(*game.position_at(0)?, game.rules());
        for mv in game.moves().get(..ply)? {
            root = root.after(mv);
        }
        Some(root)
    }

    /// Whether `mv` is irreversible here (a man move or a capture), which resets history and the king counter.
    pub fn is_irreversible(&self, mv: &Move) -> bool {
        mv.is_capture() || !self.position.kings().contains(mv.from())
    }

    /// The root after a legal move.
    pub fn after(&self, mv: &Move) -> SearchRoot {
        let position = self.position.play(mv);
        if self.is_irreversible(mv) {
            SearchRoot { position, history: Vec::new(), king_plies: 0, rules: self.rules }
        } else {
            let mut history = self.history.clone();
            history.push(self.position.hash());
            SearchRoot { position, history, king_plies: self.king_plies + 1, rules: self.rules }
        }
    }

    /// The draw the rules declare here, if any (the same test [`Game`] makes, except "no legal move").
    pub fn is_rule_draw(&self) -> bool {
        let r = self.rules;
        if r.king_move_plies > 0 && self.king_plies >= r.king_move_plies {
            return true;
        }
        if r.repetitions > 0 {
            let h = self.position.hash();
            let seen = self.history.iter().rev().skip(1).step_by(2).filter(|&&x| x == h).count();
            return seen + 1 >= r.repetitions as usize;
        }
        false
    }
}
