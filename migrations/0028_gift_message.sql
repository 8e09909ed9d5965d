-- A shopper's gift message (docs/architecture.md, "Add a field to an order"): typed in the basket, kept on the
-- checkout until it is paid, then on its order, where the packing slip prints it for the parcel. Optional, so
-- every checkout and order already there simply has none. The cap is the checkout call's (300 characters).
ALTER TABLE checkouts ADD COLUMN gift_message TEXT CHECK (gift_message IS NULL OR length(gift_message) BETWEEN 1 AND 300);
ALTER TABLE orders ADD COLUMN gift_message TEXT CHECK (gift_message IS NULL OR length(gift_message) BETWEEN 1 AND 300);
