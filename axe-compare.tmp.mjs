import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./scripts/chromium.mjs";
import AxeBuilder from "/work/main/node_modules/@axe-core/playwright/dist/index.mjs";
import axe from "axe-core";
const base = "http://127.0.0.1:3302";
const paths = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const context = await browser.newContext();
const page = await context.newPage();
const client = await context.newCDPSession(page);
async function ours() {
  const present = await page.evaluate(() => typeof window.axe === "object");
  if (!present) await page.evaluate(axe.source);
  return page.evaluate(() => window.axe.run(document, {}));
}
const old = () => new AxeBuilder({ page }).analyze();
const totals = { old: 0, ours: 0 };
for (let round = 0; round < 2; round++) for (const path of paths) for (const [name, fn] of round % 2 ? [["ours", ours], ["old", old]] : [["old", old], ["ours", ours]]) {
  await page.goto(base + path);
  await page.waitForLoadState("networkidle");
  let pages = 0; context.on("page", () => pages++);
  const t = performance.now();
  const r = await fn();
  const ms = performance.now() - t;
  context.removeAllListeners("page");
  totals[name] += ms;
  console.log(round, path.padEnd(22), name.padEnd(5), String(Math.round(ms)).padStart(6), "ms; violations", r.violations.length, "passes", r.passes.length, "extra pages", pages);
}
console.log(Object.fromEntries(Object.entries(totals).map(([k, v]) => [k, Math.round(v)])));
await browser.close();
