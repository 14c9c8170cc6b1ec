-- Accounts: a device's account, found by the hash of its token (the token itself is never stored).
CREATE TABLE players (
    id           BIGSERIAL PRIMARY KEY,
    nickname     TEXT NOT NULL,
    -- The nickname normalised (NFKC, lower case): unique, so names differing only in case are one name.
    nickname_key TEXT NOT NULL UNIQUE,
    token_hash   BYTEA NOT NULL UNIQUE,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- Glicko-2 per time-control category; a missing row is the default rating.
CREATE TABLE ratings (
    player_id  BIGINT NOT NULL REFERENCES players (id),
    speed      TEXT NOT NULL CHECK (speed IN ('bullet', 'blitz', 'rapid', 'classic')),
    rating     DOUBLE PRECISION NOT NULL,
    deviation  DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    games      INTEGER NOT NULL DEFAULT 0,
    updated_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (player_id, speed)
);
CREATE INDEX ratings_leaderboard ON ratings (speed, rating DESC);

CREATE TABLE games (
    id             BIGSERIAL PRIMARY KEY,
    -- The node whose process runs the game (its clocks and rules); the others relay to it.
    host_node      TEXT NOT NULL,
    white_id       BIGINT NOT NULL REFERENCES players (id),
    black_id       BIGINT NOT NULL REFERENCES players (id),
    base_ms        BIGINT NOT NULL,
    increment_ms   BIGINT NOT NULL,
    speed          TEXT NOT NULL,
    rated          BOOLEAN NOT NULL,
    rematch_of     BIGINT REFERENCES games (id),
    white_rating   DOUBLE PRECISION NOT NULL,
    black_rating   DOUBLE PRECISION NOT NULL,
    white_provisional BOOLEAN NOT NULL,
    black_provisional BOOLEAN NOT NULL,
    started_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
    ended_at       TIMESTAMPTZ,
    winner         TEXT CHECK (winner IN ('white', 'black')),
    reason         TEXT,
    white_ms       BIGINT,
    black_ms       BIGINT,
    white_after    DOUBLE PRECISION,
    black_after    DOUBLE PRECISION,
    white_after_provisional BOOLEAN,
    black_after_provisional BOOLEAN
);
CREATE INDEX games_in_progress ON games (host_node) WHERE ended_at IS NULL;
CREATE INDEX games_white ON games (white_id, id DESC);
CREATE INDEX games_black ON games (black_id, id DESC);

-- Every move with both clocks after it (increment added), the time charged and the lag forgiven.
CREATE TABLE moves (
    game_id   BIGINT NOT NULL REFERENCES games (id),
    ply       INTEGER NOT NULL,
    notation  TEXT NOT NULL,
    white_ms  BIGINT NOT NULL,
    black_ms  BIGINT NOT NULL,
    spent_ms  BIGINT NOT NULL,
    lag_ms    BIGINT NOT NULL,
    played_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (game_id, ply)
);

CREATE TABLE reactions (
    id      BIGSERIAL PRIMARY KEY,
    game_id BIGINT NOT NULL REFERENCES games (id),
    ply     INTEGER NOT NULL,
    side    TEXT NOT NULL CHECK (side IN ('white', 'black')),
    emoji   TEXT NOT NULL,
    at      TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX reactions_game ON reactions (game_id, id);

CREATE TABLE rating_history (
    player_id BIGINT NOT NULL REFERENCES players (id),
    speed     TEXT NOT NULL,
    game_id   BIGINT NOT NULL REFERENCES games (id),
    rating    DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    at        TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (player_id, game_id)
);
CREATE INDEX rating_history_player ON rating_history (player_id, at DESC);

-- Quick pairing: one waiting seek per player, on the node the player is connected to.
CREATE TABLE seeks (
    player_id    BIGINT PRIMARY KEY REFERENCES players (id),
    node         TEXT NOT NULL,
    base_ms      BIGINT NOT NULL,
    increment_ms BIGINT NOT NULL,
    rating       DOUBLE PRECISION NOT NULL,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX seeks_pool ON seeks (base_ms, increment_ms, created_at);

CREATE TABLE invites (
    code         TEXT PRIMARY KEY,
    player_id    BIGINT NOT NULL UNIQUE REFERENCES players (id),
    node         TEXT NOT NULL,
    base_ms      BIGINT NOT NULL,
    increment_ms BIGINT NOT NULL,
    rated        BOOLEAN NOT NULL,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- Node-to-node messages too long for a NOTIFY payload: the notification carries this row's id.
CREATE TABLE bus_messages (
    id      BIGSERIAL PRIMARY KEY,
    payload TEXT NOT NULL
);
