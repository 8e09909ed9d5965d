import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { postCheckout, stockOf, units } from "../support/checkout";
import { addCategory, addProduct } from "../support/factories";
import { createTestShop, type TestShop } from "../support/test-app";

// Storefront pages show stock capped at 20 (docs/decisions/0008-performance.md),
// the most one checkout holds (src/modules/catalog/shown-stock.ts), so a sale
// that leaves more than 20 keeps them, while the catalogue JSON shows every
// figure at once (migrations/0011_shown_stock.sql, src/http/response-cache.ts).

let shop: TestShop;

/** The pages a limited product's sale may change, besides the JSON. */
const PAGES = ["/", "/products", "/products/lamp"];

beforeAll(async () => {
  shop = await createTestShop();
  addCategory(shop.db, { id: "basic", name: "Basic" });
  addProduct(shop.db, { id: "lamp", name: "Moon Lamp", price_cents: 2500, stock: 50, category_id: "basic" });
  addProduct(shop.db, { id: "clips", name: "Cable Clips", price_cents: 450, stock: null, category_id: "basic" });
});
afterAll(() => shop.close());

const setStock = (stock: number) => shop.db.query("UPDATE products SET stock = ? WHERE id = 'lamp'").run(stock);

/** Sells one lamp through the checkout, from an address of its own. */
async function sellOne(address: string): Promise<void> {
  const before = stockOf(shop.db, "lamp")!;
  const { status } = await postCheckout(shop, units(1, { id: "lamp" }), { "x-forwarded-for": address });
  expect(status).toBe(200);
  expect(stockOf(shop.db, "lamp")).toBe(before - 1);
}

/** Asks for every page and JSON answer once, so each is kept. */
async function warm(): Promise<void> {
  for (const path of [...PAGES, "/api/catalog", "/api/products/lamp"]) await (await shop.request(path)).arrayBuffer();
}

/** The next answer for `path`: whether it came from memory (it carries an Age), and its text. */
async function next(path: string): Promise<{ path: string; kept: boolean; text: string }> {
  const response = await shop.request(path);
  return { path, kept: response.headers.get("age") !== null, text: await response.text() };
}

/** The stock figure the product page passes to its add-to-basket island. */
function islandStock(html: string): number | null {
  const props = /data-island="ProductPurchase" data-props="([^"]*)"/.exec(html)?.[1];
  if (props === undefined) throw new Error("No ProductPurchase island on the page");
  const json = props
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");
  return (JSON.parse(json) as { product: { stock: number | null } }).product.stock;
}

const catalogueStock = async () =>
  ((await (await shop.request("/api/catalog")).json()) as { id: string; stock: number | null }[]).find((p) => p.id === "lamp")?.stock;
const productStock = async () => ((await (await shop.request("/api/products/lamp")).json()) as { stock: number | null }).stock;

describe("pages show stock capped at 20; the catalogue JSON shows the figure", () => {
  test("the product page passes a stock of 50 as 20, while both JSON answers say 50", async () => {
    setStock(50);
    expect(islandStock((await next("/products/lamp")).text)).toBe(20);
    expect(await catalogueStock()).toBe(50);
    expect(await productStock()).toBe(50);
  });

  test("a sale from 50 to 49 keeps /products and the product page kept, while /api/catalog shows 49 on the next request", async () => {
    setStock(50);
    await warm();
    await sellOne("10.11.0.1");
    for (const path of PAGES) expect(await next(path)).toMatchObject({ path, kept: true });
    expect(await catalogueStock()).toBe(49);
    expect(await productStock()).toBe(49);
  });

  test("a sale from 21 to 20 keeps the pages too: they show 20 either way", async () => {
    setStock(21);
    await warm();
    await sellOne("10.11.0.2");
    expect(await next("/products")).toMatchObject({ kept: true });
    const page = await next("/products/lamp");
    expect(page.kept).toBe(true);
    expect(islandStock(page.text)).toBe(20);
    expect(await catalogueStock()).toBe(20);
  });

  test("a sale from 20 to 19 forgets the pages, and the next product page passes 19", async () => {
    setStock(20);
    await warm();
    await sellOne("10.11.0.3");
    expect(await next("/products")).toMatchObject({ kept: false });
    const page = await next("/products/lamp");
    expect(page.kept).toBe(false);
    expect(islandStock(page.text)).toBe(19);
    expect(await catalogueStock()).toBe(19);
  });

  test("a sale from 4 to 3 forgets the pages, and the next ones say 'Only 3 left'", async () => {
    setStock(4);
    await warm();
    expect((await next("/products/lamp")).text).toContain("In stock");
    await sellOne("10.11.0.4");
    for (const path of ["/products", "/products/lamp"]) {
      const page = await next(path);
      expect({ path, kept: page.kept, says: page.text.includes("Only 3 left") }).toEqual({ path, kept: false, says: true });
    }
    expect(await productStock()).toBe(3);
  });
});
