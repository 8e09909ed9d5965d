import { Database } from "bun:sqlite";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";

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
