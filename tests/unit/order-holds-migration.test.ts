import type { Database } from "bun:sqlite";
import { afterEach, beforeEach, expect, test } from "bun:test";
import { migrate } from "../../src/db/migrate";
import { createHoldStore } from "../../src/modules/holds/store";
import { openShopBefore, type ShopBefore } from "../support/migrations-before";

// An existing shop upgrades in place (migrations/0036_order_holds.sql, docs/decisions/0048-order-holds.md): its
// orders stay as they were and read as never held; the schema allows one open hold per order.

const FIRST = "0036_order_holds.sql";
let shop: ShopBefore;
let db: Database;

beforeEach(() => {
  shop = openShopBefore(FIRST);
  db = shop.db;
  db.query(
    `INSERT INTO orders (id, subtotal_cents, delivery_cents, amount_cents, payment_provider, payment_session_id, stage)
     VALUES ('ORD-OLD', 3900, 395, 4295, 'demo', 'cs_old', 'printing')`,
  ).run();
});
afterEach(() => shop.close());

test("an order from before holds is kept as it was and has no hold; a second open hold is refused by the schema", () => {
  const before = db.query("SELECT * FROM orders").all();
  expect(migrate(db)).toContain(FIRST);
  // Every field it had, as it was (later migrations may add columns of their own).
  expect(db.query("SELECT * FROM orders").all()).toMatchObject(before);
  const holds = createHoldStore(db);
  expect(holds.latest("ORD-OLD")).toBeNull();
  const hold = (id: string) => ({
    id,
    orderId: "ORD-OLD",
    reason: "approve_proof" as const,
    lineIndex: null,
    allowCancel: false,
    defaultAction: "wait" as const,
    windowDays: 10,
    tokenHash: "x".repeat(64),
    pausedDispatchBy: null,
    daysLeft: null,
    createdAt: "2026-12-01T10:00:00.000Z",
  });
  holds.insert(hold("hold_a"));
  expect(() => holds.insert(hold("hold_b"))).toThrow("UNIQUE");
});
