-- A nickname's confusable skeleton (UTS #39, over NFKC and case folding): `Аnna` with a Cyrillic А has the
-- skeleton of `Anna`. A new account whose skeleton an existing one has is refused (nickname_taken). SQL cannot
-- compute a skeleton: the server fills it in for the rows made before this column (`NULL` until then). Not
-- unique, since accounts made before it may already look alike and keep their names; account creation checks
-- it under a transaction lock per skeleton instead.
ALTER TABLE players ADD COLUMN nickname_skeleton TEXT;
CREATE INDEX players_nickname_skeleton ON players (nickname_skeleton);
