import type { Database } from "bun:sqlite";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrate } from "../../src/db/migrate";
import { openDatabase } from "../../src/db/open";
import { SHOWN_STOCK_CAP } from "../../src/modules/catalog/shown-stock";
import { MAX_HELD_UNITS_PER_ADDRESS } from "../../src/modules/checkout/model";
import { takeStock } from "../../src/modules/checkout/stock-hold";
import { addCategory, addProduct, addProject, setConfig } from "../support/factories";

// migrations/0010_page_version.sql: kept pages are tied to page_versions, which gains
// a row for exactly the changes they show (docs/decisions/0008-performance.md),
// naming the product when one is all that changed. Each write below is one the shop
// makes; the tests say whether a page could look different afterwards.

let dir: string;
let db: Database;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "strata-page-version-"));
  db = openDatabase(join(dir, "shop.db"));
  migrate(db);
  addCategory(db, { id: "basic", name: "Basic" });
  addProduct(db, {
    id: "lamp",
    name: "Moon Lamp",
    stock: 5,
    category_id: "basic",
    images: ["/media/lamp-a.webp"],
    variants: [
      { id: "lamp-small", name: "Small", price_cents: 1000, stock: null },
      { id: "lamp-large", name: "Large", price_cents: 2000, stock: 3 },
    ],
  });
  addProduct(db, { id: "clips", name: "Cable Clips", stock: null });
  addProject(db, { id: "bridge", title: "Footbridge" });
  setConfig(db, "delivery_fee", "500");
});
afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const version = () => db.query<{ version: number | null }, []>("SELECT max(version) AS version FROM page_versions").get()?.version ?? 0;

/** Whether `write` moved the page version. */
function moves(write: () => void): boolean {
  const before = version();
  write();
  return version() !== before;
}

/** The products the versions `write` added name (null: anything may have changed). */
function named(write: () => void): (string | null)[] {
  const before = version();
  write();
  return db
    .query<{ product_id: string | null }, [number]>("SELECT product_id FROM page_versions WHERE version > ? ORDER BY version")
    .all(before)
    .map((row) => row.product_id);
}

describe("writes that leave every page as it was do not move the page version", () => {
  test("a product saved with only its updated_at changed", () => {
    expect(moves(() => db.run("UPDATE products SET updated_at = '2030-01-01T00:00:00.000Z' WHERE id = 'lamp'"))).toBe(false);
  });

  test("a product saved with the same values", () => {
    expect(moves(() => db.run("UPDATE products SET name = name, stock = stock, price_cents = price_cents WHERE id = 'lamp'"))).toBe(false);
  });

  test("a checkout's stock take on unlimited stock (product and variant)", () => {
    expect(moves(() => takeStock(db, [{ productId: "clips", variantId: null, quantity: 2 }]))).toBe(false);
    expect(moves(() => db.run("UPDATE product_variants SET stock = stock - 1 WHERE id = 'lamp-small' AND stock IS NOT NULL"))).toBe(false);
  });

  test("the shop's secret keys being made (first checkout, first captcha)", () => {
    expect(moves(() => setConfig(db, "address_hash_key", "a".repeat(64)))).toBe(false);
    expect(moves(() => setConfig(db, "altcha_hmac_key", "b".repeat(64)))).toBe(false);
  });

  test("a write that is rolled back", () => {
    expect(
      moves(() => {
        db.exec("BEGIN IMMEDIATE");
        db.run("UPDATE products SET price_cents = 1 WHERE id = 'lamp'");
        db.exec("ROLLBACK");
      }),
    ).toBe(false);
  });
});

describe("writes a page shows move the page version", () => {
  test("a checkout's stock take on limited stock (product, then variant)", () => {
    expect(moves(() => takeStock(db, [{ productId: "lamp", variantId: null, quantity: 1 }]))).toBe(true);
    expect(moves(() => db.run("UPDATE product_variants SET stock = stock - 1 WHERE id = 'lamp-large' AND stock IS NOT NULL"))).toBe(true);
  });

  test("each shown product column", () => {
    const changes: [string, unknown][] = [
      ["name", "Moon Lamp II"],
      ["description", "New words."],
      ["price_cents", 1234],
      ["currency", "eur"],
      ["image_url", "/media/lamp-b.webp"],
      ["max_online_qty", 2],
      ["requires_gpx", 1],
      ["requires_image", 1],
      ["requires_model", 1],
      ["category_id", null],
    ];
    for (const [column, value] of changes) {
      expect({ column, moved: moves(() => db.query(`UPDATE products SET ${column} = ? WHERE id = 'lamp'`).run(value as never)) }).toEqual({
        column,
        moved: true,
      });
    }
  });

  test("a product added or removed", () => {
    expect(moves(() => addProduct(db, { id: "tray", name: "Tray" }))).toBe(true);
    expect(moves(() => db.run("DELETE FROM products WHERE id = 'tray'"))).toBe(true);
  });

  test("a picture added, reordered or removed", () => {
    expect(
      moves(() => db.run("INSERT INTO product_images (product_id, image_url, sort_order) VALUES ('lamp', '/media/lamp-c.webp', 1)")),
    ).toBe(true);
    expect(moves(() => db.run("UPDATE product_images SET sort_order = 5 WHERE image_url = '/media/lamp-c.webp'"))).toBe(true);
    expect(moves(() => db.run("DELETE FROM product_images WHERE image_url = '/media/lamp-c.webp'"))).toBe(true);
  });

  test("a variant renamed, repriced, added or removed", () => {
    expect(moves(() => db.run("UPDATE product_variants SET name = 'Tiny' WHERE id = 'lamp-small'"))).toBe(true);
    expect(moves(() => db.run("UPDATE product_variants SET price_cents = 999 WHERE id = 'lamp-small'"))).toBe(true);
    expect(
      moves(() => db.run("INSERT INTO product_variants (id, product_id, name, price_cents) VALUES ('lamp-xl', 'lamp', 'XL', 3000)")),
    ).toBe(true);
    expect(moves(() => db.run("DELETE FROM product_variants WHERE id = 'lamp-xl'"))).toBe(true);
  });

  test("a category renamed, added or removed", () => {
    expect(moves(() => db.run("UPDATE categories SET name = 'Everyday' WHERE id = 'basic'"))).toBe(true);
    expect(moves(() => addCategory(db, { id: "gifts", name: "Gifts" }))).toBe(true);
    expect(moves(() => db.run("DELETE FROM categories WHERE id = 'gifts'"))).toBe(true);
  });

  test("a project edited, added or removed", () => {
    expect(moves(() => db.run("UPDATE projects SET title = 'Footbridge in PETG' WHERE id = 'bridge'"))).toBe(true);
    expect(moves(() => addProject(db, { id: "arch", title: "Arch" }))).toBe(true);
    expect(moves(() => db.run("DELETE FROM projects WHERE id = 'arch'"))).toBe(true);
  });

  test("a setting added, changed or removed", () => {
    expect(moves(() => setConfig(db, "hero_description", "Hello"))).toBe(true);
    expect(moves(() => setConfig(db, "delivery_fee", "650"))).toBe(true);
    expect(moves(() => db.run("DELETE FROM configuration WHERE key = 'hero_description'"))).toBe(true);
  });
});

describe("a change to one product names it, so other products' pages stay kept", () => {
  test("a stock take (product and variant), a price and a picture name their product", () => {
    expect(named(() => takeStock(db, [{ productId: "lamp", variantId: "lamp-large", quantity: 1 }]))).toEqual(["lamp", "lamp"]);
    expect(named(() => db.run("UPDATE products SET price_cents = 2222 WHERE id = 'lamp'"))).toEqual(["lamp"]);
    expect(named(() => db.run("INSERT INTO product_images (product_id, image_url) VALUES ('clips', '/media/clips.webp')"))).toEqual([
      "clips",
    ]);
  });

  test("a category, a project, a setting or a product's id changed name no product: anything may look different", () => {
    expect(named(() => db.run("UPDATE categories SET sort = 3 WHERE id = 'basic'"))).toEqual([null]);
    expect(named(() => db.run("UPDATE projects SET sort = 3 WHERE id = 'bridge'"))).toEqual([null]);
    expect(named(() => setConfig(db, "delivery_fee", "700"))).toEqual([null]);
    addProduct(db, { id: "mug", name: "Mug" });
    expect(named(() => db.run("UPDATE products SET id = 'cup' WHERE id = 'mug'"))).toEqual([null]);
    expect(named(() => db.run("UPDATE product_images SET product_id = 'lamp' WHERE product_id = 'clips'"))).toEqual([null]);
  });

  test("only the last 1,000 versions are kept, and versions keep rising", () => {
    const before = version();
    for (let index = 0; index < 1_005; index++) db.query("UPDATE products SET price_cents = ? WHERE id = 'lamp'").run(index);
    const rows = db
      .query<{ n: number; low: number; high: number }, []>(
        "SELECT count(*) AS n, min(version) AS low, max(version) AS high FROM page_versions",
      )
      .get()!;
    expect(rows).toEqual({ n: 1_000, low: before + 6, high: before + 1_005 });
  });
});

describe("a stock figure that stays above what pages show marks its change stock_figure_only (migrations/0011_shown_stock.sql)", () => {
  /** Whether each version `write` added changes only an exact stock figure (pages show it capped). */
  function figureOnly(write: () => void): boolean[] {
    const before = version();
    write();
    return db
      .query<{ stock_figure_only: number }, [number]>("SELECT stock_figure_only FROM page_versions WHERE version > ? ORDER BY version")
      .all(before)
      .map((row) => row.stock_figure_only === 1);
  }
  const setStock = (table: "products" | "product_variants", id: string, stock: number | null) =>
    db.query(`UPDATE ${table} SET stock = ? WHERE id = ?`).run(stock, id);

  test("the migration's cap of 20 is the pages' cap, the most one checkout holds", () => {
    expect(SHOWN_STOCK_CAP).toBe(MAX_HELD_UNITS_PER_ADDRESS);
    expect(SHOWN_STOCK_CAP).toBe(20);
    setStock("products", "lamp", SHOWN_STOCK_CAP + 30);
    expect(figureOnly(() => setStock("products", "lamp", SHOWN_STOCK_CAP + 1))).toEqual([true]);
    expect(figureOnly(() => setStock("products", "lamp", SHOWN_STOCK_CAP))).toEqual([true]);
    expect(figureOnly(() => setStock("products", "lamp", SHOWN_STOCK_CAP - 1))).toEqual([false]);
  });

  test("a product's stock: 50 to 49 is the figure only; 4 to 3, to unlimited, or with another column is not", () => {
    setStock("products", "lamp", 50);
    expect(named(() => setStock("products", "lamp", 49))).toEqual(["lamp"]);
    expect(figureOnly(() => takeStock(db, [{ productId: "lamp", variantId: null, quantity: 1 }]))).toEqual([true]);
    setStock("products", "lamp", 4);
    expect(figureOnly(() => setStock("products", "lamp", 3))).toEqual([false]);
    setStock("products", "lamp", 50);
    expect(figureOnly(() => setStock("products", "lamp", null))).toEqual([false]);
    setStock("products", "lamp", 50);
    expect(figureOnly(() => db.run("UPDATE products SET stock = 40, price_cents = price_cents + 1 WHERE id = 'lamp'"))).toEqual([false]);
  });

  test("a variant's stock: 50 to 49 is the figure only; 21 to 19 or a rename with it is not", () => {
    setStock("product_variants", "lamp-large", 50);
    expect(figureOnly(() => setStock("product_variants", "lamp-large", 49))).toEqual([true]);
    setStock("product_variants", "lamp-large", 21);
    expect(figureOnly(() => setStock("product_variants", "lamp-large", 19))).toEqual([false]);
    expect(figureOnly(() => db.run("UPDATE product_variants SET stock = 60, name = 'Big' WHERE id = 'lamp-large'"))).toEqual([false]);
  });
});
