//! Engine commands: `bestmove`, `match`, `analyze`, `bench-search`, `tune`.

use crate::args::{Args, Fail};
use giveaway_core::engine::{score_text, Engine, Level, Limits, SearchInfo, SearchRoot, StopHandle};
use giveaway_core::{Rules};
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
