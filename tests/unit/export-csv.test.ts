import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { ukToday } from "../../shared/uk-day";
import { migrate } from "../../src/db/migrate";
import { openDatabase, openReadOnlyDatabase } from "../../src/db/open";
import { createCsvPages, csvLine, EXPORT_PAGE_SQL, ukDaysOfStoredTimes } from "../../src/modules/admin-orders/export-csv";
import { migrationsBefore } from "../support/migrations-before";
import { storeOrder, storeYearOfOrders } from "../support/stored-orders";
import { countRows, createTestShop, type TestShop } from "../support/test-app";

// The export's page query and the connection it runs on (docs/decisions/0032-exports-off-the-main-thread.md).

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());

describe("one page of the orders export", () => {
  test("is a range scan of the index on created_at from the last row sent: no sort of what is left of the range", () => {
    const plan = shop.db
      .query<{ detail: string }, [Record<string, string | number>]>(`EXPLAIN QUERY PLAN ${EXPORT_PAGE_SQL}`)
      .all({ lower: "2026-04-01", end: "2026-05-01", after: "2026-04-10", afterRowid: 7 })
      .map((row) => row.detail);
    expect(plan[0]).toBe("SEARCH o USING INDEX orders_newest (created_at>? AND created_at<?)");
    expect(plan.filter((step) => step.includes("TEMP B-TREE"))).toEqual([]);
  });

  test("reads the orders' own rows and nothing else: no subquery per order, no scan", () => {
    const plan = shop.db
      .query<{ detail: string }, [Record<string, string | number>]>(`EXPLAIN QUERY PLAN ${EXPORT_PAGE_SQL}`)
      .all({ lower: "", end: "", after: "", afterRowid: 0 })
      .map((row) => row.detail);
    expect(plan).toEqual(["SEARCH o USING INDEX orders_newest (created_at>? AND created_at<?)"]);
  });
});

describe("the UK day of each row's stored time, worked out once an hour of rows", () => {
  test("is ukToday's day for every minute around both changes of the clocks and a winter and a summer midnight", () => {
    const ukDayOf = ukDaysOfStoredTimes();
    const starts = ["2026-03-28T20:00:00.000Z", "2026-10-24T20:00:00.000Z", "2026-01-14T20:00:00.000Z", "2026-07-14T20:00:00.000Z"];
    let compared = 0;
    for (const start of starts) {
      for (let minute = 0; minute < 10 * 60; minute += 1) {
        const at = new Date(Date.parse(start) + minute * 60_000 + 59_999).toISOString();
        expect({ at, day: ukDayOf(at) }).toEqual({ at, day: ukToday(new Date(at)) });
        compared += 1;
      }
    }
    expect(compared).toBe(2400);
    // Summer: 23:00Z is already the next UK day; winter: 00:00Z is.
    expect([ukDayOf("2026-07-14T22:59:59.999Z"), ukDayOf("2026-07-14T23:00:00.000Z")]).toEqual(["2026-07-14", "2026-07-15"]);
    expect([ukDayOf("2026-01-14T23:59:59.999Z"), ukDayOf("2026-01-15T00:00:00.000Z")]).toEqual(["2026-01-14", "2026-01-15"]);
  });
});

describe("a CSV line", () => {
  const tricky = [
    ["Date", "Subtotal (£)", "Items"],
    ["plain", "", "2 × Bird feeder; 1 × Relief map (Large)"],
    ['say "hi"', "a,b", '\'=HYPERLINK("http://x","y")'],
    ["'\t SW1", " lead and trail ", "ünïcødé £"],
    ['"', ",", "\r\n"],
  ];

  test("is the very bytes csv-stringify wrote for the export before", () => {
    expect(tricky.map(csvLine).join("")).toBe(stringify(tricky, { record_delimiter: "windows" }));
  });

  test("quotes a lone line feed or carriage return too (csv-stringify left them bare), so a spreadsheet keeps the row whole", () => {
    const rows = [["line\nbreak", "carriage\rreturn", "'\r=1"]];
    expect(csvLine(rows[0]!)).toBe('"line\nbreak","carriage\rreturn","\'\r=1"\r\n');
    expect(parse(rows.map(csvLine).join(""))).toEqual(rows);
  });
});

describe("the export's own connection", () => {
  test("reads the shop's file", () => {
    storeOrder(shop.db, { id: "ORD-READ01", createdAt: "2026-04-02T09:00:00.000Z" });
    const reader = openReadOnlyDatabase(shop.db.filename);
    try {
      expect(reader.query<{ id: string }, []>("SELECT id FROM orders WHERE id = 'ORD-READ01'").get()).toEqual({ id: "ORD-READ01" });
    } finally {
      reader.close();
    }
  });

  test("cannot write: SQLite refuses, and nothing is stored", () => {
    const before = countRows(shop.db, "orders");
    const reader = openReadOnlyDatabase(shop.db.filename);
    try {
      expect(() => reader.run("DELETE FROM orders")).toThrow("attempt to write a readonly database");
    } finally {
      reader.close();
    }
    expect(countRows(shop.db, "orders")).toBe(before);
  });
});

describe("an existing shop upgrading to migration 0027", () => {
  const MIGRATION = "0027_orders_by_moment.sql";
  // Prepared and finalised here, not kept by db.query: a kept EXPLAIN statement stays open in Bun, and SQLite refuses
  // to drop a table while one is (later migrations drop tables: 0029 its search index, 0031 rebuilds `uploads`).
  // The page's range and order alone: a shop before 0027 has none of the columns later migrations keep on the order.
  const pageRange = `SELECT o.rowid, o.id ${EXPORT_PAGE_SQL.slice(EXPORT_PAGE_SQL.indexOf("FROM orders o"))}`;
  const planOf = (db: Parameters<typeof createCsvPages>[0]) => {
    const plan = db.prepare<{ detail: string }, [Record<string, string | number>]>(`EXPLAIN QUERY PLAN ${pageRange}`);
    try {
      return plan.all({ lower: "2025-01-01", end: "2026-01-01", after: "", afterRowid: 0 })[0]?.detail;
    } finally {
      plan.finalize();
    }
  };

  test("gets the index in place, its orders untouched, and its export then pages on it", () => {
    const dir = mkdtempSync(join(tmpdir(), "strata-0027-"));
    const db = openDatabase(join(dir, "shop.db"));
    try {
      migrate(db, migrationsBefore(MIGRATION, join(dir, "before")));
      // The order list's migration makes the same index: gone here, as in a shop from before either.
      db.run("DROP INDEX IF EXISTS orders_newest");
      const ids = storeYearOfOrders(db, 2025, 450);
      expect(planOf(db)).not.toContain("orders_newest");

      expect(migrate(db)).toContain(MIGRATION);
      expect(planOf(db)).toBe("SEARCH o USING INDEX orders_newest (created_at>? AND created_at<?)");
      const next = createCsvPages(db, { start: "2025-01-01T00:00:00.000Z", end: "2026-01-01T00:00:00.000Z" });
      let csv = "";
      for (let page = next(); ; page = next()) {
        csv += new TextDecoder().decode(page.bytes);
        if (page.last) break;
      }
      const exported: string[][] = parse(csv.slice(1));
      expect(exported.slice(1).map((row) => row[1])).toEqual(ids);
    } finally {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("that already has the index (the order list's migration made it) keeps it as it is, once", () => {
    const dir = mkdtempSync(join(tmpdir(), "strata-0027-"));
    const db = openDatabase(join(dir, "shop.db"));
    try {
      migrate(db, migrationsBefore(MIGRATION, join(dir, "before")));
      db.run("CREATE INDEX IF NOT EXISTS orders_newest ON orders (created_at)");
      expect(migrate(db)).toContain(MIGRATION);
      const onCreatedAt = db
        .query<{ name: string }, []>(
          "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'orders' AND sql LIKE '%(created_at)'",
        )
        .all();
      expect(onCreatedAt).toEqual([{ name: "orders_newest" }]);
    } finally {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
