//! `giveaway bench-analysis`: times post-game analysis of saved games through the app API — the first
//! `Replay::analyse` (the engine searches every position, then the result is cached) against the second one
//! and a resumed session's (read from the analysis cache) — and checks the cached answers are identical.

use crate::args::{Fail, InRange};
use crate::bench::storage::{realistic_game, summary, time};
use crate::io::out::outln;
use crate::io::scratch::ScratchDir;
use giveaway_app::{AnalysisView, ApiResult, GameLibrary, ProgressListener, SearchProgress};
use giveaway_core::engine::Rng;
use giveaway_core::storage::Storage;
use std::path::Path;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Arc;

/// Counts analysis progress calls: the engine searched that many positions.
#[derive(Default)]
struct Searched(AtomicU32);

impl ProgressListener for Searched {
    fn on_search(&self, _: SearchProgress) {}
    fn on_analysis(&self, _: u32, _: u32) {
        self.0.fetch_add(1, Ordering::Relaxed);
    }
}

/// Runs one analysis call, timed; returns the view, the time and the positions searched.
fn timed<F>(analyse: F) -> Result<(AnalysisView, std::time::Duration, u32), Fail>
where
    F: FnOnce(Option<Arc<dyn ProgressListener>>) -> ApiResult<AnalysisView>,
{
    let searched = Arc::new(Searched::default());
    let (view, d) = time(|| analyse(Some(searched.clone())));
    Ok((view?, d, searched.0.load(Ordering::Relaxed)))
}

/// `giveaway bench-analysis [--games N] [--plies P] [--dir DIR]`
#[derive(clap::Args)]
pub struct BenchAnalysisArgs {
    /// Games to analyse
    #[arg(long, value_name = "N", default_value_t = 3, value_parser = InRange(1..=100usize))]
    games: usize,
    /// Each game cut to this many plies (realistic games are 60–100 plies long)
    #[arg(long, value_name = "P", default_value_t = 60, value_parser = InRange(1..=60usize))]
    plies: usize,
    /// Where the scratch database goes (default: a temporary folder)
    #[arg(long, value_name = "DIR")]
    dir: Option<String>,
}

pub fn cmd_bench_analysis(args: &BenchAnalysisArgs) -> Result<(), Fail> {
    let dir = ScratchDir::create(args.dir.as_deref(), "bench-analysis")?;
    run(dir.path(), args.games, args.plies)
}

fn run(dir: &Path, games: usize, plies: usize) -> Result<(), Fail> {
    let path = dir.join("bench.db");
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_millis() as i64);
    let mut rng = Rng::new(0x5eed_a11a);
    let records = (0..games)
        .map(|_| {
            realistic_game(&mut rng, now).map(|mut r| {
                r.moves.truncate(plies);
                r
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    let (storage, _) = Storage::open(&path)?;
    let ids = storage.insert_games(&records)?;
    drop(storage);

    let lib = GameLibrary::open(path.to_string_lossy().into_owned())?;
    let (mut first, mut cached, mut resumed) = (Vec::new(), Vec::new(), Vec::new());
    for (k, &id) in ids.iter().enumerate() {
        let replay = lib.replay(id)?;
        let (computed, d1, searched) = timed(|p| replay.analyse(p))?;
        let (again, d2, searched_again) = timed(|p| replay.analyse(p))?;
        let session = lib.resume(id)?;
        let (from_session, d3, searched_session) = timed(|p| session.analyse(p))?;
        if again != computed || from_session != computed || searched_again + searched_session != 0 {
            return Err(Fail(format!("game {id}: the second analysis was not the cached first one")));
        }
        outln!(
            "game {}: {} plies, first analysis {:.2} s ({searched} positions searched), cached: replay {:.3} ms, resumed session {:.3} ms",
            k + 1,
            replay.plies(),
            d1.as_secs_f64(),
            d2.as_secs_f64() * 1000.0,
            d3.as_secs_f64() * 1000.0
        )?;
        first.push(d1);
        cached.push(d2);
        resumed.push(d3);
    }
    outln!("first analysis (computed):  {}", summary(first))?;
    outln!("replay analysis (cached):   {}", summary(cached))?;
    outln!("session analysis (cached):  {}", summary(resumed))?;
    Ok(())
}
