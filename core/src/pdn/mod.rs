//! PDN (Portable Draughts Notation) for giveaway games: read one or many games from text, or a game at a time
//! from a file of any size ([`GameReader`]), and write them back.
//!
//! Reading accepts what other draughts programs write: tag pairs, move numbers, algebraic (`c3-d4`,
//! `c3:e5:c7`, `c3xe5`) or numeric (`22-18`, `22x15x8`) moves resolved against the position (short capture
//! forms too), comments `{…}` and `; …`, NAGs (`$3`, `!`, `?!`), nested variations (skipped), results
//! `1-0 0-1 1/2-1/2 *` and the `2-0 0-2 1-1` some programs use, `[FEN]` with or without `[SetUp "1"]`.
//! Writing produces GameType 25 plus `[Variant "Giveaway"]`, algebraic moves with every landing square.
//! Clock times after a move travel in a comment after it, as lidraughts writes them: `{[%clock w0:10:00 B0:09:58]}`.

mod clock;
mod encoding;
mod lex;
mod read;
mod write;

#[cfg(feature = "storage")]
pub(crate) use clock::{clock_text, parse_clock};
pub use encoding::decode;
pub use read::{read_games, GameReader};
pub use write::{write_game, write_games};

use crate::fen::FenError;
use crate::game::{Game, GameError, Outcome, Rules};
use crate::movegen::Move;
use crate::notation::MoveParseError;
use crate::position::{Color, Position};
use crate::record::ClockTimes;
use std::fmt;

/// The GameType tag value for Russian draughts, which giveaway is played under (see RULES.md).
pub const GAME_TYPE: &str = "25,W,8,8,A0,0";
/// The tag that tells giveaway apart from ordinary Russian draughts.
pub const VARIANT: &str = "Giveaway";

/// One game as PDN carries it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PdnGame {
    /// Tag pairs in file order, as read (including GameType, FEN, … when present). The writer orders them.
    pub tags: Vec<(String, String)>,
    /// The start position (the FEN tag's, else the standard one).
    pub start: Position,
    /// The moves played, checked against the rules.
    pub moves: Vec<Move>,
    /// Both clocks after each ply, where known. The reader keeps it as long as `moves`; the writer takes a
    /// missing entry as unknown.
    pub clocks: Vec<Option<ClockTimes>>,
    /// `None` for `*` (unfinished or unknown).
    pub result: Option<Outcome>,
    /// 1-based place of this game in the file it was read from (1 for games built in memory).
    pub number: usize,
}

impl PdnGame {
    /// A game from the standard start with no tags and no moves.
    pub fn new() -> PdnGame {
        PdnGame {
            tags: Vec::new(),
            start: Position::start(),
            moves: Vec::new(),
            clocks: Vec::new(),
            result: None,
            number: 1,
        }
    }

    /// The value of a tag (keys compare case-insensitively, as programs differ in case).
    pub fn tag(&self, key: &str) -> Option<&str> {
        self.tags.iter().find(|(k, _)| k.eq_ignore_ascii_case(key)).map(|(_, v)| v.as_str())
    }

    /// Sets a tag, replacing an existing one of the same key.
    pub fn set_tag(&mut self, key: &str, value: impl Into<String>) {
        let value = value.into();
        match self.tags.iter_mut().find(|(k, _)| k.eq_ignore_ascii_case(key)) {
            Some(slot) => slot.1 = value,
            None => self.tags.push((key.to_string(), value)),
        }
    }

    /// Replays the moves through a [`Game`] under `rules`, so draw rules apply: a move played after the game
    /// was already decided (e.g. by threefold repetition) is an error naming its place.
    pub fn to_game(&self, rules: Rules) -> Result<Game, PdnError> {
        let mut game = Game::new(self.start, rules);
        for (ply, mv) in self.moves.iter().enumerate() {
            game.play(mv).map_err(|e| PdnError {
                game: self.number,
                at: Some(MoveAt::of_ply(self.start.side_to_move(), ply)),
                token: Some(mv.to_string()),
                kind: PdnErrorKind::Rules(e),
            })?;
        }
        Ok(game)
    }
}

impl Default for PdnGame {
    fn default() -> Self {
        PdnGame::new()
    }
}

/// A move's place as players count it: move number and the side making it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveAt {
    /// The move number (1 for the first pair of moves).
    pub number: u32,
    /// The side making the move.
    pub side: Color,
}

impl MoveAt {
    /// The place of the move at `ply` (0-based) in a game whose first move is made by `first`.
    pub fn of_ply(first: Color, ply: usize) -> MoveAt {
        let k = ply + usize::from(first == Color::Black);
        let side = if k.is_multiple_of(2) { Color::White } else { Color::Black };
        MoveAt { number: u32::try_from(k / 2 + 1).unwrap_or(u32::MAX), side }
    }
}

/// What went wrong reading PDN.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PdnErrorKind {
    /// Broken structure: unterminated comment or variation, malformed tag, stray bracket.
    Syntax(String),
    /// A tag whose value cannot be used (e.g. a GameType other than Russian draughts).
    Tag(String),
    /// The FEN tag does not hold a valid position.
    Fen(FenError),
    /// A move is unreadable or illegal in its position.
    Move(MoveParseError),
    /// A legal move that the game rules refuse, e.g. one played after a draw by repetition.
    Rules(GameError),
    /// The file could not be read on (the system's reason).
    Read(String),
}

/// A PDN reading error: which game in the file (1-based), which move if any, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PdnError {
    /// Which game of the file (0 for the first).
    pub game: usize,
    /// Which move, if the error is in the moves.
    pub at: Option<MoveAt>,
    /// The move text concerned, if any.
    pub token: Option<String>,
    /// What went wrong.
    pub kind: PdnErrorKind,
}

impl fmt::Display for PdnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "game {}", self.game)?;
        if let Some(at) = self.at {
            let side = if at.side == Color::White { "white" } else { "black" };
            write!(f, ", move {} ({side})", at.number)?;
        }
        f.write_str(": ")?;
        match &self.kind {
            PdnErrorKind::Syntax(why) => write!(f, "syntax error: {why}")?,
            PdnErrorKind::Tag(why) => write!(f, "bad tag: {why}")?,
            PdnErrorKind::Fen(e) => write!(f, "FEN tag: {e}")?,
            PdnErrorKind::Move(e) => write!(f, "{e}")?,
            PdnErrorKind::Rules(e) => write!(f, "{e}")?,
            PdnErrorKind::Read(why) => write!(f, "cannot read the file: {why}")?,
        }
        if let Some(t) = &self.token {
            write!(f, " (in '{t}')")?;
        }
        Ok(())
    }
}

impl std::error::Error for PdnError {}

/// PDN result token for an optional outcome.
pub fn result_token(result: Option<Outcome>) -> &'static str {
    result.map_or("*", Outcome::pdn)
}

/// Reads a result token, including the `2-0 0-2 1-1` forms; `Some(None)` is `*`.
pub fn parse_result(token: &str) -> Option<Option<Outcome>> {
    match token {
        "1-0" | "2-0" => Some(Some(Outcome::WhiteWins)),
        "0-1" | "0-2" => Some(Some(Outcome::BlackWins)),
        "1/2-1/2" | "1-1" | "½-½" => Some(Some(Outcome::Draw)),
        "*" => Some(None),
        _ => None,
    }
}

#[cfg(test)]
mod tests;
