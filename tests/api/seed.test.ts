import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import type { PricingSettings } from "../../shared/instant-prices";
import { DEMO_PICTURE_CACHE_DIR, seedDemoCatalogue } from "../../src/db/seed";
import { normaliseShopIdentity } from "../../src/modules/admin-content/shop-identity-rules";
import type { Product } from "../../src/modules/catalog/model";
import type { Project } from "../../src/modules/content/model";
import { SHOP_IDENTITY_KEYS } from "../../src/modules/content/shop-identity";
import { pricingSettingsSchema } from "../../src/modules/instant-prices/model";
import { addCategory, addProject } from "../support/factories";
import { countRows, createTestShop, type TestShop } from "../support/test-app";
import { HANG_GUARD_MS } from "../support/wait-until";

let shop: TestShop;
let mediaDir: string;

async function openShop() {
  shop = await createTestShop();
  mediaDir = join(shop.dataDir, "media");
}

/**
 * Seeds as a development shop does, taking the pictures from the project's cache once they were rendered
 * (docs/decisions/0060-demo-pictures-rendered-once.md); tests/api/seed-picture-cache.test.ts proves the cache.
 */
const seed = () => seedDemoCatalogue(shop.db, mediaDir, { pictureCacheDir: DEMO_PICTURE_CACHE_DIR });

const SEEDED_TABLES = ["categories", "products", "product_images", "product_variants", "projects", "configuration"];
const rowCounts = () => Object.fromEntries(SEEDED_TABLES.map((table) => [table, countRows(shop.db, table)]));
const mediaFiles = () => (existsSync(mediaDir) ? readdirSync(mediaDir) : []);

describe("the demo catalogue on an empty database", () => {
  // Rendering the pictures (into an empty cache) takes seconds, so these read-only checks share one seeded shop.
  beforeAll(async () => {
    await openShop();
    expect(await seed()).toBe(true);
  }, HANG_GUARD_MS);
  afterAll(() => shop.close());

  test("has the categories basic and personalised and at least 8 products", async () => {
    const { body: categories } = await shop.json<{ id: string; name: string }[]>("/api/categories");
    expect(categories.map((c) => c.id)).toEqual(["basic", "personalised"]);
    const { body: products } = await shop.json<Product[]>("/api/catalog");
    expect(products.length).toBeGreaterThanOrEqual(8);
  });

  test("shows every case the storefront has", async () => {
    const { body: products } = await shop.json<Product[]>("/api/catalog");
    const some = (what: string, predicate: (p: Product) => boolean) =>
      expect({ what, found: products.some(predicate) }).toEqual({ what, found: true });
    some("several variants with a -base one", (p) => p.variants.length > 1 && p.variants.some((v) => v.id.endsWith("-base")));
    some("several variants without a -base one", (p) => p.variants.length > 1 && !p.variants.some((v) => v.id.endsWith("-base")));
    some("stock of 1 to 3", (p) => p.stock !== null && p.stock >= 1 && p.stock <= 3);
    some("out of stock", (p) => p.stock === 0);
    some("unlimited stock", (p) => p.stock === null && p.variants.length === 0);
    some("a maxOnlineQty", (p) => p.maxOnlineQty !== null);
    some("a route relief map needing a GPX file", (p) => p.requiresGpx);
    some("a lithophane needing an image", (p) => p.requiresImage);
    some("a print of the shopper's own 3D model", (p) => p.requiresModel);
    some("no category", (p) => p.categoryId === null);
  });

  test("the rates for instant prices are believable and switched on: PLA and PETG in colours, printers with beds", async () => {
    const settings = JSON.parse(
      shop.db.query<{ settings: string }, []>("SELECT settings FROM pricing_settings").get()!.settings,
    ) as PricingSettings;
    expect(settings.rules.instant_on).toBe(true);
    expect(settings.materials.map((material) => material.name)).toEqual(["PLA", "PETG"]);
    expect(settings.materials.every((material) => material.colours.length > 1 && material.price_per_kg_pence > 1000)).toBe(true);
    expect(settings.printers.length).toBeGreaterThanOrEqual(1);
    expect(pricingSettingsSchema.safeParse(settings).success).toBe(true);
  });

  test("the hero and every product's first picture have their 1200 × 630 JPEG sharing copy written ahead", async () => {
    const { body: products } = await shop.json<Product[]>("/api/catalog");
    const { body: hero } = await shop.json<{ hero_image_url: string }>("/api/configuration/hero-banner");
    const originals = [hero.hero_image_url, ...products.map((p) => p.images[0]?.url ?? "")].map((url) => url.slice("/media/".length));
    for (const original of originals) {
      const copy = original.replace(/\.webp$/, ".share.jpg");
      expect({ copy, written: mediaFiles().includes(copy) }).toEqual({ copy, written: true });
      expect(await sharp(join(mediaDir, copy)).metadata()).toMatchObject({ width: 1200, height: 630, format: "jpeg" });
    }
  });

  test("every product picture, project picture and the hero image is a real WebP served with a year's cache", async () => {
    const { body: products } = await shop.json<Product[]>("/api/catalog");
    const { body: projects } = await shop.json<Project[]>("/api/projects");
    const { body: hero } = await shop.json<{ hero_image_url: string }>("/api/configuration/hero-banner");
    expect(products.every((p) => p.images.length >= 1)).toBe(true);
    const urls = [...products.flatMap((p) => p.images.map((i) => i.url)), ...projects.map((p) => p.image_url ?? ""), hero.hero_image_url];
    for (const url of new Set(urls)) {
      const response = await shop.request(url);
      expect({ url, status: response.status }).toEqual({ url, status: 200 });
      expect(response.headers.get("cache-control")).toContain("immutable");
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect(new TextDecoder().decode(bytes.slice(8, 12))).toBe("WEBP");
      expect(bytes.length).toBeLessThan(60_000);
    }
  });

  test("has a believable shop identity that the admin's own rules accept as it is", () => {
    const config = shop.deps.content.readConfig();
    for (const key of SHOP_IDENTITY_KEYS)
      expect({ key, clean: normaliseShopIdentity(key, config[key]) }).toEqual({ key, clean: config[key] });
    expect(config.trader_name).toBe("Strata Prints Ltd");
    expect(config.trader_address.split("\n").length).toBeGreaterThanOrEqual(3);
    expect(config.announcement).not.toBe("");
  });

  test("has 3 projects, a hero banner, £5.00 delivery, a free-delivery threshold and 3 featured products", async () => {
    const { body: projects } = await shop.json<Project[]>("/api/projects");
    expect(projects).toHaveLength(3);
    const { body: hero } = await shop.json<Record<string, string>>("/api/configuration/hero-banner");
    expect(hero.hero_description).not.toBe("");
    expect(hero.hero_cta_text).not.toBe("");
    const { body: fees } = await shop.json<Record<string, string>>("/api/configuration/delivery-fee");
    expect(fees.delivery_fee).toBe("500");
    expect(Number(fees.free_delivery_threshold)).toBeGreaterThan(0);
    const { body: featured } = await shop.json<{ featured_products: string[] }>("/api/configuration/featured-products");
    expect(featured.featured_products).toHaveLength(3);
    for (const id of featured.featured_products) expect((await shop.request(`/api/products/${id}`)).status).toBe(200);
  });

  test("seeding again changes nothing", async () => {
    const before = rowCounts();
    expect(await seed()).toBe(false);
    expect(rowCounts()).toEqual(before);
  });
});

describe("a shop that already has data", () => {
  beforeEach(openShop);
  afterEach(() => shop.close());

  test("an owner's category alone stops the seed: nothing is added and no picture is written", async () => {
    addCategory(shop.db, { id: "lamps", name: "Lamps" });
    expect(await seed()).toBe(false);
    expect(countRows(shop.db, "products")).toBe(0);
    expect(countRows(shop.db, "categories")).toBe(1);
    expect(mediaFiles()).toEqual([]);
  });

  test(
    "a seed that cannot write its rows rolls back every row and removes the pictures it wrote",
    async () => {
      // A project the owner made with the same id as a demo project: the insert fails part-way.
      addProject(shop.db, { id: "cafe-planters", title: "Owner's own project" });
      await expect(seed()).rejects.toThrow();
      expect(countRows(shop.db, "products")).toBe(0);
      expect(countRows(shop.db, "categories")).toBe(0);
      expect(countRows(shop.db, "projects")).toBe(1);
      expect(countRows(shop.db, "configuration")).toBe(0);
      expect(mediaFiles()).toEqual([]);
    },
    HANG_GUARD_MS,
  );
});
