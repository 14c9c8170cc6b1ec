//! `giveaway openings`: every opening a few plies from the start put to the proof search — how many are won by
//! force for one side — and the rest written as the fair suite `giveaway match --openings` plays. With `--then
//! MOVE`, the positions after that move played at the next ply instead: those proven won for the side to move
//! there are listed with every alternative to the move proved too (was it the mistake?).

use crate::args::{number, Fail, InRange};
use crate::io::out::outln;
use crate::io::output_file::OutputFile;
use giveaway_core::engine::{prove_moves, Proof, ProofCache, ProofLimits, SearchRoot, Verdict};
use giveaway_core::tablebase::Tablebase;
use giveaway_core::{format_move, to_fen, Game, Move, Notation, Rules};
use giveaway_tools::{decided, openings, openings_then, parse_suite, suite_line, Census, Decided};
use std::path::Path;
use std::time::{Duration, Instant};

/// `giveaway openings [--plies N] [--nodes N] [--movetime MS] [--tablebase FILE] [--threads N]
/// [--out FILE | --then MOVE [--pieces N]]`
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
    #[arg(long, value_name = "FILE", conflicts_with = "then")]
    out: Option<String>,
    /// Prove the positions after this move (either notation) at the next ply instead, where it is legal; list
    /// those won for the side to move with the verdict of each alternative to the move
    #[arg(long, value_name = "MOVE")]
    then: Option<String>,
    /// With --then: only the positions with this many pieces after the move
    #[arg(long, value_name = "N", requires = "then", value_parser = InRange(1..=24u32))]
    pieces: Option<u32>,
    /// Proofs run in parallel (default: every core)
    #[arg(long, value_name = "N", value_parser = InRange(1..=64usize))]
    threads: Option<usize>,
}

/// Proves each opening and prints the table; writes the suite with the table as its header.
pub fn cmd_openings(args: &OpeningsArgs) -> Result<(), Fail> {
    let tables = args.tablebase.as_deref().map(|p| super::tablebase::read(Path::new(p))).transpose()?;
    let out = args.out.as_deref().map(OutputFile::open).transpose()?;
    let limits = ProofLimits { nodes: args.nodes, movetime: args.movetime.map(Duration::from_millis), stop: None };
    let threads = args.threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    if let Some(then) = &args.then {
        return after_move(args, then, tables.as_ref(), &limits, threads);
    }
    let all = openings(args.plies, Rules::default());
    let total = all.len();
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

/// `--then MOVE`: every position after the move at ply `plies + 1` proved; for each won by force for the side
/// to move there, the position before the move with the verdict of every legal move in it.
fn after_move(
    args: &OpeningsArgs,
    then: &str,
    tables: Option<&Tablebase>,
    limits: &ProofLimits,
    threads: usize,
) -> Result<(), Fail> {
    let pairs = openings_then(args.plies, then, args.pieces, Rules::default());
    let total = pairs.len();
    let t = Instant::now();
    let afters: Vec<Game> = pairs.iter().map(|(_, after)| after.clone()).collect();
    let census = Census::take(afters, tables, limits, threads, &|done| {
        if done % 20 == 0 || done == total {
            eprintln!("{done} of {total} proved ({:.0} s)", t.elapsed().as_secs_f64());
        }
    });
    outln!(
        "{total} distinct positions after {then} at ply {}{}, each proved within {} nodes{}{}:",
        args.plies + 1,
        args.pieces.map_or(String::new(), |n| format!(" with {n} pieces")),
        args.nodes,
        args.movetime.map_or(String::new(), |ms| format!(" or {ms} ms")),
        if tables.is_some() { " with the endgame tables" } else { "" },
    )?;
    for d in [Decided::WhiteWins, Decided::BlackWins, Decided::Draw, Decided::Open] {
        outln!("  {d}: {}", census.count(d))?;
    }
    let numeric = |line: &[Move]| line.iter().map(|m| format_move(m, Notation::Numeric)).collect::<Vec<_>>().join(" ");
    let mut cache = ProofCache::new();
    let mut number = 0;
    for ((before, _), (after, proof)) in pairs.iter().zip(&census.openings) {
        if proof.verdict != Verdict::Win {
            continue;
        }
        number += 1;
        outln!("")?;
        outln!("{number}. {} | {then}", before.move_texts(Notation::Numeric).join(" "))?;
        outln!("   before: {}", to_fen(before.position()))?;
        outln!("   after:  {}  ({})", to_fen(after.position()), decided(after, proof))?;
        outln!("   {}", proof_text(proof))?;
        outln!("   line {}", numeric(&proof.line))?;
        // Every move of the position before, proved: is there one not proven to lose?
        let moves = prove_moves(&SearchRoot::from_game(before), tables, limits, &mut cache);
        let saving = moves.iter().filter(|m| m.verdict != Verdict::Loss).count();
        outln!("   the {} moves before it ({saving} not proven to lose):", moves.len())?;
        for m in &moves {
            let plies = m.plies.map_or(String::new(), |p| format!(" in {p} plies"));
            outln!("     {:8} {:?}{plies}", format_move(&m.mv, Notation::Numeric), m.verdict)?;
        }
    }
    outln!("{:.0} s on {threads} threads", t.elapsed().as_secs_f64())?;
    Ok(())
}

/// A proof's verdict for the side to move, its length and its cost, on one line.
fn proof_text(proof: &Proof) -> String {
    let plies = proof.plies.map_or(String::new(), |p| format!(" in {p} plies"));
    format!("{:?}{plies}, {} nodes, {} ms", proof.verdict, proof.nodes, proof.elapsed.as_millis())
}

/// Reads a suite file for `giveaway match --openings`.
pub fn read_suite(path: &str) -> Result<Vec<Game>, Fail> {
    let text = std::fs::read_to_string(path).map_err(|e| Fail(format!("{path}: {e}")))?;
    parse_suite(&text, Rules::default()).map_err(|e| Fail(format!("{path}: {e}")))
}
