//! Fair starting positions for matches: every opening a few plies from the start, each put to the proof search,
//! so that a match can leave out the openings already won by force for one side and measure play, not an
//! opening lottery.

use giveaway_core::engine::{prove, Proof, ProofLimits, SearchRoot, Verdict};
use giveaway_core::tablebase::Tablebase;
use giveaway_core::{Game, Notation, Position, Rules};
use std::collections::HashSet;
use std::fmt;

/// Every distinct position exactly `plies` plies from the start (none where the game ended on the way), each as
/// the first game found that reaches it, in move-generation order.
pub fn openings(plies: usize, rules: Rules) -> Vec<Game> {
    let mut layer = vec![Game::new(Position::start(), rules)];
    for _ in 0..plies {
        let mut seen = HashSet::new();
        let mut next = Vec::new();
        for game in &layer {
            for mv in game.legal_moves() {
                let mut g = game.clone();
                // Moves from the generator are legal; a refusal would only drop that line.
                if g.play(&mv).is_ok() && !g.is_over() && seen.insert(*g.position()) {
                    next.push(g);
                }
            }
        }
        layer = next;
    }
    layer
}

/// The openings of `plies` plies after which `then` (one move, in either notation: `10-15` or `c5-d4`) is legal,
/// each with the game after that move: one pair per distinct position after it (the first opening found that
/// reaches it, in the order of [`openings`]), only those with `pieces` pieces on the board after it when given.
/// How a game a report names by one move and a piece count ("after our 10-15 at ply 6, 23 pieces") is found.
pub fn openings_then(plies: usize, then: &str, pieces: Option<u32>, rules: Rules) -> Vec<(Game, Game)> {
    let mut seen = HashSet::new();
    openings(plies, rules)
        .into_iter()
        .filter_map(|before| {
            let mut after = before.clone();
            after.play_notation(then).ok()?;
            let count = after.position().occupied().count();
            (pieces.is_none_or(|n| count == n) && seen.insert(*after.position())).then_some((before, after))
        })
        .collect()
}

/// What the proof search says of each opening, and the counts of the table.
pub struct Census {
    /// Each opening with its proof, in the order given.
    pub openings: Vec<(Game, Proof)>,
}

/// How one opening was settled, from White's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Decided {
    /// White wins by force.
    WhiteWins,
    /// Black wins by force.
    BlackWins,
    /// Neither side can force a win.
    Draw,
    /// Not settled within the budget (may still be decided).
    Open,
}

impl fmt::Display for Decided {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Decided::WhiteWins => "white wins by force",
            Decided::BlackWins => "black wins by force",
            Decided::Draw => "drawn by force",
            Decided::Open => "not proven decided",
        })
    }
}

/// The verdict for the side to move of `game`'s position, from White's side.
pub fn decided(game: &Game, proof: &Proof) -> Decided {
    let white_to_move = game.position().side_to_move() == giveaway_core::Color::White;
    match (proof.verdict, white_to_move) {
        (Verdict::Win, true) | (Verdict::Loss, false) => Decided::WhiteWins,
        (Verdict::Win, false) | (Verdict::Loss, true) => Decided::BlackWins,
        (Verdict::Draw, _) => Decided::Draw,
        _ => Decided::Open,
    }
}

impl Census {
    /// Proves every opening within `limits` (on `threads` threads; each proof is single-threaded), with the tables
    /// at the leaves; `progress` sees the number done after each.
    pub fn take(
        openings: Vec<Game>,
        tables: Option<&Tablebase>,
        limits: &ProofLimits,
        threads: usize,
        progress: &(dyn Fn(usize) + Sync),
    ) -> Census {
        let done = std::sync::atomic::AtomicUsize::new(0);
        let threads = threads.clamp(1, openings.len().max(1));
        let chunk = openings.len().div_ceil(threads).max(1);
        let proofs: Vec<Proof> = std::thread::scope(|s| {
            let handles: Vec<_> = openings
                .chunks(chunk)
                .map(|part| {
                    let done = &done;
                    s.spawn(move || {
                        part.iter()
                            .map(|g| {
                                let p = prove(&SearchRoot::from_game(g), tables, limits);
                                progress(done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1);
                                p
                            })
                            .collect::<Vec<_>>()
                    })
                })
                .collect();
            // A panicking proof would be a bug in the search; it ends the census rather than hiding a position.
            handles.into_iter().flat_map(|h| h.join().expect("proof thread")).collect()
        });
        Census { openings: openings.into_iter().zip(proofs).collect() }
    }

    /// How many openings each way went.
    pub fn count(&self, d: Decided) -> usize {
        self.openings.iter().filter(|(g, p)| decided(g, p) == d).count()
    }

    /// The openings not proven won for either side (draws and the unsettled): the fair suite.
    pub fn fair(&self) -> impl Iterator<Item = &Game> {
        self.openings
            .iter()
            .filter(|(g, p)| !matches!(decided(g, p), Decided::WhiteWins | Decided::BlackWins))
            .map(|(g, _)| g)
    }
}

/// One opening as a suite line: its moves from the start, algebraic, space-separated.
pub fn suite_line(game: &Game) -> String {
    game.move_texts(Notation::Algebraic).join(" ")
}

/// A suite file that is not a list of legal openings.
#[derive(Debug, PartialEq, Eq)]
pub struct SuiteError {
    /// The 1-based line.
    pub line: usize,
    /// What is wrong with it.
    pub reason: String,
}

impl fmt::Display for SuiteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.reason)
    }
}

impl std::error::Error for SuiteError {}

/// Reads a suite: one opening a line as moves from the start; `#` starts a comment, blank lines are skipped.
pub fn parse_suite(text: &str, rules: Rules) -> Result<Vec<Game>, SuiteError> {
    let mut games = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let mut g = Game::new(Position::start(), rules);
        for mv in line.split_whitespace() {
            g.play_notation(mv).map_err(|e| SuiteError { line: i + 1, reason: format!("{mv}: {e}") })?;
        }
        if g.is_over() {
            return Err(SuiteError { line: i + 1, reason: "the game is over".into() });
        }
        games.push(g);
    }
    if games.is_empty() {
        return Err(SuiteError { line: 0, reason: "no openings".into() });
    }
    Ok(games)
}

#[cfg(test)]
mod tests {
    use super::*;
    use giveaway_core::perft::{perft, Counting};

    #[test]
    fn the_first_plies_are_every_distinct_position() {
        // No two first moves (or replies) transpose, so the counts are the published perft of Russian draughts.
        for (plies, leaves) in [(1, 7), (2, 49)] {
            assert_eq!(openings(plies, Rules::default()).len(), leaves);
            assert_eq!(perft(&Position::start(), plies as u32, Counting::Distinct), leaves as u64);
        }
        // From 3 plies on, transpositions merge: never more than the perft leaves, each position once.
        let three = openings(3, Rules::default());
        let distinct: HashSet<_> = three.iter().map(|g| *g.position()).collect();
        assert_eq!(distinct.len(), three.len());
        assert!(three.len() as u64 <= perft(&Position::start(), 3, Counting::Distinct));
        assert!(three.iter().all(|g| g.ply() == 3));
    }

    #[test]
    fn a_move_after_the_openings_is_found_with_its_piece_count() {
        // Black's 10-15 after each of White's 7 first moves: 7 positions, no capture yet.
        let after_one = openings_then(1, "10-15", None, Rules::default());
        assert_eq!(after_one.len(), 7);
        assert!(after_one.iter().all(|(b, a)| b.ply() == 1 && a.ply() == 2 && a.position().occupied().count() == 24));
        assert!(openings_then(1, "10-15", Some(23), Rules::default()).is_empty());
        // Issue 29's game: 10-15 at ply 6 with 23 pieces left, among them after 21-17 9-14 23-18 14x21 26-23.
        let six = openings_then(5, "10-15", Some(23), Rules::default());
        let distinct: HashSet<_> = six.iter().map(|(_, a)| *a.position()).collect();
        assert_eq!(distinct.len(), six.len());
        assert!(six.iter().all(|(_, a)| a.ply() == 6 && a.position().occupied().count() == 23));
        let game = parse_suite("21-17 9-14 23-18 14x21 26-23 10-15", Rules::default()).unwrap().remove(0);
        assert!(distinct.contains(game.position()));
    }

    #[test]
    fn a_suite_line_reads_back_as_the_same_game() {
        let games = openings(3, Rules::default());
        let text = games.iter().map(suite_line).collect::<Vec<_>>().join("\n");
        let back = parse_suite(&format!("# comment\n\n{text}\n"), Rules::default()).unwrap();
        assert_eq!(back.len(), games.len());
        assert!(back.iter().zip(&games).all(|(a, b)| a.position() == b.position()));
    }

    #[test]
    fn a_bad_suite_names_its_line() {
        let err = parse_suite("c3-d4\nc3-d4 c3-d4\n", Rules::default()).unwrap_err();
        assert_eq!(err.line, 2);
        assert!(parse_suite("# nothing\n", Rules::default()).is_err());
    }

    #[test]
    fn the_census_keeps_out_only_the_proven_wins() {
        // White must take Black's last man (c3:e5), so Black, left with nothing, wins; and a quiet opening.
        let lost = Game::from_fen("W:Wc3:Bd4", Rules::default()).unwrap();
        let quiet = openings(2, Rules::default()).swap_remove(0);
        let limits = ProofLimits { nodes: 20_000, movetime: None, stop: None };
        let census = Census::take(vec![lost, quiet.clone()], None, &limits, 2, &|_| {});
        assert_eq!(census.count(Decided::BlackWins), 1);
        assert_eq!(census.count(Decided::WhiteWins) + census.count(Decided::Draw) + census.count(Decided::Open), 1);
        let fair: Vec<_> = census.fair().collect();
        assert_eq!(fair.len(), 1);
        assert_eq!(fair[0].position(), quiet.position());
    }

    #[test]
    fn the_shipped_suite_is_distinct_four_ply_openings_its_header_counts() {
        let text = include_str!("../data/openings-4.txt");
        let suite = parse_suite(text, Rules::default()).unwrap();
        let all: HashSet<_> = openings(4, Rules::default()).iter().map(|g| *g.position()).collect();
        let positions: HashSet<_> = suite.iter().map(|g| *g.position()).collect();
        assert_eq!(positions.len(), suite.len(), "an opening twice");
        assert!(suite.iter().all(|g| g.ply() == 4 && all.contains(g.position())));
        // The header's census: the suite is what is left when the proven wins are taken out.
        let count = |label: &str| -> usize {
            let line = text.lines().find(|l| l.starts_with(&format!("#   {label}: "))).unwrap();
            line.split(": ").nth(1).unwrap().split(' ').next().unwrap().parse().unwrap()
        };
        let total: usize = text.lines().next().unwrap()[2..].split(' ').next().unwrap().parse().unwrap();
        assert_eq!(total, all.len());
        let wins = count("white wins by force") + count("black wins by force");
        assert_eq!(suite.len(), total - wins);
    }
}
