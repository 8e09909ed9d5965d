-- The owner's password is checked at a lower argon2 cost than before (19 MiB,
-- 2 passes; decision 0009). A stored hash made at another cost is made anew
-- from the password at the next good sign-in. When ADMIN_PASSWORD_HASH is set
-- the environment's hash cannot be rewritten, so the re-made hash is kept here
-- beside the SHA-256 of the environment's hash it was made from: a changed
-- ADMIN_PASSWORD_HASH no longer matches it and is checked as given. NULL: made
-- from a plain ADMIN_PASSWORD, as before.
ALTER TABLE admin_password_hash ADD COLUMN made_from TEXT;
