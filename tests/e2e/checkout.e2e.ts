import { loadCatalogue, needsUpload, pick, productPath, unlimitedSimple } from "./catalogue";
import { checkOutAs, payButton } from "./support/checkout";
import { gotoHydrated } from "./support/hydrated";
import { expect, test } from "./support/test";

const badge = (page: import("@playwright/test").Page) => page.getByTestId("basket-count");

test("a shopper pays through the demo checkout, sees the order confirmed, and looks it up by id and postcode", async ({
  page,
  request,
}) => {
  const products = await loadCatalogue(request);
  // Products no other story buys, so stories running side by side never race for stock.
  const withVariants = pick(
    products,
    "product with a -base variant and no upload",
    (p) => !needsUpload(p) && p.variants.some((v) => v.id.endsWith("-base")),
  );
  const limited = pick(
    products,
    "product with a maxOnlineQty and plenty of stock",
    (p) => !needsUpload(p) && p.variants.length === 0 && p.maxOnlineQty !== null && (p.stock ?? 0) > 3,
  );
  const base = withVariants.variants.find((v) => v.id.endsWith("-base"));
  if (!base) throw new Error("no -base variant");

  await gotoHydrated(page, productPath(withVariants));
  await page.getByRole("button", { name: "Add to basket" }).click();
  await expect(badge(page)).toHaveText("1");
  await gotoHydrated(page, productPath(limited));
  await page.getByRole("button", { name: "Add to basket" }).click();
  await expect(badge(page)).toHaveText("2");

  await gotoHydrated(page, "/basket");
  // The shop's own payment page, plainly a test.
  await checkOutAs(page, {
    email: "ada@example.co.uk",
    name: "Ada Lovelace",
    line1: "12 St James's Square",
    city: "London",
    postcode: "SW1Y 4JH",
  });
  await expect(page.getByText("Test payment.")).toBeVisible();

  // Hold the confirm call back until the page's waiting state has been seen, as a shopper on a slow line would.
  let releaseConfirm!: () => void;
  const confirmReleased = new Promise<void>((resolve) => (releaseConfirm = resolve));
  await page.route("**/api/checkout/confirm", async (route) => {
    await confirmReleased;
    await route.continue();
  });
  await payButton(page).click();

  await expect(page).toHaveURL(/\/success\?session_id=cs_demo_/);
  await expect(page.getByRole("button", { name: "Processing Order..." })).toBeDisabled();
  releaseConfirm();
  await expect(page.getByRole("status")).toContainText("Your order is confirmed. Your order reference is ORD-", { timeout: 15_000 });
  await expect(page.getByText(`${withVariants.name} (${base.name})`)).toBeVisible();
  await expect(page.getByText(limited.name, { exact: false }).first()).toBeVisible();
  // The basket is cleared once the payment is complete.
  await expect(badge(page)).toHaveCount(0);

  const viewOrder = page.getByRole("link", { name: "View your order" });
  const orderPath = await viewOrder.getAttribute("href");
  expect(orderPath).toMatch(/^\/order\/ORD-[0-9A-Z]+$/);

  // Later, in a fresh browser that never paid: the order id alone shows nothing; the postcode does.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await gotoHydrated(page, orderPath ?? "/");
  await page.getByLabel("Delivery postcode").fill("sw1y4jh");
  await page.getByRole("button", { name: "View order" }).click();
  await expect(page.getByRole("list", { name: "Stages" }).getByRole("listitem").filter({ hasText: "Queued" })).toHaveAttribute(
    "aria-current",
    "step",
  );
  await expect(page.getByText(`${withVariants.name} (${base.name})`)).toBeVisible();
});

test("a wrong postcode on the order page says the order was not found", async ({ page }) => {
  await gotoHydrated(page, "/order/ORD-0000000000000000000000000");
  await page.getByRole("button", { name: "View order" }).click();
  await expect(page.getByRole("alert")).toHaveText("Please enter your postal code");
  await page.getByLabel("Delivery postcode").fill("ZZ1 1ZZ");
  await page.getByRole("button", { name: "View order" }).click();
  await expect(page.getByRole("alert")).toHaveText("Order not found");
});

test("a shopper who changes the basket and checks out again can no longer pay the first payment page, and Cancel returns to the basket", async ({
  page,
  request,
}) => {
  const products = await loadCatalogue(request);
  // Unlimited stock: other stories running side by side never race for it.
  const product = pick(products, "simple product with unlimited stock", unlimitedSimple);

  await gotoHydrated(page, productPath(product));
  await page.getByRole("button", { name: "Add to basket" }).click();
  await expect(badge(page)).toHaveText("1");
  await gotoHydrated(page, "/basket");
  await page.getByRole("button", { name: "Checkout" }).click();
  await expect(page).toHaveURL(/\/checkout\/demo\/cs_demo_/);
  const firstPaymentPage = new URL(page.url()).pathname;

  // Back in the shop, one more of the same: a different basket, the same browser's basket.
  await gotoHydrated(page, productPath(product));
  await page.getByRole("button", { name: "Add to basket" }).click();
  await expect(badge(page)).toHaveText("2");
  await gotoHydrated(page, "/basket");
  await page.getByRole("button", { name: "Checkout" }).click();
  await expect(page).toHaveURL(/\/checkout\/demo\/cs_demo_/);
  const secondPaymentPage = new URL(page.url()).pathname;
  expect(secondPaymentPage).not.toBe(firstPaymentPage);

  // The first payment page was ended the moment the second checkout began.
  await page.goto(firstPaymentPage);
  await expect(page.getByRole("alert")).toContainText("This payment session has expired");
  await expect(payButton(page)).toHaveCount(0);

  // Leaving the second one is a button (a POST), and lands back on the basket.
  await page.goto(secondPaymentPage);
  await page.getByRole("button", { name: "Cancel and return to basket" }).click();
  await expect(page).toHaveURL(/\/basket\?canceled=1$/);
  await expect(page.getByText("Checkout was cancelled.")).toBeVisible();
});
