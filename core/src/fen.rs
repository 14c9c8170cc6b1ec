//! PDN FEN: `W:W21,22,K30:B1,2` — side to move, then each colour's pieces, `K` marking kings.
//!
//! Input also accepts algebraic squares (`W:Wh6:Bg7,c5`), numeric ranges (`W:W21-32:B1-12`), either field
//! order, lower case, spaces and a trailing `.`. Output is one canonical form: numeric, ascending, White first.

use crate::position::{Color, Position, PositionError};
use crate::square::{Bitboard, Square};
use std::fmt;

/// Why a FEN text could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    /// The text is not FEN; the string says where.
    Syntax(String),
    /// The FEN is well formed but the position cannot exist.
    Impossible(PositionError),
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Syntax(why) => write!(f, "bad FEN: {why}"),
            FenError::Impossible(e) => write!(f, "impossible position: {e}"),
        }
    }
}

impl std::error::Error for FenError {}

fn syntax(why: impl Into<String>) -> FenError {
    FenError::Syntax(why.into())
}

fn color_letter(s: &str) -> Option<Color> {
    match s {
        "W" | "w" => Some(Color::White),
        "B" | "b" => Some(Color::Black),
        _ => None,
    }
}

/// Reads a FEN position (numeric or algebraic squares; see the module docs for what is accepted).
pub fn parse_fen(text: &str) -> Result<Position, FenError> {
    let t: String =
        text.trim().trim_matches('"').trim_end_matches('.').chars().filter(|c| !c.is_whitespace()).collect();
    if t.is_empty() {
        return Err(syntax("empty"));
    }
    let mut fields = t.split(':');
    let side_field = fields.next().unwrap_or_default();
    let side =
        color_letter(side_field).ok_or_else(|| syntax(format!("side to move must be W or B, found '{side_field}'")))?;
    let mut boards: [Option<(Bitboard, Bitboard)>; 2] = [None, None];
    for field in fields {
        let (letter, list) = field.split_at(field.chars().next().map_or(0, char::len_utf8));
        let color = color_letter(letter)
            .ok_or_else(|| syntax(format!("each piece list must start with W or B, found '{field}'")))?;
        if boards[color.index()].is_some() {
            return Err(syntax(format!("{color:?} pieces are listed twice")));
        }
        boards[color.index()] = Some(parse_piece_list(list)?);
    }
    let (white, white_kings) = boards[0].ok_or_else(|| syntax("no white piece list"))?;
    let (black, black_kings) = boards[1].ok_or_else(|| syntax("no black piece list"))?;
    if let Some(s) = (white & black).first() {
        return Err(FenError::Impossible(PositionError::Overlap(s)));
    }
    Position::new(white, black, white_kings | black_kings, side).map_err(FenError::Impossible)
}

/// Parses `21,22,K30,1-4` into (all pieces, kings).
fn parse_piece_list(list: &str) -> Result<(Bitboard, Bitboard), FenError> {
    let (mut all, mut kings) = (Bitboard::EMPTY, Bitboard::EMPTY);
    if list.is_empty() {
        return Ok((all, kings));
    }
    for item in list.split(',') {
        let (king, body) = match item.strip_prefix(['K', 'k']) {
            Some(rest) => (true, rest),
            None => (false, item),
        };
        let squares: Vec<Square> = match body.split_once('-') {
            Some((a, b)) => {
                let (a, b): (u8, u8) = match (a.parse(), b.parse()) {
                    (Ok(a), Ok(b)) if (1..=32).contains(&a) && (1..=32).contains(&b) && a <= b => (a, b),
                    _ => return Err(syntax(format!("'{item}' is not a range of square numbers like 21-32"))),
                };
                (a..=b).filter_map(Square::from_pdn).collect()
            }
            None => vec![Square::parse(body).ok_or_else(|| syntax(format!("'{item}' is not a dark square")))?],
        };
        for s in squares {
            if all.contains(s) {
                return Err(syntax(format!("square {s} is listed twice")));
            }
            all |= s.mask();
            if king {
                kings |= s.mask();
            }
        }
    }
    Ok((all, kings))
}

/// The canonical FEN of a position.
pub fn to_fen(pos: &Position) -> String {
    let letter = |c: Color| if c == Color::White { 'W' } else { 'B' };
    let mut out = String::new();
    out.push(letter(pos.side_to_move()));
    for c in [Color::White, Color::Black] {
        out.push(':');
        out.push(letter(c));
        let mut squares: Vec<Square> = pos.pieces(c).squares().collect();
        squares.sort_by_key(|s| s.pdn());
        let items: Vec<String> =
            squares.iter().map(|s| format!("{}{}", if pos.kings().contains(*s) { "K" } else { "" }, s.pdn())).collect();
        out.push_str(&items.join(","));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12";

    #[test]
    fn start_fen_round_trips_in_every_spelling() {
        assert_eq!(to_fen(&Position::start()), START);
        for spelling in [
            START,
            "W:W21-32:B1-12",
            "W:B1-12:W21-32",
            " w:w21-32:b1-12. ",
            "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8",
        ] {
            assert_eq!(parse_fen(spelling).unwrap(), Position::start(), "{spelling}");
        }
    }

    #[test]
    fn kings_and_algebraic() {
        let p = parse_fen("B:WKa1,c3:BKh8,Kg7,f6").unwrap();
        assert_eq!(to_fen(&p), "B:W22,K29:BK4,K8,11");
        assert_eq!(parse_fen(&to_fen(&p)).unwrap(), p);
    }

    #[test]
    fn rejects_impossible_and_malformed() {
        let cases = [
            ("", "empty"),
            ("X:W1:B2", "side to move"),
            ("W:W21:W22", "listed twice"),
            ("W:W21", "no black"),
            ("W:W21,21:B1", "listed twice"),
            ("W:W21:B21", "both a white and a black"),
            ("W:W1:B5", "promotion rank"),
            ("W:W21:B29", "promotion rank"),
            ("W:WK1-13:B20", "more than 12"),
            ("W:W33:B1", "not a dark square"),
            ("W:Wa2:B1", "not a dark square"),
            ("W:W5-3:B1", "range"),
            ("W:Q21:B1", "must start with W or B"),
        ];
        for (fen, why) in cases {
            let e = parse_fen(fen).unwrap_err().to_string();
            assert!(e.contains(why), "{fen}: {e}");
        }
        // Kings on the promotion rank are fine.
        assert!(parse_fen("W:WK1:BK29").is_ok());
    }
}
