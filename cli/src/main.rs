//! `giveaway`: the terminal front end and the project's check tool.
//!
//! Every command prints its result on stdout; errors go to stderr as one line with exit code 2.

mod analysis_bench;
mod args;
mod board_text;
mod book_cmds;
mod closed_pipe;
mod db_path;
mod engine_cmds;
mod game_setup;
mod line;
mod log_file;
mod online;
mod openings_cmd;
mod out;
mod output_file;
mod play;
mod prove_cmd;
mod scratch;
mod storage_bench;
mod storage_cmds;
mod tablebase_cmds;
mod tui;

use args::{Cli, Command, Fail, InRange};
use giveaway_core::legal_moves;
use giveaway_core::perft::{divide, perft, Counting};
use giveaway_core::Position;
use out::outln;
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
    closed_pipe::end_quietly_on_closed_pipe();
    match args::parse(std::env::args_os().skip(1)).and_then(|cli| cli.map_or(Ok(()), run)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Fail(why)) => {
            out::warn(&why);
            ExitCode::from(2)
        }
    }
}

fn run(cli: Cli) -> Result<(), Fail> {
    match cli.command {
        Command::Perft(a) => cmd_perft(&a),
        Command::Moves(a) => cmd_moves(&a),
        Command::Games(a) => storage_cmds::cmd_games(&a),
        Command::Show(a) => storage_cmds::cmd_show(&a),
        Command::Export(a) => storage_cmds::cmd_export(&a),
        Command::Import(a) => storage_cmds::cmd_import(&a),
        Command::Stats(a) => storage_cmds::cmd_stats(&a),
        Command::Check(a) => storage_cmds::cmd_check(&a),
        Command::BenchStorage(a) => storage_bench::cmd_bench_storage(&a),
        Command::BenchAnalysis(a) => analysis_bench::cmd_bench_analysis(&a),
        Command::Bestmove(a) => engine_cmds::cmd_bestmove(&a),
        Command::Prove(a) => prove_cmd::cmd_prove(&a),
        Command::Openings(a) => openings_cmd::cmd_openings(&a),
        Command::Match(a) => engine_cmds::cmd_match(&a),
        Command::Tune(a) => engine_cmds::cmd_tune(&a),
        Command::Analyze(a) => engine_cmds::cmd_analyze(&a),
        Command::Play(a) => play::cmd_play(&a),
        Command::Online(a) => online::cmd_online(&a),
        Command::BenchSearch(a) => engine_cmds::cmd_bench_search(&a),
        Command::Tablebase(c) => tablebase_cmds::cmd_tablebase(&c),
        Command::Book(c) => book_cmds::cmd_book(&c),
        Command::Completions { shell } => out::out!("{}", String::from_utf8_lossy(&args::completions(shell))),
    }
}
