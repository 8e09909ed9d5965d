import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { AdminProduct } from "../../src/modules/admin-catalog/products-model";
import type { Product } from "../../src/modules/catalog/model";
import { createOwnerShop, type OwnerShop } from "../support/admin";
import { postCheckout, units } from "../support/checkout";
import { addCategory, addProduct, setConfig } from "../support/factories";
import { countRows } from "../support/test-app";

// A product drafted before it goes live (migrations/0035_product_drafts.sql,
// docs/decisions/0047-products-drafted-and-the-admin-on-a-phone.md): the owner sees and edits it in /admin;
// shoppers, crawlers and the checkout never meet it until it is published. The test shop answers through
// the kept answers (app.answer), so each "appears once published" also proves the kept page was forgotten.

let shop: OwnerShop;

beforeAll(async () => {
  shop = await createOwnerShop();
  addCategory(shop.db, { id: "garden", name: "Garden" });
  addProduct(shop.db, { id: "trowel", name: "Trowel rest", price_cents: 900, stock: 4, category_id: "garden" });
});
afterAll(() => shop.close());

const save = <T = AdminProduct>(body: unknown) => shop.call<T>("/api/admin/products", { method: "POST", body });
const statusOf = (id: string) =>
  shop.db.query<{ status: string }, [string]>("SELECT status FROM products WHERE id = ?").get(id)?.status ?? null;

function draftBody(id: string, overrides: Record<string, unknown> = {}) {
  return {
    id,
    name: `Seed tray ${id}`,
    description: "Twelve cells, stackable.",
    price_cents: 1450,
    stock: 6,
    max_online_qty: null,
    requires_gpx: false,
    requires_image: false,
    category_id: "garden",
    status: "draft",
    ...overrides,
  };
}

/** What a shopper, a crawler and the catalogue's callers see of a product, everywhere it could show. */
async function seenByShoppers(id: string, name: string) {
  const catalog = (await shop.json<Product[]>("/api/catalog")).body;
  const json = await shop.request(`/api/products/${id}`);
  const page = await shop.request(`/products/${id}`);
  const list = await shop.html("/products");
  const category = await shop.html("/products?cat=garden");
  const home = await shop.html("/");
  const sitemap = await shop.html("/sitemap.xml");
  return {
    catalog: catalog.some((product) => product.id === id),
    productJson: json.status,
    productPage: page.status,
    list: list.body.includes(name),
    category: category.body.includes(name),
    home: home.body.includes(name),
    sitemap: sitemap.body.includes(`/products/${id}<`),
  };
}

const HIDDEN = { catalog: false, productJson: 404, productPage: 404, list: false, category: false, home: false, sitemap: false };
const SHOWN = { catalog: true, productJson: 200, productPage: 200, list: true, category: true, home: true, sitemap: true };

describe("the status a save gives", () => {
  test("the spec's call without a status still creates a live product", async () => {
    const created = await save(draftBody("old-tool", { status: undefined }));
    expect(created.status).toBe(201);
    expect(created.body.status).toBe("live");
    expect(statusOf("old-tool")).toBe("live");
  });

  test("a product created as a draft is answered, listed and read back as a draft", async () => {
    const created = await save(draftBody("tray-a"));
    expect(created.status).toBe(201);
    expect(created.body.status).toBe("draft");
    expect((await shop.call<AdminProduct>("/api/admin/products/tray-a")).body.status).toBe("draft");
    const listed = (await shop.call<AdminProduct[]>("/api/admin/products")).body.find((product) => product.id === "tray-a");
    expect(listed?.status).toBe("draft");
  });

  test("a save without a status keeps a draft a draft and a live product live", async () => {
    await save(draftBody("tray-b"));
    const edited = await save(draftBody("tray-b", { status: undefined, name: "Seed tray, deep" }));
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ name: "Seed tray, deep", status: "draft" });

    const live = await save(draftBody("trowel", { status: undefined, name: "Trowel rest", price_cents: 950 }));
    expect(live.body).toMatchObject({ price_cents: 950, status: "live" });
  });

  test("a status other than draft or live is refused with its message, and nothing is stored", async () => {
    const before = countRows(shop.db, "products");
    const refused = await save<{ error: string }>(draftBody("tray-bad", { status: "hidden" }));
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('Status must be "draft" or "live".');
    expect(countRows(shop.db, "products")).toBe(before);
    expect(statusOf("tray-bad")).toBeNull();
  });

  test("a status that is not text is refused the same way, and an existing product keeps its own", async () => {
    await save(draftBody("tray-c"));
    const refused = await save<{ error: string }>(draftBody("tray-c", { status: 1, name: "Changed" }));
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('Status must be "draft" or "live".');
    expect(statusOf("tray-c")).toBe("draft");
    expect((await shop.call<AdminProduct>("/api/admin/products/tray-c")).body.name).toBe("Seed tray tray-c");
  });
});

describe("a draft stays out of the shop until published", () => {
  test("a draft is in no list, page, sitemap or answer a shopper can reach; publishing shows it everywhere", async () => {
    setConfig(shop.db, "featured_products", JSON.stringify(["trowel", "tray-pub"]));
    await save(draftBody("tray-pub", { name: "Propagator lid" }));
    // Asked for while a draft, so each answer is kept: publishing must forget every one of them.
    expect(await seenByShoppers("tray-pub", "Propagator lid")).toEqual(HIDDEN);
    expect(await seenByShoppers("tray-pub", "Propagator lid")).toEqual(HIDDEN);

    const published = await save(draftBody("tray-pub", { name: "Propagator lid", status: "live" }));
    expect(published.body.status).toBe("live");
    expect(await seenByShoppers("tray-pub", "Propagator lid")).toEqual(SHOWN);

    // Taken back to draft, it leaves every one of them again.
    await save(draftBody("tray-pub", { name: "Propagator lid", status: "draft" }));
    expect(await seenByShoppers("tray-pub", "Propagator lid")).toEqual(HIDDEN);
  });

  test("a category holding only drafts is not among the catalogue's category links, as an empty one is not", async () => {
    addCategory(shop.db, { id: "pots", name: "Plant pots" });
    await save(draftBody("pot-a", { name: "Square pot", category_id: "pots" }));
    const list = await shop.html("/products");
    const links = list.body.match(/<nav class="category-links".*?<\/nav>/)?.[0];
    expect(links).toContain("Garden");
    expect(links).not.toContain("Plant pots");
    expect(list.body).not.toContain("Square pot");
  });

  test("a checkout naming a draft is refused as a product the shop does not have, and nothing is held", async () => {
    await save(draftBody("tray-buy", { stock: 3 }));
    const checkoutsBefore = countRows(shop.db, "checkouts");
    const refused = await postCheckout(shop, units(1, { id: "tray-buy" }));
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('There is no product "tray-buy" in the shop any more. Remove it from your basket and try again.');
    expect(countRows(shop.db, "checkouts")).toBe(checkoutsBefore);
    expect(shop.db.query<{ stock: number }, []>("SELECT stock FROM products WHERE id = 'tray-buy'").get()?.stock).toBe(3);

    await save(draftBody("tray-buy", { stock: 3, status: "live" }));
    const bought = await postCheckout(shop, units(1, { id: "tray-buy" }));
    expect(bought.status).toBe(200);
    expect(bought.body.url).toBeString();
  });

  test("a shopper's file for a draft is refused, and nothing is stored", async () => {
    await save(draftBody("map-draft", { requires_gpx: true }));
    const uploadsBefore = countRows(shop.db, "uploads");
    const form = new FormData();
    form.append("productId", "map-draft");
    form.append("gpx", new File(["<gpx/>"], "ride.gpx", { type: "application/gpx+xml" }));
    const refused = await shop.json<{ error: string }>("/api/gpx/upload", { method: "POST", body: form });
    expect(refused.status).toBe(404);
    expect(refused.body.error).toBe("Product not found.");
    expect(countRows(shop.db, "uploads")).toBe(uploadsBefore);
  });
});
