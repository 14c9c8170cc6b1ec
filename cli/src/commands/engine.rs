//! Engine commands: `bestmove`, `match`, `analyze`, `bench-search`, `tune`.

use crate::args::{number, Fail, InRange};
use crate::io::out::{out, outln};
use crate::io::output_file::OutputFile;
use giveaway_core::engine::{
    analyze, score_text, AnalysisOptions, Book, Engine, Level, Limits, MoveClass, Rng, SearchConfig, SearchInfo,
    SearchRoot, StopHandle,
};
use giveaway_core::tablebase::Tablebase;
use giveaway_core::{Color, Rules};
use giveaway_tools::{tune, Match, TuneSettings};
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

fn level_arg(text: &str, what: &str) -> Result<Level, Fail> {
    text.parse::<u8>()
        .ok()
        .and_then(Level::get)
        .ok_or_else(|| Fail(format!("{what} must be a level from 1 to 8, not '{text}'")))
}

fn print_info(i: &SearchInfo) {
    let pv: Vec<String> = i.pv.iter().map(|m| m.to_string()).collect();
    eprintln!(
        "info depth {} seldepth {} score {} nodes {} nps {} time {} pv {}",
        i.depth,
        i.seldepth,
        score_text(i.score),
        i.nodes,
        i.nps,
        i.elapsed.as_millis(),
        pv.join(" ")
    );
}

/// `giveaway bestmove [--fen FEN] [--level N | --movetime MS | --depth D | --nodes N] [--seed S]
/// [--tablebase FILE] [--book]`
#[derive(clap::Args)]
pub struct BestmoveArgs {
    /// The position (default: the start)
    #[arg(long, value_parser = crate::args::position)]
    fen: Option<giveaway_core::Position>,
    /// Play as this level, 1–8, with its own limits (default: 8)
    #[arg(long, value_name = "N")]
    level: Option<String>,
    /// Search this long, in milliseconds
    #[arg(long, value_name = "MS", value_parser = number::<u64>())]
    movetime: Option<u64>,
    /// Search to this depth (1–100)
    #[arg(long, value_name = "D", value_parser = number::<u32>())]
    depth: Option<u32>,
    /// Search this many nodes
    #[arg(long, value_name = "N", value_parser = number::<u64>())]
    nodes: Option<u64>,
    /// The level's random choice among near-equal moves
    #[arg(long, value_name = "S", value_parser = number::<u64>())]
    seed: Option<u64>,
    /// Endgame tables for the search (from `giveaway tablebase build`)
    #[arg(long, value_name = "FILE")]
    tablebase: Option<String>,
    /// Answer from the opening book when it has the position (with any limits or level)
    #[arg(long)]
    book: bool,
}

pub fn cmd_bestmove(args: &BestmoveArgs) -> Result<(), Fail> {
    let position = crate::args::or_start(&args.fen);
    // Before any search output, so that the refusal is the only line on stderr.
    if giveaway_core::legal_moves(&position).is_empty() {
        return Err(Fail("the side to move has no legal move (it has already won)".into()));
    }
    let root = SearchRoot::new(position, Rules::default());
    let mut engine = Engine::default();
    if let Some(path) = &args.tablebase {
        engine.set_tablebase(Some(Arc::new(super::tablebase::read(Path::new(path))?)));
    }
    let stop = StopHandle::new();
    if args.book {
        if let Some((mv, entry)) = Book::embedded().choose(&root.position, &mut Rng::new(args.seed.unwrap_or(0))) {
            eprintln!(
                "book move {mv} ({} games, score {:.1}%, search {:+})",
                entry.games,
                100.0 * entry.score(),
                entry.eval
            );
            outln!("{mv}")?;
            return Ok(());
        }
    }
    let limits = Limits {
        depth: args.depth.map(|d| d.clamp(1, 100)),
        nodes: args.nodes,
        movetime: args.movetime.map(Duration::from_millis),
        clock: None,
    };
    if args.level.is_some() && limits != Limits::default() {
        return Err(Fail(
            "--level plays with the level's own limits: give --level or --movetime/--depth/--nodes, not both".into(),
        ));
    }
    let chosen = if limits == Limits::default() {
        let level = match args.level.as_deref() {
            Some(l) => level_arg(l, "--level")?,
            None => Level::get(8).expect("level 8 exists"),
        };
        let seed = args.seed.unwrap_or(0);
        let mut rng = Rng::new(seed);
        eprintln!("level {} {} (rating ~{})", level.number, level.name, level.rating);
        level.choose(&mut engine, &root, &mut rng, &stop, &mut print_info)
    } else {
        let r = engine.search(&root, &limits, &stop, &mut print_info);
        r.best.map(|_| r)
    };
    match chosen.and_then(|r| r.best.map(|m| (m, r))) {
        Some((mv, r)) => {
            let secs = r.elapsed.as_secs_f64();
            eprintln!(
                "bestmove {mv} score {} depth {} nodes {} nps {}",
                score_text(r.score),
                r.depth,
                r.nodes,
                if secs > 0.0 { (r.nodes as f64 / secs) as u64 } else { 0 }
            );
            outln!("{mv}")?;
            Ok(())
        }
        None => Err(Fail("the search returned no move".into())),
    }
}

/// `giveaway match --white A --black B --games N [--movetime MS] [--seed S]` (A, B levels 1–8).
/// `--movetime` replaces the move time of time-limited levels; `--white-movetime`/`--black-movetime` set it
/// for one side (e.g. level 8 at 100 ms against level 8 at 25 ms); `--white-tablebase FILE` /
/// `--black-tablebase FILE` give one player endgame tables; `--pdn FILE` saves the games. "White" names the
/// first player, who has White in odd-numbered games: colours alternate.
#[derive(clap::Args)]
pub struct MatchArgs {
    /// The first player's level, 1–8 (White in odd-numbered games)
    #[arg(long, value_name = "A")]
    white: String,
    /// The second player's level, 1–8
    #[arg(long, value_name = "B")]
    black: String,
    /// Games to play
    #[arg(long, value_name = "N", value_parser = InRange(1..=1_000_000u32))]
    games: u32,
    /// Move time of both players' time-limited levels, in milliseconds
    #[arg(long, value_name = "MS", value_parser = number::<u64>())]
    movetime: Option<u64>,
    /// The first player's move time, in milliseconds
    #[arg(long, value_name = "MS", value_parser = number::<u64>())]
    white_movetime: Option<u64>,
    /// The second player's move time, in milliseconds
    #[arg(long, value_name = "MS", value_parser = number::<u64>())]
    black_movetime: Option<u64>,
    /// The games' seed
    #[arg(long, value_name = "S", default_value_t = 1, value_parser = number::<u64>())]
    seed: u64,
    /// Each engine's transposition table, in MB
    #[arg(long, value_name = "MB", default_value_t = 16, value_parser = InRange(1..=MAX_HASH_MB))]
    hash: usize,
    /// Late-move reductions off for white, black or both
    #[arg(long, value_name = "white|black|both")]
    no_lmr: Option<String>,
    /// Opening book off for white, black or both
    #[arg(long, value_name = "white|black|both")]
    no_book: Option<String>,
    /// The whole opening book for white, black or both, whatever their levels (level 8 has it already)
    #[arg(long, value_name = "white|black|both")]
    book: Option<String>,
    /// The proof search's check of the chosen move off for white, black or both
    #[arg(long, value_name = "white|black|both")]
    no_proof: Option<String>,
    /// Time for the proof search's check on top of each move's time, in milliseconds (to measure what the proof
    /// is worth with more time; the levels only give it what their search leaves)
    #[arg(long, value_name = "MS")]
    proof_ms: Option<u64>,
    /// Save the games as PDN in this file
    #[arg(long, value_name = "FILE")]
    pdn: Option<String>,
    /// Endgame tables for the first player
    #[arg(long, value_name = "FILE")]
    white_tablebase: Option<String>,
    /// Endgame tables for the second player
    #[arg(long, value_name = "FILE")]
    black_tablebase: Option<String>,
    /// Play these openings in turn, each with both colours (a suite from `giveaway openings`), not random ones
    #[arg(long, value_name = "FILE")]
    openings: Option<String>,
}

pub fn cmd_match(args: &MatchArgs) -> Result<(), Fail> {
    let mut a = level_arg(&args.white, "--white")?;
    let mut b = level_arg(&args.black, "--black")?;
    let ms = |v: Option<u64>| v.map(Duration::from_millis);
    let both = ms(args.movetime);
    if let Some(t) = ms(args.white_movetime).or(both) {
        a = a.with_movetime(t);
    }
    if let Some(t) = ms(args.black_movetime).or(both) {
        b = b.with_movetime(t);
    }
    let no_book = args.no_book.as_deref();
    if side_named(no_book, "no-book", "white")? {
        a = a.without_book();
    }
    if side_named(no_book, "no-book", "black")? {
        b = b.without_book();
    }
    let book = args.book.as_deref();
    if side_named(book, "book", "white")? {
        a = a.with_full_book();
    }
    if side_named(book, "book", "black")? {
        b = b.with_full_book();
    }
    let (no_lmr, no_proof) = (args.no_lmr.as_deref(), args.no_proof.as_deref());
    let proof_time = ms(args.proof_ms);
    let m = Match {
        a,
        b,
        games: args.games,
        seed: args.seed,
        rules: Rules::default(),
        tt_megabytes: args.hash,
        configs: [
            config_for(no_lmr, no_proof, proof_time, "white")?,
            config_for(no_lmr, no_proof, proof_time, "black")?,
        ],
        tablebases: tablebases_for(args.white_tablebase.as_deref(), args.black_tablebase.as_deref())?,
        suite: args.openings.as_deref().map(super::openings::read_suite).transpose()?,
    };
    // Games that got down to the tables' size: where the tables could have told at all.
    let small = m.tablebases.iter().flatten().map(|tb| tb.max_pieces()).max().unwrap_or(5);
    let mut reached_small = 0u32;
    let pdn_file = args.pdn.as_deref().map(OutputFile::open).transpose()?;
    let t = std::time::Instant::now();
    let mut records = Vec::new();
    let score = m.run(&StopHandle::new(), &mut |i, g, s| {
        if args.pdn.is_some() {
            records.push(pdn_record(g, i, if i % 2 == 0 { (&a, &b) } else { (&b, &a) }));
        }
        // Pieces are never added, so the last position is the game's smallest.
        reached_small += u32::from(g.position().occupied().count() <= small);
        let r = g.result().map_or("*".to_string(), |r| r.to_string());
        eprintln!("game {} ({} plies): {r}; running {}-{}-{}", i + 1, g.ply(), s.wins, s.draws, s.losses);
    });
    if let Some(file) = pdn_file {
        file.replace_with(&giveaway_core::pdn::write_games(&records))?;
    }
    let (elo, margin) = score.elo();
    outln!("{reached_small} of {} games reached {small} pieces or fewer", score.games())?;
    outln!(
        "score {:.1}% over {} games in {:.0} s; Elo difference {elo:+.0} ± {margin:.0} (95%)",
        100.0 * score.fraction(),
        score.games(),
        t.elapsed().as_secs_f64()
    )?;
    outln!("{}-vs-{}: {} wins, {} draws, {} losses", a.number, b.number, score.wins, score.draws, score.losses)?;
    Ok(())
}

/// `--white-tablebase FILE` / `--black-tablebase FILE`: each side's tables, read once when both name one file.
fn tablebases_for(white: Option<&str>, black: Option<&str>) -> Result<[Option<Arc<Tablebase>>; 2], Fail> {
    let read = |side: &str, file: Option<&str>| -> Result<Option<(String, Arc<Tablebase>)>, Fail> {
        let Some(path) = file else { return Ok(None) };
        eprintln!("reading the tables of {side} from {path}");
        Ok(Some((path.to_string(), Arc::new(super::tablebase::read(Path::new(path))?))))
    };
    let white = read("white", white)?;
    let black = match (&white, black) {
        (Some((wp, tb)), Some(bp)) if wp == bp => Some(tb.clone()),
        _ => read("black", black)?.map(|(_, tb)| tb),
    };
    Ok([white.map(|(_, tb)| tb), black])
}

/// A finished match game as PDN, players named by level.
fn pdn_record(g: &giveaway_core::Game, i: u32, (white, black): (&Level, &Level)) -> giveaway_core::pdn::PdnGame {
    let mut p = giveaway_core::pdn::PdnGame::new();
    p.start = *g.start();
    p.moves = g.moves().to_vec();
    p.result = g.result().map(|r| r.outcome);
    p.number = i as usize + 1;
    p.set_tag("Event", "giveaway match");
    p.set_tag("Round", (i + 1).to_string());
    p.set_tag("White", format!("Level {} {}", white.number, white.name));
    p.set_tag("Black", format!("Level {} {}", black.number, black.name));
    p
}

/// Whether `--OPTION white|black|both` (given as `value`) names `side`.
fn side_named(value: Option<&str>, option: &str, side: &str) -> Result<bool, Fail> {
    match value {
        None => Ok(false),
        Some(v @ ("white" | "black" | "both")) => Ok(v == side || v == "both"),
        Some(v) => Err(Fail(format!("--{option} takes white, black or both, not '{v}'"))),
    }
}

/// `--no-lmr white|black|both` turns late-move reductions off for a side, `--no-proof ...` the proof search's
/// check of the chosen move, `--proof-ms` gives that check time of its own (to measure what each is worth).
fn config_for(
    no_lmr: Option<&str>,
    no_proof: Option<&str>,
    proof_time: Option<Duration>,
    side: &str,
) -> Result<SearchConfig, Fail> {
    Ok(SearchConfig {
        lmr: !side_named(no_lmr, "no-lmr", side)?,
        proof: !side_named(no_proof, "no-proof", side)?,
        proof_time,
        ..SearchConfig::default()
    })
}

/// `giveaway tune [--games N] [--rounds R] [--curve-games N] [--nodes N] [--seed S] [--out FILE]`
/// Self-play, Texel fit and win-curve fit; writes the weights file (default: stdout).
// Fits need data: no games (or no search) would write weights and a curve fitted to nothing, hence the
// lower bounds of 1.
#[derive(clap::Args)]
pub struct TuneArgs {
    /// Self-play games per round (default: the tuner's)
    #[arg(long, value_name = "N", value_parser = InRange(1..=10_000_000u32))]
    games: Option<u32>,
    /// Rounds of self-play and fit
    #[arg(long, value_name = "R", value_parser = InRange(0..=1000u32))]
    rounds: Option<u32>,
    /// Games for the win-curve fit
    #[arg(long, value_name = "N", value_parser = InRange(1..=10_000_000u32))]
    curve_games: Option<u32>,
    /// Nodes searched per move
    #[arg(long, value_name = "N", value_parser = InRange(1..=1_000_000_000u64))]
    nodes: Option<u64>,
    /// The self-play's seed
    #[arg(long, value_name = "S", value_parser = number::<u64>())]
    seed: Option<u64>,
    /// Write the weights file here (default: stdout)
    #[arg(long, value_name = "FILE")]
    out: Option<String>,
}

pub fn cmd_tune(args: &TuneArgs) -> Result<(), Fail> {
    let d = TuneSettings::default();
    let settings = TuneSettings {
        games_per_round: args.games.unwrap_or(d.games_per_round),
        rounds: args.rounds.unwrap_or(d.rounds),
        curve_games: args.curve_games.unwrap_or(d.curve_games),
        nodes_per_move: args.nodes.unwrap_or(d.nodes_per_move),
        seed: args.seed.unwrap_or(d.seed),
    };
    let out = args.out.as_deref().map(OutputFile::open).transpose()?;
    let text = tune(&settings, &mut |line| eprintln!("{line}"));
    match out {
        Some(file) => file.replace_with(&text)?,
        None => out!("{text}")?,
    }
    Ok(())
}

/// The largest `--hash`: the table is filled when made, so a huge size would exhaust memory and abort.
const MAX_HASH_MB: usize = 4096;

/// The positions `bench-search` times: the start and three quiet middle games reached in engine self-play.
const BENCH_FENS: [(&str, &str); 4] = [
    ("start", "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"),
    ("middle game 1", "B:W5,19,25,27,28,29,30,31,32:B1,2,3,4,7,8"),
    ("middle game 2", "W:W16,25,27,28,29,30,31,32:B3,4,7,8,14"),
    ("middle game 3", "B:W17,24,25,29,30,31,32:B1,3,4,5"),
];

/// `giveaway bench-search [--movetime MS] [--hash MB]`: depth reached and nodes per second in a fixed time.
#[derive(clap::Args)]
pub struct BenchSearchArgs {
    /// Search time per position, in milliseconds
    #[arg(long, value_name = "MS", default_value_t = 1000, value_parser = number::<u64>())]
    movetime: u64,
    /// The transposition table, in MB
    #[arg(long, value_name = "MB", default_value_t = 32, value_parser = InRange(1..=MAX_HASH_MB))]
    hash: usize,
}

pub fn cmd_bench_search(args: &BenchSearchArgs) -> Result<(), Fail> {
    let t = Duration::from_millis(args.movetime);
    let hash = args.hash;
    let mut total = (0u64, 0f64);
    for (name, fen) in BENCH_FENS {
        let pos = giveaway_core::parse_fen(fen)?;
        let mut engine = Engine::new(hash);
        // The alpha-beta search's speed: the proof search would take the time it leaves at the end, and its
        // nodes are not search nodes (its effect is measured by matches, `--no-proof`).
        engine.set_config(SearchConfig { proof: false, ..SearchConfig::default() });
        let r = engine.search(
            &SearchRoot::new(pos, Rules::default()),
            &Limits::movetime(t),
            &StopHandle::new(),
            &mut |_| {},
        );
        let secs = r.elapsed.as_secs_f64();
        total.0 += r.nodes;
        total.1 += secs;
        outln!(
            "{name:14} depth {:2} seldepth {:2} nodes {:9} nps {:8.0} best {} score {}  [{fen}]",
            r.depth,
            r.seldepth,
            r.nodes,
            r.nodes as f64 / secs.max(1e-9),
            r.best.map_or("-".to_string(), |m| m.to_string()),
            score_text(r.score)
        )?;
    }
    outln!("total nodes {} nps {:.0}", total.0, total.0 as f64 / total.1.max(1e-9))?;
    let mut lags = stop_lags(hash)?;
    lags.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    outln!(
        "stop latency over {} searches: median {:.3} ms, max {:.3} ms",
        lags.len(),
        ms(lags[lags.len() / 2]),
        ms(lags[lags.len() - 1])
    )?;
    Ok(())
}

/// Time from tripping the stop handle on another thread to the search returning, 20 times round the bench
/// positions, each stopped 100 ms into an unlimited search.
fn stop_lags(hash_mb: usize) -> Result<Vec<Duration>, Fail> {
    let mut lags = Vec::new();
    for i in 0..20 {
        let root = SearchRoot::new(giveaway_core::parse_fen(BENCH_FENS[i % BENCH_FENS.len()].1)?, Rules::default());
        let stop = StopHandle::new();
        let worker_stop = stop.clone();
        let worker = std::thread::spawn(move || {
            let mut engine = Engine::new(hash_mb);
            engine.search(&root, &Limits::default(), &worker_stop, &mut |_| {});
            let returned = Instant::now();
            drop(engine); // freeing the table is not part of the latency
            returned
        });
        std::thread::sleep(Duration::from_millis(100));
        let tripped = Instant::now();
        stop.stop();
        let ended = worker.join().map_err(|_| Fail("the search thread panicked".into()))?;
        lags.push(ended.saturating_duration_since(tripped));
    }
    Ok(lags)
}

/// `giveaway analyze FILE.pdn [--game K] [--nodes N | --depth D | --movetime MS] [--proof-nodes N]`: classified
/// moves, accuracies and where a won game was lost by force (progress on stderr).
#[derive(clap::Args)]
pub struct AnalyzeArgs {
    /// The PDN file
    #[arg(value_name = "FILE.pdn")]
    file: String,
    /// Which of its games, from 1
    #[arg(long, value_name = "K", default_value_t = 1, value_parser = number::<usize>())]
    game: usize,
    /// Search each position this many nodes
    #[arg(long, value_name = "N", value_parser = number::<u64>())]
    nodes: Option<u64>,
    /// Search each position to this depth
    #[arg(long, value_name = "D", value_parser = number::<u32>())]
    depth: Option<u32>,
    /// Search each position this long, in milliseconds
    #[arg(long, value_name = "MS", value_parser = number::<u64>())]
    movetime: Option<u64>,
    /// Nodes of the proof search for each position walked back from the end of a won game (0: no proofs)
    #[arg(long, value_name = "N", value_parser = number::<u64>())]
    proof_nodes: Option<u64>,
}

pub fn cmd_analyze(args: &AnalyzeArgs) -> Result<(), Fail> {
    let path = &args.file;
    let text = super::storage::read_pdn_file(path)?;
    let games = giveaway_core::pdn::read_games(&text)?;
    let k = args.game;
    let pdn =
        games.get(k.wrapping_sub(1)).ok_or_else(|| Fail(format!("{path} has {} game(s), no game {k}", games.len())))?;
    let game = pdn.to_game(Rules::default())?;
    let mut options = AnalysisOptions::default();
    let limits = Limits {
        depth: args.depth,
        nodes: args.nodes,
        movetime: args.movetime.map(Duration::from_millis),
        clock: None,
    };
    if limits != Limits::default() {
        options.limits = limits;
    }
    if let Some(n) = args.proof_nodes {
        options.proof_nodes = n;
    }
    let analysis = analyze(&game, &options, &StopHandle::new(), &mut |done, total| {
        eprint!("\ranalysing position {done}/{total}");
    })
    .map_err(|e| Fail(e.to_string()))?;
    eprintln!();
    for m in &analysis.moves {
        let number = giveaway_core::pdn::MoveAt::of_ply(game.start().side_to_move(), m.ply);
        let dots = if number.side == Color::White { "." } else { "..." };
        let better = match m.best {
            Some(b) if m.class >= MoveClass::Inaccuracy => format!("  better {b}"),
            _ => String::new(),
        };
        outln!(
            "{}{dots} {:<14} {:<10} win chance {:>3.0}% -> {:>3.0}%{better}",
            number.number,
            m.played.to_string(),
            m.class.name(),
            100.0 * m.chance_before,
            100.0 * m.chance_after
        )?;
    }
    for c in [Color::White, Color::Black] {
        let acc = analysis.accuracy[c.index()].map_or("-".to_string(), |a| format!("{a:.1}%"));
        outln!(
            "{c:?}: accuracy {acc}, {} inaccuracies, {} mistakes, {} blunders",
            analysis.counts(c, MoveClass::Inaccuracy),
            analysis.counts(c, MoveClass::Mistake),
            analysis.counts(c, MoveClass::Blunder)
        )?;
    }
    if let Some(f) = &analysis.forced_loss {
        let at = |ply: usize| giveaway_core::pdn::MoveAt::of_ply(game.start().side_to_move(), ply).number;
        let mistake = match f.mistake {
            Some(m) if f.proven => format!("; the losing move was {} (move {})", game.moves()[m], at(m)),
            Some(m) => format!("; the last move before it was {} (move {}), or an earlier one", game.moves()[m], at(m)),
            None => String::new(),
        };
        outln!(
            "{:?} lost by force from move {} on: a proven forced line of {} plies{mistake}",
            f.loser,
            at(f.position),
            f.plies
        )?;
    }
    Ok(())
}
