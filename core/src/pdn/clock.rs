//! Clock times in PDN: the `H:MM:SS` form of the `WhiteClock`/`BlackClock` tags, and the per-move clock
//! command other draughts programs (lidraughts) write in a comment after a move:
//! `{[%clock w0:10:00 B0:10:00]}` — both clocks after the move, the upper-case letter on the clock now running.
//! PDN 3.0 also allows `%clk`, one time only, and times without colour letters; those are read as far as they
//! say something, never refused.

use crate::position::Color;
use crate::record::{parse_seconds, ClockTimes};

/// `1:04:05` (hours, minutes, seconds; the fraction only when not whole), the PDN clock form.
pub fn clock_text(ms: u64) -> String {
    let s = ms / 1000;
    let base = format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60);
    match ms % 1000 {
        0 => base,
        frac => format!("{base}.{frac:03}"),
    }
}

/// Reads `H:MM:SS`, `M:SS` or `S`, each with an optional fraction of a second, into milliseconds.
pub fn parse_clock(text: &str) -> Option<u64> {
    let text = text.trim();
    let (hms, frac) = text.split_once('.').map_or((text, None), |(h, f)| (h, Some(f)));
    let parts: Vec<&str> = hms.split(':').collect();
    if parts.len() > 3 {
        return None;
    }
    let mut secs: u64 = 0;
    for p in parts {
        if p.is_empty() || !p.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        secs = secs.checked_mul(60)?.checked_add(p.parse().ok()?)?;
    }
    // The fraction reads like seconds' fraction: reuse the seconds parser on "0.fff".
    let ms = match frac {
        Some(f) => parse_seconds(&format!("0.{f}")).filter(|_| !f.is_empty())?,
        None => 0,
    };
    secs.checked_mul(1000)?.checked_add(ms)
}

/// The comment written after a move: both clocks (White first), upper case on the side to move next.
pub fn clock_comment(clocks: ClockTimes, to_move: Color) -> String {
    let letter = |side: Color, c: char| if side == to_move { c.to_ascii_uppercase() } else { c };
    format!(
        "{{[%clock {}{} {}{}]}}",
        letter(Color::White, 'w'),
        clock_text(clocks.white_ms),
        letter(Color::Black, 'b'),
        clock_text(clocks.black_ms)
    )
}

/// The times a clock command in `comment` gives, as `[White, Black]`; `mover` made the move the comment follows
/// and owns a single time without a colour letter. `None` when the comment has no usable clock command
/// (none at all, a time that does not parse, two times for one side, more than two times).
pub fn clock_command(comment: &str, mover: Color) -> Option<[Option<u64>; 2]> {
    let args = command_args(comment)?;
    let mut times = [None, None];
    let mut unlettered = Vec::new();
    let mut count = 0;
    for word in args.split_whitespace() {
        count += 1;
        let side = match word.as_bytes().first() {
            Some(b'w' | b'W') => Some(Color::White),
            Some(b'b' | b'B') => Some(Color::Black),
            _ => None,
        };
        let ms = parse_clock(if side.is_some() { &word[1..] } else { word })?;
        match side {
            Some(side) => {
                let slot = &mut times[side as usize];
                if slot.replace(ms).is_some() {
                    return None;
                }
            }
            None => unlettered.push(ms),
        }
    }
    match (count, unlettered.as_slice()) {
        (0, _) | (3.., _) => return None,
        // A lone time is the clock of the side that just moved.
        (1, [ms]) => times[mover as usize] = Some(*ms),
        // Unlettered times fill the free places in White, Black order.
        (_, rest) => {
            let mut rest = rest.iter();
            for slot in times.iter_mut().filter(|s| s.is_none()) {
                *slot = rest.next().copied();
            }
        }
    }
    Some(times)
}

/// The text between `[%clock` (or `[%clk`) and its `]`.
fn command_args(comment: &str) -> Option<&str> {
    let (_, after) = comment.split_once("[%")?;
    let (command, rest) = after.split_once(|c: char| c.is_ascii_whitespace() || c == ']')?;
    if command != "clock" && command != "clk" {
        return None;
    }
    let (args, _) = rest.split_once(']').or_else(|| after.ends_with(']').then_some(("", "")))?;
    Some(args)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_text_round_trips() {
        for ms in [0, 999, 1000, 61_500, 3_600_000, 3_725_042, 86_400_000] {
            assert_eq!(parse_clock(&clock_text(ms)), Some(ms), "{ms}");
        }
        assert_eq!(clock_text(3_725_000), "1:02:05");
        assert_eq!(parse_clock("4:12"), Some(252_000));
        for bad in ["", "x", "1:2:3:4", "1.2345", "-1"] {
            assert_eq!(parse_clock(bad), None, "{bad}");
        }
    }

    #[test]
    fn the_written_comment_marks_the_running_clock() {
        assert_eq!(clock_comment(ClockTimes::new(600_000, 600_000), Color::Black), "{[%clock w0:10:00 B0:10:00]}");
        assert_eq!(
            clock_comment(ClockTimes::new(598_500, 3_600_000), Color::White),
            "{[%clock W0:09:58.500 b1:00:00]}"
        );
    }

    #[test]
    fn clock_commands_read_as_far_as_they_go() {
        let min = |m: u64| Some(m * 60_000);
        let w = Color::White;
        for (comment, mover, want) in [
            ("[%clock w0:10:00 B0:09:00]", w, Some([min(10), min(9)])),
            ("good move [%clock B0:09:00 W0:10:00] really", w, Some([min(10), min(9)])),
            ("[%clk 0:10:00 0:09:00]", w, Some([min(10), min(9)])),
            ("[%clk b0:09:00 0:10:00]", w, Some([min(10), min(9)])),
            ("[%clk 0:05:00]", Color::Black, Some([None, min(5)])),
            ("[%clock 0:05:00]", w, Some([min(5), None])),
            ("[%clock W0:05:00]", Color::Black, Some([min(5), None])),
            ("[%clock]", w, None),
            ("[%clock w0:10:00 w0:09:00]", w, None),
            ("[%clock w0:10:00 b0:09:00 0:01]", w, None),
            ("[%clock w0:1x:00 b0:09:00]", w, None),
            ("[%clock w0:10:00 b0:09:00", w, None),
            ("[%eval 0.3]", w, None),
            ("[%clocks 0:10]", w, None),
            ("no command", w, None),
            ("[%clk 0:10]ok", w, Some([Some(10_000), None])),
        ] {
            assert_eq!(clock_command(comment, mover), want, "{comment}");
        }
    }
}
