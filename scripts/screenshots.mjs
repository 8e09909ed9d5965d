// Screenshots of the storefront at phone and desktop widths, in light and dark,
// for looking at what we build: `node scripts/screenshots.mjs [base URL] [paths…]`.
// Needs a running shop (default http://localhost:3000). Runs on Node, like Playwright.
import { shopUrl as base, forEachLook, launchBrowser } from "./screenshot-kit.mjs";

const catalogue = await (await fetch(`${base}/api/catalog`)).json();
const productWithVariants = catalogue.find((p) => p.variants.length > 1) ?? catalogue[0];
const paths = process.argv.length > 3 ? process.argv.slice(3) : ["/", "/products", `/products/${productWithVariants.id}`, "/basket"];

const browser = await launchBrowser();
await forEachLook(browser, "", async ({ page, shoot }) => {
  await page.goto(base);
  // A basket with something in it, so /basket shows lines rather than its empty state.
  await page.evaluate((product) => {
    const variant = product.variants[0];
    const meta = variant ? { variantId: variant.id, variantName: variant.name } : {};
    const price = (variant?.price_cents ?? product.unitAmount) / 100;
    localStorage.setItem(
      "strata.basket.v1",
      JSON.stringify([
        { key: `${product.id}|${variant?.id ?? ""}||`, id: product.id, name: product.name, price, quantity: 1, noStack: false, meta },
      ]),
    );
  }, productWithVariants);
  for (const path of paths) {
    await page.goto(base + path, { waitUntil: "networkidle" });
    await shoot(path.replace(/[^a-z0-9]+/gi, "_").replace(/^_|_$/g, "") || "home");
  }
});
await browser.close();
