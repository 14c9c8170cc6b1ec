//! `giveaway`: the terminal front end and the project's check tool.
//!
//! Every command prints its result on stdout; errors go to stderr as one line with exit code 2.

mod args;
mod bench;
mod commands;
mod io;
mod terminal;

use args::{Cli, Command, Fail, InRange};
use giveaway_core::legal_moves;
use giveaway_core::perft::{divide, perft, Counting};
use giveaway_core::Position;
use io::out::outln;
use std::process::ExitCode;
use std::time::Instant;

/// `giveaway perft DEPTH [--fen FEN] [--sequences] [--divide]`
#[derive(clap::Args)]
pub struct PerftArgs {
    /// Plies to look ahead (0–30)
    #[arg(value_parser = InRange(0..=30u32))]
    depth: u32,
    /// The position (default: the start)
    #[arg(long, value_parser = args::position)]
    fen: Option<Position>,
    /// Count move sequences: a capture reaching one position by two routes counts twice
    #[arg(long)]
    sequences: bool,
    /// The count under each root move, then the total
    #[arg(long)]
    divide: bool,
}

/// `giveaway moves [--fen FEN]`
#[derive(clap::Args)]
pub struct MovesArgs {
    /// The position (default: the start)
    #[arg(long, value_parser = args::position)]
    fen: Option<Position>,
}

fn cmd_perft(args: &PerftArgs) -> Result<(), Fail> {
    let depth = args.depth;
    let pos = args::or_start(&args.fen);
    let counting = if args.sequences { Counting::Sequences } else { Counting::Distinct };
    let t = Instant::now();
    let total = if args.divide {
        let parts = divide(&pos, depth, counting);
        for (mv, n) in &parts {
            outln!("{mv} {n}")?;
        }
        if depth == 0 {
            1
        } else {
            parts.iter().map(|(_, n)| n).sum()
        }
    } else {
        perft(&pos, depth, counting)
    };
    let secs = t.elapsed().as_secs_f64();
    eprintln!("perft {depth}: {total} leaves in {:.3} s, {:.1} M leaves/s", secs, total as f64 / secs.max(1e-9) / 1e6);
    outln!("{total}")?;
    Ok(())
}

fn cmd_moves(args: &MovesArgs) -> Result<(), Fail> {
    for mv in &legal_moves(&args::or_start(&args.fen)) {
        outln!("{mv}")?;
    }
    Ok(())
}

fn main() -> ExitCode {
    io::closed_pipe::end_quietly_on_closed_pipe();
    match args::parse(std::env::args_os().skip(1)).and_then(|cli| cli.map_or(Ok(()), run)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Fail(why)) => {
            io::out::warn(&why);
            ExitCode::from(2)
        }
    }
}

fn run(cli: Cli) -> Result<(), Fail> {
    match cli.command {
        Command::Perft(a) => cmd_perft(&a),
        Command::Moves(a) => cmd_moves(&a),
        Command::Games(a) => commands::storage::cmd_games(&a),
        Command::Show(a) => commands::storage::cmd_show(&a),
        Command::Export(a) => commands::storage::cmd_export(&a),
        Command::Import(a) => commands::storage::cmd_import(&a),
        Command::Stats(a) => commands::storage::cmd_stats(&a),
        Command::Check(a) => commands::storage::cmd_check(&a),
        Command::BenchStorage(a) => bench::storage::cmd_bench_storage(&a),
        Command::BenchAnalysis(a) => bench::analysis::cmd_bench_analysis(&a),
        Command::Bestmove(a) => commands::engine::cmd_bestmove(&a),
        Command::Prove(a) => commands::prove::cmd_prove(&a),
        Command::Openings(a) => commands::openings::cmd_openings(&a),
        Command::Match(a) => commands::engine::cmd_match(&a),
        Command::Tune(a) => commands::engine::cmd_tune(&a),
        Command::Analyze(a) => commands::engine::cmd_analyze(&a),
        Command::Play(a) => terminal::play::cmd_play(&a),
        Command::Online(a) => terminal::online::cmd_online(&a),
        Command::BenchSearch(a) => commands::engine::cmd_bench_search(&a),
        Command::Tablebase(c) => commands::tablebase::cmd_tablebase(&c),
        Command::Book(c) => commands::book::cmd_book(&c),
        Command::Puzzles(c) => commands::puzzles::cmd_puzzles(&c),
        Command::Completions { shell } => {
            io::out::out!("{}", String::from_utf8_lossy(&args::completions(shell)))
        }
    }
}
