import { loadCatalogue, pick, productPath, unlimitedSimple } from "./catalogue";
import { adminNav, signIn } from "./support/admin";
import { gotoHydrated } from "./support/hydrated";
import { type OwnShop, startOwnShop } from "./support/own-shop";
import { expect, test } from "./support/test";

// The owner changes the flat delivery fee and a shopper's basket charges it. The shop is this story's own
// (tests/e2e/support/own-shop.ts): the basket, refund and policy stories read the suite's shop's fee while they run,
// and a fee changed under them for a few seconds made one of them add up to the wrong total.

let shop: OwnShop;

test.beforeAll(async () => {
  shop = await startOwnShop();
});

test.afterAll(async () => {
  await shop?.stop();
});

test("the owner changes the delivery fee (a negative one refused first) and the basket charges it", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: shop.origin, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const product = pick(await loadCatalogue(context.request), "simple product with unlimited stock", unlimitedSimple);
  const fee = async () =>
    ((await (await context.request.get("/api/configuration/delivery-fee")).json()) as { delivery_fee: string }).delivery_fee;
  const before = await fee();
  await signIn(page);
  await adminNav(page, "Configuration").click();

  const setting = page.getByRole("form", { name: "Flat Delivery Fee (£)" });
  await setting.getByLabel("Flat Delivery Fee (£)").fill("-2");
  await setting.getByRole("button", { name: "Save" }).click();
  await expect(setting.getByRole("alert")).toHaveText("Please enter a valid delivery fee amount");
  expect(await fee()).toBe(before);

  await setting.getByLabel("Flat Delivery Fee (£)").fill("3.75");
  await setting.getByRole("button", { name: "Save" }).click();
  const saved = setting.getByRole("status").filter({ hasText: "Delivery fee saved successfully!" });
  await expect(saved).toBeVisible();
  // Success notes go after 3 seconds (docs/product.md#configuration).
  await expect(saved).toBeHidden({ timeout: 4_500 });

  await gotoHydrated(page, productPath(product));
  await page.getByRole("button", { name: "Add to basket" }).click();
  await expect(page.getByTestId("basket-count")).toHaveText("1");
  await gotoHydrated(page, "/basket");
  await expect(page.getByTestId("delivery")).toHaveText("£3.75");
  expect(await fee()).toBe("375");
  await context.close();
});
