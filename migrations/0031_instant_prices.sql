-- Instant prices for a shopper's own model (docs/decisions/0042-instant-prices-calls-and-checkout.md).

-- A shopper's 3D model (STL, OBJ or 3MF) is an upload like a route or a photo: a `model` kind. SQLite cannot
-- change a CHECK, so the table is rebuilt with every row and index kept. `details` holds the model's analysis
-- and the printers it fits; `model_price` the last price the price call answered for it (its choices and
-- amount), which the checkout compares its own fresh price against: a price that moved since is refused.
CREATE TABLE uploads_rebuilt (
  token         TEXT PRIMARY KEY,          -- unguessable; what the basket carries
  kind          TEXT NOT NULL CHECK (kind IN ('gpx', 'image', 'model')),
  product_id    TEXT NOT NULL,
  original_name TEXT NOT NULL,
  stored_name   TEXT NOT NULL UNIQUE,
  content_type  TEXT NOT NULL,
  size_bytes    INTEGER NOT NULL CHECK (size_bytes >= 0),
  details       TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(details)),  -- route stats, image size, model analysis
  order_id      TEXT REFERENCES orders(id) ON DELETE SET NULL,           -- set once paid for
  created_at    TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  address_hash  TEXT,
  removed_at    TEXT,
  model_price   TEXT CHECK (model_price IS NULL OR (kind = 'model' AND json_valid(model_price)))
) STRICT;
INSERT INTO uploads_rebuilt (token, kind, product_id, original_name, stored_name, content_type, size_bytes, details, order_id,
                             created_at, address_hash, removed_at)
  SELECT token, kind, product_id, original_name, stored_name, content_type, size_bytes, details, order_id,
         created_at, address_hash, removed_at
  FROM uploads;
DROP TABLE uploads;
ALTER TABLE uploads_rebuilt RENAME TO uploads;
CREATE INDEX uploads_unattached_by_age ON uploads (created_at) WHERE order_id IS NULL;
CREATE INDEX uploads_unattached_by_address ON uploads (address_hash) WHERE order_id IS NULL;

-- Which checkouts name a model: one upload, one order (decision 0025), as for routes and photos.
CREATE INDEX checkout_lines_by_model_token ON checkout_lines (json_extract(meta, '$.modelToken'));

-- A product priced from the shopper's own model ("Print your own model"), beside requires_gpx and requires_image.
ALTER TABLE products ADD COLUMN requires_model INTEGER NOT NULL DEFAULT 0 CHECK (requires_model IN (0, 1));

-- The product page shows the upload step the flag asks for, so a change to it forgets the kept pages (0010, 0011,
-- 0014); as 0030's trigger, with `requires_model` among the shown columns and `stock_only` kept.
DROP TRIGGER page_versions_product_changed;
CREATE TRIGGER page_versions_product_changed AFTER UPDATE ON products
WHEN (old.id, old.name, old.description, old.price_cents, old.currency, old.image_url, old.stock, old.max_online_qty,
      old.requires_gpx, old.requires_image, old.category_id, old.lead_time_days, old.requires_model)
  IS NOT (new.id, new.name, new.description, new.price_cents, new.currency, new.image_url, new.stock, new.max_online_qty,
      new.requires_gpx, new.requires_image, new.category_id, new.lead_time_days, new.requires_model)
BEGIN INSERT INTO page_versions (product_id, stock_figure_only, stock_only) VALUES (
  CASE WHEN old.id = new.id THEN new.id END,
  (old.id, old.name, old.description, old.price_cents, old.currency, old.image_url, min(old.stock, 20), old.max_online_qty,
   old.requires_gpx, old.requires_image, old.category_id, old.lead_time_days, old.requires_model)
  IS (new.id, new.name, new.description, new.price_cents, new.currency, new.image_url, min(new.stock, 20), new.max_online_qty,
   new.requires_gpx, new.requires_image, new.category_id, new.lead_time_days, new.requires_model),
  (old.id, old.name, old.description, old.price_cents, old.currency, old.image_url, old.max_online_qty,
   old.requires_gpx, old.requires_image, old.category_id, old.lead_time_days, old.requires_model)
  IS (new.id, new.name, new.description, new.price_cents, new.currency, new.image_url, new.max_online_qty,
   new.requires_gpx, new.requires_image, new.category_id, new.lead_time_days, new.requires_model)
); END;

-- The owner's rates, the whole settings object of GET/PUT /api/admin/pricing as one JSON document (one row):
-- it is read and written whole, checked by the call's schema, never in parts. An existing shop starts with
-- instant prices off and no materials or printers; the demo seed fills believable rates.
CREATE TABLE pricing_settings (
  id         INTEGER PRIMARY KEY CHECK (id = 1),
  settings   TEXT NOT NULL CHECK (json_valid(settings)),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;

-- A model product's page offers the owner's materials and colours (web/routes/products.$id.tsx), so a change to
-- the rates forgets kept pages as a setting does (0010): a removed colour is never offered from a kept page.
CREATE TRIGGER page_versions_pricing_changed AFTER UPDATE ON pricing_settings
WHEN old.settings IS NOT new.settings
BEGIN INSERT INTO page_versions (product_id) VALUES (NULL); END;

INSERT INTO pricing_settings (id, settings) VALUES (1, json('{
  "materials": [],
  "printers": [],
  "rules": {
    "setup_pence": 150, "minimum_pence": 500, "markup_pct": 30, "infill_pct": 20,
    "support_bands": [], "max_overhang_fraction": 0.3, "auto_limit_pence": 15000,
    "instant_on": false, "review_all": false, "quantity_breaks": []
  }
}'));

-- The owner's sliced jobs: a model and the G-code their slicer made for it, both kept in the upload storage
-- like shoppers' files (the clean-up job counts them as named), with what was read from them. The fit is
-- worked out from these rows whenever they change; nothing derived is stored.
CREATE TABLE calibration_jobs (
  id                TEXT PRIMARY KEY,
  model_filename    TEXT NOT NULL CHECK (length(model_filename) > 0),
  model_stored_name TEXT NOT NULL UNIQUE,
  gcode_filename    TEXT NOT NULL CHECK (length(gcode_filename) > 0),
  gcode_stored_name TEXT NOT NULL UNIQUE,
  analysis          TEXT NOT NULL CHECK (json_valid(analysis)),
  grams             REAL NOT NULL CHECK (grams > 0),
  -- The slicer's estimate; NULL when its G-code gave none and the owner typed the real time instead.
  slicer_minutes    REAL CHECK (slicer_minutes IS NULL OR slicer_minutes > 0),
  -- The time the owner measured on the printer, when they typed it; it wins over the slicer's estimate.
  actual_minutes    REAL CHECK (actual_minutes IS NULL OR actual_minutes > 0),
  created_at        TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  CHECK (slicer_minutes IS NOT NULL OR actual_minutes IS NOT NULL)
) STRICT;
