import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { openReadOnlyDatabase } from "../../src/db/open";
import { csvLine, EXPORT_PAGE_SQL } from "../../src/modules/admin-orders/export-csv";
import { storeOrder } from "../support/stored-orders";
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

  test("reads each row's items and refunds through their order_id indexes, never a scan", () => {
    const plan = shop.db
      .query<{ detail: string }, [Record<string, string | number>]>(`EXPLAIN QUERY PLAN ${EXPORT_PAGE_SQL}`)
      .all({ lower: "", end: "", after: "", afterRowid: 0 })
      .map((row) => row.detail);
    expect(plan).toContain("SEARCH i USING INDEX order_items_by_order (order_id=?)");
    expect(plan).toContain("SEARCH refunds USING INDEX refunds_by_order (order_id=?)");
    expect(plan.filter((step) => step.startsWith("SCAN"))).toEqual([]);
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
