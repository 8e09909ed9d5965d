import { afterAll, afterEach, beforeAll, beforeEach, expect, test } from "bun:test";
import { createOwnerShop, type OwnerShop } from "../support/admin";
import { confirmCheckout, postCheckout, sessionIdOf, units } from "../support/checkout";
import { addProduct, BIRD_FEEDER } from "../support/factories";
import { type StripeStandIn, startStripeStandIn, stripeSettings } from "../support/stripe-stand-in";
import { countRows } from "../support/test-app";

// Refunds through the real Stripe SDK against the local stand-in: refunds.create
// on the session's PaymentIntent with the shop's idempotency key, Stripe's own
// refusal passed on as the reason, and nothing recorded when it says no.

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

/** A paid Stripe order: checkout, the shopper pays on the stand-in, the success page confirms. */
async function paidOrder(): Promise<{ id: string; amount: number; paymentIntent: string }> {
  const { body } = await postCheckout(shop, units(2, { id: "feeder" }));
  const sessionId = sessionIdOf(body.url ?? "");
  const session = stripe.pay(sessionId);
  const confirm = await confirmCheckout<{ orderId: string }>(shop, sessionId);
  expect(confirm.status).toBe(200);
  return { id: confirm.body.orderId, amount: session.amount_total, paymentIntent: session.payment_intent ?? "" };
}

const refund = (orderId: string, amount: number) =>
  shop.call<{ refunded_cents?: number; error?: string }>(`/api/admin/orders/${orderId}/refund`, {
    method: "POST",
    body: { amount_cents: amount, reason: "damaged" },
  });

test("a Stripe refund is made on the session's payment intent with the idempotency key and recorded", async () => {
  const order = await paidOrder();
  const { status, body } = await refund(order.id, 1200);
  expect(status).toBe(200);
  expect(body.refunded_cents).toBe(1200);
  const sent = stripe.requests.filter((request) => request.path === "/v1/refunds");
  expect(sent).toHaveLength(1);
  expect(sent[0]?.params).toEqual({ payment_intent: order.paymentIntent, amount: "1200" });
  expect(sent[0]?.idempotencyKey).toBe(`refund:${order.id}:1:1200`);
  const [made] = [...stripe.refunds.values()];
  expect(shop.db.query<{ provider_refund_id: string }, []>("SELECT provider_refund_id FROM refunds").get()?.provider_refund_id).toBe(
    made?.id ?? "missing",
  );
});

test("a double click sends one key twice: Stripe replays its refund and the shop records one", async () => {
  const order = await paidOrder();
  const answers = await Promise.all([refund(order.id, 700), refund(order.id, 700)]);
  expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
  expect([...stripe.refunds.values()].filter((made) => made.payment_intent === order.paymentIntent)).toHaveLength(1);
  expect(countRows(shop.db, "refunds")).toBe(1);
});

test("Stripe refuses (already refunded in its dashboard): 502 with Stripe's reason, nothing recorded", async () => {
  const order = await paidOrder();
  // The owner refunded most of it in Stripe's own dashboard: the shop does not know.
  stripe.refunds.set("re_dashboard", {
    id: "re_dashboard",
    object: "refund",
    amount: order.amount - 100,
    currency: "gbp",
    payment_intent: order.paymentIntent,
    status: "succeeded",
    created: 0,
  });
  const { status, body } = await refund(order.id, 500);
  expect(status).toBe(502);
  expect(body).toEqual({
    error:
      "The refund was not made: Stripe refused the refund: Refund amount (£5.00) is greater than unrefunded amount on charge (£1.00) Nothing was recorded; try again.",
  });
  expect(countRows(shop.db, "refunds")).toBe(0);
  expect(countRows(shop.db, "email_outbox WHERE kind = 'refund'")).toBe(0);
});

test("Stripe cannot be reached: 502 saying so, nothing recorded", async () => {
  const order = await paidOrder();
  // The SDK retries a 5xx twice: three failures in a row exhaust it.
  stripe.failNext(3, 500);
  const { status, body } = await refund(order.id, 500);
  expect(status).toBe(502);
  expect(body).toEqual({
    error: "The refund was not made: The payment provider could not be reached. Please try again. Nothing was recorded; try again.",
  });
  expect(countRows(shop.db, "refunds")).toBe(0);
});
