import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { createOwnerShop, type OwnerShop } from "../support/admin";
import { confirmCheckout, postCheckout, sessionIdOf, stockOf, units } from "../support/checkout";
import { addProduct, BIRD_FEEDER } from "../support/factories";
import { type StripeStandIn, startStripeStandIn, stripeSettings } from "../support/stripe-stand-in";
import { countRows } from "../support/test-app";
import { waitUntil } from "../support/wait-until";

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

// Units go back to the shelf once (docs/decisions/0024-units-back-on-the-shelf-once.md): however refunds
// with restock and cancels with "put back" interleave, the units returned for an order never exceed the
// units it took. Stripe answers slowly here (its refund calls are held until every racer has reached it),
// so the shop's requests really are in flight together, as with the real provider.
describe("units go back to the shelf once", () => {
  type Units = { product_id: string; variant_id: string | null; product_name: string; quantity: number };
  type Answer = {
    refunded_cents?: number;
    items?: { product_id: string; quantity: number; restocked: number }[];
    not_restocked?: Units[];
    error?: string;
  };

  const refundPuttingBack = (orderId: string, amount: number, quantity: number) =>
    shop.call<Answer>(`/api/admin/orders/${orderId}/refund`, {
      method: "POST",
      body: { amount_cents: amount, reason: "damaged", restock: [{ product_id: "feeder", quantity }] },
    });
  const cancelPuttingBack = (orderId: string) =>
    shop.call<{ order?: Answer; error?: string }>(`/api/admin/orders/${orderId}/status`, {
      method: "POST",
      body: { status: "canceled", restock: true },
    });
  /** The order's units recorded as back on the shelf, as the owner's order answer reports them. */
  const restockedOf = async (orderId: string) =>
    (await shop.call<Answer>(`/api/admin/orders/${orderId}`)).body.items?.map((item) => item.restocked);
  const refusedUnits = (answer: Answer) => (answer.not_restocked ?? []).reduce((sum, units) => sum + units.quantity, 0);
  const BOTH_FEEDERS_REFUSED = [{ product_id: "feeder", variant_id: null, product_name: "Bird feeder", quantity: 2 }];

  test("several refunds at once, each putting both units back: the shelf gets the two units once, and the others say they could not", async () => {
    const order = await paidOrder();
    expect(stockOf(shop.db, "feeder")).toBe(3);
    const slowly = stripe.hold("/v1/refunds");
    const racing = [100, 200, 300].map((amount) => refundPuttingBack(order.id, amount, 2));
    await waitUntil(() => slowly.waiting() === 3, 10_000, "all three refunds to reach Stripe");
    slowly.release();
    const answers = await Promise.all(racing);

    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    // The money was given back three times at Stripe, so all three refunds are recorded.
    expect([...stripe.refunds.values()].filter((made) => made.payment_intent === order.paymentIntent)).toHaveLength(3);
    expect(countRows(shop.db, "refunds")).toBe(3);
    // Stripe answers the three in any order: the refund recorded last sees all three.
    expect(Math.max(...answers.map((answer) => answer.body.refunded_cents ?? 0))).toBe(600);
    // The units went back once: one refund put both back, the other two say they could not.
    expect(stockOf(shop.db, "feeder")).toBe(5);
    expect(await restockedOf(order.id)).toEqual([2]);
    expect(answers.map((answer) => refusedUnits(answer.body)).sort()).toEqual([0, 2, 2]);
    expect(answers.filter((answer) => refusedUnits(answer.body) > 0).map((answer) => answer.body.not_restocked)).toEqual([
      BOTH_FEEDERS_REFUSED,
      BOTH_FEEDERS_REFUSED,
    ]);
    // Each refund's record says what it really put back.
    const recorded = shop.db.query<{ restocked: string }, []>("SELECT restocked FROM refunds").all();
    expect(recorded.map((row) => row.restocked).sort()).toEqual([
      "[]",
      "[]",
      JSON.stringify([{ product_id: "feeder", variant_id: null, quantity: 2 }]),
    ]);
  });

  test("a refund putting one unit back and a cancel putting the items back, at once: the two units go back once", async () => {
    const order = await paidOrder();
    const slowly = stripe.hold("/v1/refunds");
    const refunding = refundPuttingBack(order.id, 500, 1);
    // The refund has passed the shop's own checks and waits on Stripe when the owner cancels.
    await waitUntil(() => slowly.waiting() === 1, 10_000, "the refund to reach Stripe");
    const cancel = await cancelPuttingBack(order.id);
    expect(cancel.status).toBe(200);
    expect(stockOf(shop.db, "feeder")).toBe(5);
    slowly.release();
    const refund = await refunding;

    expect(refund.status).toBe(200);
    expect(refund.body.refunded_cents).toBe(500);
    expect(stockOf(shop.db, "feeder")).toBe(5);
    expect(await restockedOf(order.id)).toEqual([2]);
    expect(refund.body.not_restocked).toEqual([{ product_id: "feeder", variant_id: null, product_name: "Bird feeder", quantity: 1 }]);
    expect(shop.db.query<{ restocked: string }, []>("SELECT restocked FROM refunds").get()?.restocked).toBe("[]");
  });

  test("a refund putting one unit back, then a cancel putting the items back: only the other unit goes back", async () => {
    const order = await paidOrder();
    const refund = await refundPuttingBack(order.id, 500, 1);
    expect(refund.status).toBe(200);
    expect(stockOf(shop.db, "feeder")).toBe(4);
    const cancel = await cancelPuttingBack(order.id);
    expect(cancel.status).toBe(200);
    expect(stockOf(shop.db, "feeder")).toBe(5);
    expect(refund.body.not_restocked).toEqual([]);
    expect(cancel.body.order?.items?.map((item) => item.restocked)).toEqual([2]);
  });

  test("a cancel putting the items back, then a refund asking to put a unit back: refused before Stripe is asked, the shelf as the cancel left it", async () => {
    const order = await paidOrder();
    expect((await cancelPuttingBack(order.id)).status).toBe(200);
    expect(stockOf(shop.db, "feeder")).toBe(5);
    const refund = await refundPuttingBack(order.id, 500, 1);

    expect(refund.status).toBe(409);
    expect(refund.body).toEqual({ error: "There is nothing of feeder left to put back on the shelf from this order." });
    expect(stripe.requests.filter((request) => request.params.payment_intent === order.paymentIntent)).toHaveLength(0);
    expect(countRows(shop.db, "refunds")).toBe(0);
    expect(stockOf(shop.db, "feeder")).toBe(5);
    expect(await restockedOf(order.id)).toEqual([2]);
  });
});
