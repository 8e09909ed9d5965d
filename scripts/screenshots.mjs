// Screenshots of the storefront at phone and desktop widths, in light and dark,
// for looking at what we build: `node scripts/screenshots.mjs [base URL] [paths…]`.
// Needs a running shop (default http://localhost:3000). Runs on Node, like Playwright.
import { mkdirSync } from "node:fs";
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium.mjs";

const base = process.argv[2] ?? "http://localhost:3000";
const catalogue = await (await fetch(`${base}/api/catalog`)).json();
const productWithVariants = catalogue.find((p) => p.variants.length > 1) ?? catalogue[0];
const paths = process.argv.length > 3 ? process.argv.slice(3) : ["/", "/products", `/products/${productWithVariants.id}`, "/basket"];
const out = "test-results/screenshots";
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const sizes = { phone: { width: 390, height: 844 }, desktop: { width: 1366, height: 900 } };
for (const [sizeName, viewport] of Object.entries(sizes)) {
  for (const theme of ["dark", "light"]) {
    const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
    const page = await context.newPage();
    await page.goto(base);
    // A basket with something in it, so /basket shows lines rather than its empty state.
    await page.evaluate(
      ({ theme, product }) => {
        localStorage.setItem("strata.theme", theme);
        const variant = product.variants[0];
        const meta = variant ? { variantId: variant.id, variantName: variant.name } : {};
        const price = (variant?.price_cents ?? product.unitAmount) / 100;
        localStorage.setItem("strata.basket.v1", JSON.stringify([{ key: `${product.id}|${variant?.id ?? ""}||`, id: product.id, name: product.name, price, quantity: 1, noStack: false, meta }]));
      },
      { theme, product: productWithVariants },
    );
    for (const path of paths) {
      await page.goto(base + path, { waitUntil: "networkidle" });
      const name = `${sizeName}-${theme}-${path.replace(/[^a-z0-9]+/gi, "_").replace(/^_|_$/g, "") || "home"}.png`;
      await page.screenshot({ path: `${out}/${name}`, fullPage: true });
      console.log(`${out}/${name}`);
    }
    await context.close();
  }
}
await browser.close();
