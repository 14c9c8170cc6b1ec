//! `giveaway prove`: a position proven won, lost or drawn by force, with the forcing line.

use crate::args::{number, Fail};
use crate::io::out::outln;
use giveaway_core::engine::{prove, ProofLimits, SearchRoot, Verdict};
use giveaway_core::Rules;
use std::path::Path;
use std::time::Duration;

/// `giveaway prove [--fen FEN] [--nodes N] [--movetime MS] [--tablebase FILE]`
#[derive(clap::Args)]
pub struct ProveArgs {
    /// The position (default: the start)
    #[arg(long, value_parser = crate::args::position)]
    fen: Option<giveaway_core::Position>,
    /// Positions the proof may hold in memory, both searches together (about 56 bytes each)
    #[arg(long, value_name = "N", value_parser = number::<u64>(), default_value_t = 4_000_000)]
    nodes: u64,
    /// Give up after this many milliseconds
    #[arg(long, value_name = "MS", value_parser = number::<u64>())]
    movetime: Option<u64>,
    /// Endgame tables that decide the positions they hold (from `giveaway tablebase build`)
    #[arg(long, value_name = "FILE")]
    tablebase: Option<String>,
}

/// Prints the verdict for the side to move, the line (winner's moves quickest, loser's longest) and the cost.
pub fn cmd_prove(args: &ProveArgs) -> Result<(), Fail> {
    let root = SearchRoot::new(crate::args::or_start(&args.fen), Rules::default());
    let tables = match &args.tablebase {
        Some(path) => Some(super::tablebase::read(Path::new(path))?),
        None => None,
    };
    let limits = ProofLimits { nodes: args.nodes, movetime: args.movetime.map(Duration::from_millis), stop: None };
    let proof = prove(&root, tables.as_ref(), &limits);
    let side = format!("{:?}", root.position.side_to_move()).to_lowercase();
    let verdict = match proof.verdict {
        Verdict::Win => format!("{side} to move wins by force"),
        Verdict::Loss => format!("{side} to move loses by force"),
        Verdict::Draw => "drawn: neither side can force a win".to_string(),
        Verdict::NoWin => format!("{side} to move cannot force a win (loss or draw not settled)"),
        Verdict::NoLoss => format!("{side} to move cannot be forced to lose (win or draw not settled)"),
        Verdict::Unknown => "unknown within the budget".to_string(),
    };
    match proof.plies {
        Some(plies) => outln!("{verdict} in {plies} plies")?,
        None => outln!("{verdict}")?,
    }
    if !proof.line.is_empty() {
        let line: Vec<String> = proof.line.iter().map(|m| m.to_string()).collect();
        outln!("line {}", line.join(" "))?;
    }
    let secs = proof.elapsed.as_secs_f64();
    let nps = if secs > 0.0 { (proof.nodes as f64 / secs) as u64 } else { 0 };
    outln!("nodes {} time {} ms nps {nps}", proof.nodes, proof.elapsed.as_millis())?;
    Ok(())
}
