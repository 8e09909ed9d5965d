-- Products drafted before they go live (docs/decisions/0047-products-drafted-and-the-admin-on-a-phone.md).
-- A draft is the owner's alone: never in the catalogue, on a product page, in the sitemap or feeds, in
-- /api/catalog or /api/products/{id}, nor sold. Every product an existing shop has is live, as it was.
ALTER TABLE products ADD COLUMN status TEXT NOT NULL DEFAULT 'live' CHECK (status IN ('draft', 'live'));

-- As 0031's trigger, with `status` among the shown columns: publishing (or taking back to draft) names the
-- product and is more than stock, so every kept page that may show it is made again (0038, 0039).
DROP TRIGGER page_versions_product_changed;
CREATE TRIGGER page_versions_product_changed AFTER UPDATE ON products
WHEN (old.id, old.name, old.description, old.price_cents, old.currency, old.image_url, old.stock, old.max_online_qty,
      old.requires_gpx, old.requires_image, old.category_id, old.lead_time_days, old.requires_model, old.status)
  IS NOT (new.id, new.name, new.description, new.price_cents, new.currency, new.image_url, new.stock, new.max_online_qty,
      new.requires_gpx, new.requires_image, new.category_id, new.lead_time_days, new.requires_model, new.status)
BEGIN INSERT INTO page_versions (product_id, stock_figure_only, stock_only) VALUES (
  CASE WHEN old.id = new.id THEN new.id END,
  (old.id, old.name, old.description, old.price_cents, old.currency, old.image_url, min(old.stock, 20), old.max_online_qty,
   old.requires_gpx, old.requires_image, old.category_id, old.lead_time_days, old.requires_model, old.status)
  IS (new.id, new.name, new.description, new.price_cents, new.currency, new.image_url, min(new.stock, 20), new.max_online_qty,
   new.requires_gpx, new.requires_image, new.category_id, new.lead_time_days, new.requires_model, new.status),
  (old.id, old.name, old.description, old.price_cents, old.currency, old.image_url, old.max_online_qty,
   old.requires_gpx, old.requires_image, old.category_id, old.lead_time_days, old.requires_model, old.status)
  IS (new.id, new.name, new.description, new.price_cents, new.currency, new.image_url, new.max_online_qty,
   new.requires_gpx, new.requires_image, new.category_id, new.lead_time_days, new.requires_model, new.status)
); END;
