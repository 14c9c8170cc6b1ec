//! Engine-vs-engine games: level matches from varied openings, and the game loop self-play shares.

use giveaway_core::engine::{Engine, Level, Rng, SearchConfig, SearchRoot, StopHandle};
use giveaway_core::tablebase::Tablebase;
use giveaway_core::{Color, Game, Move, Outcome, Position, Rules};
use std::sync::Arc;

/// Plays `game` to its end; `choose` gives the move for the side to move (or `None` to stop early).
pub fn play_out(game: &mut Game, choose: &mut dyn FnMut(&SearchRoot) -> Option<Move>) {
    while !game.is_over() {
        let root = SearchRoot::from_game(game);
        let Some(mv) = choose(&root) else { return };
        if game.play(&mv).is_err() {
            return; // cannot happen with moves from the generator; ends the game loop rather than spin
        }
    }
}

/// A game after `plies` random legal moves from the start (seeded), or `None` if it ended on the way.
pub fn random_opening(rng: &mut Rng, plies: usize, rules: Rules) -> Option<Game> {
    let mut g = Game::new(Position::start(), rules);
    for _ in 0..plies {
        let moves = g.legal_moves();
        if moves.is_empty() {
            return None;
        }
        let mv = moves[rng.below(moves.len())];
        g.play(&mv).ok()?;
    }
    (!g.is_over()).then_some(g)
}

/// Wins, draws and losses from the first player's side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Score {
    /// Games the first player won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games the first player lost.
    pub losses: u32,
}

impl Score {
    /// Games played.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Points per game, 0..=1.
    pub fn fraction(&self) -> f64 {
        (self.wins as f64 + 0.5 * self.draws as f64) / self.games().max(1) as f64
    }

    /// Elo difference implied by the score, with the half-width of its 95% confidence interval.
    pub fn elo(&self) -> (f64, f64) {
        let n = self.games().max(1) as f64;
        let s = self.fraction();
        let var = (self.wins as f64 * (1.0 - s).powi(2)
            + self.draws as f64 * (0.5 - s).powi(2)
            + self.losses as f64 * s.powi(2))
            / n;
        let se = (var / n).sqrt();
        let elo = |p: f64| {
            let p = p.clamp(1e-3, 1.0 - 1e-3);
            -400.0 * (1.0 / p - 1.0).log10()
        };
        (elo(s), (elo(s + 1.96 * se) - elo(s - 1.96 * se)) / 2.0)
    }

    fn add(&mut self, outcome: Outcome, a_colour: Color) {
        match outcome {
            Outcome::Draw => self.draws += 1,
            o if o == Outcome::win_for(a_colour) => self.wins += 1,
            _ => self.losses += 1,
        }
    }
}

/// A match between two levels: `games` games, colours swapped every game, each pair of games from the same
/// opening: the suite's in turn when there is one, else a random one (2–4 random plies).
pub struct Match {
    /// The first player (the score is from its side).
    pub a: Level,
    /// The second player.
    pub b: Level,
    /// Number of games; colours alternate, each opening played with both.
    pub games: u32,
    /// Seed of the random openings and of the weak levels' choices.
    pub seed: u64,
    /// The draw rules the games are played under.
    pub rules: Rules,
    /// Transposition table size of each player's engine, in MB.
    pub tt_megabytes: usize,
    /// Search switches of A and B (to measure a feature by playing it against itself without it).
    pub configs: [SearchConfig; 2],
    /// Endgame tables of A and B (`None`: that side searches without them).
    pub tablebases: [Option<Arc<Tablebase>>; 2],
    /// The openings to play, each with both colours, in turn (`None`: random openings).
    pub suite: Option<Vec<Game>>,
}

impl Match {
    /// Plays the match; `progress` sees every finished game (its index and record) and the running score.
    pub fn run(&self, stop: &StopHandle, progress: &mut dyn FnMut(u32, &Game, &Score)) -> Score {
        let mut engines = [Engine::new(self.tt_megabytes), Engine::new(self.tt_megabytes)];
        for ((e, c), tb) in engines.iter_mut().zip(self.configs).zip(&self.tablebases) {
            e.set_config(c);
            e.set_tablebase(tb.clone());
        }
        let mut score = Score::default();
        let mut opening_rng = Rng::new(self.seed);
        let mut opening = None;
        for i in 0..self.games {
            if stop.is_stopped() {
                break;
            }
            if let Some(suite) = self.suite.as_ref().filter(|s| !s.is_empty()) {
                opening = Some(suite[(i as usize / 2) % suite.len()].clone());
            } else if i % 2 == 0 {
                opening = loop {
                    let plies = 2 + opening_rng.below(3);
                    if let Some(g) = random_opening(&mut opening_rng, plies, self.rules) {
                        break Some(g);
                    }
                };
            }
            let Some(mut game) = opening.clone() else { break };
            let a_colour = if i % 2 == 0 { Color::White } else { Color::Black };
            let mut rng = Rng::new(self.seed ^ (i as u64 + 1).wrapping_mul(0x9E37_79B9));
            engines.iter_mut().for_each(Engine::clear);
            play_out(&mut game, &mut |root| {
                let a_to_move = root.position.side_to_move() == a_colour;
                let (level, engine) = if a_to_move { (&self.a, &mut engines[0]) } else { (&self.b, &mut engines[1]) };
                level.choose(engine, root, &mut rng, stop, &mut |_| {}).and_then(|r| r.best)
            });
            match game.result() {
                Some(r) => score.add(r.outcome, a_colour),
                None => break, // stopped mid-game: not counted
            }
            progress(i, &game, &score);
        }
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_of_even_and_lopsided_scores() {
        let even = Score { wins: 40, draws: 20, losses: 40 };
        let (e, m) = even.elo();
        assert!(e.abs() < 1e-9 && m > 30.0 && m < 150.0, "{e} {m}");
        let (e, _) = Score { wins: 75, draws: 0, losses: 25 }.elo();
        assert!((e - 190.8).abs() < 0.5, "{e}");
    }

    #[test]
    fn short_match_between_weak_levels_completes_every_game() {
        let m = Match {
            a: Level::get(2).unwrap(),
            b: Level::get(1).unwrap(),
            games: 4,
            seed: 1,
            rules: Rules::default(),
            tt_megabytes: 1,
            configs: Default::default(),
            tablebases: Default::default(),
            suite: None,
        };
        let mut seen = 0;
        let s = m.run(&StopHandle::new(), &mut |_, g, _| {
            assert!(g.is_over());
            seen += 1;
        });
        assert_eq!((s.games(), seen), (4, 4));
    }

    #[test]
    fn a_suite_opening_is_played_with_both_colours() {
        let opening = crate::openings(3, Rules::default()).swap_remove(5);
        let m = Match {
            a: Level::get(2).unwrap(),
            b: Level::get(1).unwrap(),
            games: 4,
            seed: 1,
            rules: Rules::default(),
            tt_megabytes: 1,
            configs: Default::default(),
            tablebases: Default::default(),
            suite: Some(vec![opening.clone()]),
        };
        let mut starts = 0;
        m.run(&StopHandle::new(), &mut |_, g, _| {
            starts += usize::from(g.moves()[..3] == opening.moves()[..]);
        });
        assert_eq!(starts, 4);
    }
}
