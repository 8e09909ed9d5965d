-- The orders export's two cells that are not the order's own columns, kept on the order as they change
-- (docs/decisions/0062-the-export-reads-its-cells.md): what was bought ("2 × Hex Planter (Large); 1 × Plant
-- Labels") and how much has been refunded. The export read both through a subquery per order, its lines and its
-- refunds, three quarters of a year's export's reading; now it reads one row per order. Triggers write them in the
-- very statement that changes a line or a refund, so every code path and the sqlite3 shell keep them, and a rolled
-- back write takes them back with it (as the dashboard's figures, migrations/0026_dashboard_figures.sql).

ALTER TABLE orders ADD COLUMN items_text TEXT;
ALTER TABLE orders ADD COLUMN refunded_cents INTEGER NOT NULL DEFAULT 0;

-- What an order's lines read as: "quantity × name", with " (variant)" when it was bought with one; lines in the order
-- they were written, joined by "; "; NULL for an order without lines. Asked for one order (`WHERE order_id = ?`), it
-- reads that order's lines alone, through order_items_by_order: the fill and the triggers below share it.
CREATE VIEW order_lines_text AS
SELECT o.id AS order_id, (
  SELECT group_concat(line, '; ') FROM (
    SELECT i.quantity || ' × ' || i.product_name || COALESCE(' (' || json_extract(i.meta, '$.variantName') || ')', '') AS line
    FROM order_items i WHERE i.order_id = o.id ORDER BY i.id)) AS items_text
FROM orders o;

-- An existing shop's orders, filled once.
UPDATE orders SET items_text = (SELECT items_text FROM order_lines_text WHERE order_id = orders.id);

UPDATE orders SET refunded_cents = (SELECT COALESCE(SUM(r.amount_cents), 0) FROM refunds r WHERE r.order_id = orders.id)
WHERE EXISTS (SELECT 1 FROM refunds r WHERE r.order_id = orders.id);

-- The lines: written again whole from the order's lines whenever one is added, changed or removed (an order has a
-- handful, and a line's name or variant can change: a replaced photo rewrites its meta).
CREATE TRIGGER export_items_line_added AFTER INSERT ON order_items
BEGIN
  UPDATE orders SET items_text = (SELECT items_text FROM order_lines_text WHERE order_id = new.order_id) WHERE id = new.order_id;
END;

CREATE TRIGGER export_items_line_changed AFTER UPDATE OF order_id, product_name, quantity, meta ON order_items
BEGIN
  UPDATE orders SET items_text = (SELECT items_text FROM order_lines_text v WHERE v.order_id = orders.id)
  WHERE id IN (old.order_id, new.order_id);
END;

CREATE TRIGGER export_items_line_removed AFTER DELETE ON order_items
BEGIN
  UPDATE orders SET items_text = (SELECT items_text FROM order_lines_text WHERE order_id = old.order_id) WHERE id = old.order_id;
END;

-- The refunded total: a refund's amount added to its order, taken off again when it is removed or moved.
CREATE TRIGGER export_refund_added AFTER INSERT ON refunds
BEGIN
  UPDATE orders SET refunded_cents = refunded_cents + new.amount_cents WHERE id = new.order_id;
END;

CREATE TRIGGER export_refund_changed AFTER UPDATE OF order_id, amount_cents ON refunds
BEGIN
  UPDATE orders SET refunded_cents = refunded_cents - old.amount_cents WHERE id = old.order_id;
  UPDATE orders SET refunded_cents = refunded_cents + new.amount_cents WHERE id = new.order_id;
END;

CREATE TRIGGER export_refund_removed AFTER DELETE ON refunds
BEGIN
  UPDATE orders SET refunded_cents = refunded_cents - old.amount_cents WHERE id = old.order_id;
END;
