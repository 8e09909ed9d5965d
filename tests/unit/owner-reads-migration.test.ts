import type { Database } from "bun:sqlite";
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { migrate } from "../../src/db/migrate";
import type { BestSeller } from "../../src/modules/admin-orders/best-sellers";
import { dashboardFigures } from "../../src/modules/admin-orders/dashboard-figures";
import { listFilterOf } from "../../src/modules/admin-orders/order-search";
import { createOrderStore } from "../../src/modules/orders/store";
import { recountFigures } from "../support/figures-recount";
import { openShopBefore, type ShopBefore } from "../support/migrations-before";
import { storedLine, storeOrder, storeRefund } from "../support/stored-orders";

// An existing shop upgrades in place (migrations/0029_owner_reads.sql, decision 0037): its orders are indexed again for
// search, the compact postcode in an index of its own; its takings are summed by UTC day from the hourly rows; and the
// best sellers' window starts empty and is filled by the dashboard's first read. The kept summaries follow every write
// after that, as the hourly ones they are made from do.

const MIGRATION = "0029_owner_reads.sql";
/** Summer time: the UK day of 15 July 2026 began at 23:00 UTC on the 14th. */
const NOW = new Date("2026-07-15T12:00:00.000Z");
let shop: ShopBefore;
let db: Database;

beforeEach(() => {
  shop = openShopBefore(MIGRATION);
  db = shop.db;
});
afterEach(() => shop.close());

const line = storedLine;

/** The owner's search box, through the indexes as the upgrade leaves them. */
const search = (q: string) =>
  createOrderStore(db)
    .page(listFilterOf({ q }), null, 50)
    .map((row) => row.id);

/** Orders before the upgrade: both clocks, a UK midnight in summer (23:00 UTC), a cancelled one, quoted lines, refunds. */
function history() {
  const order = (id: string, createdAt: string, items: ReturnType<typeof line>[], more: Record<string, string> = {}) =>
    storeOrder(db, { id, createdAt, items, ...more });
  order("ORD-MIDNIGHT", "2026-07-14T23:30:00.000Z", [line("feeder", "Bird feeder", 2, 2400)], {
    name: "Ada Lovelace",
    email: "ada@example.test",
    postcode: "EC1A 1BB",
  });
  order("ORD-LASTDAY", "2026-07-14T22:59:59.999Z", [line("lamp", "Lamp", 1, 3000)], { name: "Brian Smith", postcode: "M1 1AE" });
  order("ORD-QUOTED", "2026-07-10T09:00:00.000Z", [line("qt_1", "Bracket", 3, 1000, "qt_1"), line("qt_1", "Design time", 1, 1500, "qt_1")]);
  order("ORD-CANCEL", "2026-07-12T09:00:00.000Z", [line("lamp", "Lamp", 5, 3000)], { status: "canceled" });
  order("ORD-WINTER", "2026-01-20T00:30:00.000Z", [line("feeder", "Bird feeder", 1, 2400)]);
  order("ORD-OLD", "2025-08-01T12:00:00.000Z", [line("lamp", "Lamp (old name)", 9, 3000)]);
  storeRefund(db, "ORD-WINTER", 1000, "2026-07-15T08:00:00.000Z");
  storeRefund(db, "ORD-CANCEL", 15_500, "2026-07-12T10:00:00.000Z");
}

describe("migration 0029 on a shop that already has orders", () => {
  beforeEach(() => {
    history();
    migrate(db);
  });

  test("the orders already there are found by reference, name, email, postcode as typed and postcode without spaces", () => {
    expect(search("midnight")).toEqual(["ORD-MIDNIGHT"]);
    expect(search("lovelace")).toEqual(["ORD-MIDNIGHT"]);
    expect(search("ada@exa")).toEqual(["ORD-MIDNIGHT"]);
    expect(search("EC1A 1")).toEqual(["ORD-MIDNIGHT"]);
    expect(search("ec1a1bb")).toEqual(["ORD-MIDNIGHT"]);
    expect(search("m11ae")).toEqual(["ORD-LASTDAY"]);
    expect(search("nobody@nowhere")).toEqual([]);
  });

  test("both search indexes follow orders added, changed and removed", () => {
    storeOrder(db, { id: "ORD-NEW", createdAt: "2026-07-15T10:00:00.000Z", name: "Cleo Jones", postcode: "LS1 4AP" });
    db.query("UPDATE orders SET shipping_postal_code = 'B1 1AA', shipping_name = 'Ada King' WHERE id = 'ORD-MIDNIGHT'").run();
    db.query("DELETE FROM orders WHERE id = 'ORD-LASTDAY'").run();
    expect(search("ls14ap")).toEqual(["ORD-NEW"]);
    expect(search("cleo")).toEqual(["ORD-NEW"]);
    expect(search("b11aa")).toEqual(["ORD-MIDNIGHT"]);
    expect(search("ec1a1bb")).toEqual([]);
    expect(search("lovelace")).toEqual([]);
    expect(search("m11ae")).toEqual([]);
    expect(search("brian")).toEqual([]);
  });

  test("takings by UTC day are the hourly takings summed by day, and the figures are the full count's", () => {
    const byDay = db.query("SELECT day, paid_cents, refunded_cents FROM takings_by_day ORDER BY day").all();
    expect(byDay).toEqual(
      db
        .query(
          `SELECT substr(hour, 1, 10) AS day, SUM(paid_cents) AS paid_cents, SUM(refunded_cents) AS refunded_cents
           FROM takings_by_hour GROUP BY 1 ORDER BY 1`,
        )
        .all(),
    );
    expect(byDay.length).toBe(6);
    expect(db.query("SELECT since FROM best_sellers_window").get()).toEqual({ since: "9999" });

    const figures = dashboardFigures(db, NOW, 3);
    expect(figures).toEqual(recountFigures(db, NOW, 3));
    // Worked by hand: today began at 23:00 UTC on the 14th, so ORD-MIDNIGHT is today's and ORD-LASTDAY yesterday's.
    expect(figures.takings.today).toBe(5300 - 1000);
    expect(figures.best_sellers).toEqual([
      { product_id: "qt_1", name: "Bracket", units: 3, amount_cents: 3000 },
      { product_id: "feeder", name: "Bird feeder", units: 2, amount_cents: 4800 },
      { product_id: "lamp", name: "Lamp", units: 1, amount_cents: 3000 },
      { product_id: "qt_1", name: "Design time", units: 1, amount_cents: 1500 },
    ]);
    expect(db.query("SELECT since FROM best_sellers_window").get()).toEqual({ since: "2026-06-15T23" });
  });
});

describe("the kept sums follow the hourly summaries they are made from", () => {
  beforeEach(() => {
    history();
    migrate(db);
  });

  /** The best sellers summed from the hourly rows themselves, as the dashboard read them before migration 0029. */
  const fromHours = (firstHour: string) =>
    db
      .query<BestSeller, [string]>(
        `SELECT product_id, MAX(product_name) AS name, SUM(units) AS units, SUM(amount_cents) AS amount_cents
         FROM sales_by_hour WHERE hour >= ? AND units > 0 GROUP BY product_id, iif(quoted, product_name, NULL)
         ORDER BY units DESC, amount_cents DESC, name, product_id LIMIT 5`,
      )
      .all(firstHour);

  test("the window moved back a year and forward again reads what the hours give, and keeps only rows that sold", () => {
    const yearBefore = new Date("2025-08-20T12:00:00.000Z");
    expect(dashboardFigures(db, yearBefore, 3).best_sellers).toEqual(fromHours("2025-07-21T23"));
    // Everything from that day on: the old name's 9 and July's 1, named by the greatest of the two names.
    expect(dashboardFigures(db, yearBefore, 3).best_sellers[0]).toEqual({
      product_id: "lamp",
      name: "Lamp (old name)",
      units: 10,
      amount_cents: 30_000,
    });
    expect(dashboardFigures(db, NOW, 3)).toEqual(recountFigures(db, NOW, 3));
    // The old name sold nothing in the window now, so it is not kept.
    expect(db.query("SELECT COUNT(*) AS n FROM best_sellers_since WHERE product_name = 'Lamp (old name)'").get()).toEqual({ n: 0 });
  });

  test("orders written while the window is open count at once; those before it do not", () => {
    dashboardFigures(db, NOW, 3);
    storeOrder(db, { id: "ORD-TODAY2", createdAt: "2026-07-15T11:00:00.000Z", items: [line("lamp", "Lamp", 4, 3000)] });
    storeOrder(db, { id: "ORD-LONGAGO", createdAt: "2026-05-01T11:00:00.000Z", items: [line("print", "Print", 50, 100)] });
    db.query("UPDATE orders SET status = 'canceled' WHERE id = 'ORD-MIDNIGHT'").run();
    const figures = dashboardFigures(db, NOW, 3);
    expect(figures).toEqual(recountFigures(db, NOW, 3));
    expect(figures.best_sellers[0]).toEqual({ product_id: "lamp", name: "Lamp", units: 5, amount_cents: 15_000 });
  });

  test("an hourly row deleted or changed in the sqlite3 shell is followed by the day's takings and the window", () => {
    dashboardFigures(db, NOW, 3);
    db.query("DELETE FROM sales_by_hour WHERE product_id = 'feeder'").run();
    db.query("UPDATE sales_by_hour SET hour = '2026-07-15T01' WHERE product_id = 'lamp' AND hour = '2026-07-14T22'").run();
    db.query("DELETE FROM takings_by_hour WHERE hour = '2026-07-10T09'").run();
    db.query("UPDATE takings_by_hour SET hour = '2026-07-13T09' WHERE hour = '2026-07-12T09'").run();
    const figures = dashboardFigures(db, NOW, 3);
    expect(figures.best_sellers).toEqual(fromHours("2026-06-15T23"));
    expect(figures.best_sellers.map((row) => row.product_id)).not.toContain("feeder");
    expect(
      db
        .query("SELECT day, paid_cents, refunded_cents FROM takings_by_day WHERE paid_cents != 0 OR refunded_cents != 0 ORDER BY day")
        .all(),
    ).toEqual(
      db
        .query(
          `SELECT substr(hour, 1, 10) AS day, SUM(paid_cents) AS paid_cents, SUM(refunded_cents) AS refunded_cents
           FROM takings_by_hour GROUP BY 1 HAVING SUM(paid_cents) != 0 OR SUM(refunded_cents) != 0 ORDER BY 1`,
        )
        .all(),
    );
  });
});
