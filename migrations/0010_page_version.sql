-- The version of what kept pages show (issue 12 point 3). Storefront pages and
-- the catalogue JSON are kept in memory until this number moves
-- (src/http/response-cache.ts). Triggers move it on exactly the tables and
-- columns those answers show: products (not created_at/updated_at), their
-- pictures and variants, categories, projects and the configuration. Stock
-- counts only when its figure changes, so a checkout of unlimited stock
-- (whose UPDATE matches no row) and every write to other tables (sessions,
-- checkouts, orders, the outbox, uploads, the readiness probe) leave kept
-- pages alone. Triggers also fire for writes from another process (the
-- sqlite3 shell), and a rolled-back write rolls the number back with it.
CREATE TABLE page_version (
  id      INTEGER PRIMARY KEY CHECK (id = 1),
  version INTEGER NOT NULL
) STRICT;
INSERT INTO page_version (id, version) VALUES (1, 0);

CREATE TRIGGER page_version_product_added AFTER INSERT ON products
BEGIN UPDATE page_version SET version = version + 1; END;
CREATE TRIGGER page_version_product_removed AFTER DELETE ON products
BEGIN UPDATE page_version SET version = version + 1; END;
CREATE TRIGGER page_version_product_changed AFTER UPDATE ON products
WHEN (old.id, old.name, old.description, old.price_cents, old.currency, old.image_url, old.stock, old.max_online_qty,
      old.requires_gpx, old.requires_image, old.category_id)
  IS NOT (new.id, new.name, new.description, new.price_cents, new.currency, new.image_url, new.stock, new.max_online_qty,
      new.requires_gpx, new.requires_image, new.category_id)
BEGIN UPDATE page_version SET version = version + 1; END;

CREATE TRIGGER page_version_image_added AFTER INSERT ON product_images
BEGIN UPDATE page_version SET version = version + 1; END;
CREATE TRIGGER page_version_image_removed AFTER DELETE ON product_images
BEGIN UPDATE page_version SET version = version + 1; END;
CREATE TRIGGER page_version_image_changed AFTER UPDATE ON product_images
WHEN (old.id, old.product_id, old.image_url, old.sort_order, old.width, old.height)
  IS NOT (new.id, new.product_id, new.image_url, new.sort_order, new.width, new.height)
BEGIN UPDATE page_version SET version = version + 1; END;

CREATE TRIGGER page_version_variant_added AFTER INSERT ON product_variants
BEGIN UPDATE page_version SET version = version + 1; END;
CREATE TRIGGER page_version_variant_removed AFTER DELETE ON product_variants
BEGIN UPDATE page_version SET version = version + 1; END;
CREATE TRIGGER page_version_variant_changed AFTER UPDATE ON product_variants
WHEN (old.id, old.product_id, old.name, old.price_cents, old.stock, old.sort_order)
  IS NOT (new.id, new.product_id, new.name, new.price_cents, new.stock, new.sort_order)
BEGIN UPDATE page_version SET version = version + 1; END;

CREATE TRIGGER page_version_category_added AFTER INSERT ON categories
BEGIN UPDATE page_version SET version = version + 1; END;
CREATE TRIGGER page_version_category_removed AFTER DELETE ON categories
BEGIN UPDATE page_version SET version = version + 1; END;
CREATE TRIGGER page_version_category_changed AFTER UPDATE ON categories
WHEN (old.id, old.name, old.sort) IS NOT (new.id, new.name, new.sort)
BEGIN UPDATE page_version SET version = version + 1; END;

CREATE TRIGGER page_version_project_added AFTER INSERT ON projects
BEGIN UPDATE page_version SET version = version + 1; END;
CREATE TRIGGER page_version_project_removed AFTER DELETE ON projects
BEGIN UPDATE page_version SET version = version + 1; END;
CREATE TRIGGER page_version_project_changed AFTER UPDATE ON projects
WHEN (old.id, old.title, old.description, old.image_url, old.link_url, old.link_label, old.sort)
  IS NOT (new.id, new.title, new.description, new.image_url, new.link_url, new.link_label, new.sort)
BEGIN UPDATE page_version SET version = version + 1; END;

-- The shop's own secrets live in this table too (src/db/shop-secret.ts: the
-- address-hash and ALTCHA keys, made on first use) and no page shows them, so
-- the first checkout does not empty the kept pages. Any other key counts: a
-- new setting a page shows is seen at once without touching this list.
CREATE TRIGGER page_version_setting_added AFTER INSERT ON configuration
WHEN new.key NOT IN ('address_hash_key', 'altcha_hmac_key')
BEGIN UPDATE page_version SET version = version + 1; END;
CREATE TRIGGER page_version_setting_removed AFTER DELETE ON configuration
WHEN old.key NOT IN ('address_hash_key', 'altcha_hmac_key')
BEGIN UPDATE page_version SET version = version + 1; END;
CREATE TRIGGER page_version_setting_changed AFTER UPDATE ON configuration
WHEN (old.key, old.value) IS NOT (new.key, new.value)
  AND (old.key NOT IN ('address_hash_key', 'altcha_hmac_key') OR new.key NOT IN ('address_hash_key', 'altcha_hmac_key'))
BEGIN UPDATE page_version SET version = version + 1; END;
