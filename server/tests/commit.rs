//! Group commit against the real PostgreSQL: a move is acknowledged and relayed only once its commit is
//! durable, moves of several games share a commit, a failed batch refuses (or retries) every move in it
//! without losing or duplicating one, and each game's moves are committed in their order.

mod common;

use common::*;
use giveaway_protocol::{ClientMessage, ErrorCode, GameId, ServerMessage};
use std::time::Duration;

/// The first move of game `i` (a legal opening, different games differ).
fn first_move(i: u64) -> String {
    random_moves(i, 1).remove(0)
}

async fn games(addr: std::net::SocketAddr, n: usize, tag: &str) -> Vec<(Client, Client, GameId)> {
    let mut v = Vec::new();
    for i in 0..n {
        let (w, b, s) = invite_game(addr, &format!("{tag}W{i}"), &format!("{tag}B{i}"), BLITZ).await;
        v.push((w, b, s.game));
    }
    v
}

async fn count(db: &tokio_postgres::Client, sql: &str) -> i64 {
    db.query_one(sql, &[]).await.unwrap().get(0)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_is_acknowledged_and_relayed_only_after_its_commit() {
    let (srv, url) = server_on_fresh_db().await;
    let mut gs = games(srv.addr, 8, "Ack").await;
    let db = sql(&url).await;
    // Another session holds a lock that blocks every insert into moves (reads go on).
    let mut locker = sql(&url).await;
    let lock = locker.transaction().await.unwrap();
    lock.batch_execute("LOCK TABLE moves IN SHARE MODE").await.unwrap();
    let mut ids = Vec::new();
    for (i, (w, _, g)) in gs.iter_mut().enumerate() {
        ids.push(w.send(ClientMessage::Move { game: *g, ply: 0, mv: first_move(i as u64), think_ms: None }).await);
    }
    tokio::time::sleep(Duration::from_millis(700)).await;
    for (w, b, _) in gs.iter_mut() {
        assert!(w.silent_for(Duration::from_millis(10)).await, "a move was acknowledged before its commit");
        assert!(b.silent_for(Duration::from_millis(10)).await, "a move was relayed before its commit");
    }
    assert_eq!(count(&db, "SELECT count(*) FROM moves").await, 0);
    lock.commit().await.unwrap();
    for ((w, b, g), id) in gs.iter_mut().zip(ids) {
        assert!(matches!(w.reply(id).await, ServerMessage::Moved { ply: 0, .. }));
        // Acknowledged: another session sees it committed.
        let n: i64 = db.query_one("SELECT count(*) FROM moves WHERE game_id = $1", &[&*g]).await.unwrap().get(0);
        assert_eq!(n, 1, "acknowledged but not committed");
        b.moved(*g, 0).await;
    }
    // The moves that queued behind the blocked commits went together: fewer commits than moves.
    let commits = count(&db, "SELECT count(DISTINCT xmin::text) FROM moves").await;
    assert!(commits < 8, "8 moves in {commits} commits");
    let largest = count(&db, "SELECT max(n) FROM (SELECT count(*) AS n FROM moves GROUP BY xmin::text) c").await;
    assert!(largest >= 2, "no commit carried the moves of several games");
}

/// A trigger that fails every insert into moves while `inject_failure.on` is true: the failure of a whole
/// batch, as a broken database would give.
async fn failure_switch(db: &tokio_postgres::Client) {
    db.batch_execute(
        "CREATE TABLE inject_failure (on_ BOOLEAN NOT NULL); INSERT INTO inject_failure VALUES (false);
         CREATE FUNCTION inject_failure() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN IF (SELECT on_ FROM inject_failure) THEN RAISE EXCEPTION 'injected failure'; END IF; RETURN NEW; END $$;
         CREATE TRIGGER inject_failure BEFORE INSERT ON moves FOR EACH ROW EXECUTE FUNCTION inject_failure();",
    )
    .await
    .unwrap();
}

async fn set_failure(db: &tokio_postgres::Client, on: bool) {
    db.execute("UPDATE inject_failure SET on_ = $1", &[&on]).await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failed_batch_refuses_or_retries_every_move_without_loss_or_duplicate() {
    let url = fresh_database().await;
    let mut cfg = config(&url, "node1");
    cfg.commit_timeout_ms = 2500;
    let srv = server(cfg).await;
    let mut gs = games(srv.addr, 6, "Fail").await;
    let db = sql(&url).await;
    failure_switch(&db).await;

    // The database fails past the commit timeout: every move of the batch is refused, none is stored.
    set_failure(&db, true).await;
    let mut ids = Vec::new();
    for (i, (w, _, g)) in gs.iter_mut().enumerate() {
        ids.push(w.send(ClientMessage::Move { game: *g, ply: 0, mv: first_move(i as u64), think_ms: None }).await);
    }
    for ((w, b, _), id) in gs.iter_mut().zip(&ids) {
        assert_eq!(w.error(*id).await, ErrorCode::Unavailable);
        assert!(b.silent_for(Duration::from_millis(10)).await, "a refused move was relayed");
    }
    assert_eq!(count(&db, "SELECT count(*) FROM moves").await, 0);

    // It fails for a while, then recovers within the timeout: the retried batch stores each move once.
    let mut ids = Vec::new();
    for (i, (w, _, g)) in gs.iter_mut().enumerate() {
        ids.push(w.send(ClientMessage::Move { game: *g, ply: 0, mv: first_move(i as u64), think_ms: None }).await);
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    set_failure(&db, false).await;
    for ((w, b, g), id) in gs.iter_mut().zip(&ids) {
        assert!(matches!(w.reply(*id).await, ServerMessage::Moved { ply: 0, .. }));
        b.moved(*g, 0).await;
        assert!(b.silent_for(Duration::from_millis(10)).await, "relayed twice");
    }
    assert_eq!(count(&db, "SELECT count(*) FROM moves").await, 6);

    // The same move sent again (its acknowledgement lost, say): acknowledged again, stored once.
    for (i, (w, _, g)) in gs.iter_mut().enumerate() {
        let id = w.send(ClientMessage::Move { game: *g, ply: 0, mv: first_move(i as u64), think_ms: None }).await;
        assert!(matches!(w.reply(id).await, ServerMessage::Moved { ply: 0, .. }));
    }
    for (i, (_, _, g)) in gs.iter().enumerate() {
        let rows = db.query("SELECT notation FROM moves WHERE game_id = $1", &[g]).await.unwrap();
        assert_eq!(rows.len(), 1);
        assert_eq!(rows[0].get::<_, String>(0), first_move(i as u64));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_game_s_moves_are_committed_in_order() {
    const GAMES: usize = 12;
    const PLIES: usize = 24;
    let (srv, url) = server_on_fresh_db().await;
    let gs = games(srv.addr, GAMES, "Ord").await;
    let mut tasks = Vec::new();
    let mut played = Vec::new();
    for (i, (mut w, mut b, g)) in gs.into_iter().enumerate() {
        let moves = random_moves(100 + i as u64, PLIES);
        played.push((g, moves.clone()));
        tasks.push(tokio::spawn(async move { play_all(&mut w, &mut b, g, &moves).await }));
    }
    for t in tasks {
        t.await.unwrap();
    }
    let db = sql(&url).await;
    for (g, moves) in played {
        let rows = db
            .query("SELECT ply, notation, xmin::text::bigint FROM moves WHERE game_id = $1 ORDER BY ply", &[&g])
            .await
            .unwrap();
        let plies: Vec<i32> = rows.iter().map(|r| r.get(0)).collect();
        assert_eq!(plies, (0..moves.len() as i32).collect::<Vec<_>>());
        let texts: Vec<String> = rows.iter().map(|r| r.get(1)).collect();
        assert_eq!(texts, moves);
        // Each move in a later transaction than the one before: one game's moves never share a commit and
        // never overtake one another.
        let xids: Vec<i64> = rows.iter().map(|r| r.get(2)).collect();
        assert!(xids.windows(2).all(|p| p[0] < p[1]), "game {g}: transactions {xids:?}");
    }
}
