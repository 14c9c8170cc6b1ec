//! Command-line arguments and the one error type every command returns.

use giveaway_core::{parse_fen, Position};
use std::fmt::Display;
use std::ops::RangeInclusive;
use std::str::FromStr;

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

    /// The value of `--name` as a number within `range`, else `default` when the option is absent.
    pub fn number_in<T>(&self, name: &str, range: RangeInclusive<T>, default: T) -> Result<T, Fail>
    where
        T: FromStr + PartialOrd + Display,
    {
        match self.value(name) {
            None => Ok(default),
            Some(v) => v.parse().ok().filter(|n| range.contains(n)).ok_or_else(|| {
                Fail(format!("--{name} must be a number from {} to {}, not '{v}'", range.start(), range.end()))
            }),
        }
    }

    /// Refuses positional arguments beyond the first `max`.
    pub fn at_most(&self, max: usize) -> Result<(), Fail> {
        match self.positional.get(max) {
            Some(extra) => Err(Fail(format!("unexpected argument '{extra}'"))),
            None => Ok(()),
        }
    }

    pub fn position(&self) -> Result<Position, Fail> {
        match self.value("fen") {
            Some(f) => Ok(parse_fen(f)?),
            None => Ok(Position::start()),
        }
    }
}


#[cfg(test)]
mod tests {
    use super::*;

    fn args(raw: &[&str]) -> Args {
        let raw: Vec<String> = raw.iter().map(|s| s.to_string()).collect();
        Args::parse(&raw, &["hash"], &[]).ok().unwrap()
    }

    #[test]
    fn numbers_outside_their_range_are_refused_with_the_range() {
        assert_eq!(args(&[]).number_in("hash", 1..=1024, 16).ok(), Some(16));
        assert_eq!(args(&["--hash", "1024"]).number_in("hash", 1..=1024, 16).ok(), Some(1024));
        for bad in ["0", "1025", "99999999999", "-1", "x", ""] {
            let Err(Fail(why)) = args(&["--hash", bad]).number_in("hash", 1..=1024usize, 16) else { panic!("{bad}") };
            assert_eq!(why, format!("--hash must be a number from 1 to 1024, not '{bad}'"));
        }
    }

    #[test]
    fn extra_positional_arguments_are_refused() {
        assert!(args(&["a"]).at_most(1).is_ok());
        assert!(args(&["a", "b"]).at_most(1).is_err());
        assert!(args(&["a"]).at_most(0).is_err());
    }
}
