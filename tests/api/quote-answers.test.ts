import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { createOwnerShop, type OwnerShop } from "../support/admin";
import { confirmCheckout, payDemo, postCheckout, sessionIdOf } from "../support/checkout";
import { addProduct, BIRD_FEEDER, setConfig } from "../support/factories";
import { firstMatch, mainOf } from "../support/html";
import { acceptAndPay, goodQuote, seedCustomRequest, sentQuote, ukDay } from "../support/quotes";
import { countRows, TEST_ORIGIN } from "../support/test-app";

// The shopper's answers and the payment: accept opens the demo checkout for the
// quote's lines, paying makes one ordinary order that keeps the request's
// files; decline and "ask for changes" record the shopper's message and tell
// the owner; a quote that is no longer live says why
// (docs/decisions/0014-quotes.md).

const QUOTE_NOT_FOUND = { error: "Quote not found. Please use the link from your email." };
const OWNER = "owner@strata.test";

let shop: OwnerShop;

beforeEach(async () => {
  shop = await createOwnerShop({ OWNER_EMAIL: OWNER });
  setConfig(shop.db, "delivery_fee", "450");
  setConfig(shop.db, "free_delivery_threshold", "10000");
  seedCustomRequest(shop.db);
});
afterEach(() => shop.close());

type Answer = { url?: string; error?: string; status?: string; order_id?: string | null };

function post(id: string, action: "accept" | "decline" | "changes", body: unknown) {
  return shop.json<Answer>(`/api/quotes/${id}/${action}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
}

/** The quote page's plain form post (JavaScript off). */
function postForm(id: string, action: "accept" | "decline" | "changes", fields: Record<string, string>) {
  return shop.request(`/api/quotes/${id}/${action}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });
}

const quoteRow = (id: string) =>
  shop.db
    .query<{ status: string; shopper_message: string | null; responded_at: string | null; order_id: string | null }, [string]>(
      "SELECT status, shopper_message, responded_at, order_id FROM quotes WHERE id = ?",
    )
    .get(id);
const requestStatus = () => shop.db.query<{ status: string }, []>("SELECT status FROM custom_requests WHERE id = 'req-1'").get()?.status;
const emailsOfKind = (kind: string) =>
  shop.db
    .query<{ recipient: string; subject: string; text: string }, [string]>(
      "SELECT recipient, subject, text FROM email_outbox WHERE kind = ? ORDER BY id",
    )
    .all(kind);

describe("POST /api/quotes/{id}/accept", () => {
  test("answers the demo checkout's payment page for the quote's lines and delivery", async () => {
    const { id, token } = await sentQuote(shop);
    const { status, body } = await post(id, "accept", { t: token });
    expect(status).toBe(200);
    expect(body.url).toStartWith(`${TEST_ORIGIN}/checkout/demo/cs_demo_`);
    const session = shop.db
      .query<{ amount_total: number; delivery_cents: number; lines: string }, []>(
        "SELECT amount_total, delivery_cents, lines FROM demo_payment_sessions",
      )
      .get();
    expect(session?.amount_total).toBe(2500 + 1500 + 450);
    expect(session?.delivery_cents).toBe(450);
    expect(JSON.parse(session?.lines ?? "[]")).toEqual([
      expect.objectContaining({ name: "Bracket, printed in blue PETG", unitAmountPence: 2500, quantity: 1 }),
      expect.objectContaining({ name: "Design time", unitAmountPence: 1500, quantity: 1 }),
    ]);
  });

  test("the payment page opens with the name and email the request gave, and Cancel says it returns to the quote", async () => {
    const { id, token } = await sentQuote(shop);
    const sessionId = sessionIdOf((await post(id, "accept", { t: token })).body.url ?? "");
    const page = mainOf((await shop.html(`/checkout/demo/${sessionId}`)).body);
    expect(firstMatch(page, /<input[^>]*name="email"[^>]*value="([^"]*)"/)).toBe("grace@example.com");
    expect(firstMatch(page, /<input[^>]*name="name"[^>]*value="([^"]*)"/)).toBe("Grace Hopper");
    expect(page).toContain("Cancel and return to your quote");
    expect(page).not.toContain("return to basket");
  });

  test("Cancel on the payment page returns to the shopper's quote page, not the basket, and the quote stays open", async () => {
    const { id, token } = await sentQuote(shop);
    const sessionId = sessionIdOf((await post(id, "accept", { t: token })).body.url ?? "");
    const cancelled = await shop.request(`/checkout/demo/${sessionId}/cancel`, { method: "POST", redirect: "manual" });
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get("location")).toBe(`${TEST_ORIGIN}/quote/${id}?t=${token}`);
    expect(quoteRow(id)?.status).toBe("sent");
  });

  test("a basket's payment page opens empty and returns to the basket: the shop knows nobody before they pay", async () => {
    addProduct(shop.db, BIRD_FEEDER);
    const sessionId = sessionIdOf((await postCheckout(shop, [{ id: BIRD_FEEDER.id }])).body.url ?? "");
    const page = mainOf((await shop.html(`/checkout/demo/${sessionId}`)).body);
    expect(firstMatch(page, /<input[^>]*name="email"[^>]*value="([^"]*)"/)).toBe("");
    expect(page).toContain("Cancel and return to basket");
  });

  test("holds no stock: the quote's lines are work still to be made", async () => {
    const { id, token } = await sentQuote(shop);
    await post(id, "accept", { t: token });
    expect(shop.db.query("SELECT product_id, quantity, meta FROM checkout_lines ORDER BY id").all()).toEqual([
      { product_id: id, quantity: 1, meta: JSON.stringify({ quoteId: id }) },
      { product_id: id, quantity: 1, meta: JSON.stringify({ quoteId: id }) },
    ]);
  });

  test("a double click answers the same payment page and opens one checkout", async () => {
    const { id, token } = await sentQuote(shop);
    const [first, second] = await Promise.all([post(id, "accept", { t: token }), post(id, "accept", { t: token })]);
    expect(first.status).toBe(200);
    expect(second.body.url).toBe(first.body.url ?? "");
    expect(countRows(shop.db, "checkouts")).toBe(1);
    expect(countRows(shop.db, "demo_payment_sessions")).toBe(1);
  });

  test("tells the owner once that the shopper went to pay, however often they press", async () => {
    const { id, token } = await sentQuote(shop);
    await post(id, "accept", { t: token });
    await post(id, "accept", { t: token });
    const notices = emailsOfKind("quote-accepted");
    expect(notices).toHaveLength(1);
    expect(notices[0]?.recipient).toBe(OWNER);
  });

  test("a wrong token is the same 404 as an unknown quote, and opens no checkout", async () => {
    const { id } = await sentQuote(shop);
    expect(await post(id, "accept", { t: "not-the-token" })).toMatchObject({ status: 404, body: QUOTE_NOT_FOUND });
    expect(await post("qt_000000000000000000000000", "accept", { t: "x" })).toMatchObject({ status: 404, body: QUOTE_NOT_FOUND });
    expect(countRows(shop.db, "checkouts")).toBe(0);
  });

  test("no token at all is the same 404 and opens no checkout", async () => {
    const { id } = await sentQuote(shop);
    expect(await post(id, "accept", {})).toMatchObject({ status: 404, body: QUOTE_NOT_FOUND });
    expect(countRows(shop.db, "checkouts")).toBe(0);
  });

  test("a declined quote is a 409 that says it was declined", async () => {
    const { id, token } = await sentQuote(shop);
    await post(id, "decline", { t: token });
    expect(await post(id, "accept", { t: token })).toMatchObject({
      status: 409,
      body: { error: "This quote has been declined. Ask us for a new quote if you change your mind." },
    });
    expect(countRows(shop.db, "checkouts")).toBe(0);
  });

  test("an expired quote is a 409 that names the day it expired", async () => {
    const { id, token } = await sentQuote(shop);
    shop.db.query("UPDATE quotes SET valid_until = '2026-01-06' WHERE id = ?").run(id);
    expect(await post(id, "accept", { t: token })).toMatchObject({
      status: 409,
      body: { error: "This quote expired on Tuesday 6 January 2026. Ask us for a new quote." },
    });
    expect(countRows(shop.db, "checkouts")).toBe(0);
  });

  test("a withdrawn quote (replaced by a newer version) is a 409 that says so", async () => {
    const first = await sentQuote(shop);
    await sentQuote(shop);
    expect(await post(first.id, "accept", { t: first.token })).toMatchObject({
      status: 409,
      body: { error: "This quote has been replaced or withdrawn. Please use the link in the newest quote email we sent you." },
    });
    expect(countRows(shop.db, "checkouts")).toBe(0);
  });

  test("a paid quote is a 409 that says it has been paid", async () => {
    const { id, token } = await sentQuote(shop);
    await acceptAndPay(shop, id, token);
    expect(await post(id, "accept", { t: token })).toMatchObject({ status: 409, body: { error: "This quote has already been paid." } });
    expect(countRows(shop.db, "checkouts")).toBe(1);
  });

  test("a quote the shopper asked to change can still be accepted as it stands", async () => {
    const { id, token } = await sentQuote(shop);
    await post(id, "changes", { t: token, message: "Could it be green?" });
    expect((await post(id, "accept", { t: token })).status).toBe(200);
  });
});

describe("paying an accepted quote", () => {
  test("makes an ordinary order whose items are the quote's lines, and marks the quote paid and the request completed", async () => {
    const { id, token } = await sentQuote(shop);
    const { orderId } = await acceptAndPay(shop, id, token);
    expect(orderId).toMatch(/^ORD-/);
    expect(shop.db.query("SELECT status, subtotal_cents, delivery_cents, amount_cents FROM orders WHERE id = ?").get(orderId)).toEqual({
      status: "paid",
      subtotal_cents: 4000,
      delivery_cents: 450,
      amount_cents: 4450,
    });
    expect(
      shop.db
        .query("SELECT product_id, product_name, unit_price_cents, quantity FROM order_items WHERE order_id = ? ORDER BY id")
        .all(orderId),
    ).toEqual([
      { product_id: id, product_name: "Bracket, printed in blue PETG", unit_price_cents: 2500, quantity: 1 },
      { product_id: id, product_name: "Design time", unit_price_cents: 1500, quantity: 1 },
    ]);
    expect(quoteRow(id)).toMatchObject({ status: "paid", order_id: orderId });
    expect(requestStatus()).toBe("completed");
    const { body } = await shop.json<Answer>(`/api/quotes/${id}?t=${token}`);
    expect(body).toMatchObject({ status: "paid", order_id: orderId });
  });

  test("the order's confirmation and the owner's new-order notice are queued as for any order", async () => {
    const { id, token } = await sentQuote(shop);
    const { orderId } = await acceptAndPay(shop, id, token);
    expect(shop.db.query("SELECT kind, recipient FROM email_outbox WHERE order_id = ? ORDER BY kind").all(orderId)).toEqual([
      { kind: "new-order", recipient: OWNER },
      { kind: "order-confirmation", recipient: "ada@example.co.uk" },
    ]);
  });

  test("the order can be looked up like any other with its reference and postcode", async () => {
    const { id, token } = await sentQuote(shop);
    const { orderId } = await acceptAndPay(shop, id, token);
    const lookup = await shop.json<{ id?: string; items?: unknown[] }>(
      `/api/orders/${orderId}?postalCode=${encodeURIComponent("SW1Y 4JH")}`,
    );
    expect(lookup.status).toBe(200);
    expect(lookup.body.id).toBe(orderId);
  });

  test("the admin order screen names the request and links its attachments for download", async () => {
    const { id, token } = await sentQuote(shop);
    const { orderId } = await acceptAndPay(shop, id, token);
    const { status, body } = await shop.call<{ custom_request: unknown }>(`/api/admin/orders/${orderId}`);
    expect(status).toBe(200);
    expect(body.custom_request).toEqual({
      id: "req-1",
      name: "Grace Hopper",
      quote_id: id,
      attachments: [
        {
          id: "att-req-1",
          filename: "Bracket v2.stl",
          removed_at: null,
          download_url: "/api/admin/custom-requests/req-1/attachments/att-req-1/download",
        },
      ],
    });
  });

  test("an order no quote names as paid (as a basket's order) has no custom request on its admin screen", async () => {
    const { id, token } = await sentQuote(shop);
    const { orderId } = await acceptAndPay(shop, id, token);
    shop.db.query("UPDATE quotes SET status = 'withdrawn', order_id = NULL WHERE id = ?").run(id);
    const { body } = await shop.call<{ custom_request: unknown }>(`/api/admin/orders/${orderId}`);
    expect(body.custom_request).toBeNull();
  });

  test("the success page's confirm and a replayed confirm make exactly one order", async () => {
    const { id, token } = await sentQuote(shop);
    const { orderId, sessionId } = await acceptAndPay(shop, id, token);
    const again = await confirmCheckout<{ orderId: string }>(shop, sessionId);
    expect(again.body.orderId).toBe(orderId);
    expect(countRows(shop.db, "orders")).toBe(1);
  });

  /** Opens a payment page, then makes it nearly over, so the next click opens a fresh one. */
  async function twoPaymentPages(id: string, token: string): Promise<[string, string]> {
    const firstSession = sessionIdOf((await post(id, "accept", { t: token })).body.url ?? "");
    shop.db.query("UPDATE checkouts SET expires_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '+5 minutes')").run();
    shop.db.query("UPDATE demo_payment_sessions SET expires_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '+5 minutes')").run();
    const secondSession = sessionIdOf((await post(id, "accept", { t: token })).body.url ?? "");
    expect(secondSession).not.toBe(firstSession);
    return [firstSession, secondSession];
  }

  test("a payment page about to end is not handed out again: the fresh one replaces it, and the old one cannot be paid", async () => {
    const { id, token } = await sentQuote(shop);
    const [firstSession, secondSession] = await twoPaymentPages(id, token);
    const refused = await payDemo(shop, firstSession);
    expect(refused.headers.get("location")).toBe(`/checkout/demo/${firstSession}`);
    expect(countRows(shop.db, "orders")).toBe(0);
    expect((await payDemo(shop, secondSession)).status).toBe(303);
    const paid = await confirmCheckout<{ orderId: string }>(shop, secondSession);
    expect(quoteRow(id)).toMatchObject({ status: "paid", order_id: paid.body.orderId });
    expect(countRows(shop.db, "orders")).toBe(1);
  });

  test("a second payment of one quote (the provider missed our end of the old page) is an order flagged for refund", async () => {
    const { id, token } = await sentQuote(shop);
    const [firstSession, secondSession] = await twoPaymentPages(id, token);
    // Ending the old page at the provider failed (it only logs): the shopper pays both tabs.
    shop.db.query("UPDATE demo_payment_sessions SET status = 'open' WHERE id = ?").run(firstSession);
    await payDemo(shop, secondSession);
    const kept = await confirmCheckout<{ orderId: string }>(shop, secondSession);
    await payDemo(shop, firstSession);
    const extra = await confirmCheckout<{ orderId: string }>(shop, firstSession);
    expect(extra.status).toBe(200);
    expect(extra.body.orderId).not.toBe(kept.body.orderId);
    expect(quoteRow(id)).toMatchObject({ status: "paid", order_id: kept.body.orderId });
    expect(shop.db.query("SELECT id, refund_required FROM orders ORDER BY refund_required").all()).toEqual([
      { id: kept.body.orderId, refund_required: 0 },
      { id: extra.body.orderId, refund_required: 1 },
    ]);
  });
});

describe("POST /api/quotes/{id}/decline", () => {
  test("records the decline with the shopper's message and tells the owner", async () => {
    const { id, token } = await sentQuote(shop);
    const { status, body } = await post(id, "decline", { t: token, message: "Found one in a shop, thank you." });
    expect(status).toBe(200);
    expect(body.status).toBe("declined");
    expect(quoteRow(id)).toMatchObject({ status: "declined", shopper_message: "Found one in a shop, thank you." });
    expect(quoteRow(id)?.responded_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const notices = emailsOfKind("quote-declined");
    expect(notices).toHaveLength(1);
    expect(notices[0]?.text).toContain("Found one in a shop, thank you.");
  });

  test("needs no message", async () => {
    const { id, token } = await sentQuote(shop);
    expect((await post(id, "decline", { t: token })).status).toBe(200);
    expect(quoteRow(id)).toMatchObject({ status: "declined", shopper_message: null });
  });

  test("a message over 2000 characters is a 400 and changes nothing", async () => {
    const { id, token } = await sentQuote(shop);
    expect(await post(id, "decline", { t: token, message: "x".repeat(2001) })).toMatchObject({
      status: 400,
      body: { error: "The message can be at most 2000 characters." },
    });
    expect(quoteRow(id)).toMatchObject({ status: "sent", shopper_message: null, responded_at: null });
    expect(emailsOfKind("quote-declined")).toHaveLength(0);
  });

  test("a wrong token is the one 404, even with a bad message, and changes nothing", async () => {
    const { id } = await sentQuote(shop);
    expect(await post(id, "decline", { t: "wrong", message: "x".repeat(2001) })).toMatchObject({ status: 404, body: QUOTE_NOT_FOUND });
    expect(quoteRow(id)).toMatchObject({ status: "sent", responded_at: null });
  });

  test("declining twice is a 409 and keeps the first message", async () => {
    const { id, token } = await sentQuote(shop);
    await post(id, "decline", { t: token, message: "No thanks." });
    expect(await post(id, "decline", { t: token, message: "Changed my mind again." })).toMatchObject({
      status: 409,
      body: { error: "This quote has been declined. Ask us for a new quote if you change your mind." },
    });
    expect(quoteRow(id)?.shopper_message).toBe("No thanks.");
  });
});

describe("POST /api/quotes/{id}/changes", () => {
  test("records the request for changes with the message and tells the owner", async () => {
    const { id, token } = await sentQuote(shop);
    const { status, body } = await post(id, "changes", { t: token, message: "Could it be 5 mm thicker?" });
    expect(status).toBe(200);
    expect(body.status).toBe("changes_requested");
    expect(quoteRow(id)).toMatchObject({ status: "changes_requested", shopper_message: "Could it be 5 mm thicker?" });
    const notices = emailsOfKind("quote-changes");
    expect(notices).toHaveLength(1);
    expect(notices[0]?.recipient).toBe(OWNER);
    expect(notices[0]?.text).toContain("Could it be 5 mm thicker?");
  });

  test("no message is a 400 that asks for one, and changes nothing", async () => {
    const { id, token } = await sentQuote(shop);
    expect(await post(id, "changes", { t: token })).toMatchObject({ status: 400, body: { error: "Tell us what you would like changed." } });
    expect(await post(id, "changes", { t: token, message: "   " })).toMatchObject({
      status: 400,
      body: { error: "Tell us what you would like changed." },
    });
    expect(quoteRow(id)).toMatchObject({ status: "sent", responded_at: null });
    expect(emailsOfKind("quote-changes")).toHaveLength(0);
  });

  test("a second request for changes is a 409 that says a new quote is coming, and keeps the first message", async () => {
    const { id, token } = await sentQuote(shop);
    await post(id, "changes", { t: token, message: "Green, please." });
    expect(await post(id, "changes", { t: token, message: "And bigger." })).toMatchObject({
      status: 409,
      body: {
        error:
          "You have already asked for changes to this quote, and we will send you a new one. To add something, reply to the quote email.",
      },
    });
    expect(quoteRow(id)?.shopper_message).toBe("Green, please.");
  });

  test("asking to change an expired quote is a 409 naming the day", async () => {
    const { id, token } = await sentQuote(shop);
    shop.db.query("UPDATE quotes SET valid_until = '2026-03-29' WHERE id = ?").run(id);
    expect(await post(id, "changes", { t: token, message: "Green?" })).toMatchObject({
      status: 409,
      body: { error: "This quote expired on Sunday 29 March 2026. Ask us for a new quote." },
    });
  });
});

describe("the quote page's form posts (JavaScript off)", () => {
  test("accept answers 303 to the payment page", async () => {
    const { id, token } = await sentQuote(shop);
    const response = await postForm(id, "accept", { t: token });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toStartWith(`${TEST_ORIGIN}/checkout/demo/cs_demo_`);
  });

  test("changes answer 303 back to the quote page with done=changes", async () => {
    const { id, token } = await sentQuote(shop);
    const response = await postForm(id, "changes", { t: token, message: "Green, please." });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`/quote/${id}?t=${token}&done=changes`);
    expect(quoteRow(id)?.status).toBe("changes_requested");
  });

  test("decline answers 303 back to the quote page with done=declined", async () => {
    const { id, token } = await sentQuote(shop);
    const response = await postForm(id, "decline", { t: token, message: "" });
    expect(response.headers.get("location")).toBe(`/quote/${id}?t=${token}&done=declined`);
    expect(quoteRow(id)).toMatchObject({ status: "declined", shopper_message: null });
  });

  test("changes without a message go back to the page with problem=message and change nothing", async () => {
    const { id, token } = await sentQuote(shop);
    const response = await postForm(id, "changes", { t: token, message: "" });
    expect(response.headers.get("location")).toBe(`/quote/${id}?t=${token}&problem=message`);
    expect(quoteRow(id)?.status).toBe("sent");
  });

  test("accepting a declined quote goes back to the page with problem=declined", async () => {
    const { id, token } = await sentQuote(shop);
    await post(id, "decline", { t: token });
    const response = await postForm(id, "accept", { t: token });
    expect(response.headers.get("location")).toBe(`/quote/${id}?t=${token}&problem=declined`);
    expect(countRows(shop.db, "checkouts")).toBe(0);
  });

  test("accepting an expired quote goes back to the page with problem=expired", async () => {
    const { id, token } = await sentQuote(shop);
    shop.db.query("UPDATE quotes SET valid_until = ? WHERE id = ?").run(ukDay(-1), id);
    const response = await postForm(id, "accept", { t: token });
    expect(response.headers.get("location")).toBe(`/quote/${id}?t=${token}&problem=expired`);
  });

  test("a form another site made the browser send is refused with 403 and changes nothing", async () => {
    const { id, token } = await sentQuote(shop);
    const response = await shop.request(`/api/quotes/${id}/decline`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Site": "cross-site" },
      body: new URLSearchParams({ t: token }).toString(),
      redirect: "manual",
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: "Quotes can only be answered from this shop's own quote page." });
    expect(quoteRow(id)?.status).toBe("sent");
  });
});

describe("the owner's side", () => {
  test("GET /api/admin/custom-requests/{id} carries every version, newest first, with the shopper's answers", async () => {
    const first = await sentQuote(shop);
    await post(first.id, "changes", { t: first.token, message: "Green, please." });
    const second = await sentQuote(shop, { ...goodQuote(), delivery_cents: 0 });
    const { status, body } = await shop.call<{ status: string; quotes: Record<string, unknown>[] }>("/api/admin/custom-requests/req-1");
    expect(status).toBe(200);
    expect(body.status).toBe("in_progress");
    expect(body.quotes.map((quote) => [quote.id, quote.version, quote.status, quote.shopper_message, quote.total_cents])).toEqual([
      [second.id, 2, "sent", null, 4000],
      [first.id, 1, "withdrawn", "Green, please.", 4450],
    ]);
    expect(Object.keys(body.quotes[0] ?? {}).sort()).toEqual(
      [
        "created_at",
        "delivery_cents",
        "id",
        "lead_time_days",
        "lines",
        "message",
        "order_id",
        "responded_at",
        "shopper_message",
        "status",
        "total_cents",
        "valid_until",
        "version",
      ].sort(),
    );
  });

  test("the history shows a live quote past its date as expired", async () => {
    const { id } = await sentQuote(shop);
    shop.db.query("UPDATE quotes SET valid_until = ? WHERE id = ?").run(ukDay(-1), id);
    const { body } = await shop.call<{ quotes: { status: string }[] }>("/api/admin/custom-requests/req-1");
    expect(body.quotes[0]?.status).toBe("expired");
  });

  test("sending a quote emails the shopper the link, and only that email carries the token", async () => {
    const { id, token } = await sentQuote(shop);
    const emails = emailsOfKind("quote");
    expect(emails).toHaveLength(1);
    expect(emails[0]?.recipient).toBe("grace@example.com");
    expect(emails[0]?.text).toContain(`${TEST_ORIGIN}/quote/${id}?t=${token}`);
  });

  test("withdraw pulls a live quote: the link then says so, and its open payment page is ended", async () => {
    const { id, token } = await sentQuote(shop);
    const sessionId = sessionIdOf((await post(id, "accept", { t: token })).body.url ?? "");
    const { status, body } = await shop.call<{ status: string }>(`/api/admin/quotes/${id}/withdraw`, { method: "POST" });
    expect(status).toBe(200);
    expect(body.status).toBe("withdrawn");
    expect(shop.db.query("SELECT state, hold FROM checkouts").get()).toEqual({ state: "expired", hold: "released" });
    expect(
      shop.db.query<{ status: string }, [string]>("SELECT status FROM demo_payment_sessions WHERE id = ?").get(sessionId)?.status,
    ).toBe("expired");
  });

  test("withdrawing a quote that is not live is a 409 and changes nothing", async () => {
    const { id, token } = await sentQuote(shop);
    await post(id, "decline", { t: token });
    expect(await shop.call(`/api/admin/quotes/${id}/withdraw`, { method: "POST" })).toMatchObject({
      status: 409,
      body: { error: "Only a quote that is still open to the shopper can be withdrawn." },
    });
    expect(quoteRow(id)?.status).toBe("declined");
  });

  test("withdrawing an unknown quote is a 404", async () => {
    expect(await shop.call("/api/admin/quotes/qt_000000000000000000000000/withdraw", { method: "POST" })).toMatchObject({
      status: 404,
      body: { error: "Quote not found." },
    });
  });

  test("a new version ends the open payment page of the one it replaces", async () => {
    const first = await sentQuote(shop);
    const sessionId = sessionIdOf((await post(first.id, "accept", { t: first.token })).body.url ?? "");
    await sentQuote(shop);
    expect(
      shop.db.query<{ status: string }, [string]>("SELECT status FROM demo_payment_sessions WHERE id = ?").get(sessionId)?.status,
    ).toBe("expired");
  });

  test("answers from shoppers need no sign-in, but withdraw does", async () => {
    const { id } = await sentQuote(shop);
    const response = await shop.request(`/api/admin/quotes/${id}/withdraw`, { method: "POST" });
    expect(response.status).toBe(401);
    expect(quoteRow(id)?.status).toBe("sent");
  });
});
