import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createApp } from "../../src/app";
import type { ResponseCache } from "../../src/http/response-cache";
import { enqueueEmail } from "../../src/modules/outbox/service";
import { createOwnerShop, type OwnerShop } from "../support/admin";
import { buyThroughDemoCheckout, postCheckout, units } from "../support/checkout";
import { addCategory, addProduct, addProject, setConfig } from "../support/factories";
import { countRows, TEST_ORIGIN } from "../support/test-app";

// Kept pages are forgotten only when something they show changes
// (migrations/0010_page_version.sql), not on every database write
// (docs/decisions/0008-performance.md). A kept answer says so with a standard
// Age header; a freshly made one has none.

let shop: OwnerShop;
let cache: ResponseCache;
let get: (path: string, headers?: Record<string, string>) => Promise<Response>;

/** Every kind of kept answer: home, catalogue, a product page, the basket and both catalogue APIs. */
const KEPT_PATHS = ["/", "/products", "/products/clips", "/basket", "/api/catalog", "/api/products/clips"];

beforeAll(async () => {
  shop = await createOwnerShop();
  addCategory(shop.db, { id: "basic", name: "Basic" });
  addProduct(shop.db, { id: "lamp", name: "Moon Lamp", price_cents: 2500, stock: 5, category_id: "basic" });
  addProduct(shop.db, { id: "clips", name: "Cable Clips", price_cents: 450, stock: null, category_id: "basic" });
  addProject(shop.db, { id: "bridge", title: "Footbridge model" });
  setConfig(shop.db, "featured_products", JSON.stringify(["clips"]));
  const app = createApp(shop.deps);
  cache = app.responseCache;
  get = async (path, headers = {}) => app.answer(new Request(`${TEST_ORIGIN}${path}`, { headers }));
});
afterAll(() => shop.close());

/** Asks for every kept path once, so each is kept (or already was). */
async function warm(): Promise<void> {
  for (const path of KEPT_PATHS) await (await get(path)).arrayBuffer();
}

/** This connection's count of written rows: proves a write really happened, rolled back or not. */
const totalChanges = () => shop.db.query<{ n: number }, []>("SELECT total_changes() AS n").get()?.n ?? 0;

/** Each kept path answered from memory: it carries an Age and the cache was not emptied. */
async function expectStillKept(clearsBefore: number): Promise<void> {
  for (const path of KEPT_PATHS) {
    const response = await get(path);
    await response.arrayBuffer();
    expect({ path, age: response.headers.get("age") }).toEqual({ path, age: expect.stringMatching(/^\d+$/) });
  }
  expect(cache.stats().clears).toBe(clearsBefore);
}

/** The next answer for `path` comes from memory (it carries an Age). */
async function expectKept(path: string): Promise<void> {
  const response = await get(path);
  await response.arrayBuffer();
  expect({ path, age: response.headers.get("age") }).toEqual({ path, age: expect.stringMatching(/^\d+$/) });
}

describe("writes that change nothing a kept page shows leave it kept", () => {
  test("a /readyz probe (a write it rolls back) leaves kept pages kept", async () => {
    await warm();
    const { clears } = cache.stats();
    const changes = totalChanges();
    expect((await get("/readyz")).status).toBe(200);
    expect(totalChanges()).toBeGreaterThan(changes);
    await expectStillKept(clears);
  });

  test("an admin call's session touch leaves kept pages kept", async () => {
    await warm();
    const { clears } = cache.stats();
    const changes = totalChanges();
    expect((await shop.call("/api/admin/products")).status).toBe(200);
    expect(totalChanges()).toBeGreaterThan(changes);
    await expectStillKept(clears);
  });

  test("an email written to the outbox leaves kept pages kept", async () => {
    await warm();
    const { clears } = cache.stats();
    const queued = enqueueEmail(shop.db, {
      dedupeKey: "cache-test:1",
      kind: "custom-request",
      orderId: null,
      recipient: "owner@example.co.uk",
      subject: "A custom request",
      html: "<p>Hello</p>",
      text: "Hello",
    });
    expect(queued).toBe(true);
    expect(countRows(shop.db, "email_outbox")).toBe(1);
    await expectStillKept(clears);
  });

  test("a checkout of unlimited stock, paid, leaves kept pages kept", async () => {
    await warm();
    const { clears } = cache.stats();
    const orders = countRows(shop.db, "orders");
    await buyThroughDemoCheckout(shop, units(2, { id: "clips", productName: "Cable Clips" }));
    expect(countRows(shop.db, "orders")).toBe(orders + 1);
    await expectStillKept(clears);
  });
});

describe("a change to what a kept page shows is seen by the very next request", () => {
  /** The next answer for `path`, made afresh (no Age) and showing `text`. */
  async function expectFresh(path: string, text: string): Promise<void> {
    const response = await get(path);
    const body = await response.text();
    expect({ path, age: response.headers.get("age"), shows: body.includes(text) }).toEqual({ path, age: null, shows: true });
  }

  test("a product's name and price edited in /admin", async () => {
    await warm();
    const saved = await shop.call("/api/admin/products", {
      method: "POST",
      body: {
        id: "clips",
        name: "Cable Tidy Clips",
        price_cents: 475,
        stock: null,
        max_online_qty: null,
        description: "",
        category_id: "basic",
        requires_gpx: false,
        requires_image: false,
      },
    });
    expect(saved.status).toBe(200);
    await expectFresh("/products", "Cable Tidy Clips");
    await expectFresh("/products/clips", "£4.75");
    await expectFresh("/api/catalog", '"unitAmount":475');
    await expectFresh("/", "Cable Tidy Clips");
  });

  test("a checkout of limited stock changes the figure on the product page and in the JSON", async () => {
    await get("/products/lamp");
    await warm();
    expect((await postCheckout(shop, units(2, { id: "lamp", productName: "Moon Lamp" }))).status).toBe(200);
    await expectFresh("/products/lamp", "Only 3 left");
    await expectFresh("/api/products/lamp", '"stock":3');
  });

  test("a stock take on one product forgets the lists that show it and its own page, and keeps the other products' pages", async () => {
    await get("/products/lamp");
    await get("/api/products/lamp");
    await warm();
    const { forgets } = cache.stats();
    expect((await postCheckout(shop, units(1, { id: "lamp", productName: "Moon Lamp" }))).status).toBe(200);
    await expectKept("/products/clips");
    await expectKept("/api/products/clips");
    expect(cache.stats().forgets).toBe(forgets + 1);
    await expectFresh("/products/lamp", "Only 2 left");
    await expectFresh("/api/products/lamp", '"stock":2');
    await expectFresh("/products", "Only 2 left");
    await expectFresh("/api/catalog", '"stock":2');
    // The home page features the clips alone, and the basket page shows no product (migrations/0030_stock_only_changes.sql).
    await expectKept("/");
    await expectKept("/basket");
  });

  describe("a page that does not show a product (docs/decisions/0038-the-crowd-at-a-large-shop.md)", () => {
    beforeAll(() => {
      addCategory(shop.db, { id: "garden", name: "Garden" });
      addProduct(shop.db, {
        id: "trowel",
        name: "Trowel Rest",
        stock: 9,
        category_id: "garden",
        variants: [{ id: "trowel-big", name: "Big", price_cents: 900, stock: 8 }],
      });
      addProduct(shop.db, {
        id: "vase",
        name: "Spiral Vase",
        stock: 7,
        category_id: "basic",
        variants: [{ id: "vase-tall", name: "Tall", price_cents: 2400, stock: 6 }],
      });
    });

    test("is kept through a sale of that product, and of one of its variants; the pages showing it are made again", async () => {
      await warm();
      await get("/products?cat=garden");
      shop.db.run("UPDATE products SET stock = 2 WHERE id = 'vase'");
      await expectKept("/products?cat=garden");
      await expectKept("/");
      await expectKept("/basket");
      await expectFresh("/products", "Only 2 left");
      await expectFresh("/products?cat=basic", "Only 2 left");
      shop.db.run("UPDATE product_variants SET stock = 1 WHERE id = 'vase-tall'");
      await expectKept("/products?cat=garden");
      await expectFresh("/products", "Spiral Vase");
      await expectFresh("/products?cat=basic", "Spiral Vase");
      shop.db.run("UPDATE products SET stock = 3 WHERE id = 'trowel'");
      await expectFresh("/products?cat=garden", "Only 3 left");
      await expectKept("/products?cat=basic");
    });

    test("is made again after a change to that product beyond its stock: a new price, a new name, a variant renamed", async () => {
      for (const write of [
        "UPDATE products SET price_cents = price_cents + 100 WHERE id = 'vase'",
        "UPDATE products SET name = 'Aardvark Vase' WHERE id = 'vase'",
        "UPDATE product_variants SET name = 'Taller' WHERE id = 'vase-tall'",
      ]) {
        await get("/products?cat=garden");
        await get("/basket");
        await expectKept("/products?cat=garden");
        shop.db.run(write);
        await expectFresh("/products?cat=garden", "Trowel Rest");
        await expectFresh("/basket", "Basic");
      }
    });

    test("a stock take with another change in the same update is more than stock: every list is made again", async () => {
      await get("/products?cat=garden");
      await expectKept("/products?cat=garden");
      shop.db.run("UPDATE products SET stock = 4, description = 'Now in green.' WHERE id = 'vase'");
      await expectFresh("/products?cat=garden", "Trowel Rest");
    });

    test("a featured product's stock take makes the home page again", async () => {
      setConfig(shop.db, "featured_products", JSON.stringify(["clips", "vase"]));
      await get("/");
      await expectKept("/");
      shop.db.run("UPDATE products SET stock = 1 WHERE id = 'vase'");
      await expectFresh("/", "/products/vase");
      setConfig(shop.db, "featured_products", JSON.stringify(["clips"]));
    });
  });

  test("the same product's page asked for in another form (escaped, with a slash) is forgotten too", async () => {
    for (const path of ["/products/%6Camp", "/products/lamp/", "/products/lamp?from=home"]) await get(path);
    for (const path of ["/products/%6Camp", "/products/lamp/", "/products/lamp?from=home"]) await expectKept(path);
    expect((await postCheckout(shop, units(1, { id: "lamp", productName: "Moon Lamp" }))).status).toBe(200);
    for (const path of ["/products/%6Camp", "/products/lamp/", "/products/lamp?from=home"]) await expectFresh(path, "Only 1 left");
  });

  test("after more changes than page_versions keeps, every kept page is forgotten", async () => {
    await warm();
    const { clears } = cache.stats();
    for (let index = 0; index < 1_001; index++)
      shop.db.query("UPDATE products SET description = ? WHERE id = 'lamp'").run(`Version ${index}.`);
    await expectFresh("/products/clips", "Cable Tidy Clips");
    expect(cache.stats().clears).toBe(clears + 1);
  });

  test("page_versions emptied by hand (the sqlite3 shell) forgets every kept page", async () => {
    await warm();
    const { clears } = cache.stats();
    shop.db.run("DELETE FROM page_versions");
    await expectFresh("/products/clips", "Cable Tidy Clips");
    expect(cache.stats().clears).toBe(clears + 1);
  });

  test("a category renamed in /admin", async () => {
    await warm();
    expect((await shop.call("/api/admin/categories", { method: "POST", body: { id: "basic", name: "Everyday", sort: 0 } })).status).toBe(
      200,
    );
    await expectFresh("/products", "Everyday");
    await expectFresh("/basket", "Everyday");
  });

  test("a project edited in /admin", async () => {
    await warm();
    const saved = await shop.call("/api/admin/projects", {
      method: "POST",
      body: { id: "bridge", title: "Footbridge in PETG", description: "", sort: 0 },
    });
    expect(saved.status).toBe(200);
    await expectFresh("/", "Footbridge in PETG");
  });

  test("a configuration setting changed in /admin", async () => {
    await warm();
    const saved = await shop.call("/api/admin/configuration", { method: "POST", body: { key: "free_delivery_threshold", value: "4000" } });
    expect(saved.status).toBe(200);
    await expectFresh("/basket", "£40");
    await expectFresh("/products", "£40");
  });
});

describe("the Age header", () => {
  test("a kept answer carries Age, whole seconds since it was made (its 304 too); the first answer has none", async () => {
    let now = 5_000_000;
    const app = createApp(shop.deps, { responseCache: { now: () => now } });
    const ask = async (headers: Record<string, string> = {}) => app.answer(new Request(`${TEST_ORIGIN}/products`, { headers }));
    const first = await ask();
    await first.arrayBuffer();
    expect(first.headers.get("age")).toBeNull();
    const second = await ask();
    await second.arrayBuffer();
    expect(second.headers.get("age")).toBe("0");
    now += 2_999;
    const later = await ask({ "accept-encoding": "gzip" });
    await later.arrayBuffer();
    expect(later.headers.get("age")).toBe("2");
    const unchanged = await ask({ "if-none-match": first.headers.get("etag")! });
    expect(unchanged.status).toBe(304);
    expect(unchanged.headers.get("age")).toBe("2");
  });

  test("personal pages and answers that are never kept carry no Age", async () => {
    for (const path of ["/order/ORD-0123456789ABCDEFGHJKMNPQRS", "/admin", "/api/categories", "/products/no-such-thing"]) {
      for (let attempt = 0; attempt < 2; attempt++) {
        const response = await get(path);
        await response.arrayBuffer();
        expect({ path, age: response.headers.get("age") }).toEqual({ path, age: null });
      }
    }
  });
});
