import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./scripts/chromium.mjs";
const base = "http://127.0.0.1:4611";
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
for (const size of ["phone", "desktop"]) for (const theme of ["dark", "light"]) {
  const viewport = size === "phone" ? { width: 390, height: 844 } : { width: 1280, height: 800 };
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1, hasTouch: size === "phone" });
  await context.addInitScript((t) => localStorage.setItem("strata.theme", t), theme);
  const page = await context.newPage();
  await page.goto(base + "/products/route-relief-map");
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.getByLabel("Your route (GPX file)").setInputFiles("/tmp/phone-shots/route.gpx");
  await page.getByText("Uploaded").waitFor();
  await page.getByRole("button", { name: "Add to basket" }).click();
  await page.getByRole("region", { name: "In your basket" }).waitFor();
  await page.waitForTimeout(500);
  await page.screenshot({ path: `/tmp/phone-shots/added-${size}-${theme}.png` });
  await page.goto(base + "/basket");
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.getByRole("button", { name: "Clear" }).click();
  await page.screenshot({ path: `/tmp/phone-shots/clear-${size}-${theme}.png`, fullPage: true });
  await context.close();
}
await browser.close();
