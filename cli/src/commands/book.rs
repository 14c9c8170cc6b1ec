//! `giveaway book build|probe`: the opening book made by self-play, and what it holds.

use crate::args::{number, Fail, InRange};
use crate::io::out::outln;
use crate::io::output_file::OutputFile;
use giveaway_core::engine::{Book, StopHandle};
use giveaway_tools::{build_book, BookSettings};
use std::time::{Duration, Instant};

/// `giveaway book build ...` or `giveaway book probe ...`.
#[derive(clap::Subcommand)]
pub enum BookCommand {
    /// Build a book by self-play: the moves of positions reached often enough, with their scores
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

/// `book build --games N --movetime MS [--plies P] [--depth D] [--min-games K] [--seed S] --out FILE`
#[derive(clap::Args)]
pub struct BuildArgs {
    /// Self-play games
    #[arg(long, value_name = "N", value_parser = InRange(1..=10_000_000u32))]
    games: u32,
    /// Time per move, in milliseconds
    #[arg(long, value_name = "MS", value_parser = InRange(1..=60_000u64))]
    movetime: u64,
    /// Plies of each game kept in the book
    #[arg(long, value_name = "P", default_value_t = 10, value_parser = InRange(1..=40usize))]
    plies: usize,
    /// Search depth of each book move's score
    #[arg(long, value_name = "D", default_value_t = 8, value_parser = InRange(1..=30u32))]
    depth: u32,
    /// Games a position needs to be kept
    #[arg(long, value_name = "K", default_value_t = 3, value_parser = InRange(1..=1_000_000u32))]
    min_games: u32,
    /// The self-play's seed
    #[arg(long, value_name = "S", default_value_t = 1, value_parser = number::<u64>())]
    seed: u64,
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
    let settings = BookSettings {
        games: args.games,
        movetime: Duration::from_millis(args.movetime),
        plies: args.plies,
        depth: args.depth,
        min_games: args.min_games,
        seed: args.seed,
    };
    let t = Instant::now();
    let book = build_book(&settings, &StopHandle::new(), &mut |i, g| {
        let r = g.result().map_or("*".to_string(), |r| r.to_string());
        eprintln!("game {} ({} plies): {r}  [{:.0} s]", i + 1, g.ply(), t.elapsed().as_secs_f64());
    });
    let secs = t.elapsed().as_secs_f64();
    let header = format!(
        "Giveaway opening book, made by self-play: giveaway book build --games {} --movetime {} --plies {} --depth {} \
         --min-games {} --seed {}\nposition-hash, then per move: notation games half-points mean-score",
        settings.games,
        settings.movetime.as_millis(),
        settings.plies,
        settings.depth,
        settings.min_games,
        settings.seed
    );
    let text = book.to_text(&header);
    out.replace_with(&text)?;
    outln!(
        "book: {} positions, {} moves, {} bytes, from {} games in {secs:.0} s",
        book.len(),
        book.move_count(),
        text.len(),
        settings.games
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
    let total: u32 = moves.iter().map(|(_, b)| b.weight()).sum();
    for (mv, b) in moves {
        outln!(
            "{:<10} {:5.1}% chance  {:5} games  score {:5.1}%  search {:+}",
            mv.to_string(),
            100.0 * b.weight() as f64 / total as f64,
            b.games,
            100.0 * b.score(),
            b.eval
        )?;
    }
    Ok(())
}
