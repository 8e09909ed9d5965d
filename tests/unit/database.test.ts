import type { Database } from "bun:sqlite";
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MIGRATIONS_DIR, migrate } from "../../src/db/migrate";
import { openDatabase, STATEMENTS_KEPT } from "../../src/db/open";
import { writeTransaction } from "../../src/db/transaction";
import { addProduct } from "../support/factories";
import { countRows } from "../support/test-app";

let dir: string;
let db: Database;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "strata-db-"));
  db = openDatabase(join(dir, "shop.db"));
});

afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

function pragma(name: string): unknown {
  return db.query(`PRAGMA ${name}`).values()[0]?.[0];
}

function tableExists(name: string): boolean {
  return db.query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== null;
}

function recordedMigrations(): string[] {
  return db
    .query<{ name: string }, []>("SELECT name FROM schema_migrations ORDER BY name")
    .all()
    .map((row) => row.name);
}

describe("openDatabase", () => {
  test("uses WAL so readers never block the writer", () => {
    expect(pragma("journal_mode")).toBe("wal");
  });

  test("waits up to 5 seconds for a busy database instead of failing", () => {
    expect(pragma("busy_timeout")).toBe(5000);
  });

  test("syncs NORMAL (1), the safe setting under WAL", () => {
    expect(pragma("synchronous")).toBe(1);
  });

  test("enforces foreign keys", () => {
    expect(pragma("foreign_keys")).toBe(1);
  });

  test("keeps up to STATEMENTS_KEPT statements prepared: one asked for again by its text is the one prepared before", () => {
    const texts = Array.from({ length: STATEMENTS_KEPT }, (_, index) => `SELECT ${index} AS n`);
    const first = texts.map((text) => db.query(text));
    expect(texts.filter((text, index) => db.query(text) === first[index]).length).toBe(STATEMENTS_KEPT);
    // Past the bound the least recently used goes: prepared again when next asked for.
    db.query("SELECT 'one more' AS n");
    expect(db.query(texts[0]!)).not.toBe(first[0]!);
  });
});

describe("migrate", () => {
  const shippedMigrations = readdirSync(MIGRATIONS_DIR)
    .filter((file) => /^\d{4}_[\w-]+\.sql$/.test(file))
    .sort();

  test("applies 0001_init.sql (and any later migration) in order and records each in schema_migrations", () => {
    const applied = migrate(db);
    expect(applied[0]).toBe("0001_init.sql");
    expect(applied).toEqual(shippedMigrations);
    expect(recordedMigrations()).toEqual(shippedMigrations);
  });

  test("a second run applies nothing", () => {
    migrate(db);
    expect(migrate(db)).toEqual([]);
    expect(recordedMigrations()).toEqual(shippedMigrations);
  });

  test("creates a table for every record the shop keeps", () => {
    migrate(db);
    const entities = [
      "products",
      "product_variants",
      "product_images",
      "categories",
      "projects",
      "configuration",
      "orders",
      "order_items",
      "custom_requests",
      "custom_request_attachments",
      "uploads",
    ];
    expect(entities.filter((table) => !tableExists(table))).toEqual([]);
  });

  test("a failing migration throws and leaves no trace: its table is absent and it is not recorded", () => {
    const migrations = mkdtempSync(join(tmpdir(), "strata-migrations-"));
    try {
      writeFileSync(join(migrations, "0001_ok.sql"), "CREATE TABLE ok_table (id INTEGER PRIMARY KEY);");
      writeFileSync(
        join(migrations, "0002_broken.sql"),
        "CREATE TABLE broken_table (id INTEGER PRIMARY KEY);\nINSERT INTO no_such_table VALUES (1);",
      );
      expect(() => migrate(db, migrations)).toThrow("no such table: no_such_table");
      expect(tableExists("ok_table")).toBe(true);
      expect(tableExists("broken_table")).toBe(false);
      expect(recordedMigrations()).toEqual(["0001_ok.sql"]);
    } finally {
      rmSync(migrations, { recursive: true, force: true });
    }
  });
});

describe("constraints keep money and stock non-negative and rows linked", () => {
  beforeEach(() => {
    migrate(db);
    addProduct(db, { id: "planter" });
  });

  test("a product with a negative price is rejected and not stored", () => {
    expect(() => db.query("INSERT INTO products (id, name, price_cents) VALUES ('bad', 'Bad', -1)").run()).toThrow(
      "CHECK constraint failed",
    );
    expect(countRows(db, "products")).toBe(1);
  });

  test("a product with negative stock is rejected and not stored", () => {
    expect(() => db.query("INSERT INTO products (id, name, price_cents, stock) VALUES ('bad', 'Bad', 100, -1)").run()).toThrow(
      "CHECK constraint failed",
    );
    expect(countRows(db, "products")).toBe(1);
  });

  test("a variant with a negative price is rejected and not stored", () => {
    expect(() =>
      db.query("INSERT INTO product_variants (id, product_id, name, price_cents) VALUES ('v', 'planter', 'Big', -5)").run(),
    ).toThrow("CHECK constraint failed");
    expect(countRows(db, "product_variants")).toBe(0);
  });

  test("a variant with negative stock is rejected and not stored", () => {
    expect(() =>
      db.query("INSERT INTO product_variants (id, product_id, name, price_cents, stock) VALUES ('v', 'planter', 'Big', 500, -1)").run(),
    ).toThrow("CHECK constraint failed");
    expect(countRows(db, "product_variants")).toBe(0);
  });

  test("a variant of a product that does not exist is refused by the foreign key", () => {
    expect(() =>
      db.query("INSERT INTO product_variants (id, product_id, name, price_cents) VALUES ('v', 'ghost', 'Big', 500)").run(),
    ).toThrow("FOREIGN KEY constraint failed");
    expect(countRows(db, "product_variants")).toBe(0);
  });

  test("lowering stored stock below zero is rejected and the old stock kept", () => {
    db.query("UPDATE products SET stock = 2 WHERE id = 'planter'").run();
    expect(() => db.query("UPDATE products SET stock = stock - 3 WHERE id = 'planter'").run()).toThrow("CHECK constraint failed");
    expect(db.query<{ stock: number }, []>("SELECT stock FROM products WHERE id = 'planter'").get()?.stock).toBe(2);
  });
});

describe("writeTransaction", () => {
  beforeEach(() => migrate(db));

  test("commits the work and returns its result", () => {
    const result = writeTransaction(db, () => {
      db.query("INSERT INTO categories (id, name) VALUES ('basic', 'Basic')").run();
      return "done";
    });
    expect(result).toBe("done");
    expect(countRows(db, "categories")).toBe(1);
  });

  test("rolls back every statement when the work throws, and rethrows the error", () => {
    expect(() =>
      writeTransaction(db, () => {
        db.query("INSERT INTO categories (id, name) VALUES ('basic', 'Basic')").run();
        addProduct(db, { id: "planter", category_id: "basic" });
        throw new Error("payment provider said no");
      }),
    ).toThrow("payment provider said no");
    expect(countRows(db, "categories")).toBe(0);
    expect(countRows(db, "products")).toBe(0);
  });
});
