import { adminNav, signIn } from "./support/admin";
import { addQueuedOrders, type OwnShop, startOwnShop } from "./support/own-shop";
import { expect, test } from "./support/test";

// The To make queue a page at a time (docs/decisions/0037-cheap-owner-reads.md): with 55 orders waiting the owner
// sees the soonest 50, how many wait in all, and Show more adds the rest. The shop is this story's own
// (tests/e2e/support/own-shop.ts): 55 waiting orders would push the other stories' orders off the first page.

const WAITING = 55;
let shop: OwnShop;

test.beforeAll(async () => {
  shop = await startOwnShop();
  addQueuedOrders(shop, WAITING);
});

test.afterAll(async () => {
  await shop?.stop();
});

test("with 55 orders waiting, To make shows the soonest 50 and how many wait, and Show more adds the other 5", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: shop.origin, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signIn(page);
  await adminNav(page, "Orders").click();
  const queue = page.getByRole("list", { name: "Orders to make, soonest promise first" });
  const cards = queue.getByRole("listitem").filter({ has: page.getByRole("button", { name: /^Next: / }) });

  await expect(cards).toHaveCount(50);
  await expect(queue.getByRole("listitem", { name: "Order ORD-QUEUED001" })).toContainText("Overdue");
  await expect(queue.getByRole("listitem", { name: "Order ORD-QUEUED050" })).toBeVisible();
  await expect(queue.getByRole("listitem", { name: "Order ORD-QUEUED051" })).toHaveCount(0);
  await expect(page.getByText("Showing 50 of 55 orders.")).toBeVisible();

  await page.getByRole("button", { name: "Show more" }).click();
  await expect(cards).toHaveCount(WAITING);
  await expect(queue.getByRole("listitem", { name: "Order ORD-QUEUED055" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Show more" })).toHaveCount(0);
  await expect(page.getByText(/^Showing \d+ of \d+ orders\.$/)).toHaveCount(0);
  await context.close();
});
