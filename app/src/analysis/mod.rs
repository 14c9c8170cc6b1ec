//! Post-game analysis shared by the game and the library: the saved game's analysis cache, which a session
//! (`GameSession::analyse`) and a replay (`Replay::analyse`) both read and fill. It depends on the core alone,
//! so `game` and `library` both build on it without reaching into each other.

pub(crate) mod cache;
