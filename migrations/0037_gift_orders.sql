-- Gift orders (docs/decisions/0049-gift-orders.md): a gift's note card is its message and who it is from. The
-- message already had its column (0028_gift_message.sql), and an order with one is a gift; this adds the name. Every
-- order already there keeps its message as its gift's, with no name, and is printed as it was typed (up to the 300
-- characters the checkout took then; new gifts are held to 250 by the checkout). A name needs a message.
ALTER TABLE checkouts ADD COLUMN gift_from TEXT
  CHECK (gift_from IS NULL OR (gift_message IS NOT NULL AND length(gift_from) BETWEEN 1 AND 60));
ALTER TABLE orders ADD COLUMN gift_from TEXT
  CHECK (gift_from IS NULL OR (gift_message IS NOT NULL AND length(gift_from) BETWEEN 1 AND 60));
