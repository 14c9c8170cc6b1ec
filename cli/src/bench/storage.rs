//! `giveaway bench-storage`: times the storage against the targets with a realistic database — opening
//! (header, schema and migration checks), `show 1`, the full integrity check, one page of 50 games under
//! several filters, appending a move, loading a game to resume; with `--import-mb MB`, how long a move's save
//! waits while a PDN file of that size is imported.

use crate::args::{Fail, InRange};
use crate::io::out::outln;
use crate::io::scratch::ScratchDir;
use giveaway_core::engine::Rng;
use giveaway_core::game::{EndReason, Outcome};
use giveaway_core::record::{ClockTimes, Ending, GameMode, GameRecord, NewGame, TimeControl};
use giveaway_core::storage::{Filter, ResultFilter, Storage};
use giveaway_core::{legal_moves, Color, Game, Position, Rules};
use std::path::Path;
use std::time::{Duration, Instant};

const NAMES: [&str; 8] = ["Ann", "Bob", "Иван", "Maria", "Chen", "Olga", "Pedro", "Sam"];
const DAY_MS: i64 = 86_400_000;

/// A game like the app stores: 60–100 plies of random legal play (fewer if it ends), mixed modes and results.
pub fn realistic_game(rng: &mut Rng, now: i64) -> Result<GameRecord, String> {
    let mode = match rng.below(10) {
        0..=4 => GameMode::VsComputer,
        5..=8 => GameMode::PassAndPlay,
        _ => GameMode::Imported,
    };
    let mut setup = NewGame::new(mode, NAMES[rng.below(NAMES.len())], NAMES[rng.below(NAMES.len())]);
    if mode == GameMode::VsComputer {
        let human = if rng.below(2) == 0 { Color::White } else { Color::Black };
        setup.level = Some(rng.below(8) as u8 + 1);
        setup.human_color = Some(human);
        let name = setup.white.clone();
        (setup.white, setup.black) =
            if human == Color::White { (name, "Computer".into()) } else { ("Computer".into(), name) };
    }
    if rng.below(3) == 0 {
        setup.time_control = Some(TimeControl::even(5, 3));
    }
    let target = 60 + rng.below(41);
    // Random play often gives everything away early: when a game ends short of the target length, take back
    // some moves and play on differently.
    let mut game = Game::new(Position::start(), Rules::default());
    while game.ply() < target {
        let list = game.legal_moves(); // empty once the game is over, draw rules included
        match list.get(rng.below(list.len().max(1))) {
            Some(m) => game.play(m).map_err(|e| e.to_string())?,
            None => {
                // Far enough back at random to leave a drawn king ending, not just the last move.
                for _ in 0..1 + rng.below(game.ply() / 2 + 1) {
                    game.undo();
                }
            }
        }
    }
    let moves = game.moves().to_vec();
    let ending = match rng.below(20) {
        0..=2 => None,
        3..=9 => Some(Outcome::WhiteWins),
        10..=16 => Some(Outcome::BlackWins),
        _ => Some(Outcome::Draw),
    }
    .map(|outcome| Ending { outcome, reason: Some(EndReason::Resignation) });
    let clocks = setup
        .time_control
        .map(|_| ClockTimes { white_ms: rng.below(300_000) as u64, black_ms: rng.below(300_000) as u64 });
    // Two years of games, newest now.
    let created_at = now - rng.below(730 * DAY_MS as usize) as i64;
    Ok(GameRecord { setup, moves, move_clocks: Vec::new(), clocks, ending, tags: Vec::new(), created_at })
}

/// Median, 99th percentile and maximum, in milliseconds.
pub fn summary(mut times: Vec<Duration>) -> String {
    times.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let p = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
    format!("median {:.3} ms, p99 {:.3} ms, max {:.3} ms (n={})", ms(p(0.5)), ms(p(0.99)), ms(p(1.0)), times.len())
}

pub fn time<T>(f: impl FnOnce() -> T) -> (T, Duration) {
    let t = Instant::now();
    let v = f();
    (v, t.elapsed())
}

/// `giveaway bench-storage [--games N] [--dir DIR] [--import-mb MB]`
#[derive(clap::Args)]
pub struct BenchStorageArgs {
    /// Games in the scratch library
    #[arg(long, value_name = "N", default_value_t = 10_000, value_parser = InRange(1..=1_000_000usize))]
    games: usize,
    /// Where the scratch database goes (default: a temporary folder)
    #[arg(long, value_name = "DIR")]
    dir: Option<String>,
    /// Also time moves saved during an import of a PDN file of this many MB
    #[arg(long, value_name = "MB", default_value_t = 0, value_parser = InRange(0..=200usize))]
    import_mb: usize,
}

pub fn cmd_bench_storage(args: &BenchStorageArgs) -> Result<(), Fail> {
    let (n, import_mb) = (args.games, args.import_mb);
    let dir = ScratchDir::create(args.dir.as_deref(), "bench")?;
    run(dir.path(), n, import_mb)
}

fn run(dir: &Path, n: usize, import_mb: usize) -> Result<(), Fail> {
    let path = dir.join("bench.db");
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_millis() as i64);
    let mut rng = Rng::new(0x9e37_79b9_7f4a_7c15);

    let (storage, _) = Storage::open(&path)?;
    let t = Instant::now();
    let mut plies = 0;
    for chunk in 0..n.div_ceil(1000) {
        let records: Vec<GameRecord> = (chunk * 1000..n.min((chunk + 1) * 1000))
            .map(|_| realistic_game(&mut rng, now))
            .collect::<Result<_, _>>()?;
        plies += records.iter().map(|r| r.moves.len()).sum::<usize>();
        storage.insert_games(&records)?;
    }
    drop(storage);
    let size = std::fs::metadata(&path).map_or(0, |m| m.len());
    outln!(
        "built {n} games, {plies} plies (avg {:.1}), {:.1} MB, in {:.1} s",
        plies as f64 / n as f64,
        size as f64 / 1e6,
        t.elapsed().as_secs_f64()
    )?;

    // Open: file, header and version checks, schema parse, WAL pragmas, migration check. Closing is not timed.
    let mut opens = Vec::new();
    let mut shows = Vec::new();
    for _ in 0..20 {
        let (opened, d) = time(|| Storage::open(&path));
        opened?;
        opens.push(d);
        // What `giveaway show 1` does with the library.
        let (shown, d) = time(|| Storage::open(&path).and_then(|(s, _)| s.load_game(1)));
        shown?;
        shows.push(d);
    }
    outln!("open database:            {}", summary(opens))?;
    outln!("open + load game 1:       {}", summary(shows))?;
    let mut checks = Vec::new();
    for _ in 0..5 {
        let (storage, _) = Storage::open(&path)?;
        let (checked, d) = time(|| storage.check_and_recover());
        if let Some(r) = checked? {
            return Err(Fail(format!("the benchmark database failed its integrity check: {}", r.reason)));
        }
        checks.push(d);
    }
    outln!("full integrity check:     {}", summary(checks))?;

    let (storage, _) = Storage::open(&path)?;
    let filters: Vec<(&str, Filter)> = vec![
        ("no filter", Filter::default()),
        ("mode=computer", Filter { mode: Some(GameMode::VsComputer), ..Filter::default() }),
        ("result=won", Filter { result: Some(ResultFilter::Won), ..Filter::default() }),
        ("level=5", Filter { level: Some(5), ..Filter::default() }),
        ("in progress", Filter { in_progress: Some(true), ..Filter::default() }),
        ("last 30 days", Filter { since: Some(now - 30 * DAY_MS), ..Filter::default() }),
        ("player=ива", Filter { player: Some("ива".into()), ..Filter::default() }),
        (
            "computer+level 3+lost+player",
            Filter {
                mode: Some(GameMode::VsComputer),
                level: Some(3),
                result: Some(ResultFilter::Lost),
                player: Some("maria".into()),
                ..Filter::default()
            },
        ),
    ];
    for (name, f) in &filters {
        let mut times = Vec::new();
        let mut total = 0;
        for _ in 0..30 {
            let (page, d) = time(|| storage.list_games(f, None, 50));
            total = page?.total;
            times.push(d);
        }
        outln!("page of 50, {name:<28} {} — {total} matching", summary(times))?;
    }
    // A deep page: follow the cursor 100 pages in, then time the next one.
    let mut cursor = None;
    for _ in 0..100 {
        cursor = storage.list_games(&Filter::default(), cursor, 50)?.next_cursor;
    }
    let mut times = Vec::new();
    for _ in 0..30 {
        times.push(time(|| storage.list_games(&Filter::default(), cursor, 50)).1);
    }
    outln!("page of 50, page 101 by cursor          {}", summary(times))?;

    // Append: 20 new games in progress, 100 plies each, every append committed.
    let mut appends = Vec::new();
    for g in 0..20 {
        let id = storage.create_game(&NewGame::new(GameMode::PassAndPlay, "Bench", NAMES[g % 8]))?;
        let mut pos = Position::start();
        for ply in 0..100u32 {
            let list = legal_moves(&pos);
            // Random play may end the game (no legal move) before 100 plies.
            if list.is_empty() {
                break;
            }
            let m = list[rng.below(list.len())];
            let clocks = Some(ClockTimes { white_ms: 1000, black_ms: 1000 });
            let (r, d) = time(|| storage.append_move(id, ply, &m, clocks));
            r?;
            appends.push(d);
            pos = pos.play(&m);
        }
    }
    outln!("append a move:            {}", summary(appends))?;

    let ids = storage.all_game_ids()?;
    let mut loads = Vec::new();
    for _ in 0..200 {
        let id = ids[rng.below(ids.len())];
        let (r, d) = time(|| storage.load_game(id));
        r?;
        loads.push(d);
    }
    outln!("load + replay a game:     {}", summary(loads))?;
    if import_mb > 0 {
        drop(storage);
        import_while_playing(&path, import_mb, &mut rng, now)?;
    }
    Ok(())
}

/// Imports a PDN file of about `mb` MB on a connection of its own while a game is saved move by move (one save
/// every 5 ms), as `giveaway import` in one terminal and a game in another do; then the same through one
/// shared `Storage`, as the app's one library does. Reports each save's wait, and fails if the games listed
/// meanwhile ever held part of the import.
fn import_while_playing(path: &Path, mb: usize, rng: &mut Rng, now: i64) -> Result<(), Fail> {
    use giveaway_core::pdn::{write_game, PdnGame};
    use std::sync::Arc;
    let mut text = String::new();
    let mut games = 0;
    while text.len() < mb << 20 {
        let rec = realistic_game(rng, now)?;
        let mut p = PdnGame { moves: rec.moves, ..PdnGame::new() };
        p.set_tag("White", rec.setup.white);
        p.set_tag("Black", rec.setup.black);
        text.push_str(&write_game(&p));
        text.push('\n');
        games += 1;
    }
    let text = Arc::new(text);
    let (player, _) = Storage::open(path)?;
    let player = Arc::new(player);
    for shared in [false, true] {
        let importer = {
            let (text, path, player) = (text.clone(), path.to_path_buf(), player.clone());
            std::thread::spawn(move || {
                let own = if shared { None } else { Some(Storage::open(&path).map(|(s, _)| s)) };
                let t = Instant::now();
                let imported = match &own {
                    Some(Ok(s)) => s.import_pdn(&text),
                    Some(Err(e)) => return (Err(e.to_string()), t.elapsed()),
                    None => player.import_pdn(&text),
                };
                (imported.map(|ids| ids.count()).map_err(|e| e.to_string()), t.elapsed())
            })
        };
        let mut before = player.list_games(&Filter::default(), None, 1)?.total;
        let new_game = || player.create_game(&NewGame::new(GameMode::PassAndPlay, "Bench", "Import"));
        let (mut id, mut game) = (new_game()?, Game::new(Position::start(), Rules::default()));
        let (mut waits, mut partly) = (Vec::new(), 0);
        while !importer.is_finished() {
            let list = game.legal_moves();
            let Some(m) = list.get(rng.below(list.len().max(1))).copied() else {
                // A game of random moves ended: go on with a new one.
                (id, game) = (new_game()?, Game::new(Position::start(), Rules::default()));
                before += 1;
                continue;
            };
            let (saved, d) = time(|| player.append_move(id, game.ply() as u32, &m, None));
            saved?;
            waits.push(d);
            game.play(&m).map_err(|e| Fail(e.to_string()))?;
            let listed = player.list_games(&Filter::default(), None, 1)?.total;
            // None of the import, or all of it (it may have finished since the loop began).
            partly += usize::from(listed != before + 1 && listed != before + 1 + games as u64);
            std::thread::sleep(Duration::from_millis(5));
        }
        let (imported, took) = importer.join().map_err(|_| Fail("the import thread panicked".into()))?;
        let imported = imported.map_err(Fail)?;
        let how = if shared { "through the same Storage" } else { "on its own connection" };
        let over = |ms: u64| waits.iter().filter(|d| **d > Duration::from_millis(ms)).count();
        let (over_50, over_100) = (over(50), over(100));
        outln!(
            "import {:.1} MB ({imported} of {games} games) {how}: {:.1} s; move saved meanwhile: {}; {over_50} over 50 ms, {over_100} over 100 ms",
            text.len() as f64 / 1e6,
            took.as_secs_f64(),
            summary(waits)
        )?;
        if partly > 0 {
            return Err(Fail(format!("part of the import was listed {partly} times before it was done")));
        }
    }
    Ok(())
}
