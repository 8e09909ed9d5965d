// What every screenshot script shares: the shop's address, where the pictures go, the browser, and the
// four looks each screen is photographed in (phone and desktop, dark and light). Runs on Node, like Playwright.
import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium.mjs";

/** The running shop: the first argument, or a shop started with `bun start`. */
export const shopUrl = process.argv[2] ?? "http://localhost:3000";
const SCREENSHOT_DIR = "test-results/screenshots";
const SIZES = { phone: { width: 390, height: 844 }, desktop: { width: 1366, height: 900 } };
const THEMES = ["dark", "light"];

/** The admin password from ADMIN_PASSWORD; without it the script stops with a message saying so. */
export function adminPasswordOrExit() {
  const password = process.env.ADMIN_PASSWORD;
  if (!password) {
    console.error("Set ADMIN_PASSWORD to the shop's admin password.");
    process.exit(1);
  }
  return password;
}

/** Debian's Chromium, with the pictures' folder made ready. */
export async function launchBrowser() {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/**
 * Calls `visit` once per look with a fresh page already in that theme. `shoot(name, fullPage = true)`
 * saves `{prefix}{size}-{theme}-{name}.png` and prints its path.
 */
export async function forEachLook(browser, prefix, visit) {
  for (const [sizeName, viewport] of Object.entries(SIZES)) {
    for (const theme of THEMES) {
      const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
      await context.addInitScript((chosen) => localStorage.setItem("strata.theme", chosen), theme);
      const page = await context.newPage();
      const shoot = async (name, fullPage = true) => {
        const file = `${SCREENSHOT_DIR}/${prefix}${sizeName}-${theme}-${name}.png`;
        await page.screenshot({ path: file, fullPage });
        console.log(file);
      };
      await visit({ context, page, theme, shoot });
      await context.close();
    }
  }
}

/**
 * Pays for basket `items` through the demo checkout as `payer` ({ email, name, line1, city, postalCode },
 * a UK address) and answers the payment page's URL; the order follows a moment later.
 */
export async function payThroughDemoCheckout(items, payer) {
  const started = await fetch(`${shopUrl}/api/checkout`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Idempotency-Key": randomUUID() },
    body: JSON.stringify({ items }),
  });
  const { url, error } = await started.json();
  if (!url) throw new Error(`Checkout refused: ${error}`);
  const form = new URLSearchParams({ ...payer, country: "GB", billingSame: "1" });
  const paid = await fetch(`${url}/pay`, { method: "POST", body: form, redirect: "manual", headers: { Origin: new URL(shopUrl).origin } });
  if (paid.status !== 303) throw new Error(`The demo payment answered ${paid.status} for ${url}: ${(await paid.text()).slice(0, 200)}`);
  return url;
}
