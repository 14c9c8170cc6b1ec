//! Command-line arguments and the one error type every command returns.

use giveaway_core::{parse_fen, Position};

/// A command-line mistake: printed as one line on stderr, exit code 2.
pub struct Fail(pub String);

impl<E: std::fmt::Display> From<E> for Fail {
    fn from(e: E) -> Fail {
        Fail(e.to_string())
    }
}

/// Parsed `--flag value` and `--switch` options plus positional arguments.
pub struct Args {
    pub positional: Vec<String>,
    options: Vec<(String, Option<String>)>,
}

impl Args {
    /// `with_value` lists the options that take a value.
    pub fn parse(raw: &[String], with_value: &[&str], switches: &[&str]) -> Result<Args, Fail> {
        let mut positional = Vec::new();
        let mut options = Vec::new();
        let mut it = raw.iter();
        while let Some(a) = it.next() {
            if let Some(name) = a.strip_prefix("--") {
                if with_value.contains(&name) {
                    let v = it.next().ok_or_else(|| Fail(format!("--{name} needs a value")))?;
                    options.push((name.to_string(), Some(v.clone())));
                } else if switches.contains(&name) {
                    options.push((name.to_string(), None));
                } else {
                    return Err(Fail(format!("unknown option --{name}")));
                }
            } else {
                positional.push(a.clone());
            }
        }
        Ok(Args { positional, options })
    }

    pub fn value(&self, name: &str) -> Option<&str> {
        self.options.iter().rev().find(|(n, _)| n == name).and_then(|(_, v)| v.as_deref())
    }

    pub fn has(&self, name: &str) -> bool {
        self.options.iter().any(|(n, _)| n == name)
    }

    pub fn position(&self) -> Result<Position, Fail> {
        match self.value("fen") {
            Some(f) => Ok(parse_fen(f)?),
            None => Ok(Position::start()),
        }
    }
}

