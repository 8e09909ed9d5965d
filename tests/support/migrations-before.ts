import type { Database } from "bun:sqlite";
import { afterEach, beforeEach } from "bun:test";
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MIGRATIONS_DIR, migrate } from "../../src/db/migrate";
import { openDatabase } from "../../src/db/open";
import { addProduct } from "./factories";

/**
 * A folder of the migrations that come before `migration` (its file name): `migrate(db, folder)` leaves a database
 * as a shop that has not upgraded yet, and `migrate(db)` afterwards upgrades it in place as a shop would.
 */
export function migrationsBefore(migration: string, folder: string): string {
  mkdirSync(folder, { recursive: true });
  for (const file of readdirSync(MIGRATIONS_DIR).filter((name) => name < migration))
    copyFileSync(join(MIGRATIONS_DIR, file), join(folder, file));
  return folder;
}

export interface ShopBefore {
  db: Database;
  /** Closes the database and removes its folder. */
  close(): void;
}

/** A shop's database in a folder of its own, migrated up to (not including) `migration`: the shop before it upgrades. */
export function openShopBefore(migration: string): ShopBefore {
  const dir = mkdtempSync(join(tmpdir(), "strata-upgrade-"));
  const db = openDatabase(join(dir, "shop.db"));
  migrate(db, migrationsBefore(migration, join(dir, "before")));
  return {
    db,
    close() {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type PageChange = { product_id: string | null; stock_figure_only: number; stock_only: number };

/** The newest change to what pages show (`page_versions`), as a product trigger recorded it. */
function lastPageChange(db: Database): PageChange | null {
  return db
    .query<PageChange, []>("SELECT product_id, stock_figure_only, stock_only FROM page_versions ORDER BY version DESC LIMIT 1")
    .get();
}

/**
 * Each test of a file on a product column's migration gets a fresh shop before `migration`, selling a Moon Lamp (5 on
 * the shelf) and Cable Clips (no limit), with whatever else `alsoHad` stores, closed after the test. Its database is
 * `shop.db` inside a test; `lastChange()` is the newest change to what pages show.
 */
export function productShopBeforeEach(migration: string, alsoHad: (db: Database) => void = () => {}) {
  let current: ShopBefore | null = null;
  beforeEach(() => {
    current = openShopBefore(migration);
    addProduct(current.db, { id: "lamp", name: "Moon Lamp", stock: 5 });
    addProduct(current.db, { id: "clips", name: "Cable Clips", stock: null });
    alsoHad(current.db);
  });
  afterEach(() => current?.close());
  const shop = {
    get db(): Database {
      if (!current) throw new Error("The shop before the upgrade is opened for each test: read it inside one.");
      return current.db;
    },
    lastChange: () => lastPageChange(shop.db),
  };
  return shop;
}
