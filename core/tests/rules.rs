//! One named test for every rule sentence of RULES.md, each in a position where that rule decides what is
//! legal. Expected move lists were worked out by hand from the rules text.

mod common;

use common::reference::Reference;
use giveaway_core::{
    legal_moves, parse_fen, parse_move, EndReason, Game, MoveParseError, Outcome, Position, Role, Rules, Square,
};

fn moves(fen: &str) -> Vec<String> {
    let mut v: Vec<String> = legal_moves(&parse_fen(fen).unwrap()).iter().map(|m| m.to_string()).collect();
    v.sort();
    v
}

fn sorted(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

fn sq(name: &str) -> Square {
    Square::parse(name).unwrap()
}

// ## Board and start

#[test]
fn start_position_and_white_moves_first() {
    let p = Position::start();
    assert_eq!(p, parse_fen("W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12").unwrap());
    assert_eq!(p.side_to_move(), giveaway_core::Color::White);
    for name in ["a1", "c1", "e1", "g1", "b2", "d2", "f2", "h2", "a3", "c3", "e3", "g3"] {
        assert_eq!(p.piece_at(sq(name)).unwrap().color, giveaway_core::Color::White, "{name}");
    }
    assert_eq!(moves("W:W21-32:B1-12"), sorted(&["a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4", "g3-h4"]));
}

// ## Who wins

#[test]
fn side_to_move_without_pieces_wins() {
    let g = Game::from_fen("W:W:B1,2", Rules::default()).unwrap();
    assert_eq!(g.result().unwrap().outcome, Outcome::WhiteWins);
    assert_eq!(g.result().unwrap().reason, EndReason::NoLegalMove);
}

#[test]
fn side_to_move_with_all_pieces_blocked_wins() {
    // The man on a3 can neither step to b4 nor take it (c5 is occupied).
    assert!(moves("W:Wa3:Bb4,c5").is_empty());
    let g = Game::from_fen("W:Wa3:Bb4,c5", Rules::default()).unwrap();
    assert_eq!(g.result().unwrap().outcome, Outcome::WhiteWins);
    // Black to move, blocked on h2 by g1 and the edge? h2's only forward square g1 is taken: Black wins.
    let g = Game::from_fen("B:Wg1,e5:Bh2", Rules::default()).unwrap();
    assert_eq!(g.result().unwrap().outcome, Outcome::BlackWins);
}

#[test]
fn resigning_side_loses_and_flag_fall_loses() {
    let mut g = Game::new(Position::start(), Rules::default());
    g.resign(giveaway_core::Color::Black).unwrap();
    assert_eq!(g.result().unwrap().outcome, Outcome::WhiteWins);
    let mut g = Game::new(Position::start(), Rules::default());
    g.flag(giveaway_core::Color::White).unwrap();
    assert_eq!(g.result().unwrap().outcome, Outcome::BlackWins);
    assert_eq!(g.result().unwrap().reason, EndReason::Time);
}

// ## Moves

#[test]
fn man_moves_one_square_diagonally_forward() {
    assert_eq!(moves("W:Wc3:Bf8"), sorted(&["c3-b4", "c3-d4"]));
    assert_eq!(moves("B:Wc3:Bf6"), sorted(&["f6-e5", "f6-g5"]));
}

#[test]
fn king_flies_any_distance_forwards_and_backwards() {
    assert_eq!(
        moves("W:WKd4:Bh8"),
        sorted(&[
            "d4-c3", "d4-b2", "d4-a1", "d4-e5", "d4-f6", "d4-g7", "d4-c5", "d4-b6", "d4-a7", "d4-e3", "d4-f2", "d4-g1"
        ])
    );
}

#[test]
fn pieces_never_jump_their_own_colour() {
    assert_eq!(moves("W:WKa1,c3:Bh8"), sorted(&["a1-b2", "c3-b4", "c3-d4"]));
    assert_eq!(moves("W:Wc3,d4:Bh8"), sorted(&["c3-b4", "d4-c5", "d4-e5"]));
}

// ## Captures

#[test]
fn capturing_is_compulsory() {
    assert_eq!(moves("W:Wc3,g3:Bd4"), sorted(&["c3:e5"]));
}

#[test]
fn free_choice_among_captures_no_majority_rule() {
    // c3 can take two pieces, h2 only one: both are legal.
    assert_eq!(moves("W:Wc3,h2:Bd4,f6,g3"), sorted(&["c3:e5:g7", "h2:f4"]));
}

#[test]
fn a_chosen_capture_must_be_completed() {
    let p = parse_fen("W:Wc3,h2:Bd4,f6,g3").unwrap();
    match parse_move(&p, "c3:e5") {
        Err(MoveParseError::Illegal(why)) => assert!(why.contains("must be completed"), "{why}"),
        other => panic!("stopping half-way was accepted: {other:?}"),
    }
}

#[test]
fn men_capture_forwards_and_backwards() {
    assert_eq!(moves("W:Wd4:Bc3"), sorted(&["d4:b2"]));
    assert_eq!(moves("B:Wd6:Be5"), sorted(&["e5:c7"]));
}

#[test]
fn king_captures_at_distance_and_lands_on_any_square_behind() {
    assert_eq!(moves("W:WKa1:Bd4"), sorted(&["a1:e5", "a1:f6", "a1:g7", "a1:h8"]));
}

#[test]
fn king_must_land_where_the_capture_continues() {
    // Of the landing squares d4..h8 behind c3, only f6 lets the king go on (taking e7).
    assert_eq!(moves("W:WKa1:Bc3,e7"), sorted(&["a1:f6:d8"]));
}

#[test]
fn king_may_continue_along_the_same_diagonal() {
    assert_eq!(moves("W:WKa1:Bc3,f6"), sorted(&["a1:d4:g7", "a1:d4:h8"]));
}

#[test]
fn turkish_strike_captured_piece_blocks_the_capturer() {
    // f6 takes g7 and is crowned on h8, but the captured g7 still stands on the long diagonal and stops the
    // new king from taking e5. Were captured pieces removed at once, f6:h8 would go on to take e5.
    let fen = "W:W11,19:BK6,K8,K15,K28";
    assert_eq!(moves(fen), sorted(&["f4:d6:b8", "f6:d4", "f6:h8"]));
    let mut without = Reference::new(&parse_fen(fen).unwrap());
    without.turkish_strike = false;
    assert!(without.moves().iter().any(|m| m.text() == "f6:h8:d4"), "the position must be one the rule decides");
}

#[test]
fn turkish_strike_a_piece_cannot_be_jumped_twice() {
    // After e5 takes c3 and lands on b2, c3 is still there: the king cannot come back over it to take g7.
    let fen = "W:WK15,K23,K27,K29:BK8,K22";
    assert_eq!(moves(fen), sorted(&["a1:d4", "e5:b2", "e5:h8"]));
    let mut without = Reference::new(&parse_fen(fen).unwrap());
    without.turkish_strike = false;
    assert!(without.moves().iter().any(|m| m.text() == "e5:b2:h8"), "the position must be one the rule decides");
}

#[test]
fn start_square_counts_as_empty_once_left() {
    // The king leaves d6, takes c5, b2, d2 and then e5, passing back over d6 to land on c7 or b8.
    let fen = "W:WK10:BK14,K15,K25,K26";
    let list = moves(fen);
    for path in ["d6:a3:c1:f4:c7", "d6:a3:c1:f4:b8"] {
        assert!(list.contains(&path.to_string()), "{path} missing from {list:?}");
    }
    let p = parse_fen(fen).unwrap();
    let after = p.play(&parse_move(&p, "d6:a3:c1:f4:c7").unwrap());
    assert!(after.pieces(giveaway_core::Color::Black).is_empty());
    assert_eq!(after.piece_at(sq("c7")).unwrap().role, Role::King);
}

#[test]
fn a_capture_may_end_on_its_own_start_square() {
    // The man on c3 takes all four men around it and comes home; both directions reach the same position.
    let fen = "W:Wc3:Bd4,d6,b6,b4";
    assert_eq!(moves(fen), sorted(&["c3:a5:c7:e5:c3", "c3:e5:c7:a5:c3"]));
    let p = parse_fen(fen).unwrap();
    let after = p.play(&legal_moves(&p)[0]);
    assert!(after.pieces(giveaway_core::Color::Black).is_empty());
    assert_eq!(after.piece_at(sq("c3")).unwrap().role, Role::Man);
    assert_eq!(giveaway_core::perft::perft(&p, 1, giveaway_core::perft::Counting::Distinct), 1);
    assert_eq!(giveaway_core::perft::perft(&p, 1, giveaway_core::perft::Counting::Sequences), 2);
}

#[test]
fn man_crowned_mid_capture_continues_as_king() {
    // The known test of RULES.md: takes g7, crowned on f8, must land on b4 (not a3), then takes d2.
    assert_eq!(moves("W:Wh6:Bg7,c5,d2"), sorted(&["h6:f8:b4:e1"]));
    assert_eq!(moves("W:W12:B8,14,26"), sorted(&["h6:f8:b4:e1"]));
}

#[test]
fn man_crowned_mid_capture_that_cannot_go_on_stops_as_king() {
    let p = parse_fen("W:Wf6:Bg7").unwrap();
    let list = legal_moves(&p);
    assert_eq!(list.len(), 1);
    assert_eq!(list[0].to_string(), "f6:h8");
    assert!(list[0].promotes());
    assert_eq!(p.play(&list[0]).piece_at(sq("h8")).unwrap().role, Role::King);
}

#[test]
fn man_reaching_far_rank_by_plain_move_is_crowned_and_turn_passes() {
    let p = parse_fen("W:Wa7:Bh4").unwrap();
    let m = parse_move(&p, "a7-b8").unwrap();
    assert!(m.promotes());
    let after = p.play(&m);
    assert_eq!(after.piece_at(sq("b8")).unwrap().role, Role::King);
    assert_eq!(after.side_to_move(), giveaway_core::Color::Black);
    assert_eq!(moves("B:WKb8:Bh4"), sorted(&["h4-g3"]));
}

// ## Draws

#[test]
fn threefold_repetition_is_a_draw() {
    let mut g = Game::from_fen("W:WKa1:BKh4", Rules::default()).unwrap();
    for m in ["a1-b2", "h4-g5", "b2-a1", "g5-h4", "a1-b2", "h4-g5", "b2-a1"] {
        g.play_notation(m).unwrap();
        assert!(!g.is_over());
    }
    g.play_notation("g5-h4").unwrap();
    assert_eq!(g.result().unwrap().reason, EndReason::Repetition);
    assert_eq!(g.result().unwrap().outcome, Outcome::Draw);
}

#[test]
fn fifteen_king_moves_each_without_capture_is_a_draw() {
    let rules = Rules { repetitions: 0, ..Rules::default() };
    let mut g = Game::from_fen("W:WKa1:BKh4", rules).unwrap();
    let cycle = ["a1-b2", "h4-g5", "b2-c3", "g5-h6", "c3-b2", "h6-g5", "b2-a1", "g5-h4"];
    for i in 0..29 {
        g.play_notation(cycle[i % cycle.len()]).unwrap();
    }
    assert!(!g.is_over());
    assert_eq!(g.king_move_plies(), 29);
    g.play_notation(cycle[29 % cycle.len()]).unwrap();
    assert_eq!(g.result().unwrap().reason, EndReason::KingMoveRule);
}
