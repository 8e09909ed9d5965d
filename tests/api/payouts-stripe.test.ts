import { afterEach, beforeEach, expect, test } from "bun:test";
import { createOwnerShop, type OwnerShop } from "../support/admin";
import { confirmCheckout, postCheckout, sessionIdOf, units } from "../support/checkout";
import { addProduct, BIRD_FEEDER } from "../support/factories";
import { type StripeStandIn, startStripeStandIn, stripeSettings } from "../support/stripe-stand-in";
import { countRows } from "../support/test-app";

// Stripe's payouts matched to orders and refunds (docs/decisions/0050-money-that-reconciles.md): the payouts job
// reads Stripe's lists through the real SDK, page by page, links each line through the balance transaction the fees
// job stored, shows any other line as it is, and reads nothing twice.

type Payout = {
  id: string;
  arrival_date: string;
  amount_cents: number;
  status: string;
  orders: string[];
  refunds: string[];
  other_cents: number;
  others: { balance_transaction: string; type: string; net_cents: number }[];
};

let stripe: StripeStandIn;
let shop: OwnerShop;
// A stand-in of each test's own: Stripe's payouts are the account's, and each test starts with none.
beforeEach(async () => {
  stripe = startStripeStandIn();
  shop = await createOwnerShop(stripeSettings(stripe));
  addProduct(shop.db, { ...BIRD_FEEDER, stock: 100 });
});
afterEach(async () => {
  shop.close();
  await stripe.stop();
});

async function paidOrder(): Promise<{ id: string; sessionId: string; amount: number }> {
  const { body } = await postCheckout(shop, units(1, { id: "feeder" }));
  const sessionId = sessionIdOf(body.url ?? "");
  const session = stripe.pay(sessionId);
  const confirm = await confirmCheckout<{ orderId: string }>(shop, sessionId);
  expect(confirm.status).toBe(200);
  return { id: confirm.body.orderId, sessionId, amount: session.amount_total };
}

async function refunded(orderId: string, amount: number): Promise<{ refundId: string; stripeRefundId: string }> {
  const { status } = await shop.call(`/api/admin/orders/${orderId}/refund`, {
    method: "POST",
    body: { amount_cents: amount, reason: "damaged" },
  });
  expect(status).toBe(200);
  const row = shop.db
    .query<{ id: string; provider_refund_id: string }, [string]>("SELECT id, provider_refund_id FROM refunds WHERE order_id = ?")
    .get(orderId)!;
  return { refundId: row.id, stripeRefundId: row.provider_refund_id };
}

const linesAsked = () => stripe.requests.filter((request) => request.path === "/v1/balance_transactions").length;

test("a payout holding three orders and a refund lists each, and its amount is what reached the bank", async () => {
  const orders = [await paidOrder(), await paidOrder(), await paidOrder()];
  const refund = await refunded(orders[0]!.id, 500);
  await shop.deps.paymentFees.recordDue();
  const made = stripe.payOut({
    sessionIds: orders.map((order) => order.sessionId),
    refundIds: [refund.stripeRefundId],
    arrival: Date.UTC(2026, 6, 14, 23, 30) / 1000, // 00:30 on 15 July in the UK
  });

  expect(await shop.deps.payouts.sync()).toEqual({ payouts: 1, lines: 5 });
  const { status, body } = await shop.call<Payout[]>("/api/admin/payouts");
  expect(status).toBe(200);
  expect(body).toEqual([
    {
      id: made.id,
      arrival_date: "2026-07-15",
      amount_cents: made.amount,
      status: "paid",
      orders: orders.map((order) => order.id),
      refunds: [refund.refundId],
      other_cents: 0,
      others: [],
    },
  ]);
  // What the shop recorded as received adds up to the payout, to the penny.
  const received = shop.db.query<{ total: number }, []>("SELECT SUM(net_cents) AS total FROM orders").get()!.total;
  expect(received - 500).toBe(made.amount);
});

test("Stripe's other lines (an adjustment) are shown as they are; payouts and their lines are read page by page", async () => {
  stripe.pageListsAt(2);
  const first = await paidOrder();
  const second = await paidOrder();
  await shop.deps.paymentFees.recordDue();
  stripe.payOut({ sessionIds: [first.sessionId] });
  stripe.payOut({ sessionIds: [second.sessionId], adjustments: [-1500, 200] });
  stripe.payOut({ adjustments: [300] });

  expect(await shop.deps.payouts.sync()).toEqual({ payouts: 3, lines: 2 + 4 + 2 });
  // Three payouts at two a page: the SDK asked twice; the four-line payout's lines took two pages as well.
  expect(stripe.requests.filter((request) => request.path === "/v1/payouts")).toHaveLength(2);
  const { body } = await shop.call<Payout[]>("/api/admin/payouts");
  const withAdjustments = body.find((payout) => payout.orders.includes(second.id));
  expect(withAdjustments).toMatchObject({ other_cents: -1300, refunds: [] });
  expect(withAdjustments?.others.map(({ type, net_cents }) => ({ type, net_cents }))).toEqual([
    { type: "adjustment", net_cents: -1500 },
    { type: "adjustment", net_cents: 200 },
  ]);
});

test("idempotent and resumable: a second run reads no payout's lines again, a later run only the new payouts", async () => {
  const first = await paidOrder();
  await shop.deps.paymentFees.recordDue();
  stripe.payOut({ sessionIds: [first.sessionId] });
  await shop.deps.payouts.sync();
  const asked = linesAsked();

  expect(await shop.deps.payouts.sync()).toEqual({ payouts: 0, lines: 0 });
  expect(linesAsked()).toBe(asked);
  expect(countRows(shop.db, "payout_lines")).toBe(2);

  const second = await paidOrder();
  await shop.deps.paymentFees.recordDue();
  stripe.payOut({ sessionIds: [second.sessionId] });
  expect(await shop.deps.payouts.sync()).toEqual({ payouts: 1, lines: 2 });
  expect(linesAsked()).toBe(asked + 1);
  expect(countRows(shop.db, "payouts")).toBe(2);
});

test("a run cut off by Stripe failing stores nothing half way, and the next run finishes the job", async () => {
  const first = await paidOrder();
  await shop.deps.paymentFees.recordDue();
  stripe.payOut({ sessionIds: [first.sessionId] });
  stripe.failNext(3, 500); // the list call and the SDK's two retries
  await expect(shop.deps.payouts.sync()).rejects.toThrow("The payment provider could not be reached");
  expect(countRows(shop.db, "payouts")).toBe(0);
  expect(await shop.deps.payouts.sync()).toEqual({ payouts: 1, lines: 2 });
});

test("the page answers the 100 newest of a long history, each payout with its own lines only", async () => {
  // Years of payouts as the job stores them: every other day, each with one line of its own amount.
  const payout = shop.db.query("INSERT INTO payouts (id, arrival_date, amount_cents, status, complete) VALUES (?, ?, ?, 'paid', 1)");
  const line = shop.db.query(
    "INSERT INTO payout_lines (balance_transaction, payout_id, type, amount_cents, fee_cents, net_cents) VALUES (?, ?, 'adjustment', ?, 0, ?)",
  );
  for (let n = 1; n <= 130; n++) {
    const id = `po_${String(n).padStart(3, "0")}`;
    payout.run(id, new Date(Date.UTC(2025, 0, 1) + n * 2 * 86_400_000).toISOString().slice(0, 10), n);
    line.run(`txn_${n}`, id, n, n);
  }
  const { body } = await shop.call<Payout[]>("/api/admin/payouts");
  expect(body).toHaveLength(100);
  expect(body[0]?.id).toBe("po_130");
  expect(body.at(-1)?.id).toBe("po_031");
  for (const shown of body) {
    const n = Number(shown.id.slice(3));
    expect(shown.others).toEqual([{ balance_transaction: `txn_${n}`, type: "adjustment", net_cents: n }]);
    expect(shown.other_cents).toBe(n);
  }
});
