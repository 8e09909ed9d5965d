import { readFile } from "node:fs/promises";
import type { Download } from "@playwright/test";
import { formatPence } from "../../shared/money";
import { ukToday } from "../../shared/uk-day";
import { loadCatalogue, pick, unlimitedSimple } from "./catalogue";
import { adminNav, signIn } from "./support/admin";
import { paidOrderThroughCalls } from "./support/checkout";
import { PICTURES_WANTED, picture } from "./support/pictures";
import { expect, test } from "./support/test";

// Money that reconciles (docs/decisions/0050-money-that-reconciles.md) as the owner meets it: an order's screen shows
// what was paid, the card fee (the demo checkout's, marked "demo") and what the shop received; the Money page shows
// the tax quarter; both CSVs download and open with the order in them. Other stories sell at the same time, so
// figures are compared with the server's own answer.

type Detail = { amount_cents: number; fee_cents: number; net_cents: number };
type Periods = { periods: { label: string; gross_cents: number; net_cents: number }[] };

async function csvText(download: Download): Promise<string> {
  const bytes = await readFile((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return bytes.subarray(3).toString("utf8");
}

test("the owner reads an order's fee and net, the quarter on Money, and downloads both CSVs", async ({ page, request }) => {
  const product = pick(await loadCatalogue(request), "product with unlimited stock", unlimitedSimple);
  const orderId = await paidOrderThroughCalls(request, product.id, 1, {
    email: "books@example.co.uk",
    name: "Bea Books",
    line1: "2 Ledger Lane",
    city: "Leeds",
    postcode: "LS1 4AP",
  });

  await signIn(page);
  await page.goto(`/admin/orders?order=${orderId}`);
  const order = (await (await page.request.get(`/api/admin/orders/${orderId}`)).json()) as Detail;
  const fees = page.getByTestId("payment-fee");
  await expect(fees).toContainText(`Paid${formatPence(order.amount_cents)}`);
  await expect(fees).toContainText(`Card fee (demo: 1.5% + 20p)−${formatPence(order.fee_cents)}`);
  await expect(fees).toContainText(`Received${formatPence(order.net_cents)}`);
  await picture(page, "order-fee", { fullPage: true });

  await adminNav(page, "Money").click();
  const today = ukToday(new Date());
  const year = today.slice(5) >= "04-06" ? Number(today.slice(0, 4)) : Number(today.slice(0, 4)) - 1;
  const table = page.getByTestId("money-table");
  await expect(async () => {
    const answer = (await (
      await page.request.get(`/api/admin/money?period=quarter&from=${year}-04-06&to=${year + 1}-04-05`)
    ).json()) as Periods;
    const current = answer.periods.find((period) => period.gross_cents > 0)!;
    await page.reload();
    await expect(table).toBeVisible({ timeout: 10_000 });
    const row = table.getByRole("row", { name: new RegExp(current.label.replace(/[()]/g, "\\$&")) });
    await expect(row).toContainText(formatPence(current.net_cents), { timeout: 1_000 });
  }).toPass({ timeout: 40_000 });
  await expect(page.getByTestId("vat-threshold")).toContainText("VAT registration threshold");
  await picture(page, "money", { fullPage: true });
  if (PICTURES_WANTED) {
    // The same page on a phone, for a person to look at: the table scrolls inside its card.
    await page.setViewportSize({ width: 390, height: 844 });
    await picture(page, "money-phone", { fullPage: true });
    await page.goto(`/admin/orders?order=${orderId}`);
    await expect(fees).toBeVisible();
    await picture(page, "order-fee-phone", { fullPage: true });
    await page.goto("/admin/money");
    await page.setViewportSize({ width: 1280, height: 720 });
  }

  const transactions = page.waitForEvent("download");
  await page.getByRole("link", { name: /^Transactions CSV/ }).click();
  const transactionsText = await csvText(await transactions);
  expect(transactionsText.split("\r\n")[0]).toBe(
    "Date,Reference,Type,Gross (£),Discount (£),Delivery (£),Fee (£),Net (£),Refund (£),Payout,Payout date",
  );
  const row = transactionsText.split("\r\n").find((line) => line.includes(orderId)) ?? "";
  expect(row).toContain(`${orderId},Sale,`);
  expect(row).toContain(`,${(order.fee_cents / 100).toFixed(2)},${(order.net_cents / 100).toFixed(2)},0.00,,`);

  const quarters = page.waitForEvent("download");
  await page.getByRole("link", { name: "Quarterly summary CSV" }).click();
  const download = await quarters;
  expect(download.suggestedFilename()).toBe(`tax-year-${year}-quarters.csv`);
  const lines = (await csvText(download)).split("\r\n");
  expect(lines[0]).toBe("Quarter,From,To,Income (£),Payment charges (£),Refunds (£),Net (£),Fees not known yet");
  expect(lines[5]).toMatch(new RegExp(`^Tax year ${year}–${String((year + 1) % 100).padStart(2, "0")},${year}-04-06,${year + 1}-04-05,`));

  await adminNav(page, "Payouts").click();
  await expect(page.getByText("No payouts from Stripe yet.")).toBeVisible();
});
