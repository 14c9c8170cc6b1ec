//! Engine commands: `bestmove`, `match`, `analyze`, `bench-search`, `tune`.

use crate::args::{Args, Fail};
use giveaway_core::engine::matches::Match;
use giveaway_core::engine::tune::{tune, TuneSettings};
use giveaway_core::engine::{score_text, Engine, Level, Limits, SearchInfo, SearchRoot, StopHandle};
use giveaway_core::Rules;
use std::time::Duration;

fn number<T: std::str::FromStr>(args: &Args, name: &str) -> Result<Option<T>, Fail> {
    match args.value(name) {
        None => Ok(None),
        Some(v) => v.parse().map(Some).map_err(|_| Fail(format!("--{name} needs a number, not '{v}'"))),
    }
}

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

/// `giveaway bestmove [--fen FEN] [--level N | --movetime MS | --depth D | --nodes N] [--seed S]`
pub fn cmd_bestmove(raw: &[String]) -> Result<(), Fail> {
    let args = Args::parse(raw, &["fen", "level", "movetime", "depth", "nodes", "seed"], &[])?;
    if let Some(extra) = args.positional.first() {
        return Err(Fail(format!("unexpected argument '{extra}'")));
    }
    let root = SearchRoot::new(args.position()?, Rules::default());
    let mut engine = Engine::default();
    let stop = StopHandle::new();
    let limits = Limits {
        depth: number::<u32>(&args, "depth")?.map(|d| d.clamp(1, 100)),
        nodes: number(&args, "nodes")?,
        movetime: number::<u64>(&args, "movetime")?.map(Duration::from_millis),
        clock: None,
    };
    let chosen = if limits == Limits::default() || args.value("level").is_some() {
        let level = match args.value("level") {
            Some(l) => level_arg(l, "--level")?,
            None => Level::get(8).expect("level 8 exists"),
        };
        let seed = number(&args, "seed")?.unwrap_or(0);
        let mut rng = giveaway_core::engine::rng::Rng::new(seed);
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
            println!("{mv}");
            Ok(())
        }
        None => Err(Fail("the side to move has no legal move (it has already won)".into())),
    }
}

/// `giveaway match --white A --black B --games N [--movetime MS] [--seed S]` (A, B levels 1–8).
/// `--movetime` replaces the move time of time-limited levels; `--white-movetime`/`--black-movetime` set it
/// for one side (e.g. level 8 at 100 ms against level 8 at 25 ms).
pub fn cmd_match(raw: &[String]) -> Result<(), Fail> {
    let args = Args::parse(raw, &["white", "black", "games", "movetime", "white-movetime", "black-movetime", "seed", "hash"], &[])?;
    if let Some(extra) = args.positional.first() {
        return Err(Fail(format!("unexpected argument '{extra}'")));
    }
    let need = |name: &str| args.value(name).ok_or_else(|| Fail(format!("match needs --{name}")));
    let mut a = level_arg(need("white")?, "--white")?;
    let mut b = level_arg(need("black")?, "--black")?;
    let games: u32 = number(&args, "games")?.ok_or_else(|| Fail("match needs --games".into()))?;
    let ms = |name: &str| number::<u64>(&args, name).map(|v| v.map(Duration::from_millis));
    let both = ms("movetime")?;
    if let Some(t) = ms("white-movetime")?.or(both) {
        a = a.with_movetime(t);
    }
    if let Some(t) = ms("black-movetime")?.or(both) {
        b = b.with_movetime(t);
    }
    let m = Match {
        a,
        b,
        games,
        seed: number(&args, "seed")?.unwrap_or(1),
        rules: Rules::default(),
        tt_megabytes: number(&args, "hash")?.unwrap_or(16),
    };
    let t = std::time::Instant::now();
    let score = m.run(&StopHandle::new(), &mut |i, g, s| {
        let r = g.result().map_or("*".to_string(), |r| r.to_string());
        eprintln!("game {} ({} plies): {r}; running {}-{}-{}", i + 1, g.ply(), s.wins, s.draws, s.losses);
    });
    let (elo, margin) = score.elo();
    println!(
        "score {:.1}% over {} games in {:.0} s; Elo difference {elo:+.0} ± {margin:.0} (95%)",
        100.0 * score.fraction(),
        score.games(),
        t.elapsed().as_secs_f64()
    );
    println!("{}-vs-{}: {} wins, {} draws, {} losses", a.number, b.number, score.wins, score.draws, score.losses);
    Ok(())
}

/// `giveaway tune [--games N] [--rounds R] [--curve-games N] [--nodes N] [--seed S] [--out FILE]`
/// Self-play, Texel fit and win-curve fit; writes the weights file (default: stdout).
pub fn cmd_tune(raw: &[String]) -> Result<(), Fail> {
    let args = Args::parse(raw, &["games", "rounds", "curve-games", "nodes", "seed", "out"], &[])?;
    let d = TuneSettings::default();
    let settings = TuneSettings {
        games_per_round: number(&args, "games")?.unwrap_or(d.games_per_round),
        rounds: number(&args, "rounds")?.unwrap_or(d.rounds),
        curve_games: number(&args, "curve-games")?.unwrap_or(d.curve_games),
        nodes_per_move: number(&args, "nodes")?.unwrap_or(d.nodes_per_move),
        seed: number(&args, "seed")?.unwrap_or(d.seed),
    };
    let text = tune(&settings, &mut |line| eprintln!("{line}"));
    match args.value("out") {
        Some(path) => std::fs::write(path, text).map_err(|e| Fail(format!("cannot write {path}: {e}")))?,
        None => print!("{text}"),
    }
    Ok(())
}
