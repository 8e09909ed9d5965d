import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { migrate } from "../../src/db/migrate";
import { createCsvPages } from "../../src/modules/admin-orders/export-csv";
import { keptExportCells, recountExportCells } from "../support/figures-recount";
import { openShopBefore, type ShopBefore } from "../support/migrations-before";
import { storedLine, storeOrder, storeRefund } from "../support/stored-orders";
import { createTestShop, type TestShop } from "../support/test-app";

// The orders export's Items and Refunded cells are kept on each order by triggers as its lines and refunds change
// (migrations/0044_export_cells_kept.sql, docs/decisions/0062-the-export-reads-its-cells.md), so the export reads one
// row per order. Each change below is made the way the sqlite3 shell would make it, and the kept cells must equal the
// cells counted again from the lines and refunds (the export's old subqueries).

const MIGRATION = "0044_export_cells_kept.sql";
const AT = "2026-05-04T10:00:00.000Z";

const cellsOf = (db: TestShop["db"], id: string) => keptExportCells(db).find((order) => order.id === id);

/** The export's CSV for May 2026, as its worker makes it. */
function exportedMay(db: TestShop["db"]): string {
  const next = createCsvPages(db, { start: "2026-04-30T23:00:00.000Z", end: "2026-05-31T23:00:00.000Z" });
  let csv = "";
  for (let page = next(); ; page = next()) {
    csv += new TextDecoder().decode(page.bytes);
    if (page.last) return csv;
  }
}

describe("a shop's orders keep their export cells as lines and refunds change", () => {
  let shop: TestShop;
  beforeEach(async () => {
    shop = await createTestShop();
    storeOrder(shop.db, {
      id: "ORD-CELLS1",
      createdAt: AT,
      items: [
        storedLine("feeder", "Bird feeder", 2, 1500),
        { productId: "map", name: "Relief map", quantity: 1, unitPriceCents: 4500, meta: { variantName: "Large" } },
      ],
    });
    storeOrder(shop.db, { id: "ORD-CELLS2", createdAt: AT, items: [storedLine("labels", "Plant labels", 3, 400)] });
  });
  afterEach(() => shop.close());

  test("an order's lines read as the export writes them, in the order they were bought, variant in brackets", () => {
    expect(cellsOf(shop.db, "ORD-CELLS1")).toEqual({
      id: "ORD-CELLS1",
      items: "2 × Bird feeder; 1 × Relief map (Large)",
      refunded_cents: 0,
    });
    expect(exportedMay(shop.db)).toContain("ORD-CELLS1,Sam Shopper,shopper@example.test,SW1A 1AA,2 × Bird feeder; 1 × Relief map (Large),");
    expect(keptExportCells(shop.db)).toEqual(recountExportCells(shop.db));
  });

  test("a line whose name, quantity or variant changes, that moves to another order or is removed, is followed", () => {
    shop.db.run("UPDATE order_items SET quantity = 5 WHERE product_id = 'feeder'");
    shop.db.run(`UPDATE order_items SET meta = json_set(meta, '$.variantName', 'Small') WHERE product_id = 'map'`);
    shop.db.run("UPDATE order_items SET product_name = 'Plant Labels (set)' WHERE product_id = 'labels'");
    expect(cellsOf(shop.db, "ORD-CELLS1")?.items).toBe("5 × Bird feeder; 1 × Relief map (Small)");
    expect(cellsOf(shop.db, "ORD-CELLS2")?.items).toBe("3 × Plant Labels (set)");

    shop.db.run("UPDATE order_items SET order_id = 'ORD-CELLS2' WHERE product_id = 'feeder'");
    expect(cellsOf(shop.db, "ORD-CELLS1")?.items).toBe("1 × Relief map (Small)");
    expect(cellsOf(shop.db, "ORD-CELLS2")?.items).toBe("5 × Bird feeder; 3 × Plant Labels (set)");

    shop.db.run("DELETE FROM order_items WHERE product_id = 'map'");
    expect(cellsOf(shop.db, "ORD-CELLS1")?.items).toBeNull();
    expect(keptExportCells(shop.db)).toEqual(recountExportCells(shop.db));
  });

  test("refunds add up on their order, and one changed, moved or removed is taken off again", () => {
    storeRefund(shop.db, "ORD-CELLS1", 1500, "2026-05-05T09:00:00.000Z");
    storeRefund(shop.db, "ORD-CELLS1", 700, "2026-06-01T09:00:00.000Z");
    expect(cellsOf(shop.db, "ORD-CELLS1")?.refunded_cents).toBe(2200);
    expect(exportedMay(shop.db)).toContain(",22.00,");

    shop.db.run("UPDATE refunds SET amount_cents = 900 WHERE amount_cents = 700");
    expect(cellsOf(shop.db, "ORD-CELLS1")?.refunded_cents).toBe(2400);
    shop.db.run("UPDATE refunds SET order_id = 'ORD-CELLS2' WHERE amount_cents = 900");
    expect([cellsOf(shop.db, "ORD-CELLS1")?.refunded_cents, cellsOf(shop.db, "ORD-CELLS2")?.refunded_cents]).toEqual([1500, 900]);
    shop.db.run("DELETE FROM refunds WHERE amount_cents = 1500");
    expect(cellsOf(shop.db, "ORD-CELLS1")?.refunded_cents).toBe(0);
    expect(keptExportCells(shop.db)).toEqual(recountExportCells(shop.db));
  });

  test("a write rolled back takes its cells back with it", () => {
    const before = keptExportCells(shop.db);
    expect(() =>
      shop.db.transaction(() => {
        storeRefund(shop.db, "ORD-CELLS2", 400, "2026-05-06T09:00:00.000Z");
        shop.db.run("UPDATE order_items SET quantity = 9 WHERE product_id = 'labels'");
        throw new Error("the provider said no");
      })(),
    ).toThrow("the provider said no");
    expect(keptExportCells(shop.db)).toEqual(before);
  });

  test("an order deleted takes its lines and refunds with it, and the other order's cells are untouched", () => {
    storeRefund(shop.db, "ORD-CELLS2", 400, "2026-05-06T09:00:00.000Z");
    shop.db.run("DELETE FROM orders WHERE id = 'ORD-CELLS1'");
    expect(keptExportCells(shop.db)).toEqual([{ id: "ORD-CELLS2", items: "3 × Plant labels", refunded_cents: 400 }]);
  });
});

describe(`an existing shop upgrading to ${MIGRATION}`, () => {
  let before: ShopBefore;
  beforeEach(() => {
    before = openShopBefore(MIGRATION);
  });
  afterEach(() => before.close());

  test("fills every order's cells from the lines and refunds it already has", () => {
    storeOrder(before.db, {
      id: "ORD-OLD001",
      createdAt: "2025-03-01T12:00:00.000Z",
      items: [
        { productId: "map", name: "Relief map", quantity: 1, unitPriceCents: 4500, meta: { variantName: "A3" } },
        storedLine("feeder", "Bird feeder", 2, 1500),
      ],
    });
    storeOrder(before.db, { id: "ORD-OLD002", createdAt: "2025-03-02T12:00:00.000Z", items: [] });
    storeOrder(before.db, { id: "ORD-OLD003", createdAt: "2025-03-03T12:00:00.000Z" });
    storeRefund(before.db, "ORD-OLD001", 1500, "2025-03-04T12:00:00.000Z");
    storeRefund(before.db, "ORD-OLD001", 250, "2025-03-05T12:00:00.000Z");
    const counted = recountExportCells(before.db);

    expect(migrate(before.db)).toContain(MIGRATION);
    expect(keptExportCells(before.db)).toEqual(counted);
    expect(keptExportCells(before.db)).toEqual([
      { id: "ORD-OLD001", items: "1 × Relief map (A3); 2 × Bird feeder", refunded_cents: 1750 },
      { id: "ORD-OLD002", items: null, refunded_cents: 0 },
      { id: "ORD-OLD003", items: "1 × Bird feeder", refunded_cents: 0 },
    ]);
  });
});
