import { Database } from "bun:sqlite";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { createApp } from "../../src/app";
import { EXTERNAL_CHECK_MS } from "../../src/db/shown-version";
import { QUICK_ANSWERS, type ResponseCache } from "../../src/http/response-cache";
import { createOwnerShop, type OwnerShop } from "../support/admin";
import { postCheckout } from "../support/checkout";
import { addCategory, addProduct } from "../support/factories";
import { TEST_ORIGIN } from "../support/test-app";

// Rendered pages and catalogue JSON are kept in memory until what they show
// changes (src/http/response-cache.ts; which writes count:
// tests/api/response-cache-writes.test.ts). What a shopper must never see is
// the page from before a change.

let shop: OwnerShop;
let cache: ResponseCache;
let get: (path: string, headers?: Record<string, string>) => Promise<Response>;

beforeAll(async () => {
  shop = await createOwnerShop();
  addCategory(shop.db, { id: "basic", name: "Basic" });
  addProduct(shop.db, {
    id: "planter",
    name: "Hex Planter",
    price_cents: 1200,
    stock: 5,
    category_id: "basic",
    images: ["/media/planter-abc.webp"],
  });
  addProduct(shop.db, { id: "clips", name: "Cable Clips", price_cents: 450, stock: null, category_id: "basic" });
  // The same app the shop runs, with a cache this test can read the counters of.
  const app = createApp(shop.deps);
  cache = app.responseCache;
  get = async (path, headers = {}) => app.answer(new Request(`${TEST_ORIGIN}${path}`, { headers }));
});
afterAll(() => shop.close());

const savePlanter = (price_cents: number) =>
  shop.call("/api/admin/products", {
    method: "POST",
    body: {
      id: "planter",
      name: "Hex Planter",
      price_cents,
      stock: 5,
      max_online_qty: null,
      description: "",
      category_id: "basic",
      requires_gpx: false,
      requires_image: false,
    },
  });

describe("kept pages and catalogue JSON", () => {
  test("a second request for the same page is answered from memory, byte for byte", async () => {
    const first = await (await get("/products")).text();
    const before = cache.stats().hits;
    const secondResponse = await get("/products");
    expect(await secondResponse.text()).toBe(first);
    expect(cache.stats().hits).toBe(before + 1);
  });

  test("a kept answer carries the security headers and its own request id", async () => {
    const [one, two] = [await get("/products"), await get("/products")];
    for (const response of [one, two]) {
      expect(response.headers.get("content-security-policy")).toContain("script-src 'self' 'sha256-");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(one.headers.get("x-request-id")).not.toBe(two.headers.get("x-request-id"));
  });

  test("after the owner changes a price in /admin, the next request of every page and API answer shows it", async () => {
    for (const path of ["/products", "/products/planter", "/api/catalog", "/api/products/planter", "/"]) await get(path);
    expect((await savePlanter(1575)).status).toBe(200);

    expect(await (await get("/products/planter")).text()).toContain("£15.75");
    expect(await (await get("/products")).text()).toContain("£15.75");
    const catalogue = (await (await get("/api/catalog")).json()) as { id: string; unitAmount: number }[];
    expect(catalogue.find((product) => product.id === "planter")?.unitAmount).toBe(1575);
    expect(((await (await get("/api/products/planter")).json()) as { unitAmount: number }).unitAmount).toBe(1575);
  });

  test("after a checkout takes stock, the next product page shows the stock that is left", async () => {
    expect(await (await get("/products/planter")).text()).toContain("In stock"); // 5 left
    const checkout = await postCheckout(shop, [
      { id: "planter", productName: "Hex Planter" },
      { id: "planter", productName: "Hex Planter" },
    ]);
    expect(checkout.status).toBe(200);
    expect(await (await get("/products/planter")).text()).toContain("Only 3 left");
    const product = (await (await get("/api/products/planter")).json()) as { stock: number };
    expect(product.stock).toBe(3);
  });

  test("a write by another connection to the database (the sqlite3 shell) is seen by the first request a millisecond later", async () => {
    let now = 1_000_000;
    const app = createApp(shop.deps, { responseCache: { now: () => now } });
    const page = async () => (await app.answer(new Request(`${TEST_ORIGIN}/products/clips`))).text();
    expect(await page()).toContain("£4.50");
    const other = new Database(join(shop.dataDir, "shop.db"));
    other.run("UPDATE products SET price_cents = 475 WHERE id = 'clips'");
    other.close();
    now += EXTERNAL_CHECK_MS;
    expect(await page()).toContain("£4.75");
  });

  test("the query string is part of the key: /products?cat=basic is its own page", async () => {
    const all = await (await get("/products")).text();
    const basic = await (await get("/products?cat=basic")).text();
    expect(basic).not.toBe(all);
    expect(basic).toContain("<title>Basic prints");
  });

  test("pages about one person are never kept, and say no-store", async () => {
    for (const path of ["/order/ORD-0123456789ABCDEFGHJKMNPQRS", "/success?session_id=cs_demo_x", "/admin"]) {
      const before = cache.stats();
      const response = await get(path);
      await response.text();
      expect({ path, cacheControl: response.headers.get("cache-control") }).toEqual({ path, cacheControl: "no-store" });
      expect({ path, kept: cache.stats().entries - before.entries, hits: cache.stats().hits - before.hits }).toEqual({
        path,
        kept: 0,
        hits: 0,
      });
    }
  });

  test("a page that is not found is not kept", async () => {
    const before = cache.stats().entries;
    expect((await get("/products/no-such-thing")).status).toBe(404);
    expect((await get("/no-such-page")).status).toBe(404);
    expect(cache.stats().entries).toBe(before);
  });

  test("memory stays under its bound however many different addresses are asked for", async () => {
    const app = createApp(shop.deps, { responseCache: { maxBytes: 200_000 } });
    const small = app.responseCache;
    for (let index = 0; index < 60; index++) {
      const response = await app.answer(
        new Request(`${TEST_ORIGIN}/products?ref=${index}`, { headers: { "accept-encoding": "br, gzip" } }),
      );
      await response.arrayBuffer();
    }
    expect(small.stats().bytes).toBeLessThanOrEqual(200_000);
    expect(small.stats().entries).toBeLessThan(60);
  });
});

describe("compression and revalidation", () => {
  test("brotli when the browser takes it, gzip otherwise, the same page either way", async () => {
    const plain = await (await get("/products")).text();
    const br = await get("/products", { "accept-encoding": "gzip, deflate, br" });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("vary")).toContain("Accept-Encoding");
    expect(brotliDecompressSync(new Uint8Array(await br.arrayBuffer())).toString()).toBe(plain);
    const gzip = await get("/products", { "accept-encoding": "gzip" });
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(new Uint8Array(await gzip.arrayBuffer())).toString()).toBe(plain);
    const refused = await get("/products", { "accept-encoding": "br;q=0, gzip;q=0" });
    expect(refused.headers.get("content-encoding")).toBeNull();
  });

  test("a kept page is compressed quickly at first and harder once it has been asked for often, the same page either way", async () => {
    // A query string of its own: this page's first answer is made here, whatever the other tests asked for.
    const path = "/products?quick=1";
    const plain = await (await get(path)).text();
    const brotli = async () => new Uint8Array(await (await get(path, { "accept-encoding": "br" })).arrayBuffer());
    const gzip = async () => new Uint8Array(await (await get(path, { "accept-encoding": "gzip" })).arrayBuffer());
    const firstBrotli = await brotli();
    const firstGzip = await gzip();
    for (let answer = 1; answer < QUICK_ANSWERS; answer++) expect(await brotli()).toEqual(firstBrotli);
    const laterBrotli = await brotli();
    expect(laterBrotli.byteLength).toBeLessThan(firstBrotli.byteLength);
    expect(brotliDecompressSync(firstBrotli).toString()).toBe(plain);
    expect(brotliDecompressSync(laterBrotli).toString()).toBe(plain);
    for (let answer = 1; answer < QUICK_ANSWERS; answer++) expect(await gzip()).toEqual(firstGzip);
    const laterGzip = await gzip();
    expect(laterGzip.byteLength).toBeLessThan(firstGzip.byteLength);
    expect(gunzipSync(laterGzip).toString()).toBe(plain);
    expect(await brotli()).toEqual(laterBrotli);
  });

  test("JSON answers are compressed too", async () => {
    const response = await get("/api/catalog", { "accept-encoding": "gzip" });
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(JSON.parse(gunzipSync(new Uint8Array(await response.arrayBuffer())).toString())).toBeArray();
  });

  test("personal pages are compressed though never kept", async () => {
    const response = await get("/order/ORD-0123456789ABCDEFGHJKMNPQRS", { "accept-encoding": "gzip" });
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  test("an unchanged page answers 304 to its ETag; after a change the old ETag gets the new page", async () => {
    const first = await get("/products/planter");
    await first.arrayBuffer();
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers.get("cache-control")).toBe("no-cache");
    const again = await get("/products/planter", { "if-none-match": etag! });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(again.headers.get("content-security-policy")).toContain("default-src 'self'");

    expect((await savePlanter(1700)).status).toBe(200);
    const changed = await get("/products/planter", { "if-none-match": etag! });
    expect(changed.status).toBe(200);
    expect(await changed.text()).toContain("£17.00");
    expect(changed.headers.get("etag")).not.toBe(etag);
  });
});

describe("addresses that reach a personal page in disguise", () => {
  test("an order page asked for with escapes or capitals is not kept either, and says no-store", async () => {
    for (const path of [
      "/%6Frder/ORD-0123456789ABCDEFGHJKMNPQRS",
      "/ORDER/ORD-0123456789ABCDEFGHJKMNPQRS",
      "/Success?session_id=cs_demo_x",
      "/%61dmin",
    ]) {
      const before = cache.stats().entries;
      const response = await get(path);
      await response.text();
      expect({ path, kept: cache.stats().entries - before, cacheControl: response.headers.get("cache-control") }).toEqual({
        path,
        kept: 0,
        cacheControl: "no-store",
      });
    }
  });
});
