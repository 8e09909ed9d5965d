-- The owner's reads cheap enough for the shop's one event loop (docs/decisions/0037-cheap-owner-reads.md).

-- Search. The compact postcode (capitals, no spaces) moves out of order_search into an index of its own: a search
-- looks for what was typed there too, and in the shared index every trigram of an email or a reference is common,
-- so that second look cost as much as the first; among postcodes alone it finds nothing in a few lookups. The
-- index is made again without that column and merged into one segment (FTS5 'optimize'): a search reads each of
-- its trigrams once per segment, and the index 0025 filled had grown to several.
DROP TRIGGER order_search_added;
DROP TRIGGER order_search_changed;
DROP TRIGGER order_search_removed;
DROP TABLE order_search;

CREATE VIRTUAL TABLE order_search USING fts5(
  reference, name, email, postcode,
  content = '', contentless_delete = 1, tokenize = 'trigram'
);
CREATE VIRTUAL TABLE order_postcode_search USING fts5(
  postcode_compact,
  content = '', contentless_delete = 1, tokenize = 'trigram'
);

INSERT INTO order_search (rowid, reference, name, email, postcode)
SELECT rowid, id, shipping_name, email, shipping_postal_code FROM orders;
INSERT INTO order_postcode_search (rowid, postcode_compact)
SELECT rowid, replace(upper(shipping_postal_code), ' ', '') FROM orders;
INSERT INTO order_search (order_search) VALUES ('optimize');
INSERT INTO order_postcode_search (order_postcode_search) VALUES ('optimize');

CREATE TRIGGER order_search_added AFTER INSERT ON orders
BEGIN
  INSERT INTO order_search (rowid, reference, name, email, postcode)
  VALUES (NEW.rowid, NEW.id, NEW.shipping_name, NEW.email, NEW.shipping_postal_code);
  INSERT INTO order_postcode_search (rowid, postcode_compact) VALUES (NEW.rowid, replace(upper(NEW.shipping_postal_code), ' ', ''));
END;

CREATE TRIGGER order_search_changed AFTER UPDATE OF id, shipping_name, email, shipping_postal_code ON orders
BEGIN
  DELETE FROM order_search WHERE rowid = OLD.rowid;
  INSERT INTO order_search (rowid, reference, name, email, postcode)
  VALUES (NEW.rowid, NEW.id, NEW.shipping_name, NEW.email, NEW.shipping_postal_code);
  DELETE FROM order_postcode_search WHERE rowid = OLD.rowid;
  INSERT INTO order_postcode_search (rowid, postcode_compact) VALUES (NEW.rowid, replace(upper(NEW.shipping_postal_code), ' ', ''));
END;

CREATE TRIGGER order_search_removed AFTER DELETE ON orders
BEGIN
  DELETE FROM order_search WHERE rowid = OLD.rowid;
  DELETE FROM order_postcode_search WHERE rowid = OLD.rowid;
END;

-- Best sellers. The dashboard's 30 days summed from sales_by_hour (migration 0026) grouped some 6,000 hourly rows at
-- 100,000 orders on every call. best_sellers_since holds those sums per best-seller row (product, quoted?, line
-- name) over every hour from best_sellers_window.since on: the triggers below add each change to sales_by_hour at
-- or after that hour as it is written, and the dashboard moves `since` to its period's first hour when it reads,
-- adding or taking out only the hours between (src/modules/admin-orders/best-sellers.ts). Until the first read the
-- window is empty ('9999' is after every hour), so the upgrade fills nothing and the first read sums its 30 days.
CREATE TABLE best_sellers_window (
  id    INTEGER PRIMARY KEY CHECK (id = 1),
  since TEXT NOT NULL
) STRICT;
INSERT INTO best_sellers_window (id, since) VALUES (1, '9999');

CREATE TABLE best_sellers_since (
  product_id   TEXT NOT NULL,
  quoted       INTEGER NOT NULL CHECK (quoted IN (0, 1)),
  product_name TEXT NOT NULL,
  units        INTEGER NOT NULL,
  amount_cents INTEGER NOT NULL,
  PRIMARY KEY (product_id, quoted, product_name)
) STRICT, WITHOUT ROWID;

CREATE TRIGGER best_sellers_hour_added AFTER INSERT ON sales_by_hour
WHEN new.hour >= (SELECT since FROM best_sellers_window)
BEGIN
  INSERT INTO best_sellers_since (product_id, quoted, product_name, units, amount_cents)
  VALUES (new.product_id, new.quoted, new.product_name, new.units, new.amount_cents)
  ON CONFLICT (product_id, quoted, product_name)
  DO UPDATE SET units = units + excluded.units, amount_cents = amount_cents + excluded.amount_cents;
END;
-- The shop only ever changes an hour's units and pence; the key is followed all the same (the sqlite3 shell).
CREATE TRIGGER best_sellers_hour_changed AFTER UPDATE ON sales_by_hour
BEGIN
  UPDATE best_sellers_since SET units = units - old.units, amount_cents = amount_cents - old.amount_cents
  WHERE old.hour >= (SELECT since FROM best_sellers_window)
    AND (product_id, quoted, product_name) = (old.product_id, old.quoted, old.product_name);
  INSERT INTO best_sellers_since (product_id, quoted, product_name, units, amount_cents)
  SELECT new.product_id, new.quoted, new.product_name, new.units, new.amount_cents
  WHERE new.hour >= (SELECT since FROM best_sellers_window)
  ON CONFLICT (product_id, quoted, product_name)
  DO UPDATE SET units = units + excluded.units, amount_cents = amount_cents + excluded.amount_cents;
END;
CREATE TRIGGER best_sellers_hour_removed AFTER DELETE ON sales_by_hour
WHEN old.hour >= (SELECT since FROM best_sellers_window)
BEGIN
  UPDATE best_sellers_since SET units = units - old.units, amount_cents = amount_cents - old.amount_cents
  WHERE (product_id, quoted, product_name) = (old.product_id, old.quoted, old.product_name);
END;

-- Takings. A year read 8,760 hourly rows (takings_by_hour, migration 0026) on every call; takings_by_day holds the same
-- money per UTC day (the hour's first 10 characters), kept from the hourly rows by the triggers below in the same
-- statement. A period starts on a UK midnight, a whole UTC hour: its first UTC day's hours are read by the hour (one
-- hour in summer time, none in winter) and every day after it by the day, so the sum is exact and needs no zone in SQL.
CREATE TABLE takings_by_day (
  day            TEXT PRIMARY KEY,
  paid_cents     INTEGER NOT NULL DEFAULT 0,
  refunded_cents INTEGER NOT NULL DEFAULT 0
) STRICT, WITHOUT ROWID;

INSERT INTO takings_by_day (day, paid_cents, refunded_cents)
SELECT substr(hour, 1, 10), SUM(paid_cents), SUM(refunded_cents) FROM takings_by_hour GROUP BY substr(hour, 1, 10);

CREATE TRIGGER takings_day_hour_added AFTER INSERT ON takings_by_hour
BEGIN
  INSERT INTO takings_by_day (day, paid_cents, refunded_cents) VALUES (substr(new.hour, 1, 10), new.paid_cents, new.refunded_cents)
  ON CONFLICT (day) DO UPDATE SET paid_cents = paid_cents + excluded.paid_cents, refunded_cents = refunded_cents + excluded.refunded_cents;
END;
CREATE TRIGGER takings_day_hour_changed AFTER UPDATE ON takings_by_hour
BEGIN
  UPDATE takings_by_day SET paid_cents = paid_cents - old.paid_cents, refunded_cents = refunded_cents - old.refunded_cents
  WHERE day = substr(old.hour, 1, 10);
  INSERT INTO takings_by_day (day, paid_cents, refunded_cents) VALUES (substr(new.hour, 1, 10), new.paid_cents, new.refunded_cents)
  ON CONFLICT (day) DO UPDATE SET paid_cents = paid_cents + excluded.paid_cents, refunded_cents = refunded_cents + excluded.refunded_cents;
END;
CREATE TRIGGER takings_day_hour_removed AFTER DELETE ON takings_by_hour
BEGIN
  UPDATE takings_by_day SET paid_cents = paid_cents - old.paid_cents, refunded_cents = refunded_cents - old.refunded_cents
  WHERE day = substr(old.hour, 1, 10);
END;
