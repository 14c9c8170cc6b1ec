//! The puzzle trainer in the terminal: `giveaway puzzles train` (line mode: the board as text, moves and
//! commands typed one per line, so sessions can be scripted and tested), `stats`, `show`, `mine`. The
//! full-screen trainer is `tui::puzzles`, opened from the home menu.

use super::board_text;
use super::line::names;
use super::play::{close, load_tables, open_library};
use crate::args::{number, DbArgs, Fail, InRange};
use crate::io::out::{outln, printable};
use giveaway_app::{
    GameLibrary, MoveFeedback, NoObserver, PuzzleController, PuzzleGoal, PuzzleState, PuzzleStatus, Queued, Snapshot,
    TrainerMode,
};
use giveaway_core::puzzle::{shipped, Theme};
use giveaway_core::Color;
use std::io::{BufRead, Write};
use std::sync::Arc;

/// `giveaway puzzles train [--db PATH] [--mode MODE] [--theme NAME] [--id N] [--game ID]`
#[derive(clap::Args)]
pub struct TrainArgs {
    #[command(flatten)]
    pub db: DbArgs,
    /// rated (default), streak, daily, mined (from your games); or give --theme, --id or --game
    #[arg(long, value_name = "MODE", value_parser = ["rated", "streak", "daily", "mined"])]
    pub mode: Option<String>,
    /// Puzzles of one theme (win, draw, only-move, run-out, blocked, capture-chain, endgame, opening-trap, …)
    #[arg(long, value_name = "NAME")]
    pub theme: Option<String>,
    /// One puzzle, by number
    #[arg(long, value_name = "N", value_parser = number::<u32>())]
    pub id: Option<u32>,
    /// Learn from your mistakes: the mistakes and blunders of this saved game
    #[arg(long, value_name = "ID", value_parser = number::<i64>())]
    pub game: Option<i64>,
}

/// `giveaway puzzles stats [--db PATH] [--history N]`
#[derive(clap::Args)]
pub struct StatsArgs {
    #[command(flatten)]
    pub db: DbArgs,
    /// The latest attempts to list
    #[arg(long, value_name = "N", default_value_t = 10, value_parser = InRange(0..=1000u32))]
    pub history: u32,
}

/// `giveaway puzzles show ID`
#[derive(clap::Args)]
pub struct ShowArgs {
    /// The puzzle's number
    #[arg(value_parser = number::<u32>())]
    pub id: u32,
}

/// `giveaway puzzles mine GAME [--db PATH]`
#[derive(clap::Args)]
pub struct MineArgs {
    #[command(flatten)]
    pub db: DbArgs,
    /// The saved game to mine for puzzles
    #[arg(value_parser = number::<i64>())]
    pub game: i64,
}

fn mode_of(args: &TrainArgs) -> Result<TrainerMode, Fail> {
    let chosen = [args.mode.is_some(), args.theme.is_some(), args.id.is_some(), args.game.is_some()];
    if chosen.iter().filter(|&&c| c).count() > 1 {
        return Err(Fail("choose one of --mode, --theme, --id and --game".into()));
    }
    if let Some(t) = &args.theme {
        if Theme::from_name(t).is_none() {
            let all: Vec<&str> = giveaway_core::puzzle::THEMES.iter().map(|t| t.name()).collect();
            return Err(Fail(format!("there is no puzzle theme '{t}' (one of: {})", all.join(", "))));
        }
        return Ok(TrainerMode::Theme { theme: t.clone() });
    }
    if let Some(id) = args.id {
        if shipped().get(id).is_none() {
            return Err(Fail(format!("there is no puzzle number {id} (1 to {})", shipped().len())));
        }
        return Ok(TrainerMode::Puzzle { id });
    }
    if let Some(game_id) = args.game {
        return Ok(TrainerMode::Mistakes { game_id });
    }
    Ok(match args.mode.as_deref() {
        Some("streak") => TrainerMode::Streak,
        Some("daily") => TrainerMode::Daily,
        Some("mined") => TrainerMode::Mined,
        _ => TrainerMode::Rated,
    })
}

pub fn cmd_train(args: &TrainArgs) -> Result<(), Fail> {
    let mode = mode_of(args)?;
    let library = open_library(&args.db)?;
    if let TrainerMode::Mistakes { game_id } = mode {
        library.replay(game_id).map_err(|e| Fail(format!("game {game_id}: {e}")))?;
    }
    load_tables(&args.db)?;
    let engine = Arc::new(Queued::default());
    let trainer = library.puzzle_trainer(mode, engine.clone(), Arc::new(NoObserver))?;
    crate::io::closed_pipe::fail_writes_on_closed_pipe();
    let result = run(&trainer, &engine);
    trainer.leave();
    close(&library);
    result
}

const HELP: &str = "Type a move (c3-d4, c3:e5:c7, or numeric 22-18) or a command:
  hint       first the piece to move, then the move
  solution   show the solution (the puzzle counts as failed)
  retry      start this puzzle again
  next       the next puzzle (an unfinished one counts as failed)
  board      show the position again
  quit       leave";

fn colour(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// The moves on the board, in order.
fn plies(s: &Snapshot) -> Vec<String> {
    s.move_list.iter().flat_map(|r| [r.white.clone(), r.black.clone()]).flatten().collect()
}

/// The puzzle's heading: its number, rating, themes and the task.
fn heading(s: &PuzzleState) -> String {
    let Some(p) = &s.puzzle else { return String::new() };
    let what = match p.source.as_str() {
        "mistake" => format!("Mistake from game {}", p.id),
        "mined" => format!("Puzzle {} from your games", p.id),
        _ => format!("Puzzle {}", p.id),
    };
    let rating = p.rating.map_or(String::new(), |r| format!(", rated {r}"));
    let themes = if p.themes.is_empty() { String::new() } else { format!(" [{}]", p.themes.join(", ")) };
    format!("{what}{rating}{themes}")
}

fn board(s: &PuzzleState, out: &mut impl Write) -> Result<(), Fail> {
    if let Some(snap) = &s.snapshot {
        writeln!(out, "{}FEN {}", board_text::render(snap, &s.coordinates), snap.fen)?;
        if snap.must_capture && s.status == PuzzleStatus::YourMove {
            let who = names(snap.squares.iter().filter(|q| q.must_capture).map(|q| q.number), snap.notation);
            writeln!(out, "{} must capture ({who})", colour(snap.side_to_move))?;
        }
    }
    Ok(())
}

/// What changed: the replies played, the verdict, the solution once shown, the rating.
fn report(before: &PuzzleState, now: &PuzzleState, out: &mut impl Write) -> Result<(), Fail> {
    let same_puzzle = before.puzzle.as_ref().map(|p| (&p.source, p.id))
        == now.puzzle.as_ref().map(|p| (&p.source, p.id))
        && before.snapshot.is_some();
    if same_puzzle && now.status != PuzzleStatus::Failed {
        if let (Some(a), Some(b)) = (&before.snapshot, &now.snapshot) {
            let (old, new) = (plies(a), plies(b));
            let solver = now.puzzle.as_ref().map(|p| p.solver);
            // The player's own move is at the first new ply; what follows are the replies.
            for (i, text) in new.iter().enumerate().skip(old.len()) {
                let mover = if (i - old.len()) % 2 == 0 { solver } else { solver.map(Color::opponent) };
                if i > old.len() {
                    writeln!(out, "{} plays {text}", mover.map_or("", colour))?;
                }
            }
        }
    }
    match (now.feedback, now.status) {
        (Some(MoveFeedback::Wrong), PuzzleStatus::YourMove) if now.wrong_move.is_some() => {
            writeln!(out, "Wrong: {}", now.message)?
        }
        (_, PuzzleStatus::Solved | PuzzleStatus::Failed) => {
            writeln!(out, "{}", now.message)?;
            let line: Vec<&str> = now.solution.iter().map(|m| m.text.as_str()).collect();
            writeln!(out, "Solution: {}", line.join(" "))?;
            if !now.follow.is_empty() {
                let follow: Vec<&str> = now.follow.iter().map(|m| m.text.as_str()).collect();
                writeln!(out, "Then: {}", follow.join(" "))?;
            }
            if let Some(r) = now.rating.filter(|r| r.change.is_some()) {
                writeln!(out, "Puzzle rating {:.0} ({:+.0})", r.rating, r.change.unwrap_or(0.0))?;
            }
            if now.mode == TrainerMode::Streak {
                writeln!(out, "Streak: {}", now.streak)?;
            }
        }
        (Some(MoveFeedback::Correct | MoveFeedback::AsGood), PuzzleStatus::YourMove) => {
            writeln!(out, "{}", now.message)?
        }
        _ => {}
    }
    Ok(())
}

fn introduce(s: &PuzzleState, out: &mut impl Write) -> Result<(), Fail> {
    if s.status == PuzzleStatus::Finished {
        writeln!(out, "{}", s.message)?;
        return Ok(());
    }
    writeln!(out, "{}", heading(s))?;
    if let Some(p) = &s.progress {
        writeln!(out, "Exercise {} of {} ({} solved)", p.index, p.total, p.solved)?;
    }
    if let Some(r) = s.rating {
        writeln!(out, "Your puzzle rating: {:.0}", r.rating)?;
    }
    writeln!(out, "{}", s.message)?;
    board(s, out)
}

/// The trainer on stdin/stdout until the mode has nothing more, the input ends, or `quit`.
fn run(trainer: &Arc<PuzzleController>, engine: &Queued) -> Result<(), Fail> {
    let mut out = std::io::stdout().lock();
    let mut input = std::io::stdin().lock();
    trainer.start();
    engine.run_all();
    let mut state = trainer.state();
    introduce(&state, &mut out)?;
    loop {
        if state.status == PuzzleStatus::Finished {
            return Ok(());
        }
        let prompt = match state.status {
            PuzzleStatus::YourMove => format!("{} to move: ", state.puzzle.as_ref().map_or("", |p| colour(p.solver))),
            _ if state.can_next => "next, retry or quit: ".to_string(),
            _ => "retry or quit: ".to_string(),
        };
        write!(out, "{prompt}")?;
        out.flush()?;
        let mut line = String::new();
        if input.read_line(&mut line)? == 0 {
            writeln!(out)?;
            return Ok(());
        }
        let before = state.clone();
        let result = match line.trim() {
            "" => continue,
            "quit" | "exit" | "q" => return Ok(()),
            "help" | "?" => {
                writeln!(out, "{HELP}")?;
                continue;
            }
            "board" => {
                board(&state, &mut out)?;
                continue;
            }
            "hint" => trainer.hint(),
            "solution" => trainer.show_solution(),
            "retry" => trainer.retry(),
            "next" | "n" => trainer.next(),
            text => trainer.play(text.to_string()),
        };
        if let Err(e) = result {
            writeln!(out, "error: {}", printable(&e.to_string()))?;
            continue;
        }
        if !engine.is_empty() {
            writeln!(out, "Checking...")?;
            out.flush()?;
            engine.run_all();
        }
        state = trainer.state();
        let new_puzzle = before.puzzle.as_ref().map(|p| (&p.source, p.id, p.mistake.as_ref().map(|m| m.ply)))
            != state.puzzle.as_ref().map(|p| (&p.source, p.id, p.mistake.as_ref().map(|m| m.ply)))
            || (state.moves_found == 0 && before.moves_found > 0 && state.status == PuzzleStatus::YourMove);
        if new_puzzle || state.status == PuzzleStatus::Finished {
            introduce(&state, &mut out)?;
            continue;
        }
        if let Some(h) = state.hint.as_ref().filter(|_| line.trim() == "hint") {
            match &h.mv {
                Some(mv) => writeln!(out, "Hint: {}", mv.text)?,
                None => writeln!(
                    out,
                    "Hint: move the piece on {}",
                    names(
                        std::iter::once(h.piece),
                        state.snapshot.as_ref().map_or_else(Default::default, |s| s.notation)
                    )
                )?,
            }
            continue;
        }
        report(&before, &state, &mut out)?;
        board(&state, &mut out)?;
    }
}

pub fn cmd_stats(args: &StatsArgs) -> Result<(), Fail> {
    let library = open_library(&args.db)?;
    let o = library.puzzle_overview(args.history)?;
    let provisional = if o.rating.deviation > 110.0 { "?" } else { "" };
    outln!(
        "Puzzle rating {:.0}{provisional} (deviation {:.0}) after {} rated puzzles",
        o.rating.rating,
        o.rating.deviation,
        o.rating.attempts
    )?;
    outln!("{} puzzles shipped, {} from your games", o.shipped, o.mined)?;
    if let Some(d) = &o.daily {
        let today = match d.solved_today {
            Some(true) => "solved today",
            Some(false) => "tried today",
            None => "not tried yet",
        };
        outln!("Puzzle of the day: {} (rated {}; {today})", d.id, d.rating)?;
    }
    for t in o.themes.iter().filter(|t| t.attempts > 0) {
        outln!("theme {}: {} of {} solved", t.theme, t.solved, t.attempts)?;
    }
    for a in &o.history {
        let change = a.rating_change.map_or(String::new(), |c| format!(" {c:+.0}"));
        outln!(
            "{} {} {} {}: {}{change}",
            giveaway_core::storage::dates::display_time(a.at_ms),
            a.mode,
            a.source,
            a.id,
            if a.solved { "solved" } else { "failed" }
        )?;
    }
    close(&library);
    Ok(())
}

pub fn cmd_show(args: &ShowArgs) -> Result<(), Fail> {
    let p = shipped()
        .get(args.id)
        .ok_or_else(|| Fail(format!("there is no puzzle number {} (1 to {})", args.id, shipped().len())))?;
    let goal = match p.kind() {
        Theme::Draw => PuzzleGoal::Draw,
        Theme::OnlyMove => PuzzleGoal::OnlyMove,
        _ => PuzzleGoal::Win,
    };
    outln!("{}", p.to_json())?;
    outln!("{goal:?} for {}: {} moves to find", colour(p.solver()), p.solver_moves())?;
    Ok(())
}

pub fn cmd_mine(args: &MineArgs) -> Result<(), Fail> {
    let library: Arc<GameLibrary> = open_library(&args.db)?;
    load_tables(&args.db)?;
    let found = library.mine_game(args.game).map_err(|e| Fail(format!("game {}: {e}", args.game)))?;
    outln!("{found} new puzzles from game {}", args.game)?;
    close(&library);
    Ok(())
}
