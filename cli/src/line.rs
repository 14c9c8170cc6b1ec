//! Plain line mode: prints the position and reads moves in notation, one per line, so games can be scripted
//! and tested. Used when stdin or stdout is not a terminal, or with `--line`.

use crate::board_text;
use crate::args::Fail;
use crate::out::printable;
use giveaway_core::api::runtime::runtime;
use giveaway_core::api::{ApiResult, GameSession, Opponent, Snapshot};
use giveaway_core::Color;
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

/// `3:05.2` (tenths shown under a minute so a scripted flag fall can be followed).
pub fn clock_text(ms: u64) -> String {
    let (m, s) = (ms / 60_000, (ms / 1000) % 60);
    if ms < 60_000 {
        format!("{m}:{s:02}.{}", (ms / 100) % 10)
    } else {
        format!("{m}:{s:02}")
    }
}

/// Everything below the board: FEN, clocks, draw counters, forced captures, draw offer, result.
fn status(snap: &Snapshot) -> String {
    let mut out = format!("FEN {}\n", snap.fen);
    if let Some(c) = &snap.clocks {
        out += &format!("Clocks: White {}  Black {}\n", clock_text(c.white_ms), clock_text(c.black_ms));
    }
    let k = &snap.counters;
    if k.king_move_limit > 0 && k.king_move_plies > 0 {
        out += &format!("King moves without capture: {} of {} plies\n", k.king_move_plies, k.king_move_limit);
    }
    if snap.must_capture && snap.result.is_none() {
        let who: Vec<&str> = snap.squares.iter().filter(|s| s.must_capture).map(|s| s.name.as_str()).collect();
        if !who.is_empty() {
            out += &format!("{} must capture ({}): captures are compulsory\n", color_name(snap.side_to_move), who.join(", "));
        }
    }
    if let Some(by) = snap.draw_offer {
        out += &format!("{} offers a draw: accept or decline\n", color_name(by));
    }
    out
}

/// Plays `session` on stdin/stdout until the game ends, the input ends, or `quit`. `db_option` is the
/// `--db PATH` the game was opened with, if any: the printed way to continue the game must name the same file.
pub fn run(session: Arc<GameSession>, db_option: Option<&str>) -> Result<(), Fail> {
    let again = |id: i64| match db_option {
        Some(path) => format!("Game {id} saved; continue it with: giveaway play --resume {id} --db {}", shell_word(path)),
        None => format!("Game {id} saved; continue it with: giveaway play --resume {id}"),
    };
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    let first = session.snapshot()?;
    let bottom = match first.opponent {
        Opponent::Computer { human, .. } => human,
        Opponent::PassAndPlay => Color::White,
    };
    if let Some(id) = first.game_id {
        writeln!(out, "Game {id}")?;
    }
    let mut input = stdin.lock();
    let mut show = true;
    loop {
        let snap = session.snapshot()?;
        if show {
            write!(out, "{}{}", board_text::render(&snap, bottom), status(&snap))?;
        }
        show = true;
        if let Some(r) = &snap.result {
            writeln!(out, "Game over: {} {}", r.text, r.pdn)?;
            return Ok(());
        }
        if snap.computer_to_move {
            writeln!(out, "Computer thinking...")?;
            out.flush()?;
            let after = wait(session.computer_move(None))??;
            if let Some(m) = &after.last_move {
                writeln!(out, "Computer plays {}", m.text)?;
            }
            continue;
        }
        write!(out, "{} to move: ", color_name(snap.side_to_move))?;
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
                if let Some(id) = snap.game_id {
                    writeln!(out, "{}", again(id))?;
                }
                return Ok(());
            }
        };
        match command(&session, &snap, line.trim(), &mut out)? {
            Step::Quit => {
                if let Some(id) = snap.game_id {
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
fn command(session: &GameSession, snap: &Snapshot, line: &str, out: &mut impl Write) -> Result<Step, Fail> {
    let human = match snap.opponent {
        Opponent::Computer { human, .. } => human,
        Opponent::PassAndPlay => snap.side_to_move,
    };
    let result: ApiResult<Snapshot> = match line {
        "" => return Ok(Step::Same),
        "quit" | "exit" | "q" => return Ok(Step::Quit),
        "help" | "?" => {
            writeln!(out, "{HELP}")?;
            return Ok(Step::Same);
        }
        "board" => return Ok(Step::Redraw),
        "hint" => {
            match wait(session.hint())? {
                Ok(h) => writeln!(out, "Hint: {} ({})", h.mv.text, h.score_text)?,
                Err(e) => writeln!(out, "error: {}", printable(&e.to_string()))?,
            }
            return Ok(Step::Same);
        }
        "undo" => session.undo(),
        "redo" => session.redo(),
        "resign" => session.resign(human),
        "draw" => session.offer_draw(),
        "accept" => session.accept_draw(),
        "decline" => session.decline_draw(),
        text => session.play_move(text.to_string()),
    };
    match result {
        Ok(_) => Ok(Step::Redraw),
        Err(e) => {
            writeln!(out, "error: {}", printable(&e.to_string()))?;
            Ok(Step::Same)
        }
    }
}

/// Waits for an API future on the core's runtime (line mode has nothing else to do meanwhile).
fn wait<F: std::future::Future>(f: F) -> ApiResult<F::Output> {
    Ok(runtime()?.block_on(f))
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
