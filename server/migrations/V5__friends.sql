-- The social loop's first part: players one follows, players one blocks, direct challenges, and where each
-- player is connected (so a friend on another node shows as online).
CREATE TABLE follows (
    follower_id BIGINT NOT NULL REFERENCES players (id),
    followed_id BIGINT NOT NULL REFERENCES players (id),
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (follower_id, followed_id),
    CHECK (follower_id <> followed_id)
);

CREATE TABLE blocks (
    blocker_id BIGINT NOT NULL REFERENCES players (id),
    blocked_id BIGINT NOT NULL REFERENCES players (id),
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (blocker_id, blocked_id),
    CHECK (blocker_id <> blocked_id)
);
-- Pairing asks "does either block the other" from both ends.
CREATE INDEX blocks_blocked ON blocks (blocked_id, blocker_id);

-- Open challenges only: an answered, withdrawn or expired challenge is deleted.
CREATE TABLE challenges (
    id            BIGSERIAL PRIMARY KEY,
    challenger_id BIGINT NOT NULL REFERENCES players (id),
    challenged_id BIGINT NOT NULL REFERENCES players (id),
    base_ms       BIGINT NOT NULL,
    increment_ms  BIGINT NOT NULL,
    -- The challenger's colour: white, black or random.
    color         TEXT NOT NULL,
    rated         BOOLEAN NOT NULL,
    expires_at    TIMESTAMPTZ NOT NULL,
    UNIQUE (challenger_id, challenged_id),
    CHECK (challenger_id <> challenged_id)
);
CREATE INDEX challenges_challenged ON challenges (challenged_id);
CREATE INDEX challenges_expiry ON challenges (expires_at);

-- The node each connected player is on; a row is removed when the connection closes, when its node starts
-- again, and when another node adopts a gone node's games.
CREATE TABLE presence (
    player_id BIGINT PRIMARY KEY REFERENCES players (id),
    node      TEXT NOT NULL,
    conn_id   BIGINT NOT NULL,
    since     TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX presence_node ON presence (node);
