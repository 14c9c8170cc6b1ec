//! The tuning harness: self-play games labelled with their results, a logistic (Texel-style) fit of the
//! evaluation weights, and the fit of the win-chance curve used by analysis and coaching.
//!
//! Reproducible: every search is node-limited and every random choice seeded, so the same settings write the
//! same `core/src/engine/weights.rs` (rendered here as that core module's text). The one command is
//! `giveaway tune` (see docs/engine.md).

use crate::matches::{play_out, random_opening};
use giveaway_core::engine::{
    features, phase, Engine, Limits, Rng, StopHandle, Weights, FEATURE_NAMES, FULL_PHASE, INITIAL_WEIGHTS, N_FEATURES,
    WIN_BOUND,
};
use giveaway_core::movegen::capturers;
use giveaway_core::{Outcome, Rules};
use std::fmt::Write;

/// The evaluation's own scale: expected result = 1 / (1 + exp(-EVAL_SCALE * eval)).
pub const EVAL_SCALE: f64 = 0.01;

/// One labelled quiet position.
#[derive(Clone, Debug)]
pub struct Sample {
    pub features: [i32; N_FEATURES],
    pub phase: i32,
    /// The search score the player saw (side to move's view).
    pub search_score: i32,
    /// Final result for the side to move: 1, 0.5 or 0.
    pub result: f64,
}

/// How much self-play the tuning runs.
#[derive(Clone, Copy, Debug)]
pub struct TuneSettings {
    /// Self-play games per round of fitting.
    pub games_per_round: u32,
    /// Rounds: each plays games with the current weights, then fits new ones.
    pub rounds: u32,
    /// Games played with the final weights to fit the win-chance curve.
    pub curve_games: u32,
    /// Search nodes per move in the self-play games.
    pub nodes_per_move: u64,
    /// Seed of the openings and of every random choice.
    pub seed: u64,
}

impl Default for TuneSettings {
    fn default() -> Self {
        TuneSettings { games_per_round: 1500, rounds: 2, curve_games: 800, nodes_per_move: 2000, seed: 1 }
    }
}

/// Plays `games` self-play games with `weights` and returns the quiet positions with their results.
pub fn self_play(weights: &Weights, games: u32, nodes: u64, seed: u64, progress: &mut dyn FnMut(u32)) -> Vec<Sample> {
    let rules = Rules::default();
    let mut engine = Engine::with_weights(8, *weights);
    let mut rng = Rng::new(seed);
    let stop = StopHandle::new();
    let mut out = Vec::new();
    for g in 0..games {
        let plies = 4 + rng.below(7);
        let Some(mut game) = random_opening(&mut rng, plies, rules) else { continue };
        engine.clear();
        let first_ply = game.ply();
        let mut seen: Vec<(usize, i32)> = Vec::new();
        play_out(&mut game, &mut |root| {
            let r = engine.search(root, &Limits::nodes(nodes), &stop, &mut |_| {});
            seen.push((first_ply + seen.len(), r.score));
            r.best
        });
        let Some(result) = game.result() else { continue };
        for (ply, score) in seen {
            let Some(pos) = game.position_at(ply) else { continue };
            if capturers(pos).any() {
                continue; // the evaluation is only ever asked about quiet positions
            }
            let side = pos.side_to_move();
            let r = match result.outcome {
                Outcome::Draw => 0.5,
                o if o == Outcome::win_for(side) => 1.0,
                _ => 0.0,
            };
            out.push(Sample { features: features(pos), phase: phase(pos), search_score: score, result: r });
        }
        progress(g + 1);
    }
    out
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// Fits the weights by minimising the mean squared error between sigmoid(EVAL_SCALE * eval) and the results
/// (Adam, full batch), starting from `start`.
pub fn fit_weights(samples: &[Sample], start: &Weights, iterations: u32) -> (Weights, f64) {
    let n = 2 * N_FEATURES;
    let mut w: Vec<f64> = start.mg.iter().chain(start.eg.iter()).map(|&x| x as f64).collect();
    // Per-sample inputs: feature * phase share, for mg and eg.
    let xs: Vec<Vec<f64>> = samples
        .iter()
        .map(|s| {
            let p = s.phase as f64 / FULL_PHASE as f64;
            let mut x = vec![0.0; n];
            for i in 0..N_FEATURES {
                x[i] = s.features[i] as f64 * p;
                x[N_FEATURES + i] = s.features[i] as f64 * (1.0 - p);
            }
            x
        })
        .collect();
    let (mut m, mut v) = (vec![0.0; n], vec![0.0; n]);
    let (b1, b2, lr, eps) = (0.9, 0.999, 1.0, 1e-8);
    let mut loss = 0.0;
    for t in 1..=iterations {
        let mut grad = vec![0.0; n];
        loss = 0.0;
        for (x, s) in xs.iter().zip(samples) {
            let e: f64 = x.iter().zip(&w).map(|(a, b)| a * b).sum();
            let p = sigmoid(EVAL_SCALE * e);
            let err = p - s.result;
            loss += err * err;
            let g = 2.0 * err * p * (1.0 - p) * EVAL_SCALE;
            for (gi, xi) in grad.iter_mut().zip(x) {
                *gi += g * xi;
            }
        }
        let len = samples.len().max(1) as f64;
        loss /= len;
        for i in 0..n {
            let g = grad[i] / len;
            m[i] = b1 * m[i] + (1.0 - b1) * g;
            v[i] = b2 * v[i] + (1.0 - b2) * g * g;
            let mh = m[i] / (1.0 - b1.powi(t as i32));
            let vh = v[i] / (1.0 - b2.powi(t as i32));
            w[i] -= lr * mh / (vh.sqrt() + eps);
        }
    }
    let mut out = Weights { mg: [0; N_FEATURES], eg: [0; N_FEATURES] };
    for i in 0..N_FEATURES {
        out.mg[i] = w[i].round() as i32;
        out.eg[i] = w[N_FEATURES + i].round() as i32;
    }
    (out, loss)
}

/// Fits k in expected result = sigmoid(k * search score) (forced wins and losses left out); returns (k, mse).
pub fn fit_curve(samples: &[Sample]) -> (f64, f64) {
    let pts: Vec<(f64, f64)> = samples
        .iter()
        .filter(|s| s.search_score.abs() < WIN_BOUND)
        .map(|s| (s.search_score as f64, s.result))
        .collect();
    let mse = |k: f64| pts.iter().map(|(x, r)| (sigmoid(k * x) - r).powi(2)).sum::<f64>() / pts.len().max(1) as f64;
    // The error is unimodal in k: golden-section search over a wide range.
    let (mut lo, mut hi) = (1e-4, 0.2);
    let g = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..80 {
        let (a, b) = (hi - g * (hi - lo), lo + g * (hi - lo));
        if mse(a) < mse(b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    let k = (lo + hi) / 2.0;
    (k, mse(k))
}

/// The whole harness: rounds of self-play and fitting from the initial weights, then the curve. Returns the
/// text of `weights.rs`; `log` receives progress lines.
pub fn tune(settings: &TuneSettings, log: &mut dyn FnMut(&str)) -> String {
    let mut weights = INITIAL_WEIGHTS;
    let mut report = String::new();
    for round in 0..settings.rounds {
        let seed = settings.seed.wrapping_add(round as u64 * 1000);
        let samples = self_play(&weights, settings.games_per_round, settings.nodes_per_move, seed, &mut |g| {
            if g % 100 == 0 {
                log(&format!("round {}: {g}/{} games", round + 1, settings.games_per_round));
            }
        });
        let (w, loss) = fit_weights(&samples, &weights, 400);
        let line = format!("round {}: {} positions, mse {loss:.5}", round + 1, samples.len());
        log(&line);
        let _ = writeln!(report, "//   {line}");
        weights = w;
    }
    let samples = self_play(
        &weights,
        settings.curve_games,
        settings.nodes_per_move,
        settings.seed.wrapping_add(999_999),
        &mut |g| {
            if g % 100 == 0 {
                log(&format!("curve: {g}/{} games", settings.curve_games));
            }
        },
    );
    let (k, mse) = fit_curve(&samples);
    let line = format!("curve: {} positions, k {k:.6}, mse {mse:.5}", samples.len());
    log(&line);
    let _ = writeln!(report, "//   {line}");
    render(&weights, k, settings, &report)
}

fn render(w: &Weights, k: f64, s: &TuneSettings, report: &str) -> String {
    let list = |a: &[i32; N_FEATURES]| a.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(", ");
    let names = FEATURE_NAMES.join(", ");
    let init = INITIAL_WEIGHTS;
    format!(
        "//! Evaluation weights and the win-chance curve. Written by `giveaway tune` (see docs/engine.md); do not edit\n\
         //! by hand.\n\
         //\n\
         // Settings: {} rounds x {} games, {} curve games, {} nodes a move, seed {}.\n\
         {report}\
         // Features: {names}.\n\n\
         use super::eval::Weights;\n\n\
         /// Starting weights of the fit (hand-set, only the signs matter much); the tuner starts here.\n\
         pub const INITIAL: Weights = Weights {{\n    mg: [{}],\n    eg: [{}],\n}};\n\n\
         /// The fitted weights.\n\
         pub const TUNED: Weights = Weights {{\n    mg: [{}],\n    eg: [{}],\n}};\n\n\
         /// Win-chance curve: expected result for the side to move = 1 / (1 + exp(-WIN_CURVE_K * score)).\n\
         pub const WIN_CURVE_K: f64 = {k:.6};\n",
        s.rounds, s.games_per_round, s.curve_games, s.nodes_per_move, s.seed,
        list(&init.mg), list(&init.eg), list(&w.mg), list(&w.eg),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fit_recovers_a_known_weight() {
        // Results drawn from a known model: only "men" matters, weight -50 (fewer men wins).
        let mut rng = Rng::new(5);
        let samples: Vec<Sample> = (0..4000)
            .map(|_| {
                let mut f = [0; N_FEATURES];
                f[0] = rng.below(9) as i32 - 4;
                let p = sigmoid(EVAL_SCALE * -50.0 * f[0] as f64);
                Sample {
                    features: f,
                    phase: 12,
                    search_score: -50 * f[0],
                    result: if rng.unit() < p { 1.0 } else { 0.0 },
                }
            })
            .collect();
        let start = Weights { mg: [0; N_FEATURES], eg: [0; N_FEATURES] };
        let (w, _) = fit_weights(&samples, &start, 300);
        let men = (w.mg[0] + w.eg[0]) / 2;
        assert!((-65..=-38).contains(&men), "fitted {w:?}");
        let (k, _) = fit_curve(&samples);
        assert!((0.007..0.014).contains(&k), "k {k}");
    }
}
