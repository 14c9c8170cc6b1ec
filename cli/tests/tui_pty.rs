//! The full-screen app driven through a pseudo-terminal, its output rendered by a terminal emulator (vt100)
//! into screen text: start a game from the menus, move with the keys, get the computer's reply, quit, restart
//! and continue the same game; the analysis view of a finished game; Ctrl-C, SIGTERM and SIGHUP restoring the
//! terminal; the terminal closing under a running game, and a signal while the app is stuck; emoji reactions in
//! pass-and-play; scrolling the saved games past the first page; the hint's first step.
//!
//! Set GIVEAWAY_SCREENSHOTS=DIR to save the captured screens as text files.

use giveaway_app::{GameLibrary, NewGame, Reaction};
use giveaway_core::Color;
mod common;

use common::pty::{save_screenshot, App, DOWN, ENTER, LEFT, PAGE_DOWN, RIGHT, UP};
use std::path::Path;
use std::time::{Duration, Instant};

/// Home → Pass and play → Start: a new untimed pass-and-play game on screen.
fn start_pass_and_play(app: &mut App) {
    app.wait_text("Pass and play");
    app.keys(DOWN);
    app.keys(ENTER);
    app.wait_text("New game: pass and play");
    app.keys(UP);
    app.keys(ENTER);
    app.wait_text("Game 1 · Pass and play");
}

/// Move-list rows: White's and Black's move.
type Rows = Vec<(Option<String>, Option<String>)>;

/// The only game in the library, as a resumed session sees it: its moves and reactions.
fn saved_game(db: &Path) -> (Rows, Vec<Reaction>) {
    let lib = GameLibrary::open(db.to_string_lossy().into_owned()).unwrap();
    let page = lib.list_games(Default::default(), None, 10).unwrap();
    assert_eq!(page.games.len(), 1);
    let snap = lib.resume(page.games[0].id).unwrap().snapshot().unwrap();
    (snap.move_list.into_iter().map(|r| (r.white, r.black)).collect(), snap.reactions)
}

/// Row `n` of the move list once both sides' moves are in it, e.g. `1. c3-d4          f6-e5`.
fn move_row(screen: &str, n: u32) -> Option<String> {
    let start = format!("  {n}. ");
    screen.lines().find_map(|l| {
        let i = l.find(&start)?;
        let row: String = l[i..].trim().chars().take_while(|c| *c != '│').collect();
        (row.split_whitespace().count() == 3).then(|| row.trim().to_string())
    })
}

#[test]
fn play_from_the_menu_quit_and_continue_the_same_game() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.db");
    let mut app = App::start(&db);
    app.wait_text("Play the computer");
    // Home → "Play the computer" → the form; Up wraps to "Start" (defaults: Beginner, White, unlimited).
    app.keys(ENTER);
    app.wait_text("New game: you versus the computer");
    app.keys(UP);
    app.keys(ENTER);
    app.wait_text("You (White) vs Computer: Beginner");
    // The cursor starts on c3: select it, then move to d4 (up and right) and play c3-d4.
    app.keys(ENTER);
    app.wait_text("[○]");
    app.keys(UP);
    app.keys(RIGHT);
    app.keys(ENTER);
    let screen = app.wait_for("the computer's reply", |t| move_row(t, 1).is_some() && t.contains("White to move"));
    let row = move_row(&screen, 1).unwrap();
    assert!(row.starts_with("1. c3-d4 "), "{row}");
    app.wait_for("the coach to finish", |t| !t.contains("Coach looking"));
    save_screenshot("game.txt", &app.settled());
    // Hint in two steps (piece, then move), then play the hinted move by typing it.
    app.keys("?");
    app.wait_text("Hint: move the highlighted piece");
    app.keys("?");
    let shows_move = |l: &str| l.contains("Hint: ") && !l.contains("highlighted");
    let screen = app.wait_for("the hinted move", |t| t.lines().any(shows_move));
    let hinted = screen
        .lines()
        .filter(|l| shows_move(l))
        .find_map(|l| l.split("Hint: ").nth(1).and_then(|h| h.split_whitespace().next()))
        .unwrap()
        .to_string();
    save_screenshot("game-hint.txt", &app.settled());
    app.keys(":");
    app.keys(&hinted);
    app.keys(ENTER);
    let screen = app.wait_for("the second move in the list", |t| t.contains(&format!("  2. {hinted}")));
    let row = move_row(&screen, 1).unwrap();
    // Quit only once the reply is in, so the continued game is at White's turn.
    app.wait_for("the computer's second reply", |t| {
        move_row(t, 2).is_some_and(|r| r.starts_with(&format!("2. {hinted} ")))
    });
    app.keys("q");
    app.wait_text("Play the computer");
    app.keys("q");
    assert!(app.wait_exit(), "clean exit");
    assert!(!app.screen.screen().alternate_screen(), "the terminal left the alternate screen");

    // Restart and continue: the same moves are on the board.
    let mut app = App::start(&db);
    app.wait_text("Continue unfinished game");
    app.keys(DOWN);
    app.keys(DOWN);
    app.keys(ENTER);
    let screen = app.wait_for("the continued game", |t| move_row(t, 1).is_some());
    assert_eq!(move_row(&screen, 1).unwrap(), row, "{screen}");
    let screen = app.wait_text(&format!("  2. {hinted}"));
    assert!(screen.contains("White to move"), "{screen}");
    // Ctrl-C leaves from anywhere and restores the terminal.
    app.keys("\x03");
    assert!(app.wait_exit());
    assert!(!app.screen.screen().alternate_screen());
    assert!(!app.screen.screen().hide_cursor(), "the cursor is shown again");
}

#[test]
fn a_finished_game_is_analysed_in_the_saved_games() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.db");
    // A whole game at Beginner level, played through the API: the computer on both sides of a pass-and-play
    // board is not possible, so White takes the first legal move each turn.
    let lib = GameLibrary::open(db.to_string_lossy().into_owned()).unwrap();
    let game = lib.new_game(NewGame::versus_computer(1, Color::Black)).unwrap();
    let mut snap = game.snapshot().unwrap();
    while snap.result.is_none() {
        snap = if snap.computer_to_move {
            game.computer_move(None).unwrap()
        } else {
            let fen = giveaway_core::parse_fen(&snap.fen).unwrap();
            let mv = giveaway_core::legal_moves(&fen)[0];
            game.play_move(giveaway_core::format_move(&mv, giveaway_core::Notation::Algebraic)).unwrap()
        };
    }
    drop((game, lib));

    let mut app = App::start(&db);
    app.wait_text("Saved games");
    app.keys(DOWN);
    app.keys(DOWN);
    app.keys(DOWN);
    app.keys(ENTER);
    app.wait_text("Saved games ·");
    app.keys("a");
    let screen = app.wait_for("the analysis", |t| t.contains("Accuracy: White") && t.contains("Evaluation"));
    assert!(screen.contains("Moves · analysis"), "{screen}");
    assert!(["best", "good", "inaccuracy", "mistake", "blunder"].iter().any(|c| screen.contains(c)), "{screen}");
    save_screenshot("analysis.txt", &app.settled());
    app.keys("q");
    app.wait_text("Saved games ·");
    app.keys("q");
    app.wait_text("Play the computer");
    app.keys("q");
    assert!(app.wait_exit());
}

#[test]
fn pass_and_play_capture_with_the_keys_then_a_draw_by_agreement() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.db");
    let mut app = App::start(&db);
    start_pass_and_play(&mut app);
    // White: c3-d4 with the keys (cursor starts on c3); Black: f6-e5 typed.
    app.keys(ENTER);
    app.keys(UP);
    app.keys(RIGHT);
    app.keys(ENTER);
    app.wait_text("Black to move");
    app.keys(":f6-e5");
    app.keys(ENTER);
    // White must capture: the panel says so and d4 is marked; select it and land on f6.
    app.wait_text("Must capture with d4");
    app.wait_text("!○!");
    save_screenshot("game-capture.txt", &app.settled());
    // e3 is held back by the capture: Enter on it says why, and nothing is selected.
    app.keys(&[DOWN, RIGHT, ENTER].concat());
    app.wait_text("capturing is compulsory: move a piece that can capture (d4)");
    app.keys(&[UP, LEFT].concat());
    app.keys(ENTER);
    app.wait_text("[○]");
    app.keys(&[UP, UP, RIGHT, RIGHT].concat());
    app.keys(ENTER);
    app.wait_text("d4:f6");
    // Black offers a draw (confirmed), White accepts.
    app.keys("D");
    app.wait_text("Offer a draw? y/n");
    app.keys("y");
    app.wait_text("Black offers a draw: y accept, n decline");
    app.keys("y");
    let screen = app.wait_text("Draw (agreement)");
    assert!(screen.contains("Game over"), "{screen}");
    assert!(screen.contains("Press a to analyse"), "{screen}");
    app.keys("q");
    app.wait_text("Play the computer");
    app.keys("q");
    assert!(app.wait_exit());
}

#[test]
fn sigterm_and_sighup_restore_the_terminal_and_the_game_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.db");
    let mut app = App::start(&db);
    start_pass_and_play(&mut app);
    app.keys(":c3-d4");
    app.keys(ENTER);
    app.wait_text("Black to move");
    // `kill PID`: the app leaves through its normal exit and reports the signal as a shell would (128 + 15).
    app.signal(libc::SIGTERM);
    assert_eq!(app.wait_exit_status().exit_code(), 128 + libc::SIGTERM as u32);
    app.assert_restored();
    assert_eq!(saved_game(&db).0, [(Some("c3-d4".to_string()), None)]);

    // Continue it, play on, then the terminal closes (SIGHUP).
    let mut app = App::start(&db);
    app.wait_text("Continue unfinished game");
    app.keys(DOWN);
    app.keys(DOWN);
    app.keys(ENTER);
    app.wait_text("Black to move");
    app.keys(":f6-e5");
    app.keys(ENTER);
    app.wait_text("Must capture with d4");
    app.signal(libc::SIGHUP);
    assert_eq!(app.wait_exit_status().exit_code(), 128 + libc::SIGHUP as u32);
    app.assert_restored();
    assert_eq!(saved_game(&db).0, [(Some("c3-d4".to_string()), Some("f6-e5".to_string()))]);
}

#[test]
fn pass_and_play_reactions_come_from_the_side_to_move() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.db");
    let mut app = App::start(&db);
    start_pass_and_play(&mut app);
    app.keys(":c3-d4");
    app.keys(ENTER);
    app.wait_text("Black to move");
    // e opens the picker for the side to move; 2 is the second emoji (not the start of a typed move).
    app.keys("e");
    app.wait_text("React as Black");
    save_screenshot("game-react.txt", &app.settled());
    app.keys("2");
    let screen = app.wait_for("Black's reaction", |t| t.contains("Black   😮") && !t.contains("React as"));
    assert!(!screen.contains("Move: "), "{screen}");
    // It shows for a few seconds only.
    app.wait_for("the reaction to fade", |t| !t.contains("😮"));
    // Another key than 1–7 closes the picker without reacting.
    app.keys(":f6-e5");
    app.keys(ENTER);
    app.wait_text("White to move");
    app.keys("e");
    app.wait_text("React as White");
    app.keys("\x1b");
    app.wait_for("the picker to close", |t| !t.contains("React as"));
    app.keys("e");
    app.wait_text("React as White");
    app.keys("1");
    app.wait_for("White's reaction", |t| t.contains("White   👍"));
    app.keys("q");
    app.wait_text("Play the computer");
    app.keys("q");
    assert!(app.wait_exit());
    // Both are kept in the game record, with the side and the ply they followed.
    let reactions = saved_game(&db).1;
    let expected = [(1, Color::Black, "😮"), (2, Color::White, "👍")].map(|(ply, side, emoji)| Reaction {
        ply,
        side,
        emoji: emoji.to_string(),
    });
    assert_eq!(reactions, expected);
}

#[test]
fn saved_games_scroll_past_the_first_page_and_filters_count_their_own() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.db");
    // 450 games (the list loads 200 at a time): every third against the computer, ids 1..=450.
    let lib = GameLibrary::open(db.to_string_lossy().into_owned()).unwrap();
    for i in 0..450 {
        let setup = if i % 3 == 0 { NewGame::versus_computer(1, Color::White) } else { NewGame::pass_and_play(None) };
        lib.new_game(setup).unwrap();
    }
    drop(lib);
    let mut app = App::start(&db);
    app.wait_text("Saved games");
    app.keys(&[DOWN, DOWN, DOWN, ENTER].concat());
    app.wait_text("Saved games · 1 of 450 games");
    // Twelve pages down (20 rows each) is row 241, on the second page of 200; newest first, that is game #210.
    app.keys(&PAGE_DOWN.repeat(12));
    app.wait_for("row 241, game #210", |t| t.contains("Saved games · 241 of 450 games") && t.contains("▶ #210 "));
    app.keys(&PAGE_DOWN.repeat(20));
    app.wait_for("the last game", |t| t.contains("Saved games · 450 of 450 games") && t.contains("▶ #1 "));
    // A filter starts at the top of its own list and counts its own games.
    app.keys("f");
    app.wait_text("Saved games · 1 of 150 games · mode: vs computer");
    app.keys(&PAGE_DOWN.repeat(10));
    app.wait_for("the last game vs the computer", |t| {
        t.contains("Saved games · 150 of 150 games") && t.contains("▶ #1 ")
    });
    app.keys("q");
    app.wait_text("Play the computer");
    app.keys("q");
    assert!(app.wait_exit());
}

/// The clocks saved for the only game in the library (White's, Black's), in milliseconds.
fn saved_clocks(db: &Path) -> (u64, u64) {
    let lib = GameLibrary::open(db.to_string_lossy().into_owned()).unwrap();
    let id = lib.list_games(Default::default(), None, 1).unwrap().games[0].id;
    let c = lib.resume(id).unwrap().snapshot().unwrap().clocks.expect("a timed game");
    (c.white_ms, c.black_ms)
}

#[test]
fn closing_the_terminal_saves_the_game_and_ends_the_app_at_once() {
    // Issue 16: with its terminal closed the app stayed alive, spinning a core, deaf to SIGTERM. Closed with
    // the app as the terminal's session leader, the kernel also sends SIGHUP; started in a session of its own
    // (`setsid`, which waits for it and passes its exit code on, itself kept from the hang-up) it gets none, and
    // only the failing terminal itself can tell it.
    let own_session = ["sh", "-c", "trap '' HUP; exec setsid --wait \"$0\" \"$@\""];
    for wrapper in [&[][..], &own_session] {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("games.db");
        let mut app = App::start_with(wrapper, &db, &["--pass-and-play", "--time", "5+0"]);
        app.wait_text("White to move");
        app.keys(":c3-d4");
        app.keys(ENTER);
        app.wait_text("Black to move");
        std::thread::sleep(Duration::from_millis(1500)); // Black's clock runs
        let closed = Instant::now();
        app.close_terminal();
        let status = app.wait_exit_within(Duration::from_secs(5));
        let took = closed.elapsed();
        assert!(took < Duration::from_secs(2), "{wrapper:?}: the app took {took:?} to end");
        assert_eq!(status.exit_code(), 128 + libc::SIGHUP as u32, "{wrapper:?}");
        assert_eq!(saved_game(&db).0, [(Some("c3-d4".to_string()), None)]);
        let (_, black) = saved_clocks(&db);
        assert!(black < 299_000, "{wrapper:?}: Black's clock was saved as it stood: {black} ms");
    }
}

#[test]
fn a_second_sigterm_ends_the_app_even_while_it_cannot_save() {
    // Issue 16: after one terminating signal the app ignored every other. Here the database is locked by another
    // program, so leaving (which saves the clocks) waits for it; a second `kill` must end the app anyway.
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.db");
    let mut app = App::start_with(&[], &db, &["--pass-and-play", "--time", "5+0"]);
    app.wait_text("White to move");
    app.keys(":c3-d4");
    app.keys(ENTER);
    app.wait_text("Black to move");
    let lock = rusqlite::Connection::open(&db).unwrap();
    lock.execute_batch("BEGIN IMMEDIATE").unwrap();
    app.signal(libc::SIGTERM);
    std::thread::sleep(Duration::from_millis(300));
    let second = Instant::now();
    app.signal(libc::SIGTERM);
    let status = app.wait_exit_within(Duration::from_secs(10));
    assert!(second.elapsed() < Duration::from_secs(1), "the app took {:?} after the second SIGTERM", second.elapsed());
    assert_eq!(status.exit_code(), 128 + libc::SIGTERM as u32);
    app.assert_restored();
    drop(lock);
    assert_eq!(saved_game(&db).0, [(Some("c3-d4".to_string()), None)]);
}

#[test]
fn the_first_hint_says_once_which_piece_to_move() {
    // Issue 16: the first hint printed two lines that said the same thing.
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.db");
    let mut app = App::start(&db);
    start_pass_and_play(&mut app);
    app.keys("?");
    app.wait_text("Hint: move the highlighted piece");
    let screen = app.settled();
    assert_eq!(screen.matches("Hint").count(), 1, "{screen}");
    assert!(!screen.contains("highlighted piece. Press ?"), "{screen}");
    app.keys("?");
    let screen =
        app.wait_for("the hint's move", |t| t.contains("Hint: ") && t.contains('(') && !t.contains("highlighted"));
    assert_eq!(screen.matches("Hint").count(), 1, "{screen}");
    app.keys("q");
    app.wait_text("Play the computer");
    app.keys("q");
    assert!(app.wait_exit());
}

#[test]
fn the_puzzle_of_the_day_from_the_home_menu_failed_then_solved() {
    use giveaway_core::puzzle::shipped;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.db");
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap();
    let p = shipped().daily((now.as_millis() / 86_400_000) as i64).unwrap();
    let mut app = App::start(&db);
    app.wait_text("Puzzles");
    app.keys(&[DOWN, DOWN, DOWN, DOWN, ENTER].concat());
    app.wait_text("Your puzzle rating: 1500?");
    save_screenshot("puzzles-menu.txt", &app.settled());
    app.keys(&[DOWN, DOWN, ENTER].concat());
    app.wait_text(&format!("Puzzle {} · rated {}", p.id, p.rating));
    save_screenshot("puzzle.txt", &app.settled());
    // A wrong move, typed: judged, taken back, said.
    let wrong = giveaway_core::legal_moves(&p.position)
        .iter()
        .copied()
        .find(|m| m.outcome_key() != p.solution[0].outcome_key())
        .unwrap();
    app.keys(&format!(":{wrong}{ENTER}"));
    app.wait_text(&format!("{wrong} is not it: try again"));
    save_screenshot("puzzle-wrong.txt", &app.settled());
    // The solution shown: the puzzle is failed.
    app.keys("s");
    app.wait_text("Solution: ");
    save_screenshot("puzzle-failed.txt", &app.settled());
    // Tried again and solved, move by move.
    app.keys("r");
    app.wait_text("(found 0)");
    for (k, mv) in p.solution.iter().step_by(2).enumerate() {
        app.keys(&format!(":{mv}{ENTER}"));
        if 2 * (k + 1) < p.solution.len() {
            app.wait_text(&format!("(found {})", k + 1));
        }
    }
    app.wait_text("Solved, after a wrong try");
    save_screenshot("puzzle-solved.txt", &app.settled());
    // Back to the trainer's menu, which now counts the attempt.
    app.keys("q");
    app.wait_text("daily shipped");
    app.keys("q");
    app.wait_text("Play the computer");
    app.keys("q");
    assert!(app.wait_exit());
}
