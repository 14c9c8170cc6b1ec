//! The one error of every fallible call: a Kotlin exception and a Swift `Error`.
//!
//! Each mirrors a type of the crates below field for field (`uniffi::remote`): the compiler checks
//! every mirror against the real type. The docs are the real type's, repeated because uniffi reads only these
//! into the Kotlin and Swift bindings.

use giveaway_app::error::GiveawayError;

#[uniffi::remote(Error)]
pub enum GiveawayError {
    IllegalMove { reason: String },
    BadNotation { reason: String },
    AmbiguousMove { choices: Vec<String> },
    BadFen { reason: String },
    BadSetup { reason: String },
    NotYourTurn { reason: String },
    GameOver { result: String },
    Unavailable { reason: String },
    Busy,
    Cancelled,
    Storage { reason: String },
    NotFound { id: i64 },
    BadPdn { reason: String },
    Internal { reason: String },
}
