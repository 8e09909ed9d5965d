import type { Database } from "bun:sqlite";
import { createHash } from "node:crypto";
import { writeTransaction } from "../../db/transaction";
import type { Env } from "../../env";

type PasswordSettings = Pick<Env, "ADMIN_PASSWORD" | "ADMIN_PASSWORD_HASH">;

/**
 * Private: not one of content's CONFIG_KEYS, so no configuration endpoint
 * reads it. Holds the argon2id hash of a plain ADMIN_PASSWORD, so the hash
 * (and with it the sessions' fingerprint) stays the same across restarts and
 * changes exactly when the password does.
 */
export const PLAIN_PASSWORD_HASH_CONFIG = "admin_password_argon2id";

/**
 * Checks the owner's password against ADMIN_PASSWORD_HASH (argon2id from
 * `bun run hash-password`) or, failing that, ADMIN_PASSWORD, whose argon2id
 * hash is made once and kept, so every check costs the same argon2 work either
 * way. With no password configured (development only; production refuses to
 * start) nobody can sign in.
 */
export function createPasswordCheck(env: PasswordSettings, db: Database) {
  let hash: Promise<string | null> | undefined;
  // A failed look-up (a busy database) is not remembered: the next sign-in tries again.
  const stored = () =>
    (hash ??= currentHash(env, db).catch((error: unknown) => {
      hash = undefined;
      throw error;
    }));

  return {
    configured: Boolean(env.ADMIN_PASSWORD_HASH || env.ADMIN_PASSWORD),
    async verify(password: string): Promise<boolean> {
      const expected = await stored();
      if (!expected || password.length === 0 || password.length > 1024) return false;
      return verifyAgainst(password, expected);
    },
    /**
     * Names the configured password without revealing it: a SHA-256 of its
     * argon2 hash. Sessions carry it, so a changed password ends them all.
     */
    async fingerprint(): Promise<string | null> {
      const expected = await stored();
      return expected && createHash("sha256").update(`strata admin password\0${expected}`).digest("hex");
    },
  };
}

export type PasswordCheck = ReturnType<typeof createPasswordCheck>;

/** The argon2 hash to check against: the configured one, or the kept hash of the plain password (made anew when it no longer matches). */
async function currentHash(env: PasswordSettings, db: Database): Promise<string | null> {
  if (env.ADMIN_PASSWORD_HASH) return env.ADMIN_PASSWORD_HASH;
  if (!env.ADMIN_PASSWORD) return null;
  const read = () => db.query<{ value: string }, [string]>("SELECT value FROM configuration WHERE key = ?").get(PLAIN_PASSWORD_HASH_CONFIG)?.value;
  const kept = read();
  if (kept && (await verifyAgainst(env.ADMIN_PASSWORD, kept))) return kept;
  const fresh = await Bun.password.hash(env.ADMIN_PASSWORD, "argon2id");
  writeTransaction(db, () =>
    db
      .query(
        `INSERT INTO configuration (key, value) VALUES (?, ?)
         ON CONFLICT(key) DO UPDATE SET value = excluded.value, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
      )
      .run(PLAIN_PASSWORD_HASH_CONFIG, fresh),
  );
  return fresh;
}

async function verifyAgainst(password: string, hash: string): Promise<boolean> {
  try {
    return await Bun.password.verify(password, hash);
  } catch (error) {
    console.error("An admin password hash could not be checked; is ADMIN_PASSWORD_HASH a hash from `bun run hash-password`?", error);
    return false;
  }
}

/** Where the password comes from, for the boot log (never the password itself). */
export function passwordSource(env: PasswordSettings): string {
  if (env.ADMIN_PASSWORD_HASH) return "Admin sign-in: password checked against ADMIN_PASSWORD_HASH.";
  if (env.ADMIN_PASSWORD) return "Admin sign-in: password from ADMIN_PASSWORD.";
  return "Admin sign-in: no ADMIN_PASSWORD or ADMIN_PASSWORD_HASH is set, so nobody can sign in to /admin (set ADMIN_PASSWORD in .env to try it).";
}
