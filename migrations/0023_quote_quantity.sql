-- A quote line's quantity (decision 0027): amount_cents stays the price of
-- one, the line's total is amount_cents × quantity. Lines sent before this
-- were one of each, so the default keeps every stored quote's total as it was.
-- The ceiling is the quote call's (src/modules/quotes/model.ts).
ALTER TABLE quote_lines ADD COLUMN quantity INTEGER NOT NULL DEFAULT 1 CHECK (quantity BETWEEN 1 AND 1000);

-- What the shop already knows of the payer (a quote's name and email), shown
-- filled in on the demo payment page as Stripe shows customer_email. JSON
-- { name, email }; NULL for a basket's checkout, where the shop knows nobody yet.
ALTER TABLE demo_payment_sessions ADD COLUMN prefill TEXT CHECK (prefill IS NULL OR json_valid(prefill));
