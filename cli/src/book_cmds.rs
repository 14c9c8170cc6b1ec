//! `giveaway book build|probe`: the opening book made by self-play, and what it holds.

use crate::args::{Args, Fail};
use crate::out::outln;
use crate::output_file::OutputFile;
use giveaway_core::engine::{build_book, Book, BookSettings, StopHandle};
use std::time::{Duration, Instant};

/// `giveaway book build ...` or `giveaway book probe ...`.
pub fn cmd_book(raw: &[String]) -> Result<(), Fail> {
    let args = Args::parse(raw, &["games", "movetime", "plies", "depth", "min-games", "seed", "out", "fen", "file"], &[])?;
    args.at_most(1)?;
    match args.positional.first().map(String::as_str) {
        Some("build") => build(&args),
        Some("probe") => probe(&args),
        _ => Err(Fail("book needs build or probe".into())),
    }
}

/// `book build --games N --movetime MS [--plies P] [--depth D] [--min-games K] [--seed S] --out FILE`
fn build(args: &Args) -> Result<(), Fail> {
    let need = |name: &str| args.value(name).ok_or_else(|| Fail(format!("book build needs --{name}")));
    need("games")?;
    need("movetime")?;
    let out = OutputFile::open(need("out")?)?;
    let settings = BookSettings {
        games: args.number_in("games", 1..=10_000_000, 0)?,
        movetime: Duration::from_millis(args.number_in("movetime", 1..=60_000, 0)?),
        plies: args.number_in("plies", 1..=40, 10)?,
        depth: args.number_in("depth", 1..=30, 8)?,
        min_games: args.number_in("min-games", 1..=1_000_000, 3)?,
        seed: args.number_in("seed", 0..=u64::MAX, 1)?,
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
fn probe(args: &Args) -> Result<(), Fail> {
    let (book, size) = match args.value("file") {
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
    let pos = args.position()?;
    let moves = book.moves(&pos);
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
