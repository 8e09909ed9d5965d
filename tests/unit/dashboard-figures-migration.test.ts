import type { Database } from "bun:sqlite";
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { migrate } from "../../src/db/migrate";
import { dashboardFigures } from "../../src/modules/admin-orders/dashboard-figures";
import { addProduct } from "../support/factories";
import { recountFigures } from "../support/figures-recount";
import { openShopBefore, type ShopBefore } from "../support/migrations-before";
import { queryPlan } from "../support/query-plan";
import { storedLine, storeOrder, storeRefund } from "../support/stored-orders";

// An existing shop upgrades in place (migrations/0026_dashboard_figures.sql): the summaries the dashboard now reads
// are filled from the orders, lines and refunds already there, so the figures the owner sees the moment after the
// upgrade are the ones the full count gave before it, and stay so as the shop goes on (decision 0031).

const MIGRATION = "0026_dashboard_figures.sql";
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

/** A shop's history before the upgrade: orders in both clocks, a cancelled one, a flagged one, quoted lines, refunds. */
function history() {
  addProduct(db, { id: "feeder", name: "Bird feeder", stock: 2 });
  storeOrder(db, { id: "ORD-TODAY", createdAt: "2026-07-14T23:30:00.000Z", items: [line("feeder", "Bird feeder", 2, 2400)] });
  storeOrder(db, { id: "ORD-LASTDAY", createdAt: "2026-07-14T22:59:59.999Z", items: [line("lamp", "Lamp", 1, 3000)] });
  storeOrder(db, {
    id: "ORD-QUOTED",
    createdAt: "2026-07-10T09:00:00.000Z",
    items: [line("qt_1", "Bracket", 3, 1000, "qt_1"), line("qt_1", "Design time", 1, 1500, "qt_1")],
    status: "fulfilled",
  });
  storeOrder(db, { id: "ORD-CANCEL", createdAt: "2026-07-12T09:00:00.000Z", items: [line("lamp", "Lamp", 5, 3000)], status: "canceled" });
  storeOrder(db, { id: "ORD-WINTER", createdAt: "2026-01-20T00:30:00.000Z", items: [line("feeder", "Bird feeder", 1, 2400)] });
  storeOrder(db, { id: "ORD-FLAGGED", createdAt: "2026-07-13T09:00:00.000Z", items: [line("feeder", "Bird feeder", 1, 2400)] });
  db.query("UPDATE orders SET refund_required = 1 WHERE id = 'ORD-FLAGGED'").run();
  storeOrder(db, { id: "ORD-SHELVED", createdAt: "2026-07-13T10:00:00.000Z", items: [line("feeder", "Bird feeder", 1, 2400)] });
  db.query("UPDATE order_items SET restocked = quantity WHERE order_id = 'ORD-SHELVED'").run();
  storeRefund(db, "ORD-WINTER", 1000, "2026-07-15T08:00:00.000Z");
  storeRefund(db, "ORD-CANCEL", 15_500, "2026-07-12T10:00:00.000Z");
  db.query("INSERT INTO custom_requests (id, name, email, details) VALUES ('cr1', 'Ann', 'ann@example.test', 'A map')").run();
}

test("the upgrade fills every figure from the history already there: the dashboard reads what the full count gave", () => {
  history();
  const before = recountFigures(db, NOW, 3);

  expect(migrate(db)[0]).toBe(MIGRATION);

  const after = dashboardFigures(db, NOW, 3);
  expect(after).toEqual(before);
  // Worked by hand, so a recount that went wrong the same way cannot pass it.
  // Each order is its lines and £5 delivery; a refund counts on its own day.
  const sinceNinth = 5300 + 3500 + 5000 + 15_500 + 2900 + 2900 - 1000 - 15_500;
  expect(after.takings).toEqual({
    today: 5300 - 1000,
    last_7_days: sinceNinth,
    last_30_days: sinceNinth,
    last_12_months: sinceNinth + 2900,
  });
  expect(after.to_dispatch).toBe(3); // today's, yesterday's and January's; not the flagged, shelved, cancelled or sent ones
  expect(after.awaiting_reply).toBe(1);
  expect(after.best_sellers).toEqual([
    { product_id: "feeder", name: "Bird feeder", units: 4, amount_cents: 9600 },
    { product_id: "qt_1", name: "Bracket", units: 3, amount_cents: 3000 },
    { product_id: "lamp", name: "Lamp", units: 1, amount_cents: 3000 },
    { product_id: "qt_1", name: "Design time", units: 1, amount_cents: 1500 },
  ]);
});

test("after the upgrade the figures follow each new order, cancel and refund, as the full count does", () => {
  history();
  migrate(db);
  storeOrder(db, { id: "ORD-NEW", createdAt: "2026-07-15T11:00:00.000Z", items: [line("lamp", "Lamp", 4, 3000)] });
  db.query("UPDATE orders SET status = 'canceled' WHERE id = 'ORD-TODAY'").run();
  storeRefund(db, "ORD-NEW", 2000, "2026-07-15T11:30:00.000Z");

  const figures = dashboardFigures(db, NOW, 3);
  expect(figures).toEqual(recountFigures(db, NOW, 3));
  expect(figures.takings.today).toBe(5300 - 1000 + 12_500 - 2000);
  expect(figures.to_dispatch).toBe(3);
  expect(figures.best_sellers[0]).toEqual({ product_id: "lamp", name: "Lamp", units: 5, amount_cents: 15_000 });
});

describe("writes the shop never makes, which the summaries follow all the same (the sqlite3 shell)", () => {
  beforeEach(() => {
    history();
    migrate(db);
  });

  test("an order deleted takes its money, its lines and its refunds out of every figure", () => {
    db.query("DELETE FROM orders WHERE id IN ('ORD-TODAY', 'ORD-WINTER', 'ORD-QUOTED')").run();
    const figures = dashboardFigures(db, NOW, 3);
    expect(figures).toEqual(recountFigures(db, NOW, 3));
    expect(figures.takings.today).toBe(0);
    expect(figures.to_dispatch).toBe(1);
    expect(figures.best_sellers).toEqual([
      { product_id: "feeder", name: "Bird feeder", units: 2, amount_cents: 4800 },
      { product_id: "lamp", name: "Lamp", units: 1, amount_cents: 3000 },
    ]);
  });

  test("with the shell's foreign keys off, an order deleted alone takes its money and lines out, its refunds stay", () => {
    db.exec("PRAGMA foreign_keys = OFF");
    db.query("DELETE FROM orders WHERE id IN ('ORD-TODAY', 'ORD-WINTER')").run();
    const figures = dashboardFigures(db, NOW, 3);
    expect(figures).toEqual(recountFigures(db, NOW, 3));
    expect(figures.takings.today).toBe(-1000);
    expect(figures.to_dispatch).toBe(1);
  });

  test("a cancelled order taken back, and an order moved to another time, count where they are now", () => {
    db.query("UPDATE orders SET status = 'paid' WHERE id = 'ORD-CANCEL'").run();
    db.query("UPDATE orders SET created_at = '2026-07-15T00:00:00.000Z' WHERE id = 'ORD-WINTER'").run();
    db.query("UPDATE refunds SET created_at = '2026-01-20T00:00:00.000Z' WHERE order_id = 'ORD-WINTER'").run();
    const figures = dashboardFigures(db, NOW, 3);
    expect(figures).toEqual(recountFigures(db, NOW, 3));
    expect(figures.takings.today).toBe(5300 + 2900);
    expect(figures.best_sellers.slice(0, 2)).toEqual([
      { product_id: "lamp", name: "Lamp", units: 6, amount_cents: 18_000 },
      { product_id: "feeder", name: "Bird feeder", units: 5, amount_cents: 12_000 },
    ]);
  });

  test("a line renamed, re-priced, turned into a quoted line or removed counts as it reads now", () => {
    db.query("UPDATE order_items SET product_name = 'Bird feeder (blue)', unit_price_cents = 2000 WHERE order_id = 'ORD-TODAY'").run();
    db.query(`UPDATE order_items SET meta = '{"quoteId":"qt_9"}', product_id = 'qt_9' WHERE order_id = 'ORD-LASTDAY'`).run();
    db.query("DELETE FROM order_items WHERE order_id = 'ORD-QUOTED' AND product_name = 'Design time'").run();
    db.query("DELETE FROM order_items WHERE order_id = 'ORD-WINTER'").run();
    const figures = dashboardFigures(db, NOW, 3);
    expect(figures).toEqual(recountFigures(db, NOW, 3));
    expect(figures.to_dispatch).toBe(2);
    expect(figures.best_sellers.map((row) => row.name)).toEqual(["Bird feeder (blue)", "Bracket", "Lamp"]);
  });
});

test("every statement the dashboard runs reads the summaries and indexes of work in hand, never an order, line or refund", () => {
  migrate(db);
  const statements: string[] = [];
  const recorded = new Proxy(db, {
    get(target, property) {
      if (property === "query")
        return (sql: string) => {
          statements.push(sql);
          return target.query(sql);
        };
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  dashboardFigures(recorded, NOW, 3);
  expect(statements.length).toBeGreaterThan(0);
  const plans = statements.flatMap((sql) => queryPlan(db, sql));
  expect(plans.filter((detail) => /\b(orders|order_items|refunds)\b/.test(detail))).toEqual([]);
  // A whole-table scan only of the orders still to send, the open requests' own index, the best sellers' window
  // (its one row, and the sums over it: the products sold in 30 days) and the hours a move of it adds or takes out.
  expect(plans.filter((detail) => detail.startsWith("SCAN"))).toEqual([
    "SCAN CONSTANT ROW",
    "SCAN CONSTANT ROW",
    "SCAN orders_to_dispatch",
    "SCAN custom_requests USING COVERING INDEX custom_requests_awaiting_reply",
    "SCAN best_sellers_window",
    "SCAN gone",
    "SCAN best_sellers_since",
    "SCAN best_sellers_window",
    "SCAN best_sellers_since",
  ]);
  // Takings: the first UTC day's hours, then whole days, each by its summary's key.
  expect(plans.filter((detail) => detail.includes("takings_by"))).toEqual([
    "SEARCH takings_by_hour USING PRIMARY KEY (hour>? AND hour<?)",
    "SEARCH takings_by_day USING PRIMARY KEY (day>?)",
  ]);
  // The hours a move adds or takes out are found by the hourly summary's key.
  expect(plans.filter((detail) => detail.includes("sales_by_hour"))).toEqual([
    "SEARCH sales_by_hour USING PRIMARY KEY (hour>? AND hour<?)",
    "SEARCH sales_by_hour USING PRIMARY KEY (hour>? AND hour<?)",
  ]);
});
