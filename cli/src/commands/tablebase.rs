//! `giveaway tablebase build|verify|probe|check`: the endgame tables from the terminal.

use crate::args::{number, DbArgs, Fail, InRange};
use crate::io::out::outln;
use giveaway_core::engine::Level;
use giveaway_core::movegen::capturers;
use giveaway_core::tablebase::{Material, Tablebase, Value, DEFAULT_CACHE_BLOCKS};
use giveaway_core::Rules;
use giveaway_core::{legal_moves, MoveList};
use giveaway_tools::{check_play, CheckSettings};
use std::fs::File;
use std::io::{BufReader, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;
use std::time::Instant;

/// The most pieces `build` accepts: 5 pieces are 187 million entries, one byte each (see README for the
/// time and memory measured).
const MAX_PIECES: u32 = 5;

/// `giveaway tablebase build|verify|probe|check`.
#[derive(clap::Subcommand)]
pub enum TablebaseCommand {
    /// Build the tables by retrograde analysis and write them to a file
    Build {
        #[command(flatten)]
        tables: TablesFile,
        /// No progress lines on stderr
        #[arg(long)]
        quiet: bool,
    },
    /// Check every entry against the values its moves lead to
    Verify {
        #[command(flatten)]
        tables: TablesFile,
        /// Keep the tables compressed with the default block cache, as a phone does
        #[arg(long)]
        packed: bool,
    },
    /// The value of a position and of each of its moves
    Probe {
        /// The position (default: the start)
        #[arg(long, value_parser = crate::args::position)]
        fen: Option<giveaway_core::Position>,
        #[command(flatten)]
        tables: TablesFile,
        /// Keep the tables compressed with the default block cache, as a phone does
        #[arg(long)]
        packed: bool,
    },
    /// Level 8 with the tables in random positions: its moves judged by the tables, every win played out
    Check {
        #[command(flatten)]
        tables: TablesFile,
        /// Random positions to play
        #[arg(long, value_name = "N", default_value_t = 10_000, value_parser = InRange(1..=10_000_000usize))]
        positions: usize,
        /// The random positions' seed
        #[arg(long, value_name = "S", default_value_t = 1, value_parser = number::<u64>())]
        seed: u64,
        /// Level 8's time per move, in milliseconds
        #[arg(long, value_name = "MS", default_value_t = 100, value_parser = InRange(1..=60_000u64))]
        movetime: u64,
        /// Keep the tables compressed with the default block cache, as a phone does
        #[arg(long)]
        packed: bool,
        /// No progress lines on stderr
        #[arg(long)]
        quiet: bool,
    },
}

/// Which tables file: `--pieces`, `--file`, the games database they sit beside.
#[derive(clap::Args)]
pub struct TablesFile {
    /// The most pieces the tables hold, 2–5 (default 4; for check: as many as the file holds)
    #[arg(long, value_name = "N", value_parser = InRange(2..=MAX_PIECES))]
    pieces: Option<u32>,
    /// The tables file (default: tablebase-N.gwtb beside the games database)
    #[arg(long, value_name = "FILE")]
    file: Option<String>,
    #[command(flatten)]
    db: DbArgs,
}

impl TablebaseCommand {
    /// The `--db` whose folder holds the tables by default.
    pub fn db_mut(&mut self) -> &mut DbArgs {
        match self {
            TablebaseCommand::Build { tables, .. }
            | TablebaseCommand::Verify { tables, .. }
            | TablebaseCommand::Probe { tables, .. }
            | TablebaseCommand::Check { tables, .. } => &mut tables.db,
        }
    }
}

impl TablesFile {
    fn pieces(&self) -> u32 {
        self.pieces.unwrap_or(4)
    }
}

/// `--file FILE`, else `tablebase-N.gwtb` beside the games database, where `giveaway play` loads it from.
fn file_of(args: &TablesFile, pieces: u32) -> Result<PathBuf, Fail> {
    if let Some(f) = &args.file {
        return Ok(PathBuf::from(f));
    }
    let db = crate::io::db_path::database_path(&args.db)?;
    Ok(giveaway_app::tables_file(db.parent().unwrap_or(Path::new(".")), pieces))
}

/// Peak resident memory of this process (Linux `VmHWM`), in MB; `None` where /proc does not tell.
fn peak_memory_mb() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}

/// Reads the tables of `--file` (or the default for `--pieces`); with `--packed`, keeps them compressed with
/// the default block cache (as a phone would).
fn load(args: &TablesFile, packed: bool) -> Result<Tablebase, Fail> {
    let path = file_of(args, args.pieces())?;
    if !packed {
        return read(&path);
    }
    let file = File::open(&path)
        .map_err(|e| Fail(format!("{}: {e} (make it with 'giveaway tablebase build')", path.display())))?;
    Tablebase::read_packed(&mut BufReader::new(file), DEFAULT_CACHE_BLOCKS)
        .map_err(|e| Fail(format!("{}: {e}", path.display())))
}

/// Reads a tables file written by `giveaway tablebase build`.
pub fn read(path: &Path) -> Result<Tablebase, Fail> {
    let file = File::open(path)
        .map_err(|e| Fail(format!("{}: {e} (make it with 'giveaway tablebase build')", path.display())))?;
    Tablebase::read_from(&mut BufReader::new(file)).map_err(|e| Fail(format!("{}: {e}", path.display())))
}

/// `giveaway tablebase build|verify|probe|check ...`.
pub fn cmd_tablebase(command: &TablebaseCommand) -> Result<(), Fail> {
    match command {
        TablebaseCommand::Build { tables, quiet } => build(tables, *quiet),
        TablebaseCommand::Verify { tables, packed } => verify(tables, *packed),
        TablebaseCommand::Probe { fen, tables, packed } => probe(tables, *packed, &crate::args::or_start(fen)),
        TablebaseCommand::Check { tables, positions, seed, movetime, packed, quiet } => {
            check(tables, *packed, *quiet, *positions, *seed, *movetime)
        }
    }
}

/// Level 8 with the tables in random positions of `--pieces` pieces (issue 17's exactness in play): its
/// moves judged by the tables, every win played out under the default draw rules against the slowest
/// defence. Fails when a win or a draw was thrown away or a win was not won.
fn check(args: &TablesFile, packed: bool, quiet: bool, positions: usize, seed: u64, movetime: u64) -> Result<(), Fail> {
    let load_start = Instant::now();
    let tb = Arc::new(load(args, packed)?);
    let pieces = args.pieces.unwrap_or(tb.max_pieces());
    if pieces > tb.max_pieces() {
        return Err(Fail(format!("--pieces must be a number from 2 to {}, not '{pieces}'", tb.max_pieces())));
    }
    let level = Level::get(8).expect("level 8 exists").with_movetime(Duration::from_millis(movetime));
    let settings = CheckSettings { pieces, positions, seed, level, rules: Rules::default() };
    outln!(
        "tables loaded in {:.2} s; level 8 at {movetime} ms a move, {} positions of {pieces} pieces, seed {}",
        load_start.elapsed().as_secs_f64(),
        settings.positions,
        settings.seed
    )?;
    let r = check_play(&tb, &settings, |n, r| {
        if !quiet && n % 1000 == 0 {
            eprintln!("{n} positions: {} won, {} wins thrown, {} draws thrown", r.won, r.win_thrown, r.draw_thrown);
        }
    });
    outln!(
        "{} positions ({} won, {} drawn, {} lost for the side to move): {} moves from a win to a position not lost for the opponent, {} from a draw to a loss",
        r.positions,
        r.won,
        r.drawn,
        r.positions - r.won - r.drawn,
        r.win_thrown,
        r.draw_thrown
    )?;
    outln!(
        "{} wins played out against the slowest defence: {} won, {} drawn by the draw rules, {} lost; {} took longer than the tables' distance; {} plies in {:.1} s",
        r.won,
        r.played_won,
        r.played_drawn,
        r.played_lost,
        r.played_longer,
        r.plies,
        r.elapsed.as_secs_f64()
    )?;
    if r.win_thrown + r.draw_thrown + r.played_drawn + r.played_lost > 0 {
        return Err(Fail("level 8 with the tables was not exact".into()));
    }
    Ok(())
}

fn build(args: &TablesFile, quiet: bool) -> Result<(), Fail> {
    let pieces = args.pieces();
    let (tb, report) = Tablebase::build(pieces, |m, t| {
        if !quiet {
            eprintln!("{m:10} {:>10} entries  {:7.2} s", m.entries(), t.as_secs_f64());
        }
    })?;
    let path = file_of(args, pieces)?;
    let write_start = Instant::now();
    let mut out = BufWriter::new(File::create(&path).map_err(|e| Fail(format!("{}: {e}", path.display())))?);
    tb.write_to(&mut out).and_then(|()| out.flush()).map_err(|e| Fail(format!("{}: {e}", path.display())))?;
    let bytes = std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
    outln!(
        "{} materials, {} entries, {} positions stored (White to move; each also answers for Black to move): {} wins, {} losses, {} draws; longest {} plies; {} must capture (derived, not stored)",
        report.materials,
        report.entries,
        report.positions,
        report.wins,
        report.losses,
        report.draws,
        report.longest,
        report.captures
    )?;
    outln!(
        "built in {:.1} s, written in {:.1} s; peak memory {}; file {} ({bytes} bytes)",
        report.elapsed.as_secs_f64(),
        write_start.elapsed().as_secs_f64(),
        peak_memory_mb().map_or("unknown".to_string(), |mb| format!("{mb:.0} MB")),
        path.display()
    )?;
    Ok(())
}

/// Every entry against the values its moves lead to (issue 17's consistency checks), with counts.
fn verify(args: &TablesFile, packed: bool) -> Result<(), Fail> {
    let load_start = Instant::now();
    let tb = load(args, packed)?;
    outln!("loaded in {:.2} s", load_start.elapsed().as_secs_f64())?;
    let start = Instant::now();
    let mut moves = MoveList::new();
    let (mut checked, mut derived, mut wrong) = (0u64, 0u64, 0u64);
    for m in Material::up_to(tb.max_pieces()) {
        for i in 0..m.entries() {
            let Some(p) = m.position(i) else { continue };
            if capturers(&p).any() {
                // The probe computes these from their captures: nothing stored to check.
                derived += 1;
                continue;
            }
            checked += 1;
            if tb.value_from_moves(&p, &mut moves) != tb.probe(&p) {
                wrong += 1;
                if wrong <= 10 {
                    outln!("inconsistent: {m} {} stored {:?}", giveaway_core::to_fen(&p), tb.probe(&p))?;
                }
            }
        }
    }
    outln!(
        "{checked} stored positions checked in {:.1} s, {wrong} inconsistent ({derived} that must capture are derived, not stored; Black to move is the flip of these)",
        start.elapsed().as_secs_f64()
    )?;
    if wrong > 0 {
        return Err(Fail(format!("{wrong} entries do not follow from their moves")));
    }
    Ok(())
}

/// The value of `--fen` and of each of its moves.
fn probe(args: &TablesFile, packed: bool, pos: &giveaway_core::Position) -> Result<(), Fail> {
    let tb = load(args, packed)?;
    let text = |v: Option<Value>| match v {
        Some(Value::Win(d)) => format!("win in {d} plies"),
        Some(Value::Loss(d)) => format!("loss in {d} plies"),
        Some(Value::Draw) => "draw".to_string(),
        None => format!("not in the tables (more than {} pieces)", tb.max_pieces()),
    };
    outln!("{}", text(tb.probe(pos)))?;
    for mv in &legal_moves(pos) {
        outln!("  {mv}: {}", text(tb.probe(&pos.play(mv)).map(Value::before)))?;
    }
    Ok(())
}
