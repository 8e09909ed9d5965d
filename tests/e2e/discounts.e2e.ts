import { devices } from "@playwright/test";
import { loadCatalogue, pick, productPath, unlimitedSimple } from "./catalogue";
import { adminNav, signIn } from "./support/admin";
import { checkOutAs, payButton } from "./support/checkout";
import { gotoHydrated } from "./support/hydrated";
import { expect, test } from "./support/test";

/** A phone, 390 × 844, touch. */
const PHONE = {
  viewport: { width: 390, height: 844 },
  userAgent: devices["Pixel 7"].userAgent,
  deviceScaleFactor: devices["Pixel 7"].deviceScaleFactor,
  isMobile: true,
  hasTouch: true,
};

test("a shopper on a phone applies a discount code in the basket and pays the discounted total", async ({ browser, request }) => {
  const code = `E2E${Date.now().toString(36).toUpperCase()}`;
  const baseURL = test.info().project.use.baseURL;
  // The owner makes the code on the Discounts page, on a desktop.
  const ownerContext = await browser.newContext({ baseURL });
  const owner = await ownerContext.newPage();
  await signIn(owner);
  await adminNav(owner, "Discounts").click();
  const form = owner.getByRole("region", { name: "New discount code" });
  await form.getByLabel("Code").fill(code.toLowerCase());
  await form.getByLabel("Kind").selectOption({ label: "Amount off (£)" });
  await form.getByLabel("Amount off (£)", { exact: true }).fill("1.00");
  await form.getByLabel("Use limit (optional)").fill("5");
  await form.getByRole("button", { name: "Save code" }).click();
  await expect(owner.getByText("Discount code saved.")).toBeVisible();
  const row = owner.getByRole("region", { name: "Discount codes" }).getByRole("row").filter({ hasText: code });
  await expect(row.getByRole("cell")).toHaveText([code, "£1.00 off", "0 of 5", `Switch off ${code}Delete ${code}`]);

  const products = await loadCatalogue(request);
  const product = pick(products, "an unlimited simple product", unlimitedSimple);
  const context = await browser.newContext({ ...PHONE, baseURL });
  const page = await context.newPage();
  await gotoHydrated(page, productPath(product));
  await page.getByRole("button", { name: "Add to basket" }).click();
  await gotoHydrated(page, "/basket");

  await page.getByLabel("Discount code").fill(code.toLowerCase());
  // The basket has two code fields (a discount code, a gift voucher), each with its own Apply.
  await page
    .locator("form", { has: page.getByRole("textbox", { name: "Discount code" }) })
    .getByRole("button", { name: "Apply" })
    .click();
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

  // The paid order counts one use of the code on the owner's list.
  await owner.reload();
  await expect(row.getByRole("cell").nth(2)).toHaveText("1 of 5");
  await ownerContext.close();
});
