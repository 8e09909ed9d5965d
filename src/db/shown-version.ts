import type { Database } from "bun:sqlite";
import { createCommitSignal } from "./commit-signal";

/**
 * What storefront pages show also changes with the clock alone: each promises a dispatch date that
 * moves at the cut-off hour or at UK midnight, both whole UK hours, and a UK hour begins when a UTC
 * hour does. So nothing read or made for pages outlives the clock hour it was made in.
 */
export const SHOWN_CLOCK_PERIOD_MS = 60 * 60_000;

/** How long a read of page_versions stands for writes by other connections (this connection's are seen at once). */
export const EXTERNAL_CHECK_MS = 1;

export type ShownVersion = ReturnType<typeof createShownVersion>;

/**
 * The newest row of `page_versions` (migrations/0010_page_version.sql): it moves with each change
 * to what storefront pages show (products, their pictures, variants and shown stock, categories,
 * projects, configuration), from this process or any other, and with nothing else.
 *
 * Reading it is a read transaction (~5 µs, a file lock), as much as a whole kept answer from memory,
 * so it is read only when it may have moved: when the WAL index says a transaction was committed since
 * (src/db/commit-signal.ts: by this connection or any other, seen at once, a few nanoseconds a check),
 * and always inside a transaction of this connection, whose rows it sees. Where there is no WAL index
 * to read, when this connection's total_changes() moved (any write here, a rolled-back one included),
 * and otherwise at most once every EXTERNAL_CHECK_MS for other connections' writes.
 * See docs/decisions/0008-performance.md and docs/decisions/0039-kept-answers-before-routing.md.
 */
export function createShownVersion(db: Database, now: () => number = Date.now) {
  const totalChanges = db.query<{ n: number }, []>("SELECT total_changes() AS n");
  const newestVersion = db.query<{ version: number | null }, []>("SELECT max(version) AS version FROM page_versions");
  let version = -1;
  let changesSeen = -1;
  let versionReadAt = -Number.MAX_VALUE;
  const commits = createCommitSignal(db);

  const shown = {
    /**
     * The newest version at `time` (the clock's milliseconds, read by a caller that has it already); throws
     * when the database cannot be read (closed), and the next call reads again.
     */
    current(time: number = now()): number {
      if (commits) {
        // `inTransaction` also throws once the database is closed, as the reads below do.
        if (db.inTransaction || commits.committed()) {
          try {
            version = newestVersion.get()?.version ?? 0;
          } catch (error) {
            commits.forget();
            throw error;
          }
        }
        return version;
      }
      const changes = totalChanges.get()?.n ?? 0;
      if (changes !== changesSeen || time - versionReadAt >= EXTERNAL_CHECK_MS) {
        version = newestVersion.get()?.version ?? 0;
        changesSeen = changes;
        versionReadAt = time;
      }
      return version;
    },

    /** A version its caller read from the rows themselves (another connection's newer write): taken as read. */
    reached(seen: number): void {
      version = Math.max(version, seen);
    },

    /** The clock period (SHOWN_CLOCK_PERIOD_MS) it is now, for what must be made again when one begins. */
    clockPeriod(): number {
      return Math.floor(now() / SHOWN_CLOCK_PERIOD_MS);
    },

    /**
     * `read`, called again only when what pages show changed or a clock period began: for reads every
     * kept page after a change makes again (the product list, the configuration), which would otherwise
     * run once per page. Callers must not change what it returns (`freeze` it where it is built).
     * Inside a transaction it always reads: rows written there may yet be rolled back.
     */
    readOnce<T>(read: () => T): () => T {
      let kept: { version: number; period: number; value: T } | null = null;
      return () => {
        if (db.inTransaction) return read();
        const version = shown.current();
        const period = shown.clockPeriod();
        if (kept?.version !== version || kept.period !== period) kept = { version, period, value: read() };
        return kept.value;
      };
    },
  };
  return shown;
}
