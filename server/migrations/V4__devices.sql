-- A second device: an account has a token per device, so losing a phone no longer loses the account. The one
-- token players held becomes the account's first device.
CREATE TABLE devices (
    id          BIGSERIAL PRIMARY KEY,
    player_id   BIGINT NOT NULL REFERENCES players (id),
    -- SHA-256 of the device's token (the token itself is never stored).
    token_hash  BYTEA NOT NULL UNIQUE,
    -- The name the device gave when it was linked; empty for the device that made the account.
    label       TEXT NOT NULL DEFAULT '',
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    last_seen   TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX devices_player ON devices (player_id);
INSERT INTO devices (player_id, token_hash, created_at, last_seen)
    SELECT id, token_hash, created_at, created_at FROM players;
ALTER TABLE players DROP COLUMN token_hash;

-- One-time codes a signed-in device shows to link a new one: hashed, short-lived, single use (deleted when
-- redeemed), at most one per account.
CREATE TABLE link_codes (
    player_id   BIGINT PRIMARY KEY REFERENCES players (id),
    code_hash   BYTEA NOT NULL UNIQUE,
    expires_at  TIMESTAMPTZ NOT NULL
);
