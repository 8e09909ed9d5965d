import { formatUkDay, ukToday } from "../../shared/uk-day";
import { loadCatalogue, pick, productPath, unlimitedSimple } from "./catalogue";
import { expectNoSeriousViolations } from "./support/axe";
import { gotoHydrated } from "./support/hydrated";
import { expect, test } from "./support/test";

// A gift voucher is emailed, never posted (docs/decisions/0056-a-voucher-basket-posts-nothing.md): a basket of vouchers
// only has no delivery and no dispatch day, its line says who the voucher is for, when it is sent and the message;
// with a thing to post beside it, delivery and the dispatch day come back as ever.

test("@phone a shopper's basket of one gift voucher shows who it is for and no delivery; adding a thing to post brings delivery back", async ({
  page,
  request,
}) => {
  // Thirty days from today in the UK: a day the voucher may be sent on.
  const sendOn = new Date(Date.parse(`${ukToday(new Date())}T12:00:00Z`) + 30 * 86_400_000).toISOString().slice(0, 10);
  await gotoHydrated(page, "/products/gift-voucher");
  await page.getByRole("radio", { name: "£25" }).check();
  await page.getByLabel("Their email (leave blank to have it sent to you)").fill("gran@example.com");
  await page.getByLabel("Send it on (leave blank to send it once paid)").fill(sendOn);
  await page.getByLabel("Message (optional)").fill("Happy birthday, Gran");
  await page.locator("main .purchase").getByRole("button", { name: "Add to basket" }).click();
  await expect(page.getByTestId("basket-count")).toHaveText("1");

  await gotoHydrated(page, "/basket");
  const line = page.getByRole("list", { name: "Basket items" }).getByTestId("basket-voucher");
  await expect(line.getByRole("listitem")).toHaveText([
    "Emailed to gran@example.com",
    `Sent on ${formatUkDay(sendOn)}`,
    "Message: “Happy birthday, Gran”",
  ]);
  const summary = page.getByRole("complementary", { name: "Order summary" });
  await expect(summary.getByTestId("delivery")).toHaveText("None — emailed");
  await expect(summary.getByTestId("total")).toHaveText("£25.00");
  await expect(summary.getByText("Gift vouchers are emailed: nothing is posted.")).toBeVisible();
  await expect(summary.getByText(/free delivery/)).toHaveCount(0);
  await expectNoSeriousViolations(page, "a basket of one gift voucher");

  // A thing to post beside it: the fee and the dispatch day, as any basket with it.
  const product = pick(await loadCatalogue(request), "simple product with unlimited stock", (p) => unlimitedSimple(p) && !p.requiresModel);
  await gotoHydrated(page, productPath(product));
  await page.locator("main .purchase").getByRole("button", { name: "Add to basket" }).click();
  await expect(page.getByTestId("basket-count")).toHaveText("2");
  await gotoHydrated(page, "/basket");
  await expect(summary.getByTestId("delivery")).not.toHaveText("None — emailed");
  await expect(summary.getByTestId("dispatch-by")).toContainText("dispatched by");
  await expect(summary.getByText("UK delivery. Payment is taken securely by card on the next page.")).toBeVisible();

  // The thing taken out again: the voucher alone is promised no dispatch day.
  await page.getByRole("button", { name: `Remove ${product.name}` }).click();
  await expect(summary.getByTestId("delivery")).toHaveText("None — emailed");
  await expect(summary.getByTestId("dispatch-by")).toHaveCount(0);
});
