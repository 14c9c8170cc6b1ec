//! `giveaway book build|probe`: the opening book made by self-play, and what it holds.

use crate::args::{Fail, InRange};
use crate::io::out::outln;
use crate::io::output_file::OutputFile;
use giveaway_core::engine::{Book, BookProof, StopHandle};
use giveaway_tools::{build_book, BookSettings};
use std::time::Instant;

/// `giveaway book build ...` or `giveaway book probe ...`.
#[derive(clap::Subcommand)]
pub enum BookCommand {
    /// Build a book: positions grown from the start, every move proved, the good ones weighed by self-play
    Build(BuildArgs),
    /// The book's size and check, then its moves for a position
    Probe {
        /// The position (default: the start)
        #[arg(long, value_parser = crate::args::position)]
        fen: Option<giveaway_core::Position>,
        /// The book file (default: the book built into the program)
        #[arg(long, value_name = "FILE")]
        file: Option<String>,
    },
}

/// `book build [--positions N] [--plies P] [--rank-plies R] [--depth D] [--margin CP] [--width W]
/// [--proof-nodes N] [--game-nodes N] [--tablebase FILE] --out FILE`
#[derive(clap::Args)]
pub struct BuildArgs {
    /// Positions to expand at most (bounds the time)
    #[arg(long, value_name = "N", default_value_t = 400, value_parser = InRange(1..=1_000_000usize))]
    positions: usize,
    /// The main line's length in plies
    #[arg(long, value_name = "P", default_value_t = 16, value_parser = InRange(1..=60usize))]
    plies: usize,
    /// Plies fewer for a line through a position's second-best book move (twice that for the third …)
    #[arg(long, value_name = "R", default_value_t = 4, value_parser = InRange(0..=60usize))]
    rank_plies: usize,
    /// Search depth of each move's score
    #[arg(long, value_name = "D", default_value_t = 10, value_parser = InRange(1..=30u32))]
    depth: u32,
    /// Book moves score within this many centi-units of the best move not proven to lose
    #[arg(long, value_name = "CP", default_value_t = 40, value_parser = InRange(0..=10_000i32))]
    margin: i32,
    /// Book moves per position at most
    #[arg(long, value_name = "W", default_value_t = 2, value_parser = InRange(1..=20usize))]
    width: usize,
    /// Proof-search nodes for each legal move of a book position (does it lose by force?)
    #[arg(long, value_name = "N", default_value_t = 200_000, value_parser = InRange(1..=1_000_000_000u64))]
    proof_nodes: u64,
    /// Nodes a move in the self-play games from the book's leaves
    #[arg(long, value_name = "N", default_value_t = 20_000, value_parser = InRange(1..=1_000_000_000u64))]
    game_nodes: u64,
    /// Endgame tables for the proofs (from `giveaway tablebase build`)
    #[arg(long, value_name = "FILE")]
    tablebase: Option<String>,
    /// The book file to write
    #[arg(long, value_name = "FILE")]
    out: String,
}

pub fn cmd_book(command: &BookCommand) -> Result<(), Fail> {
    match command {
        BookCommand::Build(args) => build(args),
        BookCommand::Probe { fen, file } => probe(&crate::args::or_start(fen), file.as_deref()),
    }
}

fn build(args: &BuildArgs) -> Result<(), Fail> {
    let out = OutputFile::open(&args.out)?;
    let tables = match &args.tablebase {
        Some(path) => Some(super::tablebase::read(std::path::Path::new(path))?),
        None => None,
    };
    let settings = BookSettings {
        positions: args.positions,
        plies: args.plies,
        rank_plies: args.rank_plies,
        depth: args.depth,
        margin: args.margin,
        width: args.width,
        proof_nodes: args.proof_nodes,
        game_nodes: args.game_nodes,
    };
    let t = Instant::now();
    let (book, report) = build_book(&settings, tables.as_ref(), &StopHandle::new(), &mut |what| {
        eprintln!("{what}  [{:.0} s]", t.elapsed().as_secs_f64());
    });
    let secs = t.elapsed().as_secs_f64();
    let header = format!(
        "Giveaway opening book: giveaway book build --positions {} --plies {} --rank-plies {} --depth {} --margin {} \
         --width {} --proof-nodes {} --game-nodes {}{}\n\
         {} positions expanded to ply {}; of their {} legal moves {} lost by force (kept, marked L), {} proven not \
         to lose (+), the rest not proven either way (?); {} self-play games\n\
         position-hash ply, then per move: notation games half-points mean-score proof",
        settings.positions,
        settings.plies,
        settings.rank_plies,
        settings.depth,
        settings.margin,
        settings.width,
        settings.proof_nodes,
        settings.game_nodes,
        if tables.is_some() { " --tablebase (4-piece tables)" } else { "" },
        report.positions,
        report.deepest,
        report.proved,
        report.losing,
        report.safe,
        report.games
    );
    let text = book.to_text(&header);
    out.replace_with(&text)?;
    outln!(
        "book: {} positions (deepest ply {}), {} moves ({} lost by force), {} bytes, {} games, in {secs:.0} s",
        book.len(),
        report.deepest,
        book.move_count(),
        report.losing,
        text.len(),
        report.games
    )?;
    Ok(())
}

/// `book probe [--fen FEN] [--file FILE]`: the book's size and check, then its moves for the position.
fn probe(pos: &giveaway_core::Position, file: Option<&str>) -> Result<(), Fail> {
    let (book, size) = match file {
        Some(path) => {
            let text = std::fs::read_to_string(path).map_err(|e| Fail(format!("{path}: {e}")))?;
            (Book::parse(&text).map_err(|e| Fail(format!("{path}: {e}")))?, text.len())
        }
        None => (Book::embedded().clone(), giveaway_core::engine::EMBEDDED_BOOK_BYTES),
    };
    let (reached, illegal) = book.walk_from_start();
    outln!(
        "book: {} positions ({} reached from the start by book moves), {} moves, {size} bytes, {} illegal",
        book.len(),
        reached.len(),
        book.move_count(),
        illegal.len()
    )?;
    for line in &illegal {
        outln!("illegal: {line}")?;
    }
    let moves = book.moves(pos);
    if moves.is_empty() {
        outln!("not in the book")?;
    }
    if let Some(ply) = book.ply(pos) {
        outln!("ply {ply} from the start")?;
    }
    let total: u32 = moves.iter().map(|(_, b)| b.weight()).sum();
    for (mv, b) in moves {
        let proof = match b.proof {
            BookProof::Safe => "proven not to lose".to_string(),
            BookProof::Open => "not proven to lose".to_string(),
            BookProof::Loses(plies) => format!("loses by force in {plies} plies"),
        };
        outln!(
            "{:<10} {:5.1}% chance  {:5} games  score {:5.1}%  search {:+}  {proof}",
            mv.to_string(),
            100.0 * b.weight() as f64 / total.max(1) as f64,
            b.games,
            100.0 * b.score(),
            b.eval
        )?;
    }
    Ok(())
}
