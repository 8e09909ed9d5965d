import { formatPence } from "../../shared/money";
import { loadCatalogue, pick, productPath, unlimitedSimple } from "./catalogue";
import { openOrderAsOwner } from "./support/admin";
import { buyOneAndPay } from "./support/checkout";
import { expect, test } from "./support/test";

// Issue 15 point 1 as one story: a shopper buys two of something; the owner
// refunds part of the order from its screen through the Refund dialog, sees the
// refund listed with the amount left, and the shopper's refund email waits in
// the outbox (no mail service here).

test("the owner refunds part of an order, sees the remainder, and the refund email is in the outbox", async ({ page, request }) => {
  test.setTimeout(90_000);
  const product = pick(await loadCatalogue(request), "simple product with unlimited stock", unlimitedSimple);
  const orderId = await buyOneAndPay(page, productPath(product), {
    email: "refund.story@example.co.uk",
    name: "Dorothy Wordsworth",
    line1: "Dove Cottage",
    city: "Grasmere",
    postcode: "LA22 9SH",
  });

  await openOrderAsOwner(page, orderId);
  const refunds = page.getByRole("region", { name: "Refunds" });
  const left = refunds.getByTestId("refund-left");
  await expect(left).toContainText("left to refund of");
  const paidText = (await left.textContent())?.match(/of (£[\d,.]+)\.$/)?.[1] ?? "";
  const paid = Math.round(Number(paidText.replace(/[£,]/g, "")) * 100);
  expect(paid).toBeGreaterThan(100);

  await refunds.getByRole("button", { name: "Refund…" }).click();
  const dialog = page.getByRole("dialog", { name: `Refund order ${orderId}` });
  // The amount starts at what is left: the whole payment.
  await expect(dialog.getByLabel("Amount (£)")).toHaveValue((paid / 100).toFixed(2));
  await dialog.getByLabel("Amount (£)").fill("1.00");
  await dialog.getByLabel("Reason").selectOption({ label: "Arrived damaged" });
  await dialog.getByLabel("Note (optional, not shown to the customer)").fill("Corner chipped in the post");
  await dialog.getByRole("button", { name: "Refund", exact: true }).click();

  await expect(page.getByRole("status").filter({ hasText: "£1.00 refunded." })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(refunds.getByText("Arrived damaged")).toBeVisible();
  await expect(refunds.getByText(/Corner chipped in the post/)).toBeVisible();
  await expect(left).toHaveText(`${formatPence(paid - 100)} left to refund of ${formatPence(paid)}.`);

  const emails = page.getByRole("region", { name: "Emails about this order" });
  const refundEmail = emails.getByRole("row").filter({ has: page.getByRole("cell", { name: "refund", exact: true }) });
  await expect(refundEmail).toHaveCount(1);
  await expect(refundEmail).toContainText("refund.story@example.co.uk");
});

test("the owner cancels a paid order and refunds it in the same dialog: the order is cancelled and nothing is left to refund", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const product = pick(await loadCatalogue(request), "simple product with unlimited stock", unlimitedSimple);
  const orderId = await buyOneAndPay(page, productPath(product), {
    email: "cancel.refund@example.co.uk",
    name: "William Wordsworth",
    line1: "Rydal Mount",
    city: "Ambleside",
    postcode: "LA22 9LU",
  });

  await openOrderAsOwner(page, orderId);
  const left = page.getByRole("region", { name: "Refunds" }).getByTestId("refund-left");
  const paidText = (await left.textContent())?.match(/of (£[\d,.]+)\.$/)?.[1] ?? "";
  expect(paidText).toMatch(/^£\d/);

  await page.getByRole("button", { name: "Cancel order" }).click();
  const cancel = page.getByRole("dialog", { name: `Cancel order ${orderId}?` });
  await cancel.getByRole("button", { name: "Cancel and refund…" }).click();
  const dialog = page.getByRole("dialog", { name: `Cancel and refund order ${orderId}` });
  // The whole payment, for the customer's own reason: what a cancellation usually is.
  await expect(dialog.getByLabel("Amount (£)")).toHaveValue(paidText.replace(/[£,]/g, ""));
  await dialog.getByRole("button", { name: "Cancel and refund", exact: true }).click();

  await expect(page.getByRole("status").filter({ hasText: `Order cancelled and ${paidText} refunded.` })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("button", { name: "Cancel order" })).toBeHidden();
  await expect(left).toHaveText("Refunded in full.");
  await expect(page.getByRole("region", { name: "Refunds" }).getByText("Requested by the customer")).toBeVisible();
});
