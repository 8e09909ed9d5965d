-- A change of stock alone (the crowd at a large shop, docs/decisions/0038-the-crowd-at-a-large-shop.md).
-- A sale changes one product's stock and nothing else about it: not its name, category or order, so
-- not which products any list page shows, nor the "Showing 1–48 of 2,000" line or a category's count.
-- A kept list page that does not show the sold product looks exactly as before, and the response
-- cache (src/http/response-cache.ts) keeps it, where it used to make every list page again after every
-- sale. `stock_only` marks such a change: only `stock` moved, of the product or of one of its variants.
-- Rows written before this migration stay 0: anything may have changed.
ALTER TABLE page_versions ADD COLUMN stock_only INTEGER NOT NULL DEFAULT 0;

-- As in 0014 (products) and 0011 (variants), with every shown column but the stock itself compared.
DROP TRIGGER page_versions_product_changed;
CREATE TRIGGER page_versions_product_changed AFTER UPDATE ON products
WHEN (old.id, old.name, old.description, old.price_cents, old.currency, old.image_url, old.stock, old.max_online_qty,
      old.requires_gpx, old.requires_image, old.category_id, old.lead_time_days)
  IS NOT (new.id, new.name, new.description, new.price_cents, new.currency, new.image_url, new.stock, new.max_online_qty,
      new.requires_gpx, new.requires_image, new.category_id, new.lead_time_days)
BEGIN INSERT INTO page_versions (product_id, stock_figure_only, stock_only) VALUES (
  CASE WHEN old.id = new.id THEN new.id END,
  (old.id, old.name, old.description, old.price_cents, old.currency, old.image_url, min(old.stock, 20), old.max_online_qty,
   old.requires_gpx, old.requires_image, old.category_id, old.lead_time_days)
  IS (new.id, new.name, new.description, new.price_cents, new.currency, new.image_url, min(new.stock, 20), new.max_online_qty,
   new.requires_gpx, new.requires_image, new.category_id, new.lead_time_days),
  (old.id, old.name, old.description, old.price_cents, old.currency, old.image_url, old.max_online_qty,
   old.requires_gpx, old.requires_image, old.category_id, old.lead_time_days)
  IS (new.id, new.name, new.description, new.price_cents, new.currency, new.image_url, new.max_online_qty,
   new.requires_gpx, new.requires_image, new.category_id, new.lead_time_days)
); END;

DROP TRIGGER page_versions_variant_changed;
CREATE TRIGGER page_versions_variant_changed AFTER UPDATE ON product_variants
WHEN (old.id, old.product_id, old.name, old.price_cents, old.stock, old.sort_order)
  IS NOT (new.id, new.product_id, new.name, new.price_cents, new.stock, new.sort_order)
BEGIN INSERT INTO page_versions (product_id, stock_figure_only, stock_only) VALUES (
  CASE WHEN old.product_id = new.product_id THEN new.product_id END,
  (old.id, old.product_id, old.name, old.price_cents, min(old.stock, 20), old.sort_order)
  IS (new.id, new.product_id, new.name, new.price_cents, min(new.stock, 20), new.sort_order),
  (old.id, old.product_id, old.name, old.price_cents, old.sort_order)
  IS (new.id, new.product_id, new.name, new.price_cents, new.sort_order)
); END;
