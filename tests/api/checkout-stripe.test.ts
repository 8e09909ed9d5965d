import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { confirmCheckout, postCheckout, serveShoppers, sessionIdOf, shopperAddress, stockOf, units } from "../support/checkout";
import { addProduct, BIRD_FEEDER } from "../support/factories";
import {
  type StandInSession,
  type StripeStandIn,
  signedEvent,
  startStripeStandIn,
  stripeSettings,
  STAND_IN_WEBHOOK_SECRET as WEBHOOK_SECRET,
} from "../support/stripe-stand-in";
import { countRows, createTestShop, type TestShop } from "../support/test-app";

// Checkout through the real Stripe SDK against a local stateful stand-in:
// webhooks signed by the SDK's helper and checked by its real verification.

let stripe: StripeStandIn;
let shop: TestShop;

beforeAll(() => {
  stripe = startStripeStandIn();
});
afterAll(() => stripe.stop());

beforeEach(async () => {
  shop = await createTestShop({
    ...stripeSettings(stripe),
    // The tests with many shoppers play the proxy (serveShoppers).
    TRUST_PROXY: "true",
  });
  addProduct(shop.db, BIRD_FEEDER);
});
afterEach(() => shop.close());

async function openSession(quantity = 1): Promise<string> {
  const { status, body } = await postCheckout(shop, units(quantity, { id: "feeder" }));
  expect(status).toBe(200);
  return sessionIdOf(body.url ?? "");
}

async function deliver(
  type: string,
  session: StandInSession | Record<string, unknown>,
  options: { secret?: string; timestamp?: number } = {},
) {
  const { payload, header } = await signedEvent(type, session, options.secret ?? WEBHOOK_SECRET, { timestamp: options.timestamp });
  return shop.request("/api/stripe/webhook", {
    method: "POST",
    headers: { "Content-Type": "application/json", "Stripe-Signature": header },
    body: payload,
  });
}

const confirm = (sessionId: string) => confirmCheckout(shop, sessionId);

const confirmationEmails = () =>
  shop.db.query<{ n: number }, []>("SELECT count(*) AS n FROM email_outbox WHERE kind = 'order-confirmation'").get()?.n ?? 0;

describe("the Stripe Checkout Session", () => {
  test("is created with the order id in metadata, the success and cancel URLs and the delivery line", async () => {
    const sessionId = await openSession(2);
    const params = stripe.paramsOf(sessionId) as Record<string, any>;
    const orderId = shop.db.query<{ id: string }, []>("SELECT id FROM checkouts").get()?.id;
    expect(params.metadata).toEqual({ order_id: orderId });
    expect(params.success_url).toBe("http://shop.test/success?session_id={CHECKOUT_SESSION_ID}");
    expect(params.cancel_url).toBe("http://shop.test/basket?canceled=1");
    expect(params.line_items[0]).toMatchObject({
      quantity: "2",
      price_data: { currency: "gbp", unit_amount: "2400", product_data: { name: "Bird feeder" } },
    });
    expect(params.shipping_options[0].shipping_rate_data.fixed_amount).toEqual({ amount: "500", currency: "gbp" });
  });

  test("when Stripe cannot be reached the shopper gets 502 and the held units go back", async () => {
    stripe.failNext(10, 500);
    const answer = await postCheckout(shop, units(2, { id: "feeder" }));
    stripe.failNext(0);
    expect(answer.status).toBe(502);
    expect(answer.body).toEqual({ error: "We couldn't reach the payment provider, so nothing was charged. Please try again in a moment." });
    expect(stockOf(shop.db, "feeder")).toBe(5);
    expect(countRows(shop.db, "orders")).toBe(0);
  });
});

describe("the webhook", () => {
  test("the same signed completed event 10 times in a row makes one order, takes stock once and queues one confirmation", async () => {
    const sessionId = await openSession(2);
    const paid = stripe.pay(sessionId);
    for (let i = 0; i < 10; i++) expect((await deliver("checkout.session.completed", paid)).status).toBe(200);
    expect(countRows(shop.db, "orders")).toBe(1);
    expect(stockOf(shop.db, "feeder")).toBe(3);
    expect(confirmationEmails()).toBe(1);
  });

  test("the same signed completed event 10 times at once makes one order, takes stock once and queues one confirmation", async () => {
    const sessionId = await openSession(2);
    const { payload, header } = await signedEvent("checkout.session.completed", stripe.pay(sessionId), WEBHOOK_SECRET);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        shop.request("/api/stripe/webhook", { method: "POST", headers: { "Stripe-Signature": header }, body: payload }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    expect(countRows(shop.db, "orders")).toBe(1);
    expect(stockOf(shop.db, "feeder")).toBe(3);
    expect(confirmationEmails()).toBe(1);
  });

  test("webhook and success page racing for the same session (50 sessions) make one order each", async () => {
    addProduct(shop.db, { id: "labels", name: "Plant labels", price_cents: 450 });
    const sessions: string[] = [];
    const shoppers = serveShoppers(shop);
    for (let i = 0; i < 50; i++) {
      const { body } = await shoppers.postCheckoutFrom(shopperAddress(i), units(1, { id: "labels" }));
      sessions.push(sessionIdOf(body.url ?? ""));
    }
    await Promise.all(
      sessions.map(async (sessionId, i) => {
        const paid = stripe.pay(sessionId);
        const [hook, page] = await Promise.all([
          deliver("checkout.session.completed", paid),
          shoppers.confirmFrom(shopperAddress(i), sessionId),
        ]);
        expect(hook.status).toBe(200);
        expect(page.status).toBe(200);
        expect(page.body.orderId).toMatch(/^ORD-/);
      }),
    );
    shoppers.stop();
    expect(countRows(shop.db, "orders")).toBe(50);
    expect(confirmationEmails()).toBe(50);
  });

  test("a completed but unpaid session keeps its hold and queues no email until the bank payment succeeds", async () => {
    const sessionId = await openSession(2);
    await deliver("checkout.session.completed", stripe.completeUnpaid(sessionId));
    expect(countRows(shop.db, "orders")).toBe(0);
    expect(countRows(shop.db, "email_outbox")).toBe(0);
    expect(stockOf(shop.db, "feeder")).toBe(3);
    expect((await confirm(sessionId)).status).toBe(202);

    await deliver("checkout.session.async_payment_succeeded", stripe.succeedAsync(sessionId));
    expect(countRows(shop.db, "orders")).toBe(1);
    expect(stockOf(shop.db, "feeder")).toBe(3);
    expect(confirmationEmails()).toBe(1);
  });

  test("a failed bank payment gives the held units back", async () => {
    const sessionId = await openSession(2);
    await deliver("checkout.session.completed", stripe.completeUnpaid(sessionId));
    await deliver("checkout.session.async_payment_failed", stripe.failAsync(sessionId));
    expect(countRows(shop.db, "orders")).toBe(0);
    expect(stockOf(shop.db, "feeder")).toBe(5);
  });

  test("async_payment_succeeded before completed ends the same as in order: one paid order", async () => {
    const sessionId = await openSession(1);
    const unpaid = stripe.completeUnpaid(sessionId);
    const succeeded = stripe.succeedAsync(sessionId);
    await deliver("checkout.session.async_payment_succeeded", succeeded);
    await deliver("checkout.session.completed", unpaid);
    expect(countRows(shop.db, "orders")).toBe(1);
    expect(stockOf(shop.db, "feeder")).toBe(4);
    expect(confirmationEmails()).toBe(1);
  });

  test("expired after completed changes nothing: the order stands and the stock stays sold", async () => {
    const sessionId = await openSession(1);
    const paid = stripe.pay(sessionId);
    await deliver("checkout.session.completed", paid);
    await deliver("checkout.session.expired", { ...paid, status: "expired" });
    expect(countRows(shop.db, "orders")).toBe(1);
    expect(stockOf(shop.db, "feeder")).toBe(4);
  });

  test("expiry releases exactly the held units, replayed 5 times", async () => {
    const sessionId = await openSession(3);
    const expired = stripe.expire(sessionId);
    for (let i = 0; i < 5; i++) expect((await deliver("checkout.session.expired", expired)).status).toBe(200);
    expect(stockOf(shop.db, "feeder")).toBe(5);
  });

  test("a late payment after release and resale is recorded as paid, flagged for refund, and stock stays at 0", async () => {
    const first = await openSession(5);
    const expired = stripe.expire(first);
    await deliver("checkout.session.expired", expired);
    expect(stockOf(shop.db, "feeder")).toBe(5);
    const second = await openSession(5); // someone else takes every unit
    expect(stockOf(shop.db, "feeder")).toBe(0);

    // Stripe's paid session for the first checkout arrives after all.
    await deliver("checkout.session.completed", { ...expired, status: "complete", payment_status: "paid" });
    const late = shop.db.query<{ refund_required: number; status: string }, []>("SELECT refund_required, status FROM orders").get();
    expect(late).toEqual({ refund_required: 1, status: "paid" });
    expect(stockOf(shop.db, "feeder")).toBe(0);

    await deliver("checkout.session.completed", stripe.pay(second));
    expect(countRows(shop.db, "orders")).toBe(2);
    expect(stockOf(shop.db, "feeder")).toBe(0);
  });

  test("a late payment after release takes the stock again when it is still there, with no refund", async () => {
    const sessionId = await openSession(2);
    const expired = stripe.expire(sessionId);
    await deliver("checkout.session.expired", expired);
    await deliver("checkout.session.completed", { ...expired, status: "complete", payment_status: "paid" });
    const order = shop.db.query<{ refund_required: number }, []>("SELECT refund_required FROM orders").get();
    expect(order).toEqual({ refund_required: 0 });
    expect(stockOf(shop.db, "feeder")).toBe(3);
  });
});

describe("a webhook that cannot be trusted is refused with 400 and writes nothing", () => {
  let paid: StandInSession;
  beforeEach(async () => {
    paid = stripe.pay(await openSession(1));
  });
  const expectNothingWritten = () => {
    expect(countRows(shop.db, "orders")).toBe(0);
    expect(countRows(shop.db, "email_outbox")).toBe(0);
    expect(stockOf(shop.db, "feeder")).toBe(4);
  };

  test("a tampered body (bad signature)", async () => {
    const { payload, header } = await signedEvent("checkout.session.completed", paid, WEBHOOK_SECRET);
    const response = await shop.request("/api/stripe/webhook", {
      method: "POST",
      headers: { "Stripe-Signature": header },
      body: payload.replace("paid", "paid "),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "Invalid Stripe signature." });
    expectNothingWritten();
  });

  test("signed with the wrong secret", async () => {
    const response = await deliver("checkout.session.completed", paid, { secret: "whsec_someone_else" });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "Invalid Stripe signature." });
    expectNothingWritten();
  });

  test("no Stripe-Signature header", async () => {
    const { payload } = await signedEvent("checkout.session.completed", paid, WEBHOOK_SECRET);
    const response = await shop.request("/api/stripe/webhook", { method: "POST", body: payload });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "Invalid Stripe signature." });
    expectNothingWritten();
  });

  test("a timestamp older than 5 minutes", async () => {
    const response = await deliver("checkout.session.completed", paid, { timestamp: Math.floor(Date.now() / 1000) - 6 * 60 });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "Invalid Stripe signature." });
    expectNothingWritten();
  });
});

describe("the reconciling sweep", () => {
  test("a paid session whose webhook never came becomes its order once the hold is past its end", async () => {
    const sessionId = await openSession(2);
    stripe.pay(sessionId);
    shop.db.query("UPDATE checkouts SET expires_at = ?").run(new Date(Date.now() - 60 * 60_000).toISOString());
    expect(await shop.deps.checkout.sweep()).toEqual({ fulfilled: 1, released: 0 });
    expect(countRows(shop.db, "orders")).toBe(1);
    expect(stockOf(shop.db, "feeder")).toBe(3);
    expect(confirmationEmails()).toBe(1);
  });

  test("an abandoned open session is expired at Stripe and its units go back", async () => {
    const sessionId = await openSession(2);
    shop.db.query("UPDATE checkouts SET expires_at = ?").run(new Date(Date.now() - 60 * 60_000).toISOString());
    expect(await shop.deps.checkout.sweep()).toEqual({ fulfilled: 0, released: 1 });
    expect(stripe.sessions.get(sessionId)?.status).toBe("expired");
    expect(stockOf(shop.db, "feeder")).toBe(5);
  });
});

describe("checkout limits with Stripe", () => {
  test("a newer checkout from the same basket expires the older Stripe session at once and gives its units back", async () => {
    const first = await postCheckout(shop, units(2, { id: "feeder" }), {
      "Idempotency-Key": "key-one-1234",
      "Basket-Id": "basket-a1b2c3d4-5e6f-4a7b-8c9d-0e1f2a3b4c5d",
    });
    const older = sessionIdOf(first.body.url ?? "");
    const second = await postCheckout(shop, units(1, { id: "feeder" }), {
      "Idempotency-Key": "key-two-1234",
      "Basket-Id": "basket-a1b2c3d4-5e6f-4a7b-8c9d-0e1f2a3b4c5d",
    });
    expect(second.status).toBe(200);
    expect(stripe.sessions.get(older)?.status).toBe("expired");
    expect(stripe.sessions.get(sessionIdOf(second.body.url ?? ""))?.status).toBe("open");
    expect(stockOf(shop.db, "feeder")).toBe(4);
  });

  test("unknown cs_ ids on the session and confirm calls answer 404 without a request to Stripe", async () => {
    const before = stripe.requests.length;
    for (let n = 0; n < 5; n++) {
      const view = await shop.json(`/api/checkout/session?id=cs_test_made_up_${n}`);
      expect(view.status).toBe(404);
      expect(view.body).toEqual({ error: "We couldn't find that checkout." });
      const confirmed = await confirm(`cs_test_made_up_${n}`);
      expect(confirmed.status).toBe(404);
      expect(confirmed.body).toEqual({ error: "We couldn't find that checkout." });
    }
    expect(stripe.requests.length).toBe(before);
  });

  test("the 31st session or confirm call from one address in a minute is refused with 429 and Retry-After, without a request to Stripe", async () => {
    const sessionId = await openSession(1);
    for (let n = 0; n < 15; n++) {
      expect((await shop.json(`/api/checkout/session?id=${sessionId}`)).status).toBe(200);
      expect((await confirm(sessionId)).status).toBe(202);
    }
    const before = stripe.requests.length;
    for (const refused of [await shop.json(`/api/checkout/session?id=${sessionId}`), await confirm(sessionId)]) {
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ error: "Too many payment checks from your connection. Please wait a minute and try again." });
      expect(Number(refused.response.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(Number(refused.response.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    }
    expect(stripe.requests.length).toBe(before);
  });

  test("when Stripe is down the session and confirm calls answer 502 with a message, and nothing is written", async () => {
    const sessionId = await openSession(1);
    stripe.failNext(100, 500);
    try {
      const view = await shop.json(`/api/checkout/session?id=${sessionId}`);
      expect(view.status).toBe(502);
      expect(view.body).toEqual({ error: "We couldn't reach the payment provider to check this payment. Please try again in a moment." });
      const confirmed = await confirm(sessionId);
      expect(confirmed.status).toBe(502);
      expect(confirmed.body).toEqual({
        error: "We couldn't reach the payment provider to check this payment. Please try again in a moment.",
      });
    } finally {
      stripe.failNext(0);
    }
    expect(countRows(shop.db, "orders")).toBe(0);
    expect(stockOf(shop.db, "feeder")).toBe(4);
  });
});
