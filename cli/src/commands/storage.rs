//! Saved-game commands: `games`, `show`, `export`, `import`, `stats`.

use crate::args::{DbArgs, Fail, InRange};
use crate::io::out::{out, outln, printable, warn};
use giveaway_core::engine::LEVELS;
use giveaway_core::record::{GameMode, GameSummary};
use giveaway_core::storage::dates::{display_time, parse_date};
use giveaway_core::storage::{Cursor, Filter, Recovery, ResultFilter, Storage, StorageError, MAX_PAGE_SIZE};
use giveaway_core::{Color, Outcome};
use std::path::Path;

/// Opens the database, telling the user on stderr if a damaged file had to be moved aside. It does not run the
/// full integrity check, which reads the whole file (seconds for a large library): `giveaway check` does, and a
/// command that meets damage on its way repairs the library ([`with_library`]).
fn open(args: &DbArgs) -> Result<Storage, Fail> {
    let path = crate::io::db_path::database_path(args)?;
    let (storage, report) = Storage::open(&path)?;
    if let Some(r) = &report.recovery {
        warn_recovered(&path, r);
    }
    if let Some(n) = &report.training {
        warn(&format!("warning: {n}"));
    }
    Ok(storage)
}

fn warn_recovered(path: &Path, r: &Recovery) {
    warn(&format!("warning: {}: {r}", path.display()));
}

/// Runs `job` on the library. If the file turns out damaged on the way, the library is repaired (the damaged
/// file moved aside, every readable game recovered), the user told, and `job` runs again on the result.
fn with_library<T>(args: &DbArgs, job: impl Fn(&Storage) -> Result<T, StorageError>) -> Result<T, Fail> {
    let storage = open(args)?;
    match job(&storage) {
        Err(e) if e.is_damage() => match storage.check_and_recover()? {
            Some(r) => {
                warn_recovered(storage.path(), &r);
                Ok(job(&storage)?)
            }
            None => Err(e.into()),
        },
        done => Ok(done?),
    }
}

/// `giveaway check`: the full integrity check; a damaged library is repaired and the result said.
pub fn cmd_check(args: &DbArgs) -> Result<(), Fail> {
    let storage = open(args)?;
    let trainer_at_open = storage.training_notice();
    let path = storage.path().display().to_string();
    match storage.check_and_recover()? {
        Some(r) => outln!("{}: {}", printable(&path), printable(&r.to_string()))?,
        None => {
            let total = storage.list_games(&Filter::default(), None, 1)?.total;
            let read_only = if storage.is_read_only() { " (read-only)" } else { "" };
            outln!(
                "{}: the games library is sound{read_only}: {total} game{}",
                printable(&path),
                if total == 1 { "" } else { "s" }
            )?
        }
    }
    // The check also checks the puzzle trainer's file; one it had to set aside is said here (one found at open
    // was said on stderr already).
    if let Some(n) = storage.training_notice().filter(|n| Some(n) != trainer_at_open.as_ref()) {
        outln!("{}", printable(&n.to_string()))?;
    }
    Ok(())
}

/// A game ID argument.
fn game_id(text: &str) -> Result<i64, String> {
    text.parse().map_err(|_| format!("'{text}' is not a game id"))
}

fn day(text: &str, flag: &str) -> Result<i64, Fail> {
    parse_date(text).ok_or_else(|| Fail(format!("--{flag} needs a date like 2026-11-30, not '{text}'")))
}

fn result_text(g: &GameSummary) -> String {
    match g.ending {
        None => "in progress".into(),
        Some(e) => {
            let who = match e.outcome {
                Outcome::WhiteWins => "1-0",
                Outcome::BlackWins => "0-1",
                Outcome::Draw => "½-½",
            };
            match g.setup.human_color.filter(|_| e.outcome != Outcome::Draw) {
                Some(h) if Outcome::win_for(h) == e.outcome => format!("{who} won"),
                Some(_) => format!("{who} lost"),
                None => who.into(),
            }
        }
    }
}

/// `giveaway games [filters] [--page-size N] [--after CURSOR] [--db PATH]`
#[derive(clap::Args)]
pub struct GamesArgs {
    #[command(flatten)]
    pub db: DbArgs,
    /// Only games of this mode: computer, pass-and-play, imported, online
    #[arg(long)]
    mode: Option<String>,
    /// Only games with this result: white, black, draw, or (against the computer) won, lost
    #[arg(long)]
    result: Option<String>,
    /// Only games against the computer at this level
    #[arg(long, value_parser = InRange(1..=LEVELS.len() as u8))]
    level: Option<u8>,
    /// Only unfinished games
    #[arg(long, conflicts_with = "finished")]
    in_progress: bool,
    /// Only finished games
    #[arg(long)]
    finished: bool,
    /// Only games started on or after this day (2026-11-30)
    #[arg(long, value_name = "DATE")]
    since: Option<String>,
    /// Only games started on or before this day
    #[arg(long, value_name = "DATE")]
    until: Option<String>,
    /// Only games with a player whose name contains this text
    #[arg(long, value_name = "TEXT")]
    player: Option<String>,
    /// Games per page
    #[arg(long, value_name = "N", default_value_t = 50, value_parser = InRange(1..=MAX_PAGE_SIZE))]
    page_size: u32,
    /// The page after this one (the cursor the previous page printed)
    #[arg(long, value_name = "CURSOR")]
    after: Option<String>,
}

pub fn cmd_games(args: &GamesArgs) -> Result<(), Fail> {
    let mut filter = Filter::default();
    if let Some(m) = &args.mode {
        let names: Vec<&str> = GameMode::ALL.iter().map(|m| m.name()).collect();
        filter.mode = Some(
            GameMode::from_name(m)
                .ok_or_else(|| Fail(format!("--mode must be one of {}, not '{m}'", names.join(", "))))?,
        );
    }
    if let Some(r) = &args.result {
        let names: Vec<&str> = ResultFilter::ALL.iter().map(|r| r.name()).collect();
        filter.result = Some(
            ResultFilter::from_name(r)
                .ok_or_else(|| Fail(format!("--result must be one of {}, not '{r}'", names.join(", "))))?,
        );
    }
    filter.level = args.level;
    // (clap refuses --in-progress with --finished.)
    filter.in_progress = (args.in_progress || args.finished).then_some(args.in_progress);
    filter.since = args.since.as_deref().map(|d| day(d, "since")).transpose()?;
    // --until names the last day included.
    filter.until = args.until.as_deref().map(|d| day(d, "until").map(|t| t + 86_400_000)).transpose()?;
    filter.player = args.player.clone();
    let after = args.after.as_deref().map(str::parse::<Cursor>).transpose()?;
    let page = with_library(&args.db, |s| s.list_games(&filter, after, args.page_size))?;
    outln!(
        "{:>6}  {:<16}  {:<13}  {:<30}  {:>5}  {:<14}  {:>5}",
        "id",
        "date",
        "mode",
        "players",
        "level",
        "result",
        "plies"
    )?;
    for g in &page.games {
        let players = format!("{} – {}", printable(&g.setup.white), printable(&g.setup.black));
        let players: String =
            if players.chars().count() > 30 { players.chars().take(29).chain(['…']).collect() } else { players };
        outln!(
            "{:>6}  {:<16}  {:<13}  {:<30}  {:>5}  {:<14}  {:>5}",
            g.id,
            display_time(g.created_at),
            g.setup.mode.name(),
            players,
            g.setup.level.map_or_else(|| "-".into(), |l| l.to_string()),
            result_text(g),
            g.plies
        )?;
    }
    match page.next_cursor {
        Some(c) => outln!("{} of {} games; next page: --after {c}", page.games.len(), page.total)?,
        None => outln!("{} of {} games", page.games.len(), page.total)?,
    }
    Ok(())
}

/// `giveaway show ID [--db PATH]`
#[derive(clap::Args)]
pub struct ShowArgs {
    /// The game's id (from `giveaway games`)
    #[arg(value_parser = game_id)]
    id: i64,
    #[command(flatten)]
    pub db: DbArgs,
}

pub fn cmd_show(args: &ShowArgs) -> Result<(), Fail> {
    let id = args.id;
    let saved = with_library(&args.db, |s| s.load_game(id))?;
    let s = &saved.summary;
    let side = |c: Color| if c == Color::White { "white" } else { "black" };
    outln!("game {}  {}  {}", s.id, display_time(s.created_at), s.setup.mode.name())?;
    outln!("White: {}", printable(&s.setup.white))?;
    outln!("Black: {}", printable(&s.setup.black))?;
    if let Some(l) = s.setup.level {
        outln!("Level: {l}{}", s.setup.human_color.map_or(String::new(), |c| format!(", human plays {}", side(c))))?;
    }
    if let Some(tc) = s.setup.time_control {
        outln!("Time control: {}", tc.pdn())?;
    }
    if let Some(c) = s.clocks {
        outln!("Clocks: white {:.1} s, black {:.1} s", c.white_ms as f64 / 1000.0, c.black_ms as f64 / 1000.0)?;
    }
    if let Some(fen) = &s.setup.start_fen {
        outln!("Start: {fen}{}", s.setup.handicap.as_ref().map_or(String::new(), |h| format!(" ({})", printable(h))))?;
    }
    for (k, v) in &saved.tags {
        outln!("{}: {}", printable(k), printable(v))?;
    }
    let first = saved.game.start().side_to_move();
    let mut line = String::new();
    for (ply, mv) in saved.moves().iter().enumerate() {
        let at = giveaway_core::pdn::MoveAt::of_ply(first, ply);
        if at.side == Color::White {
            if !line.is_empty() {
                outln!("{line}")?;
            }
            line = format!("{:>3}. {mv}", at.number);
        } else if ply == 0 {
            line = format!("{:>3}. ... {mv}", at.number);
        } else {
            line = format!("{line:<22} {mv}");
        }
    }
    if !line.is_empty() {
        outln!("{line}")?;
    }
    for r in &saved.reactions {
        outln!("reaction at ply {}: {} {}", r.ply, side(r.side), printable(&r.emoji))?;
    }
    let why = |e: giveaway_core::record::Ending| {
        let reason = e.reason.map(|r| giveaway_core::GameResult { outcome: e.outcome, reason: r }.to_string());
        reason.unwrap_or_else(|| giveaway_core::pdn::result_token(Some(e.outcome)).to_string())
    };
    match s.ending {
        Some(e) => outln!("Result: {}", why(e))?,
        None => outln!("In progress, {} to move", side(saved.game.position().side_to_move()))?,
    }
    outln!("Position: {}", giveaway_core::to_fen(saved.game.position()))?;
    Ok(())
}

/// `giveaway export (ID | --all) [--out FILE] [--db PATH]`
#[derive(clap::Args)]
pub struct ExportArgs {
    /// The game's id
    #[arg(value_parser = game_id)]
    id: Option<i64>,
    /// Every saved game
    #[arg(long)]
    all: bool,
    /// Write the PDN to this file (default: stdout)
    #[arg(long, value_name = "FILE")]
    out: Option<String>,
    #[command(flatten)]
    pub db: DbArgs,
}

pub fn cmd_export(args: &ExportArgs) -> Result<(), Fail> {
    if let Some(out) = &args.out {
        not_the_database(Path::new(out), &crate::io::db_path::database_path(&args.db)?)?;
    }
    let text = match (args.all, args.id) {
        (true, None) => with_library(&args.db, Storage::export_all_pdn)?,
        (false, Some(id)) => with_library(&args.db, |s| s.export_pdn(id))?,
        _ => return Err(Fail("export needs a game ID or --all (not both)".into())),
    };
    match &args.out {
        Some(path) => std::fs::write(path, text).map_err(|e| Fail(format!("{path}: {e}")))?,
        None => out!("{text}")?,
    }
    Ok(())
}

/// Refuses `--out` naming the database itself or its journal files: the export would overwrite every saved game.
fn not_the_database(out: &Path, db: &Path) -> Result<(), Fail> {
    let Ok(out_real) = out.canonicalize() else { return Ok(()) }; // not there yet: not the database
    for suffix in ["", "-wal", "-shm"] {
        let mut name = db.as_os_str().to_owned();
        name.push(suffix);
        if Path::new(&name).canonicalize().is_ok_and(|p| p == out_real) {
            return Err(Fail(format!("--out {} is the games database itself; export to another file", out.display())));
        }
    }
    Ok(())
}

/// A PDN file's text for `analyze`: UTF-8 with or without a byte-order mark, UTF-16 either way
/// round, or the Latin-1 or CP1251 of old draughts programs, whose undecodable bytes (in names and comments)
/// must not stop an otherwise good file (`pdn::decode`).
/// Reading stops at `MAX_PDN_BYTES` (hundreds of thousands of games), so that an endless file such as
/// `/dev/zero` is refused instead of filling memory.
pub fn read_pdn_file(path: &str) -> Result<String, Fail> {
    use std::io::Read;
    let cannot = |e: std::io::Error| Fail(format!("cannot read {path}: {e}"));
    let mut bytes = Vec::new();
    std::fs::File::open(path).and_then(|f| f.take(MAX_PDN_BYTES + 1).read_to_end(&mut bytes)).map_err(cannot)?;
    if bytes.len() as u64 > MAX_PDN_BYTES {
        return Err(Fail(format!("{path} is larger than {} MB; split it into smaller files", MAX_PDN_BYTES >> 20)));
    }
    Ok(giveaway_core::pdn::decode(&bytes))
}

const MAX_PDN_BYTES: u64 = 256 << 20;

/// `giveaway import FILE [--db PATH]`
#[derive(clap::Args)]
pub struct ImportArgs {
    /// The PDN file (UTF-8, UTF-16, Latin-1 or CP1251)
    file: String,
    #[command(flatten)]
    pub db: DbArgs,
}

pub fn cmd_import(args: &ImportArgs) -> Result<(), Fail> {
    // Read and written a game at a time, so a file of any size takes little memory (no `read_pdn_file`).
    let path = &args.file;
    std::fs::File::open(path).map_err(|e| Fail(format!("cannot read {path}: {e}")))?;
    let ids = with_library(&args.db, |s| {
        // Opened again for each try: one after a repair reads the file from its start.
        let file =
            std::fs::File::open(path).map_err(|e| StorageError::InvalidInput(format!("cannot read {path}: {e}")))?;
        s.import_pdn_from(file)
    })?;
    outln!("{ids}")?;
    Ok(())
}

pub fn cmd_stats(args: &DbArgs) -> Result<(), Fail> {
    let stats = with_library(args, Storage::stats)?;
    outln!("Against the computer, by level (your results):")?;
    outln!("{:>5}  {:>6}  {:>5}  {:>5}  {:>6}  {:>11}", "level", "games", "wins", "draws", "losses", "in progress")?;
    for l in &stats.by_level {
        outln!(
            "{:>5}  {:>6}  {:>5}  {:>5}  {:>6}  {:>11}",
            l.level,
            l.games,
            l.wins,
            l.draws,
            l.losses,
            l.in_progress
        )?;
    }
    outln!("By mode:")?;
    outln!(
        "{:<13}  {:>6}  {:>10}  {:>10}  {:>5}  {:>5}  {:>6}  {:>11}",
        "mode",
        "games",
        "white wins",
        "black wins",
        "draws",
        "wins",
        "losses",
        "in progress"
    )?;
    for m in &stats.by_mode {
        outln!(
            "{:<13}  {:>6}  {:>10}  {:>10}  {:>5}  {:>5}  {:>6}  {:>11}",
            m.mode.name(),
            m.games,
            m.white_wins,
            m.black_wins,
            m.draws,
            m.wins,
            m.losses,
            m.in_progress
        )?;
    }
    Ok(())
}
