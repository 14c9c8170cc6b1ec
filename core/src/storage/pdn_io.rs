//! PDN export of saved games and import of PDN files (all or nothing per file, read a game at a time).

use super::dates::pdn_date;
use super::error::{Result, StorageError};
use super::games::ImportedIds;
use super::{now_ms, Storage};
use crate::fen::to_fen;
use crate::game::Rules;
use crate::pdn::{clock_text, parse_clock, write_games, GameReader, PdnGame};
use crate::position::Position;
use crate::record::{ClockTimes, Ending, GameId, GameMode, GameRecord, NewGame, SavedGame, TimeControl};
use std::io::Read;

/// Tags this module writes from columns, and reads back into them on import.
const COLUMN_TAGS: [&str; 6] = ["White", "Black", "TimeControl", "WhiteClock", "BlackClock", "Handicap"];
/// Tags the PDN writer produces from the game itself.
const STRUCTURE_TAGS: [&str; 5] = ["Result", "GameType", "Variant", "SetUp", "FEN"];

fn to_pdn(saved: &SavedGame) -> PdnGame {
    let s = &saved.summary;
    let mut g = PdnGame {
        start: *saved.game.start(),
        moves: saved.game.moves().to_vec(),
        clocks: saved.move_clocks.clone(),
        ..PdnGame::new()
    };
    g.result = s.ending.map(|e| e.outcome);
    let event = match (s.setup.mode, s.setup.level) {
        (GameMode::VsComputer, Some(l)) => format!("Giveaway vs computer, level {l}"),
        (mode, _) => format!("Giveaway {mode}"),
    };
    g.set_tag("Event", event);
    // An imported game's row date is the import's, not the game's: its own Date tag (if any) comes below.
    if s.setup.mode != GameMode::Imported {
        g.set_tag("Date", pdn_date(s.created_at));
    }
    g.set_tag("White", s.setup.white.clone());
    g.set_tag("Black", s.setup.black.clone());
    // Tags kept from an import win over the ones made up above.
    for (k, v) in &saved.tags {
        g.set_tag(k, v.clone());
    }
    if let Some(tc) = s.setup.time_control {
        g.set_tag("TimeControl", tc.pdn());
    }
    if let Some(c) = s.clocks {
        g.set_tag("WhiteClock", clock_text(c.white_ms));
        g.set_tag("BlackClock", clock_text(c.black_ms));
    }
    if let Some(h) = &s.setup.handicap {
        g.set_tag("Handicap", h.clone());
    }
    g
}

/// A PDN game as a record to store; `rules` already accepted its moves.
fn from_pdn(p: &PdnGame, rules: Rules, now: i64) -> Result<GameRecord> {
    let game = p.to_game(rules).map_err(StorageError::Import)?;
    let name = |key: &str| p.tag(key).map_or_else(|| "?".to_string(), str::to_string);
    let setup = NewGame {
        white: name("White"),
        black: name("Black"),
        time_control: p.tag("TimeControl").and_then(TimeControl::from_pdn),
        start_fen: (p.start != Position::start()).then(|| to_fen(&p.start)),
        handicap: p.tag("Handicap").map(str::to_string),
        rules,
        ..NewGame::new(GameMode::Imported, "", "")
    };
    let move_clocks = p.clocks.clone();
    // The final-clock tags, else the clocks after the last move (lidraughts writes no such tags).
    let clocks = p
        .tag("WhiteClock")
        .and_then(parse_clock)
        .zip(p.tag("BlackClock").and_then(parse_clock))
        .map(|(white_ms, black_ms)| ClockTimes { white_ms, black_ms })
        .or_else(|| move_clocks.last().copied().flatten());
    let board = game.result();
    let ending = match p.result {
        // The board's reason is known when it agrees with the written result.
        Some(outcome) => Some(Ending { outcome, reason: board.filter(|r| r.outcome == outcome).map(|r| r.reason) }),
        None => board.map(|r| Ending { outcome: r.outcome, reason: Some(r.reason) }),
    };
    let tags = p
        .tags
        .iter()
        .filter(|(k, _)| !COLUMN_TAGS.iter().chain(&STRUCTURE_TAGS).any(|t| t.eq_ignore_ascii_case(k)))
        .cloned()
        .collect();
    Ok(GameRecord { setup, moves: p.moves.clone(), move_clocks, clocks, ending, tags, created_at: now })
}

impl Storage {
    /// One saved game as PDN.
    pub fn export_pdn(&self, id: GameId) -> Result<String> {
        Ok(write_games(&[to_pdn(&self.load_game(id)?)]))
    }

    /// Every saved game as one PDN file, oldest first.
    pub fn export_all_pdn(&self) -> Result<String> {
        let mut games = Vec::new();
        for id in self.all_game_ids()? {
            games.push(to_pdn(&self.load_game(id)?));
        }
        Ok(write_games(&games))
    }

    /// Imports every game in a PDN text, checking every move against the rules. All or nothing: on any error
    /// (which names the game, the move and the reason) the database is left as it was.
    pub fn import_pdn(&self, text: &str) -> Result<ImportedIds> {
        self.import_games(GameReader::from_text(text))
    }

    /// Imports every game of a PDN file in any encoding [`crate::pdn::decode`] knows, as [`Storage::import_pdn`]
    /// does, reading and writing one game at a time: a file of any size takes little memory.
    pub fn import_pdn_from(&self, file: impl Read) -> Result<ImportedIds> {
        self.import_games(GameReader::new(file))
    }

    fn import_games(&self, games: GameReader<impl Read>) -> Result<ImportedIds> {
        let mut games = games.peekable();
        if games.peek().is_none() {
            return Err(StorageError::NoGamesInFile);
        }
        let now = now_ms();
        self.insert_stream(games.map(|g| from_pdn(&g.map_err(StorageError::Import)?, Rules::default(), now)))
    }
}
