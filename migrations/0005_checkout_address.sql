-- Who a checkout's hold belongs to, so one address cannot hold the shelves
-- (issue 11, docs/decisions/0006). `holder` is an HMAC-SHA256 of the client
-- address under `checkout_holder_key` below: enough to count one address's
-- held units, never the address itself. `basket_id` is the browser's stable
-- basket identity: a newer checkout from the same basket replaces an older
-- unpaid one at once.
ALTER TABLE checkouts ADD COLUMN holder TEXT;
ALTER TABLE checkouts ADD COLUMN basket_id TEXT;
CREATE INDEX checkouts_held_by_holder ON checkouts (holder) WHERE hold = 'held';
CREATE INDEX checkouts_held_by_basket ON checkouts (basket_id) WHERE hold = 'held';

-- The key of that hash: random per shop, made once, never shown by any
-- configuration endpoint (not one of content's CONFIG_KEYS).
INSERT INTO configuration (key, value) VALUES ('checkout_holder_key', lower(hex(randomblob(32))))
  ON CONFLICT(key) DO NOTHING;
