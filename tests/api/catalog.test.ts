import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { type Product, productSchema } from "../../src/modules/catalog/model";
import { addCategory, addProduct } from "../support/factories";
import { createTestShop, type TestShop } from "../support/test-app";

const BAD_ID = { error: "Product id must be 1 to 64 letters, digits, hyphens or underscores." };

let shop: TestShop;

beforeAll(async () => {
  shop = await createTestShop();
  addCategory(shop.db, { id: "personalised", name: "Personalised" });
  addProduct(shop.db, {
    id: "relief-map",
    name: "Route Relief Map",
    description: "Your route as a 3D landscape.",
    price_cents: 2500,
    stock: null,
    max_online_qty: 2,
    requires_gpx: true,
    category_id: "personalised",
    images: ["/media/map-front.webp", "/media/map-side.webp", "/media/map-back.webp"],
    variants: [
      { id: "relief-map-a3", name: "A3", price_cents: 4500, stock: 1 },
      { id: "relief-map-base", name: "A5", price_cents: 2500 },
      { id: "relief-map-a4", name: "A4", price_cents: 3500, stock: 4 },
    ],
  });
  // Stored out of insertion order: the owner reordered variants and images.
  const variantOrder = shop.db.query("UPDATE product_variants SET sort_order = ? WHERE id = ?");
  variantOrder.run(2, "relief-map-a3");
  variantOrder.run(0, "relief-map-base");
  variantOrder.run(1, "relief-map-a4");
  const imageOrder = shop.db.query("UPDATE product_images SET sort_order = ? WHERE image_url = ?");
  imageOrder.run(5, "/media/map-front.webp");
  imageOrder.run(1, "/media/map-side.webp");
  imageOrder.run(3, "/media/map-back.webp");

  addProduct(shop.db, { id: "cable-tidy", name: "Cable Tidy", price_cents: 450, stock: 7 });
});

afterAll(() => shop.close());

describe("GET /api/catalog", () => {
  test("answers every product in the public Product shape", async () => {
    const { status, body } = await shop.json<unknown[]>("/api/catalog");
    expect(status).toBe(200);
    expect(Array.isArray(body)).toBe(true);
    expect(body).toHaveLength(2);
    for (const product of body) expect(productSchema.safeParse(product).error).toBeUndefined();
  });

  test("carries each product's stored values, pence and flags included", async () => {
    const { body } = await shop.json<Product[]>("/api/catalog");
    const map = body.find((product) => product.id === "relief-map");
    expect(map).toMatchObject({
      name: "Route Relief Map",
      description: "Your route as a 3D landscape.",
      unitAmount: 2500,
      currency: "gbp",
      stock: null,
      maxOnlineQty: 2,
      requiresGpx: true,
      requiresImage: false,
      requiresModel: false,
      categoryId: "personalised",
    });
    const tidy = body.find((product) => product.id === "cable-tidy");
    expect(tidy).toMatchObject({
      unitAmount: 450,
      stock: 7,
      maxOnlineQty: null,
      requiresGpx: false,
      categoryId: null,
      imageUrl: null,
      images: [],
      variants: [],
    });
  });

  test("lists variants by sort_order with id, name, price_cents, stock and sort_order", async () => {
    const { body } = await shop.json<Product[]>("/api/catalog");
    expect(body.find((product) => product.id === "relief-map")?.variants).toEqual([
      { id: "relief-map-base", name: "A5", price_cents: 2500, stock: null, sort_order: 0 },
      { id: "relief-map-a4", name: "A4", price_cents: 3500, stock: 4, sort_order: 1 },
      { id: "relief-map-a3", name: "A3", price_cents: 4500, stock: 1, sort_order: 2 },
    ]);
  });

  test("lists images by sort order, and imageUrl is the first of them", async () => {
    const { body } = await shop.json<Product[]>("/api/catalog");
    const map = body.find((product) => product.id === "relief-map");
    expect(map?.images.map((image) => image.url)).toEqual(["/media/map-side.webp", "/media/map-back.webp", "/media/map-front.webp"]);
    expect(map?.imageUrl).toBe("/media/map-side.webp");
  });

  test("an empty catalogue answers []", async () => {
    const empty = await createTestShop();
    try {
      const { status, body } = await empty.json("/api/catalog");
      expect(status).toBe(200);
      expect(body).toEqual([]);
    } finally {
      empty.close();
    }
  });
});

describe("GET /api/products/{id}", () => {
  test("answers the one product, the same as its catalogue entry", async () => {
    const { status, body } = await shop.json<Product>("/api/products/relief-map");
    const { body: catalogue } = await shop.json<Product[]>("/api/catalog");
    expect(status).toBe(200);
    expect(productSchema.safeParse(body).error).toBeUndefined();
    expect(body).toEqual(catalogue.find((product) => product.id === "relief-map") as Product);
  });

  test("an unknown id answers 404 naming the id", async () => {
    const { status, body } = await shop.json("/api/products/nope");
    expect(status).toBe(404);
    expect(body).toEqual({ error: 'No product with id "nope" exists.' });
  });

  test("an id with a space answers 400 naming the rule", async () => {
    const { status, body } = await shop.json("/api/products/bad%20id");
    expect(status).toBe(400);
    expect(body).toEqual(BAD_ID);
  });

  test("a 65-character id answers 400 naming the rule", async () => {
    const { status, body } = await shop.json(`/api/products/${"a".repeat(65)}`);
    expect(status).toBe(400);
    expect(body).toEqual(BAD_ID);
  });

  test("an encoded path climb (..%2Fetc) answers 400 naming the rule", async () => {
    const { status, body } = await shop.json("/api/products/..%2Fetc");
    expect(status).toBe(400);
    expect(body).toEqual(BAD_ID);
  });

  test("a 64-character id is within the rule and simply not found", async () => {
    const { status } = await shop.json(`/api/products/${"a".repeat(64)}`);
    expect(status).toBe(404);
  });
});

describe("unknown API paths", () => {
  test("an unknown /api path answers 404 JSON naming the method and path", async () => {
    const { status, body, response } = await shop.json("/api/nope");
    expect(status).toBe(404);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(body).toEqual({ error: "There is no API endpoint at GET /api/nope." });
  });
});
