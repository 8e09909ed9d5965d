-- ALTCHA solutions already accepted, so a captcha token works once only.
-- Only a SHA-256 of the challenge's signature is kept; a row can go once its
-- challenge has expired, because an expired challenge is refused anyway.
CREATE TABLE captcha_spent (
  token_hash TEXT PRIMARY KEY,
  expires_at INTEGER NOT NULL              -- the challenge's expiry, Unix seconds
) STRICT;
CREATE INDEX captcha_spent_by_expiry ON captcha_spent (expires_at);
