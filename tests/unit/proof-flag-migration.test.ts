import type { Database } from "bun:sqlite";
import { afterEach, beforeEach, expect, test } from "bun:test";
import { migrate } from "../../src/db/migrate";
import { addProduct } from "../support/factories";
import { lastPageChange, openShopBefore, type ShopBefore } from "../support/migrations-before";

// An existing shop upgrades in place (migrations/0040_proof_before_making.sql): every product it sells stays as it
// was, unflagged, and from then on flagging a product is recorded as a change of that product, more than stock.

const MIGRATION = "0040_proof_before_making.sql";
let shop: ShopBefore;
let db: Database;

beforeEach(() => {
  shop = openShopBefore(MIGRATION);
  db = shop.db;
  addProduct(db, { id: "lamp", name: "Moon Lamp", stock: 5 });
  addProduct(db, { id: "clips", name: "Cable Clips", stock: null });
});
afterEach(() => shop.close());

const lastChange = () => lastPageChange(db);

test("every product of an existing shop is unflagged after the upgrade, with its rows as they were", () => {
  const before = db.query("SELECT id, name, stock, status FROM products ORDER BY id").all();
  expect(migrate(db)).toEqual(expect.arrayContaining([MIGRATION]));
  expect(db.query("SELECT id, name, stock, status FROM products ORDER BY id").all()).toEqual(before);
  expect(db.query("SELECT id, proof_before_making FROM products ORDER BY id").all()).toEqual([
    { id: "clips", proof_before_making: 0 },
    { id: "lamp", proof_before_making: 0 },
  ]);
});

test("flagging or unflagging a product names it and counts as more than stock; a sale stays a stock change", () => {
  migrate(db);
  db.run("UPDATE products SET proof_before_making = 1 WHERE id = 'lamp'");
  expect(lastChange()).toEqual({ product_id: "lamp", stock_figure_only: 0, stock_only: 0 });
  db.run("UPDATE products SET proof_before_making = 0 WHERE id = 'lamp'");
  expect(lastChange()).toEqual({ product_id: "lamp", stock_figure_only: 0, stock_only: 0 });
  db.run("UPDATE products SET stock = 4 WHERE id = 'lamp'");
  expect(lastChange()).toEqual({ product_id: "lamp", stock_figure_only: 0, stock_only: 1 });
  // The columns 0035 watched are still watched: publishing is still more than stock.
  db.run("UPDATE products SET status = 'draft' WHERE id = 'clips'");
  expect(lastChange()).toEqual({ product_id: "clips", stock_figure_only: 0, stock_only: 0 });
});

test("a flag other than 0 or 1 cannot be stored", () => {
  migrate(db);
  expect(() => db.run("UPDATE products SET proof_before_making = 2 WHERE id = 'lamp'")).toThrow(/CHECK constraint failed/);
  expect(db.query("SELECT proof_before_making FROM products WHERE id = 'lamp'").get()).toEqual({ proof_before_making: 0 });
});
