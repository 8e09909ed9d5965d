import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, readdirSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { addCategory, addProduct, setConfig } from "../support/factories";
import { createTestShop, TEST_ORIGIN, type TestShop } from "../support/test-app";

// A shared link shows a picture (docs/product.md#link-previews-and-search).
// Home, catalogue and category pages share the shop's own picture (its hero),
// product pages their first picture, each as a 1200 × 630 JPEG copy at an
// absolute address.

let shop: TestShop;
const HERO = "hero-0a1b2c3d4e.webp";
const PLANTER = "planter-5f6a7b8c9d.webp";

beforeAll(async () => {
  shop = await createTestShop();
  const media = join(shop.dataDir, "media");
  mkdirSync(media, { recursive: true });
  // A wide hero and a square product picture, stored as WebP as every /media picture is.
  await sharp({ create: { width: 1600, height: 700, channels: 3, background: "#1f6f5c" } })
    .webp()
    .toFile(join(media, HERO));
  await sharp({ create: { width: 1000, height: 1000, channels: 4, background: "#c2410c80" } })
    .webp()
    .toFile(join(media, PLANTER));
  setConfig(shop.db, "hero_image_url", `/media/${HERO}`);
  addCategory(shop.db, { id: "garden", name: "Garden" });
  addProduct(shop.db, { id: "planter", name: "Hex planter", price_cents: 1200, category_id: "garden", images: [`/media/${PLANTER}`] });
});
afterAll(() => shop.close());

/** The page's og: meta tags by property. */
async function openGraph(path: string): Promise<Record<string, string>> {
  const { status, body } = await shop.html(path);
  expect(status).toBe(200);
  return Object.fromEntries([...body.matchAll(/<meta property="(og:[^"]+)" content="([^"]*)"\/>/g)].map((m) => [m[1], m[2]]));
}

/** Fetches an absolute og:image address through the app and reads what the picture is. */
async function fetchPicture(url: string) {
  expect(url.startsWith(`${TEST_ORIGIN}/`)).toBe(true);
  const response = await shop.request(url.slice(TEST_ORIGIN.length));
  const bytes = Buffer.from(await response.arrayBuffer());
  const { width, height, format } = response.status === 200 ? await sharp(bytes).metadata() : { width: 0, height: 0, format: null };
  return { status: response.status, type: response.headers.get("content-type"), width, height, format };
}

describe("the shop's sharing picture", () => {
  for (const path of ["/", "/products", "/products?cat=garden"]) {
    test(`${path} has og:image, a 1200 × 630 JPEG made from the shop's hero picture, and og:description`, async () => {
      const og = await openGraph(path);
      expect(og["og:image"]).toBe(`${TEST_ORIGIN}/media/hero-0a1b2c3d4e.share.jpg`);
      expect(og["og:image:type"]).toBe("image/jpeg");
      expect([og["og:image:width"], og["og:image:height"]]).toEqual(["1200", "630"]);
      expect(og["og:description"]?.length).toBeGreaterThan(20);
      expect(await fetchPicture(og["og:image"]!)).toEqual({ status: 200, type: "image/jpeg", width: 1200, height: 630, format: "jpeg" });
    });
  }
});

describe("a product's sharing picture", () => {
  test("is its first picture as a 1200 × 630 JPEG, made from the stored WebP", async () => {
    const og = await openGraph("/products/planter");
    expect(og["og:image"]).toBe(`${TEST_ORIGIN}/media/planter-5f6a7b8c9d.share.jpg`);
    expect(og["og:description"]).toBeDefined();
    expect(await fetchPicture(og["og:image"]!)).toEqual({ status: 200, type: "image/jpeg", width: 1200, height: 630, format: "jpeg" });
  });

  test("a sharing copy of a picture that does not exist is 404, and nothing is written", async () => {
    const before = readdirSync(join(shop.dataDir, "media")).length;
    const response = await shop.request("/media/nothing-0000000000.share.jpg");
    expect(response.status).toBe(404);
    expect(readdirSync(join(shop.dataDir, "media"))).toHaveLength(before);
  });
});
