import { Database } from "bun:sqlite";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";

/**
 * How many distinct statements `db.query` keeps prepared per connection, least recently used out first.
 * Bun keeps 20; a checkout alone asks for more than that by name on each call (the stock hold, the
 * checkout's rows, the payment session, the order's emails), so each was prepared again every time: about
 * a tenth of a checkout's CPU. A prepared statement holds ~10–25 kB, so this bounds them at a few MB
 * (docs/decisions/0038-the-crowd-at-a-large-shop.md).
 */
export const STATEMENTS_KEPT = 128;
Database.MAX_QUERY_CACHE_SIZE = STATEMENTS_KEPT;

/**
 * Opens the shop's single SQLite file with the settings every connection
 * needs: WAL so readers never block the writer (and Litestream can stream),
 * a busy timeout so concurrent writers queue instead of failing, and foreign
 * keys, which SQLite leaves off unless asked.
 */
export function openDatabase(file: string): Database {
  if (file !== ":memory:") mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file, { create: true, strict: true });
  db.exec("PRAGMA journal_mode = WAL");
  db.exec("PRAGMA busy_timeout = 5000");
  db.exec("PRAGMA synchronous = NORMAL");
  db.exec("PRAGMA foreign_keys = ON");
  return db;
}

/**
 * A second, read-only connection to the same file, for reads that run off the
 * main thread (the orders export's worker, docs/decisions/0032-exports-off-the-main-thread.md).
 * WAL lets it read a committed snapshot while the shop writes; opened read-only,
 * SQLite itself refuses any write through it. It never sets the journal mode: the
 * shop's own connection made the file WAL, and a reader may not change that.
 */
export function openReadOnlyDatabase(file: string): Database {
  const db = new Database(file, { readonly: true, strict: true });
  db.exec("PRAGMA busy_timeout = 5000");
  return db;
}
