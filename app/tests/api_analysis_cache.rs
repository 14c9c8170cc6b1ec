//! The analysis cache seen through the app API: a saved game's analysis is computed once and read back (the
//! progress listener is the witness that the engine did not run), in either notation, by replays and resumed
//! sessions alike; a longer or changed game, or a damaged entry, is analysed again.

use giveaway_app::{AnalysisView, GameLibrary, GameSession, NewGame, ProgressListener, SearchProgress};
use giveaway_core::{format_move, Game, Notation, Position, Rules};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Arc;

/// Counts the analysis progress calls: none means the engine did not search.
#[derive(Default)]
struct Calls(AtomicU32);

impl ProgressListener for Calls {
    fn on_search(&self, _: SearchProgress) {}
    fn on_analysis(&self, _: u32, _: u32) {
        self.0.fetch_add(1, Ordering::Relaxed);
    }
}

/// Runs `analyse` with a fresh counter; returns the view and how many progress calls it made.
fn counted<F>(analyse: F) -> (AnalysisView, u32)
where
    F: FnOnce(Option<Arc<dyn ProgressListener>>) -> giveaway_app::ApiResult<AnalysisView>,
{
    let calls = Arc::new(Calls::default());
    let view = analyse(Some(calls.clone())).unwrap();
    (view, calls.0.load(Ordering::Relaxed))
}

fn replay_analysis(lib: &GameLibrary, id: i64) -> (AnalysisView, u32) {
    let replay = lib.replay(id).unwrap();
    counted(|p| replay.analyse(p))
}

fn session_analysis(session: &Arc<GameSession>) -> (AnalysisView, u32) {
    let s = session.clone();
    counted(|p| s.analyse(p))
}

fn library() -> (tempfile::TempDir, Arc<GameLibrary>) {
    let dir = tempfile::tempdir().unwrap();
    let lib = GameLibrary::open(dir.path().join("games.db").to_string_lossy().into_owned()).unwrap();
    (dir, lib)
}

/// A saved pass-and-play game of `plies` moves: the `pick`-th legal move each time (modulo the count).
fn saved_game(lib: &GameLibrary, plies: usize, pick: usize) -> (i64, Game) {
    let session = lib.new_game(NewGame::pass_and_play(None)).unwrap();
    let mut game = Game::new(Position::start(), Rules::default());
    for _ in 0..plies {
        let list = game.legal_moves();
        let mv = list[pick % list.len()];
        session.play_move(mv.to_string()).unwrap();
        game.play(&mv).unwrap();
    }
    (session.snapshot().unwrap().game_id.unwrap(), game)
}

#[test]
fn a_saved_games_analysis_is_computed_once_then_read_back_in_any_notation() {
    let (_dir, lib) = library();
    let (id, game) = saved_game(&lib, 6, 1);
    let (first, calls) = replay_analysis(&lib, id);
    assert_eq!(calls, 7, "the first analysis searches all 7 positions");
    assert_eq!(first.moves.len(), 6);

    let (second, calls) = replay_analysis(&lib, id);
    assert_eq!(calls, 0, "the second analysis comes from the cache");
    assert_eq!(second, first);

    // The cache holds no notation: the numeric view is the same analysis written the other way.
    let replay = lib.replay(id).unwrap();
    replay.set_notation(Notation::Numeric);
    let (numeric, calls) = counted(|p| replay.analyse(p));
    assert_eq!(calls, 0);
    for ((n, a), mv) in numeric.moves.iter().zip(&first.moves).zip(game.moves()) {
        assert_eq!(n.played.text, format_move(mv, Notation::Numeric));
        assert_eq!(
            (&n.played.path, &n.best.as_ref().map(|b| &b.path)),
            (&a.played.path, &a.best.as_ref().map(|b| &b.path))
        );
        assert_eq!(
            (n.chance_before, n.chance_after, &n.class, n.accuracy),
            (a.chance_before, a.chance_after, &a.class, a.accuracy)
        );
    }
    assert_eq!((&numeric.white_scores, &numeric.white_chances), (&first.white_scores, &first.white_chances));

    // A resumed session of the same game goes through the same cache.
    let session = lib.resume(id).unwrap();
    let (resumed, calls) = session_analysis(&session);
    assert_eq!(calls, 0);
    assert_eq!(resumed, first);
}

#[test]
fn a_longer_game_is_analysed_again_and_cached_for_the_replay() {
    let (_dir, lib) = library();
    let (id, game) = saved_game(&lib, 5, 0);
    let (before, calls) = replay_analysis(&lib, id);
    assert_eq!(calls, 6);

    let session = lib.resume(id).unwrap();
    let next = game.legal_moves()[0];
    session.play_move(next.to_string()).unwrap();
    let (longer, calls) = session_analysis(&session);
    assert_eq!(calls, 7, "one move more: every position is searched again");
    assert_eq!(longer.moves.len(), 6);
    assert_eq!(
        &longer.moves[..5].iter().map(|m| &m.played).collect::<Vec<_>>(),
        &before.moves.iter().map(|m| &m.played).collect::<Vec<_>>()
    );

    // What the session computed is what the replay now reads.
    let (replayed, calls) = replay_analysis(&lib, id);
    assert_eq!(calls, 0);
    assert_eq!(replayed, longer);
}

#[test]
fn another_move_of_the_same_length_is_not_served_the_old_analysis() {
    let (_dir, lib) = library();
    let (id, game) = saved_game(&lib, 4, 0);
    let (old, _) = replay_analysis(&lib, id);
    // Take the last move back and play another one: the stored length is 4 again.
    let session = lib.resume(id).unwrap();
    session.undo().unwrap();
    let replaced = game.position_at(3).map(giveaway_core::legal_moves).unwrap();
    let other = replaced.iter().find(|m| **m != game.moves()[3]).expect("a position with a choice");
    session.play_move(other.to_string()).unwrap();
    let (new, calls) = replay_analysis(&lib, id);
    assert_eq!(calls, 5);
    assert_eq!(new.moves[3].played.text, other.to_string());
    assert_ne!(new.moves[3].played, old.moves[3].played);
}

#[test]
fn a_damaged_entry_is_a_miss_and_is_overwritten() {
    let (dir, lib) = library();
    let (id, _) = saved_game(&lib, 4, 2);
    let (good, _) = replay_analysis(&lib, id);
    let db = rusqlite::Connection::open(dir.path().join("games.db")).unwrap();
    for damage in
        ["UPDATE analysis_cache SET data = 'not an analysis'", "UPDATE analysis_cache SET data = substr(data, 1, 60)"]
    {
        assert_eq!(db.execute(damage, []).unwrap(), 1);
        let (again, calls) = replay_analysis(&lib, id);
        assert_eq!(calls, 5, "{damage}: recomputed");
        assert_eq!(again, good);
        let (cached, calls) = replay_analysis(&lib, id);
        assert_eq!(calls, 0, "{damage}: the recomputed analysis replaced the damaged entry");
        assert_eq!(cached, good);
    }
}

#[test]
fn an_unsaved_session_just_computes() {
    let session = GameSession::new(NewGame::pass_and_play(None)).unwrap();
    session.play_move("c3-d4".into()).unwrap();
    let (a, calls) = session_analysis(&session);
    assert_eq!(calls, 2);
    let (b, calls) = session_analysis(&session);
    assert_eq!(calls, 2);
    assert_eq!(a, b);
}
