import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { confirmCheckout, payDemo, sessionIdOf } from "../support/checkout";
import { addProduct, BIRD_FEEDER } from "../support/factories";
import { textOf } from "../support/html";
import { createTestShop, type TestShop } from "../support/test-app";

// A gift voucher is emailed, never posted (docs/decisions/0056-a-voucher-basket-posts-nothing.md): a checkout of
// vouchers only charges no delivery, and the code check prices it the same way; a basket with a thing to post is unchanged.

let shop: TestShop;

beforeEach(async () => {
  // Tuesday 1 December 2026, 10:00 UK.
  shop = await createTestShop({}, { now: () => new Date("2026-12-01T10:00:00Z") });
  addProduct(shop.db, BIRD_FEEDER); // £24
  addProduct(shop.db, { id: "voucher", name: "Gift voucher", price_cents: 1000, kind: "voucher" });
  shop.db.query("INSERT INTO discount_codes (code, percent_off, active) VALUES ('TENOFF', 10, 1)").run();
});
afterEach(() => shop.close());

const post = (path: string, body: unknown) =>
  shop.json<Record<string, unknown>>(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });

const twoVouchers = [
  { id: "voucher", voucher: { amount_pence: 2500, recipient_email: "gran@example.com", send_on: "2026-12-25" } },
  { id: "voucher", voucher: { amount_pence: 1000 } },
];

type OrderRow = { delivery_cents: number; subtotal_cents: number; amount_cents: number; dispatch_by: string | null };
const orderRow = (orderId: string) =>
  shop.db
    .query<OrderRow, [string]>("SELECT delivery_cents, subtotal_cents, amount_cents, dispatch_by FROM orders WHERE id = ?")
    .get(orderId);

async function paidOrder(items: unknown[]): Promise<OrderRow | null> {
  const started = await post("/api/checkout", { items });
  expect(started.status).toBe(200);
  const sessionId = sessionIdOf(String(started.body.url));
  expect((await payDemo(shop, sessionId)).status).toBe(303);
  const confirmed = await confirmCheckout<{ orderId: string }>(shop, sessionId);
  return orderRow(confirmed.body.orderId);
}

describe("a checkout of gift vouchers only", () => {
  test("charges no delivery: the order's delivery is 0 and its amount the vouchers', with no dispatch day", async () => {
    expect(await paidOrder(twoVouchers)).toEqual({ delivery_cents: 0, subtotal_cents: 3500, amount_cents: 3500, dispatch_by: null });
  });

  test("the buyer's confirmation email says nothing is posted", async () => {
    await paidOrder(twoVouchers);
    const email = shop.db.query<{ text: string }, []>("SELECT text FROM email_outbox WHERE kind = 'order-confirmation'").get();
    expect(email?.text).toContain("Subtotal: £35.00\nDelivery: None — emailed\nTotal: £35.00");
  });

  test("with a thing to post beside them, delivery is charged as before", async () => {
    const order = await paidOrder([...twoVouchers, { id: "feeder" }]);
    expect(order).toMatchObject({ delivery_cents: 500, subtotal_cents: 5900, amount_cents: 6400 });
  });
});

describe("the code check prices delivery as the checkout does", () => {
  test("vouchers only: delivery 0, the amount the goods after the discount", async () => {
    const answer = await post("/api/discount-codes/check", { code: "TENOFF", items: twoVouchers });
    expect(answer).toMatchObject({
      status: 200,
      body: { subtotal_cents: 3500, discount_cents: 350, delivery_cents: 0, amount_cents: 3150 },
    });
  });

  test("a thing to post beside them: the fee", async () => {
    const answer = await post("/api/discount-codes/check", { code: "TENOFF", items: [...twoVouchers, { id: "feeder" }] });
    expect(answer).toMatchObject({ status: 200, body: { subtotal_cents: 5900, delivery_cents: 500 } });
  });
});

describe("the payment page of gift vouchers only", () => {
  async function openedPage(items: unknown[]): Promise<{ sessionId: string; text: string }> {
    const started = await post("/api/checkout", { items });
    const sessionId = sessionIdOf(String(started.body.url));
    return { sessionId, text: textOf(await (await shop.request(`/checkout/demo/${sessionId}`)).text()) };
  }

  test("says nothing is posted, promises no dispatch day and asks for the billing address only", async () => {
    const { text } = await openedPage(twoVouchers);
    expect(text).toContain("Delivery None — emailed Total £35.00");
    expect(text).not.toContain("Dispatched by");
    expect(text).toContain("Billing address");
    expect(text).not.toContain("Delivery address");
    expect(text).not.toContain("Billing address is the same as delivery");
  });

  test("with a thing to post beside them, it asks for the delivery address and promises the thing's day as before", async () => {
    const { text } = await openedPage([...twoVouchers, { id: "feeder" }]);
    expect(text).toContain("UK delivery £5.00");
    expect(text).toContain("Delivery address");
    expect(text.match(/Dispatched by/g)).toHaveLength(1);
  });

  test("the confirmation's summary says the same before the order exists", async () => {
    const { sessionId } = await openedPage(twoVouchers);
    const view = await shop.json<{ line_items: { description: string; amount_total: number }[] }>(`/api/checkout/session?id=${sessionId}`);
    expect(view.body.line_items).toContainEqual(
      expect.objectContaining({ description: "No delivery: gift vouchers are emailed", amount_total: 0 }),
    );
  });
});
