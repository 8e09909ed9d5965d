-- Gift vouchers with a balance (docs/decisions/0054-gift-vouchers.md).

-- A voucher product sells a voucher, not a thing to make: no stock, no dispatch date, no packing slip line. Every
-- product an existing shop has is an item, as it was.
ALTER TABLE products ADD COLUMN kind TEXT NOT NULL DEFAULT 'item' CHECK (kind IN ('item', 'voucher'));

-- As 0035's trigger, with `kind` among the shown columns: a product that becomes a voucher shows another page.
DROP TRIGGER page_versions_product_changed;
CREATE TRIGGER page_versions_product_changed AFTER UPDATE ON products
WHEN (old.id, old.name, old.description, old.price_cents, old.currency, old.image_url, old.stock, old.max_online_qty,
      old.requires_gpx, old.requires_image, old.category_id, old.lead_time_days, old.requires_model, old.status, old.kind)
  IS NOT (new.id, new.name, new.description, new.price_cents, new.currency, new.image_url, new.stock, new.max_online_qty,
      new.requires_gpx, new.requires_image, new.category_id, new.lead_time_days, new.requires_model, new.status, new.kind)
BEGIN INSERT INTO page_versions (product_id, stock_figure_only, stock_only) VALUES (
  CASE WHEN old.id = new.id THEN new.id END,
  (old.id, old.name, old.description, old.price_cents, old.currency, old.image_url, min(old.stock, 20), old.max_online_qty,
   old.requires_gpx, old.requires_image, old.category_id, old.lead_time_days, old.requires_model, old.status, old.kind)
  IS (new.id, new.name, new.description, new.price_cents, new.currency, new.image_url, min(new.stock, 20), new.max_online_qty,
   new.requires_gpx, new.requires_image, new.category_id, new.lead_time_days, new.requires_model, new.status, new.kind),
  (old.id, old.name, old.description, old.price_cents, old.currency, old.image_url, old.max_online_qty,
   old.requires_gpx, old.requires_image, old.category_id, old.lead_time_days, old.requires_model, old.status, old.kind)
  IS (new.id, new.name, new.description, new.price_cents, new.currency, new.image_url, new.max_online_qty,
   new.requires_gpx, new.requires_image, new.category_id, new.lead_time_days, new.requires_model, new.status, new.kind)
); END;

-- One row per voucher sold (or made by the owner). The code itself is never stored: its SHA-256 finds it, and its last
-- group is kept to show it masked (…-ABCD) and to search by. `balance_pence` is the sum of the voucher's ledger rows,
-- kept by the trigger below; its CHECK refuses any row that would take it below zero, so two checkouts spending one
-- voucher at once cannot both succeed past its balance.
CREATE TABLE gift_vouchers (
  id              TEXT PRIMARY KEY CHECK (id LIKE 'gv_%'),
  code_hash       TEXT NOT NULL UNIQUE,
  code_tail       TEXT NOT NULL CHECK (length(code_tail) = 4),
  amount_pence    INTEGER NOT NULL CHECK (amount_pence > 0),
  balance_pence   INTEGER NOT NULL DEFAULT 0 CHECK (balance_pence >= 0),
  order_id        TEXT,                    -- the order that bought it
  buyer_email     TEXT,
  recipient_email TEXT,
  send_on         TEXT CHECK (send_on IS NULL OR send_on GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  message         TEXT CHECK (message IS NULL OR length(message) <= 250),
  expires_on      TEXT NOT NULL CHECK (expires_on GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  voided_at       TEXT,
  void_reason     TEXT,
  created_at      TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  CHECK ((voided_at IS NULL) = (void_reason IS NULL))
) STRICT;
CREATE INDEX gift_vouchers_newest ON gift_vouchers (created_at DESC, id);
CREATE INDEX gift_vouchers_tail ON gift_vouchers (code_tail);

-- Every change to a balance is a row, never changed or deleted: issue (+), hold (-, a checkout waiting for payment),
-- release (+, that hold given back), spend (-, paid), refund (+, a refund put back), void (-, what was left), adjust
-- (either way, the owner's, with a reason).
CREATE TABLE gift_voucher_ledger (
  id           INTEGER PRIMARY KEY,
  voucher_id   TEXT NOT NULL REFERENCES gift_vouchers (id),
  kind         TEXT NOT NULL CHECK (kind IN ('issue', 'hold', 'release', 'spend', 'refund', 'void', 'adjust')),
  amount_pence INTEGER NOT NULL CHECK (
    (kind IN ('issue', 'release', 'refund') AND amount_pence > 0)
    OR (kind IN ('hold', 'spend', 'void') AND amount_pence < 0)
    OR (kind = 'adjust' AND amount_pence != 0)),
  checkout_id  TEXT,                       -- the checkout (and so the order: the same id) a hold, spend or refund is for
  reason       TEXT,
  created_at   TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;
CREATE INDEX gift_voucher_ledger_voucher ON gift_voucher_ledger (voucher_id, id);
CREATE INDEX gift_voucher_ledger_checkout ON gift_voucher_ledger (checkout_id) WHERE checkout_id IS NOT NULL;

CREATE TRIGGER gift_voucher_ledger_balance AFTER INSERT ON gift_voucher_ledger
BEGIN UPDATE gift_vouchers SET balance_pence = balance_pence + new.amount_pence WHERE id = new.voucher_id; END;
CREATE TRIGGER gift_voucher_ledger_kept BEFORE UPDATE ON gift_voucher_ledger
BEGIN SELECT RAISE(ABORT, 'gift voucher ledger rows are never changed'); END;
CREATE TRIGGER gift_voucher_ledger_never_deleted BEFORE DELETE ON gift_voucher_ledger
BEGIN SELECT RAISE(ABORT, 'gift voucher ledger rows are never deleted'); END;

-- What a voucher paid of a checkout and its order (pence), and which voucher; 0 and NULL without one.
ALTER TABLE checkouts ADD COLUMN voucher_id TEXT REFERENCES gift_vouchers (id);
ALTER TABLE checkouts ADD COLUMN voucher_cents INTEGER NOT NULL DEFAULT 0 CHECK (voucher_cents >= 0);
ALTER TABLE orders ADD COLUMN voucher_cents INTEGER NOT NULL DEFAULT 0 CHECK (voucher_cents >= 0);
