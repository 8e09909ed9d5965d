-- What kept pages show, versioned (docs/decisions/0008-performance.md). Storefront pages and the
-- catalogue JSON are kept in memory until a change to what they show
-- (src/http/response-cache.ts). Triggers add one row per such change, on
-- exactly the tables and columns those answers show: products (not
-- created_at/updated_at), their pictures and variants, categories, projects
-- and the configuration. Stock counts only when its figure changes, so a
-- checkout of unlimited stock (whose UPDATE matches no row) and every write
-- to other tables (sessions, checkouts, orders, the outbox, uploads, the
-- readiness probe) leave kept pages alone. Triggers also fire for writes from
-- another process (the sqlite3 shell), and a rolled-back write takes its rows
-- with it.
--
-- `product_id` names the one product a change is about, so the pages of other
-- products stay kept; NULL means anything may look different (a category, a
-- setting, a product's id itself). AUTOINCREMENT keeps versions rising even
-- after old rows go; only the last 1,000 are kept (the cache treats a gap as
-- "anything changed").
CREATE TABLE page_versions (
  version    INTEGER PRIMARY KEY AUTOINCREMENT,
  product_id TEXT
) STRICT;

CREATE TRIGGER page_versions_pruned AFTER INSERT ON page_versions
BEGIN DELETE FROM page_versions WHERE version <= new.version - 1000; END;

CREATE TRIGGER page_versions_product_added AFTER INSERT ON products
BEGIN INSERT INTO page_versions (product_id) VALUES (new.id); END;
CREATE TRIGGER page_versions_product_removed AFTER DELETE ON products
BEGIN INSERT INTO page_versions (product_id) VALUES (old.id); END;
CREATE TRIGGER page_versions_product_changed AFTER UPDATE ON products
WHEN (old.id, old.name, old.description, old.price_cents, old.currency, old.image_url, old.stock, old.max_online_qty,
      old.requires_gpx, old.requires_image, old.category_id)
  IS NOT (new.id, new.name, new.description, new.price_cents, new.currency, new.image_url, new.stock, new.max_online_qty,
      new.requires_gpx, new.requires_image, new.category_id)
BEGIN INSERT INTO page_versions (product_id) VALUES (CASE WHEN old.id = new.id THEN new.id END); END;

CREATE TRIGGER page_versions_image_added AFTER INSERT ON product_images
BEGIN INSERT INTO page_versions (product_id) VALUES (new.product_id); END;
CREATE TRIGGER page_versions_image_removed AFTER DELETE ON product_images
BEGIN INSERT INTO page_versions (product_id) VALUES (old.product_id); END;
CREATE TRIGGER page_versions_image_changed AFTER UPDATE ON product_images
WHEN (old.id, old.product_id, old.image_url, old.sort_order, old.width, old.height)
  IS NOT (new.id, new.product_id, new.image_url, new.sort_order, new.width, new.height)
BEGIN INSERT INTO page_versions (product_id) VALUES (CASE WHEN old.product_id = new.product_id THEN new.product_id END); END;

CREATE TRIGGER page_versions_variant_added AFTER INSERT ON product_variants
BEGIN INSERT INTO page_versions (product_id) VALUES (new.product_id); END;
CREATE TRIGGER page_versions_variant_removed AFTER DELETE ON product_variants
BEGIN INSERT INTO page_versions (product_id) VALUES (old.product_id); END;
CREATE TRIGGER page_versions_variant_changed AFTER UPDATE ON product_variants
WHEN (old.id, old.product_id, old.name, old.price_cents, old.stock, old.sort_order)
  IS NOT (new.id, new.product_id, new.name, new.price_cents, new.stock, new.sort_order)
BEGIN INSERT INTO page_versions (product_id) VALUES (CASE WHEN old.product_id = new.product_id THEN new.product_id END); END;

CREATE TRIGGER page_versions_category_added AFTER INSERT ON categories
BEGIN INSERT INTO page_versions (product_id) VALUES (NULL); END;
CREATE TRIGGER page_versions_category_removed AFTER DELETE ON categories
BEGIN INSERT INTO page_versions (product_id) VALUES (NULL); END;
CREATE TRIGGER page_versions_category_changed AFTER UPDATE ON categories
WHEN (old.id, old.name, old.sort) IS NOT (new.id, new.name, new.sort)
BEGIN INSERT INTO page_versions (product_id) VALUES (NULL); END;

CREATE TRIGGER page_versions_project_added AFTER INSERT ON projects
BEGIN INSERT INTO page_versions (product_id) VALUES (NULL); END;
CREATE TRIGGER page_versions_project_removed AFTER DELETE ON projects
BEGIN INSERT INTO page_versions (product_id) VALUES (NULL); END;
CREATE TRIGGER page_versions_project_changed AFTER UPDATE ON projects
WHEN (old.id, old.title, old.description, old.image_url, old.link_url, old.link_label, old.sort)
  IS NOT (new.id, new.title, new.description, new.image_url, new.link_url, new.link_label, new.sort)
BEGIN INSERT INTO page_versions (product_id) VALUES (NULL); END;

-- The shop's own secrets live in this table too (src/db/shop-secret.ts: the
-- address-hash and ALTCHA keys, made on first use) and no page shows them, so
-- the first checkout does not empty the kept pages. Any other key counts: a
-- new setting a page shows is seen at once without touching this list.
CREATE TRIGGER page_versions_setting_added AFTER INSERT ON configuration
WHEN new.key NOT IN ('address_hash_key', 'altcha_hmac_key')
BEGIN INSERT INTO page_versions (product_id) VALUES (NULL); END;
CREATE TRIGGER page_versions_setting_removed AFTER DELETE ON configuration
WHEN old.key NOT IN ('address_hash_key', 'altcha_hmac_key')
BEGIN INSERT INTO page_versions (product_id) VALUES (NULL); END;
CREATE TRIGGER page_versions_setting_changed AFTER UPDATE ON configuration
WHEN (old.key, old.value) IS NOT (new.key, new.value)
  AND (old.key NOT IN ('address_hash_key', 'altcha_hmac_key') OR new.key NOT IN ('address_hash_key', 'altcha_hmac_key'))
BEGIN INSERT INTO page_versions (product_id) VALUES (NULL); END;
