-- Correspondence: a game or a challenge with days per move instead of a clock (NULL: a game on a clock). The
-- mover's allowance is days_per_move days again after every move; base_ms holds that allowance.
ALTER TABLE games ADD COLUMN days_per_move INTEGER CHECK (days_per_move IN (1, 2, 3, 5, 7, 14));
ALTER TABLE challenges ADD COLUMN days_per_move INTEGER CHECK (days_per_move IN (1, 2, 3, 5, 7, 14));
-- A player's correspondence games in progress, listed whenever the lobby opens.
CREATE INDEX games_correspondence_white ON games (white_id) WHERE ended_at IS NULL AND days_per_move IS NOT NULL;
CREATE INDEX games_correspondence_black ON games (black_id) WHERE ended_at IS NULL AND days_per_move IS NOT NULL;
