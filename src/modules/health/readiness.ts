import type { Database } from "bun:sqlite";
import { readdirSync, statfsSync } from "node:fs";
import { MIGRATIONS_DIR } from "../../db/migrate";

/** Below this the next upload or a WAL checkpoint may fail half-way: stop taking traffic first. */
export const MIN_FREE_BYTES = 100 * 1024 * 1024;

export type ReadinessOptions = {
  dataDir: string;
  migrationsDir: string;
  minFreeBytes: number;
  /** Bytes free to this process on the volume holding `dir`. */
  freeBytes: (dir: string) => number;
};

export function freeBytesOn(dir: string): number {
  const stats = statfsSync(dir);
  return Number(stats.bavail) * Number(stats.bsize);
}

/** Returns a function listing what keeps the shop from being ready; empty when ready. */
function createReadinessCheck(db: Database, options: Partial<ReadinessOptions> & { dataDir: string }) {
  const { dataDir, migrationsDir = MIGRATIONS_DIR, minFreeBytes = MIN_FREE_BYTES, freeBytes = freeBytesOn } = options;

  function pendingMigrations(): string[] {
    const applied = new Set(
      db
        .query<{ name: string }, []>("SELECT name FROM schema_migrations")
        .all()
        .map((row) => row.name),
    );
    return readdirSync(migrationsDir)
      .filter((file) => /^\d{4}_[\w-]+\.sql$/.test(file))
      .filter((file) => !applied.has(file));
  }

  // A real write, rolled back: proves the file is not read-only and the write
  // lock can be had (busy_timeout bounds the wait), without leaving a trace.
  function probeWrite(): void {
    db.exec("BEGIN IMMEDIATE");
    try {
      db.query("INSERT INTO schema_migrations (name) VALUES ('readyz-write-probe')").run();
    } finally {
      db.exec("ROLLBACK");
    }
  }

  return function problems(): string[] {
    const found: string[] = [];
    try {
      const pending = pendingMigrations();
      if (pending.length > 0) found.push(`Migrations not applied: ${pending.join(", ")}.`);
    } catch {
      found.push("The database is not answering.");
      return found;
    }
    try {
      probeWrite();
    } catch {
      found.push("The database is not writable.");
    }
    try {
      const free = freeBytes(dataDir);
      if (free < minFreeBytes) {
        found.push(
          `Only ${Math.floor(free / 1024 / 1024)} MB free on the data volume (at least ${Math.floor(minFreeBytes / 1024 / 1024)} MB needed).`,
        );
      }
    } catch {
      found.push("The data folder cannot be read.");
    }
    return found;
  };
}

export type HealthChecks = ReturnType<typeof createHealthChecks>;

/** /healthz's question (does the database answer?) and /readyz's (what keeps the shop from taking orders?). */
export function createHealthChecks(db: Database, options: Partial<ReadinessOptions> & { dataDir: string }) {
  const probe = db.query<{ ok: number }, []>("SELECT 1 AS ok");
  return {
    alive(): boolean {
      try {
        probe.get();
        return true;
      } catch {
        return false;
      }
    },
    problems: createReadinessCheck(db, options),
  };
}
