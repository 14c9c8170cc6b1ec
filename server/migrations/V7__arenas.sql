-- Arenas: tournaments with a finish time in which free players are paired again at once; scores kept per player.
CREATE TABLE arenas (
    id           BIGSERIAL PRIMARY KEY,
    name         TEXT NOT NULL,
    base_ms      BIGINT NOT NULL,
    increment_ms BIGINT NOT NULL,
    starts_at    TIMESTAMPTZ NOT NULL,
    ends_at      TIMESTAMPTZ NOT NULL,
    -- The player who made it; NULL for the server's scheduled arenas.
    created_by   BIGINT REFERENCES players (id),
    -- A scheduled arena's slot ("hourly_blitz 2026-12-05 14:00"): each made once, whichever node comes first.
    slot         TEXT UNIQUE,
    CHECK (ends_at > starts_at)
);
CREATE INDEX arenas_by_end ON arenas (ends_at);

CREATE TABLE arena_players (
    arena_id      BIGINT NOT NULL REFERENCES arenas (id),
    player_id     BIGINT NOT NULL REFERENCES players (id),
    score         INTEGER NOT NULL DEFAULT 0,
    games         INTEGER NOT NULL DEFAULT 0,
    wins          INTEGER NOT NULL DEFAULT 0,
    -- Wins in a row: from two on, results count double.
    streak        INTEGER NOT NULL DEFAULT 0,
    -- Joined and not paused: paired whenever free.
    active        BOOLEAN NOT NULL DEFAULT true,
    -- The last game's opponent, not paired again at once while someone else is free.
    last_opponent BIGINT,
    joined_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (arena_id, player_id)
);
CREATE INDEX arena_players_player ON arena_players (player_id);

ALTER TABLE games ADD COLUMN arena_id BIGINT REFERENCES arenas (id);
