import { devices, type Page } from "@playwright/test";
import { loadCatalogue, pick, productPath, unlimitedSimple } from "./catalogue";
import { signIn } from "./support/admin";
import { gotoHydrated } from "./support/hydrated";
import { PICTURES_WANTED, picture } from "./support/pictures";
import { expectReachable, tapReachable } from "./support/tappable";
import { expect, test } from "./support/test";

// A shopper's own hold never blocks them (decision 0025). Tried as a shopper
// would: the last two units of a product in the basket with something else,
// Checkout, the browser's Back, remove the other item, Checkout again — the
// payment page opens. Another shopper still finds the two units taken.

const badge = (page: Page) => page.getByTestId("basket-count");

/** Every alert the page raises, answered as a shopper would (an unanswered one blocks the page). */
function collectAlerts(page: Page): string[] {
  const alerts: string[] = [];
  page.on("dialog", (dialog) => {
    alerts.push(dialog.message());
    void dialog.dismiss();
  });
  return alerts;
}

test("@phone back from the payment page, the shopper removes the other item and checks out the last two units again", async ({
  page,
  browser,
  request,
}, testInfo) => {
  // A product of this story's own with exactly two on the shelf ("Zz…" sorts after the demo products,
  // so stories picking products by kind never meet it, and nobody else's hold can touch it).
  const id = `zz-feeder-${Date.now().toString(36)}`;
  const name = `Zz cottage bird feeder ${id.slice(-5)}`;
  const owner = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const ownerPage = await owner.newPage();
  await signIn(ownerPage);
  const created = await ownerPage.request.post("/api/admin/products", {
    data: { id, name, price_cents: 2400, stock: 2, requires_gpx: false, requires_image: false, category_id: null },
  });
  expect(created.status(), await created.text()).toBe(201);
  await owner.close();
  const other = pick(await loadCatalogue(request), "simple product with unlimited stock", unlimitedSimple);

  const alerts = collectAlerts(page);
  await gotoHydrated(page, `/products/${encodeURIComponent(id)}`);
  await expect(page.getByTestId("stock-text")).toHaveText("Only 2 left");
  await tapReachable(page.getByRole("button", { name: "Add to basket" }));
  await expect(badge(page)).toHaveText("1");
  await tapReachable(page.getByRole("button", { name: "Add to basket" }));
  await expect(badge(page)).toHaveText("2");
  await gotoHydrated(page, productPath(other));
  await tapReachable(page.getByRole("button", { name: "Add to basket" }));
  await expect(badge(page)).toHaveText("3");

  await gotoHydrated(page, "/basket");
  await tapReachable(page.getByRole("button", { name: "Checkout" }));
  await expect(page).toHaveURL(/\/checkout\/demo\/cs_demo_/);
  const firstPaymentPage = page.url();

  // The browser's Back button: the basket again, the two units held by this basket's own unpaid checkout.
  await page.goBack();
  await expect(page).toHaveURL(/\/basket$/);
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1, { timeout: 15_000 });
  const line = page.getByRole("listitem").filter({ has: page.getByRole("link", { name, exact: true }) });
  await expect(line.locator("output")).toHaveText("2");
  // Looked at on the Pixel 7 and at 390 × 844, light and dark, as the theme script sets them.
  for (const size of PICTURES_WANTED ? [null, { width: 390, height: 844 }] : [{ width: 390, height: 844 }]) {
    if (size) await page.setViewportSize(size);
    for (const theme of ["light", "dark"] as const) {
      await page.evaluate((chosen) => {
        document.documentElement.classList.remove("light", "dark");
        document.documentElement.classList.add(chosen);
        document.documentElement.style.colorScheme = chosen;
      }, theme);
      await picture(page, `basket-back-from-payment-${size ? "390" : "pixel7"}-${theme}`);
    }
  }
  await tapReachable(page.getByRole("button", { name: `Remove ${other.name}` }));
  await expect(page.getByRole("link", { name: other.name, exact: true })).toHaveCount(0);
  await expect(badge(page)).toHaveText("2");
  await expectReachable(page.getByRole("button", { name: "Checkout" }));
  await picture(page, "basket-two-feeders-390");

  await tapReachable(page.getByRole("button", { name: "Checkout" }));
  await expect(page).toHaveURL(/\/checkout\/demo\/cs_demo_/);
  expect(page.url()).not.toBe(firstPaymentPage);
  await expect(page.getByText(name)).toBeVisible();
  expect(alerts).toEqual([]);

  // Another shopper, on a phone of their own with a basket of their own, finds both units taken.
  const stranger = await browser.newContext({
    ...devices["Pixel 7"],
    baseURL: testInfo.project.use.baseURL,
    extraHTTPHeaders: testInfo.project.use.extraHTTPHeaders,
  });
  const theirs = await stranger.newPage();
  const theirAlerts = collectAlerts(theirs);
  await gotoHydrated(theirs, `/products/${encodeURIComponent(id)}`);
  await expect(theirs.getByTestId("stock-text")).toHaveText("Out of stock");
  await expect(theirs.getByRole("button", { name: "Out of stock" })).toBeDisabled();
  // A basket saved before the units went: their Checkout stops with the availability alert.
  await theirs.evaluate(
    ({ productId, productName }) =>
      localStorage.setItem(
        "strata.basket.v1",
        JSON.stringify([{ key: `${productId}|||`, id: productId, name: productName, price: 24, quantity: 1, noStack: false, meta: {} }]),
      ),
    { productId: id, productName: name },
  );
  await gotoHydrated(theirs, "/basket");
  await tapReachable(theirs.getByRole("button", { name: "Checkout" }));
  await expect.poll(() => theirAlerts).toEqual([`Some items exceed current availability:\n${name}: requested 1, available 0`]);
  await expect(theirs).toHaveURL(/\/basket$/);
  await stranger.close();
});
