import { afterEach, beforeEach, expect, test } from "bun:test";
import { createOwnerShop, type OwnerShop } from "../support/admin";
import { buyThroughDemoCheckout, units } from "../support/checkout";
import { addProduct, BIRD_FEEDER } from "../support/factories";

// The demo checkout charges nothing, so its orders carry Stripe's published UK standard card rate (1.5 % + 20p),
// marked "demo" so it is never read as a real fee (docs/decisions/0050-money-that-reconciles.md).

type Detail = {
  amount_cents: number;
  fee_cents: number | null;
  net_cents: number | null;
  fee_source: string | null;
  refunds: { fee_cents: number | null; balance_transaction: string | null }[];
};

let shop: OwnerShop;
beforeEach(async () => {
  shop = await createOwnerShop();
  addProduct(shop.db, BIRD_FEEDER);
});
afterEach(() => shop.close());

test("a demo order records the fee at 1.5 % + 20p, rounded to the penny, as 'demo', from the moment it is paid", async () => {
  const { orderId } = await buyThroughDemoCheckout(shop, units(2, { id: "feeder" }));
  const { body } = await shop.call<Detail>(`/api/admin/orders/${orderId}`);
  // Worked out here by hand, apart from the shop's code: 1.5 % of the amount, half a penny up, plus 20p.
  const fee = Math.floor((body.amount_cents * 15 + 500) / 1000) + 20;
  expect(body).toMatchObject({ fee_cents: fee, net_cents: body.amount_cents - fee, fee_source: "demo" });
  expect(await shop.deps.paymentFees.recordDue()).toEqual({ orders: 0, refunds: 0, notYet: 0, failed: 0 });
});

test("a demo refund carries no fee and no balance transaction", async () => {
  const { orderId } = await buyThroughDemoCheckout(shop, units(1, { id: "feeder" }));
  const { status, body } = await shop.call<Detail>(`/api/admin/orders/${orderId}/refund`, {
    method: "POST",
    body: { amount_cents: 300, reason: "damaged" },
  });
  expect(status).toBe(200);
  expect(body.refunds).toEqual([expect.objectContaining({ fee_cents: 0, balance_transaction: null })]);
});
