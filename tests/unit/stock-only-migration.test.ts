import type { Database } from "bun:sqlite";
import { afterEach, beforeEach, expect, test } from "bun:test";
import { migrate } from "../../src/db/migrate";
import { addProduct } from "../support/factories";
import { openShopBefore, type ShopBefore } from "../support/migrations-before";

// An existing shop upgrades in place (migrations/0030_stock_only_changes.sql): its products and the changes
// recorded before stay as they were, those changes counting as more than stock (anything may have changed),
// and from then on a sale is marked as a change of stock alone.

const MIGRATION = "0030_stock_only_changes.sql";
let shop: ShopBefore;
let db: Database;

beforeEach(() => {
  shop = openShopBefore(MIGRATION);
  db = shop.db;
  addProduct(db, { id: "lamp", name: "Moon Lamp", stock: 5, variants: [{ id: "lamp-large", name: "Large", price_cents: 2000, stock: 3 }] });
  db.run("UPDATE products SET stock = 4 WHERE id = 'lamp'");
});
afterEach(() => shop.close());

const rows = () =>
  db
    .query<{ product_id: string | null; stock_figure_only: number; stock_only: number }, []>(
      "SELECT product_id, stock_figure_only, stock_only FROM page_versions ORDER BY version",
    )
    .all();

test("the changes recorded before the upgrade stay, each counting as more than stock", () => {
  const before = db.query("SELECT version, product_id, stock_figure_only FROM page_versions ORDER BY version").all();
  expect(migrate(db)).toEqual(expect.arrayContaining([MIGRATION]));
  expect(db.query("SELECT version, product_id, stock_figure_only FROM page_versions ORDER BY version").all()).toEqual(before);
  expect(rows().every((row) => row.stock_only === 0)).toBe(true);
  expect(db.query("SELECT id, stock FROM products").all()).toEqual([{ id: "lamp", stock: 4 }]);
});

test("after the upgrade a sale of the product and of its variant is marked stock alone, a new price is not", () => {
  migrate(db);
  const last = () => rows().at(-1);
  db.run("UPDATE products SET stock = 3 WHERE id = 'lamp'");
  expect(last()).toEqual({ product_id: "lamp", stock_figure_only: 0, stock_only: 1 });
  db.run("UPDATE product_variants SET stock = 2 WHERE id = 'lamp-large'");
  expect(last()).toEqual({ product_id: "lamp", stock_figure_only: 0, stock_only: 1 });
  db.run("UPDATE products SET price_cents = 3000 WHERE id = 'lamp'");
  expect(last()).toEqual({ product_id: "lamp", stock_figure_only: 0, stock_only: 0 });
});
