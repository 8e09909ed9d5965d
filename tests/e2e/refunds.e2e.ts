import { formatPence } from "../../shared/money";
import { formatUkDay, ukToday } from "../../shared/uk-day";
import { loadCatalogue, pick, unlimitedSimple } from "./catalogue";
import { openOrderAsOwner, signIn } from "./support/admin";
import { expectNoSeriousViolations } from "./support/axe";
import { paidOrderThroughCalls } from "./support/checkout";
import { picture } from "./support/pictures";
import { expectReachable, tapReachable } from "./support/tappable";
import { expect, test } from "./support/test";
import { boughtVoucherCode } from "./support/vouchers";

// Refunds (docs/decisions/0017-refunds.md) as one story: a shopper pays for something (through the calls the
// basket and the payment page make: buying is other stories'); the owner refunds part of the order from its screen through the Refund
// dialog, sees the refund listed with the amount left, and the shopper's refund email
// waits in the outbox (no mail service here).

test("the owner refunds part of an order, sees the remainder, and the refund email is in the outbox", async ({ page, request }) => {
  const product = pick(await loadCatalogue(request), "simple product with unlimited stock", unlimitedSimple);
  const orderId = await paidOrderThroughCalls(request, product.id, 1, {
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
  const product = pick(await loadCatalogue(request), "simple product with unlimited stock", unlimitedSimple);
  const orderId = await paidOrderThroughCalls(request, product.id, 1, {
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

// An order a gift voucher paid part of (docs/decisions/0054-gift-vouchers.md): what is left to refund counts the
// voucher's part as well as the card's, the dialog says how a refund splits, and the whole order can be refunded.

test("the owner refunds in full an order a gift voucher paid part of: the voucher's part back to it, the rest to the card", async ({
  page,
  request,
}) => {
  const payer = {
    email: "voucher.refund@example.co.uk",
    name: "Elizabeth Gaskell",
    line1: "84 Plymouth Grove",
    city: "Manchester",
    postcode: "M13 9LW",
  };
  // A product of the story's own at £15, so the figures are the story's: £15 and delivery, £10 of it by voucher.
  const id = `zz-voucher-refund-${Date.now().toString(36)}`;
  await signIn(page);
  const created = await page.request.post("/api/admin/products", {
    data: {
      id,
      name: `Zz lamp ${id.slice(-5)}`,
      price_cents: 1500,
      stock: null,
      requires_gpx: false,
      requires_image: false,
      category_id: null,
    },
  });
  expect(created.status()).toBe(201);
  const fees = (await (await request.get("/api/configuration/delivery-fee")).json()) as Record<string, string>;
  const threshold = Number(fees.free_delivery_threshold);
  const paid = 1500 + (threshold > 0 && 1500 >= threshold ? 0 : Number(fees.delivery_fee));
  const code = await boughtVoucherCode(request, 10, payer);
  const orderId = await paidOrderThroughCalls(request, id, 1, payer, { voucherCode: code });

  await openOrderAsOwner(page, orderId);
  const refunds = page.getByRole("region", { name: "Refunds" });
  const left = refunds.getByTestId("refund-left");
  await expect(left).toHaveText(`${formatPence(paid)} left to refund of ${formatPence(paid)}.`);
  await refunds.getByRole("button", { name: "Refund…" }).click();
  const dialog = page.getByRole("dialog", { name: `Refund order ${orderId}` });
  // Everything left, the voucher's part with the card's, and how it goes back.
  await expect(dialog.getByLabel("Amount (£)")).toHaveValue((paid / 100).toFixed(2));
  await expect(dialog.getByText(`${formatPence(paid)} of ${formatPence(paid)} is left to refund.`)).toBeVisible();
  await expect(dialog.getByTestId("refund-split")).toHaveText(`£10.00 back to the gift voucher, ${formatPence(paid - 1000)} to the card.`);
  await dialog.getByLabel("Amount (£)").fill("4.00");
  await expect(dialog.getByTestId("refund-split")).toHaveText("£4.00 back to the gift voucher.");
  await expectNoSeriousViolations(page, "the Refund dialog of an order a gift voucher paid part of");
  await dialog.getByLabel("Amount (£)").fill((paid / 100).toFixed(2));
  await dialog.getByRole("button", { name: "Refund", exact: true }).click();

  await expect(page.getByRole("status").filter({ hasText: `${formatPence(paid)} refunded.` })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(left).toHaveText("Refunded in full.");
  await expect(refunds.getByRole("button", { name: "Refund…" })).toBeHidden();
  // The voucher has its £10 back.
  const balance = await request.post("/api/gift-vouchers/check", { data: { code } });
  expect(((await balance.json()) as { balance_pence: number }).balance_pence).toBe(1000);
});

// Decision 0024 on the owner's screens: after a part refund that puts units back, the order screen, the
// packing slip and the stock agree on what is still being sent; the dialog's amount follows the units
// chosen and can still be typed; a dispatched order is refunded, not cancelled, and says once when it went.

test("@phone the owner refunds part of an order and puts a unit back: the amount follows the units, and the order screen, the packing slip and the stock agree", async ({
  page,
  request,
}) => {
  // A product of the story's own, so no other story's sales move its stock. "Zz…" sorts after the demo products.
  const id = `zz-refund-${Date.now().toString(36)}`;
  const name = `Zz tide clock ${id.slice(-5)}`;
  await signIn(page);
  const created = await page.request.post("/api/admin/products", {
    data: { id, name, price_cents: 1500, stock: 10, requires_gpx: false, requires_image: false, category_id: null },
  });
  expect(created.status()).toBe(201);
  const stock = async () => ((await (await page.request.get(`/api/admin/products/${id}`)).json()) as { stock: number }).stock;
  const orderId = await paidOrderThroughCalls(request, id, 3, {
    email: "tide.clock@example.co.uk",
    name: "Mary Anning",
    line1: "Broad Street",
    city: "Lyme Regis",
    postcode: "DT7 3QD",
  });
  expect(await stock()).toBe(7);

  await openOrderAsOwner(page, orderId);
  const refunds = page.getByRole("region", { name: "Refunds" });
  await tapReachable(refunds.getByRole("button", { name: "Refund…" }));
  const dialog = page.getByRole("dialog", { name: `Refund order ${orderId}` });
  const amount = dialog.getByLabel("Amount (£)");
  const units = dialog.getByLabel(name);
  await expect(dialog.getByText(`${name} (up to 3)`)).toBeVisible();
  // The amount follows the units chosen to put back: £15.00 each.
  await units.fill("1");
  await expect(amount).toHaveValue("15.00");
  await units.fill("2");
  await expect(amount).toHaveValue("30.00");
  // The owner may type another amount; choosing units again sets it to theirs once more.
  await amount.fill("27.50");
  await expect(amount).toHaveValue("27.50");
  await units.fill("1");
  await expect(amount).toHaveValue("15.00");
  await amount.fill("12.50");
  await dialog.getByLabel("Reason").selectOption({ label: "Arrived damaged" });
  await tapReachable(dialog.getByRole("button", { name: "Refund", exact: true }));
  await expect(page.getByRole("status").filter({ hasText: "£12.50 refunded." })).toBeVisible();
  await expect(dialog).toBeHidden();

  // Still being sent: 2 of the 3, on the order screen, on the slip and on the shelf.
  const items = page.getByRole("region", { name: "Items" });
  await expect(items.getByText(`2 × ${name}`)).toBeVisible();
  await expect(items.getByText("3 ordered, 1 put back on the shelf")).toBeVisible();
  expect(await stock()).toBe(8);
  const [slip] = await Promise.all([page.context().waitForEvent("page"), tapReachable(page.getByRole("link", { name: "Packing slip" }))]);
  const line = slip
    .getByRole("region", { name: `Packing slip for order ${orderId}` })
    .getByRole("row")
    .filter({ hasText: name });
  await expect(line.getByRole("cell")).toHaveText([name, "2"]);
  await slip.close();

  // Looked at: the order screen after the part refund, and the dialog, on a 390 × 844 phone and a desktop, light and dark.
  const heading = page.getByRole("heading", { level: 1, name: `Order ${orderId}` });
  for (const theme of ["light", "dark"] as const) {
    for (const [size, viewport] of [
      ["phone", { width: 390, height: 844 }],
      ["desktop", { width: 1280, height: 900 }],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.evaluate((chosen) => localStorage.setItem("strata.theme", chosen), theme);
      await page.reload();
      await expect(heading).toBeVisible();
      await expect(items.getByText(`2 × ${name}`)).toBeVisible();
      // What is still being sent and the refund beside it, as the owner scrolls to them.
      await items.scrollIntoViewIfNeeded();
      await picture(page, `order-after-part-refund-${size}-${theme}`);
      // Every rule in dark; in light only contrast, the one rule a theme changes (as accessibility.e2e.ts does).
      const rules = { onlyRules: theme === "light" ? ["color-contrast"] : [] };
      if (size === "desktop") await expectNoSeriousViolations(page, `the order after a part refund (${theme})`, rules);
      await tapReachable(refunds.getByRole("button", { name: "Refund…" }));
      await expect(dialog.getByText(`${name} (up to 2)`)).toBeVisible();
      await units.fill("1");
      await expect(amount).toHaveValue("15.00");
      await expectReachable(dialog.getByRole("button", { name: "Refund", exact: true }));
      await picture(page, `refund-dialog-${size}-${theme}`);
      if (size === "desktop") await expectNoSeriousViolations(page, `the refund dialog (${theme})`, rules);
      await tapReachable(dialog.getByRole("button", { name: "Close" }));
      await expect(dialog).toBeHidden();
    }
  }
});

test("a dispatched order offers Refund and not Cancel, and its dispatch line says when it went, never when it is due", async ({
  page,
  request,
}) => {
  const product = pick(await loadCatalogue(request), "simple product with unlimited stock", unlimitedSimple);
  const orderId = await paidOrderThroughCalls(request, product.id, 1, {
    email: "dispatched@example.co.uk",
    name: "Gilbert White",
    line1: "The Wakes",
    city: "Selborne",
    postcode: "GU34 3JH",
  });
  await openOrderAsOwner(page, orderId);
  const making = page.getByRole("region", { name: "Making" });
  await expect(making).toContainText("Dispatch by");
  await expect(page.getByRole("button", { name: "Cancel order" })).toBeVisible();

  const shipment = page.getByRole("region", { name: "Shipment" });
  await shipment.getByLabel("Carrier").fill("Royal Mail");
  await shipment.getByLabel("Tracking number").fill("RM123456785GB");
  await shipment.getByRole("button", { name: "Finalize shipment" }).click();
  await expect(shipment.getByRole("status").filter({ hasText: "Shipment finalized: the order is fulfilled." })).toBeVisible();

  for (const seen of ["answered", "reloaded"]) {
    if (seen === "reloaded") await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: `Order ${orderId}` })).toBeVisible();
    await expect(making).toContainText(`Dispatched on ${formatUkDay(ukToday(new Date()))}`);
    await expect(making).not.toContainText("Dispatch by");
    await expect(page.getByRole("button", { name: "Cancel order" })).toHaveCount(0);
    await expect(shipment.getByText("Dispatched orders are not cancelled: give money back with Refund… under Refunds.")).toBeVisible();
    await expect(page.getByRole("region", { name: "Refunds" }).getByRole("button", { name: "Refund…" })).toBeVisible();
  }
});
