-- A discount code's use limit is a limit, and one upload is one order (decision 0025)
-- (docs/decisions/0025).

-- A checkout that still holds its stock and carries a code holds one use of it:
-- the checkout counts `uses + held checkouts` against `max_uses` inside its
-- transaction, so this index finds a code's held checkouts without a scan.
CREATE INDEX checkouts_held_by_discount_code ON checkouts (discount_code) WHERE hold = 'held' AND discount_code IS NOT NULL;

-- Which checkouts name an upload: the checkout refuses a token another
-- checkout waiting for payment names (src/modules/checkout/price-basket.ts).
CREATE INDEX checkout_lines_by_gpx_token ON checkout_lines (json_extract(meta, '$.gpxToken'));
CREATE INDEX checkout_lines_by_image_token ON checkout_lines (json_extract(meta, '$.imageToken'));

-- A payment that arrived after its checkout had given its use back, when the
-- code's uses were by then all taken: the order stands (money taken is never
-- lost), and the owner is told the code went past its limit.
ALTER TABLE orders ADD COLUMN discount_over_limit INTEGER NOT NULL DEFAULT 0 CHECK (discount_over_limit IN (0, 1));
