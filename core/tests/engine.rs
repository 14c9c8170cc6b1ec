//! Engine behaviour checked against the rules core: forced wins, legality, stopping and determinism.

mod common;

use common::Rng;
use giveaway_core::engine::{Engine, Level, Limits, SearchRoot, StopHandle, WIN, WIN_BOUND};
use giveaway_core::{legal_moves, parse_fen, Color, Game, Outcome, Position, Rules};
use proptest::prelude::*;
use std::time::{Duration, Instant};

/// Independent proof from the move generator alone: can the side to move force having no legal move within
/// `plies` plies (its own turn counts)? Plain AND-OR search, no engine code involved.
fn forces_win(pos: &Position, plies: i32) -> bool {
    let moves = legal_moves(pos);
    if moves.is_empty() {
        return true;
    }
    if plies < 2 {
        return false;
    }
    moves.iter().any(|m| {
        let c = pos.play(m);
        let replies = legal_moves(&c);
        !replies.is_empty() && replies.iter().all(|r| forces_win(&c.play(r), plies - 2))
    })
}

/// White to move wins by force in each (hand-made, or hand-picked from a screen of random endgames).
const FORCED_WINS: [&str; 14] = [
    "W:W22,29:B15",
    "W:WK26,K29,11:B1",
    "W:WK2,7,K6,13,28:B20",
    "W:W25,K12:B10,20,15",
    "W:W5,K29,24:B3",
    "W:W6,8,17:B27",
    "W:WK24,20,10:B13",
    "W:W23,K27,29:B28,2,K32,3",
    "W:W28,K3,K12:B22",
    "W:W14,9,K15:B23,K12",
    "W:WK5,K31,K7,K2:B3",
    "W:W21,6,26:B13",
    "W:W5,20,14:B6",
    "W:W29,12,18,26:B20",
];

#[test]
fn finds_forced_wins_and_the_rules_core_confirms_them() {
    let mut engine = Engine::new(4);
    let mut with_losing_alternative = 0;
    for fen in FORCED_WINS {
        let pos = parse_fen(fen).unwrap();
        let root = SearchRoot::new(pos, Rules::default());
        let r = engine.search(&root, &Limits::depth(16), &StopHandle::new(), &mut |_| {});
        assert!(r.score >= WIN_BOUND, "{fen}: no win found, score {}", r.score);
        let plies = WIN - r.score;
        let best = r.best.unwrap();
        // The proof: after the engine's move the opponent cannot escape within the announced distance.
        let child = pos.play(&best);
        let replies = legal_moves(&child);
        assert!(!replies.is_empty(), "{fen}");
        assert!(replies.iter().all(|m| forces_win(&child.play(m), plies - 2)), "{fen}: {best} does not win in {plies}");
        if legal_moves(&pos).iter().any(|m| {
            let c = pos.play(m);
            let rs = legal_moves(&c);
            rs.is_empty() || !rs.iter().all(|x| forces_win(&c.play(x), plies - 2))
        }) {
            with_losing_alternative += 1;
        }
        // The main line, played out in a game record, ends with White having no move: a White win.
        let mut g = Game::new(pos, Rules::default());
        for mv in &r.pv {
            g.play(mv).unwrap_or_else(|e| panic!("{fen}: pv move {mv}: {e}"));
        }
        assert_eq!(g.result().map(|x| x.outcome), Some(Outcome::WhiteWins), "{fen}: pv {:?}", r.pv);
        assert_eq!(g.ply() as i32, plies, "{fen}");
    }
    // Most of these positions also have moves that do not win: the search has to find the right one.
    assert!(with_losing_alternative >= 10, "{with_losing_alternative}");
}

/// A position reached by random play from the start (seeded), possibly with some pieces removed.
fn random_position(seed: u64) -> Position {
    let mut rng = Rng::new(seed);
    let mut pos = Position::start();
    let plies = rng.below(60);
    for _ in 0..plies {
        let moves = legal_moves(&pos);
        if moves.is_empty() {
            break;
        }
        pos = pos.play(&moves[rng.below(moves.len())]);
    }
    pos
}

proptest! {
    #![proptest_config(common::proptest_config(48, file!()))]
    #[test]
    fn never_returns_an_illegal_move(seed in any::<u64>(), level in 1u8..=6) {
        let pos = random_position(seed);
        let moves = legal_moves(&pos);
        let root = SearchRoot::new(pos, Rules::default());
        let mut engine = Engine::new(1);
        let r = engine.search(&root, &Limits::nodes(3000), &StopHandle::new(), &mut |_| {});
        match r.best {
            None => prop_assert!(moves.is_empty()),
            Some(m) => prop_assert!(moves.contains(&m)),
        }
        let l = Level::get(level).unwrap();
        let chosen = l.choose(&mut engine, &root, &mut Rng::new(seed), &StopHandle::new(), &mut |_| {});
        match chosen.and_then(|c| c.best) {
            None => prop_assert!(moves.is_empty()),
            Some(m) => prop_assert!(moves.contains(&m)),
        }
    }
}

#[test]
fn the_stop_handle_ends_the_search_promptly() {
    // Rich positions (the start and two middle games), so the search is still busy when stopped.
    let fens = [
        "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12",
        "B:W5,19,25,27,28,29,30,31,32:B1,2,3,4,7,8",
        "W:W16,25,27,28,29,30,31,32:B3,4,7,8,14",
    ];
    let mut lags = Vec::new();
    for i in 0..5 {
        let stop = StopHandle::new();
        let s2 = stop.clone();
        let root = SearchRoot::new(parse_fen(fens[i % 3]).unwrap(), Rules::default());
        let worker = std::thread::spawn(move || {
            let mut engine = Engine::new(8);
            let r = engine.search(&root, &Limits::default(), &s2, &mut |_| {});
            (r, Instant::now())
        });
        std::thread::sleep(Duration::from_millis(150));
        let t = Instant::now();
        stop.stop();
        let (r, ended) = worker.join().unwrap();
        assert!(ended > t, "the search ended before it was stopped");
        lags.push(ended - t);
        assert!(r.best.is_some() && r.depth >= 4);
    }
    lags.sort();
    eprintln!("stop lags: {lags:?}");
    // An unlimited search ends only when stopped, so every join above shows the stop was obeyed. How quickly
    // (the 10 ms target) is measured by `giveaway bench-search`, median and max of 20 stops, not asserted here
    // where other tests share both cores; the bound only catches a stop noticed far too late.
    assert!(lags[4] < Duration::from_secs(2), "{lags:?}");
}

#[test]
fn same_seed_and_node_limit_give_the_same_move() {
    for seed in [1u64, 2, 3] {
        let root = SearchRoot::new(random_position(seed), Rules::default());
        let run = || {
            let mut e = Engine::new(2);
            let r = e.search(&root, &Limits::nodes(20_000), &StopHandle::new(), &mut |_| {});
            let l = Level::get(2).unwrap().choose(&mut e, &root, &mut Rng::new(seed), &StopHandle::new(), &mut |_| {});
            (r.best, r.score, r.nodes, l.and_then(|c| c.best))
        };
        assert_eq!(run(), run());
    }
}

#[test]
fn repetition_history_from_the_game_makes_a_repeat_a_draw() {
    // Kings only: after a1-b2 h2-g1 b2-a1 g1-h2 the start position has occurred twice.
    let mut g = Game::from_fen("W:WK29:BK28", Rules::default()).unwrap();
    for m in ["a1-b2", "h2-g1", "b2-a1", "g1-h2", "a1-b2", "h2-g1", "b2-a1"] {
        g.play_notation(m).unwrap();
    }
    // Black to move: g1-h2 would repeat the start a third time; the root knows it, the game agrees.
    let root = SearchRoot::from_game(&g);
    assert_eq!(root.king_plies, 7);
    let after = root.after(&giveaway_core::parse_move(&root.position, "g1-h2").unwrap());
    assert!(after.is_rule_draw());
    g.play_notation("g1-h2").unwrap();
    assert_eq!(g.result().map(|r| r.outcome), Some(Outcome::Draw));
    assert_eq!(root.position.side_to_move(), Color::Black);
}

#[test]
fn search_scores_the_king_move_rule_as_a_draw() {
    // Kings only, no capture anywhere: one ply before the 30-ply rule every move draws, so the score is 0.
    let pos = parse_fen("W:WK29,K30:BK28").unwrap();
    let mut root = SearchRoot::new(pos, Rules::default());
    let mut engine = Engine::new(1);
    let fresh = engine.search(&root, &Limits::depth(6), &StopHandle::new(), &mut |_| {});
    assert_ne!(fresh.score, 0);
    root.king_plies = 29;
    root.history = vec![0; 29];
    engine.clear();
    let late = engine.search(&root, &Limits::depth(6), &StopHandle::new(), &mut |_| {});
    assert_eq!(late.score, 0);
}
