//! Plain line mode: prints the position and reads moves in notation, one per line, so games can be scripted
//! and tested. Used when stdin or stdout is not a terminal, or with `--line`.

use super::board_text;
use crate::args::Fail;
use crate::io::out::printable;
use giveaway_app::square_name;
use giveaway_app::Queued;
use giveaway_app::{ApiResult, Opponent};
use giveaway_app::{GameController, GameEvent, HintShown, ScreenState, Status};
use giveaway_core::{Color, Notation};
use std::io::{BufRead, Read, Write};
use std::sync::Arc;

const HELP: &str = "Type a move (c3-d4, c3:e5:c7, or numeric 22-18, 22x15) or a command:
  undo, redo     take back / replay a move (against the computer: your move and its reply)
  hint           the best move for the side to move
  resign         the side to move resigns (against the computer: you resign)
  draw           offer a draw (pass-and-play); accept / decline answer an offer
  board          show the position again
  quit           leave; the game is saved and can be continued with --resume";

fn color_name(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// Everything below the board: FEN, clocks, draw counters, forced captures, draw offer.
fn status(s: &ScreenState) -> String {
    let snap = &s.snapshot;
    let mut out = format!("FEN {}\n", snap.fen);
    if let Some(c) = &snap.clocks {
        out += &format!("Clocks: White {}  Black {}\n", c.white_text, c.black_text);
    }
    let k = &snap.counters;
    if k.king_move_limit > 0 && k.king_move_plies > 0 {
        out += &format!("King moves without capture: {} of {} plies\n", k.king_move_plies, k.king_move_limit);
    }
    if let Status::YourMove { must_capture: true } | Status::SideToMove { must_capture: true, .. } = s.status {
        let who = names(snap.squares.iter().filter(|q| q.must_capture).map(|q| q.number), snap.notation);
        out += &format!("{} must capture ({who}): captures are compulsory\n", color_name(snap.side_to_move));
    }
    if let Status::DrawOffered { by } = s.status {
        out += &format!("{} offers a draw: accept or decline\n", color_name(by));
    }
    out
}

/// Square names, comma-separated, in the game's notation.
pub fn names(squares: impl Iterator<Item = u32>, notation: Notation) -> String {
    squares.filter_map(|n| square_name(n, notation)).collect::<Vec<_>>().join(", ")
}

/// Prints what happened since the last look: the computer's moves and the coach's tips. The engine work due
/// runs to its end first: line mode has nothing else to do meanwhile.
fn report(game: &GameController, engine: &Queued, out: &mut impl Write) -> Result<(), Fail> {
    if !engine.is_empty() && game.state().status == Status::ComputerThinking {
        writeln!(out, "Computer thinking...")?;
        out.flush()?;
    }
    engine.run_all();
    for event in game.take_events() {
        match event {
            GameEvent::Moved { mv, by_opponent: true, .. }
                if game.state().snapshot.opponent != Opponent::PassAndPlay =>
            {
                writeln!(out, "Computer plays {}", mv.text)?;
            }
            GameEvent::CoachTip { tip } => {
                writeln!(
                    out,
                    "Coach: {} was {} — {} was better. {}",
                    tip.played.text,
                    article(&tip.class),
                    tip.better.text,
                    tip.message
                )?;
            }
            GameEvent::Failed { message } => writeln!(out, "error: {}", printable(&message))?,
            _ => {}
        }
    }
    Ok(())
}

/// `a mistake`, `an inaccuracy`.
pub fn article(class: &str) -> String {
    let an = class.starts_with(['a', 'e', 'i', 'o', 'u']);
    format!("{} {class}", if an { "an" } else { "a" })
}

/// Plays the game on stdin/stdout until it ends, the input ends, or `quit`. `engine` is the background the
/// controller was made with; `db_option` is the `--db PATH` the game was opened with, if any: the printed way
/// to continue the game must name the same file.
pub fn run(game: Arc<GameController>, engine: Arc<Queued>, db_option: Option<&str>) -> Result<(), Fail> {
    let again = |id: i64| match db_option {
        Some(path) => {
            format!("Game {id} saved; continue it with: giveaway play --resume {id} --db {}", shell_word(path))
        }
        None => format!("Game {id} saved; continue it with: giveaway play --resume {id}"),
    };
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    let first = game.start();
    if let Some(id) = first.snapshot.game_id {
        writeln!(out, "Game {id}")?;
    }
    let mut input = stdin.lock();
    let mut show = true;
    loop {
        report(&game, &engine, &mut out)?;
        let s = game.tick();
        if show {
            write!(out, "{}{}", board_text::render(&s.snapshot, &s.coordinates), status(&s))?;
        }
        show = true;
        if let Some(r) = &s.snapshot.result {
            writeln!(out, "Game over: {} {}", r.text, r.pdn)?;
            return Ok(());
        }
        write!(out, "{} to move: ", color_name(s.snapshot.side_to_move))?;
        out.flush()?;
        let line = match read_line(&mut input)? {
            Input::Line(line) => line,
            Input::TooLong => {
                writeln!(out, "error: that line is longer than {MAX_LINE} characters; type a move or 'help'")?;
                show = false;
                continue;
            }
            Input::End => {
                writeln!(out)?;
                if let Some(id) = s.snapshot.game_id {
                    writeln!(out, "{}", again(id))?;
                }
                return Ok(());
            }
        };
        match command(&game, &engine, line.trim(), &mut out)? {
            Step::Quit => {
                game.leave();
                if let Some(id) = s.snapshot.game_id {
                    writeln!(out, "{}", again(id))?;
                }
                return Ok(());
            }
            Step::Redraw => {}
            Step::Same => show = false,
        }
    }
}

/// The longest line read as a move or command (a move's text is far shorter); a longer one is refused without
/// echoing it back, and is never held in memory whole.
const MAX_LINE: usize = 200;

enum Input {
    Line(String),
    TooLong,
    End,
}

/// The next input line. Bytes that are not UTF-8 become U+FFFD, so such a line is refused like any other bad
/// move instead of ending the game.
fn read_line(input: &mut impl BufRead) -> std::io::Result<Input> {
    let mut bytes = Vec::new();
    if input.by_ref().take(MAX_LINE as u64 + 1).read_until(b'\n', &mut bytes)? == 0 {
        return Ok(Input::End);
    }
    if bytes.len() > MAX_LINE && bytes.last() != Some(&b'\n') {
        // Skip the rest of the long line, a bounded piece at a time.
        loop {
            let mut rest = Vec::new();
            let n = input.by_ref().take(64 * 1024).read_until(b'\n', &mut rest)?;
            if n == 0 || rest.last() == Some(&b'\n') {
                return Ok(Input::TooLong);
            }
        }
    }
    Ok(Input::Line(String::from_utf8_lossy(&bytes).into_owned()))
}

/// `text` as one shell word, quoted only when it needs to be.
fn shell_word(text: &str) -> String {
    if !text.is_empty() && text.chars().all(|c| c.is_ascii_alphanumeric() || "/._-+,:@%".contains(c)) {
        text.to_string()
    } else {
        format!("'{}'", text.replace('\'', r"'\''"))
    }
}

enum Step {
    Redraw,
    Same,
    Quit,
}

/// One line of input. A refused move or command prints why and asks again.
fn command(game: &Arc<GameController>, engine: &Queued, line: &str, out: &mut impl Write) -> Result<Step, Fail> {
    let result: ApiResult<ScreenState> = match line {
        "" => return Ok(Step::Same),
        "quit" | "exit" | "q" => return Ok(Step::Quit),
        "help" | "?" => {
            writeln!(out, "{HELP}")?;
            return Ok(Step::Same);
        }
        "board" => return Ok(Step::Redraw),
        "hint" => {
            // Both steps at once: line mode has no piece to highlight.
            let asked = game.hint();
            engine.run_all();
            match asked.and_then(|_| game.hint()) {
                Ok(ScreenState { hint: Some(HintShown { mv: Some(mv), score_text, .. }), .. }) => {
                    writeln!(out, "Hint: {} ({score_text})", mv.text)?
                }
                Ok(_) => writeln!(out, "error: no hint was found")?,
                Err(e) => writeln!(out, "error: {}", printable(&e.to_string()))?,
            }
            return Ok(Step::Same);
        }
        "undo" => game.undo(),
        "redo" => game.redo(),
        "resign" => game.resign(),
        "draw" => game.offer_draw(),
        "accept" => game.accept_draw(),
        "decline" => game.decline_draw(),
        text => game.play_move(text.to_string()),
    };
    match result {
        Ok(_) => Ok(Step::Redraw),
        Err(e) => {
            writeln!(out, "error: {}", printable(&e.to_string()))?;
            Ok(Step::Same)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(mut input: &[u8]) -> Vec<String> {
        let mut seen = Vec::new();
        loop {
            match read_line(&mut input).unwrap() {
                Input::Line(l) => seen.push(l.trim_end().to_string()),
                Input::TooLong => seen.push("<too long>".into()),
                Input::End => return seen,
            }
        }
    }

    #[test]
    fn paths_are_quoted_for_the_shell_only_when_needed() {
        assert_eq!(shell_word("/tmp/games.db"), "/tmp/games.db");
        assert_eq!(shell_word("my games.db"), "'my games.db'");
        assert_eq!(shell_word("it's.db"), r"'it'\''s.db'");
    }

    #[test]
    fn lines_that_are_not_utf8_or_too_long_do_not_end_the_input() {
        let long = "a".repeat(MAX_LINE + 1);
        let fits = "b".repeat(MAX_LINE);
        let text = [&b"c3-d4\r\n\xff\xfe\n"[..], long.as_bytes(), b"\n", fits.as_bytes(), b"\nquit"].concat();
        assert_eq!(lines(&text), ["c3-d4", "\u{fffd}\u{fffd}", "<too long>", fits.as_str(), "quit"]);
    }
}
