-- Refunds (docs/decisions/0017-refunds.md): the demo provider's own record of refunds, kept the way Stripe
-- keeps them: one per idempotency key, tied to the payment session, never
-- more in all than the session took.
CREATE TABLE demo_refunds (
  id              TEXT PRIMARY KEY CHECK (id LIKE 're_demo_%'),
  session_id      TEXT NOT NULL REFERENCES demo_payment_sessions(id) ON DELETE CASCADE,
  amount_cents    INTEGER NOT NULL CHECK (amount_cents > 0),
  idempotency_key TEXT NOT NULL UNIQUE,
  created_at      TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;
CREATE INDEX demo_refunds_by_session ON demo_refunds (session_id);
