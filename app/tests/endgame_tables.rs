//! The endgame tables through the app layer: the shipped file is loaded, hints and the post-game analysis use
//! it, and the analysis names the move that threw a proven win away.

use giveaway_app::{EndgameTables, ExactOutcome, GameLibrary, NewGame, Opponent, StartPosition, ThrownAway};
use giveaway_core::legal_moves;
use giveaway_core::tablebase::{Tablebase, Value};
use giveaway_core::{format_move, parse_fen, Notation};

#[test]
fn shipped_tables_drive_hints_and_name_the_thrown_away_win() {
    let dir = tempfile::tempdir().unwrap();
    let (tb, _) = Tablebase::build(3, |_, _| {}).unwrap();
    let shipped = dir.path().join("tablebase-3.gwtb");
    tb.write_to(&mut std::fs::File::create(&shipped).unwrap()).unwrap();
    let tables =
        EndgameTables::open(Some(shipped.to_string_lossy().into()), dir.path().join("data").to_string_lossy().into());
    assert_eq!((tables.state().pieces, tables.state().error), (3, None));

    // A won start, and a move from it that lets the win go (both found by probing the tables).
    let fen = "W:W22:B15";
    let start = parse_fen(fen).unwrap();
    let Some(Value::Win(d)) = tb.probe(&start) else { panic!("{fen} is a White win") };
    let bad = legal_moves(&start)
        .iter()
        .copied()
        .find(|m| !matches!(tb.probe(&start.play(m)), Some(Value::Loss(_))))
        .unwrap();

    let lib = GameLibrary::open(dir.path().join("games.db").to_string_lossy().into_owned()).unwrap();
    let game = lib
        .new_game(NewGame {
            opponent: Opponent::PassAndPlay,
            start: StartPosition::Fen { fen: fen.into() },
            time_control: None,
        })
        .unwrap();
    let hint = game.hint().unwrap();
    // The hint's score is the tables' exact distance.
    assert_eq!(hint.score_text, format!("win {d}"));
    assert!(hint.reason.unwrap().starts_with("wins"));
    assert!(matches!(
        tb.probe(&start.play(&giveaway_core::parse_move(&start, &hint.mv.text).unwrap())),
        Some(Value::Loss(_))
    ));

    game.play_move(format_move(&bad, Notation::Algebraic)).unwrap();
    let analysis = game.analyse(None).unwrap();
    assert_eq!(analysis.exact_pieces, 3);
    let verdict = analysis.moves[0].exact.clone().expect("the first position is in the tables");
    assert_eq!((verdict.before.outcome, verdict.before.moves), (ExactOutcome::Win, u32::from(d) / 2));
    assert_eq!(verdict.threw_away, Some(ThrownAway::Win));
    let [turn] = analysis.turning_points.as_slice() else { panic!("one turning point: {:?}", analysis.turning_points) };
    assert_eq!((turn.ply, turn.move_number, turn.threw_away), (0, 1, ThrownAway::Win));
    assert!(turn.message.starts_with("White threw away a forced win in "), "{}", turn.message);
    assert!(
        turn.message.ends_with(&format!("on move 1 ({})", format_move(&bad, Notation::Algebraic))),
        "{}",
        turn.message
    );
}
