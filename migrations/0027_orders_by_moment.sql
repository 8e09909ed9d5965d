-- The orders export reads a range of days a page at a time, oldest first (created_at, rowid), each page
-- starting where the last one ended (docs/decisions/0032-exports-off-the-main-thread.md). The index of 0001
-- runs newest first with rowid ascending within a moment, so every page sorted what was left of the range.
-- An ascending index on created_at holds its rows in (created_at, rowid) order: a page is a range scan.
-- The owner's order list walks the same index backwards (newest first); the migration that brought that list
-- its keyset paging makes this very index under this name, so here it is made only if it is missing.
CREATE INDEX IF NOT EXISTS orders_newest ON orders (created_at);
