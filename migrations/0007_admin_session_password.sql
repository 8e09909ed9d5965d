-- Each session remembers which configured password it was made under (a
-- SHA-256 of that password's argon2 hash, never the password): once the owner
-- changes ADMIN_PASSWORD or ADMIN_PASSWORD_HASH, every older session is no
-- session. Sessions from before this column have none, so they end too.
ALTER TABLE admin_sessions ADD COLUMN password_fingerprint TEXT NOT NULL DEFAULT '';
