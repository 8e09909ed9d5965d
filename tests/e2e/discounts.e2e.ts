import { devices, expect, test } from "@playwright/test";
import { loadCatalogue, pick, productPath, unlimitedSimple } from "./catalogue";
import { signIn } from "./support/admin";
import { checkOutAs, payButton } from "./support/checkout";
import { gotoHydrated } from "./support/hydrated";

/** A phone, 390 × 844, touch. */
const PHONE = {
  viewport: { width: 390, height: 844 },
  userAgent: devices["Pixel 7"].userAgent,
  deviceScaleFactor: devices["Pixel 7"].deviceScaleFactor,
  isMobile: true,
  hasTouch: true,
};

test("a shopper on a phone applies a discount code in the basket and pays the discounted total (issue 15 point 5)", async ({
  browser,
  request,
}) => {
  const code = `E2E${Date.now().toString(36).toUpperCase()}`;
  const baseURL = test.info().project.use.baseURL;
  // The owner makes the code through the admin API from a signed-in browser (same-origin, session cookie).
  const ownerContext = await browser.newContext({ baseURL });
  const owner = await ownerContext.newPage();
  await signIn(owner);
  const saved = await owner.evaluate(
    async (body) => {
      const response = await fetch("/api/admin/discount-codes", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      return response.status;
    },
    { code, amount_off_cents: 100, active: true },
  );
  expect(saved).toBe(200);
  await ownerContext.close();

  const products = await loadCatalogue(request);
  const product = pick(products, "an unlimited simple product", unlimitedSimple);
  const context = await browser.newContext({ ...PHONE, baseURL });
  const page = await context.newPage();
  await gotoHydrated(page, productPath(product));
  await page.getByRole("button", { name: "Add to basket" }).click();
  await gotoHydrated(page, "/basket");

  await page.getByLabel("Discount code").fill(code.toLowerCase());
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText(`Code ${code} applied.`)).toBeVisible();
  await expect(page.getByTestId("discount")).toHaveText("−£1.00");

  await checkOutAs(page, {
    email: "ada@example.co.uk",
    name: "Ada Lovelace",
    line1: "12 St James's Square",
    city: "London",
    postcode: "SW1Y 4JH",
  });
  await expect(page.getByText(`Discount (${code})`)).toBeVisible();
  await payButton(page).click();
  await expect(page.getByText(/Your order reference is ORD-/)).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(`Discount (${code})`).first()).toBeVisible();
  await context.close();
});
