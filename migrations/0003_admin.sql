-- The owner's sign-in sessions. Only a SHA-256 of the session id is stored, so
-- a copy of the database (a backup, a Litestream replica) cannot sign anyone in.
CREATE TABLE admin_sessions (
  id_hash      TEXT PRIMARY KEY,
  created_at   TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  last_seen_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  expires_at   TEXT NOT NULL,                -- absolute end, whatever the activity
  user_agent   TEXT
) STRICT;
CREATE INDEX admin_sessions_by_expiry ON admin_sessions (expires_at);

-- Whether a cancelled order's items went back into stock (the owner chooses).
ALTER TABLE orders ADD COLUMN restocked INTEGER NOT NULL DEFAULT 0 CHECK (restocked IN (0, 1));
