//! Puzzles: a position, the line that solves it, its themes and difficulty; the judge that says whether a move
//! keeps what the puzzle asks for; the verifier that proves a puzzle sound; the set shipped with the apps.
//!
//! One job per file: this one is the puzzle itself and its text forms (the shipped line format and the JSON
//! line other programs read), `judge` values moves (endgame tables, search with a margin, proof-number
//! search), `verify` checks a whole puzzle with the judge, `make` makes a puzzle from a position (screens, line,
//! verification, themes, rating by the engine's levels), `set` is the embedded set (made by
//! `giveaway puzzles build`).
//!
//! A puzzle's solution alternates the solver's moves and the replies, the solver (the side to move in the
//! FEN) first. What it asks for is its kind, one of three themes: [`Theme::Win`] (force a win: every step is
//! proven to keep a forced win, and the line is played to the end of the game), [`Theme::Draw`] (the only
//! move that holds a draw the endgame tables prove; the line ends with the solver's move) and
//! [`Theme::OnlyMove`] (the only move that keeps the game, by search with a margin; the line ends with the
//! solver's move).

mod judge;
mod make;
mod set;
mod verify;

pub use judge::{Goal, Judge, JudgeSettings, Judgement, MoveValue, Proven, AS_GOOD, ONLY_MOVE_MARGIN, WIN_MARGIN};
pub use make::{Maker, Rejection, MAX_WIN_PLIES};
pub use set::{shipped, shipped_text, PuzzleSet};
pub use verify::{verify, Verification, VerifyError};

use crate::fen::{parse_fen, to_fen};
use crate::movegen::{legal_moves, Move};
use crate::notation::parse_move;
use crate::position::{Color, Position};
use std::fmt;

/// What a puzzle is about. Exactly one of the kinds ([`Theme::Win`], [`Theme::Draw`], [`Theme::OnlyMove`])
/// says what the solver must achieve; the others describe the line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Theme {
    /// Kind: force a win (proven at every step).
    Win,
    /// Kind: the only move that holds the draw (the endgame tables prove it).
    Draw,
    /// Kind: the only move that keeps the game; every other loses clearly (by search with a margin).
    OnlyMove,
    /// The solver gives every piece away: the line ends with its last piece captured ("run out of pieces").
    RunOut,
    /// The line ends with the solver's pieces left on the board without a move.
    Blocked,
    /// Every reply (two or more) is a capture the opponent is forced to make.
    CaptureChain,
    /// The endgame tables know the start exactly (few pieces).
    Endgame,
    /// From the first plies of a game from the start: punishing an opening mistake.
    OpeningTrap,
    /// The solver makes one move.
    OneMove,
    /// The solver makes two or three moves.
    Short,
    /// The solver makes four moves or more.
    Long,
}

/// Every theme, in the order they are listed.
pub const THEMES: [Theme; 11] = [
    Theme::Win,
    Theme::Draw,
    Theme::OnlyMove,
    Theme::RunOut,
    Theme::Blocked,
    Theme::CaptureChain,
    Theme::Endgame,
    Theme::OpeningTrap,
    Theme::OneMove,
    Theme::Short,
    Theme::Long,
];

impl Theme {
    /// The theme's name in the files and the JSON export (`run-out`, `only-move`, …).
    pub fn name(self) -> &'static str {
        match self {
            Theme::Win => "win",
            Theme::Draw => "draw",
            Theme::OnlyMove => "only-move",
            Theme::RunOut => "run-out",
            Theme::Blocked => "blocked",
            Theme::CaptureChain => "capture-chain",
            Theme::Endgame => "endgame",
            Theme::OpeningTrap => "opening-trap",
            Theme::OneMove => "one-move",
            Theme::Short => "short",
            Theme::Long => "long",
        }
    }

    /// The theme with this name.
    pub fn from_name(name: &str) -> Option<Theme> {
        THEMES.into_iter().find(|t| t.name() == name)
    }

    /// Whether the theme is a kind (what the solver must achieve).
    pub fn is_kind(self) -> bool {
        matches!(self, Theme::Win | Theme::Draw | Theme::OnlyMove)
    }

    /// The length theme of a line in which the solver makes `moves` moves.
    pub fn of_length(moves: usize) -> Theme {
        match moves {
            0 | 1 => Theme::OneMove,
            2 | 3 => Theme::Short,
            _ => Theme::Long,
        }
    }
}

/// A puzzle: the position, the line that solves it, its themes and difficulty.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// Its number in its set.
    pub id: u32,
    /// The position; its side to move is the solver.
    pub position: Position,
    /// The solver's moves and the replies, alternating, the solver's first; each legal where it is played.
    pub solution: Vec<Move>,
    /// Its themes, sorted, exactly one of them a kind.
    pub themes: Vec<Theme>,
    /// Difficulty on the players' rating scale, measured by how the engine's levels solve it.
    pub rating: u16,
}

/// Why a puzzle's text could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleError(pub String);

impl fmt::Display for PuzzleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for PuzzleError {}

/// One puzzle as other programs read it: a line of the JSON export.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct PuzzleRecord {
    /// Its number in its set.
    pub id: u32,
    /// The position (`W:W…:B…`), its side to move the solver.
    pub fen: String,
    /// The moves in algebraic notation with every landing square, the solver's first, alternating.
    pub solution: Vec<String>,
    /// Theme names.
    pub themes: Vec<String>,
    /// Difficulty.
    pub rating: u16,
}

impl Puzzle {
    /// A puzzle from its parts: the moves are read against the position in turn, the themes by name.
    pub fn new(id: u32, fen: &str, moves: &[&str], themes: &[&str], rating: u16) -> Result<Puzzle, PuzzleError> {
        let position = parse_fen(fen).map_err(|e| PuzzleError(format!("puzzle {id}: {e}")))?;
        let mut at = position;
        let mut solution = Vec::with_capacity(moves.len());
        for (i, text) in moves.iter().enumerate() {
            let mv = parse_move(&at, text).map_err(|e| PuzzleError(format!("puzzle {id}, move {}: {e}", i + 1)))?;
            at = at.play(&mv);
            solution.push(mv);
        }
        if solution.is_empty() {
            return Err(PuzzleError(format!("puzzle {id}: no solution")));
        }
        let mut parsed = Vec::with_capacity(themes.len());
        for name in themes {
            parsed.push(Theme::from_name(name).ok_or_else(|| PuzzleError(format!("puzzle {id}: no theme '{name}'")))?);
        }
        parsed.sort();
        parsed.dedup();
        if parsed.iter().filter(|t| t.is_kind()).count() != 1 {
            return Err(PuzzleError(format!("puzzle {id}: needs exactly one of the themes win, draw, only-move")));
        }
        Ok(Puzzle { id, position, solution, themes: parsed, rating })
    }

    /// What the solver must achieve: the puzzle's kind theme.
    pub fn kind(&self) -> Theme {
        self.themes.iter().copied().find(|t| t.is_kind()).unwrap_or(Theme::Win)
    }

    /// The solver's colour.
    pub fn solver(&self) -> Color {
        self.position.side_to_move()
    }

    /// The position's FEN.
    pub fn fen(&self) -> String {
        to_fen(&self.position)
    }

    /// The position after the first `plies` moves of the solution.
    pub fn position_after(&self, plies: usize) -> Position {
        self.solution.iter().take(plies).fold(self.position, |p, m| p.play(m))
    }

    /// How many moves the solver makes.
    pub fn solver_moves(&self) -> usize {
        self.solution.len().div_ceil(2)
    }

    /// The solution in algebraic notation.
    pub fn solution_texts(&self) -> Vec<String> {
        self.solution.iter().map(Move::to_string).collect()
    }

    /// Whether the game is over after the solution (the solver to move without a legal move).
    pub fn ends_the_game(&self) -> bool {
        legal_moves(&self.position_after(self.solution.len())).is_empty()
    }

    /// The line of the shipped format: `id`, FEN, moves, themes, rating, separated by tabs (moves by
    /// spaces, themes by commas).
    pub fn to_line(&self) -> String {
        let themes: Vec<&str> = self.themes.iter().map(|t| t.name()).collect();
        format!(
            "{}\t{}\t{}\t{}\t{}",
            self.id,
            self.fen(),
            self.solution_texts().join(" "),
            themes.join(","),
            self.rating
        )
    }

    /// Reads a line of the shipped format.
    pub fn from_line(line: &str) -> Result<Puzzle, PuzzleError> {
        let fields: Vec<&str> = line.split('\t').collect();
        let [id, fen, moves, themes, rating] = fields[..] else {
            return Err(PuzzleError(format!("a puzzle line has 5 tab-separated fields, not {}", fields.len())));
        };
        let id: u32 = id.parse().map_err(|_| PuzzleError(format!("'{id}' is not a puzzle number")))?;
        let rating = rating.parse().map_err(|_| PuzzleError(format!("puzzle {id}: '{rating}' is not a rating")))?;
        let moves: Vec<&str> = moves.split(' ').filter(|m| !m.is_empty()).collect();
        let themes: Vec<&str> = themes.split(',').filter(|t| !t.is_empty()).collect();
        Puzzle::new(id, fen, &moves, &themes, rating)
    }

    /// The puzzle as other programs read it.
    pub fn record(&self) -> PuzzleRecord {
        PuzzleRecord {
            id: self.id,
            fen: self.fen(),
            solution: self.solution_texts(),
            themes: self.themes.iter().map(|t| t.name().to_string()).collect(),
            rating: self.rating,
        }
    }

    /// One line of JSON: `{"id":…,"fen":"W:W…:B…","solution":["c3-d4",…],"themes":[…],"rating":…}`.
    pub fn to_json(&self) -> String {
        serde_json::to_string(&self.record()).expect("a puzzle record always serialises")
    }

    /// A puzzle from one JSON line, checked like [`Puzzle::new`].
    pub fn from_json(text: &str) -> Result<Puzzle, PuzzleError> {
        let r: PuzzleRecord = serde_json::from_str(text).map_err(|e| PuzzleError(format!("puzzle JSON: {e}")))?;
        let moves: Vec<&str> = r.solution.iter().map(String::as_str).collect();
        let themes: Vec<&str> = r.themes.iter().map(String::as_str).collect();
        Puzzle::new(r.id, &r.fen, &moves, &themes, r.rating)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Puzzle {
        Puzzle::new(7, "W:WK5:BK30", &["a7-e3", "c1:h6"], &["win", "run-out", "endgame", "short"], 900).unwrap()
    }

    #[test]
    fn a_puzzle_reads_and_writes_both_forms() {
        let p = sample();
        assert_eq!(p.kind(), Theme::Win);
        assert_eq!(p.solver(), Color::White);
        assert!(p.ends_the_game());
        assert_eq!(p.solver_moves(), 1);
        let line = p.to_line();
        assert_eq!(line, "7\tW:WK5:BK30\ta7-e3 c1:h6\twin,run-out,endgame,short\t900");
        assert_eq!(Puzzle::from_line(&line).unwrap(), p);
        let json = p.to_json();
        assert_eq!(
            json,
            r#"{"id":7,"fen":"W:WK5:BK30","solution":["a7-e3","c1:h6"],"themes":["win","run-out","endgame","short"],"rating":900}"#
        );
        assert_eq!(Puzzle::from_json(&json).unwrap(), p);
    }

    #[test]
    fn bad_puzzles_are_refused_with_the_reason() {
        let bad = [
            "7\tW:WK5:BK30\ta7-e3 c1:h6\twin\t900\textra",
            "x\tW:WK5:BK30\ta7-e3\twin\t900",
            "7\tW:WK5:BZ30\ta7-e3\twin\t900",
            "7\tW:WK5:BK30\ta7-e4\twin\t900",
            "7\tW:WK5:BK30\ta7-e3 c1:h6\twin,draw\t900",
            "7\tW:WK5:BK30\ta7-e3 c1:h6\trun-out\t900",
            "7\tW:WK5:BK30\ta7-e3\twin,sparkle\t900",
            "7\tW:WK5:BK30\t\twin\t900",
            "7\tW:WK5:BK30\ta7-e3\twin\t-5",
        ];
        for line in bad {
            assert!(Puzzle::from_line(line).is_err(), "{line}");
        }
        assert!(Puzzle::from_json("{\"id\":1}").is_err());
        assert!(Puzzle::from_json("not json").is_err());
    }

    #[test]
    fn themes_have_unique_names_that_read_back() {
        for t in THEMES {
            assert_eq!(Theme::from_name(t.name()), Some(t));
        }
        let mut names: Vec<&str> = THEMES.iter().map(|t| t.name()).collect();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), THEMES.len());
        assert_eq!(THEMES.iter().filter(|t| t.is_kind()).count(), 3);
    }
}
