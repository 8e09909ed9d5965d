import { formatUkDay } from "../../shared/uk-day";
import { loadCatalogue, pick, productPath, unlimitedSimple } from "./catalogue";
import { checkOutAs, payButton } from "./support/checkout";
import { gotoHydrated } from "./support/hydrated";
import { expect, test } from "./support/test";

// The shopper sees the dispatch date before buying (product page, basket, payment page) and
// finds the same date on the confirmation (docs/decisions/0015-working-days.md). The server's
// clock is not pinned, so the date asserted is the one the shop's own rule gave for now: the
// catalogue answer's dispatchBy (shared/working-days.ts, the same function every page uses).

test("a shopper sees the dispatch date on the product page and basket, pays, and finds it on the confirmation", async ({
  page,
  request,
}) => {
  const products = await loadCatalogue(request);
  // Unlimited stock: stories running side by side never race for it.
  const product = pick(products, "simple product with unlimited stock", unlimitedSimple);
  const promised = product.dispatchBy;
  expect(promised).toMatch(/^\d{4}-\d\d-\d\d$/);
  const shortDay = formatUkDay(promised, { year: false });

  await gotoHydrated(page, productPath(product));
  await expect(page.getByText(new RegExp(`^Order (today|now), dispatched by ${shortDay}$`))).toBeVisible();
  await page.getByRole("button", { name: "Add to basket" }).click();

  await gotoHydrated(page, "/basket");
  await expect(page.getByTestId("dispatch-by")).toHaveText(`Order now, dispatched by ${shortDay}`);

  await checkOutAs(page, {
    email: "ada@example.co.uk",
    name: "Ada Lovelace",
    line1: "12 St James's Square",
    city: "London",
    postcode: "SW1Y 4JH",
  });
  await expect(page.getByText("Test payment.")).toBeVisible();
  await expect(page.getByText(`Dispatched by ${formatUkDay(promised)}`)).toBeVisible();
  await payButton(page).click();

  await expect(page.getByRole("status")).toContainText("Your order reference is ORD-", { timeout: 15_000 });
  await expect(page.getByTestId("dispatch-by")).toHaveText(`Dispatched by ${formatUkDay(promised)}`);
});
