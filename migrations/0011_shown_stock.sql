-- Stock figures as pages show them (docs/decisions/0008-performance.md). Storefront pages pass
-- a stock figure to their islands capped at 20, the most units one checkout
-- can hold (MAX_HELD_UNITS_PER_ADDRESS in src/modules/checkout/model.ts;
-- src/modules/catalog/shown-stock.ts caps it, tests/unit/page-version.test.ts
-- checks the two agree): no shopper can tell 50 from 49 or 21 from 20, and
-- the stock text ("In stock", "Only N left", "Out of stock") changes only
-- below 4. The catalogue JSON (/api/catalog, /api/products/{id}) shows the
-- figure itself. So a change of a figure that stays above the cap is marked
-- `stock_figure_only`: the response cache then forgets only the answers that
-- show exact figures and keeps the pages (src/http/response-cache.ts), instead
-- of making the 200-product catalogue again after every sale.
ALTER TABLE page_versions ADD COLUMN stock_figure_only INTEGER NOT NULL DEFAULT 0;

-- As in 0010, with the capped figure deciding whether pages change too.
-- min(NULL, 20) is NULL, so unlimited stock stays apart from any number.
DROP TRIGGER page_versions_product_changed;
CREATE TRIGGER page_versions_product_changed AFTER UPDATE ON products
WHEN (old.id, old.name, old.description, old.price_cents, old.currency, old.image_url, old.stock, old.max_online_qty,
      old.requires_gpx, old.requires_image, old.category_id)
  IS NOT (new.id, new.name, new.description, new.price_cents, new.currency, new.image_url, new.stock, new.max_online_qty,
      new.requires_gpx, new.requires_image, new.category_id)
BEGIN INSERT INTO page_versions (product_id, stock_figure_only) VALUES (
  CASE WHEN old.id = new.id THEN new.id END,
  (old.id, old.name, old.description, old.price_cents, old.currency, old.image_url, min(old.stock, 20), old.max_online_qty,
   old.requires_gpx, old.requires_image, old.category_id)
  IS (new.id, new.name, new.description, new.price_cents, new.currency, new.image_url, min(new.stock, 20), new.max_online_qty,
   new.requires_gpx, new.requires_image, new.category_id)
); END;

DROP TRIGGER page_versions_variant_changed;
CREATE TRIGGER page_versions_variant_changed AFTER UPDATE ON product_variants
WHEN (old.id, old.product_id, old.name, old.price_cents, old.stock, old.sort_order)
  IS NOT (new.id, new.product_id, new.name, new.price_cents, new.stock, new.sort_order)
BEGIN INSERT INTO page_versions (product_id, stock_figure_only) VALUES (
  CASE WHEN old.product_id = new.product_id THEN new.product_id END,
  (old.id, old.product_id, old.name, old.price_cents, min(old.stock, 20), old.sort_order)
  IS (new.id, new.product_id, new.name, new.price_cents, min(new.stock, 20), new.sort_order)
); END;
