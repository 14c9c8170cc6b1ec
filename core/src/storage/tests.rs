use super::*;
use crate::game::{EndReason, Game, GameResult, Outcome, Rules};
use crate::movegen::legal_moves;
use crate::notation::parse_move;
use crate::position::{Color, Position};
use crate::record::{ClockTimes, Ending, GameMode, GameRecord, NewGame, Reaction, TimeControl};
use std::path::Path;
use tempfile::TempDir;

fn fresh() -> (TempDir, Storage) {
    let dir = TempDir::new().unwrap();
    let (s, report) = Storage::open(dir.path().join("games.db")).unwrap();
    assert!(report.created && report.recovery.is_none() && report.migrated_from.is_none(), "{report:?}");
    (dir, s)
}

/// The names in a folder, sorted.
fn listing(dir: &Path) -> Vec<std::ffi::OsString> {
    let mut v: Vec<_> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name()).collect();
    v.sort();
    v
}

fn vs_computer(level: u8, human: Color) -> NewGame {
    let (w, b) = if human == Color::White { ("You", "Computer") } else { ("Computer", "You") };
    NewGame { level: Some(level), human_color: Some(human), ..NewGame::new(GameMode::VsComputer, w, b) }
}

/// Plays `n` plies of the first legal move each time, saving each; returns the game as played.
fn play_and_save(s: &Storage, id: i64, start: Position, n: usize) -> Game {
    let mut g = Game::new(start, Rules::default());
    for _ in 0..n {
        let Some(m) = g.legal_moves().first().copied() else { break };
        s.append_move(id, g.ply() as u32, &m, None).unwrap();
        g.play(&m).unwrap();
    }
    g
}

#[test]
fn storage_is_shareable_between_threads() {
    fn shareable<T: Send + Sync>() {}
    shareable::<Storage>();
    let (_dir, s) = fresh();
    let s = std::sync::Arc::new(s);
    let handles: Vec<_> = (0..4)
        .map(|i| {
            let s = s.clone();
            std::thread::spawn(move || {
                let id = s.create_game(&NewGame::new(GameMode::PassAndPlay, &format!("A{i}"), "B")).unwrap();
                play_and_save(&s, id, Position::start(), 10);
                id
            })
        })
        .collect();
    for h in handles {
        let id = h.join().unwrap();
        assert_eq!(s.load_game(id).unwrap().game.ply(), 10);
    }
}

#[test]
fn save_append_undo_finish_and_load() {
    let (_dir, s) = fresh();
    let mut setup = vs_computer(3, Color::Black);
    setup.time_control = Some(TimeControl::even(5, 3));
    let id = s.create_game(&setup).unwrap();
    let summary = s.game_summary(id).unwrap();
    assert_eq!(summary.setup, setup);
    assert_eq!(summary.clocks, Some(ClockTimes { white_ms: 300_000, black_ms: 300_000 }));
    assert!(summary.in_progress());

    let mut g = Game::new(Position::start(), Rules::default());
    for (i, text) in ["c3-d4", "f6-e5", "d4:f6", "g7:e5"].iter().enumerate() {
        let m = parse_move(g.position(), text).unwrap();
        let clocks = ClockTimes { white_ms: 300_000 - i as u64 * 1000, black_ms: 299_000 };
        s.append_move(id, i as u32, &m, Some(clocks)).unwrap();
        g.play(&m).unwrap();
    }
    // A repeated or skipped save is refused, not stored.
    let m = g.legal_moves()[0];
    assert!(matches!(s.append_move(id, 3, &m, None), Err(StorageError::PlyMismatch { expected: 4, got: 3, .. })));
    assert!(matches!(s.append_move(id, 5, &m, None), Err(StorageError::PlyMismatch { expected: 4, .. })));
    assert!(matches!(s.append_move(999, 0, &m, None), Err(StorageError::NoSuchGame(999))));

    s.add_reaction(id, &Reaction { ply: 2, side: Color::White, emoji: "😮".into() }).unwrap();
    s.add_reaction(id, &Reaction { ply: 4, side: Color::Black, emoji: "🙂".into() }).unwrap();
    let saved = s.load_game(id).unwrap();
    assert_eq!(saved.moves(), g.moves());
    assert_eq!(saved.game.position(), g.position());
    assert_eq!(saved.summary.plies, 4);
    assert_eq!(saved.summary.clocks, Some(ClockTimes { white_ms: 297_000, black_ms: 299_000 }));
    assert_eq!(saved.move_clocks[1], Some(ClockTimes { white_ms: 299_000, black_ms: 299_000 }));
    assert_eq!(saved.reactions.len(), 2);

    // Undo two plies: the later reaction goes, clocks return to those after ply 2.
    s.truncate_moves(id, 2).unwrap();
    let saved = s.load_game(id).unwrap();
    assert_eq!(saved.moves(), &g.moves()[..2]);
    assert_eq!(saved.reactions, vec![Reaction { ply: 2, side: Color::White, emoji: "😮".into() }]);
    assert_eq!(saved.summary.clocks, Some(ClockTimes { white_ms: 299_000, black_ms: 299_000 }));

    // Finish, refuse further moves, reopen by undo.
    s.finish_game(id, GameResult { outcome: Outcome::WhiteWins, reason: EndReason::Resignation }).unwrap();
    let ending = s.game_summary(id).unwrap().ending;
    assert_eq!(ending, Some(Ending { outcome: Outcome::WhiteWins, reason: Some(EndReason::Resignation) }));
    let m = saved.game.legal_moves()[0];
    assert!(matches!(s.append_move(id, 2, &m, None), Err(StorageError::GameFinished(_))));
    s.reopen_game(id).unwrap();
    s.append_move(id, 2, &m, None).unwrap();
    s.truncate_moves(id, 0).unwrap();
    let saved = s.load_game(id).unwrap();
    assert_eq!(saved.game.ply(), 0);
    assert_eq!(saved.summary.clocks, Some(ClockTimes { white_ms: 300_000, black_ms: 300_000 }));

    s.delete_game(id).unwrap();
    assert!(matches!(s.load_game(id), Err(StorageError::NoSuchGame(_))));
    assert!(matches!(s.delete_game(id), Err(StorageError::NoSuchGame(_))));
}

#[test]
fn set_up_start_and_ending_decided_by_the_board() {
    let (_dir, s) = fresh();
    let mut setup = NewGame::new(GameMode::PassAndPlay, "Ann", "Bob");
    setup.start_fen = Some("W:Wc3:Be5".into());
    setup.handicap = Some("endgame study".into());
    let id = s.create_game(&setup).unwrap();
    let mut g = Game::from_fen("W:Wc3:Be5", Rules::default()).unwrap();
    for text in ["c3-d4", "e5:c3"] {
        let m = g.play_notation(text).unwrap();
        s.append_move(id, g.ply() as u32 - 1, &m, None).unwrap();
    }
    assert!(g.is_over());
    // The finish was never recorded (as if the process died): loading reports the board's ending.
    let saved = s.load_game(id).unwrap();
    assert_eq!(saved.summary.setup.start_fen.as_deref(), Some("W:W22:B15"));
    assert_eq!(saved.summary.ending.map(|e| e.reason), Some(Some(EndReason::NoLegalMove)));
    assert!(matches!(
        s.create_game(&NewGame { start_fen: Some("nonsense".into()), ..setup }),
        Err(StorageError::InvalidInput(_))
    ));
}

#[test]
fn a_tampered_game_is_reported_not_panicked() {
    let (_dir, s) = fresh();
    let id = s.create_game(&NewGame::new(GameMode::PassAndPlay, "A", "B")).unwrap();
    play_and_save(&s, id, Position::start(), 6);
    s.conn().execute("UPDATE moves SET path = 'h8-g7' WHERE game_id = ?1 AND ply = 3", [id]).unwrap();
    match s.load_game(id) {
        Err(StorageError::CorruptGame { ply: 3, reason, .. }) => assert!(reason.contains("h8-g7"), "{reason}"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn migrates_from_every_earlier_version() {
    for from in 0..schema::LATEST {
        let dir = TempDir::new().unwrap();
        let path = dir.path().join("games.db");
        {
            let mut conn = rusqlite::Connection::open(&path).unwrap();
            schema::migrate_to(&mut conn, from).unwrap();
            assert_eq!(schema::version(&conn).unwrap(), from);
            if from >= 1 {
                // A game and a setting saved by the version-1 app.
                conn.execute_batch(
                    "INSERT INTO games (id, mode, white, black, players_folded, rule_repetitions, rule_king_plies,
                        plies, created_at, updated_at)
                     VALUES (7, 'pass-and-play', 'Ann', 'Bob', 'ann\u{1}bob', 3, 30, 1, 1000, 1000);
                     INSERT INTO moves (game_id, ply, path) VALUES (7, 0, 'c3-d4');
                     INSERT INTO settings (key, value) VALUES ('sound', '0');",
                )
                .unwrap();
            }
        }
        let (s, report) = Storage::open(&path).unwrap();
        assert_eq!(report.migrated_from, (from > 0).then_some(from), "from {from}");
        assert_eq!(schema::version(&s.conn()).unwrap(), schema::LATEST);
        if from >= 1 {
            let saved = s.load_game(7).unwrap();
            assert_eq!(saved.moves()[0].to_string(), "c3-d4");
            assert!(!s.settings().unwrap().sound);
            // Tables of later versions work on the migrated data.
            s.add_reaction(7, &Reaction { ply: 1, side: Color::Black, emoji: "👍".into() }).unwrap();
            s.put_analysis(7, "e1", 1, "{}").unwrap();
        }
        let id = s.create_game(&NewGame::new(GameMode::PassAndPlay, "C", "D")).unwrap();
        play_and_save(&s, id, Position::start(), 3);
        assert_eq!(s.integrity_check().unwrap(), "ok");
    }
}

#[test]
fn a_newer_database_is_refused_and_left_alone() {
    let dir = TempDir::new().unwrap();
    let path = dir.path().join("games.db");
    {
        let (s, _) = Storage::open(&path).unwrap();
        s.create_game(&NewGame::new(GameMode::PassAndPlay, "A", "B")).unwrap();
        s.conn().pragma_update(None, "user_version", schema::LATEST + 1).unwrap();
    }
    let before = std::fs::read(&path).unwrap();
    let files = listing(dir.path());
    match Storage::open(&path) {
        Err(e @ StorageError::NewerVersion { .. }) => {
            assert!(e.to_string().contains("newer version of the app"), "{e}");
        }
        other => panic!("{:?}", other.map(|(_, r)| r)),
    }
    assert_eq!(std::fs::read(&path).unwrap(), before);
    assert_eq!(listing(dir.path()), files);
}

#[test]
fn a_file_that_is_not_a_database_is_refused_and_left_alone() {
    // `--db notes.txt`, or `--db games.pdn` typed by mistake, used to rename the user's file aside (issue 16).
    let dir = TempDir::new().unwrap();
    for (name, text) in [
        ("notes.txt", b"these are my notes, not a database ".repeat(200)),
        ("games.pdn", b"[Event \"club\"]\n1. c3-d4 f6-g5 *\n".to_vec()),
        ("short", b"SQL".to_vec()),
    ] {
        let path = dir.path().join(name);
        std::fs::write(&path, &text).unwrap();
        let files = listing(dir.path());
        match Storage::open(&path) {
            Err(e @ StorageError::NotADatabase(_)) => {
                assert!(e.to_string().contains("is not a games library") && e.to_string().contains(name), "{e}");
            }
            other => panic!("{name}: {:?}", other.map(|(_, r)| r)),
        }
        assert_eq!(std::fs::read(&path).unwrap(), text, "{name} is untouched");
        assert_eq!(listing(dir.path()), files, "{name}: nothing created or renamed");
    }
    // An empty file is a new library.
    let empty = dir.path().join("empty.db");
    std::fs::write(&empty, b"").unwrap();
    let (s, report) = Storage::open(&empty).unwrap();
    assert!(report.created && report.recovery.is_none());
    s.create_game(&NewGame::new(GameMode::PassAndPlay, "A", "B")).unwrap();
}

/// `n` games of about `plies` plies each, played from the start by a fixed choice among the legal moves.
fn long_records(n: usize, plies: usize) -> Vec<GameRecord> {
    (0..n)
        .map(|i| {
            let mut g = Game::new(Position::start(), Rules::default());
            while g.ply() < plies {
                let list = g.legal_moves();
                let Some(m) = list.get((g.ply() * 7 + i) % list.len().max(1)).copied() else { break };
                g.play(&m).unwrap();
            }
            GameRecord {
                setup: NewGame::new(GameMode::Imported, &format!("Player {i}"), "Other"),
                moves: g.moves().to_vec(),
                move_clocks: vec![],
                clocks: None,
                ending: None,
                tags: vec![("Event".into(), format!("e{i}"))],
                created_at: 1_700_000_000_000 + i as i64,
            }
        })
        .collect()
}

/// A game as the recovery tests compare it: White's name and the moves as written.
type GameText = (String, Vec<String>);

/// What a plain reader gets from a database file for each game id: its row and every move row it counts, or
/// `None` where any of that cannot be read. An oracle for recovery, independent of the storage code.
fn plainly_readable(path: &Path, ids: std::ops::RangeInclusive<i64>) -> Vec<(i64, Option<GameText>)> {
    let conn = rusqlite::Connection::open_with_flags(path, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY).unwrap();
    let read = |id: i64| -> rusqlite::Result<GameText> {
        let (white, plies): (String, i64) =
            conn.query_row("SELECT white, plies FROM games WHERE id = ?1", [id], |r| Ok((r.get(0)?, r.get(1)?)))?;
        let mut stmt = conn.prepare("SELECT path FROM moves WHERE game_id = ?1 ORDER BY ply")?;
        let moves: Vec<String> = stmt.query_map([id], |r| r.get(0))?.collect::<rusqlite::Result<_>>()?;
        if moves.len() as i64 != plies {
            return Err(rusqlite::Error::QueryReturnedNoRows);
        }
        Ok((white, moves))
    };
    ids.map(|id| (id, read(id).ok())).collect()
}

#[test]
fn the_games_schema_fits_in_the_first_page() {
    // The recovery below needs the whole schema on page 1: a schema spilling onto a second page (as the
    // trainer's tables once made it) turns that page's damage into the loss of every game.
    let (dir, s) = fresh();
    s.close().unwrap();
    drop(s);
    let bytes = std::fs::read(dir.path().join("games.db")).unwrap();
    // Page 1's b-tree header follows the 100-byte file header: 0x0d is a leaf table page, one that holds
    // every row of the schema table itself (an interior page, 0x05, would point to others).
    assert_eq!(bytes[100], 0x0d, "the schema table no longer fits in page 1");
    let cells = u16::from_be_bytes([bytes[103], bytes[104]]);
    let conn = Connection::open(dir.path().join("games.db")).unwrap();
    let (entries, text): (u16, i64) = conn
        .query_row("SELECT count(*), sum(length(sql)) FROM sqlite_master", [], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap();
    assert_eq!(cells, entries);
    assert!(text < 3_800, "{text} bytes of schema text: too close to the page's 4,096");
    assert!(!conn.prepare("SELECT name FROM sqlite_master WHERE name LIKE '%puzzle%'").unwrap().exists([]).unwrap());
}

#[test]
fn every_readable_game_of_a_damaged_library_is_recovered() {
    // Issue 16: one damaged page made the whole library look empty, though most games could still be read.
    let dir = TempDir::new().unwrap();
    let pristine_path = dir.path().join("pristine.db");
    let mut originals = Vec::new();
    {
        let (s, _) = Storage::open(&pristine_path).unwrap();
        for i in 0..20 {
            let id = s.create_game(&NewGame::new(GameMode::PassAndPlay, &format!("Player {i}"), "B")).unwrap();
            let g = play_and_save(&s, id, Position::start(), 30 + i);
            s.add_reaction(id, &Reaction { ply: 1, side: Color::White, emoji: "🙂".into() }).unwrap();
            originals.push((id, (format!("Player {i}"), g.moves().iter().map(|m| m.to_string()).collect::<Vec<_>>())));
        }
        s.save_settings(&Settings { coach: true, ..Settings::default() }).unwrap();
    } // closing the last connection checkpoints the WAL into the file
    let pristine = std::fs::read(&pristine_path).unwrap();
    let page = 4096;
    let (mut whole, mut partial, mut unnoticed) = (0, 0, 0);
    // Every page but the first (the header and schema): its first 64 bytes overwritten, as a stray write would.
    for p in 1..pristine.len() / page {
        let path = dir.path().join(format!("damaged-{p}.db"));
        let mut bytes = pristine.clone();
        bytes[p * page..p * page + 64].fill(0x5a);
        std::fs::write(&path, &bytes).unwrap();
        let readable = plainly_readable(&path, 1..=20);
        let (s, report) = Storage::open(&path).unwrap();
        let Some(r) = report.recovery.clone().or_else(|| s.check_and_recover().unwrap()) else {
            // The damage hit nothing in use (a free page): every game is still there as it was.
            unnoticed += 1;
            for (id, (white, moves)) in &originals {
                let g = s.load_game(*id).unwrap();
                assert_eq!(
                    (&g.summary.setup.white, &g.moves().iter().map(|m| m.to_string()).collect()),
                    (white, moves)
                );
            }
            continue;
        };
        assert_eq!(std::fs::read(&r.moved_to).unwrap(), bytes, "page {p}: the damaged copy is kept as it was");
        assert!(r.moved_to.to_string_lossy().contains(".damaged-"), "{r:?}");
        let expected: Vec<i64> = readable.iter().filter(|(_, g)| g.is_some()).map(|(id, _)| *id).collect();
        let listed = s.list_games(&Filter::default(), None, 50).unwrap();
        let mut got: Vec<i64> = listed.games.iter().map(|g| g.id).collect();
        got.sort();
        assert_eq!(got, expected, "page {p}: {r}");
        assert_eq!((r.recovered, r.lost), (expected.len() as u64, Some(20 - expected.len() as u64)), "page {p}: {r}");
        for (id, original) in originals.iter().filter(|(id, _)| expected.contains(id)) {
            let g = s.load_game(*id).unwrap();
            assert_eq!((g.summary.setup.white.clone(), g.moves().iter().map(|m| m.to_string()).collect()), *original);
        }
        assert_eq!(s.integrity_check().unwrap(), "ok");
        let id = s.create_game(&NewGame::new(GameMode::PassAndPlay, "After", "B")).unwrap();
        play_and_save(&s, id, Position::start(), 3);
        if expected.len() == 20 {
            whole += 1;
            assert!(s.settings().unwrap().coach, "page {p}: settings come back too");
        } else {
            partial += 1;
        }
    }
    // The sweep met every kind of case: damage that cost nothing, some games, and none of them.
    assert!(whole > 0 && partial > 0, "whole {whole}, partial {partial}, unnoticed {unnoticed}");
}

#[test]
fn a_large_import_lets_moves_through_and_appears_all_at_once() {
    // Issue 16: an import held the database for its whole length, so a move waited seconds or failed as locked.
    let (_dir, s) = fresh();
    let records = long_records(8000, 60);
    let path = s.path().to_path_buf();
    let importer = std::thread::spawn(move || {
        let (other, _) = Storage::open(&path).unwrap();
        let t = std::time::Instant::now();
        let ids = other.insert_games(&records).unwrap();
        (ids.len(), t.elapsed())
    });
    let id = s.create_game(&NewGame::new(GameMode::PassAndPlay, "A", "B")).unwrap();
    let mut g = Game::new(Position::start(), Rules::default());
    let (mut longest, mut saved, mut seen_early) = (std::time::Duration::ZERO, 0, 0);
    while !importer.is_finished() {
        let Some(m) = g.legal_moves().first().copied() else { break };
        let t = std::time::Instant::now();
        s.append_move(id, g.ply() as u32, &m, None).unwrap();
        longest = longest.max(t.elapsed());
        g.play(&m).unwrap();
        saved += 1;
        // Only the game being played is listed until the whole import is in, then all of it: never a part. (The
        // import's last commit may land before the thread is seen to end, so all of it is no error here.)
        let total = s.list_games(&Filter::default(), None, 1).unwrap().total;
        seen_early += usize::from(total != 1 && total != 8001);
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    let (imported, took) = importer.join().unwrap();
    assert_eq!(imported, 8000);
    // Without slices a move waits for the whole import (or fails as locked); with them, for about one slice.
    // The bound leaves room for a machine busy with other tests; `giveaway bench-storage --import-mb` measures.
    assert!(saved >= 20, "only {saved} moves were saved during a {took:?} import");
    assert!(longest * 4 < took, "a move waited {longest:?} during a {took:?} import");
    assert_eq!(seen_early, 0, "part of the import was listed before all of it was in");
    assert_eq!(s.list_games(&Filter::default(), None, 1).unwrap().total, 8001);
}

#[test]
fn the_hidden_games_of_a_killed_import_are_never_listed_and_are_removed() {
    let (_dir, s) = fresh();
    let kept = s.insert_games(&long_records(2, 10)).unwrap();
    {
        // What a killed import leaves: a batch whose last write is long past, with games written under it; and
        // one still running elsewhere (a fresh heartbeat), which must not be touched.
        let mut conn = s.conn();
        let tx = conn.transaction().unwrap();
        for heartbeat in [now_ms() - 3_600_000, now_ms()] {
            tx.execute("INSERT INTO import_batches (heartbeat) VALUES (?1)", [heartbeat]).unwrap();
            let batch = tx.last_insert_rowid();
            for rec in long_records(3, 10) {
                super::games::insert_record(&tx, &rec, None, Some(batch)).unwrap();
            }
        }
        tx.commit().unwrap();
    }
    let listed = |s: &Storage| s.list_games(&Filter::default(), None, 50).unwrap().total;
    assert_eq!(listed(&s), 2);
    assert_eq!(s.all_game_ids().unwrap(), kept);
    assert_eq!(s.stats().unwrap().by_mode.iter().map(|m| m.games).sum::<u64>(), 2);
    assert!(matches!(s.load_game(kept[1] + 1), Err(StorageError::NoSuchGame(_))));
    assert_eq!(s.check_and_recover().unwrap(), None);
    let rows = |s: &Storage| s.conn().query_row("SELECT count(*) FROM games", [], |r| r.get::<_, i64>(0)).unwrap();
    assert_eq!(rows(&s), 5, "the stale batch's 3 games are gone, the running one's 3 stay hidden");
    assert_eq!(listed(&s), 2);
    assert_eq!(
        s.conn()
            .query_row("SELECT count(*) FROM moves WHERE game_id > ?1", [kept[1] + 3], |r| r.get::<_, i64>(0))
            .unwrap(),
        30
    );
}

#[test]
fn a_damaged_schema_is_moved_aside_at_open() {
    let dir = TempDir::new().unwrap();
    let path = dir.path().join("games.db");
    drop(Storage::open(&path).unwrap());
    // Page 1 holds the header (first 100 bytes) and the schema table: keep the header, damage the rest.
    let mut bytes = std::fs::read(&path).unwrap();
    for b in &mut bytes[100..4096] {
        *b = 0xa5;
    }
    std::fs::write(&path, &bytes).unwrap();
    let (s, report) = Storage::open(&path).unwrap();
    let r = report.recovery.expect("moved aside");
    assert!(r.reason.contains("malformed"), "{}", r.reason);
    assert_eq!(std::fs::read(&r.moved_to).unwrap(), bytes);
    assert_eq!(s.integrity_check().unwrap(), "ok");
}

/// Games with every combination the filters look at, spread over days.
fn varied_records(n: usize) -> Vec<GameRecord> {
    let names = ["Ann", "Bob", "Иван", "Mary_Jo", "50% Kate"];
    (0..n)
        .map(|i| {
            let mode = GameMode::ALL[i % 3];
            let human = if i % 2 == 0 { Color::White } else { Color::Black };
            let mut setup = match mode {
                GameMode::VsComputer => vs_computer((i % 8) as u8 + 1, human),
                _ => NewGame::new(mode, names[i % names.len()], names[(i + 2) % names.len()]),
            };
            if mode == GameMode::VsComputer && i % 5 == 0 {
                setup.white = format!("{} ({})", setup.white, names[i % names.len()]);
            }
            let ending = [None, Some(Outcome::WhiteWins), Some(Outcome::BlackWins), Some(Outcome::Draw)][i % 4]
                .map(|outcome| Ending { outcome, reason: Some(EndReason::Resignation) });
            let mut moves = Vec::new();
            let mut pos = Position::start();
            for k in 0..(i % 7) {
                let list = legal_moves(&pos);
                let m = list[k % list.len()];
                pos = pos.play(&m);
                moves.push(m);
            }
            GameRecord {
                setup,
                moves,
                move_clocks: vec![],
                clocks: None,
                ending,
                tags: vec![],
                // Some share a timestamp, so the id must break ties in the order.
                created_at: 1_700_000_000_000 + (i as i64 / 2) * 3_600_000,
            }
        })
        .collect()
}

#[test]
fn browse_filters_and_pages_agree_with_a_plain_scan() {
    let (_dir, s) = fresh();
    let records = varied_records(300);
    let ids = s.insert_games(&records).unwrap();
    let all: Vec<_> = ids.iter().map(|&id| s.game_summary(id).unwrap()).collect();

    let day = 86_400_000;
    let mut filters = vec![Filter::default()];
    for m in GameMode::ALL {
        filters.push(Filter { mode: Some(m), ..Filter::default() });
    }
    for r in ResultFilter::ALL {
        filters.push(Filter { result: Some(r), ..Filter::default() });
    }
    filters.push(Filter { level: Some(3), result: Some(ResultFilter::Won), ..Filter::default() });
    filters.push(Filter { in_progress: Some(true), ..Filter::default() });
    filters.push(Filter { in_progress: Some(false), mode: Some(GameMode::PassAndPlay), ..Filter::default() });
    filters.push(Filter {
        since: Some(1_700_000_000_000 + day),
        until: Some(1_700_000_000_000 + 3 * day),
        ..Filter::default()
    });
    for p in ["ann", "ИВАН", "_", "50%", "you (", "nobody"] {
        filters.push(Filter { player: Some(p.into()), ..Filter::default() });
    }

    for f in &filters {
        let expected: Vec<i64> = {
            let mut v: Vec<_> = all.iter().filter(|g| matches(g, f)).collect();
            v.sort_by_key(|g| std::cmp::Reverse((g.created_at, g.id)));
            v.iter().map(|g| g.id).collect()
        };
        let mut got = Vec::new();
        let mut cursor = None;
        loop {
            let page = s.list_games(f, cursor, 17).unwrap();
            assert_eq!(page.total, expected.len() as u64, "{f:?}");
            assert!(page.games.len() <= 17);
            got.extend(page.games.iter().map(|g| g.id));
            match page.next_cursor {
                Some(c) => cursor = Some(c),
                None => break,
            }
        }
        assert_eq!(got, expected, "{f:?}");
    }
    assert!(matches!(s.list_games(&Filter::default(), None, 0), Err(StorageError::InvalidInput(_))));
}

/// The filter's meaning, written out plainly.
fn matches(g: &crate::record::GameSummary, f: &Filter) -> bool {
    let outcome = g.ending.map(|e| e.outcome);
    let human = g.setup.human_color.map(Outcome::win_for);
    let result_ok = match f.result {
        None => true,
        Some(ResultFilter::WhiteWins) => outcome == Some(Outcome::WhiteWins),
        Some(ResultFilter::BlackWins) => outcome == Some(Outcome::BlackWins),
        Some(ResultFilter::Draw) => outcome == Some(Outcome::Draw),
        Some(ResultFilter::Won) => outcome.is_some() && outcome == human,
        Some(ResultFilter::Lost) => outcome.is_some_and(|o| o != Outcome::Draw) && human.is_some() && outcome != human,
    };
    let player_ok = f.player.as_ref().is_none_or(|p| {
        let p = p.to_lowercase();
        g.setup.white.to_lowercase().contains(&p) || g.setup.black.to_lowercase().contains(&p)
    });
    f.mode.is_none_or(|m| g.setup.mode == m)
        && result_ok
        && f.level.is_none_or(|l| g.setup.level == Some(l))
        && f.in_progress.is_none_or(|p| p == g.ending.is_none())
        && f.since.is_none_or(|t| g.created_at >= t)
        && f.until.is_none_or(|t| g.created_at < t)
        && player_ok
}

#[test]
fn stats_count_results_per_level_and_mode() {
    let (_dir, s) = fresh();
    let records = varied_records(120);
    s.insert_games(&records).unwrap();
    let stats = s.stats().unwrap();
    for ls in &stats.by_level {
        let games: Vec<_> = records.iter().filter(|r| r.setup.level == Some(ls.level)).collect();
        let won =
            |r: &&&GameRecord| r.ending.is_some_and(|e| Some(e.outcome) == r.setup.human_color.map(Outcome::win_for));
        let draw = |r: &&&GameRecord| r.ending.is_some_and(|e| e.outcome == Outcome::Draw);
        assert_eq!(ls.games, games.len() as u64);
        assert_eq!(ls.wins, games.iter().filter(won).count() as u64);
        assert_eq!(ls.draws, games.iter().filter(draw).count() as u64);
        assert_eq!(ls.in_progress, games.iter().filter(|r| r.ending.is_none()).count() as u64);
        assert_eq!(ls.wins + ls.draws + ls.losses + ls.in_progress, ls.games);
    }
    assert_eq!(stats.by_level.iter().map(|l| l.games).sum::<u64>(), 40);
    // Only modes that have games are listed: the records use the first three.
    assert_eq!(stats.by_mode.iter().map(|m| m.mode).collect::<Vec<_>>(), GameMode::ALL[..3]);
    let pvp = &stats.by_mode[1];
    assert_eq!((pvp.games, pvp.wins, pvp.losses), (40, 0, 0));
    assert_eq!(pvp.white_wins + pvp.black_wins + pvp.draws + pvp.in_progress, 40);
}

#[test]
fn settings_round_trip_and_survive_bad_rows() {
    let (_dir, s) = fresh();
    assert_eq!(s.settings().unwrap(), Settings::default());
    let set = Settings {
        board_theme: crate::storage::BoardTheme::Ocean,
        piece_theme: crate::storage::PieceTheme::Marble,
        online_server: "ws://192.168.1.5:7878/ws".into(),
        notation: crate::notation::Notation::Numeric,
        sound: false,
        animation: AnimationSpeed::Fast,
        orientation: Orientation::FaceToFace,
        last_level: 6,
        last_human_color: Color::Black,
        last_time_control: Some(TimeControl::even(3, 2)),
        must_capture_explained: true,
        premoves: crate::storage::PremoveMode::Never,
        confirm_moves: true,
        ..Settings::default()
    };
    s.save_settings(&set).unwrap();
    assert_eq!(s.settings().unwrap(), set);
    s.set_setting("sound", "maybe").unwrap();
    s.set_setting("last_level", "-4").unwrap();
    s.set_setting("from_the_future", "x").unwrap();
    s.set_setting("premoves", "sometimes").unwrap();
    // A theme an older app stored (the terminal's "green", iOS's "red") is the default one.
    s.set_setting("board_theme", "green").unwrap();
    s.set_setting("piece_theme", "red").unwrap();
    // Unreadable values fall back to their defaults; the others are kept.
    let defaults = Settings::default();
    let back = Settings {
        sound: true,
        last_level: 1,
        premoves: defaults.premoves,
        board_theme: defaults.board_theme,
        piece_theme: defaults.piece_theme,
        ..set
    };
    assert_eq!(s.settings().unwrap(), back);
    assert_eq!(s.setting("from_the_future").unwrap().as_deref(), Some("x"));
    assert_eq!(s.setting("absent").unwrap(), None);
}

#[test]
fn analysis_cache_goes_stale_when_the_game_changes() {
    let (_dir, s) = fresh();
    let id = s.create_game(&NewGame::new(GameMode::PassAndPlay, "A", "B")).unwrap();
    let g = play_and_save(&s, id, Position::start(), 4);
    s.put_analysis(id, "engine-1", 4, "evals").unwrap();
    assert_eq!(s.analysis(id, "engine-1").unwrap().as_deref(), Some("evals"));
    assert_eq!(s.analysis(id, "engine-2").unwrap(), None);
    s.append_move(id, 4, &g.legal_moves()[0], None).unwrap();
    assert_eq!(s.analysis(id, "engine-1").unwrap(), None);
    s.put_analysis(id, "engine-1", 5, "new").unwrap();
    assert_eq!(s.analysis(id, "engine-1").unwrap().as_deref(), Some("new"));
    assert!(matches!(s.put_analysis(42, "e", 0, ""), Err(StorageError::NoSuchGame(42))));
}

#[test]
fn import_is_all_or_nothing_with_a_precise_error() {
    let (_dir, s) = fresh();
    let good = "[Event \"a\"]\n[White \"Ann\"]\n1. 22-18 11-15 2. 18x11 8x15 1-0\n";
    let bad = format!("{good}\n[Event \"b\"]\n1. c3-d4 f6-g5 2. d4-c5 b6:d4 3. g3-h4 *\n");
    let e = s.import_pdn(&bad).unwrap_err().to_string();
    assert!(e.starts_with("nothing imported: game 2, move 3 (white): illegal move: capturing is compulsory"), "{e}");
    assert!(e.ends_with("(in 'g3-h4')"), "{e}");
    assert_eq!(s.list_games(&Filter::default(), None, 50).unwrap().total, 0);
    assert!(matches!(s.import_pdn("  {nothing}  "), Err(StorageError::NoGamesInFile)));

    let id = s.import_pdn(good).unwrap().first().unwrap();
    let saved = s.load_game(id).unwrap();
    assert_eq!(saved.summary.setup.mode, GameMode::Imported);
    assert_eq!(saved.summary.setup.white, "Ann");
    assert_eq!(saved.summary.ending.map(|e| e.outcome), Some(Outcome::WhiteWins));
    assert_eq!(saved.tags, vec![("Event".to_string(), "a".to_string())]);
    let text = s.export_pdn(id).unwrap();
    assert!(text.contains("[Event \"a\"]") && text.contains("1. c3-d4 f6-e5 2. d4:f6 g7:e5 1-0"), "{text}");
}

#[test]
fn a_large_file_is_imported_a_game_at_a_time_and_a_bad_last_game_leaves_nothing() {
    let (_dir, s) = fresh();
    let game = "[Event \"a\"]\n1. c3-d4 f6-g5 2. b2-c3 g7-f6 *\n\n";
    let many = game.repeat(20_000);
    // The bad game comes after many slices of the import have been written.
    let bad = format!("{many}[Event \"b\"]\n1. c3-d4 f6-g5 2. d4-c5 b6:d4 3. g3-h4 *\n");
    let e = s.import_pdn_from(bad.as_bytes()).unwrap_err().to_string();
    assert!(
        e.starts_with("nothing imported: game 20001, move 3 (white): illegal move: capturing is compulsory"),
        "{e}"
    );
    let syntax = format!("{many}[Event \"c\"]\n1. c3-d4 {{never closed\n");
    let e = s.import_pdn_from(syntax.as_bytes()).unwrap_err().to_string();
    assert_eq!(e, "nothing imported: game 20001: syntax error: comment '{' is never closed with '}'");
    assert_eq!(s.list_games(&Filter::default(), None, 50).unwrap().total, 0);
    assert!(s.all_game_ids().unwrap().is_empty());

    let ids = s.import_pdn_from(many.as_bytes()).unwrap();
    assert_eq!((ids.count(), ids.runs().len()), (20_000, 1));
    assert_eq!(s.list_games(&Filter::default(), None, 50).unwrap().total, 20_000);
    assert_eq!(s.all_game_ids().unwrap(), ids.iter().collect::<Vec<_>>());
}

#[test]
fn an_import_reads_as_a_person_would_say_it() {
    let ids = |list: &[crate::record::GameId]| {
        let mut ids = ImportedIds::default();
        for &id in list {
            ids.push(id);
        }
        ids.to_string()
    };
    assert_eq!(ids(&[]), "imported no games");
    assert_eq!(ids(&[1234]), "imported 1 game, id 1,234");
    assert_eq!(ids(&[7, 8]), "imported 2 games, ids 7–8");
    assert_eq!(ids(&[3, 4, 6, 9]), "imported 4 games, ids 3, 4, 6, 9");
    assert_eq!(ids(&(1..=157_100).collect::<Vec<_>>()), "imported 157,100 games, ids 1–157,100");
    let gap: Vec<crate::record::GameId> = (1..=5_000).chain(5_002..=157_101).collect();
    assert_eq!(ids(&gap), "imported 157,100 games, ids 1–5,000, 5,002–157,101");
    let scattered: Vec<crate::record::GameId> = (0..20).map(|i| 1_000 + 3 * i).collect();
    assert_eq!(ids(&scattered), "imported 20 games, ids 1,000–1,057 (other games' ids among them)");
}

#[test]
fn tags_are_replaced_whole_and_only_for_a_game_that_exists() {
    let (_dir, s) = fresh();
    let id = s.create_game(&NewGame::new(GameMode::Online, "Anna", "Boris")).unwrap();
    let tags = |pairs: &[(&str, &str)]| pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect::<Vec<_>>();
    s.set_tags(id, &tags(&[("WhiteElo", "1500"), ("Site", "a")])).unwrap();
    s.set_tags(id, &tags(&[("Site", "b")])).unwrap();
    assert_eq!(s.load_game(id).unwrap().tags, tags(&[("Site", "b")]));
    assert!(matches!(s.set_tags(id + 1, &[]), Err(StorageError::NoSuchGame(_))));
}

/// The size of a file, 0 when it is not there.
fn size_of(path: &Path) -> u64 {
    std::fs::metadata(path).map_or(0, |m| m.len())
}

#[test]
fn a_checkpoint_leaves_the_whole_library_in_the_database_file_alone() {
    let (dir, s) = fresh();
    let id = s.create_game(&vs_computer(3, Color::White)).unwrap();
    let played = play_and_save(&s, id, Position::start(), 6);
    let wal = dir.path().join("games.db-wal");
    assert!(size_of(&wal) > 0, "the moves are in the journal before the checkpoint");
    s.checkpoint().unwrap();
    assert_eq!(size_of(&wal), 0);
    // The file copied alone, as a backup would copy it, while the library is still open.
    let copy = dir.path().join("copy.db");
    std::fs::copy(s.path(), &copy).unwrap();
    let (alone, _) = Storage::open(&copy).unwrap();
    assert_eq!(alone.load_game(id).unwrap().moves(), played.moves());
}

#[test]
fn a_closed_library_refuses_writes_and_still_reads() {
    let (dir, s) = fresh();
    let id = s.create_game(&vs_computer(3, Color::White)).unwrap();
    play_and_save(&s, id, Position::start(), 2);
    s.close().unwrap();
    assert_eq!(size_of(&dir.path().join("games.db-wal")), 0);
    let m = *legal_moves(s.load_game(id).unwrap().game.position()).first().unwrap();
    assert!(matches!(s.append_move(id, 2, &m, None), Err(StorageError::Closed(_))));
    assert!(matches!(s.create_game(&vs_computer(1, Color::Black)), Err(StorageError::Closed(_))));
    assert_eq!(s.load_game(id).unwrap().moves().len(), 2);
}

#[test]
fn a_checkpoint_held_up_by_a_reader_says_so() {
    let (_dir, s) = fresh();
    let id = s.create_game(&vs_computer(3, Color::White)).unwrap();
    // A reader in the middle of a read on the state before the last move: that move's pages cannot be
    // copied into the file while it reads.
    let reader = Connection::open(s.path()).unwrap();
    reader.execute_batch("BEGIN; SELECT count(*) FROM games;").unwrap();
    play_and_save(&s, id, Position::start(), 1);
    assert!(matches!(s.checkpoint(), Err(StorageError::CheckpointIncomplete { .. })));
    reader.execute_batch("COMMIT").unwrap();
    s.checkpoint().unwrap();
}
