import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { listOutbox } from "../../src/modules/outbox/service";
import { createOwnerShop, type OwnerShop } from "../support/admin";
import { confirmCheckout, finishOnOwnPage, sessionIdOf } from "../support/checkout";
import { addProduct, BIRD_FEEDER } from "../support/factories";

// The owner's order answer carries what is left to refund and how it goes back (docs/decisions/0054-gift-vouchers.md):
// a gift voucher's part not yet put back first, then the card's not yet refunded; the refund call takes up to the sum.

let shop: OwnerShop;

beforeEach(async () => {
  shop = await createOwnerShop({}, { now: () => new Date("2026-12-01T10:00:00Z") });
  addProduct(shop.db, BIRD_FEEDER); // £24, and £5 delivery
  addProduct(shop.db, { id: "voucher", name: "Gift voucher", price_cents: 1000, kind: "voucher" });
});
afterEach(() => shop.close());

async function pay(body: Record<string, unknown>): Promise<string> {
  const started = await shop.json<{ url: string }>("/api/checkout", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const sessionId = sessionIdOf(started.body.url);
  expect((await finishOnOwnPage(shop, started.body.url)).status).toBe(303);
  return (await confirmCheckout<{ orderId: string }>(shop, sessionId)).body.orderId;
}

/** A voucher bought, and the code its email carries. */
async function voucherCode(amount_pence: number): Promise<string> {
  const orderId = await pay({ items: [{ id: "voucher", voucher: { amount_pence } }] });
  const code = listOutbox(shop.db, { orderId })
    .find((row) => row.kind === "gift-voucher")
    ?.text.match(/Your code: ([A-Z0-9-]{19})/)?.[1];
  if (!code) throw new Error("no voucher email");
  return code;
}

const leftOf = async (orderId: string) => (await shop.call<{ refund_left: unknown }>(`/api/admin/orders/${orderId}`)).body.refund_left;

const refund = (orderId: string, amount_cents: number) =>
  shop.call<{ refund_left?: unknown; error?: string }>(`/api/admin/orders/${orderId}/refund`, {
    method: "POST",
    body: { amount_cents, reason: "requested_by_customer", restock: [] },
  });

describe("refund_left on the owner's order answer", () => {
  test("an order paid by card only: the card's part, less what was refunded", async () => {
    const orderId = await pay({ items: [{ id: "feeder" }] });
    expect(await leftOf(orderId)).toEqual({ total_cents: 2900, voucher_cents: 0, card_cents: 2900 });
    expect((await refund(orderId, 900)).body.refund_left).toEqual({ total_cents: 2000, voucher_cents: 0, card_cents: 2000 });
  });

  test("an order paid partly by voucher: the voucher's part and the card's, the voucher's going back first", async () => {
    const orderId = await pay({ items: [{ id: "feeder" }], voucherCode: await voucherCode(1000) }); // £29: £10 voucher, £19 card
    expect(await leftOf(orderId)).toEqual({ total_cents: 2900, voucher_cents: 1000, card_cents: 1900 });
    expect((await refund(orderId, 600)).body.refund_left).toEqual({ total_cents: 2300, voucher_cents: 400, card_cents: 1900 });
    expect((await refund(orderId, 1500)).body.refund_left).toEqual({ total_cents: 800, voucher_cents: 0, card_cents: 800 });
  });

  test("an order the voucher paid in full can be refunded in full, all of it back on the voucher", async () => {
    const code = await voucherCode(20000);
    const orderId = await pay({ items: [{ id: "feeder" }], voucherCode: code });
    expect(await leftOf(orderId)).toEqual({ total_cents: 2900, voucher_cents: 2900, card_cents: 0 });
    const done = await refund(orderId, 2900);
    expect(done).toMatchObject({ status: 200, body: { refund_left: { total_cents: 0, voucher_cents: 0, card_cents: 0 } } });
    const balance = await shop.json<{ balance_pence: number }>("/api/gift-vouchers/check", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ code }),
    });
    expect(balance.body.balance_pence).toBe(20000);
    expect(shop.db.query("SELECT 1 FROM refunds WHERE order_id = ?").all(orderId)).toEqual([]);
  });

  test("a refund past what is left is refused with the figure the answer carries, nothing put back", async () => {
    const code = await voucherCode(20000);
    const orderId = await pay({ items: [{ id: "feeder" }], voucherCode: code });
    expect(await refund(orderId, 2901)).toMatchObject({
      status: 409,
      body: { error: "Only £29.00 is left to refund on this order. Enter that or less." },
    });
    expect(await leftOf(orderId)).toEqual({ total_cents: 2900, voucher_cents: 2900, card_cents: 0 });
  });
});

describe("the shopper's refund email says where the money went", () => {
  const refundEmailTexts = (orderId: string) =>
    listOutbox(shop.db, { orderId })
      .filter((row) => row.kind === "refund")
      .map((row) => row.text)
      .reverse();

  test("partly by voucher: the voucher's part back on it first, then the card's, counted of everything paid", async () => {
    const orderId = await pay({ items: [{ id: "feeder" }], voucherCode: await voucherCode(1000) }); // £29: £10 voucher, £19 card
    await refund(orderId, 600);
    await refund(orderId, 2300);
    const [first, second] = refundEmailTexts(orderId);
    expect(first).toContain(`We have refunded £6.00 for your order ${orderId}. In all, £6.00 of the £29.00 you paid has been refunded.`);
    expect(first).toContain("£6.00 is back on the gift voucher you paid with, ready to spend again.");
    expect(first).not.toContain("card");
    expect(second).toContain(`We have refunded £23.00 for your order ${orderId}: the whole amount you paid.`);
    expect(second).toContain("£4.00 is back on the gift voucher you paid with, ready to spend again.");
    expect(second).toContain(
      "The other £19.00 goes back to the card you paid with and usually shows on your statement within 5 to 10 working days.",
    );
  });

  test("wholly by voucher: all of it back on the voucher, and no word of a card", async () => {
    const orderId = await pay({ items: [{ id: "feeder" }], voucherCode: await voucherCode(20000) });
    await refund(orderId, 1000);
    const [email] = refundEmailTexts(orderId);
    expect(email).toContain(`We have refunded £10.00 for your order ${orderId}. In all, £10.00 of the £29.00 you paid has been refunded.`);
    expect(email).toContain("£10.00 is back on the gift voucher you paid with, ready to spend again.");
    expect(email).not.toContain("card");
  });

  test("by card only: the card's words, as before", async () => {
    const orderId = await pay({ items: [{ id: "feeder" }] });
    await refund(orderId, 2900);
    const [email] = refundEmailTexts(orderId);
    expect(email).toContain(`We have refunded £29.00 for your order ${orderId}: the whole amount you paid.`);
    expect(email).toContain("It goes back to the card you paid with and usually shows on your statement within 5 to 10 working days.");
  });
});
