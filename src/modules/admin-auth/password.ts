import type { Database } from "bun:sqlite";
import { createHash } from "node:crypto";
import { writeTransaction } from "../../db/transaction";
import type { Env } from "../../env";
import { TooManyRequests } from "../../errors";
import { errorFields, log } from "../../log";

type PasswordSettings = Pick<Env, "ADMIN_PASSWORD" | "ADMIN_PASSWORD_HASH">;

/** argon2 is deliberately costly; more checks at once would only queue up memory. */
const CONCURRENT_CHECKS = 2;

/**
 * Checks the owner's password against ADMIN_PASSWORD_HASH (argon2id from
 * `bun run hash-password`) or, failing that, ADMIN_PASSWORD, whose argon2id
 * hash is made once and kept (admin_password_hash), so every check costs the
 * same argon2 work either way and the hash, with the sessions' fingerprint,
 * changes exactly when the password does. With no password configured (development only; production refuses to
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

  let checking = 0;

  return {
    configured: Boolean(env.ADMIN_PASSWORD_HASH || env.ADMIN_PASSWORD),
    /** Refuses with 429 at once while CONCURRENT_CHECKS are already running. */
    async verify(password: string): Promise<boolean> {
      if (checking >= CONCURRENT_CHECKS) throw new TooManyRequests(1, "Too many sign-in attempts at once. Please try again in a moment.");
      checking++;
      try {
        const expected = await stored();
        if (!expected || password.length === 0 || password.length > 1024) return false;
        return await verifyAgainst(password, expected);
      } finally {
        checking--;
      }
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
  const kept = db.query<{ argon2id: string }, []>("SELECT argon2id FROM admin_password_hash WHERE id = 1").get()?.argon2id;
  if (kept && (await verifyAgainst(env.ADMIN_PASSWORD, kept))) return kept;
  const fresh = await Bun.password.hash(env.ADMIN_PASSWORD, "argon2id");
  writeTransaction(db, () =>
    db
      .query(
        `INSERT INTO admin_password_hash (id, argon2id) VALUES (1, ?)
         ON CONFLICT(id) DO UPDATE SET argon2id = excluded.argon2id, created_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
      )
      .run(fresh),
  );
  return fresh;
}

async function verifyAgainst(password: string, hash: string): Promise<boolean> {
  try {
    return await Bun.password.verify(password, hash);
  } catch (error) {
    log(
      "error",
      "An admin password hash could not be checked; is ADMIN_PASSWORD_HASH a hash from `bun run hash-password`?",
      errorFields(error),
    );
    return false;
  }
}

/** Where the password comes from, for the boot log (never the password itself). */
export function passwordSource(env: PasswordSettings): string {
  if (env.ADMIN_PASSWORD_HASH) return "Admin sign-in: password checked against ADMIN_PASSWORD_HASH.";
  if (env.ADMIN_PASSWORD) return "Admin sign-in: password from ADMIN_PASSWORD.";
  return "Admin sign-in: no ADMIN_PASSWORD or ADMIN_PASSWORD_HASH is set, so nobody can sign in to /admin (set ADMIN_PASSWORD in .env to try it).";
}
