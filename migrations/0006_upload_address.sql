-- Who sent each shopper file, as a keyed hash of their address (never the
-- address itself), so the shop can cap what one address keeps on its disk.
-- Rows from before this migration have none and count only shop-wide.
ALTER TABLE uploads ADD COLUMN address_hash TEXT;
CREATE INDEX uploads_unattached_by_address ON uploads (address_hash) WHERE order_id IS NULL;
ALTER TABLE custom_requests ADD COLUMN address_hash TEXT;
CREATE INDEX custom_requests_by_address ON custom_requests (address_hash, created_at);

