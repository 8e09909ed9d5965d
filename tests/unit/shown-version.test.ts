import { Database } from "bun:sqlite";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrate } from "../../src/db/migrate";
import { openDatabase } from "../../src/db/open";
import { createShownVersion, SHOWN_CLOCK_PERIOD_MS } from "../../src/db/shown-version";
import { createDispatchPromise } from "../../src/modules/catalog/dispatch-promise";
import { createCatalogService } from "../../src/modules/catalog/service";
import { asShownOnPages } from "../../src/modules/catalog/shown-stock";
import { createContentService } from "../../src/modules/content/service";
import { addProduct, setConfig } from "../support/factories";

// What pages show is read once per change to it (docs/decisions/0008-performance.md): the product
// list, the configuration and the categories are shared between the pages made after a change, and
// read again on the very next call after a write, another process's write, or a new clock hour.

let dir: string;
let db: Database;
let clock: number;
let shown: ReturnType<typeof createShownVersion>;
let catalog: ReturnType<typeof createCatalogService>;
let content: ReturnType<typeof createContentService>;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "strata-shown-version-"));
  db = openDatabase(join(dir, "shop.db"));
  migrate(db);
  addProduct(db, { id: "lamp", name: "Moon Lamp", stock: 12 });
  addProduct(db, { id: "clips", name: "Cable Clips", stock: null });
});
afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  // A Tuesday in term, 10:00 UK time: a dispatch date the clock can move.
  clock = Date.parse("2026-11-24T10:00:00Z");
  shown = createShownVersion(db, () => clock);
  content = createContentService(db, shown);
  catalog = createCatalogService(db, createDispatchPromise({ content, now: () => new Date(clock) }), shown);
});

const lamp = () => catalog.listProducts().find((product) => product.id === "lamp")!;

describe("the product list", () => {
  test("is read once while nothing pages show changes: the same list, its products frozen", () => {
    const first = catalog.listProducts();
    expect(catalog.listProducts()).toBe(first);
    expect(first.every((product) => Object.isFrozen(product))).toBe(true);
    expect(() => {
      (first[0] as { name: string }).name = "Changed in place";
    }).toThrow(TypeError);
    expect(catalog.listProducts()[0]?.name).toBe("Cable Clips");
  });

  test("a sale seen on the next call: the sold product is a new object, the others the very same", () => {
    const before = catalog.listProducts();
    const clips = before.find((product) => product.id === "clips");
    db.run("UPDATE products SET stock = stock - 1 WHERE id = 'lamp'");
    const after = catalog.listProducts();
    expect(after).not.toBe(before);
    expect(lamp().stock).toBe(before.find((product) => product.id === "lamp")!.stock! - 1);
    expect(after.find((product) => product.id === "clips")).toBe(clips!);
    // Pages' capped copy follows: the same copy while its product is the same.
    expect(asShownOnPages(clips!)).toBe(asShownOnPages(clips!));
    expect(asShownOnPages(lamp()).stock).toBe(lamp().stock);
    // The catalogue JSON, made from each product's own, says what the list says.
    expect(JSON.parse(new TextDecoder().decode(catalog.listProductsJson()))).toEqual(JSON.parse(JSON.stringify(after)));
  });

  test("another connection's write (the sqlite3 shell's) is seen on the very next call, the clock unmoved", () => {
    const price = lamp().unitAmount;
    const other = new Database(join(dir, "shop.db"));
    other.run("UPDATE products SET price_cents = price_cents + 100 WHERE id = 'lamp'");
    other.close();
    expect(lamp().unitAmount).toBe(price + 100);
  });

  test("a database that is closed cannot be read: the version throws, and pages trust nothing kept", () => {
    const closing = openDatabase(join(dir, "closing.db"));
    migrate(closing);
    const closingShown = createShownVersion(closing, () => clock);
    expect(closingShown.current()).toBe(0);
    closing.close();
    expect(() => closingShown.current()).toThrow();
  });

  test("without a WAL index to read (an in-memory database) this connection's writes are still seen at once", () => {
    const memory = openDatabase(":memory:");
    migrate(memory);
    const memoryShown = createShownVersion(memory, () => clock);
    const before = memoryShown.current();
    addProduct(memory, { id: "kite", name: "Kite", stock: 3 });
    expect(memoryShown.current()).toBeGreaterThan(before);
    memory.close();
  });

  test("a new clock hour reads again: the promised dispatch day moves at the cut-off with no write at all", () => {
    setConfig(db, "dispatch_cut_off_hour", "14");
    const before = lamp().dispatchBy;
    clock = Date.parse("2026-11-24T14:00:00Z");
    expect(lamp().dispatchBy).not.toBe(before);
    clock += SHOWN_CLOCK_PERIOD_MS - 1;
    expect(catalog.listProducts()).toBe(catalog.listProducts());
  });

  test("inside a transaction it reads the rows as they are there, and a rollback leaves the kept list as it was", () => {
    const kept = catalog.listProducts();
    const stock = lamp().stock;
    expect(() =>
      db.transaction(() => {
        db.run("UPDATE products SET stock = 0 WHERE id = 'lamp'");
        expect(catalog.listProducts().find((product) => product.id === "lamp")?.stock).toBe(0);
        throw new Error("rolled back");
      })(),
    ).toThrow("rolled back");
    expect(lamp().stock).toBe(stock);
    expect(catalog.listProducts()).toBe(kept);
  });
});

describe("a change to one product reads that product into the kept list", () => {
  // What a shop that has kept nothing reads now: the list the kept one must equal after every change.
  const freshRead = () => {
    const fresh = createShownVersion(db, () => clock);
    const freshContent = createContentService(db, fresh);
    return createCatalogService(db, createDispatchPromise({ content: freshContent, now: () => new Date(clock) }), fresh).listProducts();
  };
  const ids = (products: readonly { id: string }[]) => products.map((product) => product.id);

  beforeEach(() => {
    addProduct(db, {
      id: "vase",
      name: "Spiral Vase",
      stock: 5,
      images: ["/media/vase.webp"],
      variants: [{ id: "vase-tall", name: "Tall", price_cents: 2400, stock: 3 }],
    });
    addProduct(db, { id: "hook", name: "Door Hook", stock: null });
    catalog.listProducts();
  });
  afterEach(() => {
    db.run("DELETE FROM products WHERE id IN ('vase', 'hook', 'bowl')");
  });

  test("a sale of a product and of a variant: the list equals a fresh read, and the others are the very same objects", () => {
    const before = catalog.listProducts();
    db.run("UPDATE products SET stock = stock - 2 WHERE id = 'vase'");
    db.run("UPDATE product_variants SET stock = stock - 1 WHERE id = 'vase-tall'");
    const after = catalog.listProducts();
    expect(after).toEqual(freshRead());
    expect(after.find((product) => product.id === "vase")).toMatchObject({ stock: 3, variants: [{ stock: 2 }] });
    expect(after.find((product) => product.id === "hook")).toBe(before.find((product) => product.id === "hook")!);
    expect(after.every((product) => Object.isFrozen(product))).toBe(true);
    expect(JSON.parse(new TextDecoder().decode(catalog.listProductsJson()))).toEqual(JSON.parse(JSON.stringify(after)));
  });

  test("a new picture and a new price of one product are shown", () => {
    db.run(
      "INSERT INTO product_images (product_id, image_url, sort_order, width, height) VALUES ('vase', '/media/vase-2.webp', 1, 800, 800)",
    );
    db.run("UPDATE products SET price_cents = 3100 WHERE id = 'vase'");
    const after = catalog.listProducts();
    expect(after).toEqual(freshRead());
    expect(after.find((product) => product.id === "vase")).toMatchObject({ unitAmount: 3100, images: [{}, { url: "/media/vase-2.webp" }] });
  });

  test("a renamed product moves to its new place in the name order", () => {
    expect(ids(catalog.listProducts()).indexOf("vase")).toBeGreaterThan(ids(catalog.listProducts()).indexOf("hook"));
    db.run("UPDATE products SET name = 'Amber Vase' WHERE id = 'vase'");
    const after = catalog.listProducts();
    expect(ids(after)).toEqual(ids(freshRead()));
    expect(ids(after)[0]).toBe("vase");
  });

  test("a rename read inside its own transaction, then committed, still moves the product", () => {
    db.transaction(() => {
      db.run("UPDATE products SET name = 'Amber Vase' WHERE id = 'vase'");
      expect(ids(catalog.listProducts())[0]).toBe("vase");
    })();
    expect(ids(catalog.listProducts())).toEqual(ids(freshRead()));
    expect(ids(catalog.listProducts())[0]).toBe("vase");
  });

  test("a product added appears in its place, and one deleted is gone", () => {
    addProduct(db, { id: "bowl", name: "Bowl", stock: 4 });
    expect(ids(catalog.listProducts())).toEqual(ids(freshRead()));
    expect(ids(catalog.listProducts())).toContain("bowl");
    db.run("DELETE FROM products WHERE id = 'hook'");
    expect(catalog.listProducts()).toEqual(freshRead());
    expect(ids(catalog.listProducts())).not.toContain("hook");
  });

  test("changes to several products at once, one of them in a category's change, equal a fresh read", () => {
    db.run("UPDATE products SET stock = 1 WHERE id = 'vase'");
    db.run("UPDATE products SET stock = 7 WHERE id = 'hook'");
    expect(catalog.listProducts()).toEqual(freshRead());
    db.run("INSERT INTO categories (id, name, sort) VALUES ('pots', 'Pots', 1)");
    db.run("UPDATE products SET category_id = 'pots' WHERE id = 'vase'");
    expect(catalog.listProducts()).toEqual(freshRead());
    db.run("UPDATE products SET category_id = NULL WHERE id = 'vase'");
    db.run("DELETE FROM categories WHERE id = 'pots'");
  });

  test("after the changes kept are pruned, the whole list is read again", () => {
    db.run("UPDATE products SET stock = 2 WHERE id = 'vase'");
    // A gap: the rows after the kept version are gone (only the last 1,000 are kept).
    db.run("DELETE FROM page_versions");
    db.run("UPDATE products SET stock = 9 WHERE id = 'vase'");
    expect(catalog.listProducts()).toEqual(freshRead());
    expect(catalog.listProducts().find((product) => product.id === "vase")?.stock).toBe(9);
  });
});

describe("the configuration", () => {
  test("is read once while unchanged, and an owner's change is seen on the next call", () => {
    const first = content.readConfig();
    expect(content.readConfig()).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    setConfig(db, "shop_name", "Fellside Prints");
    expect(content.shopIdentity().name).toBe("Fellside Prints");
  });
});
