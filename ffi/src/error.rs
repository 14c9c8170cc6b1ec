//! The one error of every fallible call: a Kotlin exception and a Swift `Error`.
//!
//! Each mirrors a type of the crates below field for field (`uniffi::remote`): the compiler checks
//! every mirror against the real type. The docs are the real type's, repeated because uniffi reads only these
//! into the Kotlin and Swift bindings.

use giveaway_app::GiveawayError;

/// Every failure the app layer reports, with a reason in words; the FFI maps each to an exception.
#[uniffi::remote(Error)]
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
