//! The opening book: for positions of the first plies, the moves the engine's own book builder chose, each
//! checked by the proof search, with what self-play made of them; chosen at random with weights so that the
//! levels that use it answer at once and vary from game to game (`giveaway book build`, tools/src/book.rs).
//!
//! Each move carries what the proof search found: proven not to lose (the opponent cannot force a win after
//! it), not proven either way within the build's budget, or lost by force in so many plies. A lost move is
//! kept in its position but never played from the book: the coach and the analysis use it to say that an
//! opening loses by force. Each position carries its ply from the start, so that a level can use the book
//! only as deep as its strength allows.
//!
//! Keyed by the position's Zobrist hash; a stored move is used only if it is legal in the position asked
//! about, so a hash collision can only miss, never play an illegal move. [`Rules`] holds only draw rules
//! (repetition, king-move count), which never change which moves are legal, and book positions have no
//! kings, so neither rule can apply in them: one book serves every rules value.
//!
//! The text format, one position a line after `#` comments: the hash in 16 hex digits, its ply from the start,
//! then for each move its notation, games, half-points scored by the side that played it, the mean search
//! score it had (centi-units, mover's view) and its proof (`+` proven not to lose, `?` not proven either way,
//! `L26` lost by force in 26 plies counting the move), all separated by spaces.
//!
//! [`Rules`]: crate::game::Rules

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

/// What the proof search found of a book move when the book was built.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BookProof {
    /// Proven not to lose: the opponent cannot force a win after it.
    Safe,
    /// Not proven to lose (nor not to lose) within the build's budget.
    Open,
    /// Lost by force in this many plies, the move included: never played from the book.
    Loses(u16),
}

impl BookProof {
    fn token(self) -> String {
        match self {
            BookProof::Safe => "+".into(),
            BookProof::Open => "?".into(),
            BookProof::Loses(plies) => format!("L{plies}"),
        }
    }

    fn parse(token: &str) -> Option<BookProof> {
        match token {
            "+" => Some(BookProof::Safe),
            "?" => Some(BookProof::Open),
            _ => token.strip_prefix('L')?.parse().ok().map(BookProof::Loses),
        }
    }
}

/// One move of a book position, with what the build made of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookMove {
    /// The move in algebraic notation (resolved against the position when probed).
    pub text: String,
    /// Self-play games in which it was played here (0 for a move lost by force, kept only to be known).
    pub games: u32,
    /// Half-points the side that played it scored in those games (win 2, draw 1).
    pub half_points: u32,
    /// The mean search score it had when chosen, in centi-units from the mover's side.
    pub eval: i32,
    /// What the proof search found.
    pub proof: BookProof,
}

impl BookMove {
    /// The share of the points the mover scored with it, 0..=1.
    pub fn score(&self) -> f64 {
        self.half_points as f64 / (2 * self.games.max(1)) as f64
    }

    /// Its chance weight: the half-points it scored plus one, so that no playable move is never played; 0 for
    /// a move lost by force.
    pub fn weight(&self) -> u32 {
        match self.proof {
            BookProof::Loses(_) => 0,
            _ => self.half_points + 1,
        }
    }

    /// Whether the book may play it (it is not lost by force).
    pub fn playable(&self) -> bool {
        !matches!(self.proof, BookProof::Loses(_))
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

/// A book position: its ply from the start and its moves.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BookPosition {
    /// Plies from the start position to it along the build's first path.
    pub ply: u16,
    /// Its moves: the ones to play and the ones lost by force.
    pub moves: Vec<BookMove>,
}

/// An opening book: positions (by hash) and their moves.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Book {
    positions: HashMap<u64, BookPosition>,
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
            let ply = words.next().unwrap_or_default();
            let ply = ply.parse::<u16>().map_err(|_| err(format!("'{ply}' is not a ply")))?;
            let words: Vec<&str> = words.collect();
            if words.is_empty() || !words.len().is_multiple_of(5) {
                return Err(err("each move needs its notation, games, half-points, score and proof".into()));
            }
            let moves = words
                .chunks(5)
                .map(|w| {
                    let num = |s: &str| s.parse::<u32>().map_err(|_| err(format!("'{s}' is not a count")));
                    let (games, half_points) = (num(w[1])?, num(w[2])?);
                    let eval = w[3].parse().map_err(|_| err(format!("'{}' is not a score", w[3])))?;
                    let proof = BookProof::parse(w[4]).ok_or_else(|| err(format!("'{}' is not a proof", w[4])))?;
                    let playable = !matches!(proof, BookProof::Loses(_));
                    if (playable && games == 0) || half_points > 2 * games {
                        return Err(err(format!("{}: {half_points} half-points in {games} games", w[0])));
                    }
                    Ok(BookMove { text: w[0].to_string(), games, half_points, eval, proof })
                })
                .collect::<Result<Vec<_>, _>>()?;
            if positions.insert(hash, BookPosition { ply, moves }).is_some() {
                return Err(err(format!("position {hash:016x} appears twice")));
            }
        }
        Ok(Book { positions })
    }

    /// The book of those of `positions` reached from the start by their playable moves (a builder's result): a
    /// position reached only through moves left out could never have its own moves checked, so it is dropped.
    pub fn from_reached(positions: HashMap<u64, BookPosition>) -> Book {
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
            let p = &self.positions[h];
            let _ = write!(out, "{h:016x} {}", p.ply);
            for m in &p.moves {
                let _ = write!(out, " {} {} {} {} {}", m.text, m.games, m.half_points, m.eval, m.proof.token());
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

    /// Number of moves over all positions (those lost by force included).
    pub fn move_count(&self) -> usize {
        self.positions.values().map(|p| p.moves.len()).sum()
    }

    /// Every position's entry, in no particular order (statistics and checks).
    pub fn positions(&self) -> impl Iterator<Item = &BookPosition> {
        self.positions.values()
    }

    /// The ply of `pos` from the start, when it is in the book.
    pub fn ply(&self, pos: &Position) -> Option<u16> {
        self.positions.get(&pos.hash()).map(|p| p.ply)
    }

    /// The book's moves that are legal in `pos` (the lost ones too), most weight first; empty when `pos` is not
    /// in the book.
    pub fn moves(&self, pos: &Position) -> Vec<(Move, &BookMove)> {
        let Some(entry) = self.positions.get(&pos.hash()) else { return Vec::new() };
        let mut found: Vec<(Move, &BookMove)> =
            entry.moves.iter().filter_map(|b| Some((parse_move(pos, &b.text).ok()?, b))).collect();
        found.sort_by_key(|(_, b)| std::cmp::Reverse(b.weight()));
        found
    }

    /// The plies in which `mv` loses by force from `pos` (the move included), when the book proved it.
    pub fn loses(&self, pos: &Position, mv: &Move) -> Option<u16> {
        self.moves(pos).into_iter().find_map(|(m, b)| match b.proof {
            BookProof::Loses(plies) if m.outcome_key() == mv.outcome_key() => Some(plies),
            _ => None,
        })
    }

    /// A playable book move for `pos` drawn at random by weight, or `None` when `pos` is not in the book.
    pub fn choose(&self, pos: &Position, rng: &mut Rng) -> Option<(Move, &BookMove)> {
        let moves: Vec<_> = self.moves(pos).into_iter().filter(|(_, b)| b.playable()).collect();
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

    /// The book positions reached from the start by playing playable book moves only, and the stored moves
    /// that are not legal where they are stored (`hash move: why`; for the tests and `giveaway book probe`).
    pub fn walk_from_start(&self) -> (HashSet<u64>, Vec<String>) {
        let mut reached = HashSet::new();
        let mut illegal = Vec::new();
        let mut todo = vec![Position::start()];
        while let Some(pos) = todo.pop() {
            let Some(entry) = self.positions.get(&pos.hash()) else { continue };
            if !reached.insert(pos.hash()) {
                continue;
            }
            for b in &entry.moves {
                match parse_move(&pos, &b.text) {
                    Ok(mv) if b.playable() => todo.push(pos.play(&mv)),
                    Ok(_) => {}
                    Err(e) => illegal.push(format!("{:016x} {}: {e}", pos.hash(), b.text)),
                }
            }
        }
        (reached, illegal)
    }
}

/// For tests elsewhere: the shortest line of playable book moves from the start to a position where the book
/// knows a move lost by force, that move and its plies.
#[cfg(test)]
pub(crate) fn first_losing_line(book: &Book) -> Option<(Vec<Move>, Move, u16)> {
    let mut todo = std::collections::VecDeque::from([(Position::start(), Vec::new())]);
    let mut seen = HashSet::new();
    while let Some((pos, line)) = todo.pop_front() {
        if !seen.insert(pos.hash()) {
            continue;
        }
        for (mv, b) in book.moves(&pos) {
            match b.proof {
                BookProof::Loses(plies) => return Some((line, mv, plies)),
                _ => todo.push_back((pos.play(&mv), line.iter().copied().chain([mv]).collect())),
            }
        }
    }
    None
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
            ("zz 0 c3-d4 1 1 0 ?", 1),
            ("# c\n0123 0 c3-d4 1 1 0", 2),
            ("0123 0 c3-d4 0 0 0 ?", 1),
            ("0123 0 c3-d4 1 3 0 +", 1),
            ("0123 0 c3-d4 x 1 0 ?", 1),
            ("0123 0 c3-d4 1 1 y ?", 1),
            ("0123 0 c3-d4 1 1 0 L", 1),
            ("0123 0 c3-d4 1 1 0 W3", 1),
            ("0123 x c3-d4 1 1 0 ?", 1),
            ("0123 0 c3-d4 1 1 0 ?\n0123 1 e3-f4 1 1 0 ?", 2),
            ("0123 0", 1),
        ] {
            assert_eq!(Book::parse(text).map_err(|e| e.line), Err(line), "{text}");
        }
    }

    #[test]
    fn text_round_trips_and_only_legal_moves_are_offered() {
        let start = Position::start();
        let text = format!("{:016x} 0 c3-d4 10 12 5 + a1-b2 4 8 -3 ? c3-b4 2 2 0 ? g3-h4 0 0 -90 L31\n", start.hash());
        let book = Book::parse(&text).unwrap();
        assert_eq!(Book::parse(&book.to_text("a header\nof two lines")).unwrap(), book);
        assert_eq!((book.len(), book.move_count(), book.ply(&start)), (1, 4, Some(0)));
        // a1-b2 is not legal at the start (b2 is taken): never offered.
        let moves: Vec<String> = book.moves(&start).iter().map(|(m, _)| m.to_string()).collect();
        assert_eq!(moves, ["c3-d4", "c3-b4", "g3-h4"]);
        let (reached, illegal) = book.walk_from_start();
        assert_eq!((reached.len(), illegal.len()), (1, 1));
        // The lost move is known and never chosen.
        let g3h4 = parse_move(&start, "g3-h4").unwrap();
        assert_eq!(book.loses(&start, &g3h4), Some(31));
        assert_eq!(book.loses(&start, &parse_move(&start, "c3-d4").unwrap()), None);
        let mut rng = Rng::new(1);
        assert!((0..200).all(|_| book.choose(&start, &mut rng).unwrap().0 != g3h4));
    }

    #[test]
    fn choice_follows_the_weights() {
        let start = Position::start();
        let book = Book::parse(&format!("{:016x} 0 c3-d4 10 19 0 ? c3-b4 10 0 0 ?\n", start.hash())).unwrap();
        let mut rng = Rng::new(5);
        let heavy = (0..1000).filter(|_| book.choose(&start, &mut rng).unwrap().0.to_string() == "c3-d4").count();
        // Weights 20 and 1: about 952 of 1000.
        assert!((900..990).contains(&heavy), "{heavy}");
        assert!(book.choose(&start.with_side_to_move(crate::position::Color::Black), &mut rng).is_none());
    }

    #[test]
    fn the_embedded_book_is_deep_and_knows_lost_moves() {
        let book = Book::embedded();
        // At least 12 plies on the main line, and moves lost by force known (issue 29).
        assert!(book.positions().any(|p| p.ply >= 12));
        let (line, mv, plies) = first_losing_line(book).expect("a move lost by force");
        let pos = line.iter().fold(Position::start(), |p, m| p.play(m));
        assert_eq!(book.loses(&pos, &mv), Some(plies));
        assert!(book.moves(&pos).iter().any(|(_, b)| b.playable()), "a lost move beside playable ones");
    }

    #[test]
    fn the_embedded_book_parses_and_every_entry_is_reached_by_legal_moves() {
        let book = Book::parse(EMBEDDED).unwrap();
        assert!(book.len() > 10, "{} positions", book.len());
        let (reached, illegal) = book.walk_from_start();
        assert!(illegal.is_empty(), "{illegal:?}");
        // Every entry is checked: each is reached from the start, so its moves were resolved in its position.
        assert_eq!(reached.len(), book.len());
        assert!(book.positions().flat_map(|p| &p.moves).all(|m| m.games > 0 || !m.playable()));
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
