//! The opening book: for positions of the first plies, the moves that scored well in the engine's own
//! self-play (`giveaway book build`), chosen at random with weights so that the strong levels answer at once
//! and vary from game to game.
//!
//! Keyed by the position's Zobrist hash; a stored move is used only if it is legal in the position asked
//! about, so a hash collision can only miss, never play an illegal move. [`Rules`] holds only draw rules
//! (repetition, king-move count), which never change which moves are legal, and book positions have no
//! kings, so neither rule can apply in them: one book serves every rules value.
//!
//! The text format, one position a line after `#` comments: the hash in 16 hex digits, then for each move
//! its notation, games, half-points scored by the side that played it, and the mean search score it had
//! when chosen (centi-units, mover's view), all separated by spaces.

use super::rng::Rng;
use crate::movegen::Move;
use crate::notation::parse_move;
use crate::position::Position;
use std::collections::{HashMap, HashSet};
use std::fmt::{self, Write};
use std::sync::OnceLock;

/// The book checked into the repository (made by `make book`).
const EMBEDDED: &str = include_str!("../../data/book.txt");

/// Size of the embedded book's text, in bytes.
pub const EMBEDDED_BOOK_BYTES: usize = EMBEDDED.len();

/// One move of a book position, with what self-play made of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookMove {
    /// The move in algebraic notation (resolved against the position when probed).
    pub text: String,
    /// Self-play games in which it was played here.
    pub games: u32,
    /// Half-points the side that played it scored in those games (win 2, draw 1).
    pub half_points: u32,
    /// The mean search score it had when chosen, in centi-units from the mover's side.
    pub eval: i32,
}

impl BookMove {
    /// The share of the points the mover scored with it, 0..=1.
    pub fn score(&self) -> f64 {
        self.half_points as f64 / (2 * self.games.max(1)) as f64
    }

    /// Its chance weight: the half-points it scored, plus one so that no kept move is never played.
    pub fn weight(&self) -> u32 {
        self.half_points + 1
    }
}

/// Why a book text did not parse.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookError {
    /// The 1-based line of the text.
    pub line: usize,
    /// What was wrong there.
    pub reason: String,
}

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "opening book line {}: {}", self.line, self.reason)
    }
}

impl std::error::Error for BookError {}

/// An opening book: positions (by hash) and their moves.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Book {
    positions: HashMap<u64, Vec<BookMove>>,
}

impl Book {
    /// The book embedded in the program, parsed on first use. A book that does not parse (a test guards
    /// against it) is logged and left empty: the levels then simply search.
    pub fn embedded() -> &'static Book {
        static BOOK: OnceLock<Book> = OnceLock::new();
        BOOK.get_or_init(|| {
            Book::parse(EMBEDDED).unwrap_or_else(|e| {
                log::error!("{e}; playing without the opening book");
                Book::default()
            })
        })
    }

    /// Reads the text format (see the module docs).
    pub fn parse(text: &str) -> Result<Book, BookError> {
        let mut positions = HashMap::new();
        for (i, line) in text.lines().enumerate() {
            let err = |reason: String| BookError { line: i + 1, reason };
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let mut words = line.split_whitespace();
            let hash = words.next().unwrap_or_default();
            let hash = u64::from_str_radix(hash, 16)
                .map_err(|_| err(format!("'{hash}' is not a hexadecimal position hash")))?;
            let words: Vec<&str> = words.collect();
            if words.is_empty() || !words.len().is_multiple_of(4) {
                return Err(err("each move needs its notation, games, half-points and score".into()));
            }
            let moves = words
                .chunks(4)
                .map(|w| {
                    let num = |s: &str| s.parse::<u32>().map_err(|_| err(format!("'{s}' is not a count")));
                    let (games, half_points) = (num(w[1])?, num(w[2])?);
                    if games == 0 || half_points > 2 * games {
                        return Err(err(format!("{}: {half_points} half-points in {games} games", w[0])));
                    }
                    let eval = w[3].parse().map_err(|_| err(format!("'{}' is not a score", w[3])))?;
                    Ok(BookMove { text: w[0].to_string(), games, half_points, eval })
                })
                .collect::<Result<Vec<_>, _>>()?;
            if positions.insert(hash, moves).is_some() {
                return Err(err(format!("position {hash:016x} appears twice")));
            }
        }
        Ok(Book { positions })
    }

    /// The book of those of `positions` reached from the start by their moves (a builder's result): a position
    /// reached only through moves left out could never have its own moves checked, so it is dropped too.
    pub fn from_reached(positions: HashMap<u64, Vec<BookMove>>) -> Book {
        let mut book = Book { positions };
        let (reached, _) = book.walk_from_start();
        book.positions.retain(|h, _| reached.contains(h));
        book
    }

    /// The text format, positions in hash order (so that a rebuild diffs cleanly), after `header` as comments.
    pub fn to_text(&self, header: &str) -> String {
        let mut out = String::new();
        for line in header.lines() {
            let _ = writeln!(out, "# {line}");
        }
        let mut hashes: Vec<&u64> = self.positions.keys().collect();
        hashes.sort();
        for h in hashes {
            let _ = write!(out, "{h:016x}");
            for m in &self.positions[h] {
                let _ = write!(out, " {} {} {} {}", m.text, m.games, m.half_points, m.eval);
            }
            out.push('\n');
        }
        out
    }

    /// Number of positions.
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    /// Whether the book has no position.
    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// Number of moves over all positions.
    pub fn move_count(&self) -> usize {
        self.positions.values().map(Vec::len).sum()
    }

    /// The book's moves that are legal in `pos`, most weight first; empty when `pos` is not in the book.
    pub fn moves(&self, pos: &Position) -> Vec<(Move, &BookMove)> {
        let Some(entries) = self.positions.get(&pos.hash()) else { return Vec::new() };
        let mut found: Vec<(Move, &BookMove)> =
            entries.iter().filter_map(|b| Some((parse_move(pos, &b.text).ok()?, b))).collect();
        found.sort_by_key(|(_, b)| std::cmp::Reverse(b.weight()));
        found
    }

    /// A book move for `pos` drawn at random by weight, or `None` when `pos` is not in the book.
    pub fn choose(&self, pos: &Position, rng: &mut Rng) -> Option<(Move, &BookMove)> {
        let moves = self.moves(pos);
        let total: u32 = moves.iter().map(|(_, b)| b.weight()).sum();
        let mut x = rng.below(total.max(1) as usize) as u32;
        for (mv, b) in &moves {
            if x < b.weight() {
                return Some((*mv, *b));
            }
            x -= b.weight();
        }
        None
    }

    /// The book positions reached from the start by playing book moves only, and the stored moves that are
    /// not legal where they are stored (`hash move: why`; for the tests and `giveaway book probe`).
    pub fn walk_from_start(&self) -> (HashSet<u64>, Vec<String>) {
        let mut reached = HashSet::new();
        let mut illegal = Vec::new();
        let mut todo = vec![Position::start()];
        while let Some(pos) = todo.pop() {
            let Some(entries) = self.positions.get(&pos.hash()) else { continue };
            if !reached.insert(pos.hash()) {
                continue;
            }
            for b in entries {
                match parse_move(&pos, &b.text) {
                    Ok(mv) => todo.push(pos.play(&mv)),
                    Err(e) => illegal.push(format!("{:016x} {}: {e}", pos.hash(), b.text)),
                }
            }
        }
        (reached, illegal)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Engine, Level, SearchResult, SearchRoot, StopHandle};
    use crate::game::Rules;
    use crate::movegen::legal_moves;
    use std::time::{Duration, Instant};

    #[test]
    fn bad_book_text_is_refused_with_its_line() {
        for (text, line) in [
            ("zz c3-d4 1 1 0", 1),
            ("# c\n0123 c3-d4 1 1", 2),
            ("0123 c3-d4 0 0 0", 1),
            ("0123 c3-d4 1 3 0", 1),
            ("0123 c3-d4 x 1 0", 1),
            ("0123 c3-d4 1 1 y", 1),
            ("0123 c3-d4 1 1 0\n0123 e3-f4 1 1 0", 2),
            ("0123", 1),
        ] {
            assert_eq!(Book::parse(text).map_err(|e| e.line), Err(line), "{text}");
        }
    }

    #[test]
    fn text_round_trips_and_only_legal_moves_are_offered() {
        let start = Position::start();
        let text = format!("{:016x} c3-d4 10 12 5 a1-b2 4 8 -3 c3-b4 2 2 0\n", start.hash());
        let book = Book::parse(&text).unwrap();
        assert_eq!(Book::parse(&book.to_text("a header\nof two lines")).unwrap(), book);
        assert_eq!((book.len(), book.move_count()), (1, 3));
        // a1-b2 is not legal at the start (b2 is taken): never offered.
        let moves: Vec<String> = book.moves(&start).iter().map(|(m, _)| m.to_string()).collect();
        assert_eq!(moves, ["c3-d4", "c3-b4"]);
        let (reached, illegal) = book.walk_from_start();
        assert_eq!((reached.len(), illegal.len()), (1, 1));
    }

    #[test]
    fn choice_follows_the_weights() {
        let start = Position::start();
        let book = Book::parse(&format!("{:016x} c3-d4 10 19 0 c3-b4 10 0 0\n", start.hash())).unwrap();
        let mut rng = Rng::new(5);
        let heavy = (0..1000).filter(|_| book.choose(&start, &mut rng).unwrap().0.to_string() == "c3-d4").count();
        // Weights 20 and 1: about 952 of 1000.
        assert!((900..990).contains(&heavy), "{heavy}");
        assert!(book.choose(&start.with_side_to_move(crate::position::Color::Black), &mut rng).is_none());
    }

    #[test]
    fn the_embedded_book_parses_and_every_entry_is_reached_by_legal_moves() {
        let book = Book::parse(EMBEDDED).unwrap();
        assert!(book.len() > 10, "{} positions", book.len());
        let (reached, illegal) = book.walk_from_start();
        assert!(illegal.is_empty(), "{illegal:?}");
        // Every entry is checked: each is reached from the start, so its moves were resolved in its position.
        assert_eq!(reached.len(), book.len());
        assert!(book.positions.values().flatten().all(|m| m.games > 0));
    }

    fn level_8_at_the_start(seed: u64) -> (SearchResult, Duration) {
        let root = SearchRoot::new(Position::start(), Rules::default());
        let t = Instant::now();
        let r = Level::get(8).unwrap().choose(
            &mut Engine::new(1),
            &root,
            &mut Rng::new(seed),
            &StopHandle::new(),
            &mut |_| {},
        );
        (r.unwrap(), t.elapsed())
    }

    #[test]
    fn level_8_opens_from_the_book_at_once_and_varies() {
        let mut firsts = HashSet::new();
        for seed in 0..20 {
            let (r, took) = level_8_at_the_start(seed);
            // A search would take its 2 s and count nodes.
            assert_eq!(r.nodes, 0);
            assert!(took < Duration::from_secs(1), "{took:?}");
            firsts.insert(r.best.unwrap());
        }
        assert!(firsts.len() >= 2, "{firsts:?}");
        assert!(firsts.iter().all(|m| legal_moves(&Position::start()).contains(m)));
    }

    #[test]
    fn weak_levels_and_positions_outside_the_book_search() {
        let start = SearchRoot::new(Position::start(), Rules::default());
        let r = Level::get(1).unwrap().choose(
            &mut Engine::new(1),
            &start,
            &mut Rng::new(1),
            &StopHandle::new(),
            &mut |_| {},
        );
        assert!(r.unwrap().nodes > 0);
        // A handicap start (White without a1) is not in the book: level 8 searches it.
        let handicap =
            crate::fen::parse_fen("W:W21,22,23,24,25,26,27,28,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12").unwrap();
        assert!(Book::embedded().moves(&handicap).is_empty());
        let level = Level::get(8).unwrap().with_movetime(Duration::from_millis(20));
        let r = level.choose(
            &mut Engine::new(1),
            &SearchRoot::new(handicap, Rules::default()),
            &mut Rng::new(1),
            &StopHandle::new(),
            &mut |_| {},
        );
        assert!(r.unwrap().nodes > 0);
        // Without the book level 8 searches the start too.
        let r =
            level.without_book().choose(&mut Engine::new(1), &start, &mut Rng::new(1), &StopHandle::new(), &mut |_| {});
        assert!(r.unwrap().nodes > 0);
    }
}
