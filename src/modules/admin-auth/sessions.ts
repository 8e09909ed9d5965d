import type { Database } from "bun:sqlite";
import { createHash, randomBytes } from "node:crypto";

/** Signed-in time without a request before the session ends. */
const SESSION_IDLE_MS = 8 * 60 * 60_000;
/** The longest a session lives, however busy. */
export const SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60_000;

/** What create() hands out: 32 random bytes as base64url. */
const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;

const hashOf = (id: string) => createHash("sha256").update(id).digest("hex");

/**
 * The session id in a cookie value, or undefined. The framework turns a
 * cookie that looks like JSON or a number into an object or a number, and a
 * browser may send anything at all: whatever is not an id we issued is simply
 * no session, never an error.
 */
function sessionIdFrom(cookieValue: unknown): string | undefined {
  return typeof cookieValue === "string" && SESSION_ID.test(cookieValue) ? cookieValue : undefined;
}

/**
 * The owner's sessions. The id given to the browser is 256 random bits; only
 * its hash is stored, and a session ends after 8 idle hours, after 7 days, or
 * as soon as the configured password is no longer the one it was made under
 * (`passwordFingerprint`, from the password check).
 */
export function createSessionStore(db: Database, passwordFingerprint: () => Promise<string | null>, now: () => Date = () => new Date()) {
  let sweptFor: string | undefined;
  /** The current fingerprint; the first time a process sees it, sessions made under any other password go. */
  async function currentFingerprint(): Promise<string | null> {
    const fingerprint = await passwordFingerprint();
    if (fingerprint && sweptFor !== fingerprint) {
      db.query("DELETE FROM admin_sessions WHERE password_fingerprint <> ?").run(fingerprint);
      sweptFor = fingerprint;
    }
    return fingerprint;
  }

  return {
    async create(userAgent: string | null): Promise<string> {
      const fingerprint = await currentFingerprint();
      if (!fingerprint) throw new Error("A session needs a configured admin password.");
      const id = randomBytes(32).toString("base64url");
      const time = now();
      db.query("DELETE FROM admin_sessions WHERE expires_at <= ? OR last_seen_at <= ?").run(
        time.toISOString(),
        new Date(time.getTime() - SESSION_IDLE_MS).toISOString(),
      );
      db.query(
        "INSERT INTO admin_sessions (id_hash, created_at, last_seen_at, expires_at, user_agent, password_fingerprint) VALUES (?, ?, ?, ?, ?, ?)",
      ).run(
        hashOf(id),
        time.toISOString(),
        time.toISOString(),
        new Date(time.getTime() + SESSION_ABSOLUTE_MS).toISOString(),
        userAgent?.slice(0, 300) ?? null,
        fingerprint,
      );
      return id;
    },

    /** True while the cookie names a live session made under the current password; each use moves its idle end forward. */
    async touch(cookieValue: unknown): Promise<boolean> {
      const id = sessionIdFrom(cookieValue);
      if (!id) return false;
      const fingerprint = await currentFingerprint();
      if (!fingerprint) return false;
      const time = now();
      const idleCutoff = new Date(time.getTime() - SESSION_IDLE_MS).toISOString();
      const result = db
        .query(
          "UPDATE admin_sessions SET last_seen_at = ? WHERE id_hash = ? AND expires_at > ? AND last_seen_at > ? AND password_fingerprint = ?",
        )
        .run(time.toISOString(), hashOf(id), time.toISOString(), idleCutoff, fingerprint);
      return result.changes === 1;
    },

    destroy(cookieValue: unknown): void {
      const id = sessionIdFrom(cookieValue);
      if (id) db.query("DELETE FROM admin_sessions WHERE id_hash = ?").run(hashOf(id));
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
