//! A set of puzzles in the shipped text format, and the set embedded in the program (`core/data/puzzles.txt`,
//! made by `giveaway puzzles build`).
//!
//! The format: `#` comment lines (the generator's figures), then one puzzle a line, its fields separated by
//! tabs: number, FEN, the solution's moves separated by spaces, themes separated by commas, rating
//! ([`Puzzle::to_line`]).

use super::{Puzzle, PuzzleError, Theme};
use crate::engine::Rng;
use std::sync::OnceLock;

/// The set checked into the repository.
const EMBEDDED: &str = include_str!("../../data/puzzles.txt");

/// The embedded set's text (for the export and the size figures).
pub fn shipped_text() -> &'static str {
    EMBEDDED
}

/// The set embedded in the program, read on first use. A set that does not read (a test guards against it) is
/// logged and left empty.
pub fn shipped() -> &'static PuzzleSet {
    static SET: OnceLock<PuzzleSet> = OnceLock::new();
    SET.get_or_init(|| {
        PuzzleSet::parse(EMBEDDED).unwrap_or_else(|e| {
            log::error!("{e}; no puzzles");
            PuzzleSet::default()
        })
    })
}

/// Puzzles in order of their numbers.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PuzzleSet {
    puzzles: Vec<Puzzle>,
}

impl PuzzleSet {
    /// A set of these puzzles, sorted by number (numbers must differ).
    pub fn new(mut puzzles: Vec<Puzzle>) -> Result<PuzzleSet, PuzzleError> {
        puzzles.sort_by_key(|p| p.id);
        if let Some(w) = puzzles.windows(2).find(|w| w[0].id == w[1].id) {
            return Err(PuzzleError(format!("puzzle number {} is used twice", w[0].id)));
        }
        Ok(PuzzleSet { puzzles })
    }

    /// Reads the text format; an error names the line.
    pub fn parse(text: &str) -> Result<PuzzleSet, PuzzleError> {
        let mut puzzles = Vec::new();
        for (i, line) in text.lines().enumerate() {
            if line.trim().is_empty() || line.starts_with('#') {
                continue;
            }
            puzzles.push(Puzzle::from_line(line).map_err(|e| PuzzleError(format!("line {}: {e}", i + 1)))?);
        }
        PuzzleSet::new(puzzles)
    }

    /// The text format, `header` lines first as comments.
    pub fn to_text(&self, header: &str) -> String {
        let mut out = String::new();
        for line in header.lines() {
            out.push_str("# ");
            out.push_str(line);
            out.push('\n');
        }
        for p in &self.puzzles {
            out.push_str(&p.to_line());
            out.push('\n');
        }
        out
    }

    /// All puzzles, by number.
    pub fn puzzles(&self) -> &[Puzzle] {
        &self.puzzles
    }

    /// How many there are.
    pub fn len(&self) -> usize {
        self.puzzles.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.puzzles.is_empty()
    }

    /// The puzzle with number `id`.
    pub fn get(&self, id: u32) -> Option<&Puzzle> {
        self.puzzles.binary_search_by_key(&id, |p| p.id).ok().map(|i| &self.puzzles[i])
    }

    /// The puzzle of the day `day` (days since 1970-01-01, UTC): the same for everyone on that date, from the
    /// set alone; consecutive days differ. `None` for an empty set.
    pub fn daily(&self, day: i64) -> Option<&Puzzle> {
        if self.puzzles.is_empty() {
            return None;
        }
        let n = self.puzzles.len() as u64;
        // A fixed shuffle of the set: days walk a seeded permutation, so no puzzle comes back before all have
        // been shown once (over `n` days), and the order does not follow the numbers.
        let cycle = day.div_euclid(n as i64) as u64;
        let step = day.rem_euclid(n as i64) as u64;
        let mut rng = Rng::new(0x9e37_79b9 ^ cycle);
        let a = loop {
            let a = rng.next_u64() % n;
            if a != 0 && gcd(a, n) == 1 {
                break a;
            }
            if n == 1 {
                break 1;
            }
        };
        let b = rng.next_u64() % n;
        Some(&self.puzzles[((a * step + b) % n) as usize])
    }

    /// How many puzzles have `theme`.
    pub fn count(&self, theme: Theme) -> usize {
        self.puzzles.iter().filter(|p| p.themes.contains(&theme)).count()
    }
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(n: u32) -> PuzzleSet {
        let p = Puzzle::new(1, "W:WK5:BK30", &["a7-e3", "c1:h6"], &["win"], 800).unwrap();
        PuzzleSet::new((1..=n).map(|id| Puzzle { id, ..p.clone() }).collect()).unwrap()
    }

    #[test]
    fn the_shipped_set_reads() {
        let text = shipped_text();
        let parsed = PuzzleSet::parse(text).expect("core/data/puzzles.txt reads");
        assert_eq!(&parsed, shipped());
    }

    #[test]
    fn a_set_writes_and_reads_back_and_refuses_twice_used_numbers() {
        let s = set(3);
        let text = s.to_text("made by a test\nsecond line");
        assert!(text.starts_with("# made by a test\n# second line\n1\t"));
        assert_eq!(PuzzleSet::parse(&text).unwrap(), s);
        assert_eq!(s.get(2).map(|p| p.id), Some(2));
        assert_eq!(s.get(9), None);
        let twice = format!("{text}{}\n", s.puzzles()[0].to_line());
        assert!(PuzzleSet::parse(&twice).unwrap_err().0.contains("used twice"));
        assert!(PuzzleSet::parse("1\tW:WK5:BK30\n").unwrap_err().0.starts_with("line 1:"));
    }

    #[test]
    fn the_daily_puzzle_is_fixed_by_the_date_and_shows_every_puzzle_once_a_cycle() {
        let s = set(97);
        assert_eq!(PuzzleSet::default().daily(20_000), None);
        assert_eq!(s.daily(20_000), s.daily(20_000));
        for cycle in [0i64, 5, -1] {
            let mut seen: Vec<u32> = (0..97).map(|d| s.daily(cycle * 97 + d).unwrap().id).collect();
            seen.sort();
            seen.dedup();
            assert_eq!(seen.len(), 97, "cycle {cycle}");
        }
        assert_ne!(s.daily(20_000), s.daily(20_001));
        assert_eq!(set(1).daily(12).map(|p| p.id), Some(1));
    }
}
