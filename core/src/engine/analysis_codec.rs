//! Post-game analysis as text, for the analysis cache: versioned JSON (serde) that stores the engine's result
//! and nothing notation-dependent (moves are PDN square paths), so the view can be rebuilt in whichever
//! notation the user picks.
//!
//! ```text
//! {"format":2,"checksum":"<FNV-1a of the analysis text, 16 hex digits>","analysis":{
//!   "moves":[{"ply":0,"played":[22,18],"best":null,"chance_before":0.5,"chance_after":0.49,"class":"good","accuracy":97.1},…],
//!   "white_scores":[…],"white_chances":[…],"accuracy":[97.1,null],
//!   "forced_loss":{"position":7,"plies":26,"mistake":6,"proven":true}}}
//! ```
//!
//! Reading is checked against the game the text claims to analyse: every played move must be that game's
//! move, every best move a legal move of its position. Damaged, foreign or stale text reads as `None` — the
//! caller recomputes — and nothing in here panics on any input.

use super::analysis::{Analysis, AnalysisOptions, ForcedLoss, MoveClass, MoveReview};
use super::eval::Weights;
use super::search::SearchConfig;
use super::weights::WIN_CURVE_K;
use crate::game::Game;
use crate::movegen::{legal_moves, Move};
use crate::position::Position;
use crate::square::Square;
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;

/// Bumped whenever the format changes; older entries then read as `None` (and their cache key differs too).
const FORMAT: u32 = 3;

/// FNV-1a, 64 bits: a checksum that catches damaged text, and a stable fingerprint of the engine settings
/// (std's hasher may change between Rust releases, which would orphan every cache entry).
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3))
}

impl AnalysisOptions {
    /// The cache key for analyses made with these options by this build: it changes with the crate version,
    /// the format, the analysis limits and table size, the evaluation weights, the search switches and the
    /// win-chance curve — everything that can change a result.
    pub fn cache_key(&self) -> String {
        key_for(self, &Weights::default(), SearchConfig::default())
    }
}

fn key_for(options: &AnalysisOptions, weights: &Weights, config: SearchConfig) -> String {
    // Debug output of these plain structs is stable and lists every field.
    let settings = format!("{options:?}|{weights:?}|{config:?}|{WIN_CURVE_K:?}");
    format!("giveaway-core {} analysis {FORMAT} {:016x}", env!("CARGO_PKG_VERSION"), fnv1a(settings.as_bytes()))
}

/// The stored text: the analysis with its format and checksum.
#[derive(Serialize, Deserialize)]
struct Sealed<A> {
    format: u32,
    checksum: String,
    analysis: A,
}

#[derive(Serialize, Deserialize)]
struct StoredAnalysis {
    moves: Vec<StoredMove>,
    white_scores: Vec<i32>,
    white_chances: Vec<f64>,
    accuracy: [Option<f64>; 2],
    forced_loss: Option<StoredForcedLoss>,
}

/// A [`ForcedLoss`] without its loser, which is the game's (checked against the result on reading).
#[derive(Serialize, Deserialize)]
struct StoredForcedLoss {
    position: usize,
    plies: u32,
    mistake: Option<usize>,
    proven: bool,
}

#[derive(Serialize, Deserialize)]
struct StoredMove {
    ply: usize,
    /// The move's start and landing squares as PDN numbers.
    played: Vec<u8>,
    best: Option<Vec<u8>>,
    chance_before: f64,
    chance_after: f64,
    class: StoredClass,
    accuracy: f64,
}

#[derive(Serialize, Deserialize, Clone, Copy)]
#[serde(rename_all = "lowercase")]
enum StoredClass {
    Best,
    Good,
    Inaccuracy,
    Mistake,
    Blunder,
}

impl From<MoveClass> for StoredClass {
    fn from(c: MoveClass) -> Self {
        match c {
            MoveClass::Best => StoredClass::Best,
            MoveClass::Good => StoredClass::Good,
            MoveClass::Inaccuracy => StoredClass::Inaccuracy,
            MoveClass::Mistake => StoredClass::Mistake,
            MoveClass::Blunder => StoredClass::Blunder,
        }
    }
}

impl From<StoredClass> for MoveClass {
    fn from(c: StoredClass) -> Self {
        match c {
            StoredClass::Best => MoveClass::Best,
            StoredClass::Good => MoveClass::Good,
            StoredClass::Inaccuracy => MoveClass::Inaccuracy,
            StoredClass::Mistake => MoveClass::Mistake,
            StoredClass::Blunder => MoveClass::Blunder,
        }
    }
}

fn path_of(mv: &Move) -> Vec<u8> {
    std::iter::once(mv.from()).chain(mv.path().iter().copied()).map(Square::pdn).collect()
}

impl Analysis {
    /// The analysis as cache text (see the module docs).
    pub fn to_cache_text(&self) -> String {
        encode(self)
    }

    /// The analysis of `game` that cache text holds; `None` when it is damaged, of another format, or not of
    /// this game.
    pub fn from_cache_text(text: &str, game: &Game) -> Option<Analysis> {
        decode(text, game)
    }
}

/// The analysis as text. serde_json writes floats in their shortest form that reads back to the same value.
fn encode(analysis: &Analysis) -> String {
    let stored = StoredAnalysis {
        moves: analysis
            .moves
            .iter()
            .map(|m| StoredMove {
                ply: m.ply,
                played: path_of(&m.played),
                best: m.best.as_ref().map(path_of),
                chance_before: m.chance_before,
                chance_after: m.chance_after,
                class: m.class.into(),
                accuracy: m.accuracy,
            })
            .collect(),
        white_scores: analysis.white_scores.clone(),
        white_chances: analysis.white_chances.clone(),
        accuracy: analysis.accuracy,
        forced_loss: analysis.forced_loss.as_ref().map(|f| StoredForcedLoss {
            position: f.position,
            plies: f.plies,
            mistake: f.mistake,
            proven: f.proven,
        }),
    };
    // Plain numbers, strings and lists: serialising them cannot fail.
    seal(&serde_json::to_string(&stored).unwrap_or_default())
}

/// Wraps the analysis text with the format and its checksum.
fn seal(body: &str) -> String {
    let raw = RawValue::from_string(body.to_string()).unwrap_or_else(|_| RawValue::NULL.to_owned());
    let sealed = Sealed { format: FORMAT, checksum: format!("{:016x}", fnv1a(raw.get().as_bytes())), analysis: raw };
    serde_json::to_string(&sealed).unwrap_or_default()
}

/// The analysis of `game` the text holds, or `None` when it is damaged, of another format, or not of this game.
fn decode(text: &str, game: &Game) -> Option<Analysis> {
    let sealed: Sealed<Box<RawValue>> = serde_json::from_str(text).ok()?;
    let sum = u64::from_str_radix(&sealed.checksum, 16).ok()?;
    if sealed.format != FORMAT || sealed.checksum.len() != 16 || sum != fnv1a(sealed.analysis.get().as_bytes()) {
        return None;
    }
    let stored: StoredAnalysis = serde_json::from_str(sealed.analysis.get()).ok()?;
    checked(stored, game)
}

/// The stored analysis if it is one of `game`: its moves, every best move legal, every number in range.
fn checked(stored: StoredAnalysis, game: &Game) -> Option<Analysis> {
    let n = game.ply();
    if stored.moves.len() != n || stored.white_scores.len() != n + 1 || stored.white_chances.len() != n + 1 {
        return None;
    }
    let mut moves = Vec::with_capacity(n);
    for ((ply, &played), m) in game.moves().iter().enumerate().zip(stored.moves) {
        let pos = game.position_at(ply)?;
        if m.ply != ply || path_move(pos, &m.played)? != played {
            return None;
        }
        let best = match &m.best {
            Some(path) => Some(path_move(pos, path)?),
            None => None,
        };
        moves.push(MoveReview {
            ply,
            mover: pos.side_to_move(),
            played,
            best,
            chance_before: in_range(m.chance_before, 1.0)?,
            chance_after: in_range(m.chance_after, 1.0)?,
            class: m.class.into(),
            accuracy: in_range(m.accuracy, 100.0)?,
        });
    }
    let white_chances = stored.white_chances.into_iter().map(|c| in_range(c, 1.0)).collect::<Option<Vec<_>>>()?;
    let [w, b] = stored.accuracy;
    let acc = |a: Option<f64>| match a {
        Some(v) => in_range(v, 100.0).map(Some),
        None => Some(None),
    };
    let accuracy = [acc(w)?, acc(b)?];
    let forced_loss = match stored.forced_loss {
        Some(f) => Some(checked_forced_loss(f, game)?),
        None => None,
    };
    Some(Analysis { moves, white_scores: stored.white_scores, white_chances, accuracy, forced_loss })
}

/// The stored forced loss if it fits `game`: won, the position in the record, the mistake a move of the loser
/// before it.
fn checked_forced_loss(f: StoredForcedLoss, game: &Game) -> Option<ForcedLoss> {
    let loser = game.result()?.outcome.winner()?.opponent();
    if f.position > game.ply() {
        return None;
    }
    if let Some(m) = f.mistake {
        if m >= f.position || game.position_at(m)?.side_to_move() != loser {
            return None;
        }
    }
    Some(ForcedLoss { loser, position: f.position, plies: f.plies, mistake: f.mistake, proven: f.proven })
}

/// A number in 0..=max.
fn in_range(v: f64, max: f64) -> Option<f64> {
    (0.0..=max).contains(&v).then_some(v)
}

/// The legal move of `pos` with exactly this PDN path (start, then every landing).
fn path_move(pos: &Position, path: &[u8]) -> Option<Move> {
    let squares = path.iter().map(|&n| Square::from_pdn(n)).collect::<Option<Vec<_>>>()?;
    let (from, landings) = squares.split_first()?;
    legal_moves(pos).iter().find(|m| m.from() == *from && m.path() == landings).copied()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::analysis::analyze;
    use crate::engine::limits::{Limits, StopHandle};
    use crate::engine::Rng;
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
        let opts = AnalysisOptions { limits: Limits::depth(3), tt_megabytes: 1, proof_nodes: 0 };
        analyze(game, &opts, &StopHandle::new(), &mut |_, _| {}).unwrap()
    }

    #[test]
    fn a_game_with_a_better_move_round_trips_and_keeps_its_best_move() {
        // White throws a won position away (see analysis.rs): the review has a best move to store.
        let mut g = Game::from_fen("W:W22,29:B15", Rules::default()).unwrap();
        for m in ["a1-b2", "e5-d4", "c3:e5"] {
            g.play_notation(m).unwrap();
        }
        let opts = AnalysisOptions { limits: Limits::depth(10), tt_megabytes: 1, proof_nodes: 10_000 };
        let a = analyze(&g, &opts, &StopHandle::new(), &mut |_, _| {}).unwrap();
        assert!(a.moves[0].best.is_some());
        assert!(a.forced_loss.is_some());
        let text = encode(&a);
        assert!(text.contains(r#""ply":0,"played":[29,25],"best":[22,18]"#), "{text}");
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
        let v1 = text.replacen(&format!("\"format\":{FORMAT}"), "\"format\":1", 1);
        assert_ne!(v1, text);
        assert_eq!(decode(&v1, &g), None);
        assert!(decode(&text, &g).is_some());
    }

    #[test]
    fn the_key_changes_with_what_changes_results() {
        let opts = AnalysisOptions { limits: Limits::nodes(100_000), tt_megabytes: 32, proof_nodes: 0 };
        let base = key_for(&opts, &Weights::default(), SearchConfig::default());
        assert_eq!(base, opts.cache_key());
        assert!(base.contains(env!("CARGO_PKG_VERSION")));
        let mut w = Weights::default();
        w.eg[3] += 1;
        let others = [
            key_for(
                &AnalysisOptions { limits: Limits::nodes(100_001), ..opts },
                &Weights::default(),
                SearchConfig::default(),
            ),
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
        let wrong_sum = r#"{"format":2,"checksum":"0000000000000000","analysis":{"moves":[]}}"#;
        for text in ["", "\n", "{}", "[]", "null", "giveaway-analysis 1 0\nplies 0\n", wrong_sum, r#"{"format":2}"#] {
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
            let sealed: Sealed<Box<RawValue>> = serde_json::from_str(&encode(&analysis_of(&g))).unwrap();
            let body = sealed.analysis.get().to_string();
            let i = at.index(body.len() + 1);
            let end = (i + remove).min(body.len());
            let damaged = format!("{}{junk}{}", &body[..i], &body[end..]);
            // Resealing needs valid JSON; invalid JSON is refused before the checksum (tested above).
            if let Some(a) = decode(&seal(&damaged), &g) {
                prop_assert_eq!(a.moves.len(), g.ply());
                prop_assert!(a.moves.iter().zip(g.moves()).all(|(m, p)| m.played == *p));
                prop_assert_eq!(a.white_scores.len(), g.ply() + 1);
            }
        }
    }
}
