//! The saved-games list as the screen scrolls through it: pages from the library's keyset pagination are
//! appended when the cursor nears the end of what is loaded, so any number of games opens at once and every
//! one of them can be reached. No terminal here: the screen draws what this holds.

use giveaway_app::{ApiResult, GameLibrary, GameSummaryView};
use giveaway_core::storage::Filter;

/// Games asked for at a time.
pub const PAGE: u32 = 200;
/// The next page is loaded once the cursor is this close to the last loaded game, before the list runs out
/// under it.
const MARGIN: usize = 20;

pub struct GameList {
    filter: Filter,
    page_size: u32,
    games: Vec<GameSummaryView>,
    /// Games matching the filter, loaded or not.
    total: u64,
    /// Where the next page starts; `None` when everything is loaded.
    next: Option<String>,
    index: usize,
}

impl GameList {
    /// An empty list; `open` fills it.
    pub fn new(page_size: u32) -> GameList {
        GameList { filter: Filter::default(), page_size, games: Vec::new(), total: 0, next: None, index: 0 }
    }

    /// Lists the games matching `filter`, newest first, with the cursor on the first.
    pub fn open(&mut self, library: &GameLibrary, filter: Filter) -> ApiResult<()> {
        self.filter = filter;
        self.index = 0;
        self.reload(library)
    }

    /// Loads the list again from the start (after a delete or an import), keeping the cursor at the same place
    /// in the list as far as the list still reaches.
    pub fn reload(&mut self, library: &GameLibrary) -> ApiResult<()> {
        let target = self.index;
        self.games.clear();
        self.next = None;
        self.total = 0;
        self.index = 0;
        self.fetch(library, None)?;
        self.move_to(library, target)
    }

    /// Moves the cursor by `delta` rows (negative is up), loading pages as it goes; it stops at either end.
    pub fn move_by(&mut self, library: &GameLibrary, delta: isize) -> ApiResult<()> {
        self.move_to(library, self.index.saturating_add_signed(delta))
    }

    fn move_to(&mut self, library: &GameLibrary, target: usize) -> ApiResult<()> {
        // On an error the cursor still moves within what is loaded; the next move tries the page again.
        let loaded = self.load_until(library, target.saturating_add(MARGIN));
        self.index = target.min(self.games.len().saturating_sub(1));
        loaded
    }

    /// Loads pages until more than `row` games are loaded or there are no more.
    fn load_until(&mut self, library: &GameLibrary, row: usize) -> ApiResult<()> {
        while row >= self.games.len() {
            let Some(cursor) = self.next.clone() else { return Ok(()) };
            self.fetch(library, Some(cursor))?;
        }
        Ok(())
    }

    fn fetch(&mut self, library: &GameLibrary, cursor: Option<String>) -> ApiResult<()> {
        let page = library.list_games(self.filter.clone(), cursor, self.page_size)?;
        self.games.extend(page.games);
        self.total = page.total;
        self.next = page.next_cursor;
        Ok(())
    }

    /// The games loaded so far, in list order.
    pub fn games(&self) -> &[GameSummaryView] {
        &self.games
    }

    pub fn index(&self) -> usize {
        self.index
    }

    pub fn selected(&self) -> Option<&GameSummaryView> {
        self.games.get(self.index)
    }

    /// `37 of 10,000 games`: where the cursor is among all the matching games.
    pub fn position_text(&self) -> String {
        match self.total {
            0 => "no games".to_string(),
            1 => "1 of 1 game".to_string(),
            n => format!("{} of {} games", thousands(self.index as u64 + 1), thousands(n)),
        }
    }
}

/// `10000` → `10,000`.
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use giveaway_app::NewGame;
    use giveaway_core::record::GameMode;
    use giveaway_core::Color;
    use std::sync::Arc;

    /// A library of `n` games: every third one against the computer, the rest pass-and-play.
    fn library(n: usize) -> (tempfile::TempDir, Arc<GameLibrary>) {
        let dir = tempfile::tempdir().unwrap();
        let lib = GameLibrary::open(dir.path().join("games.db").to_string_lossy().into_owned()).unwrap();
        for i in 0..n {
            let setup =
                if i % 3 == 0 { NewGame::versus_computer(1, Color::White) } else { NewGame::pass_and_play(None) };
            lib.new_game(setup).unwrap();
        }
        (dir, lib)
    }

    /// Every matching id, newest first, in one call.
    fn all_ids(lib: &GameLibrary, filter: Filter) -> Vec<i64> {
        lib.list_games(filter, None, 500).unwrap().games.iter().map(|g| g.id).collect()
    }

    fn ids(list: &GameList) -> Vec<i64> {
        list.games().iter().map(|g| g.id).collect()
    }

    /// Walks the cursor down one row at a time to the end; returns the ids it stood on.
    fn walk_down(list: &mut GameList, lib: &GameLibrary) -> Vec<i64> {
        let mut seen = vec![list.selected().unwrap().id];
        loop {
            list.move_by(lib, 1).unwrap();
            let id = list.selected().unwrap().id;
            if Some(&id) == seen.last() {
                return seen;
            }
            seen.push(id);
        }
    }

    #[test]
    fn the_cursor_reaches_every_game_across_pages_loading_them_ahead() {
        let (_dir, lib) = library(45);
        let mut list = GameList::new(10);
        list.open(&lib, Filter::default()).unwrap();
        // The first page and, since the cursor is within MARGIN of its end, the pages after it up to row 20.
        assert_eq!(list.games().len(), 30);
        assert_eq!(list.position_text(), "1 of 45 games");
        let all = all_ids(&lib, Filter::default());
        assert_eq!(walk_down(&mut list, &lib), all, "every game once, newest first");
        assert_eq!(ids(&list), all);
        assert_eq!(list.position_text(), "45 of 45 games");
        // Past the end and back past the start, the cursor stops.
        list.move_by(&lib, 10).unwrap();
        assert_eq!(list.index(), 44);
        list.move_by(&lib, -100).unwrap();
        assert_eq!(list.index(), 0);
    }

    #[test]
    fn a_jump_loads_the_pages_it_needs_and_no_more() {
        let (_dir, lib) = library(95);
        let mut list = GameList::new(10);
        list.open(&lib, Filter::default()).unwrap();
        list.move_by(&lib, 40).unwrap();
        assert_eq!(list.index(), 40);
        assert_eq!(list.games().len(), 70, "rows up to 40 + MARGIN, in whole pages");
        assert_eq!(list.selected().unwrap().id, all_ids(&lib, Filter::default())[40]);
        assert_eq!(list.position_text(), "41 of 95 games");
    }

    #[test]
    fn a_filter_pages_through_its_own_games_only() {
        let (_dir, lib) = library(45);
        let computer = Filter { mode: Some(GameMode::VsComputer), ..Filter::default() };
        let mut list = GameList::new(4);
        list.open(&lib, Filter::default()).unwrap();
        list.move_by(&lib, 30).unwrap();
        // Changing the filter starts again at the top of the new list.
        list.open(&lib, computer.clone()).unwrap();
        assert_eq!(list.index(), 0);
        assert_eq!(list.position_text(), "1 of 15 games");
        let expected = all_ids(&lib, computer);
        assert_eq!(expected.len(), 15);
        assert_eq!(walk_down(&mut list, &lib), expected);
        assert!(list.games().iter().all(|g| g.mode == GameMode::VsComputer));
    }

    #[test]
    fn reloading_after_a_delete_keeps_the_cursor_in_place_on_a_later_page() {
        let (_dir, lib) = library(60);
        let mut list = GameList::new(10);
        list.open(&lib, Filter::default()).unwrap();
        list.move_by(&lib, 35).unwrap();
        let gone = list.selected().unwrap().id;
        let after = all_ids(&lib, Filter::default())[36];
        lib.delete_game(gone).unwrap();
        list.reload(&lib).unwrap();
        assert_eq!(list.index(), 35);
        assert_eq!(list.selected().unwrap().id, after, "the next game moved up under the cursor");
        assert!(!ids(&list).contains(&gone));
        assert_eq!(list.position_text(), "36 of 59 games");
    }

    #[test]
    fn the_real_page_size_with_more_than_one_page() {
        let n = PAGE as usize + 30;
        let (_dir, lib) = library(n);
        let mut list = GameList::new(PAGE);
        list.open(&lib, Filter::default()).unwrap();
        assert_eq!(list.games().len(), PAGE as usize);
        list.move_by(&lib, PAGE as isize - MARGIN as isize).unwrap();
        assert_eq!(list.games().len(), n, "the second page is loaded before the cursor reaches the end");
        assert_eq!(ids(&list), all_ids(&lib, Filter::default()));
    }

    #[test]
    fn an_empty_list() {
        let (_dir, lib) = library(0);
        let mut list = GameList::new(PAGE);
        list.open(&lib, Filter::default()).unwrap();
        list.move_by(&lib, 1).unwrap();
        assert!(list.selected().is_none());
        assert_eq!(list.position_text(), "no games");
    }

    #[test]
    fn counts_read_with_thousands_separators() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(10_000), "10,000");
        assert_eq!(thousands(1_234_567), "1,234,567");
        let mut list = GameList::new(PAGE);
        (list.total, list.index) = (10_000, 36);
        assert_eq!(list.position_text(), "37 of 10,000 games");
        list.total = 1;
        assert_eq!(list.position_text(), "1 of 1 game");
    }
}
