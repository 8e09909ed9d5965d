import type { Database } from "bun:sqlite";
import { afterEach, beforeEach, expect, test } from "bun:test";
import { migrate } from "../../src/db/migrate";
import { addProduct } from "../support/factories";
import { openShopBefore, type ShopBefore } from "../support/migrations-before";
import { storeOrder } from "../support/stored-orders";

// An existing shop upgrades in place (migrations/0039_gift_vouchers.sql, docs/decisions/0054-gift-vouchers.md): every
// product it sells is an item, every order and checkout was paid without a voucher, and no voucher exists yet; from
// then on making a product a voucher is recorded as a change of that product, more than stock.

const MIGRATION = "0039_gift_vouchers.sql";
let shop: ShopBefore;
let db: Database;

beforeEach(() => {
  shop = openShopBefore(MIGRATION);
  db = shop.db;
  addProduct(db, { id: "lamp", name: "Moon Lamp", stock: 5 });
  addProduct(db, { id: "clips", name: "Cable Clips", stock: null });
  storeOrder(db, { id: "ORD-OLD1", createdAt: "2026-10-01T10:00:00.000Z" });
});
afterEach(() => shop.close());

const lastChange = () =>
  db
    .query<{ product_id: string | null; stock_only: number }, []>(
      "SELECT product_id, stock_only FROM page_versions ORDER BY version DESC LIMIT 1",
    )
    .get();

test("products stay as they were and are items; orders keep their money with nothing paid by a voucher", () => {
  const products = db.query("SELECT id, name, stock, price_cents FROM products ORDER BY id").all();
  const orders = db.query("SELECT id, amount_cents, subtotal_cents FROM orders").all();
  expect(migrate(db)).toEqual(expect.arrayContaining([MIGRATION]));
  expect(db.query("SELECT id, name, stock, price_cents FROM products ORDER BY id").all()).toEqual(products);
  expect(db.query("SELECT id, kind FROM products ORDER BY id").all()).toEqual([
    { id: "clips", kind: "item" },
    { id: "lamp", kind: "item" },
  ]);
  expect(db.query("SELECT id, amount_cents, subtotal_cents FROM orders").all()).toEqual(orders);
  expect(db.query("SELECT voucher_cents FROM orders").all()).toEqual([{ voucher_cents: 0 }]);
  expect(db.query("SELECT COUNT(*) AS n FROM gift_vouchers").get()).toEqual({ n: 0 });
});

test("making a product a voucher names it and is more than stock; a kind other than item or voucher is refused", () => {
  migrate(db);
  db.run("UPDATE products SET kind = 'voucher' WHERE id = 'clips'");
  expect(lastChange()).toEqual({ product_id: "clips", stock_only: 0 });
  db.run("UPDATE products SET stock = 4 WHERE id = 'lamp'");
  expect(lastChange()).toEqual({ product_id: "lamp", stock_only: 1 });
  expect(() => db.run("UPDATE products SET kind = 'card' WHERE id = 'lamp'")).toThrow(/CHECK constraint failed/);
});
