-- Money given back (docs/decisions/0017-refunds.md), and discount codes
-- (docs/decisions/0020-discount-codes.md).

-- A refund made through the payment provider. A row exists only once the
-- provider said yes: a refused or failed refund records nothing. The
-- idempotency key makes a double click one refund at the provider and here.
CREATE TABLE refunds (
  id                 TEXT PRIMARY KEY CHECK (id LIKE 'rf_%'),
  order_id           TEXT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  amount_cents       INTEGER NOT NULL CHECK (amount_cents > 0),
  reason             TEXT NOT NULL
                       CHECK (reason IN ('requested_by_customer', 'damaged', 'not_as_described', 'late', 'out_of_stock', 'duplicate', 'other')),
  note               TEXT,
  -- The units put back on the shelf with it: [{ product_id, variant_id, quantity }].
  restocked          TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(restocked)),
  idempotency_key    TEXT NOT NULL UNIQUE,
  provider_refund_id TEXT UNIQUE,
  created_at         TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;
CREATE INDEX refunds_by_order ON refunds (order_id, created_at);
CREATE INDEX refunds_by_time ON refunds (created_at);

-- Codes the owner hands out. Exactly one of percent_off and amount_off_cents.
-- Dates are UK days, inclusive. `uses` counts paid orders only.
CREATE TABLE discount_codes (
  code               TEXT PRIMARY KEY CHECK (code = upper(code) AND length(code) BETWEEN 3 AND 32),
  percent_off        INTEGER CHECK (percent_off IS NULL OR percent_off BETWEEN 1 AND 100),
  amount_off_cents   INTEGER CHECK (amount_off_cents IS NULL OR amount_off_cents > 0),
  min_subtotal_cents INTEGER CHECK (min_subtotal_cents IS NULL OR min_subtotal_cents >= 0),
  starts_on          TEXT CHECK (starts_on IS NULL OR date(starts_on) = starts_on),
  ends_on            TEXT CHECK (ends_on IS NULL OR date(ends_on) = ends_on),
  max_uses           INTEGER CHECK (max_uses IS NULL OR max_uses > 0),
  -- No CHECK against max_uses: a payment that lands after the last use was
  -- taken must still become its order (money taken is never lost).
  uses               INTEGER NOT NULL DEFAULT 0 CHECK (uses >= 0),
  active             INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
  created_at         TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at         TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  CHECK ((percent_off IS NULL) <> (amount_off_cents IS NULL)),
  CHECK (starts_on IS NULL OR ends_on IS NULL OR starts_on <= ends_on)
) STRICT;

-- The discount a checkout was priced with, carried to its order. The code is
-- kept as text (no foreign key): an order outlives a deleted code.
ALTER TABLE checkouts ADD COLUMN discount_code TEXT;
ALTER TABLE checkouts ADD COLUMN discount_cents INTEGER NOT NULL DEFAULT 0 CHECK (discount_cents >= 0);
ALTER TABLE orders ADD COLUMN discount_code TEXT;
ALTER TABLE orders ADD COLUMN discount_cents INTEGER NOT NULL DEFAULT 0 CHECK (discount_cents >= 0);

-- Search and paging of the orders list (docs/decisions/0018-takings-and-export.md).
CREATE INDEX orders_by_status ON orders (status, created_at DESC);
