//! Exactness in play (issue 17, item 3): random positions of the tables, a level's move in each judged by
//! the tables, and every sampled win played out to its end under the game's draw rules against the slowest
//! defence the tables know.

use giveaway_core::engine::{Engine, Level, Rng, SearchRoot, StopHandle};
use giveaway_core::tablebase::{Material, Tablebase, Value};
use giveaway_core::{legal_moves, Color, Game, Move, Outcome, Position, Rules};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// What [`check_play`] does.
#[derive(Clone, Copy, Debug)]
pub struct CheckSettings {
    /// Positions of exactly this many pieces are drawn.
    pub pieces: u32,
    /// How many positions.
    pub positions: usize,
    /// Seed of the draw.
    pub seed: u64,
    /// The level that moves (with the tables loaded).
    pub level: Level,
    /// The draw rules of the played-out games.
    pub rules: Rules,
}

/// What [`check_play`] counted.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CheckReport {
    /// Positions drawn (each with a legal move).
    pub positions: u64,
    /// Of those, won for the side to move; the rest are lost or drawn.
    pub won: u64,
    /// Drawn for the side to move.
    pub drawn: u64,
    /// Moves from a won position to one that is not lost for the opponent (must be 0).
    pub win_thrown: u64,
    /// Moves from a drawn position to one won for the opponent (must be 0).
    pub draw_thrown: u64,
    /// Of the won positions played out, those the level won.
    pub played_won: u64,
    /// Those the draw rules ended in a draw.
    pub played_drawn: u64,
    /// Those the level lost.
    pub played_lost: u64,
    /// Played-out games that took more plies than the table's distance (the winner took a longer way).
    pub played_longer: u64,
    /// Plies played in all the games.
    pub plies: u64,
    /// Wall time of the whole check.
    pub elapsed: Duration,
}

/// A random position of `pieces` pieces, either side to move, with a legal move: a uniformly drawn entry of
/// the tables (overlapping placements are drawn again), its side to move drawn too.
pub(crate) fn random_position(pieces: u32, rng: &mut Rng) -> Position {
    let materials: Vec<Material> = Material::up_to(pieces).into_iter().filter(|m| m.pieces() == pieces).collect();
    let total: u64 = materials.iter().map(Material::entries).sum();
    loop {
        let mut r = rng.next_u64() % total;
        let mut m = materials[0];
        for &k in &materials {
            m = k;
            if r < k.entries() {
                break;
            }
            r -= k.entries();
        }
        let Some(p) = m.position(r) else { continue };
        let p = if rng.next_u64() & 1 == 1 { p.with_side_to_move(Color::Black) } else { p };
        if !legal_moves(&p).is_empty() {
            return p;
        }
    }
}

/// The loser's move that resists longest by the tables (a win or draw for it first, should the winner have
/// let one in).
fn slowest_defence(tb: &Tablebase, pos: &Position) -> Option<Move> {
    let rank = |v: Option<Value>| match v {
        Some(Value::Loss(d)) => (2, -i32::from(d)),
        Some(Value::Draw) => (1, 0),
        Some(Value::Win(d)) => (0, i32::from(d)),
        None => (-1, 0),
    };
    legal_moves(pos).iter().copied().max_by_key(|mv| rank(tb.probe(&pos.play(mv))))
}

/// Draws `settings.positions` positions; judges the level's move in each by the tables; plays each won one
/// out (the level for the winner, [`slowest_defence`] for the loser) under `settings.rules`. `progress`
/// hears of each position done.
pub fn check_play(
    tb: &Arc<Tablebase>,
    settings: &CheckSettings,
    mut progress: impl FnMut(usize, &CheckReport),
) -> CheckReport {
    let start = Instant::now();
    let mut rng = Rng::new(settings.seed);
    let mut engine = Engine::default();
    engine.set_tablebase(Some(tb.clone()));
    let stop = StopHandle::new();
    let choose = |engine: &mut Engine, root: &SearchRoot, rng: &mut Rng| {
        settings.level.choose(engine, root, rng, &stop, &mut |_| {}).and_then(|r| r.best)
    };
    let mut report = CheckReport::default();
    for n in 0..settings.positions {
        let pos = random_position(settings.pieces, &mut rng);
        let value = tb.probe(&pos).expect("a position of the tables");
        engine.clear();
        let mv = choose(&mut engine, &SearchRoot::new(pos, settings.rules), &mut rng).expect("the position has a move");
        let after = tb.probe(&pos.play(&mv)).expect("fewer or as many pieces");
        report.positions += 1;
        match value {
            Value::Win(d) => {
                report.won += 1;
                report.win_thrown += u64::from(!matches!(after, Value::Loss(_)));
                let winner = pos.side_to_move();
                let mut game = Game::new(pos, settings.rules);
                engine.clear();
                while !game.is_over() {
                    let root = SearchRoot::from_game(&game);
                    let mv = if game.position().side_to_move() == winner {
                        choose(&mut engine, &root, &mut rng)
                    } else {
                        slowest_defence(tb, game.position())
                    };
                    game.play(&mv.expect("a game not over has a move")).expect("a legal move");
                }
                let plies = game.ply() as u64;
                report.plies += plies;
                report.played_longer += u64::from(plies > u64::from(d));
                match game.result().map(|r| r.outcome) {
                    Some(o) if o == Outcome::win_for(winner) => report.played_won += 1,
                    Some(Outcome::Draw) => report.played_drawn += 1,
                    _ => report.played_lost += 1,
                }
            }
            Value::Draw => {
                report.drawn += 1;
                report.draw_thrown += u64::from(matches!(after, Value::Win(_)));
            }
            Value::Loss(_) => {}
        }
        progress(n + 1, &report);
    }
    report.elapsed = start.elapsed();
    report
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn level_8_with_the_tables_never_throws_a_win_or_a_draw_and_wins_every_won_position_out() {
        let tb = Arc::new(Tablebase::build(3, |_, _| {}).expect("build").0);
        // The root answers from the tables, so the move time is only spent where the king-move rule forbids that.
        let level = Level::get(8).expect("level 8").with_movetime(Duration::from_millis(20));
        let settings = CheckSettings { pieces: 3, positions: 200, seed: 7, level, rules: Rules::default() };
        let r = check_play(&tb, &settings, |_, _| {});
        assert_eq!(r.positions, 200);
        assert!(r.won > 50 && r.drawn > 0, "{r:?}");
        assert_eq!((r.win_thrown, r.draw_thrown), (0, 0), "{r:?}");
        assert_eq!((r.played_won, r.played_drawn, r.played_lost, r.played_longer), (r.won, 0, 0, 0), "{r:?}");
    }
}
