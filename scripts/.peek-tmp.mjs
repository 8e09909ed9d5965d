import { chromium } from "@playwright/test";
const [,, path, theme = "dark", width = "390", ...steps] = process.argv;
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox"] });
const page = await (await browser.newContext({ viewport: { width: Number(width), height: 844 } })).newPage();
await page.goto("http://127.0.0.1:3200/");
await page.evaluate((t) => localStorage.setItem("strata.theme", t), theme);
await page.goto("http://127.0.0.1:3200/admin");
await page.getByLabel("Password").fill("correct horse battery staple");
await page.getByRole("button", { name: "Sign in" }).click();
await page.getByRole("navigation", { name: "Admin" }).waitFor();
await page.evaluate((p) => { history.pushState(null, "", p); dispatchEvent(new PopStateEvent("popstate")); }, path);
await page.waitForTimeout(1000);
let n = 0;
for (const step of steps) {
  if (step.startsWith("click:")) await page.getByRole("button", { name: step.slice(6), exact: true }).first().click();
  else if (step.startsWith("see:")) { await page.getByText(step.slice(4)).first().scrollIntoViewIfNeeded(); await page.waitForTimeout(400); await page.screenshot({ path: `/tmp/peek-${n++}.png` }); }
  else if (step.startsWith("eval:")) await page.evaluate(step.slice(5));
  await page.waitForTimeout(500);
}
await browser.close();
