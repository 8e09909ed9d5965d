-- The owner's alerts (docs/decisions/0046-owner-alerts.md): one row of settings,
-- the devices that asked for Web Push, and the outbox's channel, so push and
-- ntfy alerts ride the email outbox's retries, leases and sent/failed states.

CREATE TABLE alert_settings (
  id                INTEGER PRIMARY KEY CHECK (id = 1),
  -- Only the switches the owner turned: an event missing here is on.
  events            TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(events) AND json_type(events) = 'object'),
  digest_time       TEXT NOT NULL DEFAULT '07:30' CHECK (digest_time GLOB '[0-2][0-9]:[0-5][0-9]'),
  ntfy_url          TEXT,
  ntfy_token        TEXT,
  -- Generated on first use and kept, so every device's subscription stays valid.
  vapid_public_key  TEXT,
  vapid_private_key TEXT,
  -- The UK day whose digest was queued last: a restart never sends a second.
  last_digest_day   TEXT
) STRICT;
INSERT INTO alert_settings (id) VALUES (1);

CREATE TABLE push_devices (
  id         INTEGER PRIMARY KEY,
  endpoint   TEXT NOT NULL UNIQUE,
  p256dh     TEXT NOT NULL,
  auth       TEXT NOT NULL,
  label      TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  last_ok_at TEXT
) STRICT;

-- Every row already queued is an email.
ALTER TABLE email_outbox ADD COLUMN channel TEXT NOT NULL DEFAULT 'email' CHECK (channel IN ('email', 'push', 'ntfy'));
-- The /admin screen an alert opens.
ALTER TABLE email_outbox ADD COLUMN link TEXT;
