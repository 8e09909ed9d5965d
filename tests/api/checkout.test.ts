import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { createApp } from "../../src/app";
import { createDeps } from "../../src/deps";
import {
  ageCheckouts,
  confirmCheckout,
  DEMO_FORM,
  demoPayRequest,
  payDemo,
  postCheckout,
  serveShoppers,
  sessionIdOf,
  shopperAddress,
  stockOf,
  units,
  variantStockOf,
} from "../support/checkout";
import { addProduct, BIRD_FEEDER, PLANTER, RELIEF_MAP, setConfig } from "../support/factories";
import { expectRetryAfter } from "../support/retry-after";
import { countRows, createTestShop, type TestShop } from "../support/test-app";

/** Each payment line says its dispatch date (docs/decisions/0015-working-days.md; exact dates: tests/api/dispatch-promise.test.ts). */
const DISPATCHED_BY = expect.stringMatching(/^Dispatched by \w+day \d{1,2} \w+ \d{4}$/);

// POST /api/checkout with the built-in demo checkout (no Stripe key): pricing,
// refusals, stock holds, delivery and the pay / cancel / expiry paths.

let shop: TestShop;

beforeEach(async () => {
  // TRUST_PROXY: the tests with many shoppers play the proxy (serveShoppers); in-process requests carry no X-Forwarded-For.
  shop = await createTestShop({ OWNER_EMAIL: "owner@strata.test", TRUST_PROXY: "true" });
  addProduct(shop.db, BIRD_FEEDER);
  addProduct(shop.db, { id: "labels", name: "Plant labels", price_cents: 450 });
  addProduct(shop.db, PLANTER);
  addProduct(shop.db, { id: "stand", name: "Headphone stand", price_cents: 1800, stock: 10, max_online_qty: 2 });
  addProduct(shop.db, RELIEF_MAP);
  addProduct(shop.db, { id: "lamp", name: "Lithophane", price_cents: 3400, requires_image: true });
});
afterEach(() => shop.close());

function addUpload(token: string, kind: "gpx" | "image", productId: string) {
  shop.db
    .query(
      "INSERT INTO uploads (token, kind, product_id, original_name, stored_name, content_type, size_bytes) VALUES (?, ?, ?, ?, ?, ?, 10)",
    )
    .run(
      token,
      kind,
      productId,
      `${token}.${kind === "gpx" ? "gpx" : "jpg"}`,
      `${token}-stored`,
      kind === "gpx" ? "application/gpx+xml" : "image/jpeg",
    );
}

async function demoSession(sessionId: string) {
  return shop.db
    .query<{ amount_total: number; lines: string; delivery_cents: number }, [string]>(
      "SELECT amount_total, lines, delivery_cents FROM demo_payment_sessions WHERE id = ?",
    )
    .get(sessionId);
}

/** Asserts a refused checkout stored nothing and held nothing. */
function expectNothingStored() {
  expect(countRows(shop.db, "checkouts")).toBe(0);
  expect(countRows(shop.db, "checkout_lines")).toBe(0);
  expect(countRows(shop.db, "demo_payment_sessions")).toBe(0);
  expect(stockOf(shop.db, "feeder")).toBe(5);
  expect(stockOf(shop.db, "planter")).toBe(5);
  expect(variantStockOf(shop.db, "planter-large")).toBe(2);
}

describe("a checkout that can be sold", () => {
  test("answers the demo payment page's URL and holds the units", async () => {
    const { status, body } = await postCheckout(shop, units(2, { id: "feeder" }));
    expect(status).toBe(200);
    expect(body.url).toMatch(/^http:\/\/shop\.test\/checkout\/demo\/cs_demo_\w+$/);
    expect(stockOf(shop.db, "feeder")).toBe(3);
  });

  test("tampered prices in the body change nothing: every price comes from the database", async () => {
    const items = units(2, { id: "feeder" }).map((item) => ({ ...item, price: 0.01, unitAmount: 1, price_cents: 1 }));
    const { body } = await postCheckout(shop, items);
    const session = await demoSession(sessionIdOf(body.url ?? ""));
    expect(session?.amount_total).toBe(2 * 2400 + 500);
    expect(JSON.parse(session?.lines ?? "[]")).toEqual([
      { name: "Bird feeder", unitAmountPence: 2400, quantity: 2, description: DISPATCHED_BY },
    ]);
  });

  test("a variant is priced at the variant's price and named with it", async () => {
    const { body } = await postCheckout(shop, units(1, { id: "planter", variantId: "planter-large" }));
    const session = await demoSession(sessionIdOf(body.url ?? ""));
    expect(JSON.parse(session?.lines ?? "[]")).toEqual([
      { name: "Planter — Large", unitAmountPence: 2200, quantity: 1, description: DISPATCHED_BY },
    ]);
    expect(variantStockOf(shop.db, "planter-large")).toBe(1);
    expect(stockOf(shop.db, "planter")).toBe(4);
  });

  test("delivery is the configured flat fee below the free-delivery threshold", async () => {
    setConfig(shop.db, "delivery_fee", "650");
    setConfig(shop.db, "free_delivery_threshold", "5000");
    const { body } = await postCheckout(shop, units(2, { id: "feeder" }));
    const session = await demoSession(sessionIdOf(body.url ?? ""));
    expect(session?.delivery_cents).toBe(650);
    expect(session?.amount_total).toBe(4800 + 650);
  });

  test("delivery is free once the subtotal reaches the threshold", async () => {
    setConfig(shop.db, "free_delivery_threshold", "4800");
    const { body } = await postCheckout(shop, units(2, { id: "feeder" }));
    const session = await demoSession(sessionIdOf(body.url ?? ""));
    expect(session?.delivery_cents).toBe(0);
    expect(session?.amount_total).toBe(4800);
  });

  test("uploads that belong to the product are accepted", async () => {
    addUpload("gpx-token-1", "gpx", "map");
    addUpload("img-token-1", "image", "lamp");
    const { status } = await postCheckout(shop, [
      { id: "map", gpxToken: "gpx-token-1" },
      { id: "lamp", imageToken: "img-token-1" },
    ]);
    expect(status).toBe(200);
  });
});

describe("a checkout that cannot be sold is refused and stores nothing", () => {
  const refusals: [string, () => unknown, number, string][] = [
    ["an empty basket", () => [], 400, "Your basket is empty."],
    [
      "an unknown product id",
      () => units(1, { id: "no-such-thing" }),
      400,
      'There is no product "no-such-thing" in the shop any more. Remove it from your basket and try again.',
    ],
    [
      "an unknown variant",
      () => units(1, { id: "planter", variantId: "planter-huge" }),
      400,
      '"Planter" has no option "planter-huge" any more. Remove it from your basket and add it again.',
    ],
    [
      "no variant for a product that has variants",
      () => units(1, { id: "planter" }),
      400,
      'Choose an option for "Planter" before checking out.',
    ],
    [
      "a variant for a product without variants",
      () => units(1, { id: "feeder", variantId: "planter-large" }),
      400,
      '"Bird feeder" has no option "planter-large". Remove it from your basket and add it again.',
    ],
    [
      "a missing GPX file",
      () => units(1, { id: "map" }),
      400,
      '"Relief map" needs your GPX file. Upload it on the product page, then check out again.',
    ],
    [
      "an unknown GPX token",
      () => units(1, { id: "map", gpxToken: "made-up" }),
      400,
      'The GPX file for "Relief map" was not found. Upload it again on the product page.',
    ],
    [
      "more units than stock",
      () => units(6, { id: "feeder" }),
      409,
      "Some items exceed current availability: Bird feeder: requested 6, available 5",
    ],
    [
      "more than maxOnlineQty",
      () => units(3, { id: "stand" }),
      409,
      "Some items exceed current availability: Headphone stand: requested 3, available 2",
    ],
    [
      "more of a variant than its stock",
      () => units(3, { id: "planter", variantId: "planter-large" }),
      409,
      "Some items exceed current availability: Planter (Large): requested 3, available 2",
    ],
  ];
  for (const [what, items, status, message] of refusals) {
    test(`${what}: ${status} "${message}"`, async () => {
      const answer = await postCheckout(shop, items());
      expect(answer.status).toBe(status);
      expect(answer.body).toEqual({ error: message });
      expectNothingStored();
    });
  }

  test("two basket lines of 3 + 3 for a product with stock 5 are refused", async () => {
    const answer = await postCheckout(shop, [
      ...units(3, { id: "planter", variantId: "planter-base" }),
      ...units(3, { id: "planter", variantId: "planter-large" }),
    ]);
    expect(answer.status).toBe(409);
    expect(answer.body.error).toContain("Planter: requested 6, available 5");
    expectNothingStored();
  });

  test("a photo uploaded for another product is refused as a foreign upload token", async () => {
    addUpload("img-for-map", "image", "map");
    const answer = await postCheckout(shop, units(1, { id: "lamp", imageToken: "img-for-map" }));
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      error: 'The photo in your basket was uploaded for a different product than "Lithophane". Upload it again on the product page.',
    });
    expectNothingStored();
  });

  test("a body that is not { items: [...] } gets 400 naming the shape", async () => {
    const answer = await shop.json("/api/checkout", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify([1, 2]),
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error: "Send the basket as { items: [...] }." });
    expectNothingStored();
  });

  test("a malformed Idempotency-Key gets 400", async () => {
    const answer = await postCheckout(shop, units(1, { id: "feeder" }), { "Idempotency-Key": "bad key!" });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error: "The Idempotency-Key header must be 8 to 100 letters, digits, hyphens or underscores." });
    expectNothingStored();
  });
});

describe("stock holds", () => {
  test("200 shoppers' concurrent checkouts for the last 5 units: 5 sessions, 195 answered 409 with the available count", async () => {
    const shoppers = serveShoppers(shop);
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, n) => shoppers.postCheckoutFrom(shopperAddress(n), units(1, { id: "feeder" }))),
    );
    shoppers.stop();
    const sold = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status === 409);
    expect(sold).toHaveLength(5);
    expect(refused).toHaveLength(195);
    for (const answer of refused) {
      expect(answer.body).toEqual({ error: "Some items exceed current availability: Bird feeder: requested 1, available 0" });
    }
    expect(stockOf(shop.db, "feeder")).toBe(0);
    expect(countRows(shop.db, "demo_payment_sessions")).toBe(5);

    for (const answer of sold) expect((await payDemo(shop, sessionIdOf(answer.body.url ?? ""))).status).toBe(303);
    expect(countRows(shop.db, "orders")).toBe(5);
    expect(stockOf(shop.db, "feeder")).toBe(0);
  });

  test("a double-clicked checkout with one Idempotency-Key makes one session and holds the stock once", async () => {
    const headers = { "Idempotency-Key": "basket-7f3a9c21" };
    const [first, second] = await Promise.all([
      postCheckout(shop, units(2, { id: "feeder" }), headers),
      postCheckout(shop, units(2, { id: "feeder" }), headers),
    ]);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body.url).toBe(first.body.url ?? "");
    expect(countRows(shop.db, "checkouts")).toBe(1);
    expect(stockOf(shop.db, "feeder")).toBe(3);
  });

  test("the same Idempotency-Key with a different basket is refused with 409", async () => {
    const headers = { "Idempotency-Key": "basket-7f3a9c21" };
    await postCheckout(shop, units(2, { id: "feeder" }), headers);
    const answer = await postCheckout(shop, units(3, { id: "feeder" }), headers);
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({ error: "This checkout was already started with a different basket. Reload the basket and try again." });
    expect(stockOf(shop.db, "feeder")).toBe(3);
  });

  test("cancelling on the payment page hands the units back at once and returns to the basket", async () => {
    const { body } = await postCheckout(shop, units(2, { id: "feeder" }));
    const response = await shop.request(`/checkout/demo/${sessionIdOf(body.url ?? "")}/cancel`, { method: "POST", redirect: "manual" });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("http://shop.test/basket?canceled=1");
    expect(stockOf(shop.db, "feeder")).toBe(5);
  });

  test("expiry releases exactly the held units, however many times the sweep runs", async () => {
    await postCheckout(shop, units(2, { id: "feeder" }));
    await postCheckout(shop, units(1, { id: "planter", variantId: "planter-large" }));
    expect(stockOf(shop.db, "feeder")).toBe(3);
    ageCheckouts(shop.db);
    const { checkout } = shop.deps;
    const first = await checkout.sweep();
    expect(first).toEqual({ fulfilled: 0, released: 2 });
    for (let replay = 0; replay < 5; replay++) expect(await checkout.sweep()).toEqual({ fulfilled: 0, released: 0 });
    expect(stockOf(shop.db, "feeder")).toBe(5);
    expect(stockOf(shop.db, "planter")).toBe(5);
    expect(variantStockOf(shop.db, "planter-large")).toBe(2);
  });

  test("a demo session past its end cannot be paid and its page says so", async () => {
    const { body } = await postCheckout(shop, units(1, { id: "feeder" }));
    const sessionId = sessionIdOf(body.url ?? "");
    ageCheckouts(shop.db);
    const pay = await payDemo(shop, sessionId);
    expect(pay.status).toBe(303);
    expect(pay.headers.get("location")).toBe(`/checkout/demo/${sessionId}`);
    expect(countRows(shop.db, "orders")).toBe(0);
    const page = await shop.html(`/checkout/demo/${sessionId}`);
    expect(page.body).toContain("This payment session has expired");
  });
});

describe("paying through the demo checkout", () => {
  test("the payment page is plainly a test and lists the lines, delivery and total", async () => {
    const { body } = await postCheckout(shop, units(2, { id: "feeder" }));
    const page = await shop.html(`/checkout/demo/${sessionIdOf(body.url ?? "")}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain("Test payment.");
    expect(page.body).toContain("2 × Bird feeder");
    expect(page.body).toContain("£53.00");
    for (const label of ["Email", "Full name", "Address line 1", "Address line 2 (optional)", "Town or city", "Postcode", "Country"]) {
      expect(page.body).toContain(`>${label}</label>`);
    }
  });

  test("Pay creates the paid order with both addresses and item meta, then goes to the success page", async () => {
    addUpload("gpx-token-1", "gpx", "map");
    const { body } = await postCheckout(shop, [
      ...units(1, { id: "map", gpxToken: "gpx-token-1" }),
      ...units(1, { id: "planter", variantId: "planter-large" }),
    ]);
    const sessionId = sessionIdOf(body.url ?? "");
    const response = await payDemo(shop, sessionId);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`http://shop.test/success?session_id=${sessionId}`);

    const confirm = await confirmCheckout<{ orderId: string }>(shop, sessionId);
    expect(confirm.status).toBe(200);
    expect(confirm.body.orderId).toMatch(/^ORD-[0-9A-Z]{26}$/);

    const order = await shop.json<Record<string, unknown>>(`/api/orders/${confirm.body.orderId}?sessionId=${sessionId}`);
    expect(order.status).toBe(200);
    expect(order.body).toMatchObject({
      status: "paid",
      amount_cents: 3900 + 2200 + 500,
      email: "ada@example.co.uk",
      shipping_name: "Ada Lovelace",
      shipping_line1: "12 St James's Square",
      shipping_city: "London",
      shipping_postal_code: "SW1Y 4JH",
      shipping_country: "GB",
      billing_name: "Ada Lovelace",
      billing_postal_code: "SW1Y 4JH",
      payment_session_id: sessionId,
      items: [
        {
          product_id: "map",
          product_name: "Relief map",
          unit_price_cents: 3900,
          quantity: 1,
          meta: { gpxToken: "gpx-token-1", gpxName: "gpx-token-1.gpx" },
        },
        {
          product_id: "planter",
          product_name: "Planter",
          unit_price_cents: 2200,
          quantity: 1,
          meta: { variantId: "planter-large", variantName: "Large" },
        },
      ],
    });
    const emails = shop.db.query<{ kind: string; recipient: string }, []>("SELECT kind, recipient FROM email_outbox ORDER BY kind").all();
    expect(emails).toEqual([
      { kind: "new-order", recipient: "owner@strata.test" },
      { kind: "order-confirmation", recipient: "ada@example.co.uk" },
    ]);
  });

  test("a different billing address is kept apart from the delivery address", async () => {
    const { body } = await postCheckout(shop, units(1, { id: "feeder" }));
    const sessionId = sessionIdOf(body.url ?? "");
    const { billingSame: _, ...form } = DEMO_FORM;
    await payDemo(shop, sessionId, {
      ...form,
      billingName: "Charles Babbage",
      billingLine1: "1 Dorset Street",
      billingCity: "London",
      billingPostalCode: "W1U 4EG",
    });
    const order = shop.db
      .query<{ shipping_name: string; billing_name: string; billing_postal_code: string }, []>(
        "SELECT shipping_name, billing_name, billing_postal_code FROM orders",
      )
      .get();
    expect(order).toEqual({ shipping_name: "Ada Lovelace", billing_name: "Charles Babbage", billing_postal_code: "W1U 4EG" });
  });

  test("a payment form without a postcode is shown again by the POST's answer with the problem and what was typed, and nothing is paid", async () => {
    const { body } = await postCheckout(shop, units(1, { id: "feeder" }));
    const sessionId = sessionIdOf(body.url ?? "");
    const response = await payDemo(shop, sessionId, { ...DEMO_FORM, postalCode: "" });
    expect(response.status).toBe(422);
    // No redirect: neither the message nor the shopper's details go into a URL.
    expect(response.headers.get("location")).toBeNull();
    const page = await response.text();
    expect(page).toContain("Enter a UK postcode, for example SW1A 1AA.");
    expect(page).toContain('value="ada@example.co.uk"');
    expect(page).toContain('value="Ada Lovelace"');
    expect(countRows(shop.db, "orders")).toBe(0);
  });

  test("the session call shows the lines, delivery and total, and the order once paid", async () => {
    const { body } = await postCheckout(shop, units(2, { id: "feeder" }));
    const sessionId = sessionIdOf(body.url ?? "");
    const before = await shop.json(`/api/checkout/session?id=${sessionId}`);
    expect(before.body).toEqual({
      status: "open",
      payment_status: "unpaid",
      customer_email: null,
      currency: "gbp",
      amount_total: 5300,
      line_items: [
        { description: "Bird feeder", quantity: 2, amount_total: 4800, currency: "gbp" },
        { description: "UK delivery", quantity: 1, amount_total: 500, currency: "gbp" },
      ],
      order_id: null,
    });
    await payDemo(shop, sessionId);
    const after = await shop.json<{ status: string; payment_status: string; order_id: string }>(`/api/checkout/session?id=${sessionId}`);
    expect(after.body.status).toBe("complete");
    expect(after.body.payment_status).toBe("paid");
    expect(after.body.order_id).toMatch(/^ORD-/);
  });

  test("confirming an unpaid session answers 202 with no order yet", async () => {
    const { body } = await postCheckout(shop, units(1, { id: "feeder" }));
    const confirm = await confirmCheckout(shop, sessionIdOf(body.url ?? ""));
    expect(confirm.status).toBe(202);
    expect(confirm.body).toEqual({ orderId: null, status: "processing" });
    expect(countRows(shop.db, "orders")).toBe(0);
  });

  test("confirming an unknown session answers 404", async () => {
    const confirm = await confirmCheckout(shop, "cs_demo_nothing");
    expect(confirm.status).toBe(404);
    expect(confirm.body).toEqual({ error: "We couldn't find that checkout." });
  });

  test("a session id that is not one answers 400", async () => {
    const answer = await shop.json("/api/checkout/session?id=../../etc");
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error: "That is not a checkout session id." });
  });
});

describe("the demo checkout page takes nothing from its URL and no orders from other sites", () => {
  test("text in ?error= and shopper details in the query string never appear on the page", async () => {
    const { body } = await postCheckout(shop, units(1, { id: "feeder" }));
    const sessionId = sessionIdOf(body.url ?? "");
    const bait = "Your card was declined. Call 0900 123 456 to pay by phone";
    const query = new URLSearchParams({ error: bait, email: "victim@evil.example", name: "Mallory" });
    const page = await shop.html(`/checkout/demo/${sessionId}?${query}`);
    expect(page.status).toBe(200);
    expect(page.body).not.toContain("0900 123 456");
    expect(page.body).not.toContain("victim@evil.example");
    expect(page.body).not.toContain("Mallory");
    expect(page.body).not.toContain('role="alert"');
  });

  test("a GET of the cancel address changes nothing: the units stay held and the page stays payable", async () => {
    const { body } = await postCheckout(shop, units(2, { id: "feeder" }));
    const sessionId = sessionIdOf(body.url ?? "");
    const response = await shop.request(`/checkout/demo/${sessionId}/cancel`, { redirect: "manual" });
    expect(response.status).toBe(404);
    expect(stockOf(shop.db, "feeder")).toBe(3);
    expect((await payDemo(shop, sessionId)).headers.get("location")).toBe(`http://shop.test/success?session_id=${sessionId}`);
  });

  test("the page cancels with a POST button, not a link", async () => {
    const { body } = await postCheckout(shop, units(1, { id: "feeder" }));
    const sessionId = sessionIdOf(body.url ?? "");
    const page = await shop.html(`/checkout/demo/${sessionId}`);
    // HTML attribute names are case-insensitive; React writes this one as formAction.
    expect(page.body.toLowerCase()).toContain(`formaction="/checkout/demo/${sessionId}/cancel"`.toLowerCase());
    expect(page.body).not.toContain(`href="/checkout/demo/${sessionId}/cancel"`);
  });

  const crossSite: [string, Record<string, string>][] = [
    ["Sec-Fetch-Site: cross-site", { "Sec-Fetch-Site": "cross-site" }],
    ["an Origin of another site", { Origin: "https://evil.example" }],
  ];
  for (const [what, headers] of crossSite) {
    test(`a pay post with ${what} is refused with 403 and nothing is paid`, async () => {
      const { body } = await postCheckout(shop, units(1, { id: "feeder" }));
      const sessionId = sessionIdOf(body.url ?? "");
      const request = demoPayRequest();
      const response = await shop.request(`/checkout/demo/${sessionId}/pay`, {
        ...request,
        headers: { ...(request.headers as Record<string, string>), ...headers },
      });
      expect(response.status).toBe(403);
      expect(await response.text()).toContain("Payments can only be made or cancelled from this shop's own payment page.");
      expect(countRows(shop.db, "orders")).toBe(0);
      expect(shop.db.query<{ status: string }, []>("SELECT status FROM demo_payment_sessions").get()?.status).toBe("open");
    });

    test(`a cancel post with ${what} is refused with 403 and the units stay held`, async () => {
      const { body } = await postCheckout(shop, units(2, { id: "feeder" }));
      const sessionId = sessionIdOf(body.url ?? "");
      const response = await shop.request(`/checkout/demo/${sessionId}/cancel`, { method: "POST", headers, redirect: "manual" });
      expect(response.status).toBe(403);
      expect(stockOf(shop.db, "feeder")).toBe(3);
      expect(shop.db.query<{ status: string }, []>("SELECT status FROM demo_payment_sessions").get()?.status).toBe("open");
    });
  }

  test("a same-origin pay post from the page itself is accepted", async () => {
    const { body } = await postCheckout(shop, units(1, { id: "feeder" }));
    const sessionId = sessionIdOf(body.url ?? "");
    const request = demoPayRequest();
    const headers = { ...(request.headers as Record<string, string>), "Sec-Fetch-Site": "same-origin", Origin: "http://shop.test" };
    const response = await shop.request(`/checkout/demo/${sessionId}/pay`, { ...request, headers });
    expect(response.status).toBe(303);
    expect(countRows(shop.db, "orders")).toBe(1);
  });
});

describe("no denial of inventory: limits per address", () => {
  const demoStatus = (sessionId: string) =>
    shop.db.query<{ status: string }, [string]>("SELECT status FROM demo_payment_sessions WHERE id = ?").get(sessionId)?.status;

  test("the 21st checkout from one address in 10 minutes is refused with 429 and Retry-After, and holds nothing", async () => {
    for (let n = 0; n < 20; n++) expect((await postCheckout(shop, units(1, { id: "labels" }))).status).toBe(200);
    const refused = await postCheckout(shop, units(1, { id: "feeder" }));
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      error: "Too many checkouts have been started from your connection. Please wait a few minutes and try again.",
    });
    expectRetryAfter(refused.response, 1, 600);
    expect(countRows(shop.db, "checkouts")).toBe(20);
    expect(stockOf(shop.db, "feeder")).toBe(5);
  });

  test("another address still checks out while one address is refused", async () => {
    const shoppers = serveShoppers(shop);
    try {
      for (let n = 0; n < 20; n++) await shoppers.postCheckoutFrom("203.0.113.9", units(1, { id: "labels" }));
      expect((await shoppers.postCheckoutFrom("203.0.113.9", units(1, { id: "feeder" }))).status).toBe(429);
      expect((await shoppers.postCheckoutFrom("203.0.113.10", units(1, { id: "feeder" }))).status).toBe(200);
      expect(stockOf(shop.db, "feeder")).toBe(4);
    } finally {
      shoppers.stop();
    }
  });

  test("one address holding 20 units is refused a 21st with 429 and Retry-After, and nothing more is held", async () => {
    for (let n = 0; n < 4; n++) expect((await postCheckout(shop, units(5, { id: "labels" }))).status).toBe(200);
    const refused = await postCheckout(shop, units(1, { id: "feeder" }));
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      error:
        "You already have 20 items held in unfinished checkouts, and at most 20 can be held at a time. Pay for or cancel that checkout first, or try again once its items are released.",
    });
    // Until the first of those holds can end (31 minutes) and the sweep has passed.
    expect(Number(refused.response.headers.get("retry-after"))).toBeGreaterThan(30 * 60);
    expect(countRows(shop.db, "checkouts")).toBe(4);
    expect(stockOf(shop.db, "feeder")).toBe(5);
  });

  test("the held units are counted from the database: a restarted shop still refuses the 21st", async () => {
    for (let n = 0; n < 4; n++) await postCheckout(shop, units(5, { id: "labels" }));
    const restarted = createApp(createDeps(shop.env, shop.db, shop.deps.assets));
    const refused = await restarted.answer(
      new Request("http://shop.test/api/checkout", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ items: units(1, { id: "feeder" }) }),
      }),
    );
    expect(refused.status).toBe(429);
    expect(stockOf(shop.db, "feeder")).toBe(5);
  });

  test("the address is stored only as a keyed hash", async () => {
    const shoppers = serveShoppers(shop);
    try {
      await shoppers.postCheckoutFrom("203.0.113.77", units(1, { id: "labels" }));
    } finally {
      shoppers.stop();
    }
    const holder = shop.db.query<{ holder: string }, []>("SELECT holder FROM checkouts").get()?.holder ?? "";
    expect(holder).toMatch(/^[0-9a-f]{64}$/);
    expect(holder).not.toBe(new Bun.CryptoHasher("sha256").update("203.0.113.77").digest("hex"));
  });

  test("paid units no longer count against the address", async () => {
    for (let n = 0; n < 4; n++) {
      const { body } = await postCheckout(shop, units(5, { id: "labels" }));
      await payDemo(shop, sessionIdOf(body.url ?? ""));
    }
    expect((await postCheckout(shop, units(1, { id: "feeder" }))).status).toBe(200);
  });

  test("a single checkout of more than 20 units is refused with 409 and stores nothing", async () => {
    const refused = await postCheckout(shop, units(21, { id: "labels" }));
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      error: "One checkout can hold at most 20 items. Remove some from your basket, or send us a custom request for a larger order.",
    });
    expectNothingStored();
  });

  test("a newer checkout from the same basket releases the older unpaid hold at once and its payment page can no longer be paid", async () => {
    const first = await postCheckout(shop, units(2, { id: "feeder" }), {
      "Idempotency-Key": "key-one-1234",
      "Basket-Id": "basket-a1b2c3d4-5e6f-4a7b-8c9d-0e1f2a3b4c5d",
    });
    const older = sessionIdOf(first.body.url ?? "");
    expect(stockOf(shop.db, "feeder")).toBe(3);

    const second = await postCheckout(shop, units(3, { id: "feeder" }), {
      "Idempotency-Key": "key-two-1234",
      "Basket-Id": "basket-a1b2c3d4-5e6f-4a7b-8c9d-0e1f2a3b4c5d",
    });
    expect(second.status).toBe(200);
    expect(stockOf(shop.db, "feeder")).toBe(2); // 5 − 3: the older 2 went back first
    expect(demoStatus(older)).toBe("expired");
    const pay = await payDemo(shop, older);
    expect(pay.headers.get("location")).toBe(`/checkout/demo/${older}`);
    expect(countRows(shop.db, "orders")).toBe(0);
    // The newer one is what the shopper pays.
    expect((await payDemo(shop, sessionIdOf(second.body.url ?? ""))).status).toBe(303);
    expect(countRows(shop.db, "orders")).toBe(1);
    expect(stockOf(shop.db, "feeder")).toBe(2);
  });

  test("a replaced checkout's units do not count against the address", async () => {
    const basket = { "Basket-Id": "basket-a1b2c3d4-5e6f-4a7b-8c9d-0e1f2a3b4c5d" };
    expect((await postCheckout(shop, units(15, { id: "labels" }), { ...basket, "Idempotency-Key": "key-one-1234" })).status).toBe(200);
    expect((await postCheckout(shop, units(18, { id: "labels" }), { ...basket, "Idempotency-Key": "key-two-1234" })).status).toBe(200);
  });

  test("a repeat with the same Idempotency-Key and Basket-Id answers the same payment page and replaces nothing", async () => {
    const headers = { "Idempotency-Key": "key-one-1234", "Basket-Id": "basket-a1b2c3d4-5e6f-4a7b-8c9d-0e1f2a3b4c5d" };
    const first = await postCheckout(shop, units(2, { id: "feeder" }), headers);
    const again = await postCheckout(shop, units(2, { id: "feeder" }), headers);
    expect(again.body.url).toBe(first.body.url ?? "");
    expect(demoStatus(sessionIdOf(first.body.url ?? ""))).toBe("open");
    expect(stockOf(shop.db, "feeder")).toBe(3);
  });

  test("a newer checkout of the same basket that is refused leaves the older one held and payable", async () => {
    const basket = { "Basket-Id": "basket-a1b2c3d4-5e6f-4a7b-8c9d-0e1f2a3b4c5d" };
    const first = await postCheckout(shop, units(2, { id: "feeder" }), { ...basket, "Idempotency-Key": "key-one-1234" });
    const refused = await postCheckout(shop, units(6, { id: "feeder" }), { ...basket, "Idempotency-Key": "key-two-1234" });
    expect(refused.status).toBe(409);
    expect(stockOf(shop.db, "feeder")).toBe(3);
    expect(demoStatus(sessionIdOf(first.body.url ?? ""))).toBe("open");
  });

  test("a checkout from another basket leaves the first one alone", async () => {
    const first = await postCheckout(shop, units(2, { id: "feeder" }), { "Basket-Id": "basket-a1b2c3d4-5e6f-4a7b-8c9d-0e1f2a3b4c5d" });
    await postCheckout(shop, units(1, { id: "feeder" }), { "Basket-Id": "basket-e5f6a7b8-9c0d-4e1f-8a2b-3c4d5e6f7a8b" });
    expect(stockOf(shop.db, "feeder")).toBe(2);
    expect(demoStatus(sessionIdOf(first.body.url ?? ""))).toBe("open");
  });

  test("a malformed Basket-Id gets 400 and stores nothing", async () => {
    const answer = await postCheckout(shop, units(1, { id: "feeder" }), { "Basket-Id": "no good!" });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error: "The Basket-Id header must be 32 to 100 letters, digits, hyphens or underscores." });
    expectNothingStored();
  });
});
