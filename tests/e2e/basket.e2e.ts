import type { Page } from "@playwright/test";
import { loadCatalogue, lowStockSimple, needsUpload, pick, productPath, unlimitedSimple } from "./catalogue";
import { watchAddedChip } from "./support/added-chip";
import { gotoHydrated, reloadHydrated } from "./support/hydrated";
import { expect, test } from "./support/test";

const badge = (page: Page) => page.getByTestId("basket-count");
const addButton = (page: Page) => page.locator("main .purchase").getByRole("button").first();

test.describe("filling the basket", () => {
  test("a product with several variants needs a choice before it can be added", async ({ page, request }) => {
    const products = await loadCatalogue(request);
    const product = pick(
      products,
      "product with several variants and no -base variant",
      (p) => !needsUpload(p) && p.variants.length > 1 && !p.variants.some((v) => v.id.endsWith("-base")),
    );
    await gotoHydrated(page, productPath(product));
    await expect(page.getByRole("button", { name: "Select variant" })).toBeDisabled();
    await expect(page.getByText("Please select a variant to continue")).toBeVisible();

    const variant = product.variants.find((v) => v.stock === null || v.stock > 0);
    if (!variant) throw new Error("no variant in stock");
    await page.getByRole("radio", { name: variant.name }).check();
    const chipShown = await watchAddedChip(page);
    await page.getByRole("button", { name: "Add to basket" }).click();
    await chipShown();
    await expect(badge(page)).toHaveText("1");
    // The chip stays for 2 seconds (docs/product.md#product-page).
    await expect(page.getByText("Added to basket")).toBeHidden({ timeout: 4_000 });
  });

  test("a '-base' variant is chosen already when a product has several", async ({ page, request }) => {
    const products = await loadCatalogue(request);
    const product = pick(
      products,
      "product with several variants, one of them -base, and no upload",
      (p) => !needsUpload(p) && p.variants.length > 1 && p.variants.some((v) => v.id.endsWith("-base")),
    );
    const base = product.variants.find((v) => v.id.endsWith("-base"));
    await gotoHydrated(page, productPath(product));
    if (!base) throw new Error("no -base variant");
    await expect(page.getByRole("radio", { name: base.name })).toBeChecked();
    await expect(page.getByRole("button", { name: "Add to basket" })).toBeEnabled();
  });

  test("adding past the stock limit is refused with 'Limit reached'", async ({ page, request }) => {
    const products = await loadCatalogue(request);
    const product = pick(products, "simple product with 1 to 3 in stock", lowStockSimple);
    const stock = product.stock ?? 0;
    await gotoHydrated(page, productPath(product));
    for (let added = 0; added < stock; added++) {
      await page.getByRole("button", { name: "Add to basket" }).click();
      await expect(badge(page)).toHaveText(String(added + 1));
    }
    await expect(page.getByRole("button", { name: "Limit reached" })).toBeDisabled();
  });

  test("maxOnlineQty caps how many one shopper can add", async ({ page, request }) => {
    const products = await loadCatalogue(request);
    const product = pick(
      products,
      "product with maxOnlineQty below its stock",
      (p) => !needsUpload(p) && p.maxOnlineQty !== null && p.maxOnlineQty > 0 && (p.stock === null || p.stock > p.maxOnlineQty),
    );
    await gotoHydrated(page, productPath(product));
    for (let added = 0; added < (product.maxOnlineQty ?? 0); added++) {
      await addButton(page).click();
      await expect(badge(page)).toHaveText(String(added + 1));
    }
    await expect(page.getByRole("button", { name: "Limit reached" })).toBeDisabled();
  });

  test("an out-of-stock product cannot be added", async ({ page, request }) => {
    const products = await loadCatalogue(request);
    const product = pick(products, "out-of-stock product", (p) => p.stock === 0);
    await gotoHydrated(page, productPath(product));
    await expect(page.getByTestId("stock-text")).toHaveText("Out of stock");
    await expect(page.getByRole("button", { name: "Out of stock" })).toBeDisabled();
  });

  test("the basket keeps its lines after a reload and adds up with delivery", async ({ page, request }) => {
    const products = await loadCatalogue(request);
    const product = pick(products, "simple product with unlimited stock", unlimitedSimple);
    await gotoHydrated(page, productPath(product));
    await page.getByRole("button", { name: "Add to basket" }).click();
    await expect(badge(page)).toHaveText("1");

    await page.getByRole("link", { name: /^Basket/ }).click();
    await expect(page.getByRole("link", { name: product.name, exact: true })).toBeVisible();
    await page.getByRole("button", { name: `One more ${product.name}` }).click();
    await expect(badge(page)).toHaveText("2");

    await reloadHydrated(page);
    const line = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: product.name, exact: true }) });
    await expect(line.locator("output")).toHaveText("2");
    const unit = product.variants[0]?.price_cents ?? product.unitAmount;
    await expect(page.getByTestId("subtotal")).toHaveText(formatPounds(unit * 2));

    const fees = (await (await request.get("/api/configuration/delivery-fee")).json()) as Record<string, string>;
    const threshold = Number(fees.free_delivery_threshold);
    const fee = unit * 2 >= threshold && threshold > 0 ? 0 : Number(fees.delivery_fee);
    await expect(page.getByTestId("delivery")).toHaveText(fee === 0 ? "Free" : formatPounds(fee));
    await expect(page.getByTestId("total")).toHaveText(formatPounds(unit * 2 + fee));
    if (threshold > unit * 2) {
      await expect(page.getByText(`Add ${formatPounds(threshold - unit * 2)} more for free delivery.`)).toBeVisible();
    }

    // Clear asks first (docs/decisions/0022-phone-shopping-and-finding-an-order.md): the basket empties once the shopper says so.
    await page.getByRole("button", { name: "Clear" }).click();
    await page.getByRole("button", { name: "Empty basket" }).click();
    await expect(page.getByRole("heading", { name: "Your basket is empty" })).toBeVisible();
    await expect(badge(page)).toHaveCount(0);
  });

  test("checkout stops with the availability alert when the basket asks for more than exists", async ({ page, request }) => {
    const products = await loadCatalogue(request);
    const product = pick(products, "simple product with 1 to 3 in stock", lowStockSimple);
    const stock = product.stock ?? 0;
    // A basket saved earlier, before someone else bought the last units.
    await gotoHydrated(page, "/");
    await page.evaluate(
      ({ id, name, price, quantity }) =>
        localStorage.setItem(
          "strata.basket.v1",
          JSON.stringify([{ key: `${id}|||`, id, name, price, quantity, noStack: false, meta: {} }]),
        ),
      { id: product.id, name: product.name, price: product.unitAmount / 100, quantity: stock + 2 },
    );
    await gotoHydrated(page, "/basket");
    // Answer the alert as a shopper would; an unanswered alert blocks the page.
    const alerts: string[] = [];
    page.on("dialog", (dialog) => {
      alerts.push(dialog.message());
      void dialog.dismiss();
    });
    await page.getByRole("button", { name: "Checkout" }).click();
    await expect
      .poll(() => alerts)
      .toEqual([`Some items exceed current availability:\n${product.name}: requested ${stock + 2}, available ${stock}`]);
    await expect(page).toHaveURL(/\/basket$/);
  });

  test("@phone the basket works at phone width", async ({ page, request }) => {
    const products = await loadCatalogue(request);
    const product = pick(products, "simple product with unlimited stock", unlimitedSimple);
    await gotoHydrated(page, productPath(product));
    await page.getByRole("button", { name: "Add to basket" }).click();
    await gotoHydrated(page, "/basket");
    await expect(page.getByRole("link", { name: product.name, exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Checkout" })).toBeVisible();
  });
});

function formatPounds(pence: number): string {
  return new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" }).format(pence / 100);
}
