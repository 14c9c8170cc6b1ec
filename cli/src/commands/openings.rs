//! `giveaway openings`: every opening a few plies from the start put to the proof search — how many are won by
//! force for one side — and the rest written as the fair suite `giveaway match --openings` plays.

use crate::args::{number, Fail, InRange};
use crate::io::out::outln;
use crate::io::output_file::OutputFile;
use giveaway_core::engine::ProofLimits;
use giveaway_core::{Game, Rules};
use giveaway_tools::{openings, parse_suite, suite_line, Census, Decided};
use std::path::Path;
use std::time::{Duration, Instant};

/// `giveaway openings [--plies N] [--nodes N] [--movetime MS] [--tablebase FILE] [--out FILE]`
#[derive(clap::Args)]
pub struct OpeningsArgs {
    /// Plies from the start
    #[arg(long, value_name = "N", default_value_t = 4, value_parser = InRange(1..=8usize))]
    plies: usize,
    /// Each opening's proof budget: positions held in memory, both searches together
    #[arg(long, value_name = "N", value_parser = number::<u64>(), default_value_t = 1_000_000)]
    nodes: u64,
    /// Each opening's time limit in milliseconds
    #[arg(long, value_name = "MS", value_parser = number::<u64>())]
    movetime: Option<u64>,
    /// Endgame tables that decide the positions they hold (from `giveaway tablebase build`)
    #[arg(long, value_name = "FILE")]
    tablebase: Option<String>,
    /// Write the openings not proven won for either side here, one a line (the fair suite)
    #[arg(long, value_name = "FILE")]
    out: Option<String>,
}

/// Proves each opening and prints the table; writes the suite with the table as its header.
pub fn cmd_openings(args: &OpeningsArgs) -> Result<(), Fail> {
    let tables = args.tablebase.as_deref().map(|p| super::tablebase::read(Path::new(p))).transpose()?;
    let out = args.out.as_deref().map(OutputFile::open).transpose()?;
    let all = openings(args.plies, Rules::default());
    let total = all.len();
    let limits = ProofLimits { nodes: args.nodes, movetime: args.movetime.map(Duration::from_millis), stop: None };
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let t = Instant::now();
    let census = Census::take(all, tables.as_ref(), &limits, threads, &|done| {
        if done % 100 == 0 || done == total {
            eprintln!("{done} of {total} proved ({:.0} s)", t.elapsed().as_secs_f64());
        }
    });
    let secs = t.elapsed().as_secs_f64();
    let mut table = vec![format!(
        "{total} distinct positions {} plies from the start, each proved within {} nodes{}{}:",
        args.plies,
        args.nodes,
        args.movetime.map_or(String::new(), |ms| format!(" or {ms} ms")),
        if tables.is_some() { " with the endgame tables" } else { "" },
    )];
    for d in [Decided::WhiteWins, Decided::BlackWins, Decided::Draw, Decided::Open] {
        let n = census.count(d);
        table.push(format!("  {d}: {n} ({:.1}%)", 100.0 * n as f64 / total.max(1) as f64));
    }
    for line in &table {
        outln!("{line}")?;
    }
    outln!("{secs:.0} s on {threads} threads")?;
    if let Some(file) = out {
        let fair: Vec<&Game> = census.fair().collect();
        let mut text: String = table.iter().map(|l| format!("# {l}\n")).collect();
        text.push_str(&format!("# The {} not proven won for either side, as moves from the start:\n", fair.len()));
        fair.iter().for_each(|g| text.push_str(&(suite_line(g) + "\n")));
        file.replace_with(&text)?;
    }
    Ok(())
}

/// Reads a suite file for `giveaway match --openings`.
pub fn read_suite(path: &str) -> Result<Vec<Game>, Fail> {
    let text = std::fs::read_to_string(path).map_err(|e| Fail(format!("{path}: {e}")))?;
    parse_suite(&text, Rules::default()).map_err(|e| Fail(format!("{path}: {e}")))
}
