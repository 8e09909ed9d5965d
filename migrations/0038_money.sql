-- Money that reconciles (docs/decisions/0050-money-that-reconciles.md): the payment provider's fee and what the
-- shop received on each order and refund, and a daily summary the Money page reads.

-- Fee and net of the order's payment, from Stripe's balance transaction (fee_source 'stripe'), or worked out by
-- Stripe's published UK standard card rate for the demo checkout (fee_source 'demo'). NULL while not known yet:
-- never a guessed figure shown as real. Stripe orders of an existing shop are left NULL and read by the fees job.
ALTER TABLE orders ADD COLUMN fee_cents INTEGER CHECK (fee_cents IS NULL OR fee_cents >= 0);
ALTER TABLE orders ADD COLUMN net_cents INTEGER;
ALTER TABLE orders ADD COLUMN fee_source TEXT CHECK (fee_source IS NULL OR fee_source IN ('stripe', 'demo'));
ALTER TABLE orders ADD COLUMN balance_transaction TEXT;
-- The fees job's queue: Stripe orders whose fee is not known yet (as many rows as there are fees in flight).
CREATE INDEX orders_fee_unknown ON orders (created_at) WHERE fee_source IS NULL AND payment_provider = 'stripe';

-- An existing demo shop's orders, at the demo rate (1.5 % + 20p, half a penny up, in whole numbers as
-- src/services/payments/card-fee.ts does; nothing on a free order).
UPDATE orders SET
  fee_cents = CASE WHEN amount_cents = 0 THEN 0 ELSE (amount_cents * 15 + 500) / 1000 + 20 END,
  net_cents = amount_cents - CASE WHEN amount_cents = 0 THEN 0 ELSE (amount_cents * 15 + 500) / 1000 + 20 END,
  fee_source = 'demo'
WHERE payment_provider = 'demo';

-- A refund's own balance transaction. Stripe keeps its fee when money goes back and its refund transaction has
-- none today; fee_cents is kept for the day it does. Demo refunds carry 0 and no transaction.
ALTER TABLE refunds ADD COLUMN fee_cents INTEGER CHECK (fee_cents IS NULL OR fee_cents >= 0);
ALTER TABLE refunds ADD COLUMN balance_transaction TEXT;
CREATE INDEX refunds_fee_unknown ON refunds (created_at) WHERE fee_cents IS NULL;
UPDATE refunds SET fee_cents = 0
WHERE (SELECT payment_provider FROM orders WHERE orders.id = refunds.order_id) = 'demo';

-- Money per UTC day (the stored time's first 10 characters): orders' gross (paid + discount), discounts and fees at
-- their order's day, refunds and their fees at the refund's day. A UK period is a run of whole UTC hours; the Money
-- page reads its whole UTC days here and its part days straight from orders and refunds by their time indexes.
CREATE TABLE money_by_day (
  day            TEXT PRIMARY KEY,
  gross_cents    INTEGER NOT NULL DEFAULT 0,
  discount_cents INTEGER NOT NULL DEFAULT 0,
  refund_cents   INTEGER NOT NULL DEFAULT 0,
  fee_cents      INTEGER NOT NULL DEFAULT 0,
  orders         INTEGER NOT NULL DEFAULT 0,
  fees_unknown   INTEGER NOT NULL DEFAULT 0
) STRICT, WITHOUT ROWID;

INSERT INTO money_by_day (day, gross_cents, discount_cents, refund_cents, fee_cents, orders, fees_unknown)
SELECT day, SUM(gross), SUM(discount), SUM(refund), SUM(fee), SUM(counted), SUM(unknown) FROM (
  SELECT substr(created_at, 1, 10) AS day, amount_cents + discount_cents AS gross, discount_cents AS discount, 0 AS refund,
         COALESCE(fee_cents, 0) AS fee, 1 AS counted, fee_cents IS NULL AS unknown FROM orders
  UNION ALL
  SELECT substr(created_at, 1, 10), 0, 0, amount_cents, COALESCE(fee_cents, 0), 0, fee_cents IS NULL FROM refunds
) GROUP BY day;

CREATE TRIGGER money_order_added AFTER INSERT ON orders
BEGIN
  INSERT INTO money_by_day (day, gross_cents, discount_cents, fee_cents, orders, fees_unknown)
  VALUES (substr(new.created_at, 1, 10), new.amount_cents + new.discount_cents, new.discount_cents,
          COALESCE(new.fee_cents, 0), 1, new.fee_cents IS NULL)
  ON CONFLICT (day) DO UPDATE SET gross_cents = gross_cents + excluded.gross_cents,
    discount_cents = discount_cents + excluded.discount_cents, fee_cents = fee_cents + excluded.fee_cents,
    orders = orders + 1, fees_unknown = fees_unknown + excluded.fees_unknown;
END;
CREATE TRIGGER money_order_changed AFTER UPDATE OF created_at, amount_cents, discount_cents, fee_cents ON orders
BEGIN
  UPDATE money_by_day SET gross_cents = gross_cents - (old.amount_cents + old.discount_cents),
    discount_cents = discount_cents - old.discount_cents, fee_cents = fee_cents - COALESCE(old.fee_cents, 0),
    orders = orders - 1, fees_unknown = fees_unknown - (old.fee_cents IS NULL)
  WHERE day = substr(old.created_at, 1, 10);
  INSERT INTO money_by_day (day, gross_cents, discount_cents, fee_cents, orders, fees_unknown)
  VALUES (substr(new.created_at, 1, 10), new.amount_cents + new.discount_cents, new.discount_cents,
          COALESCE(new.fee_cents, 0), 1, new.fee_cents IS NULL)
  ON CONFLICT (day) DO UPDATE SET gross_cents = gross_cents + excluded.gross_cents,
    discount_cents = discount_cents + excluded.discount_cents, fee_cents = fee_cents + excluded.fee_cents,
    orders = orders + 1, fees_unknown = fees_unknown + excluded.fees_unknown;
END;
CREATE TRIGGER money_order_removed AFTER DELETE ON orders
BEGIN
  UPDATE money_by_day SET gross_cents = gross_cents - (old.amount_cents + old.discount_cents),
    discount_cents = discount_cents - old.discount_cents, fee_cents = fee_cents - COALESCE(old.fee_cents, 0),
    orders = orders - 1, fees_unknown = fees_unknown - (old.fee_cents IS NULL)
  WHERE day = substr(old.created_at, 1, 10);
END;

CREATE TRIGGER money_refund_added AFTER INSERT ON refunds
BEGIN
  INSERT INTO money_by_day (day, refund_cents, fee_cents, fees_unknown)
  VALUES (substr(new.created_at, 1, 10), new.amount_cents, COALESCE(new.fee_cents, 0), new.fee_cents IS NULL)
  ON CONFLICT (day) DO UPDATE SET refund_cents = refund_cents + excluded.refund_cents,
    fee_cents = fee_cents + excluded.fee_cents, fees_unknown = fees_unknown + excluded.fees_unknown;
END;
CREATE TRIGGER money_refund_changed AFTER UPDATE OF created_at, amount_cents, fee_cents ON refunds
BEGIN
  UPDATE money_by_day SET refund_cents = refund_cents - old.amount_cents, fee_cents = fee_cents - COALESCE(old.fee_cents, 0),
    fees_unknown = fees_unknown - (old.fee_cents IS NULL)
  WHERE day = substr(old.created_at, 1, 10);
  INSERT INTO money_by_day (day, refund_cents, fee_cents, fees_unknown)
  VALUES (substr(new.created_at, 1, 10), new.amount_cents, COALESCE(new.fee_cents, 0), new.fee_cents IS NULL)
  ON CONFLICT (day) DO UPDATE SET refund_cents = refund_cents + excluded.refund_cents,
    fee_cents = fee_cents + excluded.fee_cents, fees_unknown = fees_unknown + excluded.fees_unknown;
END;
CREATE TRIGGER money_refund_removed AFTER DELETE ON refunds
BEGIN
  UPDATE money_by_day SET refund_cents = refund_cents - old.amount_cents, fee_cents = fee_cents - COALESCE(old.fee_cents, 0),
    fees_unknown = fees_unknown - (old.fee_cents IS NULL)
  WHERE day = substr(old.created_at, 1, 10);
END;

-- Stripe's payouts (what reaches the bank) and the balance transactions each holds, read by the payouts job from
-- Stripe's lists. A line is tied to its order or refund through the balance transaction id stored on them; any
-- other line (an adjustment, a dispute, Stripe's own fees) keeps its type and figures as Stripe gave them.
CREATE TABLE payouts (
  id           TEXT PRIMARY KEY,
  arrival_date TEXT NOT NULL,          -- the UK day the money reaches the bank, YYYY-MM-DD
  amount_cents INTEGER NOT NULL,
  status       TEXT NOT NULL,
  -- 1 once every line of the payout is stored: a job cut off half way through a payout reads it again.
  complete     INTEGER NOT NULL DEFAULT 0 CHECK (complete IN (0, 1))
) STRICT;
CREATE INDEX payouts_by_arrival ON payouts (arrival_date DESC);

CREATE TABLE payout_lines (
  balance_transaction TEXT PRIMARY KEY,
  payout_id           TEXT NOT NULL REFERENCES payouts(id) ON DELETE CASCADE,
  type                TEXT NOT NULL,
  amount_cents        INTEGER NOT NULL,
  fee_cents           INTEGER NOT NULL,
  net_cents           INTEGER NOT NULL
) STRICT;
CREATE INDEX payout_lines_by_payout ON payout_lines (payout_id);
CREATE INDEX orders_by_balance_transaction ON orders (balance_transaction) WHERE balance_transaction IS NOT NULL;
CREATE INDEX refunds_by_balance_transaction ON refunds (balance_transaction) WHERE balance_transaction IS NOT NULL;
