import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { createOwnerShop, type OwnerShop } from "../support/admin";
import { confirmCheckout, sessionIdOf, units } from "../support/checkout";
import { addProduct, BIRD_FEEDER } from "../support/factories";
import { type StripeStandIn, startStripeStandIn, stripeSettings } from "../support/stripe-stand-in";

// Discount codes (docs/decisions/0020-discount-codes.md) through the real Stripe SDK and the local
// stand-in: the discount the server priced reaches the payment page as a one-off coupon.

let stripe: StripeStandIn;
let shop: OwnerShop;

beforeAll(() => {
  stripe = startStripeStandIn();
});
afterAll(() => stripe.stop());

beforeEach(async () => {
  shop = await createOwnerShop(stripeSettings(stripe));
  addProduct(shop.db, BIRD_FEEDER);
});
afterEach(() => shop.close());

async function checkoutWith(items: unknown, discountCode?: string): Promise<string> {
  const answer = await shop.json<{ url?: string }>("/api/checkout", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ items, discountCode }),
  });
  expect(answer.status).toBe(200);
  return sessionIdOf(answer.body.url ?? "");
}

describe("a discounted Stripe session", () => {
  test("carries a once-only coupon for exactly the server's discount, named by the code, and charges the discounted total", async () => {
    expect(
      (await shop.call("/api/admin/discount-codes", { method: "POST", body: { code: "spring15", percent_off: 15, active: true } })).status,
    ).toBe(200);
    // 3 × £24.00 = £72.00; 15% = £10.80. Delivery £5.00 untouched.
    const sessionId = await checkoutWith(units(3, { id: BIRD_FEEDER.id }), "SPRING15");
    const coupon = stripe.requests.find((request) => request.path === "/v1/coupons");
    expect(coupon?.params).toEqual({ amount_off: "1080", currency: "gbp", duration: "once", max_redemptions: "1", name: "SPRING15" });
    const session = stripe.sessions.get(sessionId);
    expect(session?.amount_total).toBe(7200 - 1080 + 500);
    expect(session?.total_details.amount_discount).toBe(1080);
    // Lines keep their real prices: no negative or reduced line stands in for the discount.
    expect((stripe.paramsOf(sessionId) as Record<string, any>).line_items[0].price_data.unit_amount).toBe("2400");

    stripe.pay(sessionId);
    const confirm = await confirmCheckout<{ orderId: string }>(shop, sessionId);
    expect(confirm.status).toBe(200);
    const order = shop.db
      .query<{ discount_code: string; discount_cents: number; amount_cents: number }, [string]>(
        "SELECT discount_code, discount_cents, amount_cents FROM orders WHERE id = ?",
      )
      .get(confirm.body.orderId);
    expect(order).toEqual({ discount_code: "SPRING15", discount_cents: 1080, amount_cents: 7200 - 1080 + 500 });
  });

  test("a session without a code makes no coupon", async () => {
    const couponCalls = () => stripe.requests.filter((request) => request.path === "/v1/coupons").length;
    const before = couponCalls();
    const sessionId = await checkoutWith([{ id: BIRD_FEEDER.id }]);
    expect(couponCalls()).toBe(before);
    expect((stripe.paramsOf(sessionId) as Record<string, unknown>).discounts).toBeUndefined();
    expect(stripe.sessions.get(sessionId)?.amount_total).toBe(2400 + 500);
  });
});
