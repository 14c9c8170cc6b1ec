//! PDN through storage: games saved move by move, exported, imported into another database, come back with
//! identical moves, start, result and clocks after every move; a damaged export is either imported whole or
//! refused with the database unchanged; an imported timed game replays with its clocks per move.

mod common;

use giveaway_core::game::{EndReason, GameResult, Outcome};
use giveaway_core::movegen::legal_moves;
use giveaway_core::position::{Color, Position};
use giveaway_core::record::{ClockTimes, GameMode, NewGame, SideTime, TimeControl};
use giveaway_core::storage::{Filter, Storage, StorageError};
use giveaway_core::{to_fen, Game, Rules, Square};
use proptest::prelude::*;
use tempfile::TempDir;

fn open(dir: &TempDir, name: &str) -> Storage {
    Storage::open(dir.path().join(name)).unwrap().0
}

/// What one random game is made of.
#[derive(Clone, Debug)]
struct Spec {
    remove: u32,
    black_first: bool,
    picks: Vec<u16>,
    ending: u8,
    mode: u8,
    name: String,
    clock: Option<(u64, u64, u64)>,
}

fn spec() -> impl Strategy<Value = Spec> {
    (
        prop_oneof![Just(0u32), any::<u32>()],
        any::<bool>(),
        prop::collection::vec(any::<u16>(), 0..120),
        any::<u8>(),
        0u8..3,
        "[a-zA-Z \"\\\\Жё]{0,12}",
        prop::option::of((1u64..7200, 0u64..60, 0u64..10_000_000)),
    )
        .prop_map(|(remove, black_first, picks, ending, mode, name, clock)| Spec {
            remove,
            black_first,
            picks,
            ending,
            mode,
            name,
            clock,
        })
}

/// Saves a spec as the app would: create, append every move, finish. Returns the moves and outcome.
fn save(s: &Storage, spec: &Spec) -> (Position, Vec<String>, Option<Outcome>) {
    let mut start = Position::start();
    if spec.remove != 0 {
        let mut white = start.pieces(Color::White);
        let mut black = start.pieces(Color::Black);
        for i in 0..12u8 {
            if spec.remove & (1 << i) != 0 {
                black -= Square::from_pdn(i + 1).unwrap().mask();
            }
            if spec.remove & (1 << (i + 16)) != 0 {
                white -= Square::from_pdn(i + 21).unwrap().mask();
            }
        }
        let side = if spec.black_first { Color::Black } else { Color::White };
        start = Position::new(white, black, giveaway_core::Bitboard::EMPTY, side).unwrap();
    }
    let mode = GameMode::ALL[spec.mode as usize % 2];
    let mut setup = NewGame::new(mode, &spec.name, "Other");
    if spec.remove != 0 {
        setup.start_fen = Some(to_fen(&start));
        setup.handicap = Some("men removed".into());
    }
    if mode == GameMode::VsComputer {
        setup.level = Some(spec.mode + 1);
        setup.human_color = Some(Color::White);
    }
    if let Some((base_s, inc_s, _)) = spec.clock {
        setup.time_control = Some(TimeControl {
            white: SideTime { base_ms: base_s * 1000, increment_ms: inc_s * 1000 },
            black: SideTime { base_ms: base_s * 500, increment_ms: 0 },
        });
    }
    let id = s.create_game(&setup).unwrap();
    let mut g = Game::new(start, Rules::default());
    for &p in &spec.picks {
        let moves = g.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[p as usize % moves.len()];
        // Clocks that change every move, unknown for some moves.
        let used = 1_234 * g.ply() as u64;
        let clocks = spec.clock.filter(|_| p % 7 != 0).map(|(_, _, left)| ClockTimes {
            white_ms: left.saturating_sub(used),
            black_ms: (left / 2 + 1).saturating_sub(used / 3),
        });
        s.append_move(id, g.ply() as u32, &m, clocks).unwrap();
        g.play(&m).unwrap();
    }
    let outcome = match g.result() {
        Some(r) => {
            s.finish_game(id, r).unwrap();
            Some(r.outcome)
        }
        None => {
            let chosen = [None, Some(Outcome::WhiteWins), Some(Outcome::BlackWins), Some(Outcome::Draw)]
                [spec.ending as usize % 4];
            if let Some(o) = chosen {
                let reason = if o == Outcome::Draw { EndReason::Agreement } else { EndReason::Resignation };
                s.finish_game(id, GameResult { outcome: o, reason }).unwrap();
            }
            chosen
        }
    };
    (start, g.move_texts(giveaway_core::Notation::Algebraic), outcome)
}

proptest! {
    #![proptest_config(common::proptest_config(32, file!()))]

    #[test]
    fn export_then_import_gives_identical_games(specs in prop::collection::vec(spec(), 1..5)) {
        let dir = TempDir::new().unwrap();
        let a = open(&dir, "a.db");
        let expected: Vec<_> = specs.iter().map(|sp| save(&a, sp)).collect();
        let text = a.export_all_pdn().unwrap();

        let b = open(&dir, "b.db");
        let ids: Vec<_> = b.import_pdn(&text).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?.iter().collect();
        prop_assert_eq!(ids.len(), specs.len());
        for ((id, (start, moves, outcome)), sp) in ids.iter().zip(&expected).zip(&specs) {
            let saved = b.load_game(*id).unwrap();
            prop_assert_eq!(saved.game.start(), start);
            prop_assert_eq!(&saved.game.move_texts(giveaway_core::Notation::Algebraic), moves);
            prop_assert_eq!(saved.summary.ending.map(|e| e.outcome), *outcome);
            prop_assert_eq!(&saved.summary.setup.white, &sp.name);
            let original = a.game_summary(*id).unwrap();
            prop_assert_eq!(saved.summary.setup.time_control, original.setup.time_control);
            prop_assert_eq!(saved.summary.clocks, original.clocks);
            prop_assert_eq!(&saved.move_clocks, &a.load_game(*id).unwrap().move_clocks);
        }
        // Exporting the imported games gives the same movetext again.
        let again = b.export_all_pdn().unwrap();
        let movetext = |t: &str| t.lines().filter(|l| !l.starts_with('[')).collect::<Vec<_>>().join("\n");
        prop_assert_eq!(movetext(&again), movetext(&text));
    }

    #[test]
    fn damaged_imports_are_whole_or_nothing(spec in spec(), cut in any::<usize>(), junk in "[\\[\\](){}\"x:0-9a-h* -]{1,6}") {
        let dir = TempDir::new().unwrap();
        let a = open(&dir, "a.db");
        save(&a, &spec);
        let text = a.export_all_pdn().unwrap();
        let mut at = cut % (text.len() + 1);
        while !text.is_char_boundary(at) {
            at -= 1;
        }
        let damaged = format!("{}{}{}", &text[..at], junk, &text[at..]);
        let b = open(&dir, "b.db");
        let existing = b.import_pdn(&text).unwrap().count();
        let count = |s: &Storage| s.list_games(&Filter::default(), None, 1).unwrap().total;
        match b.import_pdn(&damaged) {
            Ok(ids) => {
                prop_assert_eq!(count(&b), existing + ids.count());
                for id in ids.iter() {
                    b.load_game(id).unwrap();
                }
            }
            Err(StorageError::Import(e)) => {
                prop_assert!(e.game >= 1, "{}", e);
                prop_assert_eq!(count(&b), existing);
            }
            Err(StorageError::NoGamesInFile) => prop_assert_eq!(count(&b), existing),
            Err(other) => prop_assert!(false, "unexpected error {}", other),
        }
    }
}

#[test]
fn files_from_other_programs_import() {
    let text = "\
[Event \"Club\"]\n[White \"Ivanov\"]\n[Black \"Petrov\"]\n[GameType \"25\"]\n\
1. 22-18 11-15 {the usual} 2. 18x11 $2 8x15!? (2... 7x16 3. 24-20) 3. 24-19 ; comment\n15x24 4. 28x19 2-0\n\n\
[FEN \"W:Wh6:Bg7,c5,d2\"]\n1. h6xe1 *\n";
    let dir = TempDir::new().unwrap();
    let s = open(&dir, "a.db");
    let ids: Vec<_> = s.import_pdn(text).unwrap().iter().collect();
    assert_eq!(ids.len(), 2);
    let first = s.load_game(ids[0]).unwrap();
    assert_eq!(
        first.game.move_texts(giveaway_core::Notation::Algebraic).join(" "),
        "c3-d4 f6-e5 d4:f6 g7:e5 g3-f4 e5:g3 h2:f4"
    );
    assert_eq!(first.summary.ending.map(|e| (e.outcome, e.reason)), Some((Outcome::WhiteWins, None)));
    let second = s.load_game(ids[1]).unwrap();
    assert_eq!(second.moves()[0].to_string(), "h6:f8:b4:e1");
    // Black has no piece left and is to move: the board says Black wins, though the file wrote `*`.
    assert_eq!(
        second.summary.ending.map(|e| (e.outcome, e.reason)),
        Some((Outcome::BlackWins, Some(EndReason::NoLegalMove)))
    );
    let out = s.export_pdn(ids[1]).unwrap();
    assert!(out.contains("[SetUp \"1\"]\n[FEN \"W:W12:B8,14,26\"]") && out.contains("1. h6:f8:b4:e1 0-1"), "{out}");
    assert!(legal_moves(second.game.position()).is_empty());
}

#[test]
fn clocks_after_each_move_survive_export_and_import() {
    let dir = TempDir::new().unwrap();
    let a = open(&dir, "a.db");
    let setup =
        NewGame { time_control: Some(TimeControl::even(10, 0)), ..NewGame::new(GameMode::PassAndPlay, "A", "B") };
    let id = a.create_game(&setup).unwrap();
    let mut g = Game::new(Position::start(), Rules::default());
    let clocks = [
        Some(ClockTimes { white_ms: 600_000, black_ms: 600_000 }),
        None,
        Some(ClockTimes { white_ms: 597_500, black_ms: 591_000 }),
        Some(ClockTimes { white_ms: 597_500, black_ms: 590_042 }),
    ];
    for (text, c) in ["c3-d4", "f6-e5", "d4:f6", "g7:e5"].iter().zip(clocks) {
        let m = giveaway_core::parse_move(g.position(), text).unwrap();
        a.append_move(id, g.ply() as u32, &m, c).unwrap();
        g.play(&m).unwrap();
    }
    let text = a.export_pdn(id).unwrap();
    assert!(
        text.contains(
            "1. c3-d4 {[%clock w0:10:00 B0:10:00]} f6-e5 2. d4:f6\n\
             {[%clock w0:09:57.500 B0:09:51]} g7:e5 {[%clock W0:09:57.500 b0:09:50.042]} *"
        ),
        "{text}"
    );
    let b = open(&dir, "b.db");
    let back = b.load_game(b.import_pdn(&text).unwrap().first().unwrap()).unwrap();
    assert_eq!(back.move_clocks, clocks);
    assert_eq!(back.summary.clocks, clocks[3]);

    // lidraughts writes no final-clock tags: the clocks after the last move are where play resumes.
    let lidraughts = "[GameType \"25\"]\n[TimeControl \"600+0\"]\n1. 22-18 {[%clock w0:10:00 B0:10:00]} \
                      11-15 {[%clock W0:10:00 b0:09:58]} *";
    let id = b.import_pdn(lidraughts).unwrap().first().unwrap();
    let got = b.load_game(id).unwrap();
    let ten = ClockTimes { white_ms: 600_000, black_ms: 600_000 };
    assert_eq!(got.move_clocks, [Some(ten), Some(ClockTimes { black_ms: 598_000, ..ten })]);
    assert_eq!(got.summary.clocks, got.move_clocks[1]);
}
