//! The game record: start position, moves, undo/redo, draw counters and the result.
//!
//! In giveaway the side to move that has no legal move wins. Draws come from the rules value [`Rules`].

use crate::fen::{parse_fen, to_fen, FenError};
use crate::movegen::{legal_moves, Move, MoveList};
use crate::notation::{format_move, parse_move, MoveParseError, Notation};
use crate::position::{Color, Position};
use std::fmt;

/// Draw rules. The defaults are the project's standard and are used in every engine match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// A position repeated this many times (same side to move) is a draw. Default 3; 0 turns the rule off.
    pub repetitions: u8,
    /// This many plies in a row in which only kings moved and nothing was captured is a draw. Default 30
    /// (15 moves by each side); 0 turns the rule off.
    pub king_move_plies: u16,
}

impl Default for Rules {
    fn default() -> Self {
        Rules { repetitions: 3, king_move_plies: 30 }
    }
}

/// Who won a finished game, or that nobody did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// White won.
    WhiteWins,
    /// Black won.
    BlackWins,
    /// Nobody won (repetition, the king-move rule or agreement).
    Draw,
}

impl Outcome {
    /// The outcome in which `c` is the winner.
    pub fn win_for(c: Color) -> Outcome {
        match c {
            Color::White => Outcome::WhiteWins,
            Color::Black => Outcome::BlackWins,
        }
    }

    /// The winner, if any.
    pub fn winner(self) -> Option<Color> {
        match self {
            Outcome::WhiteWins => Some(Color::White),
            Outcome::BlackWins => Some(Color::Black),
            Outcome::Draw => None,
        }
    }

    /// PDN result string.
    pub fn pdn(self) -> &'static str {
        match self {
            Outcome::WhiteWins => "1-0",
            Outcome::BlackWins => "0-1",
            Outcome::Draw => "1/2-1/2",
        }
    }
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// The winner, to move, had no legal move (gave away or blocked all its pieces).
    NoLegalMove,
    /// The loser resigned.
    Resignation,
    /// The loser's clock ran out.
    Time,
    /// The same position with the same side to move came up the rules' repetition limit of times (a draw).
    Repetition,
    /// Only kings moved, without a capture, for the rules' number of plies (a draw).
    KingMoveRule,
    /// Both players agreed to a draw.
    Agreement,
    /// Online: a player stayed away from the game too long and loses.
    Abandonment,
}

/// How a game ended: who won, and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GameResult {
    /// Who won, or a draw.
    pub outcome: Outcome,
    /// What ended the game.
    pub reason: EndReason,
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let who = match self.outcome {
            Outcome::WhiteWins => "White wins",
            Outcome::BlackWins => "Black wins",
            Outcome::Draw => "Draw",
        };
        let why = match self.reason {
            EndReason::NoLegalMove => "no legal move left",
            EndReason::Resignation => "resignation",
            EndReason::Time => "time",
            EndReason::Repetition => "threefold repetition",
            EndReason::KingMoveRule => "15 king moves each without a capture or man move",
            EndReason::Agreement => "agreement",
            EndReason::Abandonment => "abandonment",
        };
        write!(f, "{who} ({why})")
    }
}

/// Why a move or action on a [`Game`] was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameError {
    /// The game is already over, with this result.
    Over(GameResult),
    /// The move's text could not be read.
    Parse(MoveParseError),
    /// The move is not legal here; the text says why.
    Illegal(String),
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::Over(r) => write!(f, "the game is over: {r}"),
            GameError::Parse(e) => write!(f, "{e}"),
            GameError::Illegal(why) => write!(f, "illegal move: {why}"),
        }
    }
}

impl std::error::Error for GameError {}

/// A game from a start position. Positions after each ply are kept, so undo, repetition and replay are cheap.
///
/// Play a game from a position (PDN FEN) and read its result: White's man on c3 must take Black's last man,
/// and Black, left without a move, wins — in giveaway the side that cannot move has won.
///
/// ```
/// use giveaway_core::{Game, Outcome, Rules};
///
/// let mut game = Game::from_fen("W:W22:B18", Rules::default()).unwrap();
/// assert_eq!(game.legal_moves().len(), 1, "a capture is compulsory");
/// game.play_notation("c3:e5").unwrap();
/// assert_eq!(game.result().map(|r| r.outcome), Some(Outcome::BlackWins));
/// ```
#[derive(Clone, Debug)]
pub struct Game {
    rules: Rules,
    /// positions[0] is the start; positions[i] is after moves[i-1].
    positions: Vec<Position>,
    moves: Vec<Move>,
    /// king_plies[i]: consecutive king-only, capture-free plies ending at positions[i].
    king_plies: Vec<u16>,
    redo: Vec<Move>,
    result: Option<GameResult>,
}

impl Game {
    /// A game starting from `start`, with no moves yet, played under `rules`.
    pub fn new(start: Position, rules: Rules) -> Game {
        let mut g = Game {
            rules,
            positions: vec![start],
            moves: Vec::new(),
            king_plies: vec![0],
            redo: Vec::new(),
            result: None,
        };
        g.result = g.natural_result();
        g
    }

    /// A game starting from the position in `fen`.
    pub fn from_fen(fen: &str, rules: Rules) -> Result<Game, FenError> {
        Ok(Game::new(parse_fen(fen)?, rules))
    }

    /// The draw rules this game is played under.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The position before the first move.
    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    /// The start position as FEN.
    pub fn start_fen(&self) -> String {
        to_fen(self.start())
    }

    /// The position now (after the last move played).
    pub fn position(&self) -> &Position {
        self.positions.last().expect("there is always a start position")
    }

    /// The position after `ply` moves (0 = start).
    pub fn position_at(&self, ply: usize) -> Option<&Position> {
        self.positions.get(ply)
    }

    /// The moves played so far, in order.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The number of plies (single moves) played.
    pub fn ply(&self) -> usize {
        self.moves.len()
    }

    /// How the game ended, if it has.
    pub fn result(&self) -> Option<GameResult> {
        self.result
    }

    /// Whether the game has a result.
    pub fn is_over(&self) -> bool {
        self.result.is_some()
    }

    /// The moves the side to move may play now (none once the game is over).
    pub fn legal_moves(&self) -> MoveList {
        if self.is_over() {
            MoveList::new()
        } else {
            legal_moves(self.position())
        }
    }

    /// Plies in a row, up to now, in which only kings moved without capturing.
    pub fn king_move_plies(&self) -> u16 {
        *self.king_plies.last().expect("kept in step with positions")
    }

    /// How many times the current position has occurred (same side to move), counting now.
    pub fn repetition_count(&self) -> u8 {
        let now = self.position();
        // Only positions since the last man move or capture can repeat; king_plies tells how far back that is.
        let window = self.king_move_plies() as usize;
        let n = self.positions.len();
        let first = n - 1 - window.min(n - 1);
        self.positions[first..n].iter().rev().step_by(2).filter(|p| *p == now).count() as u8
    }

    /// Plays a legal move. Moves not generated by this position's move generator are refused.
    pub fn play(&mut self, mv: &Move) -> Result<(), GameError> {
        if let Some(r) = self.result {
            return Err(GameError::Over(r));
        }
        if !legal_moves(self.position()).contains(mv) {
            return Err(GameError::Illegal(format!("{mv} is not legal here")));
        }
        if self.redo.last() == Some(mv) {
            self.redo.pop();
        } else {
            self.redo.clear();
        }
        self.push(*mv);
        Ok(())
    }

    /// Plays a move written in algebraic or numeric notation.
    pub fn play_notation(&mut self, text: &str) -> Result<Move, GameError> {
        if let Some(r) = self.result {
            return Err(GameError::Over(r));
        }
        let mv = parse_move(self.position(), text).map_err(GameError::Parse)?;
        self.play(&mv)?;
        Ok(mv)
    }

    fn push(&mut self, mv: Move) {
        let before = self.position();
        let king_move = before.kings().contains(mv.from()) && !mv.is_capture();
        let plies = if king_move { self.king_move_plies() + 1 } else { 0 };
        let after = before.play(&mv);
        self.positions.push(after);
        self.moves.push(mv);
        self.king_plies.push(plies);
        self.result = self.natural_result();
    }

    /// The result the board itself decides: no legal move, or a draw rule.
    fn natural_result(&self) -> Option<GameResult> {
        let pos = self.position();
        if legal_moves(pos).is_empty() {
            return Some(GameResult { outcome: Outcome::win_for(pos.side_to_move()), reason: EndReason::NoLegalMove });
        }
        if self.rules.repetitions > 0 && self.repetition_count() >= self.rules.repetitions {
            return Some(GameResult { outcome: Outcome::Draw, reason: EndReason::Repetition });
        }
        if self.rules.king_move_plies > 0 && self.king_move_plies() >= self.rules.king_move_plies {
            return Some(GameResult { outcome: Outcome::Draw, reason: EndReason::KingMoveRule });
        }
        None
    }

    /// Takes back the last move (also after the game ended). A result not decided by the board (resignation,
    /// time, agreement) is withdrawn first, without taking back a move; returns the move taken back, if any.
    pub fn undo(&mut self) -> Option<Move> {
        if let Some(r) = self.result {
            if !matches!(r.reason, EndReason::NoLegalMove | EndReason::Repetition | EndReason::KingMoveRule) {
                self.result = self.natural_result();
                self.result?;
            }
        }
        let mv = self.moves.pop()?;
        self.positions.pop();
        self.king_plies.pop();
        self.redo.push(mv);
        self.result = self.natural_result();
        Some(mv)
    }

    /// Whether [`Game::undo`] has something to take back (a move, or an ending that was not forced by the board).
    pub fn can_undo(&self) -> bool {
        !self.moves.is_empty() || self.result.is_some_and(|r| self.natural_result() != Some(r))
    }

    /// Replays the last undone move.
    pub fn redo(&mut self) -> Option<Move> {
        if self.is_over() {
            return None;
        }
        let mv = self.redo.pop()?;
        self.push(mv);
        Some(mv)
    }

    /// Whether [`Game::redo`] has a taken-back move to play again.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty() && !self.is_over()
    }

    /// Ends the game: `who` resigns and the opponent wins.
    pub fn resign(&mut self, who: Color) -> Result<(), GameError> {
        self.end(GameResult { outcome: Outcome::win_for(who.opponent()), reason: EndReason::Resignation })
    }

    /// A side whose clock ran out loses.
    pub fn flag(&mut self, who: Color) -> Result<(), GameError> {
        self.end(GameResult { outcome: Outcome::win_for(who.opponent()), reason: EndReason::Time })
    }

    /// A side that left an online game for too long loses (the server decides it).
    pub fn abandon(&mut self, who: Color) -> Result<(), GameError> {
        self.end(GameResult { outcome: Outcome::win_for(who.opponent()), reason: EndReason::Abandonment })
    }

    /// Ends the game in a draw by agreement.
    pub fn agree_draw(&mut self) -> Result<(), GameError> {
        self.end(GameResult { outcome: Outcome::Draw, reason: EndReason::Agreement })
    }

    fn end(&mut self, r: GameResult) -> Result<(), GameError> {
        if let Some(old) = self.result {
            return Err(GameError::Over(old));
        }
        self.result = Some(r);
        self.redo.clear();
        Ok(())
    }

    /// Moves written in the given notation, one per ply.
    pub fn move_texts(&self, notation: Notation) -> Vec<String> {
        self.moves.iter().map(|m| format_move(m, notation)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn side_without_moves_wins() {
        // White's last man must be given away: after b... black captures and has no pieces? Simpler: White
        // has no pieces at all and is to move: White wins.
        let g = Game::from_fen("W:W:B1", Rules::default()).unwrap();
        assert_eq!(g.result(), Some(GameResult { outcome: Outcome::WhiteWins, reason: EndReason::NoLegalMove }));
        // Blocked: a white man on a1 with black men on b2 and c3 behind it cannot move or capture.
        let g = Game::from_fen("W:Wa1:Bb2,c3", Rules::default()).unwrap();
        assert_eq!(g.result().map(|r| r.outcome), Some(Outcome::WhiteWins));
    }

    #[test]
    fn giving_away_the_last_piece_wins() {
        let mut g = Game::from_fen("W:Wc3:Be5", Rules::default()).unwrap();
        g.play_notation("c3-d4").unwrap(); // offers the man
        g.play_notation("e5:c3").unwrap(); // Black must take it
        assert_eq!(g.result().unwrap().outcome, Outcome::WhiteWins);
        assert!(matches!(g.play_notation("c3-d4"), Err(GameError::Over(_))));
    }

    #[test]
    fn king_move_rule_draws_after_30_plies() {
        let mut g = Game::from_fen("W:WKa1:BKh4", Rules::default()).unwrap();
        let cycle = ["a1-b2", "h4-g5", "b2-a1", "g5-h4"];
        let mut i = 0;
        while !g.is_over() {
            let m = cycle[i % cycle.len()];
            g.play_notation(m).unwrap();
            i += 1;
        }
        // Repetition comes first here: the start position recurs every 4 plies.
        assert_eq!(g.result().unwrap().reason, EndReason::Repetition);
        assert_eq!(g.ply(), 8);

        let rules = Rules { repetitions: 0, ..Rules::default() };
        let mut g = Game::from_fen("W:WKa1:BKh4", rules).unwrap();
        let mut i = 0;
        while !g.is_over() {
            g.play_notation(cycle[i % cycle.len()]).unwrap();
            i += 1;
        }
        assert_eq!(g.result().unwrap(), GameResult { outcome: Outcome::Draw, reason: EndReason::KingMoveRule });
        assert_eq!(g.ply(), 30);
    }

    #[test]
    fn man_move_resets_king_counter() {
        let rules = Rules { repetitions: 0, ..Rules::default() };
        let mut g = Game::from_fen("W:WKa1,h2:BKh4,a7", rules).unwrap();
        g.play_notation("a1-b2").unwrap();
        g.play_notation("h4-g5").unwrap();
        assert_eq!(g.king_move_plies(), 2);
        g.play_notation("h2-g3").unwrap();
        assert_eq!(g.king_move_plies(), 0);
    }

    #[test]
    fn undo_redo_and_resignation() {
        let mut g = Game::new(Position::start(), Rules::default());
        g.play_notation("c3-d4").unwrap();
        g.play_notation("f6-g5").unwrap();
        let after2 = *g.position();
        assert_eq!(g.undo().unwrap().to_string(), "f6-g5");
        assert_eq!(g.undo().unwrap().to_string(), "c3-d4");
        assert_eq!(g.position(), &Position::start());
        assert!(g.undo().is_none());
        g.redo().unwrap();
        g.redo().unwrap();
        assert_eq!(g.position(), &after2);
        assert!(!g.can_redo());
        // A different move clears the redo stack.
        g.undo();
        g.play_notation("b6-a5").unwrap();
        assert!(!g.can_redo());
        g.resign(Color::White).unwrap();
        assert_eq!(g.result().unwrap().outcome, Outcome::BlackWins);
        assert!(g.resign(Color::Black).is_err());
        // Undo withdraws the resignation first, then takes back moves.
        assert!(g.can_undo());
        assert_eq!(g.undo(), None);
        assert!(!g.is_over());
        assert_eq!(g.undo().unwrap().to_string(), "b6-a5");
    }
}
