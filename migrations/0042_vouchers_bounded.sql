-- The owner's gift-voucher screen reads no more as the shop's history grows (docs/decisions/0058-vouchers-bounded.md).

-- Sold and spent over every voucher: one row, kept by the trigger below in the same write as each ledger row (the
-- ledger's rows are never changed or deleted, its own triggers refuse it, so an insert is the only change to follow).
-- sold: what issue rows added; spent: what spend rows took, less what refund rows put back.
CREATE TABLE gift_voucher_totals (
  id          INTEGER PRIMARY KEY CHECK (id = 1),
  sold_pence  INTEGER NOT NULL,
  spent_pence INTEGER NOT NULL
) STRICT;

INSERT INTO gift_voucher_totals (id, sold_pence, spent_pence)
SELECT 1,
  COALESCE(SUM(CASE WHEN kind = 'issue' THEN amount_pence END), 0),
  COALESCE(-SUM(CASE WHEN kind IN ('spend', 'refund') THEN amount_pence END), 0)
FROM gift_voucher_ledger;

CREATE TRIGGER gift_voucher_totals_added AFTER INSERT ON gift_voucher_ledger
WHEN new.kind IN ('issue', 'spend', 'refund')
BEGIN
  UPDATE gift_voucher_totals SET
    sold_pence = sold_pence + CASE WHEN new.kind = 'issue' THEN new.amount_pence ELSE 0 END,
    spent_pence = spent_pence - CASE WHEN new.kind IN ('spend', 'refund') THEN new.amount_pence ELSE 0 END
  WHERE id = 1;
END;

-- What is left to spend: only vouchers not void with something left are in this index, by their last day, so the
-- sum from today on reads the vouchers still valid and never the expired, void or spent ones of earlier years.
-- voided_at (always NULL here) is a column too: SQLite counts an index as covering only for the columns it holds,
-- and without it each voucher's row would be read to test the condition the index already guarantees.
CREATE INDEX gift_vouchers_spendable ON gift_vouchers (expires_on, balance_pence, voided_at)
WHERE voided_at IS NULL AND balance_pence > 0;

-- Search by part of the buyer's or the recipient's email: a trigram index as the orders' (migration 0029), keyed by
-- the voucher's rowid, contentless (the emails stay in gift_vouchers), filled here and kept by the triggers below. A
-- voucher is never deleted (its issue row in the ledger, never deleted either, refers to it), so none is needed for that.
-- (As there: the shop never runs VACUUM, which may renumber the rowids of a table without an INTEGER PRIMARY KEY;
-- one that did would rebuild this index in the same go.)
CREATE VIRTUAL TABLE gift_voucher_search USING fts5(
  buyer_email, recipient_email,
  content = '', contentless_delete = 1, tokenize = 'trigram'
);

INSERT INTO gift_voucher_search (rowid, buyer_email, recipient_email)
SELECT rowid, buyer_email, recipient_email FROM gift_vouchers;
INSERT INTO gift_voucher_search (gift_voucher_search) VALUES ('optimize');

CREATE TRIGGER gift_voucher_search_added AFTER INSERT ON gift_vouchers
BEGIN
  INSERT INTO gift_voucher_search (rowid, buyer_email, recipient_email) VALUES (new.rowid, new.buyer_email, new.recipient_email);
END;

CREATE TRIGGER gift_voucher_search_changed AFTER UPDATE OF buyer_email, recipient_email ON gift_vouchers
BEGIN
  DELETE FROM gift_voucher_search WHERE rowid = old.rowid;
  INSERT INTO gift_voucher_search (rowid, buyer_email, recipient_email) VALUES (new.rowid, new.buyer_email, new.recipient_email);
END;
