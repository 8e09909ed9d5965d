import { devices } from "@playwright/test";
import { loadCatalogue, pick, productPath } from "./catalogue";
import { expect, test } from "./support/test";

// Link previews (docs/product.md#link-previews-and-search) as a person sharing a link meets them: the home page, the
// catalogue, a category and a product page, opened on a 390 × 844 phone and on a desktop, each name a picture a link
// preview can show — a JPEG of 1200 × 630 at an absolute address of this shop — and a description.

const SIZES = [
  ["phone", { viewport: { width: 390, height: 844 }, userAgent: devices["Pixel 7"].userAgent, isMobile: true, hasTouch: true }],
  ["desktop", { viewport: { width: 1280, height: 800 } }],
] as const;

/** A JPEG's size from its start-of-frame marker (the image pipeline writes baseline or progressive JPEGs). */
function jpegSize(bytes: Buffer): { width: number; height: number } {
  for (let at = 2; at + 9 < bytes.length; ) {
    if (bytes[at] !== 0xff) break;
    const marker = bytes[at + 1] ?? 0;
    if (marker === 0xc0 || marker === 0xc2) return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    at += 2 + bytes.readUInt16BE(at + 2);
  }
  throw new Error("no start-of-frame marker: not a JPEG a preview can show");
}

for (const [size, options] of SIZES) {
  test(`shared links to the home page, catalogue, a category and a product carry a 1200 × 630 JPEG and a description (${size})`, async ({
    browser,
    request,
  }) => {
    const products = await loadCatalogue(request);
    const product = pick(products, "a product with a picture in a category", (p) => p.images.length > 0 && p.categoryId !== null);
    const context = await browser.newContext({ ...options, baseURL: test.info().project.use.baseURL });
    try {
      const page = await context.newPage();
      for (const path of ["/", "/products", `/products?cat=${encodeURIComponent(product.categoryId ?? "")}`, productPath(product)]) {
        await page.goto(path);
        const image = await page.locator('meta[property="og:image"]').getAttribute("content");
        const description = await page.locator('meta[property="og:description"]').getAttribute("content");
        expect(description?.length ?? 0, `${path}: og:description`).toBeGreaterThan(20);
        expect(image, `${path}: og:image`).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/media\/.+\.share\.jpg$/);
        const answer = await page.request.get(image ?? "");
        expect(answer.status(), `${path}: ${image}`).toBe(200);
        expect(answer.headers()["content-type"]).toBe("image/jpeg");
        expect(jpegSize(Buffer.from(await answer.body())), `${path}: ${image}`).toEqual({ width: 1200, height: 630 });
      }
    } finally {
      await context.close();
    }
  });
}
