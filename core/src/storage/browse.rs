//! Browsing saved games: filters, newest first, keyset pagination (stable while games are added), totals.

use super::error::{Result, StorageError};
use super::games::{fold, listed_only, summary_from_row, SUMMARY_COLUMNS};
use super::Storage;
use crate::record::{GameMode, GameSummary};
use rusqlite::types::Value;
use std::fmt;
use std::str::FromStr;

/// Which results to list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResultFilter {
    /// White won.
    WhiteWins,
    /// Black won.
    BlackWins,
    /// Drawn.
    Draw,
    /// Won by the human (games against the computer).
    Won,
    /// Lost by the human (games against the computer).
    Lost,
}

impl ResultFilter {
    /// Every filter, in the order the browser offers them.
    pub const ALL: [ResultFilter; 5] =
        [ResultFilter::WhiteWins, ResultFilter::BlackWins, ResultFilter::Draw, ResultFilter::Won, ResultFilter::Lost];

    /// The filter's stable name (command line and saved filters).
    pub fn name(self) -> &'static str {
        match self {
            ResultFilter::WhiteWins => "white",
            ResultFilter::BlackWins => "black",
            ResultFilter::Draw => "draw",
            ResultFilter::Won => "won",
            ResultFilter::Lost => "lost",
        }
    }

    /// The filter whose [`ResultFilter::name`] is `s`.
    pub fn from_name(s: &str) -> Option<ResultFilter> {
        ResultFilter::ALL.into_iter().find(|r| r.name() == s)
    }

    fn sql(self) -> &'static str {
        match self {
            ResultFilter::WhiteWins => "outcome = 'white'",
            ResultFilter::BlackWins => "outcome = 'black'",
            ResultFilter::Draw => "outcome = 'draw'",
            ResultFilter::Won => "outcome = human_color",
            ResultFilter::Lost => "outcome <> 'draw' AND outcome <> human_color",
        }
    }
}

/// Which games to list. Every field narrows the list; the default lists all.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Filter {
    /// Only games of this mode.
    pub mode: Option<GameMode>,
    /// Only games with this result.
    pub result: Option<ResultFilter>,
    /// Only games against this engine level.
    pub level: Option<u8>,
    /// `Some(true)`: only games in progress; `Some(false)`: only finished ones.
    pub in_progress: Option<bool>,
    /// Created at or after (Unix ms).
    pub since: Option<i64>,
    /// Created before (Unix ms).
    pub until: Option<i64>,
    /// Part of either player's name, any case.
    pub player: Option<String>,
}

/// Where the next page starts: just after the game with this creation time and id.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cursor {
    /// Creation time of the last game on the page before (Unix ms).
    pub created_at: i64,
    /// Id of that game (breaks ties between games created in the same millisecond).
    pub id: i64,
}

/// The text form `CREATED_AT.ID` is what the command line shows and accepts.
impl fmt::Display for Cursor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.created_at, self.id)
    }
}

impl FromStr for Cursor {
    type Err = StorageError;
    fn from_str(s: &str) -> Result<Cursor> {
        s.split_once('.')
            .and_then(|(t, id)| Some(Cursor { created_at: t.parse().ok()?, id: id.parse().ok()? }))
            .ok_or_else(|| StorageError::InvalidInput(format!("'{s}' is not a page cursor")))
    }
}

/// One page of a game list, newest first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Page {
    /// The games on this page.
    pub games: Vec<GameSummary>,
    /// Games matching the filter, on all pages.
    pub total: u64,
    /// `None` on the last page.
    pub next_cursor: Option<Cursor>,
}

/// The largest page a caller may ask for.
pub const MAX_PAGE_SIZE: u32 = 500;

/// `WHERE` conditions and their parameters for a filter.
fn conditions(f: &Filter) -> (Vec<String>, Vec<Value>) {
    let mut conds: Vec<String> = Vec::new();
    let mut params: Vec<Value> = Vec::new();
    let mut add = |cond: &str, value: Option<Value>| {
        let n = params.len() + 1;
        conds.push(cond.replace('?', &format!("?{n}")));
        params.extend(value);
    };
    if let Some(m) = f.mode {
        add("mode = ?", Some(Value::Text(m.name().to_string())));
    }
    if let Some(r) = f.result {
        add(r.sql(), None);
    }
    if let Some(l) = f.level {
        add("level = ?", Some(Value::Integer(l.into())));
    }
    match f.in_progress {
        Some(true) => add("outcome IS NULL", None),
        Some(false) => add("outcome IS NOT NULL", None),
        None => {}
    }
    if let Some(t) = f.since {
        add("created_at >= ?", Some(Value::Integer(t)));
    }
    if let Some(t) = f.until {
        add("created_at < ?", Some(Value::Integer(t)));
    }
    if let Some(p) = f.player.as_deref().map(str::trim).filter(|p| !p.is_empty()) {
        let escaped = fold(p).replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_");
        add("players_folded LIKE ? ESCAPE '\\'", Some(Value::Text(format!("%{escaped}%"))));
    }
    (conds, params)
}

fn where_clause(conds: &[String]) -> String {
    if conds.is_empty() {
        String::new()
    } else {
        format!(" WHERE {}", conds.join(" AND "))
    }
}

impl Storage {
    /// One page of games matching `filter`, newest first, starting after `after` (or at the newest).
    pub fn list_games(&self, filter: &Filter, after: Option<Cursor>, page_size: u32) -> Result<Page> {
        if !(1..=MAX_PAGE_SIZE).contains(&page_size) {
            return Err(StorageError::InvalidInput(format!("page size must be 1 to {MAX_PAGE_SIZE}, not {page_size}")));
        }
        let (mut conds, mut params) = conditions(filter);
        let conn = self.conn();
        conds.extend(listed_only(&conn)?.map(str::to_string));
        let total: i64 = conn
            .prepare_cached(&format!("SELECT COUNT(*) FROM games{}", where_clause(&conds)))?
            .query_row(rusqlite::params_from_iter(&params), |r| r.get(0))?;
        if let Some(c) = after {
            let n = params.len();
            conds.push(format!("(created_at < ?{} OR (created_at = ?{} AND id < ?{}))", n + 1, n + 1, n + 2));
            params.push(Value::Integer(c.created_at));
            params.push(Value::Integer(c.id));
        }
        let sql = format!(
            "SELECT {SUMMARY_COLUMNS} FROM games{} ORDER BY created_at DESC, id DESC LIMIT {}",
            where_clause(&conds),
            page_size + 1
        );
        let mut games: Vec<GameSummary> = conn
            .prepare_cached(&sql)?
            .query_map(rusqlite::params_from_iter(&params), summary_from_row)?
            .collect::<rusqlite::Result<_>>()?;
        let next_cursor = if games.len() > page_size as usize {
            games.truncate(page_size as usize);
            games.last().map(|g| Cursor { created_at: g.created_at, id: g.id })
        } else {
            None
        };
        Ok(Page { games, total: u64::try_from(total).unwrap_or(0), next_cursor })
    }
}
