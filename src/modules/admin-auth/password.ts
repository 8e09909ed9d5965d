import type { Database } from "bun:sqlite";
import { createHash } from "node:crypto";
import { writeTransaction } from "../../db/transaction";
import type { Env } from "../../env";
import { TooManyRequests } from "../../errors";
import { errorFields, log } from "../../log";

type PasswordSettings = Pick<Env, "ADMIN_PASSWORD" | "ADMIN_PASSWORD_HASH">;

/** How much work one argon2id hash of the owner's password costs: memory in KiB and passes. */
export type PasswordCost = { memoryCost: number; timeCost: number };

/**
 * OWASP's recommended argon2id cost: 19 MiB and 2 passes keep a sign-in's
 * memory small on a small server while guessing stays slow (decision 0009).
 */
export const OWNER_PASSWORD_COST: PasswordCost = { memoryCost: 19_456, timeCost: 2 };

/** argon2 is deliberately costly; more checks at once would only queue up memory. */
const CONCURRENT_CHECKS = 2;

/**
 * Checks the owner's password against ADMIN_PASSWORD_HASH (argon2id from
 * `bun run hash-password`) or, failing that, ADMIN_PASSWORD, whose argon2id
 * hash is made once and kept (admin_password_hash), so every check costs the
 * same argon2 work either way and the hash, with the sessions' fingerprint,
 * changes exactly when the password does. A hash made at another cost than
 * `cost` is made anew at the next good sign-in (kept beside the environment's
 * hash it replaces, which cannot be rewritten). With no password configured
 * (development only; production refuses to start) nobody can sign in.
 */
export function createPasswordCheck(env: PasswordSettings, db: Database, cost: PasswordCost = OWNER_PASSWORD_COST) {
  let hash: Promise<string | null> | undefined;
  // A failed look-up (a busy database) is not remembered: the next sign-in tries again.
  const stored = () =>
    (hash ??= currentHash(env, db, cost).catch((error: unknown) => {
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
        const valid = await verifyAgainst(password, expected);
        if (valid && !madeAt(expected, cost)) {
          const remade = await Bun.password.hash(password, { algorithm: "argon2id", ...cost });
          keepHash(db, remade, env.ADMIN_PASSWORD_HASH);
          hash = Promise.resolve(remade);
        }
        return valid;
      } finally {
        checking--;
      }
    },
    /**
     * Names the configured password without revealing it: a SHA-256 of its
     * argon2 hash. Sessions carry it, so a changed password ends them all.
     */
    async fingerprint(): Promise<string | null> {
      // The environment's hash names the password even once a cheaper copy is kept, so re-making it ends no session.
      const expected = env.ADMIN_PASSWORD_HASH ?? (await stored());
      return expected && createHash("sha256").update(`strata admin password\0${expected}`).digest("hex");
    },
  };
}

export type PasswordCheck = ReturnType<typeof createPasswordCheck>;

/**
 * The argon2 hash to check against: the configured one (or the cheaper copy
 * re-made from it at a good sign-in), or the kept hash of the plain password,
 * made anew when it no longer matches the password or the cost.
 */
async function currentHash(env: PasswordSettings, db: Database, cost: PasswordCost): Promise<string | null> {
  const kept = db
    .query<{ argon2id: string; made_from: string | null }, []>("SELECT argon2id, made_from FROM admin_password_hash WHERE id = 1")
    .get();
  if (env.ADMIN_PASSWORD_HASH) {
    const remade = kept && kept.made_from === sourceOf(env.ADMIN_PASSWORD_HASH) && madeAt(kept.argon2id, cost);
    return remade ? kept.argon2id : env.ADMIN_PASSWORD_HASH;
  }
  if (!env.ADMIN_PASSWORD) return null;
  if (kept && kept.made_from === null && madeAt(kept.argon2id, cost) && (await verifyAgainst(env.ADMIN_PASSWORD, kept.argon2id)))
    return kept.argon2id;
  const fresh = await Bun.password.hash(env.ADMIN_PASSWORD, { algorithm: "argon2id", ...cost });
  keepHash(db, fresh, undefined);
  return fresh;
}

/** Keeps the one stored hash: of the plain password, or re-made from the environment's hash (named by its SHA-256). */
function keepHash(db: Database, argon2id: string, madeFromHash: string | undefined): void {
  writeTransaction(db, () =>
    db
      .query(
        `INSERT INTO admin_password_hash (id, argon2id, made_from) VALUES (1, ?, ?)
         ON CONFLICT(id) DO UPDATE SET argon2id = excluded.argon2id, made_from = excluded.made_from,
           created_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
      )
      .run(argon2id, madeFromHash === undefined ? null : sourceOf(madeFromHash)),
  );
}

const sourceOf = (environmentHash: string) => createHash("sha256").update(environmentHash).digest("hex");

/** Whether an argon2id hash was made at this cost (its `m=…,t=…` parameters); a bcrypt or other hash never is. */
function madeAt(hash: string, cost: PasswordCost): boolean {
  const parameters = /^\$argon2id\$v=\d+\$m=(\d+),t=(\d+),p=\d+\$/.exec(hash);
  return parameters !== null && Number(parameters[1]) === cost.memoryCost && Number(parameters[2]) === cost.timeCost;
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
