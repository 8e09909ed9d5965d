-- Each session remembers which configured password it was made under (a
-- SHA-256 of that password's argon2 hash, never the password): once the owner
-- changes ADMIN_PASSWORD or ADMIN_PASSWORD_HASH, every older session is no
-- session. Sessions from before this column have none, so they end too.
ALTER TABLE admin_sessions ADD COLUMN password_fingerprint TEXT NOT NULL DEFAULT '';

-- The argon2id hash of a plain ADMIN_PASSWORD, made once and kept so the
-- fingerprint above stays the same across restarts and changes exactly when
-- the password does. One row at most; no endpoint reads it. (With
-- ADMIN_PASSWORD_HASH set, the environment's hash is used and this is unused.)
CREATE TABLE admin_password_hash (
  id         INTEGER PRIMARY KEY CHECK (id = 1),
  argon2id   TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;
