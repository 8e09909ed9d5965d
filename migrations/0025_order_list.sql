-- The owner's order list stays one page at any history (docs/decisions/0030-order-store-paging-and-search.md).

-- Keyset paging newest first: ORDER BY created_at DESC, rowid DESC walks these backwards with no sort. The
-- older DESC indexes (0001, 0015) keep rowid ascending within a moment, so the planner sorted every page.
CREATE INDEX orders_newest ON orders (created_at);
CREATE INDEX orders_newest_by_status ON orders (status, created_at);

-- Late payments still to give back: the dashboard reads them without passing over every other order.
CREATE INDEX orders_refund_required ON orders (created_at) WHERE refund_required = 1;

-- How many orders have each status, kept by the triggers below in the same write as the order, so the
-- list's X-Total-Count and the dashboard's count never count the table.
CREATE TABLE order_counts (
  status TEXT PRIMARY KEY,
  orders INTEGER NOT NULL CHECK (orders >= 0)
) STRICT, WITHOUT ROWID;

INSERT INTO order_counts (status, orders) SELECT status, COUNT(*) FROM orders GROUP BY status;

CREATE TRIGGER order_counts_added AFTER INSERT ON orders
BEGIN
  INSERT INTO order_counts (status, orders) VALUES (NEW.status, 1)
    ON CONFLICT (status) DO UPDATE SET orders = orders + 1;
END;

CREATE TRIGGER order_counts_removed AFTER DELETE ON orders
BEGIN
  UPDATE order_counts SET orders = orders - 1 WHERE status = OLD.status;
END;

CREATE TRIGGER order_counts_moved AFTER UPDATE OF status ON orders WHEN OLD.status IS NOT NEW.status
BEGIN
  UPDATE order_counts SET orders = orders - 1 WHERE status = OLD.status;
  INSERT INTO order_counts (status, orders) VALUES (NEW.status, 1)
    ON CONFLICT (status) DO UPDATE SET orders = orders + 1;
END;

-- The owner's search: reference, name, email and postcode, found by any part of three characters or more
-- (the trigram tokenizer, case-insensitive). The postcode is indexed twice, as typed and as capitals without
-- spaces, so "sw1a1aa" and "SW1A 1AA" find each other. Contentless: it keeps only the index, and each entry's
-- rowid is its order's rowid, so a search answers order rowids without reading any text back. (The shop never
-- runs VACUUM, which may renumber the rowids of a table without an INTEGER PRIMARY KEY; one that did would
-- rebuild this index in the same go.)
CREATE VIRTUAL TABLE order_search USING fts5(
  reference, name, email, postcode, postcode_compact,
  content = '', contentless_delete = 1, tokenize = 'trigram'
);

INSERT INTO order_search (rowid, reference, name, email, postcode, postcode_compact)
SELECT rowid, id, shipping_name, email, shipping_postal_code, replace(upper(shipping_postal_code), ' ', '') FROM orders;

CREATE TRIGGER order_search_added AFTER INSERT ON orders
BEGIN
  INSERT INTO order_search (rowid, reference, name, email, postcode, postcode_compact)
  VALUES (NEW.rowid, NEW.id, NEW.shipping_name, NEW.email, NEW.shipping_postal_code, replace(upper(NEW.shipping_postal_code), ' ', ''));
END;

CREATE TRIGGER order_search_changed AFTER UPDATE OF id, shipping_name, email, shipping_postal_code ON orders
BEGIN
  DELETE FROM order_search WHERE rowid = OLD.rowid;
  INSERT INTO order_search (rowid, reference, name, email, postcode, postcode_compact)
  VALUES (NEW.rowid, NEW.id, NEW.shipping_name, NEW.email, NEW.shipping_postal_code, replace(upper(NEW.shipping_postal_code), ' ', ''));
END;

CREATE TRIGGER order_search_removed AFTER DELETE ON orders
BEGIN
  DELETE FROM order_search WHERE rowid = OLD.rowid;
END;
