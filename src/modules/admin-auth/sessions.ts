import type { Database } from "bun:sqlite";
import { createHash, randomBytes } from "node:crypto";

/** Signed-in time without a request before the session ends. */
export const SESSION_IDLE_MS = 8 * 60 * 60_000;
/** The longest a session lives, however busy. */
export const SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60_000;

const hashOf = (id: string) => createHash("sha256").update(id).digest("hex");

/**
 * The owner's sessions. The id given to the browser is 256 random bits; only
 * its hash is stored, and a session ends after 8 idle hours or 7 days.
 */
export function createSessionStore(db: Database, now: () => Date = () => new Date()) {
  return {
    create(userAgent: string | null): string {
      const id = randomBytes(32).toString("base64url");
      const time = now();
      db.query("DELETE FROM admin_sessions WHERE expires_at <= ? OR last_seen_at <= ?").run(
        time.toISOString(),
        new Date(time.getTime() - SESSION_IDLE_MS).toISOString(),
      );
      db.query("INSERT INTO admin_sessions (id_hash, created_at, last_seen_at, expires_at, user_agent) VALUES (?, ?, ?, ?, ?)").run(
        hashOf(id),
        time.toISOString(),
        time.toISOString(),
        new Date(time.getTime() + SESSION_ABSOLUTE_MS).toISOString(),
        userAgent?.slice(0, 300) ?? null,
      );
      return id;
    },

    /** True while the session is live; each use moves its idle end forward. */
    touch(id: string | undefined): boolean {
      if (!id || id.length > 100) return false;
      const time = now();
      const idleCutoff = new Date(time.getTime() - SESSION_IDLE_MS).toISOString();
      const result = db
        .query("UPDATE admin_sessions SET last_seen_at = ? WHERE id_hash = ? AND expires_at > ? AND last_seen_at > ?")
        .run(time.toISOString(), hashOf(id), time.toISOString(), idleCutoff);
      return result.changes === 1;
    },

    destroy(id: string | undefined): void {
      if (id) db.query("DELETE FROM admin_sessions WHERE id_hash = ?").run(hashOf(id));
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
