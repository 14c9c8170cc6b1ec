//! Move notation: algebraic as Russian players write it (`c3-d4`, `c3:e5:c7`) and numeric PDN (`22-18`,
//! `22x15`), both for output and for input resolved against a position.

use crate::movegen::{legal_moves, Move};
use crate::position::{Color, Position};
use crate::square::{Bitboard, Square};
use std::fmt;

/// How moves are written for display.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Notation {
    /// `c3-d4`, `c3:e5:c7`
    #[default]
    Algebraic,
    /// `22-18`, `22x15x8`
    Numeric,
}

/// Writes a square: `c3` or `22`.
pub fn format_square(sq: Square, notation: Notation) -> String {
    match notation {
        Notation::Algebraic => sq.to_string(),
        Notation::Numeric => sq.pdn().to_string(),
    }
}

/// Writes a move with every landing square.
pub fn format_move(mv: &Move, notation: Notation) -> String {
    let sep = match (notation, mv.is_capture()) {
        (Notation::Algebraic, true) => ":",
        (Notation::Numeric, true) => "x",
        (_, false) => "-",
    };
    let mut s = format_square(mv.from(), notation);
    for &sq in mv.path() {
        s.push_str(sep);
        s.push_str(&format_square(sq, notation));
    }
    s
}

/// Why a written move does not name exactly one legal move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveParseError {
    /// Not move notation at all.
    Malformed(String),
    /// Well-formed, but no legal move matches; the text says why.
    Illegal(String),
    /// Several legal moves with different outcomes match; lists them in algebraic notation.
    Ambiguous(Vec<String>),
}

impl fmt::Display for MoveParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveParseError::Malformed(why) => write!(f, "malformed move: {why}"),
            MoveParseError::Illegal(why) => write!(f, "illegal move: {why}"),
            MoveParseError::Ambiguous(c) => write!(f, "ambiguous move: could be {}", c.join(" or ")),
        }
    }
}

impl std::error::Error for MoveParseError {}

/// The squares a written move names, in order (`c3:e5:c7` → [c3, e5, c7]); separators `-`, `:` and `x`.
pub fn parse_squares(text: &str) -> Result<Vec<Square>, MoveParseError> {
    let t = text.trim();
    if t.is_empty() {
        return Err(MoveParseError::Malformed("empty move".into()));
    }
    let mut squares = Vec::new();
    for part in t.split(['-', ':', 'x', 'X']) {
        let sq = Square::parse(part).ok_or_else(|| {
            MoveParseError::Malformed(if part.is_empty() {
                format!("'{t}' has an empty square between separators")
            } else {
                format!("'{part}' is not a dark square (use a1–h8 or 1–32)")
            })
        })?;
        squares.push(sq);
    }
    if squares.len() < 2 {
        return Err(MoveParseError::Malformed(format!("'{t}' needs a start and a destination square")));
    }
    if squares.len() > crate::movegen::MAX_PATH + 1 {
        return Err(MoveParseError::Malformed(format!("'{t}' names too many squares")));
    }
    Ok(squares)
}

/// Resolves written move text to the one legal move it names. The first square is the start, the last is the
/// destination; squares between must be landing squares of the path, in order, but need not all be given.
/// Where the rules let a king stop on any of several squares before capturing on along the same diagonal, any
/// of them may be written; the move comes back in its one written form, with the landing nearest each captured
/// piece. A complete path always names its own move. Paths that differ only in the route but reach the same
/// position count as one.
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, MoveParseError> {
    parse_move_among(pos, &legal_moves(pos), text)
}

/// [`parse_move`] among `moves` of `pos` instead of its legal moves (a premove: see
/// [`crate::movegen::moves_by_shape`]).
pub fn parse_move_among(pos: &Position, moves: &[Move], text: &str) -> Result<Move, MoveParseError> {
    let squares = parse_squares(text)?;
    resolve_among(pos, moves, &squares)
}

/// Resolves a sequence of named squares (start, optional intermediate landings, destination) to a legal move.
pub fn resolve(pos: &Position, squares: &[Square]) -> Result<Move, MoveParseError> {
    resolve_among(pos, &legal_moves(pos), squares)
}

fn resolve_among(pos: &Position, moves: &[Move], squares: &[Square]) -> Result<Move, MoveParseError> {
    let (from, rest) = squares.split_first().expect("parse_squares gives at least two squares");
    let (to, via) = rest.split_last().expect("parse_squares gives at least two squares");
    let here: Vec<(&Move, Vec<Bitboard>)> =
        moves.iter().filter(|m| m.from() == *from && m.to() == *to).map(|m| (m, m.landing_choices())).collect();
    // A fully written path names its move outright, even when a longer path also passes through its squares.
    let full: Vec<&Move> = here
        .iter()
        .filter(|(_, choices)| choices.len() == rest.len() && rest.iter().zip(choices).all(|(s, c)| c.contains(*s)))
        .map(|(m, _)| *m)
        .collect();
    let matching = if full.is_empty() {
        here.iter().filter(|(_, choices)| is_subsequence(via, &choices[..choices.len() - 1])).map(|(m, _)| *m).collect()
    } else {
        full
    };
    match matching.as_slice() {
        [] => Err(MoveParseError::Illegal(why_illegal(pos, moves, *from, *to))),
        [first, rest @ ..] => {
            if rest.iter().all(|m| m.outcome_key() == first.outcome_key()) {
                Ok(**first)
            } else {
                Err(MoveParseError::Ambiguous(matching.iter().map(|m| m.to_string()).collect()))
            }
        }
    }
}

/// Whether the squares of `needle` lie, in order, in successive sets of `hay` (not necessarily adjacent ones).
fn is_subsequence(needle: &[Square], hay: &[Bitboard]) -> bool {
    let mut it = hay.iter();
    needle.iter().all(|n| it.any(|h| h.contains(*n)))
}

fn why_illegal(pos: &Position, moves: &[Move], from: Square, to: Square) -> String {
    let us = pos.side_to_move();
    let side = |c: Color| if c == Color::White { "White" } else { "Black" };
    match pos.piece_at(from) {
        None => return format!("there is no piece on {from}"),
        Some(p) if p.color != us => {
            return format!("the piece on {from} is {}'s; {} is to move", side(p.color), side(us))
        }
        _ => {}
    }
    if moves.is_empty() {
        return format!("{} has no legal move", side(us));
    }
    let from_here: Vec<&Move> = moves.iter().filter(|m| m.from() == from).collect();
    if moves[0].is_capture() {
        if from_here.is_empty() {
            let list: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
            return format!("capturing is compulsory; the legal captures are {}", list.join(", "));
        }
        if from_here.iter().any(|m| m.landing_choices().iter().any(|c| c.contains(to))) {
            return format!("a capture must be completed: the piece on {from} can capture further than {to}");
        }
    }
    if from_here.is_empty() {
        return format!("the piece on {from} has no legal move");
    }
    let list: Vec<String> = from_here.iter().map(|m| m.to_string()).collect();
    format!("the piece on {from} cannot go to {to}; its legal moves are {}", list.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fen::parse_fen;

    #[test]
    fn formats_both_ways() {
        let p = Position::start();
        let m = parse_move(&p, "c3-d4").unwrap();
        assert_eq!(format_move(&m, Notation::Algebraic), "c3-d4");
        assert_eq!(format_move(&m, Notation::Numeric), "22-18");
        assert_eq!(parse_move(&p, "22-18").unwrap(), m);
    }

    #[test]
    fn explains_illegal_moves() {
        let p = Position::start();
        assert!(matches!(parse_move(&p, "c3-c4"), Err(MoveParseError::Malformed(_))));
        assert!(matches!(parse_move(&p, "c3"), Err(MoveParseError::Malformed(_))));
        assert!(matches!(parse_move(&p, "zz-d4"), Err(MoveParseError::Malformed(_))));
        let e = parse_move(&p, "d4-e5").unwrap_err();
        assert_eq!(e, MoveParseError::Illegal("there is no piece on d4".into()));
        let e = parse_move(&p, "b6-a5").unwrap_err().to_string();
        assert!(e.contains("Black's"), "{e}");
        let e = parse_move(&p, "c3-e5").unwrap_err().to_string();
        assert!(e.contains("cannot go to e5"), "{e}");
        // Compulsory capture explained.
        let p = parse_fen("W:Wc3,g3:Bd4").unwrap();
        let e = parse_move(&p, "g3-h4").unwrap_err().to_string();
        assert!(e.contains("compulsory") && e.contains("c3:e5"), "{e}");
    }

    #[test]
    fn short_forms_resolve_and_ambiguity_is_reported() {
        // The one-move position: the full path, the short form, and numeric all name it.
        let p = parse_fen("W:Wh6:Bg7,c5,d2").unwrap();
        let full = parse_move(&p, "h6:f8:b4:e1").unwrap();
        assert_eq!(parse_move(&p, "h6:e1").unwrap(), full);
        assert_eq!(parse_move(&p, "12x3x17x31").unwrap(), full);
        assert_eq!(parse_move(&p, "h6xe1").unwrap(), full);
        // Two king paths from a3 to d2 that capture different pieces: the short form is ambiguous.
        let p = parse_fen("W:WK9,K21:B6,8,K11,14,20,23,K30,K32").unwrap();
        let e = parse_move(&p, "a3:d2").unwrap_err();
        assert!(
            matches!(e, MoveParseError::Ambiguous(ref v) if v.contains(&"a3:f8:h6:d2".to_string())
                && v.contains(&"a3:e7:g5:d2".to_string())),
            "{e:?}"
        );
        assert_eq!(parse_move(&p, "a3:f8:d2").unwrap().to_string(), "a3:f8:h6:d2");
        assert_eq!(parse_move(&p, "a3:g5:d2").unwrap().to_string(), "a3:e7:g5:d2");
    }

    #[test]
    fn a_king_may_write_any_stop_before_capturing_on_and_the_move_comes_back_one_way() {
        // h8 takes e5 and may stop on d4 or c3, from both of which it takes b2 (issue 16: c3 was refused).
        let p = parse_fen("W:WKh8:Be5,b2").unwrap();
        for text in ["h8:d4:a1", "h8:c3:a1", "h8xc3xa1", "h8:a1", "4x18x29", "4x22x29"] {
            assert_eq!(parse_move(&p, text).map(|m| m.to_string()), Ok("h8:d4:a1".to_string()), "{text}");
        }
        let e = parse_move(&p, "h8:c3").unwrap_err().to_string();
        assert!(e.contains("must be completed: the piece on h8 can capture further than c3"), "{e}");
        // A stop on the far side of the next piece, or before the first, is no landing at all.
        assert!(parse_move(&p, "h8:g7:a1").is_err());
        // A man crowned mid-capture goes on as a king: d6 or c5 before taking b4.
        let p = parse_fen("W:Wf4:Bg5,g7,e7,b4").unwrap();
        for text in ["f4:h6:f8:d6:a3", "f4:h6:f8:c5:a3", "f4:f8:c5:a3", "f4:c5:a3", "f4:a3"] {
            assert_eq!(parse_move(&p, text).map(|m| m.to_string()), Ok("f4:h6:f8:d6:a3".to_string()), "{text}");
        }
    }

    #[test]
    fn a_full_path_is_never_ambiguous() {
        // g5:e3:g1 and g5:e3:c1:a3:c5:g1 both pass e3 and end on g1; written in full, each names itself
        // (found by the PDN round-trip property test).
        let mut p = parse_fen("B:W21,23,24,25,26,27,28,29:B1,2,3,6,8,10,11,12").unwrap();
        for m in [
            "d8-e7", "e3-f4", "b8-a7", "b2-c3", "d6-c5", "c3-d4", "c5:e3:g5", "a1-b2", "f6-e5", "a3-b4", "c7-b6",
            "g3-f4",
        ] {
            p = p.play(&parse_move(&p, m).unwrap());
        }
        assert_eq!(parse_move(&p, "g5:e3:g1").unwrap().to_string(), "g5:e3:g1");
        assert_eq!(parse_move(&p, "g5:e3:c1:a3:c5:g1").unwrap().to_string(), "g5:e3:c1:a3:c5:g1");
        assert!(matches!(parse_move(&p, "g5:g1"), Err(MoveParseError::Ambiguous(_))));
    }
}
