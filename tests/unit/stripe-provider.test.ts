import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import Stripe from "stripe";
import { type CreatePaymentSession, PaymentProviderError } from "../../src/services/payments/provider";
import { createStripeProvider, type StripePaymentProvider, StripeSignatureError } from "../../src/services/payments/stripe";
import { type StripeStandIn, signedEvent, startStripeStandIn } from "../support/stripe-stand-in";

// The real SDK against the local stand-in: every test goes over HTTP, none leaves the machine.
const SECRET_KEY = "sk_test_strata";
const WEBHOOK_SECRET = "whsec_strata_test";

let standIn: StripeStandIn;
let stripe: StripePaymentProvider;

beforeEach(() => {
  standIn = startStripeStandIn();
  stripe = createStripeProvider({ secretKey: SECRET_KEY, apiBase: standIn.url });
});

afterEach(async () => {
  await standIn.stop();
});

const expiresAt = new Date(Date.now() + 45 * 60_000);

function checkout(overrides: Partial<CreatePaymentSession> = {}): CreatePaymentSession {
  return {
    checkoutId: "chk_0001",
    lines: [
      { name: "Route relief map — A4 tile", unitAmountPence: 2400, quantity: 2 },
      { name: "Bottle cage", unitAmountPence: 1250, quantity: 1 },
    ],
    deliveryPence: 395,
    currency: "gbp",
    expiresAt,
    successUrl: "http://shop.test/checkout/success?session_id={CHECKOUT_SESSION_ID}",
    cancelUrl: "http://shop.test/basket",
    idempotencyKey: "checkout-chk_0001",
    ...overrides,
  };
}

/** The decoded form parameters the shop sent for a session it created. */
async function sentFor(input: CreatePaymentSession = checkout()) {
  const created = await stripe.createSession(input);
  return { created, params: standIn.paramsOf(created.id) as Record<string, any> };
}

async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the promise to reject");
}

describe("createSession", () => {
  test("sends each basket line as gbp price_data with its name, unit amount and quantity", async () => {
    const { created, params } = await sentFor();
    expect(created.id).toStartWith("cs_test_");
    expect(created.url).toBe(`${standIn.url}/pay/${created.id}`);
    expect(params.mode).toBe("payment");
    expect(params.line_items).toEqual([
      { price_data: { currency: "gbp", product_data: { name: "Route relief map — A4 tile" }, unit_amount: "2400" }, quantity: "2" },
      { price_data: { currency: "gbp", product_data: { name: "Bottle cage" }, unit_amount: "1250" }, quantity: "1" },
    ]);
    expect(standIn.sessions.get(created.id)?.amount_total).toBe(2 * 2400 + 1250 + 395);
  });

  test("delivery is its own fixed-amount shipping line called 'UK delivery'", async () => {
    const { params } = await sentFor();
    expect(params.shipping_options).toEqual([
      { shipping_rate_data: { type: "fixed_amount", fixed_amount: { amount: "395", currency: "gbp" }, display_name: "UK delivery" } },
    ]);
  });

  test("free delivery is a zero shipping line called 'Free UK delivery'", async () => {
    const { created, params } = await sentFor(checkout({ deliveryPence: 0 }));
    expect(params.shipping_options[0].shipping_rate_data.fixed_amount.amount).toBe("0");
    expect(params.shipping_options[0].shipping_rate_data.display_name).toBe("Free UK delivery");
    expect(standIn.sessions.get(created.id)?.amount_total).toBe(2 * 2400 + 1250);
  });

  test("collects a GB shipping address and requires a billing address; Checkout asks for the email itself", async () => {
    const { params } = await sentFor();
    expect(params.shipping_address_collection).toEqual({ allowed_countries: ["GB"] });
    expect(params.billing_address_collection).toBe("required");
    expect(params.customer_email).toBeUndefined();
  });

  test("gift vouchers only (emailed): no delivery line and no delivery address asked for, the billing address still required", async () => {
    const { created, params } = await sentFor(
      checkout({ lines: [{ name: "Gift voucher — £25", unitAmountPence: 2500, quantity: 1 }], deliveryPence: 0, emailedOnly: true }),
    );
    expect(params.shipping_options).toBeUndefined();
    expect(params.shipping_address_collection).toBeUndefined();
    expect(params.billing_address_collection).toBe("required");
    expect(standIn.sessions.get(created.id)?.amount_total).toBe(2500);
  });

  test("the order id travels as metadata.order_id, client_reference_id and the payment intent's metadata", async () => {
    const { params } = await sentFor();
    expect(params.metadata).toEqual({ order_id: "chk_0001" });
    expect(params.client_reference_id).toBe("chk_0001");
    expect(params.payment_intent_data).toEqual({ metadata: { order_id: "chk_0001" } });
  });

  test("success and cancel URLs go as given, {CHECKOUT_SESSION_ID} left for Stripe; expires_at in unix seconds", async () => {
    const { params } = await sentFor();
    expect(params.success_url).toBe("http://shop.test/checkout/success?session_id={CHECKOUT_SESSION_ID}");
    expect(params.cancel_url).toBe("http://shop.test/basket");
    expect(params.expires_at).toBe(String(Math.floor(expiresAt.getTime() / 1000)));
  });

  test("the same idempotency key twice creates one session and answers the same one", async () => {
    const first = await stripe.createSession(checkout());
    const second = await stripe.createSession(checkout());
    expect(second).toEqual(first);
    expect(standIn.createCalls).toBe(2);
    expect(standIn.sessions.size).toBe(1);
  });

  test("the same idempotency key with a different basket is refused rather than answered with the old session", async () => {
    await stripe.createSession(checkout());
    const error = await rejectionOf(stripe.createSession(checkout({ deliveryPence: 0 })));
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect((error as PaymentProviderError).cause).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(standIn.sessions.size).toBe(1);
  });

  test("a 500 on the first try is retried under the same key and still makes exactly one session", async () => {
    standIn.failNext(1, 500);
    const created = await stripe.createSession(checkout());
    const creates = standIn.requests.filter((r) => r.path === "/v1/checkout/sessions");
    expect(creates.map((r) => r.status)).toEqual([500, 200]);
    expect(creates.map((r) => r.idempotencyKey)).toEqual(["checkout-chk_0001", "checkout-chk_0001"]);
    expect([...standIn.sessions.keys()]).toEqual([created.id]);
  });

  test("a Stripe that answers 500 to every call makes createSession throw PaymentProviderError for the shopper", async () => {
    standIn.failNext(100, 500);
    const error = await rejectionOf(stripe.createSession(checkout()));
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect((error as Error).message).toBe("The payment provider could not be reached. Please try again.");
    expect((error as PaymentProviderError).cause).toBeInstanceOf(Stripe.errors.StripeAPIError);
    expect(standIn.createCalls).toBe(3); // the first try and two retries, then it gives up
    expect(standIn.sessions.size).toBe(0);
  });

  test("a key Stripe refuses becomes PaymentProviderError too", async () => {
    const wrongKey = createStripeProvider({ secretKey: "sk_live_not_for_tests", apiBase: standIn.url });
    const error = await rejectionOf(wrongKey.createSession(checkout()));
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect((error as PaymentProviderError).cause).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
  });

  test("a session ending in under 30 minutes is refused, as Stripe refuses it", async () => {
    const error = await rejectionOf(stripe.createSession(checkout({ expiresAt: new Date(Date.now() + 20 * 60_000) })));
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect(standIn.sessions.size).toBe(0);
  });
});

describe("retrieveSession", () => {
  test("an open session reads as open and unpaid, with the order id and no addresses yet", async () => {
    const { id } = await stripe.createSession(checkout());
    expect(await stripe.retrieveSession(id)).toEqual({
      id,
      checkoutId: "chk_0001",
      status: "open",
      paymentStatus: "unpaid",
      customerEmail: null,
      amountTotal: 6445,
      currency: "gbp",
      shipping: null,
      billing: null,
    });
  });

  test("a paid session gives the shopper's email, billing address and shipping address (collected_information)", async () => {
    const { id } = await stripe.createSession(checkout());
    standIn.pay(id, {
      email: "sam@example.co.uk",
      name: "Sam Payer",
      address: { line1: "2 Mill Lane", line2: "Flat 3", city: "York", postal_code: "YO1 7HH", country: "GB" },
      shipping: { name: "Jo Gift", address: { line1: "9 Quay Road", line2: null, city: "Whitby", postal_code: "YO21 1DH" } },
    });
    expect(await stripe.retrieveSession(id)).toEqual({
      id,
      checkoutId: "chk_0001",
      status: "complete",
      paymentStatus: "paid",
      customerEmail: "sam@example.co.uk",
      amountTotal: 6445,
      currency: "gbp",
      billing: { name: "Sam Payer", line1: "2 Mill Lane", line2: "Flat 3", city: "York", postalCode: "YO1 7HH", country: "GB" },
      shipping: { name: "Jo Gift", line1: "9 Quay Road", line2: null, city: "Whitby", postalCode: "YO21 1DH", country: "GB" },
    });
  });

  test("a delayed payment reads complete but unpaid until it succeeds", async () => {
    const { id } = await stripe.createSession(checkout());
    standIn.completeUnpaid(id);
    expect(await stripe.retrieveSession(id)).toMatchObject({ status: "complete", paymentStatus: "unpaid" });
    standIn.succeedAsync(id);
    expect(await stripe.retrieveSession(id)).toMatchObject({ status: "complete", paymentStatus: "paid" });
  });

  test("an unknown session id retrieves as null", async () => {
    expect(await stripe.retrieveSession("cs_test_nobody")).toBeNull();
  });

  test("a Stripe that keeps failing makes retrieve throw PaymentProviderError, not answer null", async () => {
    const { id } = await stripe.createSession(checkout());
    standIn.failNext(3, 503);
    expect(await rejectionOf(stripe.retrieveSession(id))).toBeInstanceOf(PaymentProviderError);
  });
});

describe("expireSession", () => {
  test("expiring an open session ends it", async () => {
    const { id } = await stripe.createSession(checkout());
    await stripe.expireSession(id);
    expect((await stripe.retrieveSession(id))?.status).toBe("expired");
  });

  test("expiring an already-completed session does not throw and leaves it complete and paid", async () => {
    const { id } = await stripe.createSession(checkout());
    standIn.pay(id);
    await stripe.expireSession(id);
    expect(await stripe.retrieveSession(id)).toMatchObject({ status: "complete", paymentStatus: "paid" });
  });

  test("expiring an already-expired or unknown session does not throw", async () => {
    const { id } = await stripe.createSession(checkout());
    standIn.expire(id);
    await stripe.expireSession(id);
    await stripe.expireSession("cs_test_nobody");
    expect(standIn.sessions.get(id)?.status).toBe("expired");
  });
});

describe("parseWebhook", () => {
  async function paidSessionEvent(type = "checkout.session.completed") {
    const { id } = await stripe.createSession(checkout());
    return { id, ...(await signedEvent(type, standIn.pay(id), WEBHOOK_SECRET)) };
  }

  async function signatureErrorOf(promise: Promise<unknown>) {
    const error = await rejectionOf(promise);
    expect(error).toBeInstanceOf(StripeSignatureError);
    expect((error as Error).message).toBe("Invalid Stripe signature.");
  }

  test("accepts a correctly signed checkout.session.completed and maps the session to a snapshot", async () => {
    const { id, payload, header, eventId } = await paidSessionEvent();
    const event = await stripe.parseWebhook(payload, header, WEBHOOK_SECRET);
    expect(event.id).toBe(eventId);
    expect(event.type).toBe("checkout.session.completed");
    expect(event.snapshot).toEqual((await stripe.retrieveSession(id))!);
    expect(event.snapshot).toMatchObject({ checkoutId: "chk_0001", paymentStatus: "paid", customerEmail: "shopper@example.com" });
  });

  test("async payment and expiry events carry a snapshot too", async () => {
    const { id } = await stripe.createSession(checkout());
    const session = standIn.completeUnpaid(id);
    for (const type of ["checkout.session.async_payment_succeeded", "checkout.session.async_payment_failed", "checkout.session.expired"]) {
      const { payload, header } = await signedEvent(type, session, WEBHOOK_SECRET);
      expect((await stripe.parseWebhook(payload, header, WEBHOOK_SECRET)).snapshot?.id).toBe(id);
    }
  });

  test("other event types are verified but carry no snapshot", async () => {
    const intent = { id: "pi_123", object: "payment_intent", status: "succeeded" };
    const { payload, header } = await signedEvent("payment_intent.succeeded", intent, WEBHOOK_SECRET);
    expect(await stripe.parseWebhook(payload, header, WEBHOOK_SECRET)).toMatchObject({
      type: "payment_intent.succeeded",
      snapshot: null,
    });
  });

  test("a session from an API version before collected_information still gives its shipping address", async () => {
    const { id } = await stripe.createSession(checkout());
    const { collected_information, ...legacy } = standIn.pay(id);
    const olderShape = { ...legacy, shipping_details: collected_information?.shipping_details };
    const { payload, header } = await signedEvent("checkout.session.completed", olderShape, WEBHOOK_SECRET);
    const { snapshot } = await stripe.parseWebhook(payload, header, WEBHOOK_SECRET);
    expect(snapshot?.shipping).toEqual({
      name: "Alex Shopper",
      line1: "1 Harbour Street",
      line2: null,
      city: "Bristol",
      postalCode: "BS1 4DJ",
      country: "GB",
    });
  });

  test("rejects a tampered body", async () => {
    const { payload, header } = await paidSessionEvent();
    await signatureErrorOf(stripe.parseWebhook(payload.replace('"paid"', '"unpaid"'), header, WEBHOOK_SECRET));
  });

  test("rejects an event signed with another secret", async () => {
    const { payload, header } = await paidSessionEvent();
    await signatureErrorOf(stripe.parseWebhook(payload, header, "whsec_someone_else"));
  });

  test("rejects a missing or empty Stripe-Signature header", async () => {
    const { payload } = await paidSessionEvent();
    await signatureErrorOf(stripe.parseWebhook(payload, null, WEBHOOK_SECRET));
    await signatureErrorOf(stripe.parseWebhook(payload, "", WEBHOOK_SECRET));
  });

  test("rejects a signature older than 5 minutes, so a captured event cannot be replayed later", async () => {
    const { id } = await stripe.createSession(checkout());
    const timestamp = Math.floor(Date.now() / 1000) - 301;
    const { payload, header } = await signedEvent("checkout.session.completed", standIn.pay(id), WEBHOOK_SECRET, { timestamp });
    await signatureErrorOf(stripe.parseWebhook(payload, header, WEBHOOK_SECRET));
  });

  test("accepts a signature 4 minutes old (Stripe's delivery can lag)", async () => {
    const { id } = await stripe.createSession(checkout());
    const timestamp = Math.floor(Date.now() / 1000) - 240;
    const { payload, header } = await signedEvent("checkout.session.completed", standIn.pay(id), WEBHOOK_SECRET, { timestamp });
    expect((await stripe.parseWebhook(payload, header, WEBHOOK_SECRET)).snapshot?.status).toBe("complete");
  });
});

describe("the Stripe stand-in", () => {
  test("lists a session's line items as Stripe does, for the real SDK", async () => {
    const { id } = await stripe.createSession(checkout());
    const sdk = new Stripe(SECRET_KEY, { host: "127.0.0.1", port: new URL(standIn.url).port, protocol: "http" });
    const items = await sdk.checkout.sessions.listLineItems(id);
    expect(items.data.map((item) => [item.description, item.quantity, item.amount_total])).toEqual([
      ["Route relief map — A4 tile", 2, 4800],
      ["Bottle cage", 1, 1250],
    ]);
  });

  test("its hosted page pays the session and sends the shopper to the success URL with the session id", async () => {
    const { id, url } = await stripe.createSession(checkout());
    const response = await fetch(`${url}/pay`, { method: "POST", redirect: "manual" });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`http://shop.test/checkout/success?session_id=${id}`);
    expect(standIn.sessions.get(id)).toMatchObject({ status: "complete", payment_status: "paid" });
  });
});
