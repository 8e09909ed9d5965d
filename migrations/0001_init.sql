-- The schema for every record of the contract (docs/product.md#records). Money is integer pence; CHECK
-- constraints keep stock and prices non-negative whatever code path writes them.
-- Times are ISO-8601 UTC text. Tables are STRICT so a wrong type is an error.

CREATE TABLE categories (
  id   TEXT PRIMARY KEY CHECK (length(id) BETWEEN 1 AND 64),
  name TEXT NOT NULL CHECK (length(name) > 0),
  sort INTEGER NOT NULL DEFAULT 0
) STRICT;

CREATE TABLE products (
  id             TEXT PRIMARY KEY CHECK (length(id) BETWEEN 1 AND 64),
  name           TEXT NOT NULL CHECK (length(name) > 0),
  description    TEXT NOT NULL DEFAULT '',
  price_cents    INTEGER NOT NULL CHECK (price_cents >= 0),
  currency       TEXT NOT NULL DEFAULT 'gbp',
  image_url      TEXT,
  stock          INTEGER CHECK (stock IS NULL OR stock >= 0),            -- NULL = unlimited
  max_online_qty INTEGER CHECK (max_online_qty IS NULL OR max_online_qty >= 0),
  requires_gpx   INTEGER NOT NULL DEFAULT 0 CHECK (requires_gpx IN (0, 1)),
  requires_image INTEGER NOT NULL DEFAULT 0 CHECK (requires_image IN (0, 1)),
  category_id    TEXT REFERENCES categories(id) ON DELETE SET NULL,
  created_at     TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at     TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;
CREATE INDEX products_by_category ON products (category_id);

CREATE TABLE product_images (
  id         INTEGER PRIMARY KEY,
  product_id TEXT NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  image_url  TEXT NOT NULL CHECK (length(image_url) > 0),
  sort_order INTEGER NOT NULL DEFAULT 0,
  width      INTEGER CHECK (width IS NULL OR width > 0),   -- known sizes let pages reserve space
  height     INTEGER CHECK (height IS NULL OR height > 0)
) STRICT;
CREATE INDEX product_images_by_product ON product_images (product_id, sort_order);

CREATE TABLE product_variants (
  id          TEXT PRIMARY KEY CHECK (length(id) BETWEEN 1 AND 96),
  product_id  TEXT NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  name        TEXT NOT NULL CHECK (length(name) > 0),
  price_cents INTEGER NOT NULL CHECK (price_cents >= 0),
  stock       INTEGER CHECK (stock IS NULL OR stock >= 0),               -- NULL = unlimited
  sort_order  INTEGER NOT NULL DEFAULT 0
) STRICT;
CREATE INDEX product_variants_by_product ON product_variants (product_id, sort_order);

CREATE TABLE projects (
  id          TEXT PRIMARY KEY CHECK (length(id) BETWEEN 1 AND 64),
  title       TEXT NOT NULL CHECK (length(title) > 0),
  description TEXT NOT NULL DEFAULT '',
  image_url   TEXT,
  link_url    TEXT,
  link_label  TEXT,
  sort        INTEGER NOT NULL DEFAULT 0
) STRICT;

-- Key/value strings of the configuration (docs/product.md#configuration-keys: delivery_fee, free_delivery_threshold,
-- featured_products, hero_*). Values are text as the spec defines them.
CREATE TABLE configuration (
  key        TEXT PRIMARY KEY,
  value      TEXT NOT NULL,
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;

CREATE TABLE orders (
  id                   TEXT PRIMARY KEY CHECK (id LIKE 'ORD-%'),
  status               TEXT NOT NULL DEFAULT 'paid',
  created_at           TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at           TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  subtotal_cents       INTEGER NOT NULL CHECK (subtotal_cents >= 0),
  delivery_cents       INTEGER NOT NULL CHECK (delivery_cents >= 0),
  amount_cents         INTEGER NOT NULL CHECK (amount_cents >= 0),
  currency             TEXT NOT NULL DEFAULT 'gbp',
  email                TEXT,
  shipping_name        TEXT,
  shipping_line1       TEXT,
  shipping_line2       TEXT,
  shipping_city        TEXT,
  shipping_postal_code TEXT,
  shipping_country     TEXT,
  billing_name         TEXT,
  billing_line1        TEXT,
  billing_line2        TEXT,
  billing_city         TEXT,
  billing_postal_code  TEXT,
  billing_country      TEXT,
  tracking_carrier     TEXT,
  tracking_number      TEXT,
  tracking_url         TEXT,
  tracking_notified_at TEXT,
  payment_provider     TEXT NOT NULL CHECK (payment_provider IN ('stripe', 'demo')),
  payment_session_id   TEXT NOT NULL UNIQUE,                              -- one order per paid session
  refund_required      INTEGER NOT NULL DEFAULT 0 CHECK (refund_required IN (0, 1)),
  canceled_at          TEXT
) STRICT;
CREATE INDEX orders_by_created ON orders (created_at DESC);

CREATE TABLE order_items (
  id               INTEGER PRIMARY KEY,
  order_id         TEXT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  product_id       TEXT NOT NULL,          -- no FK: an order outlives a deleted product
  variant_id       TEXT,
  product_name     TEXT NOT NULL,
  unit_price_cents INTEGER NOT NULL CHECK (unit_price_cents >= 0),
  quantity         INTEGER NOT NULL CHECK (quantity > 0),
  meta             TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(meta))
) STRICT;
CREATE INDEX order_items_by_order ON order_items (order_id);

CREATE TABLE custom_requests (
  id         TEXT PRIMARY KEY,
  name       TEXT NOT NULL CHECK (length(name) > 0),
  email      TEXT NOT NULL CHECK (length(email) > 0),
  details    TEXT NOT NULL CHECK (length(details) > 0),
  material   TEXT,
  color      TEXT,
  status     TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'in_progress', 'completed', 'cancelled')),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;
CREATE INDEX custom_requests_by_created ON custom_requests (created_at DESC);

CREATE TABLE custom_request_attachments (
  id           TEXT PRIMARY KEY,
  request_id   TEXT NOT NULL REFERENCES custom_requests(id) ON DELETE CASCADE,
  filename     TEXT NOT NULL,              -- the sender's name, sanitised, for display only
  stored_name  TEXT NOT NULL UNIQUE,       -- random name on disk, never built from input
  content_type TEXT NOT NULL,
  size_bytes   INTEGER NOT NULL CHECK (size_bytes >= 0),
  created_at   TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;
CREATE INDEX custom_request_attachments_by_request ON custom_request_attachments (request_id);

-- GPX routes and photos a shopper uploads for a product before paying.
CREATE TABLE uploads (
  token         TEXT PRIMARY KEY,          -- unguessable; what the basket carries
  kind          TEXT NOT NULL CHECK (kind IN ('gpx', 'image')),
  product_id    TEXT NOT NULL,
  original_name TEXT NOT NULL,
  stored_name   TEXT NOT NULL UNIQUE,
  content_type  TEXT NOT NULL,
  size_bytes    INTEGER NOT NULL CHECK (size_bytes >= 0),
  details       TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(details)),  -- route stats, image size
  order_id      TEXT REFERENCES orders(id) ON DELETE SET NULL,           -- set once paid for
  created_at    TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;
CREATE INDEX uploads_unattached_by_age ON uploads (created_at) WHERE order_id IS NULL;
