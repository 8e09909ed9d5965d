-- How many units of each order line have gone back on the shelf, by a refund
-- with restock or a cancel that put the items back. The one rule that lets
-- units go back (docs/decisions/0024-units-back-on-the-shelf-once.md) reads and
-- raises it inside the write that returns them; the CHECK is its last guard:
-- a line never counts more put back than it had.
ALTER TABLE order_items ADD COLUMN restocked INTEGER NOT NULL DEFAULT 0 CHECK (restocked >= 0 AND restocked <= quantity);

-- An existing shop upgrades in place. A cancel that put the items back put back every unit an order took
-- (an order flagged refund_required never took any).
UPDATE order_items SET restocked = quantity
WHERE order_id IN (SELECT id FROM orders WHERE restocked = 1 AND refund_required = 0);

-- What refunds put back, by product and variant, spread over the order's lines of that product and
-- variant in line order, each line up to its quantity.
WITH back AS (
  SELECT refunds.order_id, json_extract(unit.value, '$.product_id') AS product_id,
    json_extract(unit.value, '$.variant_id') AS variant_id, SUM(json_extract(unit.value, '$.quantity')) AS quantity
  FROM refunds, json_each(refunds.restocked) AS unit
  GROUP BY 1, 2, 3
),
spread AS (
  SELECT i.id, i.quantity, back.quantity AS back,
    COALESCE(SUM(i.quantity) OVER (
      PARTITION BY i.order_id, i.product_id, i.variant_id ORDER BY i.id ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING
    ), 0) AS before
  FROM order_items i
  JOIN orders o ON o.id = i.order_id AND o.refund_required = 0
  JOIN back ON back.order_id = i.order_id AND back.product_id = i.product_id AND back.variant_id IS i.variant_id
)
UPDATE order_items SET restocked = MAX(order_items.restocked, MIN(spread.quantity, MAX(0, spread.back - spread.before)))
FROM spread WHERE order_items.id = spread.id;
