//! Storage that grows: the moves table partitioned by month, the migration that converts a database holding
//! moves already, and old months detached into the archive by `giveaway-admin archive-moves`.

mod common;

use common::*;
use giveaway_server::testing::migrate_until;

/// Two players and games started in the months given (ended or not), straight in SQL; returns the games' ids.
async fn old_games(db: &tokio_postgres::Client, started: &[(&str, bool)]) -> Vec<i64> {
    // Before migration V4 a player row held its token; after it, devices do.
    let tokens_in_players = db
        .query_one(
            "SELECT count(*) FROM information_schema.columns WHERE table_name = 'players' AND column_name = 'token_hash'",
            &[],
        )
        .await
        .unwrap()
        .get::<_, i64>(0)
        == 1;
    db.batch_execute(if tokens_in_players {
        "INSERT INTO players (nickname, nickname_key, token_hash) VALUES ('Old1', 'old1', '\\x01'), ('Old2', 'old2', '\\x02')"
    } else {
        "INSERT INTO players (nickname, nickname_key) VALUES ('Old1', 'old1'), ('Old2', 'old2')"
    })
    .await
    .unwrap();
    let mut ids = Vec::new();
    for (at, over) in started {
        let row = db
            .query_one(
                "INSERT INTO games (host_node, white_id, black_id, base_ms, increment_ms, speed, rated, white_rating, \
                 black_rating, white_provisional, black_provisional, started_at, ended_at) \
                 SELECT 'gone', min(id), max(id), 300000, 0, 'blitz', false, 1500, 1500, true, true, $1::text::timestamptz, \
                 CASE WHEN $2 THEN $1::text::timestamptz + interval '10 minutes' END FROM players RETURNING id",
                &[at, over],
            )
            .await
            .unwrap();
        ids.push(row.get(0));
    }
    ids
}

async fn partition_of(db: &tokio_postgres::Client, game: i64) -> Vec<String> {
    db.query("SELECT DISTINCT tableoid::regclass::text FROM moves WHERE game_id = $1", &[&game])
        .await
        .unwrap()
        .into_iter()
        .map(|r| r.get(0))
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_migration_moves_existing_moves_into_monthly_partitions() {
    let url = fresh_database().await;
    migrate_until(&url, 2).await;
    let db = sql(&url).await;
    let games = old_games(&db, &[("2024-03-10 12:00:00+00", true), ("2024-05-31 23:59:00+00", true)]).await;
    for g in &games {
        db.execute(
            "INSERT INTO moves (game_id, ply, notation, white_ms, black_ms, spent_ms, lag_ms) \
             SELECT $1, p, 'm' || p, 1000, 1000, 10, 0 FROM generate_series(0, 29) p",
            &[g],
        )
        .await
        .unwrap();
    }
    // The node's start brings the schema to the last version.
    let _srv = server(config(&url, "node1")).await;
    assert_eq!(partition_of(&db, games[0]).await, ["moves_2024_03"]);
    assert_eq!(partition_of(&db, games[1]).await, ["moves_2024_05"]);
    let n: i64 = db.query_one("SELECT count(*) FROM moves", &[]).await.unwrap().get(0);
    assert_eq!(n, 60);
    let plies: Vec<i32> = db
        .query("SELECT ply FROM moves WHERE game_id = $1 ORDER BY ply", &[&games[1]])
        .await
        .unwrap()
        .into_iter()
        .map(|r| r.get(0))
        .collect();
    assert_eq!(plies, (0..30).collect::<Vec<_>>());
    // The months between and up to two months ahead exist too.
    let parts: i64 =
        db.query_one("SELECT count(*) FROM pg_inherits WHERE inhparent = 'moves'::regclass", &[]).await.unwrap().get(0);
    assert!(parts >= 3 + 2, "{parts} partitions");
}

fn admin(url: &str, args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_giveaway-admin"))
        .args(args)
        .env("DATABASE_URL", url)
        .output()
        .expect("giveaway-admin runs")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn old_months_are_archived_once_their_games_are_over() {
    let (_srv, url) = server_on_fresh_db().await;
    let db = sql(&url).await;
    db.execute("SELECT ensure_move_partitions('2020-01-01', '2020-03-01')", &[]).await.unwrap();
    let games = old_games(
        &db,
        &[("2020-01-20 10:00:00+00", true), ("2020-02-28 10:00:00+00", false), ("2020-03-02 10:00:00+00", true)],
    )
    .await;
    for g in &games {
        db.execute(
            "INSERT INTO moves (game_id, ply, notation, white_ms, black_ms, spent_ms, lag_ms, game_started_at) \
             SELECT $1, p, 'm' || p, 1000, 1000, 10, 0, (SELECT started_at FROM games WHERE id = $1) \
             FROM generate_series(0, 9) p",
            &[g],
        )
        .await
        .unwrap();
    }
    // Up to 1 March 2020: January goes; February has a game in progress and stays; March is not over.
    let out = admin(&url, &["archive-moves", "--before", "2020-03-01"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "archive.moves_2020_01\n");
    assert!(partition_of(&db, games[0]).await.is_empty());
    let archived: i64 = db
        .query_one("SELECT count(*) FROM archive.moves_2020_01 WHERE game_id = $1", &[&games[0]])
        .await
        .unwrap()
        .get(0);
    assert_eq!(archived, 10);
    assert_eq!(partition_of(&db, games[1]).await, ["moves_2020_02"]);

    db.execute("UPDATE games SET ended_at = now() WHERE id = $1", &[&games[1]]).await.unwrap();
    let out = admin(&url, &["archive-moves", "--before", "2020-03-01"]);
    assert_eq!(String::from_utf8_lossy(&out.stdout), "archive.moves_2020_02\n");
    assert_eq!(partition_of(&db, games[2]).await, ["moves_2020_03"]);
    let out = admin(&url, &["archive-moves", "--before", "2020-03-01"]);
    assert_eq!(String::from_utf8_lossy(&out.stdout), "nothing to archive before 2020-03-01\n");

    // A day that is not one: exit status 2 and one line on stderr.
    let out = admin(&url, &["archive-moves", "--before", "March"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(String::from_utf8_lossy(&out.stderr).lines().count(), 1);
}
