import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { createRateLimiter } from "../../src/http/rate-limit";
import { buyThroughDemoCheckout, type Entry, units } from "../support/checkout";
import { addProduct, BIRD_FEEDER, RELIEF_MAP } from "../support/factories";
import { expectRetryAfter } from "../support/retry-after";
import { createTestShop, type TestShop } from "../support/test-app";
import { putInUploads } from "../support/uploads-folder";

// GET /api/orders/{id} and its attachment downloads: a shopper sees an order
// only with proof (the delivery postcode or the paying session's id), an
// unknown id and a wrong postcode look the same, and guessing is rate limited.

const POSTCODE = "SW1Y%204JH";
const NOT_FOUND = { error: "Order not found" };
const NO_POSTCODE = { error: "Please enter your postal code" };
const FILE_NOT_FOUND = { error: "File not found." };
const TOO_MANY = { error: "Too many attempts. Please wait a minute and try again." };

const GPX_BYTES = new TextEncoder().encode(
  '<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="test"><trk><name>Coast to coast</name><trkseg>' +
    '<trkpt lat="54.49" lon="-3.61"/><trkpt lat="54.44" lon="-0.53"/></trkseg></trk></gpx>\n',
);

let shop: TestShop;

beforeEach(async () => {
  shop = await createTestShop();
  addProduct(shop.db, BIRD_FEEDER);
  addProduct(shop.db, RELIEF_MAP);
});
afterEach(() => shop.close());

const buy = (items: Entry[]) => buyThroughDemoCheckout(shop, items);

/** A real file under $DATA_DIR/uploads and its uploads row, as the upload endpoint leaves them (a random u_ name). */
function storeGpxUpload(token: string, productId = "map", bytes = GPX_BYTES): string {
  const storedName = `u_${randomBytes(16).toString("hex")}.gpx`;
  putInUploads(shop, storedName, bytes);
  shop.db
    .query(
      "INSERT INTO uploads (token, kind, product_id, original_name, stored_name, content_type, size_bytes) VALUES (?, ?, ?, ?, ?, ?, ?)",
    )
    .run(token, "gpx", productId, "Coast to coast.gpx", storedName, "application/gpx+xml", bytes.byteLength);
  return storedName;
}

/** Everything a look-up could touch, to prove a refused one changed nothing. */
function snapshot(): string {
  const tables = ["orders", "order_items", "uploads", "email_outbox", "checkouts", "demo_payment_sessions"];
  return JSON.stringify(tables.map((table) => shop.db.query(`SELECT * FROM ${table} ORDER BY rowid`).all()));
}

/** Asks for `path` and expects it refused with `status` and `body`, every table exactly as it was; answers the response. */
async function expectRefusedUnchanged(path: string, status: number, body: unknown): Promise<Response> {
  const before = snapshot();
  const answer = await shop.json(path);
  expect({ status: answer.status, body: answer.body }).toEqual({ status, body });
  expect(snapshot()).toBe(before);
  return answer.response;
}

describe("looking up an order with its postcode", () => {
  test("the right postcode answers 200 with the whole order", async () => {
    const { orderId, sessionId } = await buy(units(2, { id: "feeder" }));
    const { status, body, response } = await shop.json(`/api/orders/${orderId}?postalCode=${POSTCODE}`);
    expect(status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(body).toEqual({
      id: orderId,
      status: "paid",
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      dispatch_by: expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
      amount_cents: 2 * 2400 + 500,
      subtotal_cents: 4800,
      delivery_cents: 500,
      discount_code: null,
      discount_cents: 0,
      voucher_cents: 0,
      gift: null,
      currency: "gbp",
      email: "ada@example.co.uk",
      shipping_name: "Ada Lovelace",
      shipping_line1: "12 St James's Square",
      shipping_line2: null,
      shipping_city: "London",
      shipping_postal_code: "SW1Y 4JH",
      shipping_country: "GB",
      billing_name: "Ada Lovelace",
      billing_line1: "12 St James's Square",
      billing_line2: null,
      billing_city: "London",
      billing_postal_code: "SW1Y 4JH",
      billing_country: "GB",
      tracking_carrier: null,
      tracking_number: null,
      tracking_url: null,
      tracking_notified_at: null,
      payment_session_id: sessionId,
      refunded_cents: 0,
      refunds: [],
      items: [{ product_id: "feeder", product_name: "Bird feeder", unit_price_cents: 2400, quantity: 2, restocked: 0, meta: {} }],
      // Queued from the moment it was placed, with the day promised at payment (docs/decisions/0016-production-stages.md).
      stage: "queued",
      stages: [{ stage: "queued", at: (body as { created_at: string }).created_at }],
      dispatch_dates: [],
      hold: null,
      // No file of this order has been deleted after dispatch (docs/decisions/0023-customer-files-kept-no-longer-than-needed.md).
      removed_files: [],
    });
  });

  test("the postcode matches in lower case without its space", async () => {
    const { orderId } = await buy(units(1, { id: "feeder" }));
    const { status, body } = await shop.json<{ id: string }>(`/api/orders/${orderId}?postalCode=sw1y4jh`);
    expect(status).toBe(200);
    expect(body.id).toBe(orderId);
  });

  test("the postcode matches with spaces around it", async () => {
    const { orderId } = await buy(units(1, { id: "feeder" }));
    const { status, body } = await shop.json<{ id: string }>(`/api/orders/${orderId}?postalCode=${encodeURIComponent(" SW1Y 4JH ")}`);
    expect(status).toBe(200);
    expect(body.id).toBe(orderId);
  });

  test("the blank email field the page sends alongside the postcode is ignored", async () => {
    const { orderId } = await buy(units(1, { id: "feeder" }));
    const { status, body } = await shop.json<{ id: string }>(`/api/orders/${orderId}?email=&postalCode=${POSTCODE}`);
    expect(status).toBe(200);
    expect(body.id).toBe(orderId);
  });

  test("the answer never carries the internal refund_required flag, even when it is set", async () => {
    const { orderId } = await buy(units(1, { id: "feeder" }));
    shop.db.query("UPDATE orders SET refund_required = 1 WHERE id = ?").run(orderId);
    const { status, body } = await shop.json<Record<string, unknown>>(`/api/orders/${orderId}?postalCode=${POSTCODE}`);
    expect(status).toBe(200);
    expect(body.id).toBe(orderId);
    expect(Object.keys(body)).not.toContain("refund_required");
    const bySession = await shop.json<Record<string, unknown>>(`/api/orders/${orderId}?sessionId=${body.payment_session_id}`);
    expect(Object.keys(bySession.body)).not.toContain("refund_required");
  });
});

describe("a look-up without proof of the order is refused and changes nothing", () => {
  test("a wrong postcode: 404 Order not found", async () => {
    const { orderId } = await buy(units(1, { id: "feeder" }));
    const response = await expectRefusedUnchanged(`/api/orders/${orderId}?postalCode=SW1A%201AA`, 404, NOT_FOUND);
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  test("a well-formed but unknown order id: the same 404 Order not found", async () => {
    await buy(units(1, { id: "feeder" }));
    await expectRefusedUnchanged(`/api/orders/ORD-0000000000000000000000000Z?postalCode=${POSTCODE}`, 404, NOT_FOUND);
  });

  test("a malformed order id like 123: the same 404 Order not found", async () => {
    await buy(units(1, { id: "feeder" }));
    await expectRefusedUnchanged(`/api/orders/123?postalCode=${POSTCODE}`, 404, NOT_FOUND);
  });

  test("the real order id in lower case: the same 404 Order not found", async () => {
    const { orderId } = await buy(units(1, { id: "feeder" }));
    await expectRefusedUnchanged(`/api/orders/${orderId.toLowerCase()}?postalCode=${POSTCODE}`, 404, NOT_FOUND);
  });

  test("a wrong postcode and an unknown id answer byte for byte the same (but for the per-request id)", async () => {
    const { orderId } = await buy(units(1, { id: "feeder" }));
    const wrongPostcode = await shop.request(`/api/orders/${orderId}?postalCode=SW1A%201AA`);
    const unknownId = await shop.request(`/api/orders/ORD-0000000000000000000000000Z?postalCode=${POSTCODE}`);
    expect(wrongPostcode.status).toBe(unknownId.status);
    expect(await wrongPostcode.text()).toBe(await unknownId.text());
    const headersOf = (response: Response) => [...response.headers].filter(([name]) => name !== "x-request-id");
    expect(headersOf(wrongPostcode)).toEqual(headersOf(unknownId));
  });

  test("no postcode and no session id (only the order id): 400 Please enter your postal code", async () => {
    const { orderId } = await buy(units(1, { id: "feeder" }));
    await expectRefusedUnchanged(`/api/orders/${orderId}`, 400, NO_POSTCODE);
  });

  test("an empty postalCode=: 400 Please enter your postal code", async () => {
    const { orderId } = await buy(units(1, { id: "feeder" }));
    await expectRefusedUnchanged(`/api/orders/${orderId}?postalCode=`, 400, NO_POSTCODE);
  });

  test("a postcode of only spaces: 400 Please enter your postal code", async () => {
    const { orderId } = await buy(units(1, { id: "feeder" }));
    await expectRefusedUnchanged(`/api/orders/${orderId}?postalCode=%20%20`, 400, NO_POSTCODE);
  });

  test("only the blank email field: 400 Please enter your postal code", async () => {
    const { orderId } = await buy(units(1, { id: "feeder" }));
    await expectRefusedUnchanged(`/api/orders/${orderId}?email=&postalCode=&sessionId=`, 400, NO_POSTCODE);
  });
});

describe("looking up an order with the payment session id", () => {
  test("the session that paid for it answers 200 without a postcode", async () => {
    const { orderId, sessionId } = await buy(units(1, { id: "feeder" }));
    const { status, body } = await shop.json<{ id: string; status: string; payment_session_id: string }>(
      `/api/orders/${orderId}?sessionId=${sessionId}`,
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: orderId, status: "paid", payment_session_id: sessionId, shipping_postal_code: "SW1Y 4JH" });
  });

  test("another order's session id: 404 Order not found", async () => {
    const mine = await buy(units(1, { id: "feeder" }));
    const theirs = await buy(units(1, { id: "feeder" }));
    await expectRefusedUnchanged(`/api/orders/${mine.orderId}?sessionId=${theirs.sessionId}`, 404, NOT_FOUND);
  });

  test("a made-up session id: 404 Order not found", async () => {
    const { orderId } = await buy(units(1, { id: "feeder" }));
    await expectRefusedUnchanged(`/api/orders/${orderId}?sessionId=cs_demo_made_up`, 404, NOT_FOUND);
  });
});

describe("rate limit on look-ups", () => {
  test("ten look-ups a minute from one address are all answered", async () => {
    const { orderId } = await buy(units(1, { id: "feeder" }));
    for (let attempt = 1; attempt <= 10; attempt++) {
      const { status, body } = await shop.json<{ id: string }>(`/api/orders/${orderId}?postalCode=${POSTCODE}`);
      expect(status).toBe(200);
      expect(body.id).toBe(orderId);
    }
  });

  test("the eleventh look-up in a minute gets 429 with Retry-After, even with the right postcode", async () => {
    const { orderId } = await buy(units(1, { id: "feeder" }));
    for (let attempt = 1; attempt <= 10; attempt++) {
      const guess = await shop.json(`/api/orders/${orderId}?postalCode=SW1A%20${attempt}AA`);
      expect(guess.status).toBe(404);
      expect(guess.body).toEqual(NOT_FOUND);
    }
    const before = snapshot();
    const { status, body, response } = await shop.json(`/api/orders/${orderId}?postalCode=${POSTCODE}`);
    expect(status).toBe(429);
    expect(body).toEqual(TOO_MANY);
    expectRetryAfter(response, 1, 60);
    expect(snapshot()).toBe(before);
  });

  test("the right session id is refused too once the limit is reached", async () => {
    const { orderId, sessionId } = await buy(units(1, { id: "feeder" }));
    for (let attempt = 1; attempt <= 10; attempt++)
      await shop.request(`/api/orders/ORD-00000000000000000000000${attempt}0?postalCode=${POSTCODE}`);
    const { status, body } = await shop.json(`/api/orders/${orderId}?sessionId=${sessionId}`);
    expect(status).toBe(429);
    expect(body).toEqual(TOO_MANY);
  });

  test("downloads count against the same limit as look-ups", async () => {
    storeGpxUpload("gpx-coast");
    const { orderId } = await buy(units(1, { id: "map", gpxToken: "gpx-coast" }));
    for (let attempt = 1; attempt <= 10; attempt++)
      expect((await shop.request(`/api/orders/${orderId}?postalCode=SW1A%201AA`)).status).toBe(404);
    const { status, body, response } = await shop.json(`/api/orders/${orderId}/download/gpx/gpx-coast?postalCode=${POSTCODE}`);
    expect(status).toBe(429);
    expect(body).toEqual(TOO_MANY);
    expect(response.headers.get("retry-after")).toMatch(/^\d+$/);
  });

  test("the limiter lets the eleventh through once the minute has passed", () => {
    let clock = 1_000_000;
    const limiter = createRateLimiter({ limit: 10, windowMs: 60_000, now: () => clock });
    for (let attempt = 1; attempt <= 10; attempt++) expect(limiter.hit("203.0.113.7").allowed).toBe(true);
    expect(limiter.hit("203.0.113.7")).toEqual({ allowed: false, retryAfterSeconds: 60 });
    clock += 45_000;
    expect(limiter.hit("203.0.113.7")).toEqual({ allowed: false, retryAfterSeconds: 15 });
    expect(limiter.hit("198.51.100.4").allowed).toBe(true);
    clock += 15_000;
    expect(limiter.hit("203.0.113.7")).toEqual({ allowed: true, retryAfterSeconds: 60 });
  });
});

describe("downloading an order's GPX file", () => {
  async function paidMapOrder() {
    const storedName = storeGpxUpload("gpx-coast");
    const order = await buy(units(1, { id: "map", gpxToken: "gpx-coast" }));
    return { ...order, storedName };
  }

  async function expectTheFile(response: Response) {
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/gpx+xml");
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="Coast to coast.gpx"; filename*=UTF-8''Coast%20to%20coast.gpx`,
    );
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(GPX_BYTES);
  }

  test("with the postcode: 200, the exact bytes, as an attachment that is never cached or sniffed", async () => {
    const { orderId } = await paidMapOrder();
    const response = await shop.request(`/api/orders/${orderId}/download/gpx/gpx-coast?postalCode=${POSTCODE}`);
    await expectTheFile(response);
  });

  test("with the paying session's id: 200 and the same file", async () => {
    const { orderId, sessionId } = await paidMapOrder();
    const response = await shop.request(`/api/orders/${orderId}/download/gpx/gpx-coast?sessionId=${sessionId}`);
    await expectTheFile(response);
  });

  test("after payment the upload row belongs to the order; an upload nobody paid for does not", async () => {
    storeGpxUpload("gpx-spare");
    const { orderId } = await paidMapOrder();
    const ownerOf = (token: string) =>
      shop.db.query<{ order_id: string | null }, [string]>("SELECT order_id FROM uploads WHERE token = ?").get(token)?.order_id;
    expect(ownerOf("gpx-coast")).toBe(orderId);
    expect(ownerOf("gpx-spare")).toBeNull();
  });

  test("a real token that is not in this order's items: 404 File not found.", async () => {
    storeGpxUpload("gpx-someone-else");
    const { orderId } = await paidMapOrder();
    await expectRefusedUnchanged(`/api/orders/${orderId}/download/gpx/gpx-someone-else?postalCode=${POSTCODE}`, 404, FILE_NOT_FOUND);
  });

  test("another order's token with this order's postcode: 404 File not found.", async () => {
    const { orderId } = await buy(units(1, { id: "feeder" }));
    await paidMapOrder();
    const { status, body } = await shop.json(`/api/orders/${orderId}/download/gpx/gpx-coast?postalCode=${POSTCODE}`);
    expect(status).toBe(404);
    expect(body).toEqual(FILE_NOT_FOUND);
  });

  test("the GPX token asked for as an image: 404 File not found.", async () => {
    const { orderId } = await paidMapOrder();
    const { status, body } = await shop.json(`/api/orders/${orderId}/download/image/gpx-coast?postalCode=${POSTCODE}`);
    expect(status).toBe(404);
    expect(body).toEqual(FILE_NOT_FOUND);
  });

  test("a wrong postcode: 404 Order not found", async () => {
    const { orderId } = await paidMapOrder();
    await expectRefusedUnchanged(`/api/orders/${orderId}/download/gpx/gpx-coast?postalCode=SW1A%201AA`, 404, NOT_FOUND);
  });

  test("another order's session id: 404 Order not found", async () => {
    const { orderId } = await paidMapOrder();
    const other = await buy(units(1, { id: "feeder" }));
    const { status, body } = await shop.json(`/api/orders/${orderId}/download/gpx/gpx-coast?sessionId=${other.sessionId}`);
    expect(status).toBe(404);
    expect(body).toEqual(NOT_FOUND);
  });

  test("an unknown order id: 404 Order not found", async () => {
    await paidMapOrder();
    const { status, body } = await shop.json(`/api/orders/ORD-0000000000000000000000000Z/download/gpx/gpx-coast?postalCode=${POSTCODE}`);
    expect(status).toBe(404);
    expect(body).toEqual(NOT_FOUND);
  });

  test("a kind other than gpx or image (exe): 404 File not found.", async () => {
    const { orderId } = await paidMapOrder();
    await expectRefusedUnchanged(`/api/orders/${orderId}/download/exe/gpx-coast?postalCode=${POSTCODE}`, 404, FILE_NOT_FOUND);
  });

  test("no postcode and no session id: 400 Please enter your postal code", async () => {
    const { orderId } = await paidMapOrder();
    await expectRefusedUnchanged(`/api/orders/${orderId}/download/gpx/gpx-coast`, 400, NO_POSTCODE);
  });

  test("a file missing from disk: 404 File not found. rather than a 500", async () => {
    const { orderId, storedName } = await paidMapOrder();
    await Bun.file(join(shop.dataDir, "uploads", storedName)).delete();
    const { status, body } = await shop.json(`/api/orders/${orderId}/download/gpx/gpx-coast?postalCode=${POSTCODE}`);
    expect(status).toBe(404);
    expect(body).toEqual(FILE_NOT_FOUND);
  });
});
