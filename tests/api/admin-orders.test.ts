import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createOutboxDelivery, listOutbox } from "../../src/modules/outbox/service";
import { createResendMailer } from "../../src/services/mail/resend";
import { createOwnerShop, type OwnerShop } from "../support/admin";
import { buyThroughDemoCheckout, type Entry, stockOf, units, variantStockOf } from "../support/checkout";
import { addProduct, addProject, BIRD_FEEDER, PLANTER, RELIEF_MAP } from "../support/factories";
import { startResendStandIn } from "../support/resend-stand-in";
import { putInUploads } from "../support/uploads-folder";

// The owner's order calls: list and detail, tracking (which fulfils and emails
// the shopper through the outbox), status changes and cancellation with or
// without restocking, the dashboard, custom requests and attachment downloads.
// Every order here is a real one: checkout, demo payment, confirm.

const CANCELLED = { error: "This order is cancelled and cannot be updated." };
const TRACKING_REQUIRED = { error: "Add a carrier and tracking number before finalizing shipment." };
const BAD_TRACKING_URL = { error: "The tracking link must start with http:// or https://." };
const BAD_STATUS = { error: "Status must be paid, fulfilled or canceled." };
const SHIPMENT = { carrier: "Royal Mail", number: "RM123456789GB", url: "https://track.royalmail.com/RM123456789GB" };

type Answer = { order: Record<string, unknown> & { status: string; emails: { kind: string }[] }; trackingEmail?: Record<string, unknown> };

let shop: OwnerShop;

async function openShop(variables: Record<string, string> = {}) {
  shop = await createOwnerShop(variables);
  addProduct(shop.db, BIRD_FEEDER);
  addProduct(shop.db, PLANTER);
  addProduct(shop.db, RELIEF_MAP);
}

beforeEach(() => openShop());
afterEach(() => shop.close());

/** A paid order's id; two bird feeders unless told otherwise. */
async function buy(items: Entry[] = units(2, { id: "feeder" })): Promise<string> {
  return (await buyThroughDemoCheckout(shop, items)).orderId;
}

function post<T = Answer>(path: string, body: unknown) {
  return shop.call<T>(path, { method: "POST", body });
}

function trackingEmails(orderId: string) {
  return listOutbox(shop.db, { orderId }).filter((row) => row.kind === "tracking");
}

/**
 * The outbox really sends what waits (the Resend SDK against the local
 * stand-in), as a shop with email set up would: only then does a tracking
 * email count as already sent.
 */
async function sendOutbox() {
  const resend = startResendStandIn();
  try {
    const mailer = createResendMailer({ apiKey: resend.apiKey, apiBase: resend.url });
    await createOutboxDelivery({ db: shop.db, mailer, from: "Strata <orders@strata.test>" }).deliverDue();
  } finally {
    await resend.stop();
  }
}

/** Everything an order call could touch, to prove a refused one changed nothing. */
function snapshot(): string {
  const tables = ["orders", "order_items", "email_outbox", "products", "product_variants", "custom_requests"];
  return JSON.stringify(tables.map((table) => shop.db.query(`SELECT * FROM ${table} ORDER BY rowid`).all()));
}

describe("reading orders", () => {
  test("the list answers every order newest first in the list shape, with units counted", async () => {
    const first = await buy();
    const second = await buy([...units(1, { id: "feeder" }), ...units(2, { id: "planter", variantId: "planter-large" })]);
    const { status, body, response } = await shop.call<Record<string, unknown>[]>("/api/admin/orders");
    expect(status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(body.map((order) => order.id)).toEqual([second, first]);
    expect(body[1]).toEqual({
      gift: false,
      id: first,
      status: "paid",
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      amount_cents: 2 * 2400 + 500,
      currency: "gbp",
      email: "ada@example.co.uk",
      shipping_name: "Ada Lovelace",
      shipping_postal_code: "SW1Y 4JH",
      item_count: 2,
      refund_required: false,
      tracking_carrier: null,
      tracking_number: null,
      tracking_notified_at: null,
      payment_session_id: expect.stringMatching(/^cs_demo_/),
      stage: "queued",
      stages: [{ stage: "queued", at: body[1]?.created_at }],
      dispatch_by: expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
      dispatch_dates: [],
      hold: null,
    });
    expect(body[0]?.item_count).toBe(3);
  });

  test("the detail answers the whole order, the owner's fields and the emails about it", async () => {
    const id = await buy([...units(1, { id: "planter", variantId: "planter-large" })]);
    const { status, body } = await shop.call<Record<string, unknown>>(`/api/admin/orders/${id}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id,
      status: "paid",
      subtotal_cents: 2200,
      billing_postal_code: "SW1Y 4JH",
      tracking_url: null,
      refund_required: false,
      restocked: false,
      canceled_at: null,
      payment_provider: "demo",
      items: [
        {
          product_id: "planter",
          product_name: "Planter",
          unit_price_cents: 2200,
          quantity: 1,
          meta: { variantId: "planter-large", variantName: "Large" },
        },
      ],
      emails: [
        {
          kind: "order-confirmation",
          recipient: "ada@example.co.uk",
          status: "pending",
          attempts: 0,
          last_error: null,
          sent_at: null,
          created_at: expect.any(String),
          // No mail service in this shop: the owner reads it as not sent.
          delivery: "not-sent",
          reason: "smtp-not-configured",
        },
      ],
      tracking_email: null,
    });
  });

  test("an unknown order answers 404 'Order not found.'", async () => {
    expect(await shop.call("/api/admin/orders/ORD-NOSUCHORDER00")).toMatchObject({ status: 404, body: { error: "Order not found." } });
  });
});

describe("saving tracking", () => {
  test("fulfils a paid order and puts exactly one tracking email in the outbox", async () => {
    const id = await buy();
    const { status, body } = await post(`/api/admin/orders/${id}/tracking`, SHIPMENT);
    expect(status).toBe(200);
    expect(body.trackingEmail).toEqual({ sent: false, reason: "smtp-not-configured" });
    expect(body.order).toMatchObject({
      status: "fulfilled",
      tracking_carrier: "Royal Mail",
      tracking_number: "RM123456789GB",
      tracking_url: SHIPMENT.url,
      tracking_notified_at: null, // queued is not emailed
    });
    expect(body.order.emails.map((email) => email.kind)).toContain("tracking");
    const emails = trackingEmails(id);
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({
      dedupe_key: `tracking:${id}:1`,
      recipient: "ada@example.co.uk",
      status: "pending",
      subject: `Your Strata order ${id} is on its way`,
    });
    for (const fact of ["Royal Mail", "RM123456789GB", SHIPMENT.url, "Bird feeder"]) {
      expect(emails[0]?.text).toContain(fact);
      expect(emails[0]?.html).toContain(fact);
    }
  });

  test("a second save after the tracking email was sent answers 'already-sent', keeps the new tracking and adds no email", async () => {
    const id = await buy();
    await post(`/api/admin/orders/${id}/tracking`, SHIPMENT);
    await sendOutbox();
    const { status, body } = await post(`/api/admin/orders/${id}/tracking`, { carrier: "DPD", number: "15501234" });
    expect(status).toBe(200);
    expect(body.trackingEmail).toEqual({ sent: false, reason: "already-sent" });
    expect(body.order).toMatchObject({ status: "fulfilled", tracking_carrier: "DPD", tracking_number: "15501234", tracking_url: null });
    expect(trackingEmails(id)).toHaveLength(1);
  });

  test("forceResend after the tracking email was sent adds a second one under the next key", async () => {
    const id = await buy();
    await post(`/api/admin/orders/${id}/tracking`, SHIPMENT);
    await sendOutbox();
    const { body } = await post(`/api/admin/orders/${id}/tracking`, { carrier: "DPD", number: "15501234", forceResend: true });
    expect(body.trackingEmail).toEqual({ sent: false, reason: "smtp-not-configured" });
    const keys = trackingEmails(id)
      .map((row) => row.dedupe_key)
      .sort();
    expect(keys).toEqual([`tracking:${id}:1`, `tracking:${id}:2`]);
    expect(trackingEmails(id).find((row) => row.dedupe_key.endsWith(":2"))?.text).toContain("DPD");
  });

  test("a resend never reuses a number, even after an older tracking email was removed", async () => {
    const id = await buy();
    await post(`/api/admin/orders/${id}/tracking`, SHIPMENT);
    await sendOutbox();
    await post(`/api/admin/orders/${id}/tracking`, { ...SHIPMENT, forceResend: true });
    await sendOutbox();
    shop.db.query("DELETE FROM email_outbox WHERE dedupe_key = ?").run(`tracking:${id}:1`);
    await post(`/api/admin/orders/${id}/tracking`, { ...SHIPMENT, forceResend: true });
    expect(
      trackingEmails(id)
        .map((row) => row.dedupe_key)
        .sort(),
    ).toEqual([`tracking:${id}:2`, `tracking:${id}:3`]);
  });

  test("an outbox that does not take the email answers 'claim-error' with the detail, keeps the tracking and does not mark it emailed", async () => {
    const id = await buy();
    // A trigger makes the insert a silent no-op, as a conflicting key would.
    shop.db.run("CREATE TRIGGER drop_tracking BEFORE INSERT ON email_outbox WHEN NEW.kind = 'tracking' BEGIN SELECT RAISE(IGNORE); END");
    const { status, body } = await post(`/api/admin/orders/${id}/tracking`, SHIPMENT);
    expect(status).toBe(200);
    expect(body.trackingEmail).toEqual({
      sent: false,
      reason: "claim-error",
      error: `The outbox did not accept the email tracking:${id}:1; it may already hold one with that key.`,
    });
    expect(body.order).toMatchObject({ status: "fulfilled", tracking_number: "RM123456789GB", tracking_notified_at: null });
    expect(trackingEmails(id)).toHaveLength(0);
  });

  test("with Resend configured the answer says queued, not sent, and the email waits in the outbox for the delivery job", async () => {
    shop.close();
    await openShop({ RESEND_API_KEY: "re_test_key", MAIL_FROM: "Strata <orders@strata.test>" });
    const id = await buy();
    const { body } = await post(`/api/admin/orders/${id}/tracking`, SHIPMENT);
    expect(body.trackingEmail).toEqual({ sent: false, queued: true });
    expect(trackingEmails(id).map((row) => row.status)).toEqual(["pending"]);
  });

  test("an order with no customer email answers 'missing-email', saves tracking and queues nothing", async () => {
    const id = await buy();
    shop.db.query("UPDATE orders SET email = NULL WHERE id = ?").run(id);
    const { status, body } = await post(`/api/admin/orders/${id}/tracking`, SHIPMENT);
    expect(status).toBe(200);
    expect(body.trackingEmail).toEqual({ sent: false, reason: "missing-email" });
    expect(body.order).toMatchObject({ status: "fulfilled", tracking_number: "RM123456789GB", tracking_notified_at: null });
    expect(trackingEmails(id)).toHaveLength(0);
  });

  test("an unknown order answers 404 with the 'not-found' reason", async () => {
    const { status, body } = await post("/api/admin/orders/ORD-NOSUCHORDER00/tracking", SHIPMENT);
    expect(status).toBe(404);
    expect(body).toEqual({ error: "Order not found.", trackingEmail: { sent: false, reason: "not-found" } } as never);
  });

  test("a blank tracking link is stored as no link", async () => {
    const id = await buy();
    const { body } = await post(`/api/admin/orders/${id}/tracking`, { ...SHIPMENT, url: "  " });
    expect(body.order.tracking_url).toBeNull();
  });

  test("a cancelled order answers 409 and keeps no tracking", async () => {
    const id = await buy();
    await post(`/api/admin/orders/${id}/status`, { status: "canceled" });
    const before = snapshot();
    expect(await post(`/api/admin/orders/${id}/tracking`, SHIPMENT)).toMatchObject({ status: 409, body: CANCELLED });
    expect(snapshot()).toBe(before);
  });
});

describe("tracking that cannot be saved is refused and changes nothing", () => {
  const refusals: [string, unknown, unknown][] = [
    ["no carrier", { number: "RM1" }, TRACKING_REQUIRED],
    ["a blank carrier", { carrier: "   ", number: "RM1" }, TRACKING_REQUIRED],
    ["no number", { carrier: "Royal Mail" }, TRACKING_REQUIRED],
    ["a blank number", { carrier: "Royal Mail", number: "" }, TRACKING_REQUIRED],
    ["a body that is not an object", "Royal Mail RM1", TRACKING_REQUIRED],
    ["a javascript: link", { ...SHIPMENT, url: "javascript:alert(1)" }, BAD_TRACKING_URL],
    ["an ftp link", { ...SHIPMENT, url: "ftp://example.com/x" }, BAD_TRACKING_URL],
    ["a link without a scheme", { ...SHIPMENT, url: "track.royalmail.com/RM1" }, BAD_TRACKING_URL],
    ["a link that is a number", { ...SHIPMENT, url: 42 }, BAD_TRACKING_URL],
    ["a carrier over 100 characters", { ...SHIPMENT, carrier: "x".repeat(101) }, { error: "The carrier must be at most 100 characters." }],
    ["forceResend that is not true or false", { ...SHIPMENT, forceResend: "yes" }, { error: "forceResend must be true or false." }],
  ];
  for (const [what, body, error] of refusals) {
    test(`${what} answers 400 ${JSON.stringify(error)}`, async () => {
      const id = await buy();
      const before = snapshot();
      expect(await post(`/api/admin/orders/${id}/tracking`, body)).toMatchObject({ status: 400, body: error });
      expect(snapshot()).toBe(before);
    });
  }

  test("a body that is not JSON at all answers 400 and changes nothing", async () => {
    const id = await buy();
    const before = snapshot();
    const response = await shop.request(`/api/admin/orders/${id}/tracking`, {
      method: "POST",
      headers: { Cookie: shop.cookie, "Content-Type": "application/json", "Sec-Fetch-Site": "same-origin" },
      body: '{"carrier": "Royal',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "The request body could not be read. Send valid JSON or form data." });
    expect(snapshot()).toBe(before);
  });
});

describe("changing status", () => {
  test("'fulfilled' without tracking marks the order fulfilled and answers 'missing-tracking'", async () => {
    const id = await buy();
    const { status, body } = await post(`/api/admin/orders/${id}/status`, { status: "fulfilled" });
    expect(status).toBe(200);
    expect(body.order.status).toBe("fulfilled");
    expect(body.trackingEmail).toEqual({ sent: false, reason: "missing-tracking" });
    expect(trackingEmails(id)).toHaveLength(0);
  });

  test("'fulfilled' with tracking not yet emailed queues the tracking email", async () => {
    const id = await buy();
    // Tracking saved while the order had no email, then the address was put back.
    shop.db.query("UPDATE orders SET email = NULL WHERE id = ?").run(id);
    await post(`/api/admin/orders/${id}/tracking`, SHIPMENT);
    shop.db.query("UPDATE orders SET email = 'ada@example.co.uk' WHERE id = ?").run(id);
    const { body } = await post(`/api/admin/orders/${id}/status`, { status: "fulfilled" });
    expect(body.trackingEmail).toEqual({ sent: false, reason: "smtp-not-configured" });
    expect(trackingEmails(id)).toHaveLength(1);
  });

  test("'fulfilled' after tracking was emailed answers 'already-sent'; with forceResend it queues another", async () => {
    const id = await buy();
    await post(`/api/admin/orders/${id}/tracking`, SHIPMENT);
    await sendOutbox();
    expect((await post(`/api/admin/orders/${id}/status`, { status: "fulfilled" })).body.trackingEmail).toEqual({
      sent: false,
      reason: "already-sent",
    });
    expect(trackingEmails(id)).toHaveLength(1);
    const resent = await post(`/api/admin/orders/${id}/status`, { status: "fulfilled", forceResend: true });
    expect(resent.body.trackingEmail).toEqual({ sent: false, reason: "smtp-not-configured" });
    expect(trackingEmails(id)).toHaveLength(2);
  });

  test("'paid' answers 'not-fulfilled' and emails nobody", async () => {
    const id = await buy();
    await post(`/api/admin/orders/${id}/status`, { status: "fulfilled" });
    const { body } = await post(`/api/admin/orders/${id}/status`, { status: "paid" });
    expect(body.order.status).toBe("paid");
    expect(body.trackingEmail).toEqual({ sent: false, reason: "not-fulfilled" });
    expect(trackingEmails(id)).toHaveLength(0);
  });

  test("cancelling without restock sets canceled_at, leaves stock as it is and emails nobody", async () => {
    const id = await buy();
    const emailsBefore = listOutbox(shop.db).length;
    const { status, body } = await post(`/api/admin/orders/${id}/status`, { status: "canceled" });
    expect(status).toBe(200);
    expect(body.order).toMatchObject({ status: "canceled", canceled_at: expect.stringMatching(/^\d{4}-/), restocked: false });
    expect(body.trackingEmail).toBeUndefined();
    expect(stockOf(shop.db, "feeder")).toBe(3);
    expect(listOutbox(shop.db)).toHaveLength(emailsBefore);
  });

  test("cancelling with restock puts the product and variant units back", async () => {
    const id = await buy([...units(2, { id: "feeder" }), ...units(1, { id: "planter", variantId: "planter-large" })]);
    expect([stockOf(shop.db, "feeder"), stockOf(shop.db, "planter"), variantStockOf(shop.db, "planter-large")]).toEqual([3, 4, 1]);
    const { body } = await post(`/api/admin/orders/${id}/status`, { status: "canceled", restock: true });
    expect(body.order).toMatchObject({ status: "canceled", restocked: true });
    expect([stockOf(shop.db, "feeder"), stockOf(shop.db, "planter"), variantStockOf(shop.db, "planter-large")]).toEqual([5, 5, 2]);
  });

  test("restocking a refund-flagged order invents no stock: it never took any", async () => {
    const id = await buy();
    // What a payment after its hold had been resold leaves behind (see checkout-stripe.test.ts).
    shop.db.query("UPDATE orders SET refund_required = 1 WHERE id = ?").run(id);
    const { body } = await post(`/api/admin/orders/${id}/status`, { status: "canceled", restock: true });
    expect(body.order).toMatchObject({ status: "canceled", restocked: false });
    expect(stockOf(shop.db, "feeder")).toBe(3);
  });

  test("cancelling twice answers 409 'This order is already cancelled.' and restocks nothing more", async () => {
    const id = await buy();
    await post(`/api/admin/orders/${id}/status`, { status: "canceled", restock: true });
    const before = snapshot();
    expect(await post(`/api/admin/orders/${id}/status`, { status: "canceled", restock: true })).toMatchObject({
      status: 409,
      body: { error: "This order is already cancelled." },
    });
    expect(snapshot()).toBe(before);
    expect(stockOf(shop.db, "feeder")).toBe(5);
  });

  for (const next of ["paid", "fulfilled"]) {
    test(`a cancelled order cannot become '${next}': 409 and nothing changes`, async () => {
      const id = await buy();
      await post(`/api/admin/orders/${id}/status`, { status: "canceled" });
      const before = snapshot();
      expect(await post(`/api/admin/orders/${id}/status`, { status: next })).toMatchObject({ status: 409, body: CANCELLED });
      expect(snapshot()).toBe(before);
    });
  }

  const refusals: [string, unknown, unknown][] = [
    ["an unknown status", { status: "shipped" }, BAD_STATUS],
    ["no status", {}, BAD_STATUS],
    ["the customer-facing word 'cancelled'", { status: "cancelled" }, BAD_STATUS],
    ["restock that is not true or false", { status: "canceled", restock: "yes" }, { error: "restock must be true or false." }],
  ];
  for (const [what, body, error] of refusals) {
    test(`${what} answers 400 ${JSON.stringify(error)} and changes nothing`, async () => {
      const id = await buy();
      const before = snapshot();
      expect(await post(`/api/admin/orders/${id}/status`, body)).toMatchObject({ status: 400, body: error });
      expect(snapshot()).toBe(before);
    });
  }

  test("an unknown order answers 404 'Order not found.'", async () => {
    expect(await post("/api/admin/orders/ORD-NOSUCHORDER00/status", { status: "canceled" })).toMatchObject({
      status: 404,
      body: { error: "Order not found." },
    });
  });
});

describe("GET /api/admin/dashboard/stats", () => {
  test("counts orders, products, projects and open or in-progress requests, with the 5 newest orders", async () => {
    addProduct(shop.db, { id: "labels", name: "Plant labels", price_cents: 450 });
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) ids.push(await buy(units(1, { id: "labels" })));
    addProject(shop.db, { id: "fells", title: "Lakeland fells" });
    for (const [id, status] of [
      ["r1", "open"],
      ["r2", "in_progress"],
      ["r3", "completed"],
      ["r4", "cancelled"],
      ["r5", "open"],
    ]) {
      addCustomRequest(id!, { status: status! });
    }
    const { status, body } = await shop.call<{ recentOrders: { id: string }[] }>("/api/admin/dashboard/stats");
    expect(status).toBe(200);
    expect(body).toMatchObject({ orders: 6, products: 4, projects: 1, activeCustomRequests: 3 });
    expect(body.recentOrders.map((order) => order.id)).toEqual(ids.slice(1).reverse());
    const list = await shop.call<unknown[]>("/api/admin/orders");
    expect(body.recentOrders).toEqual(list.body.slice(0, 5) as never);
  });
});

function addCustomRequest(id: string, { status = "open", created_at = "2025-03-01T10:00:00.000Z" } = {}) {
  shop.db
    .query("INSERT INTO custom_requests (id, name, email, details, material, color, status, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
    .run(id, "Grace Hopper", "grace@example.com", `Details of ${id}`, "PETG", "Blue", status, created_at);
}

/** A file under $DATA_DIR/uploads with its attachment row, as the custom-request endpoint leaves them (a random r_ name). */
function addAttachment(requestId: string, id: string, filename: string, bytes: string) {
  const stored = `r_${randomBytes(16).toString("hex")}.stl`;
  putInUploads(shop, stored, bytes);
  shop.db
    .query(
      "INSERT INTO custom_request_attachments (id, request_id, filename, stored_name, content_type, size_bytes) VALUES (?, ?, ?, ?, ?, ?)",
    )
    .run(id, requestId, filename, stored, "model/stl", bytes.length);
}

describe("custom requests", () => {
  beforeEach(() => {
    addCustomRequest("req-old", { created_at: "2025-03-01T10:00:00.000Z" });
    addCustomRequest("req-new", { status: "in_progress", created_at: "2025-03-02T10:00:00.000Z" });
    addAttachment("req-old", "att-1", "Bracket v2.stl", "solid bracket");
    addAttachment("req-new", "att-2", "Plan.pdf", "%PDF-1.7");
  });

  test("the list answers every request newest first with its attachments", async () => {
    const { status, body } = await shop.call<Record<string, unknown>[]>("/api/admin/custom-requests");
    expect(status).toBe(200);
    expect(body.map((request) => request.id)).toEqual(["req-new", "req-old"]);
    expect(body[1]).toEqual({
      id: "req-old",
      name: "Grace Hopper",
      email: "grace@example.com",
      details: "Details of req-old",
      material: "PETG",
      color: "Blue",
      status: "open",
      created_at: "2025-03-01T10:00:00.000Z",
      attachments: [{ id: "att-1", filename: "Bracket v2.stl", removed_at: null }],
    });
  });

  test("one request by id, and 404 'Custom request not found.' for an unknown id", async () => {
    expect(await shop.call("/api/admin/custom-requests/req-new")).toMatchObject({
      status: 200,
      body: { id: "req-new", status: "in_progress", attachments: [{ id: "att-2", filename: "Plan.pdf", removed_at: null }] },
    });
    expect(await shop.call("/api/admin/custom-requests/nope")).toMatchObject({ status: 404, body: { error: "Custom request not found." } });
  });

  test("a status change is stored and answers the request", async () => {
    const { status, body } = await post<Record<string, unknown>>("/api/admin/custom-requests/req-old/status", { status: "completed" });
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: "req-old", status: "completed", attachments: [{ id: "att-1" }] });
    expect(shop.db.query("SELECT status FROM custom_requests WHERE id = 'req-old'").get()).toEqual({ status: "completed" });
  });

  for (const [what, body] of [
    ["an unknown status", { status: "done" }],
    ["no status", {}],
    ["the order word 'canceled'", { status: "canceled" }],
  ] as const) {
    test(`${what} answers 400 and changes nothing`, async () => {
      const before = snapshot();
      expect(await post("/api/admin/custom-requests/req-old/status", body)).toMatchObject({
        status: 400,
        body: { error: "Status must be open, in_progress, completed or cancelled." },
      });
      expect(snapshot()).toBe(before);
    });
  }

  test("a status change for an unknown request answers 404", async () => {
    expect(await post("/api/admin/custom-requests/nope/status", { status: "open" })).toMatchObject({
      status: 404,
      body: { error: "Custom request not found." },
    });
  });

  test("an attachment downloads as a file, never sniffed or cached", async () => {
    const response = await shop.request("/api/admin/custom-requests/req-old/attachments/att-1/download", {
      headers: { Cookie: shop.cookie },
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("solid bracket");
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="Bracket v2.stl"; filename*=UTF-8''Bracket%20v2.stl`);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
  });

  for (const [what, path] of [
    ["another request's attachment", "/api/admin/custom-requests/req-new/attachments/att-1/download"],
    ["an unknown attachment", "/api/admin/custom-requests/req-old/attachments/att-9/download"],
  ]) {
    test(`${what} answers 404`, async () => {
      expect(await shop.call(path!)).toMatchObject({ status: 404, body: { error: "Attachment not found." } });
    });
  }
});

describe("admin downloads of a shopper's uploads", () => {
  // As the upload endpoint leaves them: a random u_ name on disk.
  function addUpload(token: string, kind: "gpx" | "image", bytes: string) {
    const stored = `u_${randomBytes(16).toString("hex")}.${kind === "gpx" ? "gpx" : "jpg"}`;
    mkdirSync(join(shop.dataDir, "uploads"), { recursive: true });
    writeFileSync(join(shop.dataDir, "uploads", stored), bytes);
    shop.db
      .query(
        "INSERT INTO uploads (token, kind, product_id, original_name, stored_name, content_type, size_bytes) VALUES (?, ?, ?, ?, ?, ?, ?)",
      )
      .run(
        token,
        kind,
        "map",
        kind === "gpx" ? "Coast to coast.gpx" : "Me.jpg",
        stored,
        kind === "gpx" ? "application/gpx+xml" : "image/jpeg",
        bytes.length,
      );
  }

  test("a GPX upload downloads as an attachment with nosniff", async () => {
    addUpload("gpx-token", "gpx", "<gpx/>");
    const response = await shop.request("/api/admin/download/gpx/gpx-token", { headers: { Cookie: shop.cookie } });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("<gpx/>");
    expect(response.headers.get("content-type")).toBe("application/gpx+xml");
    expect(response.headers.get("content-disposition")).toStartWith('attachment; filename="Coast to coast.gpx"');
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });

  test("an image upload downloads the same way", async () => {
    addUpload("img-token", "image", "jpeg bytes");
    const response = await shop.request("/api/admin/download/image/img-token", { headers: { Cookie: shop.cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toStartWith('attachment; filename="Me.jpg"');
  });

  for (const [what, path] of [
    ["an unknown token", "/api/admin/download/gpx/nope"],
    ["a token of the other kind", "/api/admin/download/image/gpx-token"],
  ]) {
    test(`${what} answers 404`, async () => {
      addUpload("gpx-token", "gpx", "<gpx/>");
      expect(await shop.call(path!)).toMatchObject({ status: 404, body: { error: "File not found." } });
    });
  }
});

test("every call here needs the owner signed in", async () => {
  const paths = ["/api/admin/orders", "/api/admin/dashboard/stats", "/api/admin/custom-requests", "/api/admin/download/gpx/x"];
  for (const path of paths) expect((await shop.request(path)).status).toBe(401);
  const write = await shop.request("/api/admin/orders/ORD-X/status", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ status: "canceled" }),
  });
  expect(write.status).toBe(401);
});
