//! Evaluation weights and the win-chance curve. Written by `giveaway tune` (see docs/engine.md); do not edit
//! by hand.
//
// Settings: 3 rounds x 8000 games, 3000 curve games, 3000 nodes a move, seed 1.
//   round 1: 241134 positions, mse 0.21381
//   round 2: 231725 positions, mse 0.21081
//   round 3: 221827 positions, mse 0.21603
//   curve: 88019 positions, k 0.015536, mse 0.18896
// Features: men, kings, material_ratio, man_moves, offering_moves, king_moves, blocked_men, advancement, back_rank_men, main_diagonal_kings, centre_men, opponent_capturers, side_to_move.

use super::eval::Weights;

/// Starting weights of the fit (hand-set, only the signs matter much); the tuner starts here.
pub const INITIAL: Weights =
    Weights { mg: [-60, -80, 0, 5, 0, 2, -5, 0, 0, 0, 0, 20, 0], eg: [-60, -80, 0, 5, 0, 2, -5, 0, 0, 0, 0, 20, 0] };

/// The fitted weights.
pub const TUNED: Weights = Weights {
    mg: [84, 17, -9, -9, 2, -29, -12, -19, -14, 69, -2, 53, -3],
    eg: [-48, -189, 14, 50, 69, 42, -22, -15, -44, 1, 33, -76, 45],
};

/// Win-chance curve: expected result for the side to move = 1 / (1 + exp(-WIN_CURVE_K * score)).
pub const WIN_CURVE_K: f64 = 0.015536;
