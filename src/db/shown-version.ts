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
 * One row of `page_versions`: the product it names (null: may concern any), whether only a figure above
 * the pages' cap moved (migrations/0011_shown_stock.sql), and whether only stock moved at all
 * (migrations/0030_stock_only_changes.sql).
 */
export type ShownChange = { version: number; product_id: string | null; stock_figure_only: number; stock_only: number };

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
  const rowsAfter = db.query<ShownChange, [number]>(
    "SELECT version, product_id, stock_figure_only, stock_only FROM page_versions WHERE version > ? ORDER BY version",
  );
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

    /**
     * The changes after version `from`, oldest first, or null when they cannot all be known: some were
     * pruned (only the newest rows are kept, migrations/0010_page_version.sql) or emptied by hand, so
     * the caller must trust nothing it made before. Versions rise by one per change (AUTOINCREMENT, and
     * a rolled-back write takes its row with it), so a first row past `from + 1` is a gap.
     */
    changesAfter(from: number): ShownChange[] | null {
      const rows = rowsAfter.all(from);
      if (rows.length > 0) shown.reached(rows.at(-1)!.version);
      if (rows.length === 0 ? version < from : rows[0]!.version !== from + 1) return null;
      return rows;
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
     *
     * With `refresh`, a list of products is brought up to date product by product: when every change
     * since the kept read names one product (a sale taking stock, an edit of one product), `refresh` is
     * given the kept value and those products' ids and reads only them; it returns null when it cannot
     * (a product added, say), and so does any change naming no product, a gap in the changes or a new
     * clock period, and then `read` reads everything. At 2,000 products a sale then costs three small
     * queries instead of a read of the whole catalogue (docs/decisions/0038-the-crowd-at-a-large-shop.md).
     */
    readOnce<T>(read: () => T, refresh?: (kept: T, changed: ReadonlySet<string>) => T | null): () => T {
      let kept: { version: number; period: number; value: T } | null = null;
      return () => {
        if (db.inTransaction) return read();
        const version = shown.current();
        const period = shown.clockPeriod();
        if (kept?.version === version && kept.period === period) return kept.value;
        if (refresh && kept?.period === period) {
          const changes = shown.changesAfter(kept.version);
          const changed = new Set(changes?.map((change) => change.product_id));
          if (changes?.length && !changed.has(null)) {
            // Read after the rows: what is read is at least as new as the last change it stands for.
            const refreshed = refresh(kept.value, changed as Set<string>);
            if (refreshed !== null) {
              kept = { version: Math.max(version, changes.at(-1)!.version), period, value: refreshed };
              return refreshed;
            }
          }
        }
        kept = { version, period, value: read() };
        return kept.value;
      };
    },
  };
  return shown;
}
