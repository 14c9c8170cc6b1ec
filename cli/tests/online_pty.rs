//! `giveaway online` in two pseudo-terminals against a real game server (on a real PostgreSQL) that the test
//! runs: both players make accounts, one invites the other with a code, they play moves typed at the keys, a
//! reaction crosses over, one resigns, both see the result with the rating change, the game is in each
//! library, and the lobby shows the leaderboard and the profile. The server is then stopped under a client,
//! which says so and comes back when the server does.
//!
//! Set GIVEAWAY_SCREENSHOTS=DIR to save the captured screens (the transcript) as text files.

mod common;

use common::pty::{save_screenshot, App, DOWN, ENTER, RIGHT};
use giveaway_core::{format_move, legal_moves, Color, Game, Notation, Position, Rules};
use giveaway_server::testing::InProcess as Server;
use std::ffi::OsStr;
use std::path::Path;

fn online(db: &Path, url: &str) -> App {
    App::run(&[], &[OsStr::new("online"), OsStr::new("--db"), db.as_os_str(), OsStr::new("--server"), OsStr::new(url)])
}

/// A player in the lobby with a new account.
fn sign_up(db: &Path, url: &str, nickname: &str) -> App {
    let mut app = online(db, url);
    app.wait_text("press Enter and type a nickname");
    app.keys(ENTER);
    app.keys(nickname);
    app.keys(ENTER);
    app.wait_text(&format!("Welcome, {nickname}!"));
    app
}

/// Moves the cursor `lines` down (the lobby's menu, a form), then Enter.
fn choose(app: &mut App, lines: usize) {
    for _ in 0..lines {
        app.keys(DOWN);
    }
    app.keys(ENTER);
}

fn side_name(c: Color) -> &'static str {
    if c == Color::White {
        "White"
    } else {
        "Black"
    }
}

#[test]
fn two_terminals_play_a_rated_game_through_the_server() {
    let mut server = Server::fresh();
    let dir = tempfile::tempdir().unwrap();
    let mut anna = sign_up(&dir.path().join("anna.db"), &server.url(), "Anna");
    let mut boris = sign_up(&dir.path().join("boris.db"), &server.url(), "Boris");
    save_screenshot("online-1-lobby.txt", &anna.settled());

    // Anna invites; Boris joins with the code.
    anna.keys(DOWN);
    anna.keys(ENTER);
    let screen = anna.wait_text("Invite code: ");
    save_screenshot("online-2-invite.txt", &anna.settled());
    let code: String = screen.split("Invite code: ").nth(1).unwrap().chars().take(6).collect();
    boris.keys(DOWN);
    boris.keys(DOWN);
    boris.keys(ENTER);
    boris.wait_text("Invite code: █");
    boris.keys(&code.to_lowercase());
    boris.keys(ENTER);
    let a_screen = anna.wait_text("vs Boris online");
    boris.wait_text("vs Anna online");
    let anna_color = if a_screen.contains("You (White)") { Color::White } else { Color::Black };
    assert!(a_screen.contains("Rated 5+3 online"), "{a_screen}");
    // Before the first moves no clock runs: the screen says what the server will do instead.
    let waiting = anna.wait_text("to make the first move");
    assert!(waiting.contains("s to make the first move, or the game is aborted."), "{waiting}");

    // Six plies typed at the keys, each seen on the other terminal.
    let mut game = Game::new(Position::start(), Rules::default());
    for _ in 0..6 {
        let mover = game.position().side_to_move();
        let mv = legal_moves(game.position())[0];
        let text = format_move(&mv, Notation::Algebraic);
        let (me, them) = if mover == anna_color { (&mut anna, &mut boris) } else { (&mut boris, &mut anna) };
        me.wait_text(&format!("{} to move", side_name(mover)));
        me.keys(&format!(":{text}"));
        me.keys(ENTER);
        them.wait_text(&format!("Last move: {} {text}", side_name(mover)));
        game.play(&mv).unwrap();
    }
    save_screenshot("online-3-anna-game.txt", &anna.settled());
    save_screenshot("online-3-boris-game.txt", &boris.settled());

    // Anna reacts (👍 is the picker's first); Boris resigns.
    anna.keys("e");
    anna.keys("1");
    boris.wait_text("👍");
    boris.keys("R");
    boris.wait_text("Resign this game? y/n");
    boris.keys("y");
    let a_end = anna.wait_text("You won by resignation · rating 1500 → ");
    let b_end = boris.wait_text("You lost by resignation · rating 1500 → ");
    save_screenshot("online-4-anna-result.txt", &anna.settled());
    save_screenshot("online-4-boris-result.txt", &boris.settled());
    assert!(a_end.contains("GAME OVER"), "{a_end}");
    assert!(b_end.contains("Press a to analyse the game, q to leave."), "{b_end}");

    // Back in the lobby: the result, where it is saved; then the leaderboard and the profile.
    anna.keys("q");
    // The lobby is drawn over the board in more than one write: wait for the whole of it.
    anna.wait_for("the lobby after the game", |s| {
        s.contains("Last game: You won by resignation") && s.contains("Saved as game 1")
    });
    choose(&mut anna, 8);
    anna.wait_text("Leaderboard · Blitz");
    anna.keys(DOWN);
    anna.keys(ENTER);
    let profile = anna.wait_text("Profile · Anna");
    assert!(anna.wait_text("won vs Boris").contains("Blitz"), "{profile}");
    save_screenshot("online-5-anna-lobby-after.txt", &anna.settled());
    assert!(profile.contains("Last game: You won"), "{profile}");

    // A rematch, offered from the lobby and accepted there: colours swap.
    boris.keys("q");
    boris.wait_text("Last game: You lost by resignation");
    anna.keys("m");
    anna.wait_text("Rematch offered; waiting for Boris.");
    boris.wait_text("Anna offers a rematch: m accept · x decline");
    boris.keys("m");
    let swapped =
        if anna_color == Color::White { "You (Black) vs Boris online" } else { "You (White) vs Boris online" };
    anna.wait_text(swapped);
    boris.wait_text("vs Anna online");
    save_screenshot("online-5-anna-rematch.txt", &anna.settled());
    for app in [&mut anna, &mut boris] {
        app.keys("q");
        app.wait_text("is on: press Enter to go back to it.");
    }

    // The server goes away under Boris in the lobby: he is told, and is back when it is.
    server.crash();
    let down = boris.wait_text("Offline: ");
    save_screenshot("online-6-boris-offline.txt", &boris.settled());
    assert!(down.contains("Trying again in"), "{down}");
    server.restart();
    boris.keys("r");
    boris.wait_text("Online as Boris");

    for app in [&mut anna, &mut boris] {
        app.keys("q");
        app.wait_text("Play the computer");
        app.keys("q");
        assert!(app.wait_exit());
    }
    // The game is in both libraries, as an online game with the ratings.
    for who in ["anna", "boris"] {
        let out = common::giveaway(&["export", "1", "--db", dir.path().join(format!("{who}.db")).to_str().unwrap()]);
        let pdn = common::stdout(&out);
        assert!(pdn.contains("[WhiteRatingDiff ") && pdn.contains("[Result "), "{who}: {pdn}");
    }
}

/// A second device: the phone shows a link code (Devices), a second terminal types it instead of making an
/// account and is signed in as the same player; the phone, whose connection the server closed, waits instead
/// of taking the account back; the second terminal signs the first device out, whose token then no longer works.
#[test]
fn a_link_code_brings_the_account_to_a_second_terminal() {
    let server = Server::fresh();
    let dir = tempfile::tempdir().unwrap();
    let mut phone = sign_up(&dir.path().join("phone.db"), &server.url(), "Vera");
    choose(&mut phone, 10);
    phone.wait_text("press c for a one-time code");
    phone.keys("c");
    let screen = phone.wait_text("Link code: ");
    save_screenshot("online-devices-1-code.txt", &phone.settled());
    let code: String = screen.split("Link code: ").nth(1).unwrap().chars().take(9).collect();
    assert_eq!(code.as_bytes()[4], b'-', "{screen}");

    let mut laptop = online(&dir.path().join("laptop.db"), &server.url());
    laptop.wait_text("Press l and type the link code");
    laptop.keys("l");
    laptop.wait_text("Link code from your other device: █");
    laptop.keys(&code.to_lowercase());
    laptop.keys(ENTER);
    laptop.wait_text("Welcome, Vera!");
    // One connection per account: the phone was closed and waits for its player.
    phone.wait_text("in use on another device");
    save_screenshot("online-devices-2-elsewhere.txt", &phone.settled());

    choose(&mut laptop, 10);
    let list = laptop.wait_text("First device");
    assert!(list.contains("This device (Terminal)"), "{list}");
    laptop.keys(DOWN);
    laptop.keys("x");
    laptop.wait_text("Sign out First device?");
    laptop.keys("y");
    laptop.wait_for("the first device gone", |s| !s.contains("First device"));
    save_screenshot("online-devices-3-list.txt", &laptop.settled());

    // The phone taking its account back finds its token no longer works.
    phone.keys("r");
    phone.wait_text("does not know this device's account");
}

/// Friends, a direct challenge and a spectator, in three terminals: Anna follows Boris by nickname and sees him
/// online, challenges him from her friends list with a clock and a colour; Boris is told in his lobby, opens
/// Friends, sees the challenge from his side and accepts; both boards open with the colours asked for. Carl
/// finds the game in "Watch a game" and watches it live: the moves as they are played, the spectator count, a
/// reaction and the end.
#[test]
fn a_friend_challenge_watched_live_from_a_third_terminal() {
    let server = Server::fresh();
    let dir = tempfile::tempdir().unwrap();
    let mut anna = sign_up(&dir.path().join("anna.db"), &server.url(), "Anna");
    let mut boris = sign_up(&dir.path().join("boris.db"), &server.url(), "Boris");

    choose(&mut anna, 3);
    anna.wait_text("Nobody yet: press f and type a nickname.");
    anna.keys("f");
    anna.wait_text("Follow the player named: █");
    anna.keys("boris");
    anna.keys(ENTER);
    anna.wait_text("▶ Boris · online");
    save_screenshot("online-friends-1-list.txt", &anna.settled());

    // The challenge form: 5+3 is chosen first; Anna asks for White and a casual game.
    anna.keys("c");
    anna.wait_text("Challenge Boris");
    anna.keys(DOWN);
    anna.keys(RIGHT);
    anna.keys(DOWN);
    anna.keys(RIGHT);
    anna.keys(DOWN);
    let form = anna.wait_text("▶ Send the challenge");
    assert!(form.contains("White") && form.contains("No"), "{form}");
    save_screenshot("online-friends-2-challenge.txt", &anna.settled());
    anna.keys(ENTER);
    anna.wait_text("Boris: 5+3 casual · you play White");

    boris.wait_text("Anna challenges you (5+3, casual): answer in Friends.");
    choose(&mut boris, 3);
    let seen = boris.wait_text("Anna challenges you: 5+3 casual · you play Black");
    assert!(seen.contains("a accept · d decline"), "{seen}");
    save_screenshot("online-friends-3-incoming.txt", &boris.settled());
    boris.keys("a");
    boris.wait_text("vs Anna online");
    let board = anna.wait_text("vs Boris online");
    save_screenshot("online-friends-4-game.txt", &anna.settled());
    assert!(board.contains("You (White) vs Boris"), "Anna plays the colour she asked for: {board}");

    let mut carl = sign_up(&dir.path().join("carl.db"), &server.url(), "Carl");
    choose(&mut carl, 4);
    let list = carl.wait_text("▶ Anna (1500?) – Boris (1500?) · 5+3 Blitz casual · move 1 · 0 watching");
    save_screenshot("online-watch-1-list.txt", &carl.settled());
    assert!(list.contains("Enter watch"), "{list}");
    carl.keys(ENTER);
    carl.wait_text("Watching game 1 · Anna vs Boris");
    carl.wait_text("1 watching");
    anna.keys(":c3-d4");
    anna.keys(ENTER);
    carl.wait_text("1. c3-d4");
    boris.wait_text("Last move: White c3-d4");
    boris.keys(":f6-g5");
    boris.keys(ENTER);
    carl.wait_text("1. c3-d4      f6-g5");
    boris.keys("e");
    boris.keys("1");
    carl.wait_text("Boris: 👍");
    save_screenshot("online-watch-2-game.txt", &carl.settled());
    boris.keys("R");
    boris.wait_text("Resign this game? y/n");
    boris.keys("y");
    carl.wait_text("Anna won by resignation.");
    save_screenshot("online-watch-3-end.txt", &carl.settled());
    carl.keys("q");
    carl.wait_text("No games are being played right now");
}

/// Open seeks: Anna looks for an opponent with quick pairing; Boris opens "Open seeks", sees her waiting with
/// her rating and clock, and plays her with Enter: both boards open.
#[test]
fn an_open_seek_is_played_from_the_list() {
    let server = Server::fresh();
    let dir = tempfile::tempdir().unwrap();
    let mut anna = sign_up(&dir.path().join("anna.db"), &server.url(), "Anna");
    let mut boris = sign_up(&dir.path().join("boris.db"), &server.url(), "Boris");
    anna.keys(ENTER);
    anna.wait_text("Looking for an opponent at 5+3");
    choose(&mut boris, 5);
    boris.wait_text("▶ Anna 1500? · 5+3 Blitz · waiting 0:");
    save_screenshot("online-seeks.txt", &boris.settled());
    boris.keys(ENTER);
    boris.wait_text("vs Anna online");
    anna.wait_text("vs Boris online");
}

/// Correspondence: Anna challenges Boris by nickname with three days per move; he accepts and both boards open;
/// after a move each closes the board with q, and each finds the game in the lobby's Correspondence list, where
/// it is their move, opened from there to play on.
#[test]
fn a_correspondence_game_is_played_from_the_list() {
    let server = Server::fresh();
    let dir = tempfile::tempdir().unwrap();
    let mut anna = sign_up(&dir.path().join("anna.db"), &server.url(), "Anna");
    let mut boris = sign_up(&dir.path().join("boris.db"), &server.url(), "Boris");
    choose(&mut anna, 3);
    anna.wait_text("Nobody yet");
    anna.keys("n");
    anna.keys("boris");
    anna.keys(ENTER);
    anna.wait_text("Challenge boris");
    // The time control's choices: the clocks, then 1 to 14 days per move.
    for _ in 0..20 {
        if anna.settled().contains("3 days per move") {
            break;
        }
        anna.keys(RIGHT);
    }
    anna.keys(DOWN);
    anna.keys(RIGHT);
    anna.keys(DOWN);
    anna.keys(DOWN);
    let form = anna.wait_text("▶ Send the challenge");
    assert!(form.contains("3 days per move") && form.contains("White"), "{form}");
    anna.keys(ENTER);
    anna.wait_text("Boris: 3 days per move rated · you play White · 6d 23h left");

    boris.wait_text("Anna challenges you (3 days per move, rated): answer in Friends.");
    choose(&mut boris, 3);
    boris.wait_text("Anna challenges you: 3 days per move rated · you play Black");
    boris.keys("a");
    boris.wait_text("Rated 3 days per move online");
    anna.wait_text("You have 2d 23h to make the first move, or the game is aborted.");
    anna.keys(":c3-d4");
    anna.keys(ENTER);
    boris.wait_text("Last move: White c3-d4");
    for p in [&mut anna, &mut boris] {
        p.keys("q");
        p.wait_text("Quick pairing");
        choose(p, 7);
    }
    let list = boris.wait_text("▶ Your move · Anna · you play Black · 3 days per move · 2d 23h left · last c3-d4");
    assert!(list.contains("Correspondence: 1 game waits for your move"), "{list}");
    save_screenshot("online-correspondence-1-list.txt", &boris.settled());
    anna.wait_text("▶ Boris's move · Boris · you play White · 3 days per move · 2d 23h left · last c3-d4");
    boris.keys(ENTER);
    boris.wait_text("vs Anna online");
    boris.keys(":f6-g5");
    boris.keys(ENTER);
    save_screenshot("online-correspondence-2-game.txt", &boris.settled());
    // Anna's list reads the move as it comes.
    anna.wait_text("▶ Your move · Boris · you play White · 3 days per move · 2d 23h left · last f6-g5");
}

/// An arena round: Anna makes an arena from the lobby's Arenas view; Boris finds it in the list and joins; the
/// server pairs them at once (both boards open by themselves), one resigns after a move each, and back in the
/// arena both see the standings with the winner's 2 points, still taking part.
#[test]
fn an_arena_round_from_two_terminals() {
    // Time enough after the game to read the standings before the next pairing.
    let mut cfg = giveaway_server::testing::config(&giveaway_server::testing::new_database(), "node1");
    cfg.arena_rest_ms = 20_000;
    let server = Server::with_config(cfg);
    let dir = tempfile::tempdir().unwrap();
    let mut anna = sign_up(&dir.path().join("anna.db"), &server.url(), "Anna");
    let mut boris = sign_up(&dir.path().join("boris.db"), &server.url(), "Boris");

    choose(&mut anna, 6);
    anna.wait_text("Arenas: play game after game until the finish");
    anna.keys("n");
    anna.wait_text("New arena's name (3–30 characters): █");
    anna.keys("Friday arena");
    anna.keys(ENTER);
    anna.wait_text("New arena: Friday arena");
    choose(&mut anna, 3);
    anna.wait_text("You take part: a game starts whenever you and another player are free.");

    // Boris's list holds the server's scheduled arenas too: he moves to Anna's.
    choose(&mut boris, 6);
    boris.wait_text("Friday arena · 5+3 Blitz · ");
    for _ in 0..5 {
        if boris.settled().contains("▶ Friday arena") {
            break;
        }
        boris.keys(DOWN);
    }
    let list = boris.wait_text("▶ Friday arena · 5+3 Blitz · ");
    assert!(list.contains("1 player"), "{list}");
    save_screenshot("online-arena-1-list.txt", &boris.settled());
    boris.keys(ENTER);
    boris.wait_text("Press j to join");
    boris.keys("j");

    // Paired at once: both boards open by themselves.
    let a_board = anna.wait_text("vs Boris online");
    boris.wait_text("vs Anna online");
    let anna_white = a_board.contains("You (White)");
    let (white, black) = if anna_white { (&mut anna, &mut boris) } else { (&mut boris, &mut anna) };
    white.keys(":c3-d4");
    white.keys(ENTER);
    black.wait_text("Last move: White c3-d4");
    black.keys(":f6-g5");
    black.keys(ENTER);
    white.wait_text("Last move: Black f6-g5");
    black.keys("R");
    black.wait_text("Resign this game? y/n");
    black.keys("y");
    white.wait_text("You won by resignation");
    black.wait_text("You lost by resignation");
    let winner = if anna_white { "Anna" } else { "Boris" };

    // Back in the arena: the standings as they are after the game.
    for app in [&mut anna, &mut boris] {
        app.keys("q");
        app.wait_for("the standings after the game", |s| {
            s.contains("Friday arena · 5+3 Blitz · ")
                && s.contains("2 · 1 game, 1 won")
                && s.contains("0 · 1 game, 0 won")
        });
    }
    let standings = anna.settled();
    assert!(standings.contains(&format!("1. {winner} ")), "{standings}");
    assert!(standings.contains("You take part"), "{standings}");
    save_screenshot("online-arena-2-standings.txt", &standings);
}
