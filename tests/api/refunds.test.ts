import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { listOutbox } from "../../src/modules/outbox/service";
import { createOwnerShop, type OwnerShop } from "../support/admin";
import { buyThroughDemoCheckout, type Entry, stockOf, units, variantStockOf } from "../support/checkout";
import { addProduct, BIRD_FEEDER, PLANTER } from "../support/factories";
import { textOf } from "../support/html";
import { countRows } from "../support/test-app";

// POST /api/admin/orders/{id}/refund through the demo provider
// (docs/decisions/0017-refunds.md): money back never beyond what was paid, a double
// click refunds once, restocking only units the order had, the shopper's email
// through the outbox, and every refusal stores nothing — here, at the provider, on
// the shelf or in the outbox.

type Refunded = {
  id: string;
  amount_cents: number;
  refunded_cents: number;
  refunds: {
    amount_cents: number;
    reason: string;
    note: string | null;
    at: string;
    fee_cents?: number | null;
    balance_transaction?: string | null;
  }[];
};

let shop: OwnerShop;

beforeEach(async () => {
  shop = await createOwnerShop({ OWNER_EMAIL: "owner@strata.test" });
  addProduct(shop.db, BIRD_FEEDER);
  addProduct(shop.db, PLANTER);
});
afterEach(() => shop.close());

async function buy(items: Entry[] = units(2, { id: "feeder" })): Promise<Refunded> {
  const { orderId } = await buyThroughDemoCheckout(shop, items);
  return (await shop.call<Refunded>(`/api/admin/orders/${orderId}`)).body;
}

const refund = (orderId: string, body: unknown) =>
  shop.call<Refunded & { error?: string }>(`/api/admin/orders/${orderId}/refund`, { method: "POST", body });

const refundEmails = (orderId: string) => listOutbox(shop.db, { orderId }).filter((row) => row.kind === "refund");

/** Nothing recorded anywhere: no refund row, none at the demo provider, no email, the shelf as it was. */
function expectNothingStored(orderId: string, feederStock: number | null) {
  expect(countRows(shop.db, "refunds")).toBe(0);
  expect(countRows(shop.db, "demo_refunds")).toBe(0);
  expect(refundEmails(orderId)).toHaveLength(0);
  expect(stockOf(shop.db, "feeder")).toBe(feederStock);
}

describe("a refund", () => {
  test("part of an order: answers the order with refunded_cents and the refund, and the shopper is emailed", async () => {
    const order = await buy();
    const { status, body } = await refund(order.id, { amount_cents: 1000, reason: "damaged", note: "Cracked in the post" });
    expect(status).toBe(200);
    expect(body.refunded_cents).toBe(1000);
    expect(body.refunds).toEqual([
      {
        amount_cents: 1000,
        reason: "damaged",
        note: "Cracked in the post",
        at: expect.any(String),
        fee_cents: 0,
        balance_transaction: null,
      },
    ]);
    expect(countRows(shop.db, "demo_refunds")).toBe(1);
    const [email] = refundEmails(order.id);
    expect(email?.recipient).toBe("ada@example.co.uk");
    expect(email?.subject).toBe(`Your Strata refund of £10.00 for order ${order.id}`);
    expect(email?.text).toContain(`In all, £10.00 of the £${(order.amount_cents / 100).toFixed(2)} you paid has been refunded.`);
  });

  test("the answer is the order as its page now reads it: the refund and the refund email it queued", async () => {
    const order = await buy();
    const first = await shop.call<Refunded & { emails: { kind: string }[] }>(`/api/admin/orders/${order.id}/refund`, {
      method: "POST",
      body: { amount_cents: 700, reason: "damaged" },
    });
    expect(first.status).toBe(200);
    expect(first.body.emails.map((email) => email.kind)).toContain("refund");
    const page = await shop.call<Refunded & { emails: { kind: string }[]; custom_request: unknown }>(`/api/admin/orders/${order.id}`);
    const { custom_request: _, ...shown } = page.body;
    expect(first.body).toEqual({ ...shown, not_restocked: [] } as typeof first.body);
  });

  test("a second refund takes the rest, and the shopper's look-up shows both without the owner's notes", async () => {
    const order = await buy();
    expect((await refund(order.id, { amount_cents: 1000, reason: "damaged", note: "private" })).status).toBe(200);
    const rest = order.amount_cents - 1000;
    const { status, body } = await refund(order.id, { amount_cents: rest, reason: "requested_by_customer" });
    expect(status).toBe(200);
    expect(body.refunded_cents).toBe(order.amount_cents);
    expect(body.refunds.map((r) => r.amount_cents)).toEqual([1000, rest]);
    const lookup = await shop.json<Refunded>(`/api/orders/${order.id}?postalCode=sw1y4jh`);
    expect(lookup.status).toBe(200);
    expect(lookup.body.refunded_cents).toBe(order.amount_cents);
    expect(lookup.body.refunds).toEqual([
      { amount_cents: 1000, reason: "damaged", at: expect.any(String) },
      { amount_cents: rest, reason: "requested_by_customer", at: expect.any(String) },
    ] as never);
  });

  test("a double click refunds once: the same key at the provider, one row, one email", async () => {
    const order = await buy();
    const [first, second] = await Promise.all([
      refund(order.id, { amount_cents: 500, reason: "late" }),
      refund(order.id, { amount_cents: 500, reason: "late" }),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.body.refunded_cents).toBe(500);
    expect(countRows(shop.db, "refunds")).toBe(1);
    expect(countRows(shop.db, "demo_refunds")).toBe(1);
    expect(refundEmails(order.id)).toHaveLength(1);
  });

  test("restocks only the units chosen: the shelf gets them back and the refund remembers them", async () => {
    const order = await buy();
    expect(stockOf(shop.db, "feeder")).toBe(3);
    const { status } = await refund(order.id, { amount_cents: 2400, reason: "damaged", restock: [{ product_id: "feeder", quantity: 1 }] });
    expect(status).toBe(200);
    expect(stockOf(shop.db, "feeder")).toBe(4);
    expect(shop.db.query<{ restocked: string }, []>("SELECT restocked FROM refunds").get()?.restocked).toBe(
      JSON.stringify([{ product_id: "feeder", variant_id: null, quantity: 1 }]),
    );
  });

  test("restocks a variant's units on the variant", async () => {
    const order = await buy(units(1, { id: "planter", variantId: "planter-large" }));
    expect(variantStockOf(shop.db, "planter-large")).toBe(1);
    const answer = await refund(order.id, {
      amount_cents: 100,
      reason: "other",
      restock: [{ product_id: "planter", variant_id: "planter-large", quantity: 1 }],
    });
    expect(answer.status).toBe(200);
    expect(variantStockOf(shop.db, "planter-large")).toBe(2);
  });
});

describe("a refused refund stores nothing", () => {
  test("more than was paid: 409 saying how much is left", async () => {
    const order = await buy();
    const { status, body } = await refund(order.id, { amount_cents: order.amount_cents + 1, reason: "other" });
    expect(status).toBe(409);
    expect(body).toEqual({
      error: `Only £${(order.amount_cents / 100).toFixed(2)} is left to refund on this order. Enter that or less.`,
    } as never);
    expectNothingStored(order.id, 3);
  });

  test("more than is left after an earlier refund: 409 with the remainder, and only the first refund stands", async () => {
    const order = await buy();
    await refund(order.id, { amount_cents: 1000, reason: "other" });
    const left = order.amount_cents - 1000;
    const { status, body } = await refund(order.id, { amount_cents: left + 1, reason: "other" });
    expect(status).toBe(409);
    expect(body).toEqual({ error: `Only £${(left / 100).toFixed(2)} is left to refund on this order. Enter that or less.` } as never);
    expect(countRows(shop.db, "refunds")).toBe(1);
    expect(countRows(shop.db, "demo_refunds")).toBe(1);
  });

  test("an order refunded in full: 409", async () => {
    const order = await buy();
    await refund(order.id, { amount_cents: order.amount_cents, reason: "other" });
    const { status, body } = await refund(order.id, { amount_cents: 1, reason: "other" });
    expect(status).toBe(409);
    expect(body).toEqual({ error: "This order has been refunded in full; there is nothing left to refund." } as never);
    expect(countRows(shop.db, "refunds")).toBe(1);
  });

  test("no such order: 404", async () => {
    const { status, body } = await refund("ORD-NOPE", { amount_cents: 100, reason: "other" });
    expect(status).toBe(404);
    expect(body).toEqual({ error: "Order not found." } as never);
    expect(countRows(shop.db, "refunds")).toBe(0);
  });

  const AMOUNT = { error: "Enter the amount to refund in whole pence, at least 1." };
  const REASON = {
    error: "Choose a reason: requested_by_customer, damaged, not_as_described, late, out_of_stock, duplicate or other.",
  };
  const RESTOCK_LINE = { error: "Each item to put back needs a product_id and a quantity of at least 1." };
  const cases: [string, unknown, { error: string }][] = [
    ["no body", null, AMOUNT],
    ["no amount", { reason: "other" }, AMOUNT],
    ["a zero amount", { amount_cents: 0, reason: "other" }, AMOUNT],
    ["a negative amount", { amount_cents: -100, reason: "other" }, AMOUNT],
    ["an amount in pounds with pence", { amount_cents: 10.5, reason: "other" }, AMOUNT],
    ["an amount as text", { amount_cents: "1000", reason: "other" }, AMOUNT],
    ["no reason", { amount_cents: 100 }, REASON],
    ["a reason not on the list", { amount_cents: 100, reason: "because" }, REASON],
    [
      "a note too long",
      { amount_cents: 100, reason: "other", note: "x".repeat(501) },
      { error: "The note must be at most 500 characters." },
    ],
    [
      "restock not a list",
      { amount_cents: 100, reason: "other", restock: "feeder" },
      { error: "restock must be a list of items to put back." },
    ],
    ["a restock line without a product", { amount_cents: 100, reason: "other", restock: [{ quantity: 1 }] }, RESTOCK_LINE],
    [
      "a restock line of zero units",
      { amount_cents: 100, reason: "other", restock: [{ product_id: "feeder", quantity: 0 }] },
      RESTOCK_LINE,
    ],
  ];
  for (const [name, body, error] of cases) {
    test(`${name}: 400`, async () => {
      const order = await buy();
      const answer = await refund(order.id, body);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual(error as never);
      expectNothingStored(order.id, 3);
    });
  }

  test("restocking more units than the order had: 409", async () => {
    const order = await buy();
    const { status, body } = await refund(order.id, {
      amount_cents: 100,
      reason: "other",
      restock: [{ product_id: "feeder", quantity: 3 }],
    });
    expect(status).toBe(409);
    expect(body).toEqual({ error: "Only 2 of feeder can still be put back on the shelf from this order." } as never);
    expectNothingStored(order.id, 3);
  });

  test("restocking an item the order never had: 409", async () => {
    const order = await buy();
    const { status, body } = await refund(order.id, {
      amount_cents: 100,
      reason: "other",
      restock: [{ product_id: "planter", quantity: 1 }],
    });
    expect(status).toBe(409);
    expect(body).toEqual({ error: "There is nothing of planter left to put back on the shelf from this order." } as never);
    expectNothingStored(order.id, 3);
    expect(stockOf(shop.db, "planter")).toBe(5);
  });

  test("restocking units an earlier refund already put back: 409", async () => {
    const order = await buy();
    await refund(order.id, { amount_cents: 100, reason: "other", restock: [{ product_id: "feeder", quantity: 2 }] });
    const { status, body } = await refund(order.id, {
      amount_cents: 100,
      reason: "other",
      restock: [{ product_id: "feeder", quantity: 1 }],
    });
    expect(status).toBe(409);
    expect(body).toEqual({ error: "There is nothing of feeder left to put back on the shelf from this order." } as never);
    expect(countRows(shop.db, "refunds")).toBe(1);
    expect(stockOf(shop.db, "feeder")).toBe(5);
  });

  test("restocking units a cancel with restock already put back: 409", async () => {
    const order = await buy();
    await shop.call(`/api/admin/orders/${order.id}/status`, { method: "POST", body: { status: "canceled", restock: true } });
    expect(stockOf(shop.db, "feeder")).toBe(5);
    const { status, body } = await refund(order.id, {
      amount_cents: 100,
      reason: "other",
      restock: [{ product_id: "feeder", quantity: 1 }],
    });
    expect(status).toBe(409);
    expect(body).toEqual({ error: "There is nothing of feeder left to put back on the shelf from this order." } as never);
    expectNothingStored(order.id, 5);
  });

  test("restocking an order flagged for refund, which never took stock: 409", async () => {
    const order = await buy();
    shop.db.query("UPDATE orders SET refund_required = 1 WHERE id = ?").run(order.id);
    const { status, body } = await refund(order.id, {
      amount_cents: 100,
      reason: "late",
      restock: [{ product_id: "feeder", quantity: 1 }],
    });
    expect(status).toBe(409);
    expect(body).toEqual({
      error:
        "This order never took any stock (its payment arrived after the stock had gone), so there is nothing to put back. Refund it without restocking.",
    } as never);
    expectNothingStored(order.id, 3);
  });

  test("the provider refuses: 502 saying why, and nothing recorded", async () => {
    const order = await buy();
    // The demo provider holds less than the shop believes (refunded elsewhere): it refuses.
    shop.db.query("UPDATE demo_payment_sessions SET amount_total = 100").run();
    const { status, body } = await refund(order.id, { amount_cents: 500, reason: "other" });
    expect(status).toBe(502);
    expect(body).toEqual({
      error: "The refund was not made: The demo payment has less left to refund than that. Nothing was recorded; try again.",
    } as never);
    expectNothingStored(order.id, 3);
  });

  test("an order paid through another provider than the shop's now: 409 saying where to refund it", async () => {
    const order = await buy();
    shop.db.query("UPDATE orders SET payment_provider = 'stripe' WHERE id = ?").run(order.id);
    const { status, body } = await refund(order.id, { amount_cents: 100, reason: "other" });
    expect(status).toBe(409);
    expect(body).toEqual({ error: "This order was paid through stripe; refund it in that provider's dashboard." } as never);
    expectNothingStored(order.id, 3);
  });

  test("without the owner's session: 401 and nothing stored", async () => {
    const order = await buy();
    const { status } = await shop.json(`/api/admin/orders/${order.id}/refund`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ amount_cents: 100, reason: "other" }),
    });
    expect(status).toBe(401);
    expectNothingStored(order.id, 3);
  });
});

describe("the dashboard's orders flagged for refund", () => {
  type Stats = { refundsDue: { id: string }[] };
  const due = async () => (await shop.call<Stats>("/api/admin/dashboard/stats")).body.refundsDue.map((order) => order.id);

  test("lists a flagged order until it is refunded in full, and never an unflagged one", async () => {
    const flagged = await buy();
    await buy(units(1, { id: "feeder" }));
    shop.db.query("UPDATE orders SET refund_required = 1 WHERE id = ?").run(flagged.id);
    expect(await due()).toEqual([flagged.id]);
    await refund(flagged.id, { amount_cents: 100, reason: "late" });
    expect(await due()).toEqual([flagged.id]);
    await refund(flagged.id, { amount_cents: flagged.amount_cents - 100, reason: "late" });
    expect(await due()).toEqual([]);
  });
});

// What is still being sent after a part refund with restock (docs/decisions/0024-units-back-on-the-shelf-once.md):
// a unit put back on the shelf is no longer sent, so the owner's order answer, the packing slip and the
// shelf all say the same.
describe("what is still being sent after a part refund with restock", () => {
  type Line = { product_id: string; quantity: number; restocked: number };

  /** A slip page as the signed-in owner's browser opens it. */
  async function slip(path: string) {
    const response = await shop.request(path, { headers: { "Sec-Fetch-Site": "same-origin", Cookie: shop.cookie ?? "" } });
    return { status: response.status, body: await response.text() };
  }
  /** Each slip line as [product, variant or "", quantity to pack]. */
  const slipLines = (html: string) =>
    [
      ...html.matchAll(
        /<span class="slip__product">([^<]+)<\/span>(?:<span class="slip__variant">([^<]+)<\/span>)?[\s\S]*?<td class="slip__quantity">(\d+)<\/td>/g,
      ),
    ].map((match) => [match[1], match[2] ?? "", match[3]]);
  const slipOrderIds = (html: string) => [...html.matchAll(/<section class="slip"[^>]*data-order-id="([^"]+)"/g)].map((match) => match[1]);

  test("the order answer, the packing slip and the shelf agree: units put back are not packed", async () => {
    const order = await buy([...units(2, { id: "feeder" }), ...units(1, { id: "planter", variantId: "planter-large" })]);
    expect(stockOf(shop.db, "feeder")).toBe(3);
    expect(variantStockOf(shop.db, "planter-large")).toBe(1);
    const answer = await refund(order.id, {
      amount_cents: 4600,
      reason: "requested_by_customer",
      restock: [
        { product_id: "feeder", quantity: 1 },
        { product_id: "planter", variant_id: "planter-large", quantity: 1 },
      ],
    });
    expect(answer.status).toBe(200);

    const { body } = await shop.call<{ items: Line[] }>(`/api/admin/orders/${order.id}`);
    expect(body.items.map(({ product_id, quantity, restocked }) => ({ product_id, quantity, restocked }))).toEqual([
      { product_id: "feeder", quantity: 2, restocked: 1 },
      { product_id: "planter", quantity: 1, restocked: 1 },
    ]);
    const printed = await slip(`/admin/orders/${order.id}/slip`);
    expect(printed.status).toBe(200);
    expect(slipLines(printed.body)).toEqual([["Bird feeder", "", "1"]]);
    expect(stockOf(shop.db, "feeder")).toBe(4);
    expect(variantStockOf(shop.db, "planter-large")).toBe(2);
  });

  test("an order with every unit put back: its slip says nothing is left to pack, and it is left off the slips to dispatch", async () => {
    const emptied = await buy();
    const other = await buy(units(1, { id: "feeder" }));
    expect(
      (await refund(emptied.id, { amount_cents: 100, reason: "other", restock: [{ product_id: "feeder", quantity: 2 }] })).status,
    ).toBe(200);

    const own = await slip(`/admin/orders/${emptied.id}/slip`);
    expect(own.status).toBe(200);
    expect(slipLines(own.body)).toEqual([]);
    expect(textOf(own.body)).toContain("Nothing from this order is left to pack: every unit went back on the shelf.");
    const toDispatch = await slip("/admin/slips");
    expect(slipOrderIds(toDispatch.body)).toEqual([other.id]);
    // The dashboard's "to dispatch" counts by the same rule.
    expect((await shop.call<{ to_dispatch: number }>("/api/admin/dashboard/stats")).body.to_dispatch).toBe(1);
  });
});
