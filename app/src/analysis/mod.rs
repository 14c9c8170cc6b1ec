//! Post-game analysis shared by the game and the library: the report a screen shows ([`AnalysisView`], each
//! move's review and the endgame tables' verdicts) and the saved game's analysis cache, which a session
//! (`GameSession::analyse`) and a replay (`Replay::analyse`) both read and fill. It builds on the core and the
//! board's views alone, so `game` and `library` both use it without reaching into each other.

pub(crate) mod cache;
mod view;

pub use view::{
    AnalysisView, ExactOutcome, ExactValue, ExactVerdict, ForcedLoss, MoveReviewView, ThrownAway, TurningPoint,
};
