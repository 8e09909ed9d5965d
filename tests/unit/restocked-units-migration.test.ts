import type { Database } from "bun:sqlite";
import { afterEach, beforeEach, expect, test } from "bun:test";
import { migrate } from "../../src/db/migrate";
import { openShopBefore, type ShopBefore } from "../support/migrations-before";

// An existing shop upgrades in place (migrations/0020_restocked_units.sql): the units its refunds and
// cancels already put back are counted per order line from what they recorded, so nothing recorded
// before the upgrade can go back on the shelf a second time after it.

const MIGRATION = "0020_restocked_units.sql";
let shop: ShopBefore;
let db: Database;

beforeEach(() => {
  shop = openShopBefore(MIGRATION);
  db = shop.db;
});
afterEach(() => shop.close());

function order(id: string, { restocked = 0, refundRequired = 0 } = {}) {
  db.query(
    `INSERT INTO orders (id, subtotal_cents, delivery_cents, amount_cents, payment_provider, payment_session_id, restocked, refund_required)
     VALUES (?, 4800, 0, 4800, 'demo', ?, ?, ?)`,
  ).run(id, `cs_${id}`, restocked, refundRequired);
}
function line(orderId: string, productId: string, variantId: string | null, quantity: number) {
  db.query(
    "INSERT INTO order_items (order_id, product_id, variant_id, product_name, unit_price_cents, quantity) VALUES (?, ?, ?, ?, 100, ?)",
  ).run(orderId, productId, variantId, productId, quantity);
}
function refunded(orderId: string, key: string, restocked: unknown[]) {
  db.query("INSERT INTO refunds (id, order_id, amount_cents, reason, restocked, idempotency_key) VALUES (?, ?, 100, 'other', ?, ?)").run(
    `rf_${key}`,
    orderId,
    JSON.stringify(restocked),
    key,
  );
}
const restockedOf = (orderId: string) =>
  db
    .query<{ restocked: number }, [string]>("SELECT restocked FROM order_items WHERE order_id = ? ORDER BY id")
    .all(orderId)
    .map((row) => row.restocked);

test("units put back before the upgrade are counted on the order's lines, line by line, never beyond a line's quantity", () => {
  order("ORD-REFUNDED");
  line("ORD-REFUNDED", "feeder", null, 2);
  line("ORD-REFUNDED", "feeder", null, 3);
  line("ORD-REFUNDED", "planter", "planter-large", 1);
  line("ORD-REFUNDED", "planter", "planter-base", 2);
  refunded("ORD-REFUNDED", "a", [{ product_id: "feeder", variant_id: null, quantity: 1 }]);
  refunded("ORD-REFUNDED", "b", [
    { product_id: "feeder", variant_id: null, quantity: 2 },
    { product_id: "planter", variant_id: "planter-large", quantity: 1 },
  ]);
  // Cancelled with its items put back (and, before the one rule, a refund that had put one back too).
  order("ORD-CANCELLED", { restocked: 1 });
  line("ORD-CANCELLED", "feeder", null, 2);
  refunded("ORD-CANCELLED", "c", [{ product_id: "feeder", variant_id: null, quantity: 1 }]);
  // Paid after its stock had gone: it never took any, so nothing of it was ever put back.
  order("ORD-FLAGGED", { restocked: 1, refundRequired: 1 });
  line("ORD-FLAGGED", "feeder", null, 1);
  order("ORD-UNTOUCHED");
  line("ORD-UNTOUCHED", "feeder", null, 4);

  expect(migrate(db)[0]).toBe(MIGRATION);

  expect(restockedOf("ORD-REFUNDED")).toEqual([2, 1, 1, 0]);
  expect(restockedOf("ORD-CANCELLED")).toEqual([2]);
  expect(restockedOf("ORD-FLAGGED")).toEqual([0]);
  expect(restockedOf("ORD-UNTOUCHED")).toEqual([0]);
});

test("a line can never count more put back than it had, nor fewer than none", () => {
  order("ORD-ONE");
  line("ORD-ONE", "feeder", null, 2);
  migrate(db);
  const set = db.query("UPDATE order_items SET restocked = ? WHERE order_id = 'ORD-ONE'");
  expect(() => set.run(3)).toThrow(/CHECK constraint failed/);
  expect(() => set.run(-1)).toThrow(/CHECK constraint failed/);
  expect(restockedOf("ORD-ONE")).toEqual([0]);
});
