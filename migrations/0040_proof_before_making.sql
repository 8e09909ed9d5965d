-- "Proof before making" (docs/decisions/0048-order-holds.md): a product flagged so that paying for it opens a
-- question at once, with the shop's own renders of the line as the proof. Every product an existing shop has is
-- unflagged, as it was; the owner flags the ones that want it.
ALTER TABLE products ADD COLUMN proof_before_making INTEGER NOT NULL DEFAULT 0 CHECK (proof_before_making IN (0, 1));

-- As 0039's trigger (0035's with `kind`), with `proof_before_making` among the shown columns: the product page says a proof comes
-- first, so flagging (or unflagging) names the product and is more than stock, and its kept pages are made again.
DROP TRIGGER page_versions_product_changed;
CREATE TRIGGER page_versions_product_changed AFTER UPDATE ON products
WHEN (old.id, old.name, old.description, old.price_cents, old.currency, old.image_url, old.stock, old.max_online_qty,
      old.requires_gpx, old.requires_image, old.category_id, old.lead_time_days, old.requires_model, old.status,
      old.proof_before_making, old.kind)
  IS NOT (new.id, new.name, new.description, new.price_cents, new.currency, new.image_url, new.stock, new.max_online_qty,
      new.requires_gpx, new.requires_image, new.category_id, new.lead_time_days, new.requires_model, new.status,
      new.proof_before_making, new.kind)
BEGIN INSERT INTO page_versions (product_id, stock_figure_only, stock_only) VALUES (
  CASE WHEN old.id = new.id THEN new.id END,
  (old.id, old.name, old.description, old.price_cents, old.currency, old.image_url, min(old.stock, 20), old.max_online_qty,
   old.requires_gpx, old.requires_image, old.category_id, old.lead_time_days, old.requires_model, old.status,
   old.proof_before_making, old.kind)
  IS (new.id, new.name, new.description, new.price_cents, new.currency, new.image_url, min(new.stock, 20), new.max_online_qty,
   new.requires_gpx, new.requires_image, new.category_id, new.lead_time_days, new.requires_model, new.status,
   new.proof_before_making, new.kind),
  (old.id, old.name, old.description, old.price_cents, old.currency, old.image_url, old.max_online_qty,
   old.requires_gpx, old.requires_image, old.category_id, old.lead_time_days, old.requires_model, old.status,
   old.proof_before_making, old.kind)
  IS (new.id, new.name, new.description, new.price_cents, new.currency, new.image_url, new.max_online_qty,
   new.requires_gpx, new.requires_image, new.category_id, new.lead_time_days, new.requires_model, new.status,
   new.proof_before_making, new.kind)
); END;
