use super::*;
use crate::fen::parse_fen;
use crate::game::EndReason;
use crate::movegen::legal_moves;
use crate::notation::parse_move;
use crate::position::Position;
use crate::record::ClockTimes;
use crate::square::Bitboard;
use proptest::prelude::*;

/// Plays algebraic moves from `start`.
fn moves_from(start: &Position, texts: &[&str]) -> Vec<Move> {
    let mut pos = *start;
    texts
        .iter()
        .map(|t| {
            let m = parse_move(&pos, t).unwrap();
            pos = pos.play(&m);
            m
        })
        .collect()
}

#[test]
fn reads_files_other_programs_write() {
    let text = r#"
[Event "Club match"]
[White "Ivanov"]
[Black "Petrov"]
[GameType "25"]
[Result "2-0"]
1. 22-18 11-15 {the usual reply} 2. 18x11 $2 8x15!? (2... 7x16 3. 24-20 (3. 21-17)) 3. 24-19 ; line comment
15x24 4. 28x19 2-0

[Event "Second"]
[FEN "B:W18,K29:B5"]
1... 5-9 2. 18-14 9x18?? 3. 29x... 0-2
"#;
    // Game 2 has a short capture "29x..." that is not a move: check the error first, then the fixed file.
    let e = read_games(text).unwrap_err();
    assert_eq!(e.game, 2);
    assert_eq!(e.at, Some(MoveAt { number: 3, side: Color::White }));

    let text = text.replace("29x...", "29x15");
    let games = read_games(&text).unwrap();
    assert_eq!(games.len(), 2);
    let g1 = &games[0];
    assert_eq!(g1.number, 1);
    assert_eq!(g1.tag("white"), Some("Ivanov"));
    assert_eq!(g1.result, Some(Outcome::WhiteWins));
    let texts: Vec<String> = g1.moves.iter().map(|m| m.to_string()).collect();
    assert_eq!(texts, ["c3-d4", "f6-e5", "d4:f6", "g7:e5", "g3-f4", "e5:g3", "h2:f4"]);
    let g2 = &games[1];
    assert_eq!(g2.start, parse_fen("B:W18,K29:B5").unwrap());
    assert_eq!(g2.moves.len(), 4);
    assert_eq!(g2.result, Some(Outcome::BlackWins));
}

#[test]
fn a_capture_written_with_another_legal_stop_is_read_and_written_back_one_way() {
    // The king may stop on d4 or c3 before taking b2; another program may write either (issue 16).
    let text = "[FEN \"W:WK4:B15,25\"]\n1. h8:c3:a1 *\n\n[FEN \"W:W19:B16,8,7,17\"]\n1. 19x12x3x14x21 *\n";
    let games = read_games(text).unwrap();
    let written = write_games(&games);
    assert!(written.contains("1. h8:d4:a1 *"), "{written}");
    assert!(written.contains("1. f4:h6:f8:d6:a3 *"), "{written}");
    assert_eq!(
        read_games(&written).unwrap().iter().map(|g| g.moves.clone()).collect::<Vec<_>>(),
        games.iter().map(|g| g.moves.clone()).collect::<Vec<_>>()
    );
}

#[test]
fn a_byte_order_mark_left_on_the_text_is_skipped() {
    // Kotlin's readText() and others keep U+FEFF at the start; it used to be read as a malformed move.
    let games = read_games("\u{feff}[Event \"x\"]\n1. c3-d4 *").unwrap();
    assert_eq!((games[0].tag("Event"), games[0].moves.len()), (Some("x"), 1));
}

#[test]
fn algebraic_short_captures_and_results() {
    // The known one-move position, written short, with a draw result in the 1-1 form.
    let games = read_games("[FEN \"W:Wh6:Bg7,c5,d2\"][SetUp \"1\"] 1. h6xe1 1-1").unwrap();
    assert_eq!(games[0].moves[0].to_string(), "h6:f8:b4:e1");
    assert_eq!(games[0].result, Some(Outcome::Draw));
    // No result token: the Result tag decides; without one the game is unfinished.
    let games = read_games("[Result \"1/2-1/2\"] 1. c3-d4\n\n[Event \"x\"] 1. c3-d4 f6-g5").unwrap();
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].result, Some(Outcome::Draw));
    assert_eq!(games[1].result, None);
    assert!(read_games("").unwrap().is_empty());
    assert!(read_games("  {just a comment}\n% escape\n").unwrap().is_empty());
}

#[test]
fn errors_name_game_move_and_reason() {
    let text = "[Event \"a\"] 1. c3-d4 f6-g5 * \n[Event \"b\"] 1. c3-d4 f6-g5 2. b2-c3 b6-a5 3. a1-b2 h6-g7 *";
    let e = read_games(text).unwrap_err();
    assert_eq!((e.game, e.at), (2, Some(MoveAt { number: 3, side: Color::Black })));
    assert_eq!(e.to_string(), "game 2, move 3 (black): illegal move: the piece on h6 has no legal move (in 'h6-g7')");
    for (text, want) in [
        ("1. c3-d4 e5-f4", "game 1, move 1 (black): illegal move: there is no piece on e5 (in 'e5-f4')"),
        ("1. c3-d4 xyz", "game 1, move 1 (black): malformed move"),
        ("[GameType \"20\"] 1. 32-28", "game 1: bad tag: GameType \"20\" is not Russian draughts"),
        ("1-0 [FEN \"W:W33:B1\"] 1. c3-d4", "game 2: FEN tag: bad FEN"),
        ("1. c3-d4 {open", "game 1: syntax error: comment '{' is never closed"),
        ("[Event \"x\" 1. c3-d4", "game 1: syntax error: tag Event is not closed"),
    ] {
        let e = read_games(text).unwrap_err().to_string();
        assert!(e.starts_with(want), "{text}: {e}");
    }
}

#[test]
fn draw_rules_apply_when_replayed_as_a_game() {
    let text = "[FEN \"W:WKh2:BKa7\"] 1. h2-g1 a7-b8 2. g1-h2 b8-a7 3. h2-g1 a7-b8 4. g1-h2 b8-a7 5. h2-g1 *";
    let g = &read_games(text).unwrap()[0];
    assert_eq!(g.moves.len(), 9);
    let e = g.to_game(Rules::default()).unwrap_err();
    assert_eq!(e.at, Some(MoveAt { number: 5, side: Color::White }));
    assert!(matches!(e.kind, PdnErrorKind::Rules(GameError::Over(r)) if r.reason == EndReason::Repetition), "{e}");
    assert!(e.to_string().starts_with("game 1, move 5 (white): the game is over"), "{e}");
    let relaxed = Rules { repetitions: 0, ..Rules::default() };
    assert_eq!(g.to_game(relaxed).unwrap().ply(), 9);
}

#[test]
fn writes_the_expected_text() {
    let mut g = PdnGame::new();
    g.set_tag("White", "Ann \"the Giver\"");
    g.set_tag("Black", "Bob\\");
    g.set_tag("TimeControl", "300+3");
    g.set_tag("GameType", "99"); // replaced by ours
    g.moves = moves_from(&g.start, &["c3-d4", "f6-e5", "d4:f6", "g7:e5"]);
    g.result = Some(Outcome::BlackWins);
    let text = write_game(&g);
    assert_eq!(
        text,
        "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"Ann \\\"the Giver\\\"\"]\n\
         [Black \"Bob\\\\\"]\n[Result \"0-1\"]\n[GameType \"25,W,8,8,A0,0\"]\n[Variant \"Giveaway\"]\n\
         [TimeControl \"300+3\"]\n\n1. c3-d4 f6-e5 2. d4:f6 g7:e5 0-1\n"
    );
    let back = &read_games(&text).unwrap()[0];
    assert_eq!(back.tag("White"), Some("Ann \"the Giver\""));
    assert_eq!(back.tag("Black"), Some("Bob\\"));
    assert_eq!(back.moves, g.moves);
}

#[test]
fn set_up_starts_and_black_first() {
    let mut g = PdnGame::new();
    g.start = parse_fen("B:W21,22:B9,10").unwrap();
    g.moves = moves_from(&g.start, &["b6-a5", "c3-d4"]);
    let text = write_game(&g);
    assert!(text.contains("[SetUp \"1\"]\n[FEN \"B:W21,22:B9,10\"]\n"), "{text}");
    assert!(text.ends_with("\n1... b6-a5 2. c3-d4 *\n"), "{text}");
    assert_eq!(read_games(&text).unwrap()[0].moves, g.moves);
}

#[test]
fn long_movetext_is_wrapped() {
    let mut g = PdnGame::new();
    let mut pos = g.start;
    while g.moves.len() < 60 {
        let Some(m) = legal_moves(&pos).first().copied() else { break };
        pos = pos.play(&m);
        g.moves.push(m);
    }
    let text = write_game(&g);
    assert!(text.lines().all(|l| l.len() <= 80), "{text}");
    assert!(text.lines().filter(|l| !l.starts_with('[')).count() > 2, "{text}");
}

/// Minutes and seconds as milliseconds.
fn ms(min: u64, sec: f64) -> u64 {
    min * 60_000 + (sec * 1000.0).round() as u64
}

#[test]
fn writes_clocks_as_lidraughts_does() {
    let mut g = PdnGame::new();
    g.moves = moves_from(&g.start, &["c3-d4", "f6-e5"]);
    g.clocks = vec![Some(ClockTimes::new(ms(10, 0.0), ms(10, 0.0))); 2];
    let text = write_game(&g);
    assert!(
        text.ends_with("\n\n1. c3-d4 {[%clock w0:10:00 B0:10:00]} f6-e5 {[%clock W0:10:00 b0:10:00]} *\n"),
        "{text}"
    );
    // Unknown clocks write no comment; a fraction of a second is kept.
    g.moves = moves_from(&g.start, &["c3-d4", "f6-e5", "d4:f6"]);
    g.clocks = vec![None, Some(ClockTimes::new(ms(9, 57.5), ms(1, 0.0)))];
    let text = write_game(&g);
    assert!(text.ends_with("\n\n1. c3-d4 f6-e5 {[%clock W0:09:57.500 b0:01:00]} 2. d4:f6 *\n"), "{text}");
    let back = &read_games(&text).unwrap()[0];
    assert_eq!(back.clocks, [None, Some(ClockTimes::new(ms(9, 57.5), ms(1, 0.0))), None]);
}

#[test]
fn reads_clocks_as_lidraughts_writes_them() {
    let text = "[GameType \"25\"]\n1. 22-18 {[%clock w0:10:00 B0:10:00]} 11-15 {[%clock W0:10:00 b0:10:00]} \
                2. 18x11 {[%clock w0:09:57.5 B0:10:00]} 8x15 {[%clock W0:09:57.5 b0:09:51]} *";
    let g = &read_games(text).unwrap()[0];
    assert_eq!(g.moves.len(), 4);
    let ten = ms(10, 0.0);
    assert_eq!(
        g.clocks,
        [
            Some(ClockTimes::new(ten, ten)),
            Some(ClockTimes::new(ten, ten)),
            Some(ClockTimes::new(ms(9, 57.5), ten)),
            Some(ClockTimes::new(ms(9, 57.5), ms(9, 51.0)))
        ]
    );
}

#[test]
fn clocks_are_read_as_far_as_they_go_and_never_refused() {
    let clocks = |text: &str| read_games(text).unwrap().into_iter().map(|g| g.clocks).collect::<Vec<_>>();
    let min = |m: u64| ms(m, 0.0);
    // One time each: the mover's clock; the other side's is the one given after the move before, so the first
    // move, and a move after one without clocks, have none.
    assert_eq!(
        clocks(
            "1. 22-18 {[%clk 0:09:59]} 11-15 {[%clk 0:09:58]} 2. 18x11 {[%clk 0:09:50]} 8x15 3. 24-19 {[%clk 9:30]} *"
        ),
        [vec![
            None,
            Some(ClockTimes::new(ms(9, 59.0), ms(9, 58.0))),
            Some(ClockTimes::new(ms(9, 50.0), ms(9, 58.0))),
            None,
            None
        ]]
    );
    // Two commands after one move complete each other.
    assert_eq!(
        clocks("1. 22-18 {[%clock w0:10:00]} {[%clock b0:09:00]} *"),
        [vec![Some(ClockTimes::new(min(10), min(9)))]]
    );
    // Comments in variations, before the first move and without a usable command say nothing about clocks.
    assert_eq!(
        clocks(
            "{[%clock w0:01:00 b0:01:00]} 1. 22-18 {[%clock w0:10:00 B0:10:00]} (1. 23-19 {[%clock w0:01:00 \
             B0:01:00]}) 11-15 {a fine [%eval 0.3] move} 2. 18x11 {[%clock w0:1x:00 B0:10:00]} 8x15 {[%clock} \
             3. 24-19 ; [%clock w0:08:00 B0:09:00]\n *"
        ),
        [vec![Some(ClockTimes::new(min(10), min(10))), None, None, None, Some(ClockTimes::new(min(8), min(9)))]]
    );
    // Each game starts with no clock known; a comment after a result belongs to no move.
    assert_eq!(
        clocks(
            "1. 22-18 {[%clock w0:10:00 B0:10:00]} * {[%clock w0:01:00 b0:01:00]} [Event \"2\"] 1. 22-18 \
                {[%clk 0:05:00]} *"
        ),
        [vec![Some(ClockTimes::new(min(10), min(10)))], vec![None]]
    );
}

#[test]
fn wrapping_keeps_clock_comments_whole() {
    let mut g = PdnGame::new();
    let mut pos = g.start;
    while g.moves.len() < 60 {
        let Some(m) = legal_moves(&pos).first().copied() else { break };
        pos = pos.play(&m);
        let left = 3_600_000 - 1_250 * g.moves.len() as u64;
        g.clocks.push(Some(ClockTimes::new(left, left - 700)));
        g.moves.push(m);
    }
    let text = write_game(&g);
    assert!(text.lines().filter(|l| !l.starts_with('[')).count() > 4, "{text}");
    for line in text.lines() {
        assert!(line.len() <= 80, "{line}");
        assert_eq!(line.matches('{').count(), line.matches('}').count(), "{line}");
    }
    assert_eq!(read_games(&text).unwrap()[0].clocks, g.clocks);
}

/// A random legal game: an optional handicap start (some men removed, either side to move), random moves,
/// the clocks after move `i` from `clocks[i]` (unknown where missing).
fn random_game(remove: u32, black_first: bool, picks: &[u16], clocks: &[Option<ClockTimes>], result: u8) -> PdnGame {
    let full = Position::start();
    let start = if remove == 0 {
        full
    } else {
        // Remove men 1..12 (black) and 21..32 (white) by the low and high bits of `remove`.
        let mut white = full.pieces(Color::White);
        let mut black = full.pieces(Color::Black);
        for i in 0..12u8 {
            if remove & (1 << i) != 0 {
                black -= crate::square::Square::from_pdn(i + 1).unwrap().mask();
            }
            if remove & (1 << (i + 16)) != 0 {
                white -= crate::square::Square::from_pdn(i + 21).unwrap().mask();
            }
        }
        let side = if black_first { Color::Black } else { Color::White };
        Position::new(white, black, Bitboard::EMPTY, side).unwrap()
    };
    let mut g = PdnGame { start, ..PdnGame::new() };
    let mut pos = start;
    for &p in picks {
        let moves = legal_moves(&pos);
        if moves.is_empty() {
            break;
        }
        let m = moves[p as usize % moves.len()];
        pos = pos.play(&m);
        g.clocks.push(clocks.get(g.moves.len()).copied().flatten());
        g.moves.push(m);
    }
    g.result = [None, Some(Outcome::WhiteWins), Some(Outcome::BlackWins), Some(Outcome::Draw)][result as usize % 4];
    g
}

/// Clocks for up to 140 plies, some unknown: mostly game-like times (whole seconds or a fraction), some any.
fn clocks() -> impl Strategy<Value = Vec<Option<ClockTimes>>> {
    let ms = prop_oneof![(0u64..7200).prop_map(|s| s * 1000), 0u64..7_200_000, any::<u64>()];
    prop::collection::vec(
        prop::option::weighted(0.8, (ms.clone(), ms).prop_map(|(w, b)| ClockTimes::new(w, b))),
        0..140,
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn write_then_read_gives_the_same_games(
        specs in prop::collection::vec(
            (prop_oneof![Just(0u32), any::<u32>()], any::<bool>(), prop::collection::vec(any::<u16>(), 0..140),
             clocks(), any::<u8>(), "[ -~]{0,20}"),
            1..4)
    ) {
        let games: Vec<PdnGame> = specs.iter().enumerate().map(|(i, (remove, bf, picks, clocks, result, name))| {
            let mut g = random_game(*remove, *bf, picks, clocks, *result);
            g.set_tag("White", name.clone());
            g.number = i + 1;
            g
        }).collect();
        let text = write_games(&games);
        let back = read_games(&text).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert_eq!(back.len(), games.len());
        for (a, b) in games.iter().zip(&back) {
            prop_assert_eq!(a.start, b.start);
            prop_assert_eq!(&a.moves, &b.moves);
            prop_assert_eq!(&a.clocks, &b.clocks);
            prop_assert_eq!(a.result, b.result);
            prop_assert_eq!(a.tag("White"), b.tag("White"));
            prop_assert_eq!(a.number, b.number);
        }
    }

    #[test]
    fn random_text_never_panics(text in "\\PC{0,300}") {
        let _ = read_games(&text);
    }

    #[test]
    fn damaged_pdn_never_panics(picks in prop::collection::vec(any::<u16>(), 0..80), clocks in clocks(),
                                cut in any::<usize>(),
                                junk in "[\\[\\](){}; \"\\\\$!?.:x0-9a-h*/%\nwWbBclok-]{0,12}") {
        let text = write_game(&random_game(0, false, &picks, &clocks, 0));
        let mut at = cut % (text.len() + 1);
        while !text.is_char_boundary(at) { at -= 1; }
        let damaged = format!("{}{}{}", &text[..at], junk, &text[at..]);
        let _ = read_games(&damaged);
    }
}

/// The PDN texts of the tests above, good and bad: each is read the same whole or a piece at a time.
const FIXTURES: &[&str] = &[
    "\n[Event \"Club match\"]\n[White \"Ivanov\"]\n[Black \"Petrov\"]\n[GameType \"25\"]\n[Result \"2-0\"]\n\
     1. 22-18 11-15 {the usual reply} 2. 18x11 $2 8x15!? (2... 7x16 3. 24-20 (3. 21-17)) 3. 24-19 ; line comment\n\
     15x24 4. 28x19 2-0\n\n[Event \"Second\"]\n[FEN \"B:W18,K29:B5\"]\n1... 5-9 2. 18-14 9x18?? 3. 29x15 0-2\n",
    "[Event \"Second\"]\n[FEN \"B:W18,K29:B5\"]\n1... 5-9 2. 18-14 9x18?? 3. 29x... 0-2\n",
    "[FEN \"W:WK4:B15,25\"]\n1. h8:c3:a1 *\n\n[FEN \"W:W19:B16,8,7,17\"]\n1. 19x12x3x14x21 *\n",
    "\u{feff}[Event \"x\"]\n1. c3-d4 *",
    "[FEN \"W:Wh6:Bg7,c5,d2\"][SetUp \"1\"] 1. h6xe1 1-1",
    "[Result \"1/2-1/2\"] 1. c3-d4\n\n[Event \"x\"] 1. c3-d4 f6-g5",
    "",
    "  {just a comment}\n% escape\n",
    "a%b\n%skip\n1. c3-d4\n%skip too\n*",
    "[Event \"a\"] 1. c3-d4 f6-g5 * \n[Event \"b\"] 1. c3-d4 f6-g5 2. b2-c3 b6-a5 3. a1-b2 h6-g7 *",
    "1. c3-d4 e5-f4",
    "1. c3-d4 xyz",
    "[GameType \"20\"] 1. 32-28",
    "1-0 [FEN \"W:W33:B1\"] 1. c3-d4",
    "1. c3-d4 {open",
    "[Event \"x\" 1. c3-d4",
    "[Event \"A \\\"big\\\" one\\\\\"] 1. c3-d4 (f6-g5 (x)",
    "c3-d4 )",
    "[TimeControl \"60+5\"]\n1. 22-18 {[%clock w5124095576030:25:51.615 B5124095576030:25:51.615]} *",
    "1. 22-18 {[%clk 0:09:59]} 11-15 {[%clk 0:09:58]} 2. 18x11 {[%clk 0:09:50]} 8x15 3. 24-19 {[%clk 9:30]} *",
    "1. 22-18 {[%clock w0:10:00]} {[%clock b0:09:00]} *",
    "{[%clock w0:01:00 b0:01:00]} 1. 22-18 {[%clock w0:10:00 B0:10:00]} (1. 23-19 {[%clock w0:01:00 \
     B0:01:00]}) 11-15 {a fine [%eval 0.3] move} 2. 18x11 {[%clock w0:1x:00 B0:10:00]} 8x15 {[%clock} \
     3. 24-19 ; [%clock w0:08:00 B0:09:00]\n *",
    "[White \"Иванов\"]\n1. c3-d4 f6-g5 *\n",
];

/// Every game of `bytes` read as a file given `chunk` bytes at a time, with the first error if any.
fn read_in_pieces(bytes: &[u8], chunk: usize) -> Result<Vec<PdnGame>, PdnError> {
    GameReader::new(bytes).in_pieces(chunk).collect()
}

#[test]
fn a_file_read_a_piece_at_a_time_gives_what_the_whole_text_gives() {
    for text in FIXTURES {
        let whole = read_games(text);
        for chunk in (1..=12).chain([31, 64, 1000]) {
            assert_eq!(read_in_pieces(text.as_bytes(), chunk), whole, "{chunk}-byte pieces of {text:?}");
        }
        // The same file as a Windows editor writes it, in UTF-16 with a byte-order mark.
        let utf16: Vec<u8> = "\u{feff}".encode_utf16().chain(text.encode_utf16()).flat_map(u16::to_le_bytes).collect();
        assert_eq!(read_in_pieces(&utf16, 7), whole, "UTF-16 {text:?}");
    }
}

#[test]
fn the_reader_stops_at_the_first_error_and_names_its_game() {
    let game = "[Event \"x\"]\n1. c3-d4 f6-g5 *\n";
    let text = format!("{}[Event \"bad\"]\n1. c3-d4 e5-f4 *\n{game}", game.repeat(5000));
    let mut reader = GameReader::new(text.as_bytes());
    assert_eq!(reader.by_ref().take(5000).filter(Result::is_ok).count(), 5000);
    let e = reader.next().unwrap().unwrap_err();
    assert_eq!((e.game, e.at), (5001, Some(MoveAt { number: 1, side: Color::Black })));
    assert!(reader.next().is_none(), "the reader goes on after an error");
}

#[test]
fn endless_input_that_is_no_pdn_is_refused_in_bounded_memory() {
    // `/dev/zero` as a file: one endless word. The reader gives up once the word passes the bound.
    let e = GameReader::new(std::io::repeat(0)).next().unwrap().unwrap_err();
    assert!(matches!(&e.kind, PdnErrorKind::Syntax(why) if why.contains("is this a PDN file")), "{e}");
    // An endless comment, and a long one that is closed in time.
    let open = std::io::Read::chain(&b"1. c3-d4 {"[..], std::io::repeat(b'x'));
    assert!(GameReader::new(open).next().unwrap().is_err());
    let long = format!("1. c3-d4 {{{}}} *", "x".repeat(super::read::MAX_TOKEN_BYTES - 100));
    assert_eq!(read_games(&long).unwrap()[0].moves.len(), 1);
}

#[test]
fn a_read_error_is_a_pdn_error_of_the_game_being_read() {
    struct Failing;
    impl std::io::Read for Failing {
        fn read(&mut self, _: &mut [u8]) -> std::io::Result<usize> {
            Err(std::io::Error::other("disk on fire"))
        }
    }
    let file = std::io::Read::chain(&b"1. c3-d4 * 1. c3-d4 "[..], Failing);
    let games: Vec<_> = GameReader::new(file).collect();
    assert_eq!(games.len(), 1, "{games:?}");
    let e = games[0].as_ref().unwrap_err();
    assert_eq!(e.to_string(), "game 1: cannot read the file: disk on fire");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn damaged_files_read_in_pieces_read_as_the_whole_text(
        picks in prop::collection::vec(any::<u16>(), 0..80), clocks in clocks(), cut in any::<usize>(),
        junk in "[\\[\\](){}; \"\\\\$!?.:x0-9a-h*/%\nwWbBclok-]{0,12}", chunk in 1usize..40, copies in 1usize..4
    ) {
        let text = write_game(&random_game(0, false, &picks, &clocks, 0)).repeat(copies);
        let mut at = cut % (text.len() + 1);
        while !text.is_char_boundary(at) { at -= 1; }
        let damaged = format!("{}{}{}", &text[..at], junk, &text[at..]);
        prop_assert_eq!(read_in_pieces(damaged.as_bytes(), chunk), read_games(&damaged));
    }
}
