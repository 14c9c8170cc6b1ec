//! The command line, defined once with clap (derive): every command and option, `-h`/`--help` on each,
//! `giveaway help [COMMAND]`, `--version`, a suggestion for a mistyped name, and shell completions
//! (`giveaway completions SHELL`) from the same definition. Also the one error type every command returns.
//!
//! The contract other tools rely on is kept: bad input exits with code 2 and one line on stderr (clap's own
//! errors, several lines with a usage block, are made one line by [`one_line`]); `--db PATH` may come before
//! or after the command (after it, given last, it wins); an option given twice takes its last value.

use clap::builder::TypedValueParser;
use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use giveaway_core::{parse_fen, Position};
use std::ffi::{OsStr, OsString};
use std::fmt::Display;
use std::ops::RangeInclusive;
use std::str::FromStr;

/// A command-line mistake: printed as one line on stderr, exit code 2.
pub struct Fail(pub String);

impl<E: std::fmt::Display> From<E> for Fail {
    fn from(e: E) -> Fail {
        Fail(e.to_string())
    }
}

/// Giveaway (reverse Russian draughts) in the terminal, and the project's check tools.
#[derive(Parser)]
#[command(name = "giveaway", version, subcommand_required = true, args_override_self = true)]
#[command(after_help = "The games database: --db PATH (before or after the command), else $GIVEAWAY_DB, else \
                        $XDG_DATA_HOME/giveaway/games.db.\nEvery command takes -h/--help.")]
pub struct Cli {
    /// The games database, for the commands that use one
    #[arg(long, value_name = "PATH")]
    db: Option<String>,
    #[command(subcommand)]
    pub command: Command,
}

/// The commands.
#[derive(Subcommand)]
pub enum Command {
    /// Play: the full-screen app, or line mode when stdin or stdout is not a terminal (or with --line)
    Play(crate::terminal::play::PlayArgs),
    /// Play online against people, in the full-screen app
    Online(crate::terminal::online::OnlineArgs),
    /// Count the leaves of the move tree from a position (last stdout line: the count)
    Perft(crate::PerftArgs),
    /// Every legal move of a position, one per line
    Moves(crate::MovesArgs),
    /// List the saved games, newest first, with filters and pages
    Games(crate::commands::storage::GamesArgs),
    /// One saved game: its setup, moves and result
    Show(crate::commands::storage::ShowArgs),
    /// Saved games as PDN
    Export(crate::commands::storage::ExportArgs),
    /// Import the games of a PDN file (all or nothing)
    Import(crate::commands::storage::ImportArgs),
    /// Results against the computer by level, and by mode
    Stats(DbArgs),
    /// The full integrity check of the games database; a damaged one is repaired
    Check(DbArgs),
    /// Time saving, listing and loading games in a scratch database
    BenchStorage(crate::bench::storage::BenchStorageArgs),
    /// Time the analysis of games and its cache
    BenchAnalysis(crate::bench::analysis::BenchAnalysisArgs),
    /// The engine's move for a position (search info on stderr, the move last on stdout)
    Bestmove(crate::commands::engine::BestmoveArgs),
    /// Prove a position won, lost or drawn by force (proof-number search), with the forcing line
    Prove(crate::commands::prove::ProveArgs),
    /// Prove every opening a few plies from the start; print how many are won by force and write the fair rest
    Openings(crate::commands::openings::OpeningsArgs),
    /// Engine against engine: levels, move times, tables, books
    Match(crate::commands::engine::MatchArgs),
    /// Fit the evaluation weights by self-play
    Tune(crate::commands::engine::TuneArgs),
    /// Classify the moves of a PDN game and give each side's accuracy
    Analyze(crate::commands::engine::AnalyzeArgs),
    /// Search speed and stop latency on fixed positions
    BenchSearch(crate::commands::engine::BenchSearchArgs),
    /// The opening book: build one by self-play, or probe one
    #[command(subcommand)]
    Book(crate::commands::book::BookCommand),
    /// The endgame tables: build, verify, probe, check
    #[command(subcommand)]
    Tablebase(crate::commands::tablebase::TablebaseCommand),
    /// Puzzles: build the set, export it as JSON lines, verify it
    #[command(subcommand)]
    Puzzles(crate::commands::puzzles::PuzzlesCommand),
    /// A shell completion script for these commands, on stdout
    Completions {
        /// The shell
        shell: clap_complete::Shell,
    },
}

/// `--db PATH`, for the commands that use the games database.
#[derive(clap::Args, Clone, Default)]
pub struct DbArgs {
    /// The games database (else $GIVEAWAY_DB, else $XDG_DATA_HOME/giveaway/games.db)
    #[arg(long, value_name = "PATH")]
    pub db: Option<String>,
}

impl Command {
    /// The command's `--db`, if it uses the games database.
    fn db_mut(&mut self) -> Option<&mut DbArgs> {
        match self {
            Command::Play(a) => Some(&mut a.db),
            Command::Online(a) => Some(&mut a.db),
            Command::Games(a) => Some(&mut a.db),
            Command::Show(a) => Some(&mut a.db),
            Command::Export(a) => Some(&mut a.db),
            Command::Import(a) => Some(&mut a.db),
            Command::Stats(a) | Command::Check(a) => Some(a),
            Command::Tablebase(t) => Some(t.db_mut()),
            _ => None,
        }
    }
}

/// The command line of `argv` (without the program name), or `None` when it asked for help or the version,
/// which has then been printed on stdout.
pub fn parse(argv: impl IntoIterator<Item = OsString>) -> Result<Option<Cli>, Fail> {
    let argv = std::iter::once(OsString::from("giveaway")).chain(argv);
    let matches = match as_before(Cli::command()).try_get_matches_from(argv) {
        Ok(m) => m,
        Err(e) if !e.use_stderr() => {
            crate::io::out::out!("{}", e.render())?;
            return Ok(None);
        }
        Err(e) => return Err(Fail(one_line(&e))),
    };
    let mut cli = Cli::from_arg_matches(&matches).map_err(|e| Fail(one_line(&e)))?;
    let before = cli.db.take();
    match cli.command.db_mut() {
        // After the command, given last, wins.
        Some(db) => db.db = db.db.take().or(before),
        None if before.is_some() => {
            let name = matches.subcommand_name().unwrap_or_default();
            return Err(Fail(format!("unexpected argument '--db': '{name}' does not use the games database")));
        }
        None => {}
    }
    Ok(Some(cli))
}

/// Two settings on every command, as the hand-written parser behaved: `-1` given to an option or argument is
/// its value (refused by its range with a clear message) rather than an unknown flag; and a command given
/// without its subcommand (`giveaway book`) is an error of one line, not the help on stderr.
fn as_before(cmd: clap::Command) -> clap::Command {
    cmd.arg_required_else_help(false)
        .mut_args(|a| if a.get_action().takes_values() { a.allow_negative_numbers(true) } else { a })
        .mut_subcommands(as_before)
}

/// The script of `giveaway completions SHELL`.
pub fn completions(shell: clap_complete::Shell) -> Vec<u8> {
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "giveaway", &mut script);
    script
}

/// clap's error as one line: its message without the usage block and the pointer to `--help`, with the
/// name it suggests for a mistyped one ("unexpected argument '--dbb'; did you mean '--db'?"). The words the
/// user typed are taken from the error as they were, not from clap's rendering (which drops escape
/// sequences), so that `crate::io::out::warn` shows them escaped.
pub fn one_line(e: &clap::Error) -> String {
    let context = |k: ContextKind| match e.get(k) {
        Some(ContextValue::String(s)) => Some(s.clone()),
        Some(ContextValue::Strings(v)) => v.first().cloned(),
        _ => None,
    };
    let line = match (e.kind(), context(ContextKind::InvalidArg), context(ContextKind::InvalidValue)) {
        // A value refused by one of the parsers here: their reason says it all ("--hash must be a number…").
        (ErrorKind::ValueValidation, ..) if context(ContextKind::Custom).is_some() => context(ContextKind::Custom),
        (ErrorKind::ValueValidation, ..) => std::error::Error::source(e).map(|why| why.to_string()),
        (ErrorKind::UnknownArgument, Some(arg), _) => Some(format!("unexpected argument '{arg}'")),
        (ErrorKind::InvalidSubcommand, ..) => {
            context(ContextKind::InvalidSubcommand).map(|c| format!("unrecognized subcommand '{c}'"))
        }
        (ErrorKind::InvalidValue, Some(arg), Some(value)) if value.is_empty() => {
            Some(format!("a value is required for '{arg}' but none was supplied"))
        }
        (ErrorKind::InvalidValue, Some(arg), Some(value)) => Some(format!("invalid value '{value}' for '{arg}'")),
        _ => None,
    };
    let line = line.unwrap_or_else(|| {
        let text = e.render().to_string();
        let message = text.split("\n\n").next().unwrap_or_default();
        let joined = message.lines().map(str::trim).filter(|l| !l.is_empty()).collect::<Vec<_>>().join(" ");
        joined.strip_prefix("error: ").unwrap_or(&joined).to_string()
    });
    let suggested = [ContextKind::SuggestedArg, ContextKind::SuggestedSubcommand, ContextKind::SuggestedValue]
        .into_iter()
        .find_map(context);
    match (suggested, e.kind()) {
        (Some(s), _) => format!("{line}; did you mean '{s}'?"),
        (None, ErrorKind::MissingSubcommand | ErrorKind::InvalidSubcommand) => format!("{line} (try 'giveaway help')"),
        (None, ErrorKind::InvalidValue) => match e.get(ContextKind::ValidValue) {
            Some(ContextValue::Strings(valid)) if !valid.is_empty() => format!("{line} (one of: {})", valid.join(", ")),
            _ => line,
        },
        (None, _) => line,
    }
}

/// A number within a range, refused as "--NAME must be a number from A to B, not 'V'".
#[derive(Clone)]
pub struct InRange<T>(pub RangeInclusive<T>);

impl<T> TypedValueParser for InRange<T>
where
    T: FromStr + PartialOrd + Display + Clone + Send + Sync + 'static,
{
    type Value = T;

    fn parse_ref(&self, _: &clap::Command, arg: Option<&clap::Arg>, value: &OsStr) -> Result<T, clap::Error> {
        let v = value.to_string_lossy();
        v.parse().ok().filter(|n| self.0.contains(n)).ok_or_else(|| {
            refusal(format!("{} must be a number from {} to {}, not '{v}'", name(arg), self.0.start(), self.0.end()))
        })
    }
}

/// Any number of the option's type, refused as "--NAME needs a number, not 'V'" (or "a smaller number"
/// when it has only digits).
#[derive(Clone)]
pub struct Number<T>(std::marker::PhantomData<fn() -> T>);

/// A [`Number`] parser.
pub fn number<T>() -> Number<T> {
    Number(std::marker::PhantomData)
}

impl<T: FromStr + Clone + Send + Sync + 'static> TypedValueParser for Number<T> {
    type Value = T;

    fn parse_ref(&self, _: &clap::Command, arg: Option<&clap::Arg>, value: &OsStr) -> Result<T, clap::Error> {
        let v = value.to_string_lossy();
        v.parse().map_err(|_| {
            // All digits yet refused: a number, only too large for the option.
            let what =
                if !v.is_empty() && v.bytes().all(|b| b.is_ascii_digit()) { "a smaller number" } else { "a number" };
            refusal(format!("{} needs {what}, not '{v}'", name(arg)))
        })
    }
}

/// `--fen FEN`: the position it describes; a bad one is refused with the FEN parser's reason.
pub fn position(text: &str) -> Result<Position, String> {
    parse_fen(text).map_err(|e| e.to_string())
}

/// The position of an optional `--fen`, else the start.
pub fn or_start(fen: &Option<Position>) -> Position {
    (*fen).unwrap_or_else(Position::start)
}

/// `--name` of the option being parsed.
fn name(arg: Option<&clap::Arg>) -> String {
    match arg.and_then(|a| a.get_long()) {
        Some(long) => format!("--{long}"),
        None => arg.map_or_else(|| "the value".to_string(), |a| a.get_id().to_string().to_uppercase()),
    }
}

/// A value refused by one of the parsers above: its message is the whole error line.
fn refusal(message: String) -> clap::Error {
    let mut e = clap::Error::new(ErrorKind::ValueValidation);
    e.insert(ContextKind::Custom, ContextValue::String(message));
    e
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parsed(argv: &[&str]) -> Result<Option<Cli>, String> {
        parse(argv.iter().map(OsString::from)).map_err(|Fail(why)| why)
    }

    #[test]
    fn the_definition_is_consistent() {
        Cli::command().debug_assert();
    }

    /// Each leaf command's path with its required arguments, and the options that take a value.
    fn leaves(cmd: &clap::Command, path: Vec<String>, out: &mut Vec<(Vec<String>, Vec<String>)>) {
        let subs: Vec<_> = cmd.get_subcommands().filter(|s| s.get_name() != "help").collect();
        if subs.is_empty() {
            let value = |a: &clap::Arg| a.get_action().takes_values();
            let mut argv = path.clone();
            argv.extend(
                cmd.get_arguments().filter(|a| a.is_positional() && a.is_required_set()).map(|_| "2".to_string()),
            );
            argv.extend(
                cmd.get_arguments()
                    .filter(|a| !a.is_positional() && a.is_required_set())
                    .flat_map(|a| [format!("--{}", a.get_long().unwrap()), "2".into()]),
            );
            let options = cmd
                .get_arguments()
                .filter(|a| value(a))
                .filter_map(|a| a.get_long())
                .map(|l| format!("--{l}"))
                .collect();
            out.push((argv, options));
        }
        for s in subs {
            leaves(s, [path.clone(), vec![s.get_name().to_string()]].concat(), out);
        }
    }

    #[test]
    fn every_value_reaches_its_field_with_the_fields_type() {
        // A parser whose type differs from its field's panics in clap on the first use of that option.
        let mut all = Vec::new();
        leaves(&Cli::command(), Vec::new(), &mut all);
        assert!(all.len() > 20);
        for (argv, options) in all {
            let _ = parsed(&argv.iter().map(String::as_str).collect::<Vec<_>>());
            for option in options {
                let argv = [argv.clone(), vec![option, "2".into()]].concat();
                let _ = parsed(&argv.iter().map(String::as_str).collect::<Vec<_>>());
            }
        }
    }

    #[test]
    fn numbers_outside_their_range_are_refused_with_the_range() {
        for bad in ["0", "4097", "99999999999", "-1", "x", ""] {
            let why = parsed(&["bench-search", "--hash", bad]).err().unwrap_or_default();
            assert_eq!(why, format!("--hash must be a number from 1 to 4096, not '{bad}'"));
        }
    }

    #[test]
    fn clap_errors_are_one_line_with_the_suggestion() {
        let why = parsed(&["games", "--dbb", "x"]).err().unwrap_or_default();
        assert_eq!(why, "unexpected argument '--dbb'; did you mean '--db'?");
        let why = parsed(&["tablebase", "prob"]).err().unwrap_or_default();
        assert!(why.ends_with("did you mean 'probe'?") && !why.contains('\n'), "{why}");
    }

    #[test]
    fn db_before_the_command_is_kept_unless_one_comes_after_it() {
        let db = |argv: &[&str]| match parsed(argv) {
            Ok(Some(Cli { command: Command::Stats(a), .. })) => a.db,
            _ => None,
        };
        assert_eq!(db(&["--db", "a", "stats"]).as_deref(), Some("a"));
        assert_eq!(db(&["--db", "a", "stats", "--db", "b"]).as_deref(), Some("b"));
        assert!(parsed(&["--db", "a", "perft", "1"]).is_err());
    }
}
