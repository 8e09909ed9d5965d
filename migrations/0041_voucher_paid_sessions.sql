-- An order a gift voucher pays in full (docs/decisions/0054-gift-vouchers.md): no card payment page is opened; the
-- shop's own page asks for the email and the delivery address and places the order. Its sessions are shaped like the
-- demo checkout's (and so like Stripe's Checkout Session), so the one fulfilment, the success page and the sweep
-- treat them like any other; nothing is ever charged on them, so they are never refunded.
CREATE TABLE voucher_paid_sessions (
  id             TEXT PRIMARY KEY CHECK (id LIKE 'cs_voucher_%'),
  checkout_id    TEXT NOT NULL UNIQUE,
  status         TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'complete', 'expired')),
  payment_status TEXT NOT NULL DEFAULT 'unpaid' CHECK (payment_status IN ('unpaid', 'no_payment_required')),
  amount_total   INTEGER NOT NULL CHECK (amount_total = 0),
  currency       TEXT NOT NULL DEFAULT 'gbp',
  lines          TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(lines)),
  delivery_cents INTEGER NOT NULL CHECK (delivery_cents >= 0),
  customer       TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(customer)),
  success_url    TEXT NOT NULL,
  cancel_url     TEXT NOT NULL,
  expires_at     TEXT NOT NULL,
  prefill        TEXT CHECK (prefill IS NULL OR json_valid(prefill)),
  created_at     TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;
