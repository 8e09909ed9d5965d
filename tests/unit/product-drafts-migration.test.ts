import { expect, test } from "bun:test";
import { migrate } from "../../src/db/migrate";
import { productShopBeforeEach } from "../support/migrations-before";

// An existing shop upgrades in place (migrations/0035_product_drafts.sql): every product it sells stays live,
// and from then on publishing or drafting a product is recorded as a change of that product, more than stock.

const MIGRATION = "0035_product_drafts.sql";
const shop = productShopBeforeEach(MIGRATION);

test("every product of an existing shop is live after the upgrade, with its rows as they were", () => {
  const before = shop.db.query("SELECT id, name, stock FROM products ORDER BY id").all();
  expect(migrate(shop.db)).toEqual(expect.arrayContaining([MIGRATION]));
  expect(shop.db.query("SELECT id, name, stock FROM products ORDER BY id").all()).toEqual(before);
  expect(shop.db.query("SELECT id, status FROM products ORDER BY id").all()).toEqual([
    { id: "clips", status: "live" },
    { id: "lamp", status: "live" },
  ]);
});

test("publishing or drafting a product names it and counts as more than stock; a sale stays a stock change", () => {
  migrate(shop.db);
  shop.db.run("UPDATE products SET status = 'draft' WHERE id = 'lamp'");
  expect(shop.lastChange()).toEqual({ product_id: "lamp", stock_figure_only: 0, stock_only: 0 });
  shop.db.run("UPDATE products SET status = 'live' WHERE id = 'lamp'");
  expect(shop.lastChange()).toEqual({ product_id: "lamp", stock_figure_only: 0, stock_only: 0 });
  shop.db.run("UPDATE products SET stock = 4 WHERE id = 'lamp'");
  expect(shop.lastChange()).toEqual({ product_id: "lamp", stock_figure_only: 0, stock_only: 1 });
});

test("a status other than draft or live cannot be stored", () => {
  migrate(shop.db);
  expect(() => shop.db.run("UPDATE products SET status = 'hidden' WHERE id = 'lamp'")).toThrow(/CHECK constraint failed/);
  expect(shop.db.query("SELECT status FROM products WHERE id = 'lamp'").get()).toEqual({ status: "live" });
});
