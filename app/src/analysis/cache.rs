//! Post-game analysis through the saved game's analysis cache: the one path for replays and saved sessions.
//!
//! A saved game's analysis is looked up first (keyed by engine settings and checked against the game's moves
//! by the codec) and, on a miss, computed and stored. The cache is only a shortcut: an entry that cannot be
//! read or does not fit the game is a miss, and a failed write only costs the next opening a recomputation, so
//! neither ever reaches the user as an error.

use giveaway_core::engine::{analyze, Analysis, AnalysisOptions, Cancelled, StopHandle};
use giveaway_core::game::Game;
use giveaway_core::record::GameId;
use giveaway_core::storage::Storage;
use std::sync::Arc;

/// Where a game's analysis is cached: the saved game it belongs to.
pub(crate) struct CacheSlot {
    pub storage: Arc<Storage>,
    pub id: GameId,
}

/// The analysis of `game`, from `cache` when it holds a valid one; `progress` hears only about computing.
pub(crate) fn analyse_cached(
    game: &Game,
    cache: Option<&CacheSlot>,
    options: &AnalysisOptions,
    stop: &StopHandle,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Analysis, Cancelled> {
    let Some(slot) = cache else {
        return analyze(game, options, stop, progress);
    };
    let key = options.cache_key();
    if let Some(hit) =
        slot.storage.analysis(slot.id, &key).ok().flatten().and_then(|text| Analysis::from_cache_text(&text, game))
    {
        return Ok(hit);
    }
    let analysis = analyze(game, options, stop, progress)?;
    let _ = slot.storage.put_analysis(slot.id, &key, game.ply() as u32, &analysis.to_cache_text());
    Ok(analysis)
}
