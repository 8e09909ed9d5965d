import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { type AdminProduct, adminProductSchema } from "../../src/modules/admin-catalog/products-model";
import type { AdminVariant } from "../../src/modules/admin-catalog/variants-model";
import type { Product } from "../../src/modules/catalog/model";
import { createOwnerShop, type OwnerShop } from "../support/admin";
import { ageCheckouts, postCheckout, stockOf as shelfStock, units, variantStockOf } from "../support/checkout";
import { addCategory, addProduct } from "../support/factories";
import { countRows } from "../support/test-app";

let shop: OwnerShop;

beforeAll(async () => {
  shop = await createOwnerShop();
  addCategory(shop.db, { id: "household", name: "Household" });
});

afterAll(() => shop.close());

const save = <T = AdminProduct>(body: unknown) => shop.call<T>("/api/admin/products", { method: "POST", body });
const stored = (id: string) => shop.db.query<Record<string, unknown>, [string]>("SELECT * FROM products WHERE id = ?").get(id);

function productBody(overrides: Record<string, unknown> = {}) {
  return {
    id: "desk-tidy",
    name: "Desk Tidy",
    description: "Holds pens, cables and a phone.",
    price_cents: 1250,
    currency: "gbp",
    max_online_qty: 3,
    stock: 10,
    requires_gpx: false,
    requires_image: false,
    category_id: "household",
    ...overrides,
  };
}

describe("products: create, list, update, delete", () => {
  test("a new product is saved, answered as an AdminProduct with 201 and listed by name", async () => {
    const created = await save(productBody({ id: "round-trip", name: "Zebra Coaster" }));
    expect(created.status).toBe(201);
    expect(adminProductSchema.safeParse(created.body).error).toBeUndefined();
    expect(created.body).toEqual({
      id: "round-trip",
      name: "Zebra Coaster",
      description: "Holds pens, cables and a phone.",
      price_cents: 1250,
      currency: "gbp",
      image_url: null,
      max_online_qty: 3,
      stock: 10,
      requires_gpx: 0,
      requires_image: 0,
      requires_model: 0,
      proof_before_making: 0,
      category_id: "household",
      lead_time_days: null,
      status: "live",
      kind: "item",
      images: [],
      variants: [],
    });
    await save(productBody({ id: "round-trip-a", name: "apple stand" }));

    const list = await shop.call<AdminProduct[]>("/api/admin/products");
    expect(list.status).toBe(200);
    const names = list.body.map((product) => product.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base" })));
    expect(names.indexOf("apple stand")).toBeLessThan(names.indexOf("Zebra Coaster"));
    expect((await shop.call<AdminProduct>("/api/admin/products/round-trip")).body).toEqual(created.body);
  });

  test("it shows on GET /api/catalog straight away, and an update does too", async () => {
    await save(productBody({ id: "catalog-now", name: "Catalogue Now", price_cents: 900 }));
    let catalog = (await shop.json<Product[]>("/api/catalog")).body;
    expect(catalog.find((product) => product.id === "catalog-now")?.unitAmount).toBe(900);

    const updated = await save(productBody({ id: "catalog-now", name: "Catalogue Later", price_cents: 1100, stock: null }));
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: "Catalogue Later", price_cents: 1100, stock: null });
    catalog = (await shop.json<Product[]>("/api/catalog")).body;
    expect(catalog.find((product) => product.id === "catalog-now")).toMatchObject({
      name: "Catalogue Later",
      unitAmount: 1100,
      stock: null,
    });
    expect(countRows(shop.db, "products")).toBe(catalog.length);
  });

  test("delete answers { ok: true }, takes variants and pictures with it, and leaves paid orders' items", async () => {
    addProduct(shop.db, {
      id: "doomed",
      images: ["/media/doomed-1.webp", "/media/doomed-2.webp"],
      variants: [{ id: "doomed-base", name: "Standard", price_cents: 1000 }],
    });
    shop.db.run(
      `INSERT INTO orders (id, subtotal_cents, delivery_cents, amount_cents, payment_provider, payment_session_id)
       VALUES ('ORD-DOOMED', 1000, 500, 1500, 'demo', 'cs_demo_doomed')`,
    );
    shop.db.run(
      `INSERT INTO order_items (order_id, product_id, variant_id, product_name, unit_price_cents, quantity)
       VALUES ('ORD-DOOMED', 'doomed', 'doomed-base', 'Product doomed', 1000, 1)`,
    );

    const removed = await shop.call("/api/admin/products/doomed", { method: "DELETE" });
    expect(removed).toMatchObject({ status: 200, body: { ok: true } });
    expect(await shop.call("/api/admin/products/doomed")).toMatchObject({ status: 404, body: { error: "Product not found." } });
    expect(shop.db.query("SELECT id FROM product_variants WHERE product_id = 'doomed'").all()).toEqual([]);
    expect(shop.db.query("SELECT id FROM product_images WHERE product_id = 'doomed'").all()).toEqual([]);
    expect(shop.db.query("SELECT product_name FROM order_items WHERE order_id = 'ORD-DOOMED'").all()).toEqual([
      { product_name: "Product doomed" },
    ]);
    expect((await shop.json<Product[]>("/api/catalog")).body.some((product) => product.id === "doomed")).toBe(false);
  });

  test("deleting or reading a product that does not exist answers 404 'Product not found.'", async () => {
    expect(await shop.call("/api/admin/products/never-was", { method: "DELETE" })).toMatchObject({
      status: 404,
      body: { error: "Product not found." },
    });
    expect(await shop.call("/api/admin/products/never-was")).toMatchObject({ status: 404, body: { error: "Product not found." } });
  });

  test("'Requires a 3D model' is saved, shown to shoppers as requiresModel, and kept by a save that leaves it out", async () => {
    expect((await save(productBody({ id: "own-model", requires_model: true }))).body).toMatchObject({ requires_model: 1 });
    expect((await shop.json<{ requiresModel: boolean }>("/api/products/own-model")).body.requiresModel).toBe(true);
    // An editor that does not know the switch saves the product without it: the flag stays.
    expect((await save(productBody({ id: "own-model", name: "Your own model" }))).body).toMatchObject({
      name: "Your own model",
      requires_model: 1,
    });
    expect((await save(productBody({ id: "own-model", requires_model: 0 }))).body).toMatchObject({ requires_model: 0 });
  });

  test("'Requires a 3D model' as a word is refused by name and nothing is saved", async () => {
    const { status, body } = await save<{ error: string }>(productBody({ id: "worded-model", requires_model: "yes" }));
    expect({ status, body }).toEqual({ status: 400, body: { error: "Requires a 3D model must be true or false." } });
    expect(stored("worded-model")).toBeNull();
  });

  test("'Proof before making' is saved, shown to shoppers as proofBeforeMaking, and kept by a save that leaves it out", async () => {
    expect((await save(productBody({ id: "proofed", proof_before_making: true }))).body).toMatchObject({ proof_before_making: 1 });
    expect(stored("proofed")).toMatchObject({ proof_before_making: 1 });
    expect((await shop.json<Product>("/api/products/proofed")).body.proofBeforeMaking).toBe(true);
    // A caller that does not know the flag saves the product without it: the flag stays.
    expect((await save(productBody({ id: "proofed", name: "Proofed tidy" }))).body).toMatchObject({
      name: "Proofed tidy",
      proof_before_making: 1,
    });
    expect((await save(productBody({ id: "proofed", proof_before_making: 0 }))).body).toMatchObject({ proof_before_making: 0 });
    expect((await shop.json<Product>("/api/products/proofed")).body.proofBeforeMaking).toBe(false);
    // A new product saved without it is not flagged.
    expect((await save(productBody({ id: "unproofed" }))).body).toMatchObject({ proof_before_making: 0 });
  });

  test("'Proof before making' as a word is refused by name, and neither a new nor a stored product changes", async () => {
    const refusedNew = await save<{ error: string }>(productBody({ id: "worded-proof", proof_before_making: "yes" }));
    expect(refusedNew).toMatchObject({ status: 400, body: { error: "Proof before making must be true or false." } });
    expect(stored("worded-proof")).toBeNull();

    await save(productBody({ id: "kept-proof", proof_before_making: 1 }));
    const refusedUpdate = await save<{ error: string }>(productBody({ id: "kept-proof", name: "Renamed", proof_before_making: 2 }));
    expect(refusedUpdate).toMatchObject({ status: 400, body: { error: "Proof before making must be true or false." } });
    expect(stored("kept-proof")).toMatchObject({ name: "Desk Tidy", proof_before_making: 1 });
  });

  test("form-style values are understood: 0/1 flags, blank currency, '' category, blank max qty, numeric text", async () => {
    const { status, body } = await save(
      productBody({
        id: "form-style",
        requires_gpx: 1,
        requires_image: true,
        currency: "  ",
        category_id: "",
        max_online_qty: "",
        stock: "7",
        description: null,
      }),
    );
    expect(status).toBe(201);
    expect(body).toMatchObject({
      requires_gpx: 1,
      requires_image: 1,
      requires_model: 0,
      currency: "gbp",
      category_id: null,
      max_online_qty: null,
      stock: 7,
      description: "",
    });
  });

  test("an update without image_url keeps the stored picture; a blank one clears it", async () => {
    await save(productBody({ id: "keeps-picture", image_url: "https://cdn.example.com/tidy.webp" }));
    const withoutImage = productBody({ id: "keeps-picture", name: "Renamed" });
    expect("image_url" in withoutImage).toBe(false);
    expect((await save(withoutImage)).body.image_url).toBe("https://cdn.example.com/tidy.webp");
    expect((await save(productBody({ id: "keeps-picture", image_url: "" }))).body.image_url).toBeNull();
  });
});

describe("products: each refused input, with nothing stored", () => {
  async function expectRefused(body: unknown, status: number, error: string) {
    const before = countRows(shop.db, "products");
    const response = await save<{ error: string }>(body);
    expect(response.status).toBe(status);
    expect(response.body).toEqual({ error });
    expect(countRows(shop.db, "products")).toBe(before);
  }
  const MISSING = "Please provide an id, name, and price before saving.";

  test("no id: 'Please provide an id, name, and price before saving.'", async () => {
    const { id: _, ...body } = productBody();
    await expectRefused(body, 400, MISSING);
  });

  test("a blank name: 'Please provide an id, name, and price before saving.'", async () => {
    await expectRefused(productBody({ name: "   " }), 400, MISSING);
  });

  test("no price: 'Please provide an id, name, and price before saving.'", async () => {
    await expectRefused(productBody({ price_cents: null }), 400, MISSING);
  });

  test("an id with spaces: the product id rule", async () => {
    await expectRefused(productBody({ id: "desk tidy" }), 400, "Product id must be 1 to 64 letters, digits, hyphens or underscores.");
  });

  test("a negative price: 'Price must be a valid non-negative number.'", async () => {
    await expectRefused(productBody({ price_cents: -1 }), 400, "Price must be a valid non-negative number.");
  });

  test("a price that is not a number: 'Price must be a valid non-negative number.'", async () => {
    await expectRefused(productBody({ price_cents: "twelve" }), 400, "Price must be a valid non-negative number.");
  });

  test("a fraction of a penny is refused, not rounded", async () => {
    await expectRefused(productBody({ price_cents: 12.5 }), 400, "Price must be a whole number of pence.");
  });

  test("a fractional max quantity: 'Max online quantity must be a whole number or blank.'", async () => {
    await expectRefused(productBody({ max_online_qty: 1.5 }), 400, "Max online quantity must be a whole number or blank.");
  });

  test("a negative max quantity: 'Max online quantity must be a whole number or blank.'", async () => {
    await expectRefused(productBody({ max_online_qty: -1 }), 400, "Max online quantity must be a whole number or blank.");
  });

  test("a negative stock: 'Stock must be a whole number or blank for unlimited.'", async () => {
    await expectRefused(productBody({ stock: -2 }), 400, "Stock must be a whole number or blank for unlimited.");
  });

  test("a stock that is not a number: 'Stock must be a whole number or blank for unlimited.'", async () => {
    await expectRefused(productBody({ stock: "lots" }), 400, "Stock must be a whole number or blank for unlimited.");
  });

  test("a category that does not exist: 'Choose a category that exists, or No category.'", async () => {
    await expectRefused(productBody({ category_id: "garden" }), 400, "Choose a category that exists, or No category.");
  });

  test("a requires flag that is not true/false or 0/1", async () => {
    await expectRefused(productBody({ requires_gpx: "yes" }), 400, "Requires GPX upload must be true or false.");
  });

  test("a currency that is not a three-letter code", async () => {
    await expectRefused(productBody({ currency: "pounds" }), 400, "Currency must be a three-letter code such as gbp.");
  });

  test("an image_url that is neither /media/… nor https", async () => {
    await expectRefused(
      productBody({ image_url: "javascript:alert(1)" }),
      400,
      "Image URL must be a /media/… path from an upload or an https:// address.",
    );
  });

  test("a body that is not an object", async () => {
    await expectRefused([productBody()], 400, "Send the product as a JSON object.");
  });

  test("a body that is not JSON at all answers 400, never 500", async () => {
    const before = countRows(shop.db, "products");
    const response = await shop.request("/api/admin/products", {
      method: "POST",
      headers: { Cookie: shop.cookie, "Content-Type": "application/json" },
      body: '{"id": "half',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "The request body could not be read. Send valid JSON or form data." });
    expect(countRows(shop.db, "products")).toBe(before);
  });

  test("a refused update leaves the stored product exactly as it was", async () => {
    await save(productBody({ id: "steady", price_cents: 500 }));
    const before = stored("steady");
    const response = await save<{ error: string }>(productBody({ id: "steady", price_cents: 800, stock: -1 }));
    expect(response.status).toBe(400);
    expect(stored("steady")).toEqual(before!);
  });
});

describe("variants", () => {
  beforeAll(() => addProduct(shop.db, { id: "mug", name: "Mug", variants: [{ id: "mug-base", name: "Standard", price_cents: 1000 }] }));
  const addVariant = <T = AdminVariant>(productId: string, body: unknown) =>
    shop.call<T>(`/api/admin/products/${productId}/variants`, { method: "POST", body });
  const variantCount = () => countRows(shop.db, "product_variants");

  test("adding a variant answers it with the next sort_order, and the product shows it", async () => {
    const first = await addVariant("mug", { id: "mug-large", name: "Large", price_cents: 1400, stock: 5 });
    expect(first).toMatchObject({ status: 201, body: { id: "mug-large", name: "Large", price_cents: 1400, stock: 5, sort_order: 1 } });
    const second = await addVariant("mug", { id: "mug-huge", name: "Huge", price_cents: 1800, stock: null });
    expect(second.body).toEqual({ id: "mug-huge", name: "Huge", price_cents: 1800, stock: null, sort_order: 2 });
    const product = await shop.call<AdminProduct>("/api/admin/products/mug");
    expect(product.body.variants.map((variant) => variant.id)).toEqual(["mug-base", "mug-large", "mug-huge"]);
  });

  test("without an id, the id is the product id and the name as a slug, numbered when taken", async () => {
    const first = await addVariant("mug", { name: "Extra Large (XL)", price_cents: 2000 });
    expect(first.body).toMatchObject({ id: "mug-extra-large-xl", stock: null });
    const again = await addVariant("mug", { id: "", name: "Extra large XL", price_cents: 2100 });
    expect(again.body.id).toBe("mug-extra-large-xl-2");
  });

  test("editing a variant changes name, price and stock and answers the variant", async () => {
    await addVariant("mug", { id: "mug-edit", name: "Small", price_cents: 800, stock: 2 });
    const edited = await shop.call<AdminVariant>("/api/admin/product-variants/mug-edit", {
      method: "PUT",
      body: { name: "Tiny", price_cents: 750, stock: null },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ id: "mug-edit", name: "Tiny", price_cents: 750, stock: null });
    const catalog = (await shop.json<Product>("/api/products/mug")).body;
    expect(catalog.variants.find((variant) => variant.id === "mug-edit")).toMatchObject({ name: "Tiny", price_cents: 750 });
  });

  test("removing a variant answers { ok: true } and it is gone", async () => {
    await addVariant("mug", { id: "mug-gone", name: "Gone", price_cents: 100 });
    expect(await shop.call("/api/admin/product-variants/mug-gone", { method: "DELETE" })).toMatchObject({
      status: 200,
      body: { ok: true },
    });
    expect(shop.db.query("SELECT id FROM product_variants WHERE id = 'mug-gone'").get()).toBeNull();
  });

  test("the '-base' variant cannot be removed: 409 and it stays", async () => {
    const response = await shop.call("/api/admin/product-variants/mug-base", { method: "DELETE" });
    expect(response).toMatchObject({ status: 409, body: { error: "The base variant cannot be removed." } });
    expect(shop.db.query("SELECT id FROM product_variants WHERE id = 'mug-base'").get()).toEqual({ id: "mug-base" });
  });

  test("no name: 'Please provide a variant name and price.' and nothing stored", async () => {
    const before = variantCount();
    expect(await addVariant("mug", { price_cents: 100 })).toMatchObject({
      status: 400,
      body: { error: "Please provide a variant name and price." },
    });
    expect(variantCount()).toBe(before);
  });

  test("no price: 'Please provide a variant name and price.' and nothing stored", async () => {
    const before = variantCount();
    expect(await addVariant("mug", { name: "Medium", price_cents: "" })).toMatchObject({
      status: 400,
      body: { error: "Please provide a variant name and price." },
    });
    expect(variantCount()).toBe(before);
  });

  test("a negative variant price is refused and nothing stored", async () => {
    const before = variantCount();
    expect(await addVariant("mug", { name: "Medium", price_cents: -5 })).toMatchObject({
      status: 400,
      body: { error: "Price must be a valid non-negative number." },
    });
    expect(variantCount()).toBe(before);
  });

  test("a fractional variant stock is refused and nothing stored", async () => {
    const before = variantCount();
    expect(await addVariant("mug", { name: "Medium", price_cents: 500, stock: 1.5 })).toMatchObject({
      status: 400,
      body: { error: "Stock must be a whole number or blank for unlimited." },
    });
    expect(variantCount()).toBe(before);
  });

  test("a variant id with bad characters is refused and nothing stored", async () => {
    const before = variantCount();
    expect(await addVariant("mug", { id: "mug/large", name: "Medium", price_cents: 500 })).toMatchObject({
      status: 400,
      body: { error: "Variant id must be 1 to 96 letters, digits, hyphens or underscores." },
    });
    expect(variantCount()).toBe(before);
  });

  test("a variant id that is taken answers 409 and leaves the existing one alone", async () => {
    const before = variantCount();
    const response = await addVariant("mug", { id: "mug-base", name: "Impostor", price_cents: 1 });
    expect(response).toMatchObject({ status: 409, body: { error: 'A variant with id "mug-base" already exists. Choose another id.' } });
    expect(variantCount()).toBe(before);
    expect(shop.db.query("SELECT name FROM product_variants WHERE id = 'mug-base'").get()).toEqual({ name: "Standard" });
  });

  test("a variant for a product that does not exist answers 404 and nothing stored", async () => {
    const before = variantCount();
    expect(await addVariant("no-such-mug", { name: "Medium", price_cents: 500 })).toMatchObject({
      status: 404,
      body: { error: "Product not found." },
    });
    expect(variantCount()).toBe(before);
  });

  test("editing without a name is refused and the variant is unchanged", async () => {
    const response = await shop.call("/api/admin/product-variants/mug-large", { method: "PUT", body: { name: "", price_cents: 1 } });
    expect(response).toMatchObject({ status: 400, body: { error: "Please provide a variant name and price." } });
    expect(shop.db.query("SELECT name, price_cents FROM product_variants WHERE id = 'mug-large'").get()).toEqual({
      name: "Large",
      price_cents: 1400,
    });
  });

  test("editing or removing a variant that does not exist answers 404 'Variant not found.'", async () => {
    const body = { name: "Ghost", price_cents: 1 };
    expect(await shop.call("/api/admin/product-variants/mug-ghost", { method: "PUT", body })).toMatchObject({
      status: 404,
      body: { error: "Variant not found." },
    });
    expect(await shop.call("/api/admin/product-variants/mug-ghost", { method: "DELETE" })).toMatchObject({
      status: 404,
      body: { error: "Variant not found." },
    });
  });
});

describe("stock +1 / −1", () => {
  beforeAll(() => {
    addProduct(shop.db, { id: "counted", stock: 1 });
    addProduct(shop.db, { id: "printed-to-order", stock: null });
  });
  const adjust = <T = { id: string; stock: number }>(body: unknown) => shop.call<T>("/api/admin/stock-adjust", { method: "POST", body });
  const stockOf = (id: string) =>
    shop.db.query<{ stock: number | null }, [string]>("SELECT stock FROM products WHERE id = ?").get(id)?.stock;

  test("+1 and −1 answer { id, stock } and move the stored count", async () => {
    expect(await adjust({ id: "counted", delta: 1 })).toMatchObject({ status: 200, body: { id: "counted", stock: 2 } });
    expect(await adjust({ id: "counted", delta: -1 })).toMatchObject({ status: 200, body: { id: "counted", stock: 1 } });
    expect(stockOf("counted")).toBe(1);
  });

  test("stock never goes below 0: −1 at 0 answers 409 'Stock is already 0.' and nothing changes", async () => {
    await adjust({ id: "counted", delta: -1 });
    expect(stockOf("counted")).toBe(0);
    expect(await adjust({ id: "counted", delta: -1 })).toMatchObject({ status: 409, body: { error: "Stock is already 0." } });
    expect(stockOf("counted")).toBe(0);
  });

  test("a larger step below 0 is refused too and says what the stock is", async () => {
    await adjust({ id: "counted", delta: 3 });
    expect(await adjust({ id: "counted", delta: -5 })).toMatchObject({
      status: 409,
      body: { error: "Stock cannot go below 0; it is 3." },
    });
    expect(stockOf("counted")).toBe(3);
  });

  test("unlimited stock is refused with 409 and stays unlimited", async () => {
    expect(await adjust({ id: "printed-to-order", delta: 1 })).toMatchObject({
      status: 409,
      body: { error: "This product has unlimited stock. Set a number in the editor first." },
    });
    expect(stockOf("printed-to-order")).toBeNull();
  });

  test("many clicks at once are all counted", async () => {
    const start = stockOf("counted")!;
    await Promise.all(Array.from({ length: 20 }, () => adjust({ id: "counted", delta: 1 })));
    expect(stockOf("counted")).toBe(start + 20);
  });

  test("an unknown product answers 404 'Product not found.'", async () => {
    expect(await adjust({ id: "nothing-here", delta: 1 })).toMatchObject({ status: 404, body: { error: "Product not found." } });
  });

  test("a delta that is not a whole number from -1000 to 1000 is refused and nothing changes", async () => {
    const start = stockOf("counted");
    for (const delta of [0.5, 1001, "1", null]) {
      expect(await adjust({ id: "counted", delta })).toMatchObject({
        status: 400,
        body: { error: "Delta must be a whole number from -1000 to 1000." },
      });
    }
    expect(stockOf("counted")).toBe(start);
  });

  test("a body without an id is refused with a message that says what to send", async () => {
    expect(await adjust({ delta: 1 })).toMatchObject({
      status: 400,
      body: { error: "Send the product id and the change as { id, delta }." },
    });
  });
});

describe("stock edits never undo sales", () => {
  const STOCK_MOVED = "Stock changed since you opened this product: reload to see the current figure";
  const rowOf = (id: string) => shop.db.query<Record<string, unknown>, [string]>("SELECT * FROM products WHERE id = ?").get(id);
  const variantRowOf = (id: string) =>
    shop.db.query<Record<string, unknown>, [string]>("SELECT * FROM product_variants WHERE id = ?").get(id);
  /** The editor's body: the product as it loaded, the owner's changes, and the stock figure it loaded. */
  const editorBody = (loaded: AdminProduct, changes: Partial<AdminProduct>) => {
    const { images: _images, variants: _variants, image_url: _image, ...fields } = loaded;
    return { ...fields, expected_stock: loaded.stock, ...changes };
  };
  const editVariant = (id: string, body: unknown) =>
    shop.call<AdminVariant & { error?: string }>(`/api/admin/product-variants/${id}`, { method: "PUT", body });

  test("a product save that leaves stock alone keeps the units a shopper holds off the shelf, and their return adds no more", async () => {
    addProduct(shop.db, { id: "last-two", name: "Last Two", stock: 2 });
    const loaded = (await shop.call<AdminProduct>("/api/admin/products/last-two")).body;
    expect(loaded.stock).toBe(2);

    const checkout = await postCheckout(shop, units(2, { id: "last-two" }));
    expect(checkout.status).toBe(200);
    expect(shelfStock(shop.db, "last-two")).toBe(0);

    // The owner fixes a typo in the name; the form still says 2.
    const saved = await save(editorBody(loaded, { name: "The Last Two" }));
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ name: "The Last Two", stock: 0 });
    expect(shelfStock(shop.db, "last-two")).toBe(0);
    // A second shopper finds nothing left to hold.
    expect((await postCheckout(shop, units(1, { id: "last-two" }))).status).not.toBe(200);

    // The first shopper walks away: their 2 units come back, never 4.
    ageCheckouts(shop.db);
    await shop.deps.checkout.sweep();
    expect(shelfStock(shop.db, "last-two")).toBe(2);
  });

  test("a product save that changes stock from a figure that has since moved answers 409 and changes nothing", async () => {
    addProduct(shop.db, { id: "moved-on", name: "Moved On", stock: 3 });
    const loaded = (await shop.call<AdminProduct>("/api/admin/products/moved-on")).body;
    expect((await postCheckout(shop, units(1, { id: "moved-on" }))).status).toBe(200);
    const before = rowOf("moved-on");
    expect(before?.stock).toBe(2);

    const refused = await save<{ error: string }>(editorBody(loaded, { name: "Renamed", stock: 10 }));
    expect(refused).toMatchObject({ status: 409, body: { error: STOCK_MOVED } });
    expect(rowOf("moved-on")).toEqual(before!);
  });

  test("a product save that changes stock from the figure still stored sets it", async () => {
    addProduct(shop.db, { id: "restocked", stock: 1 });
    const loaded = (await shop.call<AdminProduct>("/api/admin/products/restocked")).body;
    const saved = await save(editorBody(loaded, { stock: 12 }));
    expect(saved).toMatchObject({ status: 200, body: { stock: 12 } });
    expect(shelfStock(shop.db, "restocked")).toBe(12);
    // From a number to unlimited, and back, by the same rule.
    expect((await save(editorBody(saved.body, { stock: null }))).body.stock).toBeNull();
    expect((await save(editorBody({ ...saved.body, stock: null }, { stock: 4 }))).body.stock).toBe(4);
  });

  test("a client that sends only the stock figure, as the product save always took it, still sets it", async () => {
    addProduct(shop.db, { id: "plain-client", stock: 7 });
    const saved = await save(productBody({ id: "plain-client", category_id: null, stock: 3 }));
    expect(saved).toMatchObject({ status: 200, body: { stock: 3 } });
  });

  test("an expected stock that is not a whole number is refused with 400 and nothing changes", async () => {
    addProduct(shop.db, { id: "odd-figure", stock: 5 });
    const before = rowOf("odd-figure");
    const refused = await save<{ error: string }>(productBody({ id: "odd-figure", category_id: null, stock: 6, expected_stock: -1 }));
    expect(refused).toMatchObject({
      status: 400,
      body: { error: "Expected stock must be the figure the editor loaded: a whole number, or blank for unlimited." },
    });
    expect(rowOf("odd-figure")).toEqual(before!);
  });

  test("a variant save that leaves stock alone keeps the units a shopper holds off the shelf", async () => {
    addProduct(shop.db, { id: "tee", name: "Tee", variants: [{ id: "tee-base", name: "Medium", price_cents: 1500, stock: 2 }] });
    const loaded = (await shop.call<AdminProduct>("/api/admin/products/tee")).body.variants[0]!;
    expect((await postCheckout(shop, units(2, { id: "tee", variantId: "tee-base" }))).status).toBe(200);
    expect(variantStockOf(shop.db, "tee-base")).toBe(0);

    const saved = await editVariant("tee-base", {
      name: "Medium (M)",
      price_cents: 1500,
      stock: loaded.stock,
      expected_stock: loaded.stock,
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ name: "Medium (M)", stock: 0 });
    expect(variantStockOf(shop.db, "tee-base")).toBe(0);
  });

  test("a variant save that changes stock from a figure that has since moved answers 409 and changes nothing", async () => {
    addProduct(shop.db, { id: "cap", name: "Cap", variants: [{ id: "cap-base", name: "One size", price_cents: 900, stock: 3 }] });
    const loaded = (await shop.call<AdminProduct>("/api/admin/products/cap")).body.variants[0]!;
    expect((await postCheckout(shop, units(1, { id: "cap", variantId: "cap-base" }))).status).toBe(200);
    const before = variantRowOf("cap-base");

    const refused = await editVariant("cap-base", { name: "Renamed", price_cents: 950, stock: 8, expected_stock: loaded.stock });
    expect(refused).toMatchObject({ status: 409, body: { error: STOCK_MOVED } });
    expect(variantRowOf("cap-base")).toEqual(before!);

    // From the figure stored now, the change goes through.
    const saved = await editVariant("cap-base", { name: "Renamed", price_cents: 950, stock: 8, expected_stock: 2 });
    expect(saved).toMatchObject({ status: 200, body: { name: "Renamed", stock: 8 } });
  });
});
