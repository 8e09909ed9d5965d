-- "Needs your input" (docs/decisions/0048-order-holds.md): the owner pauses a paid order for the shopper's answer.
-- An order has any number of holds, at most one open (waiting for the shopper, or changes asked and the owner's
-- next proof round not sent yet). Each proof round is a version, kept as sent: its message, pictures and time never
-- change, and it takes the shopper's answer once.
CREATE TABLE order_holds (
  id             TEXT PRIMARY KEY,
  order_id       TEXT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  reason         TEXT NOT NULL CHECK (reason IN ('photo_quality', 'route_edge', 'model_printability', 'confirm_text', 'approve_proof', 'other')),
  status         TEXT NOT NULL DEFAULT 'waiting' CHECK (status IN ('waiting', 'approved', 'changes_requested', 'cancelled', 'lapsed')),
  line_index     INTEGER CHECK (line_index IS NULL OR line_index >= 0),
  allow_cancel   INTEGER NOT NULL CHECK (allow_cancel IN (0, 1)),
  default_action TEXT NOT NULL CHECK (default_action IN ('approve', 'wait')),
  window_days    INTEGER NOT NULL CHECK (window_days BETWEEN 1 AND 60),
  -- SHA-256 of the link's token (256 random bits): the token itself is only in the shopper's email.
  token_hash     TEXT NOT NULL,
  -- The promise as it stood when the hold opened, and the working days it still had: the clock stops while the
  -- hold is open and starts again from the answer with the days that were left.
  paused_dispatch_by TEXT,
  days_left      INTEGER CHECK (days_left IS NULL OR days_left >= 0),
  created_at     TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  closed_at      TEXT,
  CHECK ((status IN ('waiting', 'changes_requested')) = (closed_at IS NULL))
) STRICT;
CREATE INDEX order_holds_by_order ON order_holds (order_id, created_at);
-- One open hold per order, enforced by the schema as well as by the call.
CREATE UNIQUE INDEX order_holds_one_open ON order_holds (order_id) WHERE status IN ('waiting', 'changes_requested');

CREATE TABLE order_hold_versions (
  hold_id        TEXT NOT NULL REFERENCES order_holds(id) ON DELETE CASCADE,
  version        INTEGER NOT NULL CHECK (version >= 1),
  message        TEXT NOT NULL,
  proof_urls     TEXT NOT NULL CHECK (json_valid(proof_urls) AND json_type(proof_urls) = 'array'),
  sent_at        TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  answer         TEXT CHECK (answer IS NULL OR answer IN ('approved', 'changes_requested', 'cancelled', 'lapsed')),
  answer_message TEXT,
  -- The shopper's replacement file (an uploads token) sent with "Ask for a change".
  replacement_token TEXT,
  answered_at    TEXT,
  PRIMARY KEY (hold_id, version)
) STRICT;

-- A version is kept as sent; its answer is written once.
CREATE TRIGGER order_hold_versions_kept BEFORE UPDATE OF hold_id, version, message, proof_urls, sent_at ON order_hold_versions
BEGIN SELECT RAISE(ABORT, 'a proof round is kept as sent'); END;
CREATE TRIGGER order_hold_versions_answered_once BEFORE UPDATE OF answer ON order_hold_versions WHEN old.answer IS NOT NULL
BEGIN SELECT RAISE(ABORT, 'a proof round is answered once'); END;
