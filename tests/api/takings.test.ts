import { afterEach, describe, expect, test } from "bun:test";
import { createOwnerShop, type OwnerShop } from "../support/admin";
import { addProduct, BIRD_FEEDER, PLANTER, setConfig } from "../support/factories";
import { storeOrder, storeRefund } from "../support/stored-orders";

// The dashboard's takings (orders paid minus refunds made, per UK-day period, in pence), orders to dispatch, requests
// awaiting a reply, low-stock items and best sellers, beside the counts of orders, products, projects and requests
// (docs/decisions/0018-takings-and-export.md).

type Stats = {
  orders: number;
  products: number;
  takings: { today: number; last_7_days: number; last_30_days: number; last_12_months: number };
  to_dispatch: number;
  awaiting_reply: number;
  low_stock_threshold: number;
  low_stock: { product_id: string; variant_id: string | null; name: string; stock: number }[];
  best_sellers: { product_id: string; name: string; units: number; amount_cents: number }[];
};

let shop: OwnerShop | undefined;
afterEach(() => shop?.close());

/** A shop whose clock stands at `now`. */
async function shopAt(now: string) {
  shop = await createOwnerShop({}, { now: () => new Date(now) });
  return shop;
}

async function stats(): Promise<Stats> {
  const { status, body } = await shop!.call<Stats>("/api/admin/dashboard/stats");
  expect(status).toBe(200);
  return body;
}

/** An order of `pence` in all (£5 delivery included) made at `at`. */
function order(id: string, at: string, pence: number, status: "paid" | "fulfilled" | "canceled" = "paid") {
  storeOrder(shop!.db, { id, createdAt: at, subtotalCents: pence - 500, deliveryCents: 500, status });
}

describe("takings", () => {
  test("each period starts at UK midnight in summer time (23:00 UTC the evening before)", async () => {
    const { db } = await shopAt("2026-07-15T12:00:00.000Z");
    order("ORD-TODAY1", "2026-07-14T23:30:00.000Z", 2500); // 00:30 on the 15th in London
    order("ORD-YDAY01", "2026-07-14T22:30:00.000Z", 1500); // 23:30 on the 14th
    order("ORD-WEEK01", "2026-07-08T23:00:00.000Z", 3500); // midnight starting the 9th: day 7 of 7
    order("ORD-WEEK00", "2026-07-08T22:59:59.000Z", 4500); // a second before: the 8th
    order("ORD-MONTH1", "2026-06-15T23:30:00.000Z", 5500); // the 16th of June: day 30 of 30
    order("ORD-MONTH0", "2026-06-15T22:30:00.000Z", 6500); // the 15th of June
    order("ORD-YEAR01", "2025-07-15T23:30:00.000Z", 7500); // the 16th of July 2025: the year's first day
    order("ORD-YEAR00", "2025-07-15T22:30:00.000Z", 8500); // the 15th of July 2025: outside
    expect(db.query("SELECT COUNT(*) AS n FROM orders").get()).toEqual({ n: 8 });
    expect((await stats()).takings).toEqual({
      today: 2500,
      last_7_days: 2500 + 1500 + 3500,
      last_30_days: 2500 + 1500 + 3500 + 4500 + 5500,
      last_12_months: 2500 + 1500 + 3500 + 4500 + 5500 + 6500 + 7500,
    });
  });

  test("in winter a UK day starts at midnight UTC", async () => {
    await shopAt("2026-01-15T12:00:00.000Z");
    order("ORD-WINTE1", "2026-01-15T00:30:00.000Z", 2500);
    order("ORD-WINTE0", "2026-01-14T23:30:00.000Z", 1500);
    const { takings } = await stats();
    expect(takings.today).toBe(2500);
    expect(takings.last_7_days).toBe(4000);
  });

  test("a refund counts on the UK day it was made, not its order's day", async () => {
    await shopAt("2026-07-15T12:00:00.000Z");
    order("ORD-OLDONE", "2026-05-01T10:00:00.000Z", 9000);
    order("ORD-NEWONE", "2026-07-15T09:00:00.000Z", 2500);
    storeRefund(shop!.db, "ORD-OLDONE", 4000, "2026-07-15T10:00:00.000Z");
    storeRefund(shop!.db, "ORD-NEWONE", 500, "2026-07-01T10:00:00.000Z"); // before its order, only to place it in time
    expect((await stats()).takings).toEqual({
      today: 2500 - 4000,
      last_7_days: 2500 - 4000,
      last_30_days: 2500 - 4000 - 500,
      last_12_months: 9000 + 2500 - 4000 - 500,
    });
  });

  test("a cancelled order's money counts until it is refunded", async () => {
    await shopAt("2026-07-15T12:00:00.000Z");
    order("ORD-CANCEL", "2026-07-15T09:00:00.000Z", 3000, "canceled");
    expect((await stats()).takings.today).toBe(3000);
    storeRefund(shop!.db, "ORD-CANCEL", 3000, "2026-07-15T11:00:00.000Z");
    expect((await stats()).takings.today).toBe(0);
  });

  test("the dashboard's counts are still there beside the new figures", async () => {
    await shopAt("2026-07-15T12:00:00.000Z");
    order("ORD-COUNT1", "2026-07-15T09:00:00.000Z", 3000);
    const answer = await stats();
    expect(answer.orders).toBe(1);
    expect(answer).toHaveProperty("recentOrders");
    expect(answer).toHaveProperty("activeCustomRequests");
  });
});

describe("the dashboard's work lists", () => {
  test("to_dispatch counts paid orders, not fulfilled or cancelled ones, nor a late payment flagged for refund", async () => {
    const { db } = await shopAt("2026-07-15T12:00:00.000Z");
    order("ORD-PAID01", "2026-07-15T09:00:00.000Z", 3000);
    order("ORD-PAID02", "2026-07-10T09:00:00.000Z", 3000);
    order("ORD-SENT01", "2026-07-10T09:00:00.000Z", 3000, "fulfilled");
    order("ORD-GONE01", "2026-07-10T09:00:00.000Z", 3000, "canceled");
    order("ORD-LATE01", "2026-07-14T09:00:00.000Z", 3000);
    db.query("UPDATE orders SET refund_required = 1 WHERE id = 'ORD-LATE01'").run();
    expect((await stats()).to_dispatch).toBe(2);
  });

  test("awaiting_reply counts open custom requests only", async () => {
    const { db } = await shopAt("2026-07-15T12:00:00.000Z");
    for (const [id, status] of [
      ["cr1", "open"],
      ["cr2", "open"],
      ["cr3", "in_progress"],
      ["cr4", "completed"],
    ]) {
      db.query("INSERT INTO custom_requests (id, name, email, details, status) VALUES (?, 'Ann', 'ann@example.test', 'A map', ?)").run(
        id!,
        status!,
      );
    }
    expect((await stats()).awaiting_reply).toBe(2);
  });

  test("low stock lists products and variants at or under the default threshold of 3, fewest first", async () => {
    const { db } = await shopAt("2026-07-15T12:00:00.000Z");
    addProduct(db, { ...BIRD_FEEDER, stock: 3 });
    addProduct(db, PLANTER); // its own stock of 5 is not read: its variants hold the stock (Large: 2, Small: unlimited)
    addProduct(db, { id: "lamp", name: "Lamp", stock: 4 });
    addProduct(db, { id: "print", name: "Print", stock: null });
    const answer = await stats();
    expect(answer.low_stock_threshold).toBe(3);
    expect(answer.low_stock).toEqual([
      { product_id: "planter", variant_id: "planter-large", name: "Planter – Large", stock: 2 },
      { product_id: "feeder", variant_id: null, name: "Bird feeder", stock: 3 },
    ]);
  });

  test("the low-stock threshold is the shop's setting", async () => {
    const { db } = await shopAt("2026-07-15T12:00:00.000Z");
    addProduct(db, { id: "lamp", name: "Lamp", stock: 4 });
    setConfig(db, "low_stock_threshold", "4");
    expect((await stats()).low_stock.map((item) => item.product_id)).toEqual(["lamp"]);
  });

  test("best sellers are the last 30 days' most-sold products, cancelled orders left out", async () => {
    const { db } = await shopAt("2026-07-15T12:00:00.000Z");
    const item = (productId: string, quantity: number) => ({ productId, name: productId, unitPriceCents: 1000, quantity });
    storeOrder(db, { id: "ORD-BEST01", createdAt: "2026-07-14T09:00:00.000Z", items: [item("feeder", 2), item("lamp", 1)] });
    storeOrder(db, { id: "ORD-BEST02", createdAt: "2026-07-01T09:00:00.000Z", items: [item("lamp", 1)] });
    storeOrder(db, { id: "ORD-BEST03", createdAt: "2026-07-02T09:00:00.000Z", items: [item("lamp", 5)], status: "canceled" });
    storeOrder(db, { id: "ORD-BEST04", createdAt: "2026-05-01T09:00:00.000Z", items: [item("print", 9)] });
    expect((await stats()).best_sellers).toEqual([
      { product_id: "feeder", name: "feeder", units: 2, amount_cents: 2000 },
      { product_id: "lamp", name: "lamp", units: 2, amount_cents: 2000 },
    ]);
  });
});

describe("POST /api/admin/configuration low_stock_threshold", () => {
  test("saves a whole number", async () => {
    await shopAt("2026-07-15T12:00:00.000Z");
    const { status } = await shop!.call("/api/admin/configuration", { method: "POST", body: { key: "low_stock_threshold", value: "10" } });
    expect(status).toBe(200);
    expect((await stats()).low_stock_threshold).toBe(10);
  });

  for (const value of ["-1", "2.5", "lots", "1001"]) {
    test(`refuses ${JSON.stringify(value)} with 400 and stores nothing`, async () => {
      const { db } = await shopAt("2026-07-15T12:00:00.000Z");
      const { status, body } = await shop!.call("/api/admin/configuration", {
        method: "POST",
        body: { key: "low_stock_threshold", value },
      });
      expect(status).toBe(400);
      expect(body).toEqual({ error: "Enter the low-stock threshold as a whole number of items from 0 to 1000." });
      expect(db.query("SELECT value FROM configuration WHERE key = 'low_stock_threshold'").get()).toBeNull();
    });
  }
});
