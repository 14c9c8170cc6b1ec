//! `giveaway play`: opens the games database and starts the full-screen app, or line mode when stdin or
//! stdout is not a terminal (or with `--line`).

use crate::args::{DbArgs, Fail};
use crate::io::out::warn;

use giveaway_app::{DatabaseNotice, GameLibrary};
use giveaway_app::{NoObserver, Queued};
use giveaway_core::storage::{Filter, Recovery};
use std::io::IsTerminal;
use std::sync::mpsc::channel;
use std::sync::Arc;

/// `giveaway play [--db PATH] [--line] [--resume ID|last] [--vs-computer LEVEL [--color white|black] |
/// --pass-and-play] [--time M+S[/M+S]] [--remove SQUARES | --fen FEN]`
#[derive(clap::Args)]
pub struct PlayArgs {
    #[command(flatten)]
    pub db: DbArgs,
    /// Line mode: the board as text, moves typed one per line (also when stdin or stdout is not a terminal)
    #[arg(long)]
    pub line: bool,
    /// Continue a saved game: its id, or `last` (the newest unfinished one)
    #[arg(long, value_name = "ID|last")]
    pub resume: Option<String>,
    /// Play the computer at this level, 1–8 or its name (line mode's default: 1)
    #[arg(long, value_name = "LEVEL")]
    pub vs_computer: Option<String>,
    /// Your colour against the computer: white or black (default: white)
    #[arg(long, value_name = "white|black")]
    pub color: Option<String>,
    /// Two players on this device
    #[arg(long)]
    pub pass_and_play: bool,
    /// Clocks: minutes+increment seconds, or White's/Black's for time odds (5+3, 5+3/3+0)
    #[arg(long, value_name = "M+S[/M+S]")]
    pub time: Option<String>,
    /// A handicap: men taken off the start position, by number or name (21,22 or "a3 c3")
    #[arg(long, value_name = "SQUARES")]
    pub remove: Option<String>,
    /// Start from this position
    #[arg(long, value_name = "FEN")]
    pub fen: Option<String>,
}

pub fn cmd_play(args: &PlayArgs) -> Result<(), Fail> {
    let asked_for_game = args.vs_computer.is_some()
        || args.color.is_some()
        || args.time.is_some()
        || args.remove.is_some()
        || args.fen.is_some()
        || args.pass_and_play;
    if args.resume.is_some() && asked_for_game {
        return Err(Fail("--resume continues a saved game as it was set up: it takes no other game options".into()));
    }
    let library = open_library(&args.db)?;
    load_tables(&args.db)?;
    let line_mode = args.line || !std::io::stdin().is_terminal() || !std::io::stdout().is_terminal();
    // The full check reads the whole file (seconds for a large library): it runs while the game is played.
    // Line mode says what it found on stderr; the full-screen app shows it on the screen.
    let (found, notices) = channel();
    check_in_background(library.clone(), move |text| {
        if line_mode {
            warn(&text);
        } else {
            let _ = found.send(text);
        }
    })?;
    let session = match &args.resume {
        Some(which) => Some(library.resume(resume_id(&library, which)?)?),
        None if line_mode || asked_for_game => Some(library.new_game(super::setup::new_game(args)?)?),
        None => None,
    };
    match session {
        Some(s) if line_mode => {
            // Line mode waits for the engine anyway: its work runs when the loop asks for it.
            let engine = Arc::new(Queued::default());
            let game = library.controller(s, engine.clone(), Arc::new(NoObserver))?;
            // The loop waits in a read of stdin that no signal interrupts: the library is closed from the
            // signal's thread. A closed stdout is then a failed write, which ends the loop, not a SIGPIPE
            // death that would leave the moves in the journal.
            let on_signal = library.clone();
            super::tui::exit_on_signal(move || close(&on_signal))?;
            crate::io::closed_pipe::fail_writes_on_closed_pipe();
            let played = super::line::run(game, engine, args.db.db.as_deref());
            close(&library);
            played
        }
        // The full-screen app opens on the home menu, or straight on the game the options describe.
        Some(s) => super::tui::run(library, super::tui::Start::Game(s), notices),
        None => super::tui::run(library, super::tui::Start::Home, notices),
    }
}

/// The games database of `--db` (or its default place), with the log file beside it; a damaged file found on
/// opening is said on stderr.
pub fn open_library(args: &DbArgs) -> Result<Arc<GameLibrary>, Fail> {
    let path = crate::io::db_path::database_path(args)?;
    crate::io::log_file::start_beside(&path);
    let library = GameLibrary::open(path.to_string_lossy().into_owned())
        .map_err(|e| Fail(format!("cannot open the games database {}: {e}", path.display())))?;
    if let Some(n) = library.open_notice() {
        warn(&damaged(&n));
    }
    if let Some(n) = library.trainer_notice() {
        warn(&format!("warning: {n}"));
    }
    Ok(library)
}

/// The last step of every way out of `play` and `online` (quit, end of input, a signal, the terminal gone):
/// closes the library, so that the database file alone holds every move once the process is gone — its
/// threads (the integrity check, the engine) may still hold the library when the process ends, and then
/// SQLite never closes the connection that would have written the journal back. A failure is said on
/// stderr; the moves are still safe in the journal then.
pub fn close(library: &GameLibrary) {
    if let Err(e) = library.close() {
        warn(&format!("warning: {e}"));
    }
}

/// Loads the endgame tables built in the data folder (`giveaway tablebase build`) on a thread of its own: the
/// engines use them from the first search after they are in.
pub fn load_tables(args: &DbArgs) -> Result<(), Fail> {
    let path = crate::io::db_path::database_path(args)?;
    let dir = path.parent().map(|d| d.to_string_lossy().into_owned()).unwrap_or_default();
    std::thread::Builder::new()
        .name("giveaway-tables".into())
        .spawn(move || drop(giveaway_app::EndgameTables::open(None, dir)))
        .map(drop)
        .map_err(|e| Fail(format!("cannot start loading the endgame tables: {e}")))
}

fn damaged(n: &DatabaseNotice) -> String {
    let r = Recovery {
        moved_to: n.moved_to.clone().into(),
        reason: n.reason.clone(),
        recovered: n.recovered,
        lost: n.lost,
    };
    format!("warning: {r}")
}

/// Runs the library's full integrity check on a thread of its own; `tell` gets the warning for the user, if any.
/// (A damaged file is moved aside and what can be read recovered into a fresh one while the game goes on.)
pub fn check_in_background(library: Arc<GameLibrary>, tell: impl FnOnce(String) + Send + 'static) -> Result<(), Fail> {
    std::thread::Builder::new().name("integrity check".into()).spawn(move || match library.check_integrity() {
        Ok(None) => {}
        Ok(Some(n)) => tell(damaged(&n)),
        Err(e) => tell(format!("warning: the integrity check of the games database failed: {e}")),
    })?;
    Ok(())
}

/// `last` is the most recently started unfinished game (the list is newest first by creation).
fn resume_id(library: &Arc<GameLibrary>, which: &str) -> Result<i64, Fail> {
    if which == "last" {
        let filter = Filter {
            in_progress: Some(true),
            mode: None,
            result: None,
            level: None,
            since: None,
            until: None,
            player: None,
        };
        let page = library.list_games(filter, None, 1)?;
        return page.games.first().map(|g| g.id).ok_or_else(|| Fail("there is no unfinished game to continue".into()));
    }
    which.parse().map_err(|_| Fail(format!("--resume takes a game id or 'last', not '{which}'")))
}
