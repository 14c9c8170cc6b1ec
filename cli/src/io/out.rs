//! Writing results to stdout. `println!` panics when the write fails (a full disk behind `> file`, a closed
//! stdout); these return the failure as a `Fail` (exit 2, one line) for the command to pass up with `?`.
//! Text from outside (input, files, stored names) is made printable before it reaches a terminal.

use crate::args::Fail;
use std::borrow::Cow;

/// `println!` returning `Result<(), Fail>`.
macro_rules! outln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        writeln!(std::io::stdout().lock(), $($arg)*).map_err($crate::io::out::write_failed)
    }};
}

/// `print!` returning `Result<(), Fail>`.
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let mut stdout = std::io::stdout().lock();
        write!(stdout, $($arg)*).and_then(|()| stdout.flush()).map_err($crate::io::out::write_failed)
    }};
}

pub(crate) use {out, outln};

pub fn write_failed(e: std::io::Error) -> Fail {
    Fail(format!("cannot write the output: {e}"))
}

/// `text` with every control character (ESC, the C1 codes, line breaks…) and every mark that reverses the
/// direction of text written as an escape such as `\u{1b}`: text that came in from outside (a typed line, a
/// PDN file, a stored name) reaches the terminal as characters and cannot drive it.
pub fn printable(text: &str) -> Cow<'_, str> {
    let drives_terminal = |c: char| {
        c.is_control() || matches!(c, '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
    };
    if !text.chars().any(drives_terminal) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if drives_terminal(c) {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// One line on stderr, made printable; a failed write is ignored (the terminal may be gone).
pub fn warn(text: &str) {
    use std::io::Write as _;
    let _ = writeln!(std::io::stderr().lock(), "giveaway: {}", printable(text));
}

#[cfg(test)]
mod tests {
    use super::printable;

    #[test]
    fn control_characters_and_direction_marks_are_escaped() {
        assert_eq!(printable("c3-d4 Иван"), "c3-d4 Иван");
        assert_eq!(printable("c3\x1b[2J\x07"), "c3\\u{1b}[2J\\u{7}");
        assert_eq!(printable("a\nb\tc\u{9b}d\u{202e}e"), "a\\nb\\tc\\u{9b}d\\u{202e}e");
    }
}
