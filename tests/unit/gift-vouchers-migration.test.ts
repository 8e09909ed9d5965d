import { expect, test } from "bun:test";
import { migrate } from "../../src/db/migrate";
import { productShopBeforeEach } from "../support/migrations-before";
import { storeOrder } from "../support/stored-orders";

// An existing shop upgrades in place (migrations/0039_gift_vouchers.sql, docs/decisions/0054-gift-vouchers.md): every
// product it sells is an item, every order and checkout was paid without a voucher, and no voucher exists yet; from
// then on making a product a voucher is recorded as a change of that product, more than stock.

const MIGRATION = "0039_gift_vouchers.sql";
const shop = productShopBeforeEach(MIGRATION, (db) => storeOrder(db, { id: "ORD-OLD1", createdAt: "2026-10-01T10:00:00.000Z" }));

test("products stay as they were and are items; orders keep their money with nothing paid by a voucher", () => {
  const products = shop.db.query("SELECT id, name, stock, price_cents FROM products ORDER BY id").all();
  const orders = shop.db.query("SELECT id, amount_cents, subtotal_cents FROM orders").all();
  expect(migrate(shop.db)).toEqual(expect.arrayContaining([MIGRATION]));
  expect(shop.db.query("SELECT id, name, stock, price_cents FROM products ORDER BY id").all()).toEqual(products);
  expect(shop.db.query("SELECT id, kind FROM products ORDER BY id").all()).toEqual([
    { id: "clips", kind: "item" },
    { id: "lamp", kind: "item" },
  ]);
  expect(shop.db.query("SELECT id, amount_cents, subtotal_cents FROM orders").all()).toEqual(orders);
  expect(shop.db.query("SELECT voucher_cents FROM orders").all()).toEqual([{ voucher_cents: 0 }]);
  expect(shop.db.query("SELECT COUNT(*) AS n FROM gift_vouchers").get()).toEqual({ n: 0 });
});

test("making a product a voucher names it and is more than stock; a kind other than item or voucher is refused", () => {
  migrate(shop.db);
  shop.db.run("UPDATE products SET kind = 'voucher' WHERE id = 'clips'");
  expect(shop.lastChange()).toEqual({ product_id: "clips", stock_figure_only: 0, stock_only: 0 });
  shop.db.run("UPDATE products SET stock = 4 WHERE id = 'lamp'");
  expect(shop.lastChange()).toEqual({ product_id: "lamp", stock_figure_only: 0, stock_only: 1 });
  expect(() => shop.db.run("UPDATE products SET kind = 'card' WHERE id = 'lamp'")).toThrow(/CHECK constraint failed/);
});
