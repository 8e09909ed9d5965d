-- Who a checkout's hold belongs to, so one address cannot hold the shelves
-- (docs/decisions/0006-checkout-holds-and-fulfilment.md). `holder` is an HMAC-SHA256 of the client
-- address under the shop's random `checkout_holder_key` (made on the first
-- checkout, src/modules/checkout/holder-key.ts): enough to count one
-- address's held units, never the address itself. `basket_id` is the
-- browser's stable basket identity: a newer checkout from the same basket
-- replaces an older unpaid one at once.
ALTER TABLE checkouts ADD COLUMN holder TEXT;
ALTER TABLE checkouts ADD COLUMN basket_id TEXT;
CREATE INDEX checkouts_held_by_holder ON checkouts (holder) WHERE hold = 'held';
CREATE INDEX checkouts_held_by_basket ON checkouts (basket_id) WHERE hold = 'held';
