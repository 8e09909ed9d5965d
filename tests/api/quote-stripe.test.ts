import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { createOwnerShop, type OwnerShop } from "../support/admin";
import { confirmCheckout, sessionIdOf } from "../support/checkout";
import { setConfig } from "../support/factories";
import { seedCustomRequest, sentQuote } from "../support/quotes";
import {
  type StandInSession,
  type StripeStandIn,
  signedEvent,
  startStripeStandIn,
  stripeSettings,
  STAND_IN_WEBHOOK_SECRET as WEBHOOK_SECRET,
} from "../support/stripe-stand-in";
import { countRows, TEST_ORIGIN } from "../support/test-app";

/** Each line says its dispatch date (docs/decisions/0015-working-days.md; exact dates: tests/api/dispatch-promise.test.ts). */
const DISPATCHED_BY = expect.stringMatching(/^Dispatched by \w+day \d{1,2} \w+ \d{4}$/);

// Paying a quote (docs/decisions/0014-quotes.md) with the real Stripe SDK against
// the local stand-in: an accepted quote opens a Checkout Session of price_data
// lines made when the shopper clicks, and the signed webhook and the success page
// racing for it make exactly one order, which marks the quote paid.

let stripe: StripeStandIn;
let shop: OwnerShop;

beforeAll(() => {
  stripe = startStripeStandIn();
});
afterAll(() => stripe.stop());

beforeEach(async () => {
  shop = await createOwnerShop(stripeSettings(stripe));
  setConfig(shop.db, "delivery_fee", "450");
  setConfig(shop.db, "free_delivery_threshold", "10000");
  seedCustomRequest(shop.db);
});
afterEach(() => shop.close());

async function accept(id: string, token: string): Promise<string> {
  const { status, body } = await shop.json<{ url?: string }>(`/api/quotes/${id}/accept`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ t: token }),
  });
  expect(status).toBe(200);
  return sessionIdOf(body.url ?? "");
}

async function deliver(type: string, session: StandInSession) {
  const { payload, header } = await signedEvent(type, session, WEBHOOK_SECRET);
  return shop.request("/api/stripe/webhook", {
    method: "POST",
    headers: { "Content-Type": "application/json", "Stripe-Signature": header },
    body: payload,
  });
}

describe("paying a quote through Stripe Checkout", () => {
  test("the session carries the quote's lines as price_data, its delivery, and returns to the quote on cancel", async () => {
    const { id, token } = await sentQuote(shop);
    const sessionId = await accept(id, token);
    const params = stripe.paramsOf(sessionId) as Record<string, any>;
    const checkoutId = shop.db.query<{ id: string }, []>("SELECT id FROM checkouts").get()?.id;
    expect(params.metadata).toEqual({ order_id: checkoutId });
    expect(params.line_items).toEqual([
      {
        quantity: "1",
        price_data: {
          currency: "gbp",
          unit_amount: "2500",
          product_data: { name: "Bracket, printed in blue PETG", description: DISPATCHED_BY },
        },
      },
      {
        quantity: "1",
        price_data: { currency: "gbp", unit_amount: "1500", product_data: { name: "Design time", description: DISPATCHED_BY } },
      },
    ]);
    expect(params.shipping_options[0].shipping_rate_data.fixed_amount).toEqual({ amount: "450", currency: "gbp" });
    expect(params.success_url).toBe(`${TEST_ORIGIN}/success?session_id={CHECKOUT_SESSION_ID}`);
    expect(params.cancel_url).toBe(`${TEST_ORIGIN}/quote/${id}?t=${token}`);
  });

  test("the session opens with the email the shopper's request gave, as customer_email", async () => {
    const { id, token } = await sentQuote(shop);
    const params = stripe.paramsOf(await accept(id, token)) as Record<string, any>;
    expect(params.customer_email).toBe("grace@example.com");
  });

  test("a link older than a Checkout Session's 24 hours still opens a fresh session on the day it is accepted", async () => {
    const callsBefore = stripe.createCalls;
    const { id, token } = await sentQuote(shop);
    // Sent three days ago: nothing was opened at the provider until the shopper clicked.
    shop.db.query("UPDATE quotes SET created_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-3 days') WHERE id = ?").run(id);
    expect(stripe.createCalls).toBe(callsBefore);
    const sessionId = await accept(id, token);
    const params = stripe.paramsOf(sessionId) as Record<string, any>;
    const expiresAt = Number(params.expires_at) * 1000;
    expect(expiresAt).toBeGreaterThan(Date.now() + 29 * 60_000);
  });

  test("the signed completed event and the success page racing make one order that marks the quote paid", async () => {
    const { id, token } = await sentQuote(shop);
    const sessionId = await accept(id, token);
    const paid = stripe.pay(sessionId);
    const [hook, page] = await Promise.all([
      deliver("checkout.session.completed", paid),
      confirmCheckout<{ orderId: string }>(shop, sessionId),
    ]);
    expect(hook.status).toBe(200);
    expect(page.status).toBe(200);
    expect((await deliver("checkout.session.completed", paid)).status).toBe(200);
    expect(countRows(shop.db, "orders")).toBe(1);
    expect(shop.db.query("SELECT status, order_id FROM quotes WHERE id = ?").get(id)).toEqual({
      status: "paid",
      order_id: page.body.orderId,
    });
    expect(shop.db.query("SELECT amount_cents, payment_provider FROM orders").get()).toEqual({
      amount_cents: 4450,
      payment_provider: "stripe",
    });
    expect(shop.db.query<{ n: number }, []>("SELECT count(*) AS n FROM email_outbox WHERE kind = 'order-confirmation'").get()?.n).toBe(1);
  });

  test("an expired session leaves the quote open, and accepting again opens a fresh session", async () => {
    const { id, token } = await sentQuote(shop);
    const sessionId = await accept(id, token);
    await deliver("checkout.session.expired", stripe.expire(sessionId));
    expect(shop.db.query("SELECT state FROM checkouts").get()).toEqual({ state: "expired" });
    expect(shop.db.query("SELECT status FROM quotes WHERE id = ?").get(id)).toEqual({ status: "sent" });
    const again = await accept(id, token);
    expect(again).not.toBe(sessionId);
  });

  test("Stripe unreachable is a 502 that charges nothing, and the quote can be accepted again", async () => {
    const { id, token } = await sentQuote(shop);
    // The SDK retries twice; all three attempts fail.
    stripe.failNext(3);
    const { status, body } = await shop.json<{ error?: string }>(`/api/quotes/${id}/accept`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ t: token }),
    });
    expect(status).toBe(502);
    expect(body.error).toBe("We couldn't reach the payment provider, so nothing was charged. Please try again in a moment.");
    expect(shop.db.query("SELECT state FROM checkouts").get()).toEqual({ state: "failed" });
    await accept(id, token);
  });
});
