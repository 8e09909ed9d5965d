-- Reads that walked a table growing with the shop's history get the index they need
-- (docs/decisions/0059-every-list-bounded.md). Indexes only: an existing shop builds them from its rows in place.

-- Every order answer (the shopper's order page and confirmation, the owner's order screen) lists the order's files
-- deleted after dispatch, and the hourly clean-up marks a dispatched order's files: both by order, which read every
-- upload ever kept. Only a paid order's uploads have an order_id; the unpaid ones have their own indexes.
CREATE INDEX uploads_by_order ON uploads (order_id) WHERE order_id IS NOT NULL;

-- The hourly clean-up starts from the paid orders' uploads still on disk: this holds only those (the orders within
-- the keeping time and those not yet dispatched), never the removed files of earlier years.
CREATE INDEX uploads_kept_by_order ON uploads (order_id) WHERE order_id IS NOT NULL AND removed_at IS NULL;

-- The quote an order was paid by: the owner's order screen ("from the custom request of …"), the removed files of a
-- quoted order, and the clean-up's request attachments (read from the paid quotes alone). Only a paid quote has an
-- order_id.
CREATE INDEX quotes_by_order ON quotes (order_id) WHERE order_id IS NOT NULL;

-- The quotes still waiting for the shopper, by their last day: the owner's digest reads these, not every quote.
CREATE INDEX quotes_waiting_by_day ON quotes (valid_until, id) WHERE status = 'sent';

-- The owner's custom requests, newest first, a page at a time by (created_at, rowid): an index in ascending order
-- walked backwards gives both terms descending. The old index was (created_at DESC), whose rowids run ascending
-- within a moment, so the list sorted every request to order its ties; nothing else read it.
DROP INDEX custom_requests_by_created;
CREATE INDEX custom_requests_newest ON custom_requests (created_at);

-- The dashboard's count of active requests reads only the open and in-progress ones.
CREATE INDEX custom_requests_active ON custom_requests (status) WHERE status IN ('open', 'in_progress');

-- The hourly reminders and defaults read the holds still waiting for the shopper, oldest first: only those, never
-- every question asked in the shop's history.
CREATE INDEX order_holds_waiting ON order_holds (created_at) WHERE status = 'waiting';

-- The hourly orphan sweep names every file the shop still keeps, to compare with the files on disk: these hold the
-- rows whose file is kept alone (the removed ones of earlier years are not in them). removed_at (always NULL there) is
-- a column too, so each index covers its read: SQLite counts an index as covering only for the columns it holds.
CREATE INDEX uploads_on_disk ON uploads (stored_name, removed_at) WHERE removed_at IS NULL;
CREATE INDEX custom_request_attachments_on_disk ON custom_request_attachments (stored_name, removed_at) WHERE removed_at IS NULL;
