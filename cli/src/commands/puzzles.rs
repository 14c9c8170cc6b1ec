//! `giveaway puzzles …`: the shipped puzzle set made (`build`), written for other programs (`export`), checked
//! (`verify`); the trainer's subcommands (`train`, `stats`, `show`, `mine`) are the terminal front end's
//! (`crate::terminal::puzzles`).

use crate::args::{number, Fail, InRange};
use crate::io::out::outln;
use crate::io::output_file::OutputFile;
use giveaway_core::engine::StopHandle;
use giveaway_core::puzzle::{shipped, shipped_text, verify, Judge, JudgeSettings, PuzzleSet, THEMES};
use giveaway_tools::{build_puzzles, PuzzleReport, PuzzleSettings};
use std::path::Path;
use std::sync::Arc;
use std::time::Instant;

/// `giveaway puzzles …`.
#[derive(clap::Subcommand)]
pub enum PuzzlesCommand {
    /// Make the puzzle set: self-play and the endgame tables, every puzzle verified and rated
    Build(BuildArgs),
    /// The shipped puzzles as JSON lines: {"id","fen","solution","themes","rating"}
    Export(ExportArgs),
    /// Verify the puzzles again (all, or every N-th)
    Verify(VerifyArgs),
    /// Solve puzzles in the terminal, line by line: rated, streak, daily, a theme, one puzzle, your games' puzzles or mistakes
    Train(crate::terminal::puzzles::TrainArgs),
    /// Your puzzle rating, the puzzle of the day, results per theme and the latest attempts
    Stats(crate::terminal::puzzles::StatsArgs),
    /// One shipped puzzle as its JSON line, and what it asks
    Show(crate::terminal::puzzles::ShowArgs),
    /// Look for puzzles in one of your saved games (done by itself after each analysis in the app)
    Mine(crate::terminal::puzzles::MineArgs),
}

pub fn cmd_puzzles(command: &PuzzlesCommand) -> Result<(), Fail> {
    match command {
        PuzzlesCommand::Build(a) => cmd_build(a),
        PuzzlesCommand::Export(a) => cmd_export(a),
        PuzzlesCommand::Verify(a) => cmd_verify(a),
        PuzzlesCommand::Train(a) => crate::terminal::puzzles::cmd_train(a),
        PuzzlesCommand::Stats(a) => crate::terminal::puzzles::cmd_stats(a),
        PuzzlesCommand::Show(a) => crate::terminal::puzzles::cmd_show(a),
        PuzzlesCommand::Mine(a) => crate::terminal::puzzles::cmd_mine(a),
    }
}

/// `giveaway puzzles build --tablebase FILE --out FILE [--games N] [--table-positions N] [--seed S] [--threads T]`
#[derive(clap::Args)]
pub struct BuildArgs {
    /// Self-play games whose positions are examined
    #[arg(long, value_name = "N", default_value_t = 1000, value_parser = InRange(0..=1_000_000u32))]
    games: u32,
    /// Positions drawn from the endgame tables (3 and 4 pieces)
    #[arg(long, value_name = "N", default_value_t = 20_000, value_parser = InRange(0..=100_000_000u32))]
    table_positions: u32,
    /// Seed of the self-play and the draws
    #[arg(long, value_name = "S", default_value_t = 1, value_parser = number::<u64>())]
    seed: u64,
    /// Worker threads
    #[arg(long, value_name = "T", default_value_t = 2, value_parser = InRange(1..=64usize))]
    threads: usize,
    /// The endgame tables the puzzles are verified with (the shipped 4-piece file: `make android-assets`
    /// builds it)
    #[arg(long, value_name = "FILE")]
    tablebase: String,
    /// The set to write
    #[arg(long, value_name = "FILE")]
    out: String,
}

/// `giveaway puzzles export [--out FILE]`
#[derive(clap::Args)]
pub struct ExportArgs {
    /// Write here instead of to stdout
    #[arg(long, value_name = "FILE")]
    out: Option<String>,
}

/// `giveaway puzzles verify --tablebase FILE [--file FILE] [--every N]`
#[derive(clap::Args)]
pub struct VerifyArgs {
    /// The endgame tables the set was verified with
    #[arg(long, value_name = "FILE")]
    tablebase: String,
    /// The set to check (default: the set built into the program)
    #[arg(long, value_name = "FILE")]
    file: Option<String>,
    /// Check every N-th puzzle only
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = InRange(1..=1_000_000usize))]
    every: usize,
}

/// Reads the set in `file`, or the shipped one.
pub fn read_set(file: Option<&str>) -> Result<PuzzleSet, Fail> {
    match file {
        Some(path) => {
            let text = std::fs::read_to_string(path).map_err(|e| Fail(format!("{path}: {e}")))?;
            PuzzleSet::parse(&text).map_err(|e| Fail(format!("{path}: {e}")))
        }
        None => Ok(shipped().clone()),
    }
}

fn cmd_build(args: &BuildArgs) -> Result<(), Fail> {
    let out = OutputFile::open(&args.out)?;
    let tables = Arc::new(super::tablebase::read(Path::new(&args.tablebase))?);
    let settings = PuzzleSettings {
        games: args.games,
        table_positions: args.table_positions,
        seed: args.seed,
        threads: args.threads,
        judge: JudgeSettings::default(),
    };
    let (set, report) = build_puzzles(&settings, tables, &StopHandle::new(), &|done, items, r| {
        if done % 20 == 0 || done == items {
            eprintln!(
                "{done}/{items} items: {} positions, {} candidates, {} rejected  [{:.0} s]",
                r.positions,
                r.candidates,
                r.rejected.values().sum::<u64>(),
                r.elapsed.as_secs_f64()
            );
        }
    });
    let header = format!(
        "Giveaway puzzles, made by giveaway puzzles build --games {} --table-positions {} --seed {} with the \
         4-piece tables\n{}\nid, FEN, solution (the solver's moves and the replies), themes, rating; tab-separated",
        args.games,
        args.table_positions,
        args.seed,
        summary(&report)
    );
    let text = set.to_text(&header);
    out.replace_with(&text)?;
    outln!("{}", summary(&report))?;
    for (theme, n) in &report.per_theme {
        outln!("theme {}: {n}", theme.name())?;
    }
    for (band, n) in &report.per_rating {
        outln!("rating {band}-{}: {n}", band + 199)?;
    }
    for (why, n) in &report.rejected {
        outln!("rejected, {why}: {n}")?;
    }
    outln!("written {} bytes to {}", text.len(), args.out)?;
    Ok(())
}

fn summary(r: &PuzzleReport) -> String {
    format!(
        "{} puzzles kept from {} candidates among {} positions ({} self-play games), {:.0} s",
        r.kept,
        r.candidates,
        r.positions,
        r.games,
        r.elapsed.as_secs_f64()
    )
}

fn cmd_export(args: &ExportArgs) -> Result<(), Fail> {
    let set = shipped();
    let mut text = String::with_capacity(shipped_text().len() * 2);
    for p in set.puzzles() {
        text.push_str(&p.to_json());
        text.push('\n');
    }
    match &args.out {
        Some(path) => {
            OutputFile::open(path)?.replace_with(&text)?;
            eprintln!("{} puzzles written to {path}", set.len());
            Ok(())
        }
        None => crate::io::out::out!("{text}"),
    }
}

fn cmd_verify(args: &VerifyArgs) -> Result<(), Fail> {
    let set = read_set(args.file.as_deref())?;
    let tables = Arc::new(super::tablebase::read(Path::new(&args.tablebase))?);
    let mut judge = Judge::new(JudgeSettings::default(), Some(tables));
    let t = Instant::now();
    let (mut checked, mut alternatives, mut judged) = (0usize, 0usize, 0usize);
    let mut failed = Vec::new();
    for p in set.puzzles().iter().step_by(args.every) {
        match verify(p, &mut judge) {
            Ok(v) => {
                alternatives += v.alternatives;
                judged += v.judged;
            }
            Err(e) => failed.push(format!("puzzle {}: {e}", p.id)),
        }
        checked += 1;
    }
    for f in &failed {
        outln!("{f}")?;
    }
    for theme in THEMES {
        outln!("theme {}: {}", theme.name(), set.count(theme))?;
    }
    outln!(
        "{checked} puzzles verified, {} sound, {} not; {judged} moves judged, {alternatives} alternatives as good as \
         the solution; {:.1} s",
        checked - failed.len(),
        failed.len(),
        t.elapsed().as_secs_f64()
    )?;
    if failed.is_empty() {
        Ok(())
    } else {
        Err(Fail(format!("{} of {checked} puzzles failed verification", failed.len())))
    }
}
