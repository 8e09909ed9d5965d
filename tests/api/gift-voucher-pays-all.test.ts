import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { listOutbox } from "../../src/modules/outbox/service";
import { DEMO_FORM_ERRORS } from "../../src/modules/own-checkout/model";
import { createOwnerShop, type OwnerShop } from "../support/admin";
import { ageCheckouts, confirmCheckout, DEMO_FORM, demoPayRequest, payDemo, sessionIdOf, stockOf } from "../support/checkout";
import { addProduct, BIRD_FEEDER } from "../support/factories";
import { addVoucherProducts, startCheckout, voucherBalanceOf, voucherCodeOf, voucherLine } from "../support/gift-vouchers";
import { textOf } from "../support/html";
import { startStripeStandIn, stripeSettings } from "../support/stripe-stand-in";
import { countRows, TEST_ORIGIN } from "../support/test-app";

// An order a gift voucher pays in full (docs/decisions/0054-gift-vouchers.md) completes without the card provider:
// no £0 card session, the shop's own page asks for the email and the delivery address, and the order lands on the
// same confirmation page as any other. The voucher's part is held with the stock until then, like any checkout's.

/** Tuesday 1 December 2026, 10:00 UK (GMT). */
const CLOCK = new Date("2026-12-01T10:00:00Z");
let shop: OwnerShop;

type AdminOrder = {
  amount_cents: number;
  voucher_cents: number;
  email: string;
  shipping_name: string | null;
  shipping_postal_code: string | null;
  fee_cents: number | null;
  net_cents: number | null;
  payment_provider?: string;
};

/** Buys a voucher on the demo checkout and answers its code. */
async function boughtVoucher(amountPence: number): Promise<string> {
  const started = await startCheckout(shop, { items: [voucherLine({ amount_pence: amountPence })] });
  const sessionId = sessionIdOf(started.body.url ?? "");
  expect((await payDemo(shop, sessionId)).status).toBe(303);
  const confirmed = await confirmCheckout<{ orderId: string }>(shop, sessionId);
  return voucherCodeOf(shop.db, confirmed.body.orderId);
}

/** Starts a checkout of one bird feeder (£24 + £5 delivery) paid by the voucher; answers its page's session id. */
async function feederPaidBy(code: string, extra: Record<string, unknown> = {}): Promise<string> {
  const started = await startCheckout(shop, { items: [{ id: "feeder" }], voucherCode: code, ...extra });
  expect(started.status).toBe(200);
  return sessionIdOf(started.body.url ?? "");
}

/** The page's Place order, as the browser's form post would send it. */
const placeOrder = (sessionId: string, form: Record<string, string> = DEMO_FORM) =>
  shop.request(`/checkout/voucher/${sessionId}/place`, demoPayRequest(form));

describe("on the demo shop", () => {
  beforeEach(async () => {
    shop = await createOwnerShop({}, { now: () => CLOCK });
    addProduct(shop.db, BIRD_FEEDER); // £24, 5 on the shelf
    addVoucherProducts(shop.db);
  });
  afterEach(() => shop.close());

  test("the checkout answers the shop's own page to place the order, not a £0 card payment", async () => {
    const code = await boughtVoucher(5000);
    const cardSessionsBefore = countRows(shop.db, "demo_payment_sessions");
    const started = await startCheckout(shop, { items: [{ id: "feeder" }], voucherCode: code });
    expect(started.status).toBe(200);
    expect(started.body.url).toStartWith(`${TEST_ORIGIN}/checkout/voucher/cs_voucher_`);
    expect(countRows(shop.db, "demo_payment_sessions")).toBe(cardSessionsBefore);
    // Held with the stock until the order is placed.
    expect(await voucherBalanceOf(shop, code)).toBe(2100);
    expect(stockOf(shop.db, "feeder")).toBe(4);
  });

  test("the page shows the order with the voucher's part and nothing to pay, and asks for no card and no billing address", async () => {
    const code = await boughtVoucher(5000);
    const sessionId = await feederPaidBy(code);
    const page = await shop.request(`/checkout/voucher/${sessionId}`);
    expect(page.status).toBe(200);
    // Personal, like every payment page: never kept by the shop's page cache or any other.
    expect(page.headers.get("cache-control")).toContain("no-store");
    const text = textOf(await page.text());
    expect(text).toContain("Nothing to pay. Your gift voucher pays for this order in full, so no card is needed.");
    expect(text).toContain("Confirm your order");
    expect(text).toContain("Bird feeder £24.00");
    expect(text).toContain("UK delivery £5.00");
    expect(text).toContain("Gift voucher −£29.00");
    expect(text).toContain("Total £0.00");
    expect(text).toContain("Place order");
    expect(text).not.toContain("Billing address");
    expect(text).not.toContain("Test payment");
  });

  test("placing it makes the order with the voucher's part and nothing charged; the rest stays on the voucher", async () => {
    const code = await boughtVoucher(5000);
    const sessionId = await feederPaidBy(code);
    const placed = await placeOrder(sessionId);
    expect(placed.status).toBe(303);
    expect(placed.headers.get("location")).toBe(`${TEST_ORIGIN}/success?session_id=${sessionId}`);
    // The same confirmation page's calls as any order's.
    const confirmed = await confirmCheckout<{ orderId: string }>(shop, sessionId);
    expect(confirmed.status).toBe(200);
    const view = await shop.json<{ amount_total: number; payment_status: string; order_id: string }>(
      `/api/checkout/session?id=${sessionId}`,
    );
    expect(view.body).toMatchObject({ amount_total: 0, payment_status: "no_payment_required", order_id: confirmed.body.orderId });

    const order = (await shop.call<AdminOrder>(`/api/admin/orders/${confirmed.body.orderId}`)).body;
    expect(order).toMatchObject({ amount_cents: 0, voucher_cents: 2900, email: DEMO_FORM.email, fee_cents: 0, net_cents: 0 });
    expect(order).toMatchObject({ shipping_name: DEMO_FORM.name, shipping_postal_code: "SW1Y 4JH" });
    expect(await voucherBalanceOf(shop, code)).toBe(2100);
    expect(stockOf(shop.db, "feeder")).toBe(4);
    const emails = listOutbox(shop.db, { orderId: confirmed.body.orderId });
    const confirmation = emails.find((row) => row.kind === "order-confirmation");
    expect(confirmation?.recipient).toBe(DEMO_FORM.email);
    // The email's totals add up: what the voucher paid, and nothing left for a card.
    expect(confirmation?.text).toContain("Subtotal: £24.00\nDelivery: £5.00\nGift voucher: −£29.00\nTotal: £0.00");
  });

  test("the page says it is placed once it is, and a second post makes no second order", async () => {
    const code = await boughtVoucher(5000);
    const sessionId = await feederPaidBy(code);
    expect((await placeOrder(sessionId)).status).toBe(303);
    const again = await placeOrder(sessionId);
    expect(again.status).toBe(303);
    expect(again.headers.get("location")).toBe(`/checkout/voucher/${sessionId}`);
    expect(countRows(shop.db, "orders")).toBe(2); // the voucher's own order and this one
    expect(await voucherBalanceOf(shop, code)).toBe(2100);
    const text = textOf(await (await shop.request(`/checkout/voucher/${sessionId}`)).text());
    expect(text).toContain("This order is placed. See your order confirmation");
  });

  test("a gift order's page asks for the recipient's address as the delivery address", async () => {
    const code = await boughtVoucher(5000);
    const sessionId = await feederPaidBy(code, { gift: { message: "Happy birthday", from: "Tom" } });
    const text = textOf(await (await shop.request(`/checkout/voucher/${sessionId}`)).text());
    expect(text).toContain("This order is a gift: enter the address of the person it is for as the delivery address.");
  });

  test("a form without an email is shown again with the problem; no order is made and the voucher stays held", async () => {
    const code = await boughtVoucher(5000);
    const sessionId = await feederPaidBy(code);
    const refused = await placeOrder(sessionId, { ...DEMO_FORM, email: "" });
    expect(refused.status).toBe(422);
    expect(textOf(await refused.text())).toContain(DEMO_FORM_ERRORS.email);
    expect(countRows(shop.db, "orders")).toBe(1);
    expect(await voucherBalanceOf(shop, code)).toBe(2100);
  });

  test("a form with a postcode that is not one is shown again with the problem; no order is made", async () => {
    const code = await boughtVoucher(5000);
    const sessionId = await feederPaidBy(code);
    const refused = await placeOrder(sessionId, { ...DEMO_FORM, postalCode: "12345" });
    expect(refused.status).toBe(422);
    expect(textOf(await refused.text())).toContain(DEMO_FORM_ERRORS.postalCode);
    expect(countRows(shop.db, "orders")).toBe(1);
  });

  test("a post another site made the browser send is refused; no order is made", async () => {
    const code = await boughtVoucher(5000);
    const sessionId = await feederPaidBy(code);
    const request = demoPayRequest();
    const refused = await shop.request(`/checkout/voucher/${sessionId}/place`, {
      ...request,
      headers: { ...(request.headers as Record<string, string>), Origin: "https://elsewhere.example", "Sec-Fetch-Site": "cross-site" },
    });
    expect(refused.status).toBe(403);
    expect(countRows(shop.db, "orders")).toBe(1);
  });

  test("an unknown page is a 404 saying to check out again", async () => {
    const answer = await shop.request("/checkout/voucher/cs_voucher_nothing/place", demoPayRequest());
    expect(answer.status).toBe(404);
    expect(await answer.text()).toContain("There is no such order to confirm. Go back to your basket and check out again.");
  });

  test("Cancel gives the stock and the voucher's part back at once", async () => {
    const code = await boughtVoucher(5000);
    const sessionId = await feederPaidBy(code);
    const cancelled = await shop.request(`/checkout/voucher/${sessionId}/cancel`, demoPayRequest({}));
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get("location")).toBe(`${TEST_ORIGIN}/basket?canceled=1`);
    expect(await voucherBalanceOf(shop, code)).toBe(5000);
    expect(stockOf(shop.db, "feeder")).toBe(5);
  });

  test("a page left open past its hold gives the stock and the voucher's part back (the sweep), and can no longer be placed", async () => {
    const code = await boughtVoucher(5000);
    const sessionId = await feederPaidBy(code);
    ageCheckouts(shop.db, CLOCK);
    await shop.deps.checkout.sweep();
    expect(await voucherBalanceOf(shop, code)).toBe(5000);
    expect(stockOf(shop.db, "feeder")).toBe(5);
    const late = await placeOrder(sessionId);
    expect(late.headers.get("location")).toBe(`/checkout/voucher/${sessionId}`);
    expect(countRows(shop.db, "orders")).toBe(1);
  });

  test("a refund of it goes back on the voucher, all of it, with no card refund", async () => {
    const code = await boughtVoucher(5000);
    const sessionId = await feederPaidBy(code);
    await placeOrder(sessionId);
    const { orderId } = (await confirmCheckout<{ orderId: string }>(shop, sessionId)).body;
    const refunded = await shop.call(`/api/admin/orders/${orderId}/refund`, {
      method: "POST",
      body: { amount_cents: 2900, reason: "requested_by_customer", restock: [] },
    });
    expect(refunded.status).toBe(200);
    expect(await voucherBalanceOf(shop, code)).toBe(5000);
    expect(countRows(shop.db, "refunds")).toBe(0);
    expect(countRows(shop.db, "demo_refunds")).toBe(0);
  });

  test("a voucher that pays only part still goes to the card payment page", async () => {
    const code = await boughtVoucher(1000);
    const started = await startCheckout(shop, { items: [{ id: "feeder" }], voucherCode: code });
    expect(started.body.url).toStartWith(`${TEST_ORIGIN}/checkout/demo/cs_demo_`);
  });
});

describe("on a Stripe shop", () => {
  const stripe = startStripeStandIn();
  beforeAll(async () => {
    // Stripe's own clock is the real one: a session must end within a day of now.
    shop = await createOwnerShop(stripeSettings(stripe));
    addProduct(shop.db, BIRD_FEEDER);
    addVoucherProducts(shop.db);
  });
  afterAll(async () => {
    shop.close();
    await stripe.stop();
  });

  test("Stripe is never asked for a session, and the fees job never asks about the order", async () => {
    const bought = await startCheckout(shop, { items: [voucherLine({ amount_pence: 5000 })] });
    const boughtSession = sessionIdOf(bought.body.url ?? "");
    stripe.pay(boughtSession);
    const voucherOrder = (await confirmCheckout<{ orderId: string }>(shop, boughtSession)).body.orderId;
    const code = voucherCodeOf(shop.db, voucherOrder);
    const stripeCallsBefore = stripe.requests.length;

    const sessionId = await feederPaidBy(code);
    expect(sessionId).toStartWith("cs_voucher_");
    expect((await placeOrder(sessionId)).status).toBe(303);
    const { orderId } = (await confirmCheckout<{ orderId: string }>(shop, sessionId)).body;
    const order = (await shop.call<AdminOrder & { fee_source: string }>(`/api/admin/orders/${orderId}`)).body;
    expect(order).toMatchObject({ amount_cents: 0, voucher_cents: 2900, fee_cents: 0, net_cents: 0, fee_source: "stripe" });
    await shop.deps.paymentFees.recordDue();
    expect(stripe.requests.slice(stripeCallsBefore).map((call) => call.path)).not.toContainEqual(expect.stringContaining(sessionId));
    expect(stripe.requests.slice(stripeCallsBefore).filter((call) => call.path === "/v1/checkout/sessions")).toEqual([]);
  });
});
