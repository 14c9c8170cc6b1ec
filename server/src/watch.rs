//! Watching (docs/protocol.md "Watching"): the list of live games read from the database, and the route of a
//! `watch` to the node that runs the game. The spectators themselves are kept by the game's task
//! (`game.rs`), which sends them the moves, reactions and the end as it sends them to the players.

use crate::store::Result;
use deadpool_postgres::Pool;
use giveaway_protocol::{GameId, LiveGame, PlayerId, PlayerInfo, Seat, Speed, TimeControl};

/// How many games the list holds at most (besides the games of players one follows).
pub const LIVE_GAMES: i64 = 50;

/// Games in progress: those of players `me` follows, then the rest by average rating, at most [`LIVE_GAMES`]
/// of the rest; `me`'s own game is left out, and so are correspondence games (a move a day is no game to watch
/// live).
pub async fn live_games(pool: &Pool, me: PlayerId) -> Result<Vec<LiveGame>> {
    let c = pool.get().await?;
    let rows = c
        .query(
            "WITH live AS ( \
               (SELECT g.* FROM games g WHERE g.ended_at IS NULL AND g.days_per_move IS NULL \
                 AND EXISTS (SELECT 1 FROM follows f \
                 WHERE f.follower_id = $1 AND f.followed_id IN (g.white_id, g.black_id))) \
               UNION \
               (SELECT g.* FROM games g WHERE g.ended_at IS NULL AND g.days_per_move IS NULL \
                 ORDER BY g.white_rating + g.black_rating DESC LIMIT $2)) \
             SELECT l.id, w.id, w.nickname, l.white_rating, l.white_provisional, b.id, b.nickname, l.black_rating, \
               l.black_provisional, l.base_ms, l.increment_ms, l.speed, l.rated, l.spectators, \
               (SELECT count(*) FROM moves m WHERE m.game_id = l.id), \
               EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = $1 AND f.followed_id IN (l.white_id, l.black_id)) \
             FROM live l JOIN players w ON w.id = l.white_id JOIN players b ON b.id = l.black_id \
             WHERE $1 NOT IN (l.white_id, l.black_id)",
            &[&me, &LIVE_GAMES],
        )
        .await?;
    let mut games: Vec<LiveGame> = rows
        .iter()
        .map(|r| {
            let seat = |at: usize| Seat {
                player: PlayerInfo { id: r.get(at), nickname: r.get(at + 1) },
                rating: r.get(at + 2),
                provisional: r.get(at + 3),
            };
            LiveGame {
                game: r.get::<_, GameId>(0),
                white: seat(1),
                black: seat(5),
                time_control: TimeControl::clock(r.get::<_, i64>(9).max(0) as u64, r.get::<_, i64>(10).max(0) as u64),
                speed: Speed::from_name(r.get(11)).unwrap_or(Speed::Blitz),
                rated: r.get(12),
                spectators: r.get::<_, i32>(13).max(0) as u32,
                ply: r.get::<_, i64>(14).max(0) as u32,
                friend: r.get(15),
            }
        })
        .collect();
    games.sort_by(|a, b| {
        let rating = |g: &LiveGame| g.white.rating + g.black.rating;
        b.friend.cmp(&a.friend).then(rating(b).total_cmp(&rating(a))).then(a.game.cmp(&b.game))
    });
    Ok(games)
}

/// The spectator count of a game, for the list.
pub async fn set_spectators(pool: &Pool, game: GameId, count: u32) -> Result<()> {
    let c = pool.get().await?;
    c.execute("UPDATE games SET spectators = $2 WHERE id = $1", &[&game, &(count as i32)]).await?;
    Ok(())
}
