-- Quotes (docs/decisions/0014-quotes.md): the shopper's answer to a quote, and the payment sessions opened for one.

-- What the shopper wrote when asking for changes or declining, and when.
ALTER TABLE quotes ADD COLUMN shopper_message TEXT;
ALTER TABLE quotes ADD COLUMN responded_at TEXT;

-- A checkout opened by accepting a quote (NULL for a basket's checkout). Its
-- lines are the quote's lines and hold no stock; the order it becomes marks
-- the quote paid in the same transaction (src/modules/checkout/fulfil.ts).
ALTER TABLE checkouts ADD COLUMN quote_id TEXT REFERENCES quotes(id);
CREATE INDEX checkouts_by_quote ON checkouts (quote_id) WHERE quote_id IS NOT NULL;
