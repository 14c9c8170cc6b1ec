//! Evaluation weights and the win-chance curve. Written by `giveaway tune` (see docs/engine.md); do not edit
//! by hand.

use super::eval::Weights;

/// Starting weights of the fit (hand-set, only the signs matter much); the tuner starts here.
pub const INITIAL: Weights = Weights {
    mg: [-60, -80, 0, 5, 0, 2, -5, 0, 0, 0, 0, 20, 0],
    eg: [-60, -80, 0, 5, 0, 2, -5, 0, 0, 0, 0, 20, 0],
};

/// The fitted weights.
pub const TUNED: Weights = INITIAL;

/// Win-chance curve: expected result for the side to move = 1 / (1 + exp(-WIN_CURVE_K * score)).
pub const WIN_CURVE_K: f64 = 0.01;
