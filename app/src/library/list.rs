//! The saved-games list of a screen: its filter chips, and the games loaded so far, a page at a time.

use super::{GameLibrary, GameSummaryView};
use crate::error::ApiResult;
use giveaway_core::record::GameMode;
use giveaway_core::storage::{Filter, ResultFilter};
use std::sync::{Arc, Mutex, MutexGuard};

const DAY_MS: i64 = 24 * 60 * 60 * 1000;

/// The list's filter chips; every one that is set narrows the list.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ListFilter {
    /// Only games of this mode.
    pub mode: Option<GameMode>,
    /// Only games with this result.
    pub result: Option<ResultFilter>,
    /// Only games against this engine level.
    pub level: Option<u8>,
    /// `Some(true)`: only games in progress; `Some(false)`: only finished ones.
    pub in_progress: Option<bool>,
    /// Only games started within this many days.
    pub within_days: Option<u32>,
}

impl ListFilter {
    /// The storage filter, `now_ms` being the current Unix time in milliseconds.
    pub fn to_filter(&self, now_ms: i64) -> Filter {
        Filter {
            mode: self.mode,
            result: self.result,
            level: self.level,
            in_progress: self.in_progress,
            since: self.within_days.map(|d| now_ms - i64::from(d) * DAY_MS),
            until: None,
            player: None,
        }
    }
}

struct Loaded {
    filter: ListFilter,
    games: Vec<GameSummaryView>,
    total: u64,
    cursor: Option<String>,
}

/// The games of a list screen: the first page on opening or changing the filter, more on request.
pub struct GameList {
    library: Arc<GameLibrary>,
    page_size: u32,
    loaded: Mutex<Loaded>,
}

/// What the list shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameListState {
    /// The filter the list shows.
    pub filter: ListFilter,
    /// The games loaded so far, newest first.
    pub games: Vec<GameSummaryView>,
    /// Games matching the filter in all.
    pub total: u64,
    /// More games can be loaded.
    pub has_more: bool,
}

fn now_ms() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_millis() as i64)
}

impl GameList {
    pub(crate) fn new(library: Arc<GameLibrary>, filter: ListFilter, page_size: u32) -> ApiResult<Arc<GameList>> {
        let empty = Loaded { filter: filter.clone(), games: Vec::new(), total: 0, cursor: None };
        let list = Arc::new(GameList { library, page_size, loaded: Mutex::new(empty) });
        list.set_filter(filter)?;
        Ok(list)
    }

    fn lock(&self) -> MutexGuard<'_, Loaded> {
        self.loaded.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// What the list screen shows now.
    pub fn state(&self) -> GameListState {
        state_of(&self.lock())
    }

    /// Shows the first page of the games matching `filter`.
    pub fn set_filter(&self, filter: ListFilter) -> ApiResult<GameListState> {
        let page = self.library.list_games(filter.to_filter(now_ms()), None, self.page_size)?;
        *self.lock() = Loaded { filter, games: page.games, total: page.total, cursor: page.next_cursor };
        Ok(self.state())
    }

    /// Loads the first page again (after a game was deleted, imported or played).
    pub fn reload(&self) -> ApiResult<GameListState> {
        let filter = self.lock().filter.clone();
        self.set_filter(filter)
    }

    /// Appends the next page, if there is one.
    pub fn load_more(&self) -> ApiResult<GameListState> {
        let (filter, cursor) = {
            let l = self.lock();
            match &l.cursor {
                Some(c) => (l.filter.clone(), c.clone()),
                None => return Ok(state_of(&l)),
            }
        };
        let page = self.library.list_games(filter.to_filter(now_ms()), Some(cursor), self.page_size)?;
        let mut l = self.lock();
        l.games.extend(page.games);
        l.cursor = page.next_cursor;
        Ok(state_of(&l))
    }
}

fn state_of(l: &Loaded) -> GameListState {
    GameListState { filter: l.filter.clone(), games: l.games.clone(), total: l.total, has_more: l.cursor.is_some() }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::setup::NewGame;
    use giveaway_core::Color;

    #[test]
    fn pages_load_until_the_end_and_filters_narrow() {
        let dir = tempfile::tempdir().unwrap();
        let lib = GameLibrary::open(dir.path().join("g.db").to_string_lossy().into_owned()).unwrap();
        for i in 0..5 {
            let s = lib
                .new_game(if i % 2 == 0 {
                    NewGame::pass_and_play(None)
                } else {
                    NewGame::versus_computer(2, Color::White)
                })
                .unwrap();
            s.play_move("c3-d4".into()).unwrap();
        }
        let list = lib.game_list(ListFilter::default(), 2).unwrap();
        let mut s = list.state();
        assert_eq!((s.games.len(), s.total, s.has_more), (2, 5, true));
        while s.has_more {
            s = list.load_more().unwrap();
        }
        assert_eq!(s.games.len(), 5);
        // Each card's picture is where its game stands: White's man moved from c3 to d4.
        let piece = |g: &GameSummaryView, sq: u32| g.position[sq as usize - 1].piece;
        assert!(s.games.iter().all(|g| g.position.len() == 32 && piece(g, 22).is_none() && piece(g, 18).is_some()));
        let ids: Vec<i64> = s.games.iter().map(|g| g.id).collect();
        assert!(ids.windows(2).all(|w| w[0] > w[1]), "newest first, no repeats: {ids:?}");
        let s = list
            .set_filter(ListFilter { mode: Some(GameMode::VsComputer), within_days: Some(1), ..ListFilter::default() })
            .unwrap();
        assert_eq!((s.games.len(), s.total), (2, 2));
        assert!(s.games.iter().all(|g| g.level == Some(2)));
        let old = ListFilter { within_days: Some(0), ..ListFilter::default() }.to_filter(now_ms() + DAY_MS);
        assert!(old.since.unwrap() > now_ms(), "within 0 days of tomorrow: nothing started today");
    }
}
