import type { Database } from "bun:sqlite";
import { afterEach, beforeEach, expect, test } from "bun:test";
import { migrate } from "../../src/db/migrate";
import { openShopBefore, type ShopBefore } from "../support/migrations-before";

// An existing shop upgrades in place (migrations/0028_gift_message.sql): its orders stay as they were, with no
// gift message, and from then on the database itself refuses a message past the checkout's 300 characters.

const MIGRATION = "0028_gift_message.sql";
let shop: ShopBefore;
let db: Database;

beforeEach(() => {
  shop = openShopBefore(MIGRATION);
  db = shop.db;
  db.query(
    `INSERT INTO orders (id, subtotal_cents, delivery_cents, amount_cents, payment_provider, payment_session_id)
     VALUES ('ORD-OLD', 2400, 395, 2795, 'demo', 'cs_old')`,
  ).run();
});
afterEach(() => shop.close());

test("an order made before the upgrade keeps every figure and has no gift message", () => {
  expect(migrate(db)[0]).toBe(MIGRATION);
  expect(db.query("SELECT id, amount_cents, gift_message FROM orders").all()).toEqual([
    { id: "ORD-OLD", amount_cents: 2795, gift_message: null },
  ]);
});

test("after the upgrade the database refuses an empty or over-long message on an order", () => {
  migrate(db);
  const setMessage = (message: string) => db.query("UPDATE orders SET gift_message = ? WHERE id = 'ORD-OLD'").run(message);
  expect(() => setMessage("x".repeat(301))).toThrow(/CHECK constraint failed/);
  expect(() => setMessage("")).toThrow(/CHECK constraint failed/);
  setMessage("x".repeat(300));
  expect(db.query<{ length: number }, []>("SELECT length(gift_message) AS length FROM orders").get()?.length).toBe(300);
});
