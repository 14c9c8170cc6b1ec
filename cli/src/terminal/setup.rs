//! Turning `giveaway play` options into the API's game description: level by number or name, colour, time
//! control with odds, handicap. The full-screen app builds the same `NewGame` from its menus.

use super::play::PlayArgs;
use crate::args::Fail;
use giveaway_app::{levels, NewGame, Opponent, SideTime, StartPosition, TimeControl};
use giveaway_core::record::parse_seconds;
use giveaway_core::Color;

/// The level numbered `text` (1–8) or named `text` (case and spaces ignored: `club player`, `worldchampion`).
pub fn parse_level(text: &str) -> Result<u8, Fail> {
    let key = |s: &str| s.chars().filter(|c| c.is_alphanumeric()).flat_map(char::to_lowercase).collect::<String>();
    let all = levels();
    all.iter().find(|l| l.number.to_string() == text.trim() || key(&l.name) == key(text)).map(|l| l.number).ok_or_else(
        || {
            let names: Vec<String> = all.iter().map(|l| format!("{} {}", l.number, l.name)).collect();
            Fail(format!("unknown level '{text}' (levels: {})", names.join(", ")))
        },
    )
}

pub fn parse_color(text: &str) -> Result<Color, Fail> {
    match text.to_ascii_lowercase().as_str() {
        "white" | "w" => Ok(Color::White),
        "black" | "b" => Ok(Color::Black),
        _ => Err(Fail(format!("colour must be white or black, not '{text}'"))),
    }
}

/// `5+3` (minutes + increment seconds) for both sides, or `5+3/3+2` for White/Black (time odds).
pub fn parse_time_control(text: &str) -> Result<TimeControl, Fail> {
    let bad = || Fail(format!("time control must look like 5+3 or 5+3/3+0 (minutes+seconds), not '{text}'"));
    let side = |s: &str| -> Result<SideTime, Fail> {
        let (minutes, inc) = s.trim().split_once('+').ok_or_else(bad)?;
        let base_ms = parse_seconds(minutes.trim()).and_then(|ms| ms.checked_mul(60)).ok_or_else(bad)?;
        let increment_ms = parse_seconds(inc.trim()).ok_or_else(bad)?;
        if base_ms == 0 {
            return Err(Fail("a time control needs some time: the base must be above 0 minutes".into()));
        }
        Ok(SideTime { base_ms, increment_ms })
    };
    match text.split_once('/') {
        Some((w, b)) => Ok(TimeControl { white: side(w)?, black: side(b)? }),
        None => side(text).map(|s| TimeControl { white: s, black: s }),
    }
}

/// `21,22` or `a3 c3`: square numbers or names of men to take off the start position.
pub fn parse_squares(text: &str) -> Result<Vec<u32>, Fail> {
    text.split(|c: char| c == ',' || c.is_whitespace())
        .filter(|t| !t.is_empty())
        .map(|t| {
            t.parse::<u32>().ok().or_else(|| square_number(t)).ok_or_else(|| Fail(format!("'{t}' is not a square")))
        })
        .collect()
}

/// PDN number of a dark square named like `c3`.
fn square_number(name: &str) -> Option<u32> {
    let b = name.as_bytes();
    let (file, rank) = match b {
        [f @ b'a'..=b'h', r @ b'1'..=b'8'] => ((f - b'a') as u32, (r - b'1') as u32),
        _ => return None,
    };
    // Dark squares have file and rank of equal parity; numbering runs from b8 (1) to g1 (32).
    (file % 2 == rank % 2).then(|| (7 - rank) * 4 + file / 2 + 1)
}

/// The game `play --line` starts from its options.
pub fn new_game(args: &PlayArgs) -> Result<NewGame, Fail> {
    let opponent = match (&args.vs_computer, args.pass_and_play) {
        (Some(_), true) => return Err(Fail("choose either --vs-computer LEVEL or --pass-and-play".into())),
        (None, true) if args.color.is_some() => {
            return Err(Fail(
                "--color is your colour against the computer; in pass-and-play both sides are played here".into(),
            ))
        }
        (None, true) => Opponent::PassAndPlay,
        (level, false) => Opponent::Computer {
            level: parse_level(level.as_deref().unwrap_or("1"))?,
            human: args.color.as_deref().map(parse_color).transpose()?.unwrap_or(Color::White),
        },
    };
    let start = match (&args.fen, &args.remove) {
        (Some(_), Some(_)) => return Err(Fail("choose either --fen or --remove".into())),
        (Some(fen), None) => StartPosition::Fen { fen: fen.clone() },
        (None, Some(list)) => StartPosition::RemovedMen { squares: parse_squares(list)? },
        (None, None) => StartPosition::Standard,
    };
    let time_control = args.time.as_deref().map(parse_time_control).transpose()?;
    Ok(NewGame { opponent, start, time_control })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_by_number_or_name() {
        assert_eq!(parse_level("3").ok(), Some(3));
        assert_eq!(parse_level("Club player").ok(), Some(4));
        assert_eq!(parse_level("worldchampion").ok(), Some(8));
        assert!(parse_level("9").is_err());
        assert!(parse_level("grand").is_err());
    }

    #[test]
    fn time_controls_with_odds() {
        let tc = parse_time_control("5+3").ok().unwrap();
        assert_eq!(tc.white, SideTime { base_ms: 300_000, increment_ms: 3000 });
        assert_eq!(tc.white, tc.black);
        let odds = parse_time_control("5+3/1.5+0").ok().unwrap();
        assert_eq!(odds.black, SideTime { base_ms: 90_000, increment_ms: 0 });
        for bad in ["5", "+3", "0+1", "a+b", "5+3/", "-1+0"] {
            assert!(parse_time_control(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn squares_by_number_or_name() {
        assert_eq!(parse_squares("21, 22").ok(), Some(vec![21, 22]));
        assert_eq!(parse_squares("a1 b8 g1 h8 c3").ok(), Some(vec![29, 1, 32, 4, 22]));
        assert!(parse_squares("a2").is_err());
        assert!(parse_squares("z9").is_err());
    }
}
