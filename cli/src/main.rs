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
mod out;
mod output_file;
mod online;
mod play;
mod scratch;
mod storage_bench;
mod storage_cmds;
mod tablebase_cmds;
mod tui;

use args::{Args, Fail};
use out::outln;
use giveaway_core::legal_moves;
use giveaway_core::perft::{divide, perft, Counting};
use std::process::ExitCode;
use std::time::Instant;

const USAGE: &str = "usage:
  giveaway perft DEPTH [--fen FEN] [--sequences] [--divide]
  giveaway moves [--fen FEN]
  giveaway games [--mode computer|pass-and-play|imported] [--result white|black|draw|won|lost] [--level N]
                 [--in-progress|--finished] [--since DATE] [--until DATE] [--player TEXT] [--page-size N]
                 [--after CURSOR] [--db PATH]
  giveaway show ID [--db PATH]
  giveaway export (ID | --all) [--out FILE] [--db PATH]
  giveaway import FILE [--db PATH]
  giveaway stats [--db PATH]
  giveaway check [--db PATH]
  giveaway bench-storage [--games N] [--dir DIR]
  giveaway bench-analysis [--games N] [--plies P] [--dir DIR]
  giveaway bestmove [--fen FEN] [--level N | --movetime MS | --depth D | --nodes N] [--seed S]
                    [--tablebase FILE]
  giveaway match --white A --black B --games N [--movetime MS] [--white-movetime MS] [--black-movetime MS]
                 [--seed S] [--no-lmr white|black|both] [--no-book white|black|both] [--hash MB] [--pdn FILE]
                 [--white-tablebase FILE] [--black-tablebase FILE]
  giveaway tune [--games N] [--rounds R] [--curve-games N] [--nodes N] [--seed S] [--out FILE]
  giveaway analyze FILE.pdn [--game K] [--nodes N | --depth D | --movetime MS]
  giveaway bench-search [--movetime MS] [--hash MB]
  giveaway book build --games N --movetime MS [--plies P] [--depth D] [--min-games K] [--seed S] --out FILE
  giveaway book probe [--fen FEN] [--file FILE]
  giveaway tablebase build [--pieces N] [--file FILE] [--quiet]
  giveaway tablebase verify [--pieces N] [--file FILE] [--packed]
  giveaway tablebase probe [--fen FEN] [--pieces N] [--file FILE] [--packed]
  giveaway tablebase check [--pieces N] [--positions N] [--seed S] [--movetime MS] [--file FILE] [--packed] [--quiet]
{PLAY}
{ONLINE}
  (database: --db PATH, before or after the command, else $GIVEAWAY_DB, else $XDG_DATA_HOME/giveaway/games.db)";

fn cmd_perft(raw: &[String]) -> Result<(), Fail> {
    let args = Args::parse(raw, &["fen"], &["sequences", "divide"])?;
    let [depth] = args.positional.as_slice() else {
        return Err(Fail("perft needs exactly one DEPTH".into()));
    };
    let depth: u32 = depth
        .parse()
        .ok()
        .filter(|d| *d <= 30)
        .ok_or_else(|| Fail(format!("DEPTH must be a number from 0 to 30, not '{depth}'")))?;
    let pos = args.position()?;
    let counting = if args.has("sequences") { Counting::Sequences } else { Counting::Distinct };
    let t = Instant::now();
    let total = if args.has("divide") {
        let parts = divide(&pos, depth, counting);
        for (mv, n) in &parts {
            outln!("{mv} {n}")?;
        }
        if depth == 0 { 1 } else { parts.iter().map(|(_, n)| n).sum() }
    } else {
        perft(&pos, depth, counting)
    };
    let secs = t.elapsed().as_secs_f64();
    eprintln!("perft {depth}: {total} leaves in {:.3} s, {:.1} M leaves/s", secs, total as f64 / secs.max(1e-9) / 1e6);
    outln!("{total}")?;
    Ok(())
}

fn cmd_moves(raw: &[String]) -> Result<(), Fail> {
    let args = Args::parse(raw, &["fen"], &[])?;
    args.at_most(0)?;
    for mv in &legal_moves(&args.position()?) {
        outln!("{mv}")?;
    }
    Ok(())
}

/// Moves `--db PATH` given before the command behind it, where the command reads it like its other options (a
/// `--db` after the command, given last, wins).
fn global_options(mut argv: Vec<String>) -> Result<Vec<String>, Fail> {
    let mut db = Vec::new();
    while argv.first().is_some_and(|a| a == "--db") {
        if argv.len() < 2 {
            return Err(Fail("--db needs a value".into()));
        }
        db.extend(argv.drain(..2));
    }
    if !argv.is_empty() {
        argv.splice(1..1, db);
    }
    Ok(argv)
}

fn main() -> ExitCode {
    closed_pipe::end_quietly_on_closed_pipe();
    let result = global_options(std::env::args().skip(1).collect()).and_then(|argv| run(&argv));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Fail(why)) => {
            out::warn(&why);
            ExitCode::from(2)
        }
    }
}

fn run(argv: &[String]) -> Result<(), Fail> {
    match argv.first().map(String::as_str) {
        Some("perft") => cmd_perft(&argv[1..]),
        Some("moves") => cmd_moves(&argv[1..]),
        Some("games") => storage_cmds::cmd_games(&argv[1..]),
        Some("show") => storage_cmds::cmd_show(&argv[1..]),
        Some("export") => storage_cmds::cmd_export(&argv[1..]),
        Some("import") => storage_cmds::cmd_import(&argv[1..]),
        Some("stats") => storage_cmds::cmd_stats(&argv[1..]),
        Some("check") => storage_cmds::cmd_check(&argv[1..]),
        Some("bench-storage") => storage_bench::cmd_bench_storage(&argv[1..]),
        Some("bench-analysis") => analysis_bench::cmd_bench_analysis(&argv[1..]),
        Some("bestmove") => engine_cmds::cmd_bestmove(&argv[1..]),
        Some("match") => engine_cmds::cmd_match(&argv[1..]),
        Some("tune") => engine_cmds::cmd_tune(&argv[1..]),
        Some("analyze") => engine_cmds::cmd_analyze(&argv[1..]),
        Some("play") => play::cmd_play(&argv[1..]),
        Some("online") => online::cmd_online(&argv[1..]),
        Some("bench-search") => engine_cmds::cmd_bench_search(&argv[1..]),
        Some("tablebase") => tablebase_cmds::cmd_tablebase(&argv[1..]),
        Some("book") => book_cmds::cmd_book(&argv[1..]),
        Some("help" | "--help" | "-h") => outln!("{}", USAGE.replace("{PLAY}", play::USAGE).replace("{ONLINE}", online::USAGE)),
        Some(other) => Err(Fail(format!("unknown command '{other}' (try 'giveaway help')"))),
        None => Err(Fail("no command given (try 'giveaway help')".into())),
    }
}
