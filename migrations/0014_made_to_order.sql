-- Made to order, in the open (docs/decisions/0015-working-days.md,
-- docs/decisions/0016-production-stages.md). A product's lead time, the dispatch
-- date promised at payment, and the production stages an order moves through.

-- Working days from order to dispatch; NULL = the shop's default_lead_time_days.
ALTER TABLE products ADD COLUMN lead_time_days INTEGER CHECK (lead_time_days IS NULL OR lead_time_days BETWEEN 0 AND 365);

-- A product page shows the dispatch date its lead time gives, so a change to it
-- forgets the kept pages as any other shown field does (0010, 0011).
DROP TRIGGER page_versions_product_changed;
CREATE TRIGGER page_versions_product_changed AFTER UPDATE ON products
WHEN (old.id, old.name, old.description, old.price_cents, old.currency, old.image_url, old.stock, old.max_online_qty,
      old.requires_gpx, old.requires_image, old.category_id, old.lead_time_days)
  IS NOT (new.id, new.name, new.description, new.price_cents, new.currency, new.image_url, new.stock, new.max_online_qty,
      new.requires_gpx, new.requires_image, new.category_id, new.lead_time_days)
BEGIN INSERT INTO page_versions (product_id, stock_figure_only) VALUES (
  CASE WHEN old.id = new.id THEN new.id END,
  (old.id, old.name, old.description, old.price_cents, old.currency, old.image_url, min(old.stock, 20), old.max_online_qty,
   old.requires_gpx, old.requires_image, old.category_id, old.lead_time_days)
  IS (new.id, new.name, new.description, new.price_cents, new.currency, new.image_url, min(new.stock, 20), new.max_online_qty,
   new.requires_gpx, new.requires_image, new.category_id, new.lead_time_days)
); END;

-- The UK day the order is promised to be dispatched by (YYYY-MM-DD), set at
-- payment from its lines' lead times; moved only by the owner, with a reason
-- (order_dispatch_dates). NULL for orders paid before this promise existed.
ALTER TABLE orders ADD COLUMN dispatch_by TEXT
  CHECK (dispatch_by IS NULL OR (dispatch_by GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]' AND date(dispatch_by) = dispatch_by));

-- Where a paid order is in the workshop. NULL only for a cancelled order
-- (it leaves the stages) — the spec's status (paid/fulfilled/canceled) stays as it is.
ALTER TABLE orders ADD COLUMN stage TEXT
  CHECK (stage IS NULL OR stage IN ('queued', 'printing', 'finishing', 'packed', 'dispatched'));

-- Every stage change, timestamped: the order page's timeline.
CREATE TABLE order_stage_events (
  id       INTEGER PRIMARY KEY,
  order_id TEXT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  stage    TEXT NOT NULL CHECK (stage IN ('queued', 'printing', 'finishing', 'packed', 'dispatched')),
  at       TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;
CREATE INDEX order_stage_events_by_order ON order_stage_events (order_id, id);

-- Every move of the promised date, with the owner's reason (the shopper is emailed).
CREATE TABLE order_dispatch_dates (
  id          INTEGER PRIMARY KEY,
  order_id    TEXT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  previous    TEXT,
  dispatch_by TEXT NOT NULL CHECK (date(dispatch_by) = dispatch_by),
  reason      TEXT NOT NULL CHECK (length(trim(reason)) > 0),
  at          TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;
CREATE INDEX order_dispatch_dates_by_order ON order_dispatch_dates (order_id, id);

-- Orders paid before stages existed: a paid one is queued, a fulfilled one was
-- dispatched, each from the time it is known to have got there.
UPDATE orders SET stage = 'queued' WHERE status = 'paid';
UPDATE orders SET stage = 'dispatched' WHERE status = 'fulfilled';
INSERT INTO order_stage_events (order_id, stage, at) SELECT id, 'queued', created_at FROM orders WHERE status IN ('paid', 'fulfilled');
INSERT INTO order_stage_events (order_id, stage, at) SELECT id, 'dispatched', updated_at FROM orders WHERE status = 'fulfilled';
CREATE INDEX orders_to_make ON orders (dispatch_by) WHERE status = 'paid';
