import { expect, test } from "bun:test";
import { migrate } from "../../src/db/migrate";
import { productShopBeforeEach } from "../support/migrations-before";

// An existing shop upgrades in place (migrations/0040_proof_before_making.sql): every product it sells stays as it
// was, unflagged, and from then on flagging a product is recorded as a change of that product, more than stock.

const MIGRATION = "0040_proof_before_making.sql";
const shop = productShopBeforeEach(MIGRATION);

test("every product of an existing shop is unflagged after the upgrade, with its rows as they were", () => {
  const before = shop.db.query("SELECT id, name, stock, status FROM products ORDER BY id").all();
  expect(migrate(shop.db)).toEqual(expect.arrayContaining([MIGRATION]));
  expect(shop.db.query("SELECT id, name, stock, status FROM products ORDER BY id").all()).toEqual(before);
  expect(shop.db.query("SELECT id, proof_before_making FROM products ORDER BY id").all()).toEqual([
    { id: "clips", proof_before_making: 0 },
    { id: "lamp", proof_before_making: 0 },
  ]);
});

test("flagging or unflagging a product names it and counts as more than stock; a sale stays a stock change", () => {
  migrate(shop.db);
  shop.db.run("UPDATE products SET proof_before_making = 1 WHERE id = 'lamp'");
  expect(shop.lastChange()).toEqual({ product_id: "lamp", stock_figure_only: 0, stock_only: 0 });
  shop.db.run("UPDATE products SET proof_before_making = 0 WHERE id = 'lamp'");
  expect(shop.lastChange()).toEqual({ product_id: "lamp", stock_figure_only: 0, stock_only: 0 });
  shop.db.run("UPDATE products SET stock = 4 WHERE id = 'lamp'");
  expect(shop.lastChange()).toEqual({ product_id: "lamp", stock_figure_only: 0, stock_only: 1 });
  // The columns 0035 watched are still watched: publishing is still more than stock.
  shop.db.run("UPDATE products SET status = 'draft' WHERE id = 'clips'");
  expect(shop.lastChange()).toEqual({ product_id: "clips", stock_figure_only: 0, stock_only: 0 });
});

test("a flag other than 0 or 1 cannot be stored", () => {
  migrate(shop.db);
  expect(() => shop.db.run("UPDATE products SET proof_before_making = 2 WHERE id = 'lamp'")).toThrow(/CHECK constraint failed/);
  expect(shop.db.query("SELECT proof_before_making FROM products WHERE id = 'lamp'").get()).toEqual({ proof_before_making: 0 });
});
