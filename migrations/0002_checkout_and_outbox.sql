-- Checkout, stock holds, the built-in demo payment provider and the email outbox.

-- A checkout in progress. Its id is the order id it becomes once paid, so the
-- payment provider's metadata, the hold and the order all share one key.
-- Creating a checkout takes its units off products/variants.stock in the same
-- IMMEDIATE transaction that checks availability (hold = 'held'); expiry puts
-- them back once (hold = 'released'); payment keeps them (hold = 'sold').
CREATE TABLE checkouts (
  id                  TEXT PRIMARY KEY CHECK (id LIKE 'ORD-%'),
  client_key          TEXT UNIQUE,                 -- the browser's Idempotency-Key: a double click makes one checkout
  request_hash        TEXT NOT NULL,               -- what was asked for under that key
  provider            TEXT NOT NULL CHECK (provider IN ('stripe', 'demo')),
  provider_session_id TEXT UNIQUE,                 -- set once the provider answered
  payment_url         TEXT,
  state               TEXT NOT NULL DEFAULT 'creating'
                      CHECK (state IN ('creating', 'open', 'paid', 'expired', 'failed')),
  hold                TEXT NOT NULL DEFAULT 'held' CHECK (hold IN ('held', 'released', 'sold')),
  subtotal_cents      INTEGER NOT NULL CHECK (subtotal_cents >= 0),
  delivery_cents      INTEGER NOT NULL CHECK (delivery_cents >= 0),
  amount_cents        INTEGER NOT NULL CHECK (amount_cents >= 0),
  currency            TEXT NOT NULL DEFAULT 'gbp',
  expires_at          TEXT NOT NULL,
  created_at          TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at          TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;
CREATE INDEX checkouts_held_by_expiry ON checkouts (expires_at) WHERE hold = 'held';

-- The lines of a checkout, priced from the database at checkout time.
CREATE TABLE checkout_lines (
  id               INTEGER PRIMARY KEY,
  checkout_id      TEXT NOT NULL REFERENCES checkouts(id) ON DELETE CASCADE,
  product_id       TEXT NOT NULL,
  variant_id       TEXT,
  product_name     TEXT NOT NULL,
  variant_name     TEXT,
  unit_price_cents INTEGER NOT NULL CHECK (unit_price_cents >= 0),
  quantity         INTEGER NOT NULL CHECK (quantity > 0),
  meta             TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(meta))
) STRICT;
CREATE INDEX checkout_lines_by_checkout ON checkout_lines (checkout_id);

-- Sessions of the built-in demo checkout (used when no Stripe key is set).
-- Shaped like Stripe's Checkout Session so both providers fulfil the same way.
CREATE TABLE demo_payment_sessions (
  id             TEXT PRIMARY KEY CHECK (id LIKE 'cs_demo_%'),
  checkout_id    TEXT NOT NULL UNIQUE,
  status         TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'complete', 'expired')),
  payment_status TEXT NOT NULL DEFAULT 'unpaid' CHECK (payment_status IN ('unpaid', 'paid')),
  amount_total   INTEGER NOT NULL CHECK (amount_total >= 0),
  currency       TEXT NOT NULL DEFAULT 'gbp',
  lines          TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(lines)),
  delivery_cents INTEGER NOT NULL CHECK (delivery_cents >= 0),
  customer       TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(customer)),  -- email and addresses from the form
  success_url    TEXT NOT NULL,
  cancel_url     TEXT NOT NULL,
  expires_at     TEXT NOT NULL,
  created_at     TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;

-- Every email is written here in the same transaction as what caused it, then
-- delivered by a background job. dedupe_key makes each (order, kind) one row.
-- With no mail provider configured rows stay 'pending' for the owner to read.
CREATE TABLE email_outbox (
  id                  INTEGER PRIMARY KEY,
  dedupe_key          TEXT NOT NULL UNIQUE,
  kind                TEXT NOT NULL,
  order_id            TEXT REFERENCES orders(id) ON DELETE SET NULL,
  recipient           TEXT NOT NULL CHECK (length(recipient) > 0),
  subject             TEXT NOT NULL,
  html                TEXT NOT NULL,
  text                TEXT NOT NULL,
  status              TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'sent', 'failed')),
  attempts            INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  next_attempt_at     TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  locked_until        TEXT,
  last_error          TEXT,
  provider_message_id TEXT,
  created_at          TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  sent_at             TEXT
) STRICT;
CREATE INDEX email_outbox_due ON email_outbox (next_attempt_at) WHERE status IN ('pending', 'sending');
CREATE INDEX email_outbox_by_order ON email_outbox (order_id);
