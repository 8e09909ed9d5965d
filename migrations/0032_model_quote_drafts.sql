-- "Ask for a price" on a model the instant price cannot cover (docs/decisions/0042-instant-prices-calls-and-checkout.md):
-- the custom request it makes carries a quote draft, the lines the estimate filled in, so the owner's quote
-- editor opens with them. A draft is not a quote (nothing is sent until the owner sends it), so it lives with
-- the request: NULL for every request made any other way, and for every request made before this.
ALTER TABLE custom_requests ADD COLUMN quote_draft TEXT CHECK (quote_draft IS NULL OR json_valid(quote_draft));
