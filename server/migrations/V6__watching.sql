-- Watching: how many people watch each game in progress, kept by the game's node for the live games list.
ALTER TABLE games ADD COLUMN spectators INTEGER NOT NULL DEFAULT 0;
-- The live games list reads the games in progress by their players' average rating.
CREATE INDEX games_live_by_rating ON games ((white_rating + black_rating) DESC) WHERE ended_at IS NULL;
