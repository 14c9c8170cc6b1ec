//! Post-game analysis as text, for the analysis cache: a compact, versioned line format, written and read
//! here, that stores the engine's result and nothing notation-dependent (moves are PDN square paths), so the
//! view can be rebuilt in whichever notation the user picks.
//!
//! ```text
//! giveaway-analysis 1 <checksum of the rest, 16 hex digits>
//! plies <n>
//! m <ply> <played path> <best path or -> <chance before> <chance after> <class> <accuracy>   (n lines)
//! s <score> …            (n + 1 scores, White's view)
//! c <chance> …           (n + 1 chances, White's view)
//! a <white accuracy or -> <black accuracy or ->
//! ```
//!
//! Reading is checked against the game the text claims to analyse: every played move must be that game's
//! move, every best move a legal move of its position. Damaged, foreign or stale text reads as `None` — the
//! caller recomputes — and nothing in here panics on any input.

use super::analysis::{Analysis, AnalysisOptions, MoveClass, MoveReview};
use super::eval::Weights;
use super::search::SearchConfig;
use super::weights::WIN_CURVE_K;
use crate::game::Game;
use crate::movegen::{legal_moves, Move};
use crate::position::Position;
use crate::square::Square;
use std::fmt::Write;

/// Bumped whenever the format changes; older entries then read as `None`.
const FORMAT: u32 = 1;
const MAGIC: &str = "giveaway-analysis";

const CLASSES: [MoveClass; 5] =
    [MoveClass::Best, MoveClass::Good, MoveClass::Inaccuracy, MoveClass::Mistake, MoveClass::Blunder];

/// FNV-1a, 64 bits: a checksum that catches damaged text, and a stable fingerprint of the engine settings
/// (std's hasher may change between Rust releases, which would orphan every cache entry).
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3))
}

/// The cache key for analyses made with `options` by this build: it changes with the crate version, the
/// format, the analysis limits and table size, the evaluation weights, the search switches and the win-chance
/// curve — everything that can change a result.
pub fn engine_key(options: &AnalysisOptions) -> String {
    key_for(options, &Weights::default(), SearchConfig::default())
}

fn key_for(options: &AnalysisOptions, weights: &Weights, config: SearchConfig) -> String {
    // Debug output of these plain structs is stable and lists every field.
    let settings = format!("{options:?}|{weights:?}|{config:?}|{WIN_CURVE_K:?}");
    format!("giveaway-core {} analysis {FORMAT} {:016x}", env!("CARGO_PKG_VERSION"), fnv1a(settings.as_bytes()))
}

fn write_path(out: &mut String, mv: &Move) {
    out.push_str(&mv.from().pdn().to_string());
    for s in mv.path() {
        let _ = write!(out, "-{}", s.pdn());
    }
}

fn write_opt(out: &mut String, v: Option<f64>) {
    match v {
        Some(v) => {
            let _ = write!(out, "{v}");
        }
        None => out.push('-'),
    }
}

/// The analysis as text. Floats are written in Rust's shortest form that reads back to the same value.
pub fn encode(analysis: &Analysis) -> String {
    let mut body = String::new();
    let _ = writeln!(body, "plies {}", analysis.moves.len());
    for m in &analysis.moves {
        let _ = write!(body, "m {} ", m.ply);
        write_path(&mut body, &m.played);
        body.push(' ');
        match &m.best {
            Some(b) => write_path(&mut body, b),
            None => body.push('-'),
        }
        let _ = writeln!(body, " {} {} {} {}", m.chance_before, m.chance_after, m.class.name(), m.accuracy);
    }
    let line = |tag: &str, items: Vec<String>| format!("{tag} {}\n", items.join(" "));
    body.push_str(&line("s", analysis.white_scores.iter().map(i32::to_string).collect()));
    body.push_str(&line("c", analysis.white_chances.iter().map(f64::to_string).collect()));
    body.push('a');
    for acc in analysis.accuracy {
        body.push(' ');
        write_opt(&mut body, acc);
    }
    body.push('\n');
    seal(&body)
}

/// Puts the header (format and checksum) on a body.
fn seal(body: &str) -> String {
    format!("{MAGIC} {FORMAT} {:016x}\n{body}", fnv1a(body.as_bytes()))
}

/// The analysis of `game` the text holds, or `None` when it is damaged, of another format, or not of this game.
pub fn decode(text: &str, game: &Game) -> Option<Analysis> {
    let (header, body) = text.split_once('\n')?;
    let mut h = header.split(' ');
    if h.next()? != MAGIC || h.next()?.parse::<u32>().ok()? != FORMAT {
        return None;
    }
    let sum = u64::from_str_radix(h.next()?, 16).ok()?;
    if h.next().is_some() || sum != fnv1a(body.as_bytes()) {
        return None;
    }
    decode_body(body, game)
}

fn decode_body(body: &str, game: &Game) -> Option<Analysis> {
    let n = game.ply();
    let mut lines = body.lines();
    let plies: usize = fields(lines.next()?, "plies", 1)?[0].parse().ok()?;
    if plies != n {
        return None;
    }
    let mut moves = Vec::with_capacity(n);
    for (ply, &played) in game.moves().iter().enumerate() {
        let f = fields(lines.next()?, "m", 7)?;
        let pos = game.position_at(ply)?;
        if f[0].parse::<usize>().ok()? != ply || path_move(pos, f[1])? != played {
            return None;
        }
        let best = if f[2] == "-" { None } else { Some(path_move(pos, f[2])?) };
        let class = CLASSES.into_iter().find(|c| c.name() == f[5])?;
        moves.push(MoveReview {
            ply,
            mover: pos.side_to_move(),
            played,
            best,
            chance_before: in_range(f[3], 1.0)?,
            chance_after: in_range(f[4], 1.0)?,
            class,
            accuracy: in_range(f[6], 100.0)?,
        });
    }
    let white_scores =
        fields(lines.next()?, "s", n + 1)?.iter().map(|s| s.parse::<i32>().ok()).collect::<Option<Vec<_>>>()?;
    let white_chances = fields(lines.next()?, "c", n + 1)?.iter().map(|s| in_range(s, 1.0)).collect::<Option<Vec<_>>>()?;
    let acc = fields(lines.next()?, "a", 2)?;
    let opt = |s: &str| if s == "-" { Some(None) } else { in_range(s, 100.0).map(Some) };
    let accuracy = [opt(acc[0])?, opt(acc[1])?];
    if lines.next().is_some() {
        return None;
    }
    Some(Analysis { moves, white_scores, white_chances, accuracy })
}

/// The fields after `tag` on a line, exactly `count` of them.
fn fields<'a>(line: &'a str, tag: &str, count: usize) -> Option<Vec<&'a str>> {
    let mut parts = line.split(' ');
    if parts.next()? != tag {
        return None;
    }
    let f: Vec<&str> = parts.collect();
    (f.len() == count).then_some(f)
}

/// A finite number in 0..=max.
fn in_range(s: &str, max: f64) -> Option<f64> {
    s.parse::<f64>().ok().filter(|v| (0.0..=max).contains(v))
}

/// The legal move of `pos` with exactly this PDN path (`from-landing-…`).
fn path_move(pos: &Position, text: &str) -> Option<Move> {
    let squares =
        text.split('-').map(|s| s.parse::<u8>().ok().and_then(Square::from_pdn)).collect::<Option<Vec<_>>>()?;
    let (from, path) = squares.split_first()?;
    legal_moves(pos).iter().find(|m| m.from() == *from && m.path() == path).copied()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::analysis::analyze;
    use crate::engine::limits::{Limits, StopHandle};
    use crate::engine::rng::Rng;
    use crate::game::Rules;
    use proptest::prelude::*;

    /// A game of up to `plies` random legal moves from the start (shorter if it ends).
    fn random_game(seed: u64, plies: usize) -> Game {
        let mut rng = Rng::new(seed);
        let mut game = Game::new(Position::start(), Rules::default());
        for _ in 0..plies {
            let list = game.legal_moves();
            let Some(m) = list.get(rng.below(list.len().max(1))).copied() else { break };
            game.play(&m).unwrap();
        }
        game
    }

    fn analysis_of(game: &Game) -> Analysis {
        let opts = AnalysisOptions { limits: Limits::depth(3), tt_megabytes: 1 };
        analyze(game, &opts, &StopHandle::new(), &mut |_, _| {}).unwrap()
    }

    #[test]
    fn a_game_with_a_better_move_round_trips_and_keeps_its_best_move() {
        // White throws a won position away (see analysis.rs): the review has a best move to store.
        let mut g = Game::from_fen("W:W22,29:B15", Rules::default()).unwrap();
        for m in ["a1-b2", "e5-d4", "c3:e5"] {
            g.play_notation(m).unwrap();
        }
        let opts = AnalysisOptions { limits: Limits::depth(10), tt_megabytes: 1 };
        let a = analyze(&g, &opts, &StopHandle::new(), &mut |_, _| {}).unwrap();
        assert!(a.moves[0].best.is_some());
        let text = encode(&a);
        assert!(text.contains("m 0 29-25 22-18 "), "{text}");
        assert_eq!(decode(&text, &g), Some(a));
    }

    #[test]
    fn an_empty_game_round_trips() {
        let g = Game::new(Position::start(), Rules::default());
        let a = analysis_of(&g);
        assert_eq!(decode(&encode(&a), &g), Some(a));
    }

    #[test]
    fn text_of_another_game_or_format_is_refused() {
        let g = random_game(1, 8);
        let text = encode(&analysis_of(&g));
        // Same length, another last move (still legal where the stored one was played): not this game.
        let mut other = g.clone();
        let last = other.undo().unwrap();
        let instead = other.legal_moves().iter().copied().find(|m| *m != last).expect("seed 1 leaves a choice");
        other.play(&instead).unwrap();
        assert_eq!(decode(&text, &other), None);
        // Longer game.
        let mut longer = g.clone();
        let next = longer.legal_moves()[0];
        longer.play(&next).unwrap();
        assert_eq!(decode(&text, &longer), None);
        // Another format version with a valid checksum.
        let body = text.split_once('\n').unwrap().1;
        let v2 = format!("{MAGIC} 2 {:016x}\n{body}", fnv1a(body.as_bytes()));
        assert_eq!(decode(&v2, &g), None);
        assert!(decode(&text, &g).is_some());
    }

    #[test]
    fn the_key_changes_with_what_changes_results() {
        let opts = AnalysisOptions { limits: Limits::nodes(100_000), tt_megabytes: 32 };
        let base = key_for(&opts, &Weights::default(), SearchConfig::default());
        assert_eq!(base, engine_key(&opts));
        assert!(base.contains(env!("CARGO_PKG_VERSION")));
        let mut w = Weights::default();
        w.eg[3] += 1;
        let others = [
            key_for(&AnalysisOptions { limits: Limits::nodes(100_001), ..opts }, &Weights::default(), SearchConfig::default()),
            key_for(&AnalysisOptions { tt_megabytes: 16, ..opts }, &Weights::default(), SearchConfig::default()),
            key_for(&opts, &w, SearchConfig::default()),
            key_for(&opts, &Weights::default(), SearchConfig { lmr: false, ..SearchConfig::default() }),
        ];
        for k in others {
            assert_ne!(k, base);
        }
    }

    #[test]
    fn garbage_reads_as_none() {
        let g = random_game(3, 4);
        for text in ["", "\n", "giveaway-analysis", "giveaway-analysis 1 zz\n", "giveaway-analysis 1 0\nplies 0\n", "plies 4\n"] {
            assert_eq!(decode(text, &g), None, "{text:?}");
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// Real analyses of random short games, with arbitrary in-range chances and accuracies so every float
        /// shape (tiny, many digits, 0 and 1) goes through the text exactly.
        #[test]
        fn round_trip(seed in any::<u64>(), plies in 0usize..12, chances in prop::collection::vec(0.0f64..=1.0, 13),
                      accs in prop::collection::vec(prop::option::of(0.0f64..=100.0), 2)) {
            let g = random_game(seed, plies);
            let mut a = analysis_of(&g);
            for (c, x) in a.white_chances.iter_mut().zip(&chances) {
                *c = *x;
            }
            if let Some(m) = a.moves.first_mut() {
                m.chance_before = chances[0];
                m.accuracy = accs[0].unwrap_or(0.0);
            }
            a.accuracy = [accs[0], accs[1]];
            let text = encode(&a);
            prop_assert_eq!(decode(&text, &g), Some(a));
        }

        /// A damaged byte or a cut never reads as a different analysis: the checksum catches it.
        #[test]
        fn damaged_text_reads_as_none(seed in any::<u64>(), at in any::<prop::sample::Index>(), byte in 0u8..128,
                                      cut in any::<bool>()) {
            let g = random_game(seed, 6);
            let a = analysis_of(&g);
            let text = encode(&a);
            let i = at.index(text.len());
            let mut bytes = text.clone().into_bytes();
            if cut { bytes.truncate(i) } else { bytes[i] = byte }
            let damaged = String::from_utf8(bytes).unwrap();
            // (A hex digit of the checksum changing case still names the same checksum and the same data.)
            let read = decode(&damaged, &g);
            prop_assert!(read.is_none() || read.as_ref() == Some(&a), "{damaged:?}");
        }

        /// Damage behind a valid checksum (or arbitrary text) exercises the parser itself: it never panics, and
        /// what it accepts is still an analysis of this game.
        #[test]
        fn resealed_damage_never_panics(seed in any::<u64>(), at in any::<prop::sample::Index>(), junk in "[ -~\n]{0,12}",
                                        remove in 0usize..12) {
            let g = random_game(seed, 6);
            let body = encode(&analysis_of(&g)).split_once('\n').unwrap().1.to_string();
            let i = at.index(body.len() + 1);
            let end = (i + remove).min(body.len());
            let damaged = format!("{}{junk}{}", &body[..i], &body[end..]);
            if let Some(a) = decode(&seal(&damaged), &g) {
                prop_assert_eq!(a.moves.len(), g.ply());
                prop_assert!(a.moves.iter().zip(g.moves()).all(|(m, p)| m.played == *p));
                prop_assert_eq!(a.white_scores.len(), g.ply() + 1);
            }
        }
    }
}
