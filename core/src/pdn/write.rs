//! Writes games as PDN: the seven-tag roster, GameType 25 with `[Variant "Giveaway"]`, `SetUp`/`FEN` for
//! other starts, the remaining tags, then numbered algebraic movetext wrapped at 80 columns (a move's clocks in a
//! comment after it) and the result.

use super::clock::clock_comment;
use super::{result_token, MoveAt, PdnGame, GAME_TYPE, VARIANT};
use crate::fen::to_fen;
use crate::position::{Color, Position};
use std::fmt::Write;

/// The seven-tag roster, in the order PDN requires, with the value written when a tag is missing.
const ROSTER: [(&str, &str); 6] =
    [("Event", "?"), ("Site", "?"), ("Date", "????.??.??"), ("Round", "?"), ("White", "?"), ("Black", "?")];

/// Tags the writer produces itself; copies among the game's tags are not written again.
const OWN: [&str; 11] =
    ["Event", "Site", "Date", "Round", "White", "Black", "Result", "GameType", "Variant", "SetUp", "FEN"];

const WIDTH: usize = 80;

/// Several games, separated by blank lines.
pub fn write_games(games: &[PdnGame]) -> String {
    games.iter().map(write_game).collect::<Vec<_>>().join("\n")
}

/// One game as PDN text: tags, then the moves wrapped at 80 columns, then the result.
pub fn write_game(game: &PdnGame) -> String {
    let mut out = String::new();
    for (key, default) in ROSTER {
        tag(&mut out, key, game.tag(key).unwrap_or(default));
    }
    tag(&mut out, "Result", result_token(game.result));
    tag(&mut out, "GameType", GAME_TYPE);
    tag(&mut out, "Variant", VARIANT);
    if game.start != Position::start() {
        tag(&mut out, "SetUp", "1");
        tag(&mut out, "FEN", &to_fen(&game.start));
    }
    for (key, value) in &game.tags {
        if !OWN.iter().any(|o| o.eq_ignore_ascii_case(key)) && is_tag_name(key) {
            tag(&mut out, key, value);
        }
    }
    out.push('\n');
    let mut line = String::new();
    let first = game.start.side_to_move();
    for (ply, mv) in game.moves.iter().enumerate() {
        let at = MoveAt::of_ply(first, ply);
        // A move number stays on the line of its move.
        let text = if at.side == Color::White {
            format!("{}. {mv}", at.number)
        } else if ply == 0 {
            format!("{}... {mv}", at.number)
        } else {
            mv.to_string()
        };
        word(&mut out, &mut line, &text);
        if let Some(clocks) = game.clocks.get(ply).copied().flatten() {
            // One word, so wrapping never splits the comment.
            word(&mut out, &mut line, &clock_comment(clocks, at.side.opponent()));
        }
    }
    word(&mut out, &mut line, result_token(game.result));
    out.push_str(&line);
    out.push('\n');
    out
}

/// Tag names other programs could have given us that we could not write back readably are dropped.
fn is_tag_name(key: &str) -> bool {
    !key.is_empty() && key.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'_')
}

fn tag(out: &mut String, key: &str, value: &str) {
    let mut v = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            '\\' | '"' => {
                v.push('\\');
                v.push(c);
            }
            '\n' | '\r' => v.push(' '),
            c => v.push(c),
        }
    }
    let _ = writeln!(out, "[{key} \"{v}\"]");
}

/// Appends a movetext word, breaking the line before it would pass the width.
fn word(out: &mut String, line: &mut String, w: &str) {
    if !line.is_empty() && line.len() + 1 + w.len() > WIDTH {
        out.push_str(line);
        out.push('\n');
        line.clear();
    }
    if !line.is_empty() {
        line.push(' ');
    }
    line.push_str(w);
}
