//! `giveaway play`: a game in the terminal through the same session API the phone apps use.
//!
//! Type a move (`c3-d4`, `c3:e5:c7`, `22-18`), or tap squares by name (`c3` then `d4`, hop by hop for a
//! capture), or a command: undo, redo, hint, resign, draw, accept, decline, notation, help, quit.

use crate::args::{Args, Fail};
use giveaway_core::api::runtime::runtime;
use giveaway_core::api::{GameLibrary, GameSession, GiveawayError, NewGame, Opponent, PieceKind, Snapshot, StartPosition};
use giveaway_core::{Color, Notation, Square};
use std::io::{BufRead, Write};
use std::sync::Arc;

const HELP: &str = "moves: c3-d4, c3:e5:c7 or 22-18; or squares one at a time (c3, then d4)
commands: undo, redo, hint, resign, draw (offer), accept, decline, notation, help, quit";

/// The board as text, White at the bottom: w/b men, W/B kings, * destination, ( ) selected, x captured ghost.
fn board(s: &Snapshot) -> String {
    let mut out = String::new();
    for rank in (0..8u32).rev() {
        out.push_str(&format!("{} ", rank + 1));
        for file in 0..8u32 {
            let Some(sq) = s.squares.iter().find(|q| q.file == file && q.rank == rank) else {
                out.push_str("   ");
                continue;
            };
            let c = match sq.piece {
                Some(p) => match (p.color, p.kind) {
                    (Color::White, PieceKind::Man) => 'w',
                    (Color::White, PieceKind::King) => 'W',
                    (Color::Black, PieceKind::Man) => 'b',
                    (Color::Black, PieceKind::King) => 'B',
                },
                None if sq.destination || sq.final_destination => '*',
                None => '.',
            };
            let c = if sq.ghost { 'x' } else { c };
            let (l, r) = if sq.selected { ('(', ')') } else if sq.last_move { ('[', ']') } else { (' ', ' ') };
            out.push_str(&format!("{l}{c}{r}"));
        }
        out.push('\n');
    }
    out.push_str("   a  b  c  d  e  f  g  h\n");
    out
}

fn status(s: &Snapshot) -> String {
    if let Some(r) = &s.result {
        return format!("Game over: {}", r.text);
    }
    let side = if s.side_to_move == Color::White { "White" } else { "Black" };
    let mut line = format!("{side} to move");
    if s.must_capture {
        line.push_str(" (must capture)");
    }
    if let Some(m) = &s.last_move {
        line = format!("last move {}; {line}", m.text);
    }
    if let Some(c) = &s.clocks {
        line.push_str(&format!("  clocks {}s / {}s", c.white_ms / 1000, c.black_ms / 1000));
    }
    line
}

fn show(s: &Snapshot) {
    println!("\n{}{}", board(s), status(s));
    for (i, c) in s.choices.iter().enumerate() {
        println!("  choice {i}: {}", c.text);
    }
}

pub fn cmd_play(raw: &[String]) -> Result<(), Fail> {
    let args = Args::parse(raw, &["level", "color", "fen", "db"], &["pass-and-play"])?;
    let level: u8 = match args.value("level") {
        Some(l) => l.parse().map_err(|_| Fail(format!("--level must be 1 to 8, not '{l}'")))?,
        None => 3,
    };
    let human = match args.value("color") {
        None | Some("white") => Color::White,
        Some("black") => Color::Black,
        Some(other) => return Err(Fail(format!("--color must be white or black, not '{other}'"))),
    };
    let opponent = if args.has("pass-and-play") { Opponent::PassAndPlay } else { Opponent::Computer { level, human } };
    let start = match args.value("fen") {
        Some(f) => StartPosition::Fen { fen: f.to_string() },
        None => StartPosition::Standard,
    };
    let setup = NewGame { opponent, start, time_control: None };
    let game: Arc<GameSession> = match args.value("db") {
        Some(path) => GameLibrary::open(path.to_string())?.new_game(setup)?,
        None => GameSession::new(setup)?,
    };
    let rt = runtime()?;
    println!("Giveaway: lose all your pieces (or get blocked) to win. Type 'help' for help.");
    let mut snap = game.snapshot()?;
    show(&snap);
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    loop {
        if snap.computer_to_move {
            println!("computer thinking…");
            snap = rt.block_on(game.computer_move(None))?;
            show(&snap);
            continue;
        }
        print!("> ");
        std::io::stdout().flush().ok();
        let Some(Ok(line)) = lines.next() else { break };
        let input = line.trim();
        let reply: Result<Snapshot, GiveawayError> = match input {
            "" => continue,
            "quit" | "exit" => break,
            "help" => {
                println!("{HELP}");
                continue;
            }
            "undo" => game.undo(),
            "redo" => game.redo(),
            "resign" => game.resign(snap.side_to_move),
            "draw" => game.offer_draw(),
            "accept" => game.accept_draw(),
            "decline" => game.decline_draw(),
            "notation" => {
                let n = if snap.notation == Notation::Algebraic { Notation::Numeric } else { Notation::Algebraic };
                Ok(game.set_notation(n))
            }
            "hint" => match rt.block_on(game.hint()) {
                Ok(h) => {
                    println!("hint: {}{}", h.mv.text, h.reason.map(|r| format!(" — {r}")).unwrap_or_default());
                    continue;
                }
                Err(e) => Err(e),
            },
            text => match (text.parse::<u32>(), Square::parse(text)) {
                (Ok(i), _) if !snap.choices.is_empty() => game.choose(i),
                (_, Some(sq)) => game.tap(sq.pdn() as u32),
                _ => game.play_move(text.to_string()),
            },
        };
        match reply {
            Ok(s) => {
                snap = s;
                show(&snap);
            }
            Err(e) => println!("{e}"),
        }
    }
    Ok(())
}
