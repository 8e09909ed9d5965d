import { storefrontPaths } from "./catalogue";
import { expect, test } from "./support/test";

/**
 * Every island hydrates over the server's HTML. A mismatch, a failed chunk or
 * a script error shows up in the console, so a clean console on every page is
 * the proof that the islands took over without re-rendering from scratch.
 */
test("no storefront page logs an error or fails a request while its islands hydrate", async ({ page, request }) => {
  const paths = await storefrontPaths(request);
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  page.on("requestfailed", (failed) => problems.push(`request failed: ${failed.url()}`));
  page.on("response", (response) => {
    if (response.status() >= 400 && !response.url().endsWith("/no-such-page")) problems.push(`${response.status()}: ${response.url()}`);
  });

  for (const path of paths) {
    await page.goto(path, { waitUntil: "networkidle" });
    await expect(page.locator("header .basket-link")).toBeVisible();
  }
  expect(problems).toEqual([]);
});
