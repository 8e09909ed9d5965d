-- Quotes (docs/decisions/0014-quotes.md): the owner's priced answer to a custom request. A request may have
-- several versions; only the newest is live (the service withdraws the older
-- one in the same transaction that inserts the new one).
CREATE TABLE quotes (
  id                TEXT PRIMARY KEY,
  custom_request_id TEXT NOT NULL REFERENCES custom_requests(id) ON DELETE CASCADE,
  -- 1, 2, 3… per request: what the owner and shopper call "the second quote".
  version           INTEGER NOT NULL CHECK (version >= 1),
  -- 'expired' is also read (not stored) for a live quote past valid_until.
  status            TEXT NOT NULL DEFAULT 'sent'
                      CHECK (status IN ('sent', 'changes_requested', 'declined', 'expired', 'withdrawn', 'paid')),
  delivery_cents    INTEGER NOT NULL CHECK (delivery_cents >= 0),
  lead_time_days    INTEGER NOT NULL CHECK (lead_time_days >= 0), -- working days
  -- The last UK (Europe/London) day the shopper can accept.
  valid_until       TEXT NOT NULL CHECK (valid_until GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]' AND date(valid_until) = valid_until),
  message           TEXT,
  -- SHA-256 (hex) of the shopper's link token; the token itself is never stored,
  -- so a copy of the database opens no quote.
  token_hash        TEXT NOT NULL UNIQUE CHECK (length(token_hash) = 64),
  -- The order the payment made; set only once paid.
  order_id          TEXT REFERENCES orders(id),
  created_at        TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at        TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  UNIQUE (custom_request_id, version),
  CHECK ((status = 'paid') = (order_id IS NOT NULL))
) STRICT;
CREATE INDEX quotes_by_request ON quotes (custom_request_id, version DESC);

-- A quote's priced lines, in the owner's order. Pence, each more than nothing.
CREATE TABLE quote_lines (
  quote_id     TEXT NOT NULL REFERENCES quotes(id) ON DELETE CASCADE,
  position     INTEGER NOT NULL CHECK (position >= 1),
  description  TEXT NOT NULL CHECK (length(trim(description)) > 0),
  amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
  PRIMARY KEY (quote_id, position)
) STRICT;
