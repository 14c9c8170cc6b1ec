//! Writing results to stdout. `println!` panics when the write fails (a full disk behind `> file`, a closed
//! stdout); these return the failure as a `Fail` (exit 2, one line) for the command to pass up with `?`.

use crate::args::Fail;

/// `println!` returning `Result<(), Fail>`.
macro_rules! outln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        writeln!(std::io::stdout().lock(), $($arg)*).map_err($crate::out::write_failed)
    }};
}

/// `print!` returning `Result<(), Fail>`.
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let mut stdout = std::io::stdout().lock();
        write!(stdout, $($arg)*).and_then(|()| stdout.flush()).map_err($crate::out::write_failed)
    }};
}

pub(crate) use {out, outln};

pub fn write_failed(e: std::io::Error) -> Fail {
    Fail(format!("cannot write the output: {e}"))
}
