import { type APIRequestContext, expect, type Locator, type Page } from "@playwright/test";
import { gotoHydrated } from "./hydrated";

export type Payer = { email: string; name: string; line1: string; city: string; postcode: string };

/** The shop's test payment page's pay button ("Pay £12.00 (test)"). */
export const payButton = (page: Page): Locator => page.getByRole("button", { name: /^Pay £[\d.]+ \(test\)$/ });

/** From the basket page: Checkout, then on the demo payment page types the payer's email, name and address as a shopper would. */
export async function checkOutAs(page: Page, payer: Payer): Promise<void> {
  await page.getByRole("button", { name: "Checkout" }).click();
  await fillDemoPayment(page, payer);
}

/** On the demo payment page (from the basket or from an accepted quote): types the payer's email, name and address. */
async function fillDemoPayment(page: Page, payer: Payer): Promise<void> {
  await expect(page).toHaveURL(/\/checkout\/demo\/cs_demo_/);
  await page.getByLabel("Email").fill(payer.email);
  await page.getByLabel("Full name").fill(payer.name);
  await page.getByLabel("Address line 1", { exact: true }).fill(payer.line1);
  await page.getByLabel("Town or city", { exact: true }).fill(payer.city);
  await page.getByLabel("Postcode", { exact: true }).fill(payer.postcode);
}

/** From the basket page: checks out, pays on the demo payment page and answers the order id the confirmation gives. */
export async function checkOutAndPay(page: Page, payer: Payer): Promise<string> {
  await page.getByRole("button", { name: "Checkout" }).click();
  return payDemoCheckoutAs(page, payer);
}

/** On the demo payment page (the basket's or an accepted quote's): types the payer in, pays, and answers the order id. */
export async function payDemoCheckoutAs(page: Page, payer: Payer): Promise<string> {
  await fillDemoPayment(page, payer);
  await payButton(page).click();
  await expect(page.getByRole("status")).toContainText("Your order reference is ORD-", { timeout: 15_000 });
  const orderId = (await page.getByRole("link", { name: "View your order" }).getAttribute("href"))?.split("/").pop() ?? "";
  expect(orderId).toMatch(/^ORD-/);
  return orderId;
}

/**
 * A shopper buys one unit of the product at `path` (after `prepare`, an upload say) and pays on the demo payment
 * page; answers the order id.
 */
export async function buyOneAndPay(page: Page, path: string, payer: Payer, prepare?: () => Promise<void>): Promise<string> {
  await gotoHydrated(page, path);
  await prepare?.();
  await page.getByRole("button", { name: "Add to basket" }).click();
  await expect(page.getByTestId("basket-count")).toHaveText("1");
  await gotoHydrated(page, "/basket");
  return checkOutAndPay(page, payer);
}

/**
 * A shopper elsewhere pays for `units` of the product `productId`, through the same calls the basket and the
 * test payment page make (the shopper's screens are other stories'), with a gift voucher's code when given; answers
 * the order id.
 */
export async function paidOrderThroughCalls(
  request: APIRequestContext,
  productId: string,
  units: number,
  payer: Payer,
  { voucherCode }: { voucherCode?: string } = {},
): Promise<string> {
  const items = Array.from({ length: units }, () => ({ id: productId, productName: productId }));
  return paidThroughCalls(request, { items, ...(voucherCode ? { voucherCode } : {}) }, payer);
}

/** The same calls for any basket the checkout takes (`items`, a `voucherCode`, …): answers the order id. */
export async function paidThroughCalls(request: APIRequestContext, basket: { items: unknown[] }, payer: Payer): Promise<string> {
  const checkout = await request.post("/api/checkout", { data: basket });
  expect(checkout.status(), await checkout.text()).toBe(200);
  const page = new URL(((await checkout.json()) as { url: string }).url).pathname;
  const sessionId = page.split("/").pop() ?? "";
  const form = { email: payer.email, name: payer.name, line1: payer.line1, line2: "", city: payer.city, postalCode: payer.postcode };
  // Pay on the test payment page, or Place order on the page of an order a gift voucher pays in full.
  const action = page.startsWith("/checkout/voucher/") ? "place" : "pay";
  await request.post(`${page}/${action}`, { form: { ...form, country: "GB", billingSame: "1" }, maxRedirects: 0 });
  const session = (await (await request.get(`/api/checkout/session?id=${sessionId}`)).json()) as { order_id: string | null };
  expect(session.order_id).toMatch(/^ORD-/);
  return session.order_id ?? "";
}
