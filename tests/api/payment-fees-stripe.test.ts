import { afterAll, afterEach, beforeAll, beforeEach, expect, test } from "bun:test";
import { createOwnerShop, type OwnerShop } from "../support/admin";
import { confirmCheckout, postCheckout, sessionIdOf, units } from "../support/checkout";
import { addProduct, BIRD_FEEDER } from "../support/factories";
import { type StripeStandIn, standInChargeFee, startStripeStandIn, stripeSettings } from "../support/stripe-stand-in";

// Stripe's fee and net on each order and refund (docs/decisions/0050-money-that-reconciles.md): read by the fees
// job from the charge's balance transaction after the order is written, through the real Stripe SDK against the
// stand-in; "not yet available" stays unknown (null, never a guess) and is read on a later run.

type Fees = { fee_cents: number | null; net_cents: number | null; fee_source: string | null; amount_cents: number };
type WithRefunds = Fees & { refunds: { amount_cents: number; fee_cents: number | null; balance_transaction: string | null }[] };

let stripe: StripeStandIn;
let shop: OwnerShop;

beforeAll(() => {
  stripe = startStripeStandIn();
});
afterAll(() => stripe.stop());

beforeEach(async () => {
  shop = await createOwnerShop(stripeSettings(stripe));
  addProduct(shop.db, BIRD_FEEDER);
});
afterEach(() => {
  stripe.settle();
  shop.close();
});

async function paidOrder(): Promise<{ id: string; sessionId: string; amount: number }> {
  const { body } = await postCheckout(shop, units(2, { id: "feeder" }));
  const sessionId = sessionIdOf(body.url ?? "");
  const session = stripe.pay(sessionId);
  const confirm = await confirmCheckout<{ orderId: string }>(shop, sessionId);
  expect(confirm.status).toBe(200);
  return { id: confirm.body.orderId, sessionId, amount: session.amount_total };
}

const orderOf = async (id: string) => (await shop.call<WithRefunds>(`/api/admin/orders/${id}`)).body;

test("a paid order says its fee is not known until the job reads Stripe's balance transaction", async () => {
  const order = await paidOrder();
  expect(await orderOf(order.id)).toMatchObject({ fee_cents: null, net_cents: null, fee_source: null });

  expect(await shop.deps.paymentFees.recordDue()).toEqual({ orders: 1, refunds: 0, notYet: 0, failed: 0 });
  const fee = standInChargeFee(order.amount);
  expect(await orderOf(order.id)).toMatchObject({ fee_cents: fee, net_cents: order.amount - fee, fee_source: "stripe" });
  const transaction = stripe.chargeTransactionOf(order.sessionId);
  const stored = shop.db.query<{ balance_transaction: string }, [string]>("SELECT balance_transaction FROM orders WHERE id = ?");
  expect(stored.get(order.id)?.balance_transaction).toBe(transaction?.id ?? "missing");
  // It was asked for with the charge expanded, as the shop's contract with Stripe says.
  const asked = stripe.requests.find((request) => request.path.startsWith("/v1/payment_intents/"));
  expect(asked?.params).toEqual({ expand: ["latest_charge.balance_transaction"] });
});

test("a fee Stripe has not settled yet stays unknown, and is recorded on a later run once it is", async () => {
  stripe.settleLater();
  const order = await paidOrder();
  expect(await shop.deps.paymentFees.recordDue()).toEqual({ orders: 0, refunds: 0, notYet: 1, failed: 0 });
  expect(await orderOf(order.id)).toMatchObject({ fee_cents: null, net_cents: null, fee_source: null });

  stripe.settle();
  expect(await shop.deps.paymentFees.recordDue()).toEqual({ orders: 1, refunds: 0, notYet: 0, failed: 0 });
  expect((await orderOf(order.id)).fee_cents).toBe(standInChargeFee(order.amount));
  // Nothing left to ask: a third run calls Stripe for nothing.
  const calls = stripe.requests.length;
  expect(await shop.deps.paymentFees.recordDue()).toEqual({ orders: 0, refunds: 0, notYet: 0, failed: 0 });
  expect(stripe.requests.length).toBe(calls);
});

test("Stripe out of reach: the fee stays unknown and the next run records it", async () => {
  const order = await paidOrder();
  stripe.failNext(3, 500); // the SDK's two retries as well
  expect(await shop.deps.paymentFees.recordDue()).toEqual({ orders: 0, refunds: 0, notYet: 0, failed: 1 });
  expect((await orderOf(order.id)).fee_cents).toBeNull();
  expect((await shop.deps.paymentFees.recordDue()).orders).toBe(1);
  expect((await orderOf(order.id)).fee_cents).toBe(standInChargeFee(order.amount));
});

test("each refund carries its own balance transaction, and Stripe keeps the order's fee", async () => {
  const order = await paidOrder();
  await shop.deps.paymentFees.recordDue();
  stripe.settleLater();
  const refunded = await shop.call<WithRefunds>(`/api/admin/orders/${order.id}/refund`, {
    method: "POST",
    body: { amount_cents: 900, reason: "damaged" },
  });
  expect(refunded.status).toBe(200);
  expect(refunded.body.refunds).toEqual([expect.objectContaining({ amount_cents: 900, fee_cents: null, balance_transaction: null })]);
  expect((await shop.deps.paymentFees.recordDue()).notYet).toBe(1);

  stripe.settle();
  expect(await shop.deps.paymentFees.recordDue()).toEqual({ orders: 0, refunds: 1, notYet: 0, failed: 0 });
  const after = await orderOf(order.id);
  const refundTransaction = [...stripe.balanceTransactions.values()].find((t) => t.type === "refund");
  expect(refundTransaction).toMatchObject({ amount: -900, fee: 0, net: -900 });
  expect(after.refunds).toEqual([
    expect.objectContaining({ amount_cents: 900, fee_cents: 0, balance_transaction: refundTransaction?.id ?? "missing" }),
  ]);
  // The payment's own fee is unchanged by the refund.
  expect(after.fee_cents).toBe(standInChargeFee(order.amount));
});

test("the shopper's own look-up never shows the fee, the net or the balance transaction", async () => {
  const order = await paidOrder();
  await shop.deps.paymentFees.recordDue();
  const page = await shop.request(`/api/orders/${order.id}?postalCode=BS1%204DJ`);
  const text = await page.text();
  expect(page.status).toBe(200);
  expect(text).not.toContain("fee_cents");
  expect(text).not.toContain("net_cents");
  expect(text).not.toContain("txn_");
});
