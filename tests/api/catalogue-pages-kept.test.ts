import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { CATALOGUE_PAGE_SIZE } from "../../web/lib/catalogue-pages";
import { createOwnerShop, type OwnerShop } from "../support/admin";
import { addCategory, addProduct } from "../support/factories";
import { mainOf, textOf } from "../support/html";
import { addManyProducts, catalogueOrder } from "../support/many-products";

// Each page of the catalogue, and of each category, is a kept answer of its own
// (src/http/response-cache.ts keys by path and query) and, as a list, is forgotten
// whenever a product it may show changes; a stock figure that stays above what pages
// show (migrations/0011_shown_stock.sql) keeps them all. What a shopper must never see
// is a page from before a change: a product on two pages, or on none.

/** Three full pages and one card on a fourth, so removing a product removes a page. */
const PRODUCTS = 3 * CATALOGUE_PAGE_SIZE + 1;

let shop: OwnerShop;

beforeAll(async () => {
  shop = await createOwnerShop();
  addCategory(shop.db, { id: "basic", name: "Basic" });
  addCategory(shop.db, { id: "personalised", name: "Personalised" });
  addManyProducts(shop.db, PRODUCTS - 1);
  addProduct(shop.db, { id: "plenty", name: "Aardvark stand", price_cents: 1500, stock: 50, category_id: "basic" });
});
afterAll(() => shop.close());

const get = (path: string) => shop.request(path);
const cardIds = (html: string) =>
  [...mainOf(html).matchAll(/<article class="product-card" aria-labelledby="product-(.+?)-name"/g)].map((m) => m[1]!);

/** The answer for `path` and whether it came from memory (a kept answer carries an Age). */
async function answer(path: string): Promise<{ status: number; html: string; kept: boolean }> {
  const response = await get(path);
  return { status: response.status, html: await response.text(), kept: response.headers.get("age") !== null };
}

/** Asks for each path until it is kept (the second ask at most). */
async function warm(paths: string[]): Promise<void> {
  for (const path of paths) {
    await answer(path);
    expect({ path, kept: (await answer(path)).kept }).toEqual({ path, kept: true });
  }
}

const PAGES = [
  "/products",
  "/products?page=2",
  "/products?page=3",
  "/products?page=4",
  "/products?cat=basic",
  "/products?cat=basic&page=2",
];

/** Every product the pages of the whole catalogue show, in order, read by following the page numbers. */
async function everyCard(): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const { status, html } = await answer(page === 1 ? "/products" : `/products?page=${page}`);
    if (status === 404) return ids;
    ids.push(...cardIds(html));
  }
}

const countOf = (table: string, productId: string) =>
  shop.db.query<{ n: number }, [string]>(`SELECT COUNT(*) AS n FROM ${table} WHERE product_id = ?`).get(productId)?.n ?? 0;

async function saveProduct(id: string, change: Record<string, unknown>): Promise<void> {
  const { body } = await shop.call<Record<string, unknown>>(`/api/admin/products/${id}`);
  const fields = ["id", "name", "price_cents", "stock", "max_online_qty", "description", "category_id", "requires_gpx", "requires_image"];
  const saved = await shop.call("/api/admin/products", {
    method: "POST",
    body: { ...Object.fromEntries(fields.map((field) => [field, body[field]])), ...change },
  });
  expect(saved.status).toBe(200);
}

describe("each page of the catalogue is kept under its own address", () => {
  test("page 2, page 3 and a category's page 2 are each made once and then answered from memory", async () => {
    for (const path of ["/products?page=2", "/products?page=3", "/products?cat=basic&page=2"]) {
      const first = await answer(path);
      const second = await answer(path);
      expect({ path, first: first.kept, second: second.kept, same: first.html === second.html }).toEqual({
        path,
        first: false,
        second: true,
        same: true,
      });
    }
    const [two, three, basicTwo] = await Promise.all(
      ["/products?page=2", "/products?page=3", "/products?cat=basic&page=2"].map(async (path) => cardIds((await answer(path)).html)),
    );
    expect(two).toEqual(catalogueOrder(shop.db).slice(CATALOGUE_PAGE_SIZE, 2 * CATALOGUE_PAGE_SIZE));
    expect(three).toEqual(catalogueOrder(shop.db).slice(2 * CATALOGUE_PAGE_SIZE, 3 * CATALOGUE_PAGE_SIZE));
    expect(basicTwo).toEqual(catalogueOrder(shop.db, "basic").slice(CATALOGUE_PAGE_SIZE, 2 * CATALOGUE_PAGE_SIZE));
  });
});

describe("a change to a product is seen on every page at once", () => {
  test("a new price shows on the page that shows the product, the next time it is asked for", async () => {
    await warm(PAGES);
    // A product of page 2 with no options, so its card shows its own price.
    const pageTwo = catalogueOrder(shop.db).slice(CATALOGUE_PAGE_SIZE, 2 * CATALOGUE_PAGE_SIZE);
    const id = pageTwo.find((product) => countOf("product_variants", product) === 0)!;
    await saveProduct(id, { price_cents: 12_345 });
    const page = await answer("/products?page=2");
    expect(page.kept).toBe(false);
    expect(textOf(mainOf(page.html))).toContain("£123.45");
    // Every other page is a list too, so it is made again (and still right).
    for (const path of PAGES.filter((other) => other !== "/products?page=2")) {
      expect({ path, kept: (await answer(path)).kept }).toEqual({ path, kept: false });
    }
  });

  test("stock sold down to a figure pages show ('Only 2 left') is on the product's page at once", async () => {
    await warm(PAGES);
    const order = catalogueOrder(shop.db);
    const index = order.indexOf("plenty");
    const path = index < CATALOGUE_PAGE_SIZE ? "/products" : `/products?page=${Math.floor(index / CATALOGUE_PAGE_SIZE) + 1}`;
    expect((await shop.call("/api/admin/stock-adjust", { method: "POST", body: { id: "plenty", delta: -48 } })).status).toBe(200);
    const page = await answer(path);
    expect(page.kept).toBe(false);
    const card = mainOf(page.html).split('aria-labelledby="product-plenty-name"')[1]!.split("</article>")[0]!;
    expect(textOf(card)).toContain("Only 2 left");
    // Back above the cap for the next test.
    expect((await shop.call("/api/admin/stock-adjust", { method: "POST", body: { id: "plenty", delta: 48 } })).status).toBe(200);
  });

  test("a stock figure that stays above what pages show (50 to 49) keeps every page", async () => {
    await warm(PAGES);
    const { forgets, clears } = shop.app.responseCache.stats();
    expect((await shop.call("/api/admin/stock-adjust", { method: "POST", body: { id: "plenty", delta: -1 } })).status).toBe(200);
    for (const path of PAGES) expect({ path, kept: (await answer(path)).kept }).toEqual({ path, kept: true });
    expect(shop.app.responseCache.stats().clears).toBe(clears);
    expect(shop.app.responseCache.stats().forgets).toBe(forgets + 1);
    // The catalogue JSON, which shows the exact figure, was forgotten and says 49.
    const products = (await shop.json<{ id: string; stock: number }[]>("/api/catalog")).body;
    expect(products.find((product) => product.id === "plenty")?.stock).toBe(49);
  });

  test("a renamed product moves to its new place: every product is still on exactly one page", async () => {
    await warm(PAGES);
    const first = catalogueOrder(shop.db)[0]!;
    await saveProduct(first, { name: "Zzz last of the basics" });
    const cards = await everyCard();
    expect(cards).toEqual(catalogueOrder(shop.db));
    // It was the first card of page 1 and is now past it.
    expect(cards.indexOf(first)).toBeGreaterThanOrEqual(CATALOGUE_PAGE_SIZE);
    expect(new Set(cards).size).toBe(PRODUCTS);
  });

  test("removing a product removes the last page: its kept answer is forgotten and it answers 404", async () => {
    await warm([...PAGES, "/products?page=4"]);
    expect(cardIds((await answer("/products?page=4")).html).length).toBe(1);
    const gone = catalogueOrder(shop.db)[5]!;
    expect((await shop.call(`/api/admin/products/${gone}`, { method: "DELETE" })).status).toBe(200);
    const last = await answer("/products?page=4");
    expect(last.status).toBe(404);
    expect(textOf(mainOf(last.html))).toContain("We couldn't find that page These products run to 3 pages.");
    const cards = await everyCard();
    expect(cards.length).toBe(PRODUCTS - 1);
    expect(cards).not.toContain(gone);
    expect(cards).toEqual(catalogueOrder(shop.db));
  });
});
