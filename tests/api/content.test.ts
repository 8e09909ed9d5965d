import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { type Project, projectSchema } from "../../src/modules/content/model";
import { addCategory, addProject, setConfig } from "../support/factories";
import { createTestShop, type TestShop } from "../support/test-app";

// Configuration changes from test to test, so each test gets its own shop.
let shop: TestShop;
beforeEach(async () => {
  shop = await createTestShop();
});
afterEach(() => shop.close());

describe("GET /api/projects", () => {
  test("lists projects ordered by sort, each in the public Project shape", async () => {
    addProject(shop.db, { id: "bench", title: "Garden bench feet", sort: 2 });
    addProject(shop.db, { id: "fells", title: "Lakeland fells map", sort: 0, link_url: "https://example.com/fells" });
    addProject(shop.db, { id: "lamp", title: "Lithophane lamp", sort: 1 });
    const { status, body } = await shop.json<Project[]>("/api/projects");
    expect(status).toBe(200);
    expect(body.map((project) => project.id)).toEqual(["fells", "lamp", "bench"]);
    for (const project of body) expect(projectSchema.safeParse(project).error).toBeUndefined();
    expect(body[0]).toEqual({
      id: "fells",
      title: "Lakeland fells map",
      description: "About Lakeland fells map.",
      image_url: null,
      link_url: "https://example.com/fells",
      link_label: null,
      sort: 0,
    });
  });

  test("with no projects answers []", async () => {
    expect(await shop.json("/api/projects")).toMatchObject({ status: 200, body: [] });
  });
});

describe("GET /api/categories", () => {
  test("lists categories with id and name, ordered by sort", async () => {
    addCategory(shop.db, { id: "personalised", name: "Personalised", sort: 2 });
    addCategory(shop.db, { id: "basic", name: "Basic", sort: 1 });
    const { status, body } = await shop.json("/api/categories");
    expect(status).toBe(200);
    expect(body).toEqual([
      { id: "basic", name: "Basic", sort: 1 },
      { id: "personalised", name: "Personalised", sort: 2 },
    ]);
  });
});

describe("GET /api/configuration/featured-products", () => {
  test("with nothing configured answers an empty list", async () => {
    expect(await shop.json("/api/configuration/featured-products")).toMatchObject({
      status: 200,
      body: { featured_products: [] },
    });
  });

  test("answers the stored ids in the owner's order", async () => {
    setConfig(shop.db, "featured_products", '["relief-map","planter"]');
    const { body } = await shop.json("/api/configuration/featured-products");
    expect(body).toEqual({ featured_products: ["relief-map", "planter"] });
  });

  test("answers at most 3 ids even when 4 are stored", async () => {
    setConfig(shop.db, "featured_products", '["a","b","c","d"]');
    const { body } = await shop.json("/api/configuration/featured-products");
    expect(body).toEqual({ featured_products: ["a", "b", "c"] });
  });

  test("a stored value that is not JSON counts as none featured", async () => {
    setConfig(shop.db, "featured_products", "relief-map, planter");
    const { status, body } = await shop.json("/api/configuration/featured-products");
    expect(status).toBe(200);
    expect(body).toEqual({ featured_products: [] });
  });
});

describe("GET /api/configuration/hero-banner", () => {
  test("with nothing configured answers the four keys as empty strings", async () => {
    const { status, body } = await shop.json("/api/configuration/hero-banner");
    expect(status).toBe(200);
    expect(body).toEqual({ hero_description: "", hero_image_url: "", hero_cta_text: "", hero_cta_link: "" });
  });

  test("answers the stored values", async () => {
    setConfig(shop.db, "hero_description", "New <strong>relief maps</strong>");
    setConfig(shop.db, "hero_image_url", "/media/hero.webp");
    setConfig(shop.db, "hero_cta_text", "See the maps");
    setConfig(shop.db, "hero_cta_link", "/products?cat=personalised");
    const { body } = await shop.json("/api/configuration/hero-banner");
    expect(body).toEqual({
      hero_description: "New <strong>relief maps</strong>",
      hero_image_url: "/media/hero.webp",
      hero_cta_text: "See the maps",
      hero_cta_link: "/products?cat=personalised",
    });
  });
});

describe("GET /api/configuration/delivery-fee", () => {
  test("with nothing configured answers the defaults '500' and '0' as strings", async () => {
    const { status, body } = await shop.json("/api/configuration/delivery-fee");
    expect(status).toBe(200);
    expect(body).toEqual({ delivery_fee: "500", free_delivery_threshold: "0" });
  });

  test("answers the stored pence", async () => {
    setConfig(shop.db, "delivery_fee", "395");
    setConfig(shop.db, "free_delivery_threshold", "5000");
    const { body } = await shop.json("/api/configuration/delivery-fee");
    expect(body).toEqual({ delivery_fee: "395", free_delivery_threshold: "5000" });
  });

  test("a stored value that is not a whole number falls back to the default", async () => {
    setConfig(shop.db, "delivery_fee", "five pounds");
    setConfig(shop.db, "free_delivery_threshold", "-100");
    const { status, body } = await shop.json("/api/configuration/delivery-fee");
    expect(status).toBe(200);
    expect(body).toEqual({ delivery_fee: "500", free_delivery_threshold: "0" });
  });
});
