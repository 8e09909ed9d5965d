-- The owner's product list a page at a time, in name order (docs/decisions/0064-the-owner-s-products-paged.md): the
-- list walks this index from the cursor (the last product's name and id) and stops at the page, so no page reads or
-- sorts the rest of the catalogue. An index only: an existing shop builds it from its products in place.
CREATE INDEX products_by_name ON products (name COLLATE NOCASE, id);
