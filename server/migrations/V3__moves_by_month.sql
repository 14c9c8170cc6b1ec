-- Storage that grows: the moves table partitioned by month (declarative range partitioning), old months
-- detachable to an archive, and the indexes that let profiles and pairing read a player's games without going
-- through all of them.
--
-- The partition key is the start of the move's game (`game_started_at`, copied from games.started_at when the
-- move is stored), not the move's own time: all the moves of a game are in one partition, so the primary key
-- (which must hold the key) is still one row per (game, ply), and a month is archived whole once its games are
-- over. Months are in UTC.

-- Creates the monthly partitions of moves missing from the month of `first_day` to the month of `last_day`;
-- returns how many it created.
CREATE FUNCTION ensure_move_partitions(first_day DATE, last_day DATE) RETURNS INTEGER LANGUAGE plpgsql AS $$
DECLARE
    m DATE := date_trunc('month', first_day)::date;
    made INTEGER := 0;
    name TEXT;
BEGIN
    WHILE m <= last_day LOOP
        name := 'moves_' || to_char(m, 'YYYY_MM');
        IF to_regclass(name) IS NULL THEN
            EXECUTE format(
                'CREATE TABLE %I PARTITION OF moves FOR VALUES FROM (%L) TO (%L)',
                name, (m::timestamp AT TIME ZONE 'UTC'), ((m + interval '1 month')::timestamp AT TIME ZONE 'UTC'));
            made := made + 1;
        END IF;
        m := (m + interval '1 month')::date;
    END LOOP;
    RETURN made;
END $$;

-- Detaches the monthly partitions that end on or before `before` (their games all over) and moves them to the
-- schema `archive`, where they stay readable until dumped (pg_dump -t 'archive.moves_*') and dropped. A month
-- with a game still in progress is left in place. Returns the tables archived.
CREATE SCHEMA IF NOT EXISTS archive;
CREATE FUNCTION archive_moves(before DATE) RETURNS SETOF TEXT LANGUAGE plpgsql AS $$
DECLARE
    p RECORD;
BEGIN
    FOR p IN
        SELECT c.relname AS name, to_date(substr(c.relname, 7), 'YYYY_MM') AS month
        FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
        WHERE i.inhparent = 'moves'::regclass AND c.relname ~ '^moves_[0-9]{4}_[0-9]{2}$'
        ORDER BY 1
    LOOP
        CONTINUE WHEN (p.month + interval '1 month')::date > before;
        CONTINUE WHEN EXISTS (
            SELECT 1 FROM games WHERE ended_at IS NULL
            AND started_at >= (p.month::timestamp AT TIME ZONE 'UTC')
            AND started_at < ((p.month + interval '1 month')::timestamp AT TIME ZONE 'UTC'));
        EXECUTE format('ALTER TABLE moves DETACH PARTITION %I', p.name);
        EXECUTE format('ALTER TABLE %I SET SCHEMA archive', p.name);
        RETURN NEXT p.name;
    END LOOP;
END $$;

ALTER TABLE moves RENAME TO moves_unpartitioned;
ALTER TABLE moves_unpartitioned RENAME CONSTRAINT moves_pkey TO moves_unpartitioned_pkey;

-- No foreign key to games: a move is stored only through a join on its game's row (which it locks), so a move of
-- a game that does not exist cannot be written; the check would lock that row a second time per move.
CREATE TABLE moves (
    game_id   BIGINT NOT NULL,
    ply       INTEGER NOT NULL,
    notation  TEXT NOT NULL,
    white_ms  BIGINT NOT NULL,
    black_ms  BIGINT NOT NULL,
    spent_ms  BIGINT NOT NULL,
    lag_ms    BIGINT NOT NULL,
    played_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    game_started_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (game_id, ply, game_started_at)
) PARTITION BY RANGE (game_started_at);

SELECT ensure_move_partitions(
    coalesce((SELECT min(started_at) FROM games), now())::date, (now() + interval '2 months')::date);

INSERT INTO moves (game_id, ply, notation, white_ms, black_ms, spent_ms, lag_ms, played_at, game_started_at)
SELECT m.game_id, m.ply, m.notation, m.white_ms, m.black_ms, m.spent_ms, m.lag_ms, m.played_at, g.started_at
FROM moves_unpartitioned m JOIN games g ON g.id = m.game_id;

DROP TABLE moves_unpartitioned;

-- A profile's last finished games and a player's games in progress: each side's index, read in order and
-- stopped at the limit, instead of every game the player ever played.
CREATE INDEX games_white_ended ON games (white_id, ended_at DESC) WHERE ended_at IS NOT NULL;
CREATE INDEX games_black_ended ON games (black_id, ended_at DESC) WHERE ended_at IS NOT NULL;
CREATE INDEX games_white_live ON games (white_id) WHERE ended_at IS NULL;
CREATE INDEX games_black_live ON games (black_id) WHERE ended_at IS NULL;
DROP INDEX games_white;
DROP INDEX games_black;

-- The leaderboard in its order (ties by player), read from the top and stopped at the page's end; the deviation
-- in the index so that provisional ratings are skipped without reading their rows.
CREATE INDEX ratings_board ON ratings (speed, rating DESC, player_id) INCLUDE (deviation);
DROP INDEX ratings_leaderboard;
