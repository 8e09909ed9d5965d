import type { Database } from "bun:sqlite";
import { afterEach, beforeEach, expect, test } from "bun:test";
import { migrate } from "../../src/db/migrate";
import { createHoldStore } from "../../src/modules/holds/store";
import { orderProduction } from "../../src/modules/orders/production";
import { createOrderService } from "../../src/modules/orders/service";
import { createOrderStore } from "../../src/modules/orders/store";
import { openShopBefore, type ShopBefore } from "../support/migrations-before";

// An existing shop upgrades in place (migrations/0037_gift_orders.sql, docs/decisions/0049-gift-orders.md): an order
// with a gift message from before is a gift with no name, its message kept whole even past the new 250 limit, and
// an order without one is not a gift.

const MIGRATION = "0037_gift_orders.sql";
const OLD_MESSAGE = "Happy Christmas! ".repeat(18).slice(0, 300);
let shop: ShopBefore;
let db: Database;

beforeEach(() => {
  shop = openShopBefore(MIGRATION);
  db = shop.db;
  const insert = db.query(
    `INSERT INTO orders (id, subtotal_cents, delivery_cents, amount_cents, payment_provider, payment_session_id, gift_message)
     VALUES (?, 2400, 395, 2795, 'demo', ?, ?)`,
  );
  insert.run("ORD-GIFT", "cs_gift", OLD_MESSAGE);
  insert.run("ORD-PLAIN", "cs_plain", null);
});
afterEach(() => shop.close());

function giftOf(id: string) {
  const store = createOrderStore(db);
  return createOrderService(db, store, orderProduction(db, store, createHoldStore(db))).getOrder(id)?.gift;
}

test("an order with a gift message from before is a gift with no name, its 300 characters kept", () => {
  expect(OLD_MESSAGE.length).toBe(300);
  expect(migrate(db)[0]).toBe(MIGRATION);
  expect(giftOf("ORD-GIFT")).toEqual({ message: OLD_MESSAGE, from: null });
  expect(giftOf("ORD-PLAIN")).toBeNull();
});

test("after the upgrade the database refuses a name without a message, an empty name and one past 60", () => {
  migrate(db);
  const setFrom = (id: string, from: string) => db.query("UPDATE orders SET gift_from = ? WHERE id = ?").run(from, id);
  expect(() => setFrom("ORD-PLAIN", "Ada")).toThrow(/CHECK constraint failed/);
  expect(() => setFrom("ORD-GIFT", "")).toThrow(/CHECK constraint failed/);
  expect(() => setFrom("ORD-GIFT", "y".repeat(61))).toThrow(/CHECK constraint failed/);
  setFrom("ORD-GIFT", "Ada");
  expect(giftOf("ORD-GIFT")).toEqual({ message: OLD_MESSAGE, from: "Ada" });
});
