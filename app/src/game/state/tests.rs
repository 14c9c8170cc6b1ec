use super::*;
use crate::board::PieceKind;
use crate::setup::StartPosition;
use giveaway_core::game::Outcome;
use giveaway_core::record::{SideTime, TimeControl};
use std::time::Duration;

fn sq(name: &str) -> u32 {
    Square::parse(name).unwrap().pdn() as u32
}

fn pass_and_play() -> GameState {
    GameState::new(NewGame::pass_and_play(None), Instant::now()).unwrap()
}

fn texts(s: &GameState) -> Vec<String> {
    s.game.move_texts(Notation::Algebraic)
}

#[test]
fn taps_select_and_move() {
    let t = Instant::now();
    let mut s = pass_and_play();
    s.tap(sq("c3"), t).unwrap();
    assert_eq!(s.entry.as_ref().map(|e| e.from().to_string()), Some("c3".into()));
    s.tap(sq("e3"), t).unwrap(); // another own piece: reselect
    assert_eq!(s.entry.as_ref().map(|e| e.from().to_string()), Some("e3".into()));
    s.tap(sq("f4"), t).unwrap();
    assert_eq!(texts(&s), ["e3-f4"]);
    // An empty square with nothing selected just clears.
    s.tap(sq("e5"), t).unwrap();
    assert!(s.entry.is_none());
    let e = s.select(sq("c3"), t).unwrap_err();
    assert!(matches!(e, GiveawayError::IllegalMove { ref reason } if reason.contains("not yours")), "{e}");
    assert!(matches!(s.select(0, t), Err(GiveawayError::Unavailable { .. })));
    assert!(matches!(s.select(33, t), Err(GiveawayError::Unavailable { .. })));
}

#[test]
fn hop_by_hop_capture_through_the_state() {
    let t = Instant::now();
    let setup = NewGame {
        opponent: Opponent::PassAndPlay,
        start: StartPosition::Fen { fen: "W:Wh6:Bg7,c5,d2".into() },
        time_control: None,
    };
    let mut s = GameState::new(setup, t).unwrap();
    let e = s.select(sq("a1"), t).unwrap_err();
    assert!(matches!(e, GiveawayError::IllegalMove { .. }));
    s.tap(sq("h6"), t).unwrap();
    s.tap(sq("f8"), t).unwrap();
    let snap = s.snapshot(t, false, None);
    let cap = snap.capture.clone().unwrap();
    assert_eq!(cap.visited, vec![sq("f8")]);
    assert_eq!(cap.ghosts, vec![sq("g7")]);
    assert!(snap.squares[sq("h6") as usize - 1].piece.is_none(), "the piece has left h6");
    let moving = snap.squares[sq("f8") as usize - 1].piece.as_ref().expect("the capturer stands on f8");
    assert_eq!(moving.kind, PieceKind::King, "crowned on f8 mid-capture, it goes on as a king");
    assert!(snap.squares[sq("g7") as usize - 1].ghost);
    assert!(snap.squares[sq("b4") as usize - 1].destination);
    assert!(matches!(s.move_to(sq("a3"), t), Err(GiveawayError::IllegalMove { .. })));
    s.move_to(sq("b4"), t).unwrap();
    s.move_to(sq("e1"), t).unwrap();
    assert_eq!(texts(&s), ["h6:f8:b4:e1"]);
    let snap = s.snapshot(t, false, None);
    assert!(snap.capture.is_none());
    assert_eq!(snap.last_move.unwrap().captured.len(), 3);
}

#[test]
fn final_square_choice() {
    let t = Instant::now();
    let setup = NewGame {
        opponent: Opponent::PassAndPlay,
        start: StartPosition::Fen { fen: "W:WKg5:Bb2,f4,b8,e7,d4,e5".into() },
        time_control: None,
    };
    let mut s = GameState::new(setup, t).unwrap();
    s.select(sq("g5"), t).unwrap();
    s.move_to(sq("f8"), t).unwrap();
    let snap = s.snapshot(t, false, None);
    assert_eq!(snap.choices.len(), 2);
    assert!(matches!(s.choose(5, t), Err(GiveawayError::Unavailable { .. })));
    let pick = snap.choices.iter().position(|c| c.text == "g5:c1:a3:f8").unwrap();
    assert_eq!(snap.choices[pick].captured.len(), 3);
    s.choose(pick as u32, t).unwrap();
    assert_eq!(texts(&s), ["g5:c1:a3:f8"]);
    assert!(s.choices.is_empty());
}

#[test]
fn notation_input_and_move_rows() {
    let t = Instant::now();
    let mut s = pass_and_play();
    s.play_text("c3-d4", t).unwrap();
    s.play_text("11-16", t).unwrap(); // f6-g5 numerically
    s.play_text("g3-h4", t).unwrap();
    assert!(matches!(s.play_text("c3-c4", t), Err(GiveawayError::BadNotation { .. })));
    assert!(matches!(s.play_text("a3-b4", t), Err(GiveawayError::IllegalMove { .. })));
    let rows = s.move_rows();
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[0].white.as_deref(), Some("c3-d4"));
    assert_eq!(rows[0].black.as_deref(), Some("f6-g5"));
    assert_eq!(rows[1].black, None);
    s.set_notation(Notation::Numeric);
    assert_eq!(s.move_rows()[0].white.as_deref(), Some("22-18"));
    // Black to move first: the first row has no White move.
    let setup = NewGame {
        opponent: Opponent::PassAndPlay,
        start: StartPosition::Fen { fen: "B:W21-32:B1-12".into() },
        time_control: None,
    };
    let mut s = GameState::new(setup, t).unwrap();
    s.play_text("f6-g5", t).unwrap();
    s.play_text("c3-d4", t).unwrap();
    let rows = s.move_rows();
    assert_eq!((rows[0].white.clone(), rows[0].black.clone()), (None, Some("f6-g5".into())));
    assert_eq!(rows[1].white.as_deref(), Some("c3-d4"));
}

#[test]
fn undo_against_the_computer_takes_back_the_pair() {
    let t = Instant::now();
    let mut s = GameState::new(NewGame::versus_computer(3, Color::White), t).unwrap();
    assert!(!s.can_undo());
    s.play_text("c3-d4", t).unwrap();
    assert!(s.computer_to_move());
    assert!(matches!(s.play_text("f6-g5", t), Err(GiveawayError::NotYourTurn { .. })));
    let reply = giveaway_core::notation::parse_move(s.game.position(), "f6-g5").unwrap();
    s.play_computer(&reply, t).unwrap();
    assert!(matches!(s.play_computer(&reply, t), Err(GiveawayError::NotYourTurn { .. })));
    s.undo(t).unwrap();
    assert_eq!(s.game.ply(), 0, "the player's move and the computer's reply are both taken back");
    assert!(!s.can_undo());
    s.redo(t).unwrap();
    assert_eq!(texts(&s), ["c3-d4", "f6-g5"], "redo replays the pair");
    // Player's move without a reply yet: one undo takes back just that.
    s.play_text("g3-h4", t).unwrap();
    s.undo(t).unwrap();
    assert_eq!(s.game.ply(), 2);
}

#[test]
fn undo_when_the_computer_plays_white() {
    let t = Instant::now();
    let mut s = GameState::new(NewGame::versus_computer(1, Color::Black), t).unwrap();
    assert!(s.computer_to_move());
    let first = giveaway_core::notation::parse_move(s.game.position(), "c3-d4").unwrap();
    s.play_computer(&first, t).unwrap();
    assert!(!s.can_undo(), "only the computer has moved");
    assert!(matches!(s.undo(t), Err(GiveawayError::Unavailable { .. })));
    s.play_text("f6-g5", t).unwrap();
    s.undo(t).unwrap();
    assert_eq!(texts(&s), ["c3-d4"]);
    assert!(!s.computer_to_move());
}

#[test]
fn resignation_and_draw_offers() {
    let t = Instant::now();
    let mut s = pass_and_play();
    assert!(matches!(s.accept_draw(t), Err(GiveawayError::Unavailable { .. })));
    s.offer_draw(t).unwrap();
    assert_eq!(s.draw_offer, Some(Color::White));
    assert!(matches!(s.offer_draw(t), Err(GiveawayError::Unavailable { .. })));
    s.play_text("c3-d4", t).unwrap();
    assert_eq!(s.draw_offer, Some(Color::White), "the offer stands while the offerer moves");
    s.play_text("f6-g5", t).unwrap();
    assert_eq!(s.draw_offer, None, "answering with a move declines");
    s.offer_draw(t).unwrap();
    s.decline_draw().unwrap();
    s.offer_draw(t).unwrap();
    s.accept_draw(t).unwrap();
    assert_eq!(s.game.result().unwrap().outcome, Outcome::Draw);
    assert!(matches!(s.play_text("g3-h4", t), Err(GiveawayError::GameOver { .. })));
    s.undo(t).unwrap(); // withdraws the agreement
    assert!(s.game.result().is_none());
    s.resign(Color::Black, t).unwrap();
    assert_eq!(s.game.result().unwrap().outcome, Outcome::WhiteWins);

    let mut c = GameState::new(NewGame::versus_computer(2, Color::White), t).unwrap();
    assert!(matches!(c.offer_draw(t), Err(GiveawayError::Unavailable { .. })));
    assert!(matches!(c.resign(Color::Black, t), Err(GiveawayError::NotYourTurn { .. })));
    c.resign(Color::White, t).unwrap();
    assert_eq!(c.game.result().unwrap().reason, EndReason::Resignation);
    assert!(c.can_undo(), "a resignation can be taken back");
}

#[test]
fn reactions_are_kept() {
    let mut s = pass_and_play();
    s.react(Color::Black, "👍").unwrap();
    assert!(s.react(Color::White, "hello").is_err());
    assert!(s.react(Color::White, "").is_err());
    assert_eq!(s.reactions, vec![Reaction { side: Color::Black, emoji: "👍".into(), ply: 0 }]);
    let mut c = GameState::new(NewGame::versus_computer(2, Color::White), Instant::now()).unwrap();
    assert!(c.react(Color::Black, "😀").is_err());
}

#[test]
fn clocks_with_time_odds_and_flag_fall() {
    let t0 = Instant::now();
    let tc = TimeControl {
        white: SideTime { base_ms: 10_000, increment_ms: 1_000 },
        black: SideTime { base_ms: 60_000, increment_ms: 0 },
    };
    let mut s = GameState::new(NewGame::pass_and_play(Some(tc)), t0).unwrap();
    let t1 = t0 + Duration::from_millis(4_000);
    s.play_text("c3-d4", t1).unwrap();
    assert_eq!(s.clock_now(t1), [7_000, 60_000]);
    let t2 = t1 + Duration::from_millis(30_000);
    s.play_text("f6-g5", t2).unwrap();
    assert_eq!(s.clock_now(t2), [7_000, 30_000]);
    // Undo gives back the times at the start of that ply.
    s.undo(t2).unwrap();
    assert_eq!(s.clock_now(t2), [7_000, 60_000]);
    s.play_text("f6-g5", t2).unwrap();
    // White lets the clock run out: the next call ends the game.
    let late = t2 + Duration::from_millis(7_001);
    assert!(matches!(s.play_text("g3-h4", late), Err(GiveawayError::GameOver { .. })));
    let r = s.game.result().unwrap();
    assert_eq!((r.outcome, r.reason), (Outcome::BlackWins, EndReason::Time));
    let snap = s.snapshot(late, false, None);
    assert_eq!(snap.clocks.unwrap().white_ms, 0);
    // Pause stops time.
    let mut p = GameState::new(NewGame::pass_and_play(Some(tc)), t0).unwrap();
    p.pause_clock(t0);
    assert!(!p.check_flag(t0 + Duration::from_secs(3600)));
    assert!(GameState::new(NewGame::pass_and_play(Some(TimeControl::even(0, 0))), t0).is_err());
}

#[test]
fn handicap_setups() {
    let t = Instant::now();
    let removed = NewGame {
        opponent: Opponent::Computer { level: 4, human: Color::White },
        start: StartPosition::RemovedMen { squares: vec![1, 2, 29] },
        time_control: None,
    };
    let s = GameState::new(removed, t).unwrap();
    assert_eq!(s.game.position().pieces(Color::Black).count(), 10);
    assert_eq!(s.game.position().pieces(Color::White).count(), 11);
    for (squares, why) in [(vec![15], "no man"), (vec![0], "not a square"), (vec![1, 1], "no man")] {
        let setup = NewGame { start: StartPosition::RemovedMen { squares }, ..NewGame::pass_and_play(None) };
        let e = GameState::new(setup, t).unwrap_err().to_string();
        assert!(e.contains(why), "{e}");
    }
    let bad_fen = NewGame { start: StartPosition::Fen { fen: "W:W33:B1".into() }, ..NewGame::pass_and_play(None) };
    assert!(matches!(GameState::new(bad_fen, t), Err(GiveawayError::BadFen { .. })));
    let over = NewGame { start: StartPosition::Fen { fen: "W:W:B1".into() }, ..NewGame::pass_and_play(None) };
    assert!(matches!(GameState::new(over, t), Err(GiveawayError::BadSetup { .. })));
    assert!(GameState::new(NewGame::versus_computer(9, Color::White), t).is_err());
    assert!(GameState::new(NewGame::versus_computer(0, Color::White), t).is_err());
}

#[test]
fn snapshot_marks_forced_captures() {
    let t = Instant::now();
    let setup = NewGame { start: StartPosition::Fen { fen: "W:Wc3,g3:Bd4".into() }, ..NewGame::pass_and_play(None) };
    let s = GameState::new(setup, t).unwrap();
    let snap = s.snapshot(t, false, None);
    assert!(snap.must_capture);
    let c3 = &snap.squares[sq("c3") as usize - 1];
    let g3 = &snap.squares[sq("g3") as usize - 1];
    assert!(c3.movable && c3.must_capture);
    assert!(!g3.movable && !g3.must_capture);
    assert_eq!(snap.squares.len(), 32);
    assert_eq!(snap.fen, "W:W22,24:B18");
}

#[test]
fn a_tap_on_a_piece_held_back_by_a_capture_says_why_until_the_next_input() {
    let t = Instant::now();
    let setup = NewGame { start: StartPosition::Fen { fen: "W:Wc3,g3,a1:Bd4".into() }, ..NewGame::pass_and_play(None) };
    let mut s = GameState::new(setup, t).unwrap();
    let notice = |s: &GameState| s.snapshot(t, false, None).notice;
    s.tap(sq("g3"), t).unwrap();
    assert!(s.entry.is_none());
    let n = notice(&s).expect("g3 is held back");
    assert_eq!((n.kind, n.square, n.capturers), (NoticeKind::MustCaptureElsewhere, sq("g3"), vec![sq("c3")]));
    assert_eq!(n.message, "capturing is compulsory: move a piece that can capture (c3)");
    // The notice stays on later snapshots (a status line), in the notation chosen, and goes with the next tap.
    s.set_notation(Notation::Numeric);
    s.tap(sq("a1"), t).unwrap();
    assert_eq!(
        notice(&s).map(|n| n.message).as_deref(),
        Some("capturing is compulsory: move a piece that can capture (22)")
    );
    s.tap(sq("c3"), t).unwrap();
    assert_eq!(notice(&s), None);
    // Empty squares and the opponent's pieces clear quietly.
    s.tap(sq("g3"), t).unwrap();
    s.tap(sq("d4"), t).unwrap();
    assert_eq!(notice(&s), None);
    s.tap(sq("g3"), t).unwrap();
    s.tap(sq("h8"), t).unwrap();
    assert_eq!(notice(&s), None);
    // Selecting it directly is refused with the same words.
    let e = s.select(sq("g3"), t).unwrap_err();
    assert_eq!(e.to_string(), "illegal move: capturing is compulsory: move a piece that can capture (22)");
    // A piece with no move at all when nothing must capture.
    let setup = NewGame { start: StartPosition::Fen { fen: "W:Wa1,b2:Bh8".into() }, ..NewGame::pass_and_play(None) };
    let mut s = GameState::new(setup, t).unwrap();
    s.tap(sq("a1"), t).unwrap();
    let n = notice(&s).expect("a1 is blocked");
    assert_eq!(
        (n.kind, n.capturers.len(), n.message.as_str()),
        (NoticeKind::PieceCannotMove, 0, "the piece on a1 has no legal move")
    );
    s.tap(sq("b2"), t).unwrap();
    assert!(s.entry.is_some() && notice(&s).is_none());
}
