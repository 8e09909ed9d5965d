import type { Database } from "bun:sqlite";
import { formatPence } from "../../../shared/money";
import { rowId } from "../../db/row-id";
import { writeTransaction } from "../../db/transaction";
import { renderRefundEmail } from "../../emails/refund";
import { Conflict, HttpError, NotFound } from "../../errors";
import { log } from "../../log";
import { type PaymentProvider, PaymentProviderError } from "../../services/payments/provider";
import { returnStock } from "../checkout/stock-hold";
import { readShopIdentity } from "../content/service";
import { createOrderService } from "../orders/service";
import { enqueueEmail } from "../outbox/service";
import { ORDER_NOT_FOUND } from "./model";
import type { RefundRequest } from "./refund-model";

type OrderMoney = {
  amount_cents: number;
  payment_provider: string;
  payment_session_id: string;
  restocked: number;
  refund_required: number;
  email: string | null;
};
type Unit = { product_id: string; variant_id: string | null; quantity: number };

const NOTHING_LEFT = "This order has been refunded in full; there is nothing left to refund.";
const NO_UNITS_TAKEN =
  "This order never took any stock (its payment arrived after the stock had gone), so there is nothing to put back. Refund it without restocking.";

/** The pair a unit is counted by: the same product in two variants are two different things on the shelf. */
const unitKey = (unit: { product_id: string; variant_id: string | null }) => `${unit.product_id}\u0000${unit.variant_id ?? ""}`;

function addUp(units: Unit[]): Map<string, number> {
  const totals = new Map<string, number>();
  for (const unit of units) totals.set(unitKey(unit), (totals.get(unitKey(unit)) ?? 0) + unit.quantity);
  return totals;
}

export type RefundService = ReturnType<typeof createRefundService>;

/**
 * Refunds through the payment provider first, and records only what it made
 * (issue 15 point 1; docs/decisions/0017-refunds.md). The provider call cannot
 * sit inside the write transaction (it would hold the lock over the network),
 * so the idempotency key carries the guarantee: it is the order, the number of
 * refunds recorded so far and the amount, so a double click sends the same key,
 * the provider answers its first refund again, and the second insert finds the
 * key taken and records nothing more.
 */
export function createRefundService(db: Database, provider: PaymentProvider, { publicUrl }: { publicUrl: string }) {
  const orders = createOrderService(db);
  const moneyOf = db.query<OrderMoney, [string]>(
    "SELECT amount_cents, payment_provider, payment_session_id, restocked, refund_required, email FROM orders WHERE id = ?",
  );
  const refundedSoFar = db.query<{ total: number; count: number }, [string]>(
    "SELECT COALESCE(SUM(amount_cents), 0) AS total, COUNT(*) AS count FROM refunds WHERE order_id = ?",
  );
  const orderUnits = db.query<Unit, [string]>("SELECT product_id, variant_id, quantity FROM order_items WHERE order_id = ?");
  const restockedUnits = db.query<Unit, [string]>(
    `SELECT json_extract(r.value, '$.product_id') AS product_id, json_extract(r.value, '$.variant_id') AS variant_id,
       json_extract(r.value, '$.quantity') AS quantity
     FROM refunds, json_each(refunds.restocked) r WHERE refunds.order_id = ?`,
  );

  /** Refuses what cannot be done, before the provider is asked; run again inside the write. */
  function check(id: string, request: RefundRequest): { order: OrderMoney; count: number } {
    const order = moneyOf.get(id);
    if (!order) throw new NotFound(ORDER_NOT_FOUND);
    const { total, count } = refundedSoFar.get(id)!;
    const left = order.amount_cents - total;
    if (left <= 0) throw new Conflict(NOTHING_LEFT);
    if (request.amount_cents > left) throw new Conflict(`Only ${formatPence(left)} is left to refund on this order. Enter that or less.`);
    if (request.restock.length > 0) checkRestock(id, order, request.restock);
    return { order, count };
  }

  /** Only units the order had, and not already put back (by an earlier refund or a cancel with restock). */
  function checkRestock(id: string, order: OrderMoney, restock: Unit[]): void {
    if (order.refund_required === 1) throw new Conflict(NO_UNITS_TAKEN);
    const had = addUp(orderUnits.all(id));
    const back = order.restocked === 1 ? had : addUp(restockedUnits.all(id));
    for (const [key, quantity] of addUp(restock)) {
      const left = (had.get(key) ?? 0) - (back.get(key) ?? 0);
      if (quantity > left) {
        const [product] = key.split("\u0000");
        throw new Conflict(
          left === 0
            ? `There is nothing of ${product} left to put back on the shelf from this order.`
            : `Only ${left} of ${product} can still be put back on the shelf from this order.`,
        );
      }
    }
  }

  return {
    async refund(id: string, request: RefundRequest) {
      const { order, count } = check(id, request);
      if (order.payment_provider !== provider.name) {
        throw new Conflict(`This order was paid through ${order.payment_provider}; refund it in that provider's dashboard.`);
      }
      const idempotencyKey = `refund:${id}:${count + 1}:${request.amount_cents}`;
      let providerRefundId: string;
      try {
        providerRefundId = (
          await provider.refund({ sessionId: order.payment_session_id, amountPence: request.amount_cents, idempotencyKey })
        ).id;
      } catch (error) {
        if (!(error instanceof PaymentProviderError)) throw error;
        log("error", "refund refused by the payment provider", { provider: provider.name, orderId: id, reason: error.message });
        throw new HttpError(502, `The refund was not made: ${error.message} Nothing was recorded; try again.`);
      }
      return writeTransaction(db, () => {
        // The same key again (a double click that reached here second): the first one recorded it.
        const taken = db.query<{ id: string }, [string]>("SELECT id FROM refunds WHERE idempotency_key = ?").get(idempotencyKey);
        if (taken) return orders.getOrder(id)!;
        db.query(
          `INSERT INTO refunds (id, order_id, amount_cents, reason, note, restocked, idempotency_key, provider_refund_id)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        ).run(
          rowId("rf"),
          id,
          request.amount_cents,
          request.reason,
          request.note,
          JSON.stringify(request.restock),
          idempotencyKey,
          providerRefundId,
        );
        if (request.restock.length > 0) {
          returnStock(
            db,
            request.restock.map((unit) => ({ productId: unit.product_id, variantId: unit.variant_id, quantity: unit.quantity })),
          );
        }
        const refunded = orders.getOrder(id)!;
        if (refunded.email) {
          enqueueEmail(db, {
            dedupeKey: `refund:${idempotencyKey}`,
            kind: "refund",
            orderId: id,
            recipient: refunded.email,
            ...renderRefundEmail(refunded, request.amount_cents, publicUrl, readShopIdentity(db)),
          });
        }
        return refunded;
      });
    },
  };
}
