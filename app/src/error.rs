//! The one error type of the exported API. Every exported function returns `Result<_, GiveawayError>`, so a
//! Kotlin caller gets a `GiveawayException` subclass and a Swift caller a thrown `GiveawayError`.

use giveaway_core::fen::FenError;
use giveaway_core::game::GameError;
use giveaway_core::notation::MoveParseError;
use std::fmt;

/// Every failure the app layer reports, with a reason in words; the FFI maps each to an exception.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GiveawayError {
    /// The move is not legal here; `reason` says why in words a player understands.
    IllegalMove {
        /// Why, in words.
        reason: String,
    },
    /// The text is not move notation.
    BadNotation {
        /// What is wrong with it.
        reason: String,
    },
    /// The written move or tapped square fits several moves that capture different pieces.
    AmbiguousMove {
        /// The moves it could mean, written out in full.
        choices: Vec<String>,
    },
    /// The text is not a valid FEN position.
    BadFen {
        /// What is wrong with it.
        reason: String,
    },
    /// A new-game request that cannot be played: level, handicap, time control, position.
    BadSetup {
        /// What cannot be played.
        reason: String,
    },
    /// It is the computer's turn (for input), or the player's turn (for a computer move).
    NotYourTurn {
        /// Whose turn it is.
        reason: String,
    },
    /// The game is over; `result` describes how it ended.
    GameOver {
        /// How the game ended.
        result: String,
    },
    /// The request does not apply now (nothing to undo, no draw offer pending, no such square…).
    Unavailable {
        /// Why not.
        reason: String,
    },
    /// The computer is thinking; input waits for it or cancels it first.
    Busy,
    /// A search was cancelled before it finished.
    Cancelled,
    /// The saved game, the settings or the database could not be read or written.
    Storage {
        /// What failed.
        reason: String,
    },
    /// No saved game with that id.
    NotFound {
        /// The id asked for.
        id: i64,
    },
    /// The PDN text cannot be read or has an illegal move.
    BadPdn {
        /// Where and what is wrong.
        reason: String,
    },
    /// A bug: an internal failure was caught at the boundary instead of crashing the app.
    Internal {
        /// What failed.
        reason: String,
    },
}

impl fmt::Display for GiveawayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use GiveawayError::*;
        match self {
            IllegalMove { reason } => write!(f, "illegal move: {reason}"),
            BadNotation { reason } => write!(f, "bad notation: {reason}"),
            AmbiguousMove { choices } => write!(f, "ambiguous move: could be {}", choices.join(" or ")),
            BadFen { reason } => write!(f, "{reason}"),
            BadSetup { reason } => write!(f, "cannot start this game: {reason}"),
            NotYourTurn { reason } => write!(f, "{reason}"),
            GameOver { result } => write!(f, "the game is over: {result}"),
            Unavailable { reason } => write!(f, "{reason}"),
            Busy => write!(f, "the computer is thinking"),
            Cancelled => write!(f, "cancelled"),
            Storage { reason } => write!(f, "storage: {reason}"),
            NotFound { id } => write!(f, "no saved game with id {id}"),
            BadPdn { reason } => write!(f, "bad PDN: {reason}"),
            Internal { reason } => write!(f, "internal error: {reason}"),
        }
    }
}

impl std::error::Error for GiveawayError {}

impl From<MoveParseError> for GiveawayError {
    fn from(e: MoveParseError) -> Self {
        match e {
            MoveParseError::Malformed(reason) => GiveawayError::BadNotation { reason },
            MoveParseError::Illegal(reason) => GiveawayError::IllegalMove { reason },
            MoveParseError::Ambiguous(choices) => GiveawayError::AmbiguousMove { choices },
        }
    }
}

impl From<GameError> for GiveawayError {
    fn from(e: GameError) -> Self {
        match e {
            GameError::Over(r) => GiveawayError::GameOver { result: r.to_string() },
            GameError::Parse(p) => p.into(),
            GameError::Illegal(reason) => GiveawayError::IllegalMove { reason },
        }
    }
}

impl From<FenError> for GiveawayError {
    fn from(e: FenError) -> Self {
        GiveawayError::BadFen { reason: e.to_string() }
    }
}

/// An app-layer result.
pub type ApiResult<T> = Result<T, GiveawayError>;
