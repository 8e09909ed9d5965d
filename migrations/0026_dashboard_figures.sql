-- The dashboard's business figures kept as they happen (docs/decisions/0031-figures-kept-as-they-happen.md).
-- Triggers keep three summaries in the very statement that changes an order, an order line or a refund, so
-- they are written in the writer's own transaction (and rolled back with it), by every code path and by the
-- sqlite3 shell alike. The dashboard reads them (src/modules/admin-orders/dashboard-figures.ts) instead of
-- summing every order, so its time depends on the periods it shows, never on the shop's history.
--
-- Hours are UTC hours, written as the first 13 characters of the stored time ('2026-07-14T23'). A UK day
-- starts on a whole UTC hour (00:00Z in winter, 23:00Z the evening before in summer), so any run of UK days
-- is exactly a run of these hours, and `created_at >= ukDayStart(day)` is `hour >= its first 13 characters`.

-- Money per hour: orders' amounts at their order's hour, refunds' amounts at their refund's hour (decision 0018:
-- a cancelled order counts until refunded; a refund counts when it was made). Takings = paid - refunded.
CREATE TABLE takings_by_hour (
  hour           TEXT PRIMARY KEY,
  paid_cents     INTEGER NOT NULL DEFAULT 0,
  refunded_cents INTEGER NOT NULL DEFAULT 0
) STRICT, WITHOUT ROWID;

-- Units and pence sold per hour of the order, per best-seller row: the product, or for a quoted order's line
-- (quoted = 1) the product and the line's name (decision 0027); the name is kept in the key because the
-- dashboard names a row by the greatest name its lines carry. Lines of cancelled orders are not in it.
CREATE TABLE sales_by_hour (
  hour         TEXT NOT NULL,
  product_id   TEXT NOT NULL,
  quoted       INTEGER NOT NULL CHECK (quoted IN (0, 1)),
  product_name TEXT NOT NULL,
  units        INTEGER NOT NULL,
  amount_cents INTEGER NOT NULL,
  PRIMARY KEY (hour, product_id, quoted, product_name)
) STRICT, WITHOUT ROWID;

-- The orders waiting to be sent: TO_DISPATCH in src/modules/orders/model.ts (paid, not flagged for a refund,
-- with a unit not put back on the shelf). As many rows as there is work in hand.
CREATE TABLE orders_to_dispatch (
  order_id TEXT PRIMARY KEY
) STRICT, WITHOUT ROWID;

-- An existing shop's history, summed once.
INSERT INTO takings_by_hour (hour, paid_cents, refunded_cents)
SELECT hour, SUM(paid), SUM(refunded) FROM (
  SELECT substr(created_at, 1, 13) AS hour, amount_cents AS paid, 0 AS refunded FROM orders
  UNION ALL
  SELECT substr(created_at, 1, 13), 0, amount_cents FROM refunds
) GROUP BY hour;

INSERT INTO sales_by_hour (hour, product_id, quoted, product_name, units, amount_cents)
SELECT substr(o.created_at, 1, 13), i.product_id, json_extract(i.meta, '$.quoteId') IS NOT NULL, i.product_name,
       SUM(i.quantity), SUM(i.quantity * i.unit_price_cents)
FROM order_items i JOIN orders o ON o.id = i.order_id
WHERE o.status != 'canceled'
GROUP BY 1, 2, 3, 4;

INSERT INTO orders_to_dispatch (order_id)
SELECT id FROM orders WHERE status = 'paid' AND refund_required = 0
  AND EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = orders.id AND i.quantity > i.restocked);

-- Takings. An order's amount and time are never changed by the shop; the triggers follow them anyway.
CREATE TRIGGER takings_order_added AFTER INSERT ON orders
BEGIN
  INSERT INTO takings_by_hour (hour, paid_cents) VALUES (substr(new.created_at, 1, 13), new.amount_cents)
  ON CONFLICT (hour) DO UPDATE SET paid_cents = paid_cents + excluded.paid_cents;
END;
CREATE TRIGGER takings_order_changed AFTER UPDATE OF created_at, amount_cents ON orders
WHEN old.created_at IS NOT new.created_at OR old.amount_cents IS NOT new.amount_cents
BEGIN
  UPDATE takings_by_hour SET paid_cents = paid_cents - old.amount_cents WHERE hour = substr(old.created_at, 1, 13);
  INSERT INTO takings_by_hour (hour, paid_cents) VALUES (substr(new.created_at, 1, 13), new.amount_cents)
  ON CONFLICT (hour) DO UPDATE SET paid_cents = paid_cents + excluded.paid_cents;
END;
CREATE TRIGGER takings_order_removed AFTER DELETE ON orders
BEGIN
  UPDATE takings_by_hour SET paid_cents = paid_cents - old.amount_cents WHERE hour = substr(old.created_at, 1, 13);
END;

CREATE TRIGGER takings_refund_added AFTER INSERT ON refunds
BEGIN
  INSERT INTO takings_by_hour (hour, refunded_cents) VALUES (substr(new.created_at, 1, 13), new.amount_cents)
  ON CONFLICT (hour) DO UPDATE SET refunded_cents = refunded_cents + excluded.refunded_cents;
END;
CREATE TRIGGER takings_refund_changed AFTER UPDATE OF created_at, amount_cents ON refunds
WHEN old.created_at IS NOT new.created_at OR old.amount_cents IS NOT new.amount_cents
BEGIN
  UPDATE takings_by_hour SET refunded_cents = refunded_cents - old.amount_cents WHERE hour = substr(old.created_at, 1, 13);
  INSERT INTO takings_by_hour (hour, refunded_cents) VALUES (substr(new.created_at, 1, 13), new.amount_cents)
  ON CONFLICT (hour) DO UPDATE SET refunded_cents = refunded_cents + excluded.refunded_cents;
END;
CREATE TRIGGER takings_refund_removed AFTER DELETE ON refunds
BEGIN
  UPDATE takings_by_hour SET refunded_cents = refunded_cents - old.amount_cents WHERE hour = substr(old.created_at, 1, 13);
END;

-- Best sellers. A line counts at its order's hour while the order is not cancelled: it comes in with the line
-- (the order row is written first), goes out when the order is cancelled, and back if it is ever un-cancelled.
-- Units put back on the shelf (`restocked`) do not change what was sold, so that column fires nothing here.
CREATE TRIGGER sales_line_added AFTER INSERT ON order_items
BEGIN
  INSERT INTO sales_by_hour (hour, product_id, quoted, product_name, units, amount_cents)
  SELECT substr(o.created_at, 1, 13), new.product_id, json_extract(new.meta, '$.quoteId') IS NOT NULL, new.product_name,
         new.quantity, new.quantity * new.unit_price_cents
  FROM orders o WHERE o.id = new.order_id AND o.status != 'canceled'
  ON CONFLICT (hour, product_id, quoted, product_name)
  DO UPDATE SET units = units + excluded.units, amount_cents = amount_cents + excluded.amount_cents;
END;
CREATE TRIGGER sales_line_changed AFTER UPDATE OF order_id, product_id, product_name, unit_price_cents, quantity, meta ON order_items
WHEN (old.order_id, old.product_id, old.product_name, old.unit_price_cents, old.quantity, json_extract(old.meta, '$.quoteId') IS NOT NULL)
  IS NOT (new.order_id, new.product_id, new.product_name, new.unit_price_cents, new.quantity, json_extract(new.meta, '$.quoteId') IS NOT NULL)
BEGIN
  UPDATE sales_by_hour SET units = units - old.quantity, amount_cents = amount_cents - old.quantity * old.unit_price_cents
  WHERE (hour, product_id, quoted, product_name) = (
    SELECT substr(o.created_at, 1, 13), old.product_id, json_extract(old.meta, '$.quoteId') IS NOT NULL, old.product_name
    FROM orders o WHERE o.id = old.order_id AND o.status != 'canceled');
  INSERT INTO sales_by_hour (hour, product_id, quoted, product_name, units, amount_cents)
  SELECT substr(o.created_at, 1, 13), new.product_id, json_extract(new.meta, '$.quoteId') IS NOT NULL, new.product_name,
         new.quantity, new.quantity * new.unit_price_cents
  FROM orders o WHERE o.id = new.order_id AND o.status != 'canceled'
  ON CONFLICT (hour, product_id, quoted, product_name)
  DO UPDATE SET units = units + excluded.units, amount_cents = amount_cents + excluded.amount_cents;
END;
-- A line removed on its own; when its order is deleted, the order's trigger below has taken it out already
-- (the order is gone by the time the cascade removes its lines, so this finds nothing).
CREATE TRIGGER sales_line_removed AFTER DELETE ON order_items
BEGIN
  UPDATE sales_by_hour SET units = units - old.quantity, amount_cents = amount_cents - old.quantity * old.unit_price_cents
  WHERE (hour, product_id, quoted, product_name) = (
    SELECT substr(o.created_at, 1, 13), old.product_id, json_extract(old.meta, '$.quoteId') IS NOT NULL, old.product_name
    FROM orders o WHERE o.id = old.order_id AND o.status != 'canceled');
END;
CREATE TRIGGER sales_order_changed AFTER UPDATE OF status, created_at ON orders
WHEN (old.status = 'canceled') IS NOT (new.status = 'canceled') OR (new.status != 'canceled' AND old.created_at IS NOT new.created_at)
BEGIN
  UPDATE sales_by_hour SET units = sales_by_hour.units - gone.units, amount_cents = sales_by_hour.amount_cents - gone.amount_cents
  FROM (SELECT product_id, json_extract(meta, '$.quoteId') IS NOT NULL AS quoted, product_name,
               SUM(quantity) AS units, SUM(quantity * unit_price_cents) AS amount_cents
        FROM order_items WHERE order_id = old.id GROUP BY 1, 2, 3) AS gone
  WHERE old.status != 'canceled' AND sales_by_hour.hour = substr(old.created_at, 1, 13)
    AND sales_by_hour.product_id = gone.product_id AND sales_by_hour.quoted = gone.quoted
    AND sales_by_hour.product_name = gone.product_name;
  INSERT INTO sales_by_hour (hour, product_id, quoted, product_name, units, amount_cents)
  SELECT substr(new.created_at, 1, 13), product_id, json_extract(meta, '$.quoteId') IS NOT NULL, product_name,
         SUM(quantity), SUM(quantity * unit_price_cents)
  FROM order_items WHERE order_id = new.id AND new.status != 'canceled' GROUP BY 1, 2, 3, 4
  ON CONFLICT (hour, product_id, quoted, product_name)
  DO UPDATE SET units = units + excluded.units, amount_cents = amount_cents + excluded.amount_cents;
END;
-- Before the delete, while the order's lines are still there to say what to take out.
CREATE TRIGGER sales_order_removed BEFORE DELETE ON orders
BEGIN
  UPDATE sales_by_hour SET units = sales_by_hour.units - gone.units, amount_cents = sales_by_hour.amount_cents - gone.amount_cents
  FROM (SELECT product_id, json_extract(meta, '$.quoteId') IS NOT NULL AS quoted, product_name,
               SUM(quantity) AS units, SUM(quantity * unit_price_cents) AS amount_cents
        FROM order_items WHERE order_id = old.id GROUP BY 1, 2, 3) AS gone
  WHERE old.status != 'canceled' AND sales_by_hour.hour = substr(old.created_at, 1, 13)
    AND sales_by_hour.product_id = gone.product_id AND sales_by_hour.quoted = gone.quoted
    AND sales_by_hour.product_name = gone.product_name;
END;

-- Orders to dispatch: whenever an order or one of its lines changes what TO_DISPATCH looks at, the order's row
-- is worked out again from the rule itself (taken out, and put back if the rule holds), so no sequence of
-- changes can leave it wrong. A new order has no lines yet (they need it to exist): its first line decides.
CREATE TRIGGER to_dispatch_order_changed AFTER UPDATE OF id, status, refund_required ON orders
BEGIN
  DELETE FROM orders_to_dispatch WHERE order_id IN (old.id, new.id);
  INSERT INTO orders_to_dispatch (order_id) SELECT id FROM orders WHERE id = new.id AND status = 'paid' AND refund_required = 0
    AND EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = new.id AND i.quantity > i.restocked);
END;
CREATE TRIGGER to_dispatch_order_removed AFTER DELETE ON orders
BEGIN
  DELETE FROM orders_to_dispatch WHERE order_id = old.id;
END;
CREATE TRIGGER to_dispatch_line_added AFTER INSERT ON order_items
BEGIN
  DELETE FROM orders_to_dispatch WHERE order_id = new.order_id;
  INSERT INTO orders_to_dispatch (order_id) SELECT id FROM orders WHERE id = new.order_id AND status = 'paid' AND refund_required = 0
    AND EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = new.order_id AND i.quantity > i.restocked);
END;
CREATE TRIGGER to_dispatch_line_changed AFTER UPDATE OF order_id, quantity, restocked ON order_items
BEGIN
  DELETE FROM orders_to_dispatch WHERE order_id IN (old.order_id, new.order_id);
  INSERT INTO orders_to_dispatch (order_id) SELECT id FROM orders WHERE id IN (old.order_id, new.order_id) AND status = 'paid'
    AND refund_required = 0 AND EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = orders.id AND i.quantity > i.restocked);
END;
CREATE TRIGGER to_dispatch_line_removed AFTER DELETE ON order_items
BEGIN
  DELETE FROM orders_to_dispatch WHERE order_id = old.order_id;
  INSERT INTO orders_to_dispatch (order_id) SELECT id FROM orders WHERE id = old.order_id AND status = 'paid' AND refund_required = 0
    AND EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = old.order_id AND i.quantity > i.restocked);
END;

-- The other figures are work in hand, counted through indexes of only what is in hand: requests awaiting a
-- reply, and stock figures (a NULL, unlimited stock is never low and is not in them).
CREATE INDEX custom_requests_awaiting_reply ON custom_requests (created_at) WHERE status = 'open';
CREATE INDEX products_by_stock ON products (stock) WHERE stock IS NOT NULL;
CREATE INDEX product_variants_by_stock ON product_variants (stock) WHERE stock IS NOT NULL;
