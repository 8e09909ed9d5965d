import { readFile } from "node:fs/promises";
import { formatPence } from "../../shared/money";
import { ukToday } from "../../shared/uk-day";
import { loadCatalogue, pick, unlimitedSimple } from "./catalogue";
import { adminNav, signIn } from "./support/admin";
import { paidOrderThroughCalls } from "./support/checkout";
import { expectReachable, tapReachable } from "./support/tappable";
import { expect, test } from "./support/test";

// Takings, orders search and the CSV export (docs/decisions/0018-takings-and-export.md) as the owner meets them: after
// a sale the dashboard shows the day's takings and the 12-month figure against the VAT threshold; the orders page finds
// the order by postcode and downloads the day's orders as a CSV a spreadsheet opens with the £ intact. Other stories
// sell at the same time, so figures are compared with the server's own answer, read again until both agree.

type Stats = { takings: { today: number; last_12_months: number } };

test("after a sale the owner sees today's takings and the VAT sentence, finds the order by postcode and downloads the day's CSV", async ({
  page,
  request,
}) => {
  const product = pick(await loadCatalogue(request), "product with unlimited stock", unlimitedSimple);
  // A real-looking UK postcode no other story uses, so the search finds this order alone.
  const letters = "ABDEFGHJLNPQRSTUWXYZ";
  const n = Date.now();
  const postcode = `YO${(n % 9) + 1} ${Math.floor(n / 9) % 10}${letters[Math.floor(n / 90) % 20]}${letters[Math.floor(n / 1800) % 20]}`;
  const orderId = await paidOrderThroughCalls(request, product.id, 1, {
    email: "ledger@example.co.uk",
    name: "Ada Ledger",
    line1: "1 Counting House",
    city: "York",
    postcode,
  });

  await signIn(page);
  const takings = page.getByTestId("takings");
  await expect(async () => {
    await page.reload();
    const stats = (await (await page.request.get("/api/admin/dashboard/stats")).json()) as Stats;
    expect(stats.takings.today).toBeGreaterThan(0);
    await expect(takings.getByRole("definition").first()).toHaveText(formatPence(stats.takings.today), { timeout: 1_000 });
    await expect(page.getByTestId("vat-threshold")).toContainText("of the £90,000 VAT registration threshold", { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByRole("heading", { name: "Best sellers, last 30 days" })).toBeVisible();

  await adminNav(page, "Orders").click();
  await page.getByRole("searchbox").fill(postcode.replace(" ", "").toLowerCase());
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.getByRole("button", { name: /^View order / })).toHaveCount(1);
  await expect(page.getByRole("button", { name: `View order ${orderId}` })).toBeVisible();

  const today = ukToday(new Date());
  // A year typed wrong is said at once, with the server's own words, and nothing downloads.
  await page.getByLabel("Orders from", { exact: true }).fill("1999-12-31");
  await expect(page.getByRole("alert")).toHaveText("The from date must be in the years 2000 to 2100, such as 2026-04-01.");
  await expect(page.getByRole("button", { name: "Download CSV" })).toBeDisabled();
  await page.getByLabel("Orders from", { exact: true }).fill(today);
  await page.getByLabel("Orders to", { exact: true }).fill(today);
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`orders-${today}-to-${today}.csv`);
  const bytes = await readFile((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.subarray(3).toString("utf8");
  expect(text.split("\r\n")[0]).toContain("Subtotal (£)");
  const row = text.split("\r\n").find((line) => line.includes(orderId)) ?? "";
  expect(row.startsWith(`${today},${orderId},Ada Ledger,ledger@example.co.uk,${postcode},`)).toBe(true);
  expect(row).toContain(`1 × ${product.name}`);
  expect(row.endsWith(",paid")).toBe(true);
});

test("on a 390 px phone the owner's orders list is a card per order: its total and status in view without scrolling sideways, its reference tapped open", async ({
  request,
  browser,
}) => {
  const product = pick(await loadCatalogue(request), "product with unlimited stock", unlimitedSimple);
  const orderId = await paidOrderThroughCalls(request, product.id, 1, {
    email: "pocket@example.co.uk",
    name: "Pip Pocket",
    line1: "2 Small Street",
    city: "Keswick",
    postcode: "CA12 5AB",
  });
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
    baseURL: test.info().project.use.baseURL,
  });
  try {
    const page = await phone.newPage();
    await signIn(page);
    await adminNav(page, "Orders").click();
    await page.getByRole("searchbox").fill(orderId);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    const card = page.getByRole("table", { name: "Orders, newest first" }).getByRole("row").nth(1);
    await expect(card.getByRole("cell")).toHaveCount(7);
    // Every cell of the card lies inside the phone's width, not in a strip scrolled off to the right.
    for (const cell of await card.getByRole("cell").all()) await expectReachable(cell);
    await tapReachable(card.getByRole("button", { name: `View order ${orderId}` }));
    await expect(page.getByRole("heading", { level: 1, name: `Order ${orderId}` })).toBeVisible();
  } finally {
    await phone.close();
  }
});
