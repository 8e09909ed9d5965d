import type { Database } from "bun:sqlite";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

export const MIGRATIONS_DIR = join(import.meta.dir, "..", "..", "migrations");

/**
 * Applies migrations/NNNN_name.sql in name order, each inside its own
 * transaction together with its record in schema_migrations, so a failed
 * migration leaves the database exactly as it was. Migrations are forward
 * only: a landed file is never edited, a change is a new file.
 */
export function migrate(db: Database, dir = MIGRATIONS_DIR): string[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    name TEXT PRIMARY KEY,
    applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
  ) STRICT`);
  const applied = new Set(
    db
      .query<{ name: string }, []>("SELECT name FROM schema_migrations")
      .all()
      .map((row) => row.name),
  );
  const pending = readdirSync(dir)
    .filter((file) => /^\d{4}_[\w-]+\.sql$/.test(file))
    .sort()
    .filter((file) => !applied.has(file));

  const record = db.query("INSERT INTO schema_migrations (name) VALUES (?)");
  for (const file of pending) {
    const sql = readFileSync(join(dir, file), "utf8");
    db.transaction(() => {
      db.exec(sql);
      record.run(file);
    }).immediate();
  }
  return pending;
}
