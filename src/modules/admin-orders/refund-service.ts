import type { Database } from "bun:sqlite";
import { formatPence } from "../../../shared/money";
import { rowId } from "../../db/row-id";
import { writeTransaction } from "../../db/transaction";
import { renderRefundEmail } from "../../emails/refund";
import { Conflict, HttpError, NotFound } from "../../errors";
import { log } from "../../log";
import { type PaymentProvider, PaymentProviderError } from "../../services/payments/provider";
import { readShopIdentity } from "../content/service";
import type { VoucherStore } from "../gift-vouchers/store";
import type { Order } from "../orders/model";
import type { OrderService } from "../orders/service";
import type { OrderMoney, OrderStore } from "../orders/store";
import { enqueueEmail } from "../outbox/service";
import { type AdminOrderDetail, ORDER_NOT_FOUND } from "./model";
import { refundLeftOf } from "./refund-left";
import type { RefundRequest } from "./refund-model";
import type { ShelfReturns, ShelfUnits, UnitsNotPutBack } from "./shelf-returns";

const NOTHING_LEFT = "This order has been refunded in full; there is nothing left to refund.";
const NO_UNITS_TAKEN =
  "This order never took any stock (its payment arrived after the stock had gone), so there is nothing to put back. Refund it without restocking.";

/**
 * A refund made: the order as the owner now reads it, and the units it asked to put back that could not go
 * back (already back by then).
 */
export type RefundOutcome = { order: AdminOrderDetail; notRestocked: UnitsNotPutBack[] };

export type RefundService = ReturnType<typeof createRefundService>;

/**
 * Refunds through the payment provider first, and records only what it made
 * (docs/decisions/0017-refunds.md). The provider call cannot
 * sit inside the write transaction (it would hold the lock over the network),
 * so the idempotency key carries the guarantee: it is the order, the number of
 * refunds recorded so far and the amount, so a double click sends the same key,
 * the provider answers its first refund again, and the second insert finds the
 * key taken and records nothing more.
 */
export function createRefundService({
  db,
  provider,
  publicUrl,
  store,
  orders,
  shelf,
  detail,
  vouchers,
}: {
  db: Database;
  provider: PaymentProvider;
  publicUrl: string;
  store: OrderStore;
  orders: OrderService;
  shelf: ShelfReturns;
  /** The owner's order answer (admin-orders/service.ts), built from the order the refund read after its write. */
  detail: (id: string, order: Order) => AdminOrderDetail | null;
  /** A gift voucher's part of an order goes back on the voucher first (docs/decisions/0054-gift-vouchers.md). */
  vouchers: VoucherStore;
}) {
  const refundedSoFar = db.query<{ total: number; count: number }, [string]>(
    "SELECT COALESCE(SUM(amount_cents), 0) AS total, COUNT(*) AS count FROM refunds WHERE order_id = ?",
  );
  const recordedWithKey = db.query<{ restocked: string }, [string]>("SELECT restocked FROM refunds WHERE idempotency_key = ?");

  /**
   * Refuses what cannot be done, before the provider is asked. What is left is the card's part not yet refunded
   * and the voucher's part not yet put back; the voucher's goes first, the card's takes the rest.
   */
  function check(id: string, request: RefundRequest): { order: OrderMoney; count: number; toVoucher: number; toCard: number } {
    const order = store.money(id);
    if (!order) throw new NotFound(ORDER_NOT_FOUND);
    const { total, count } = refundedSoFar.get(id)!;
    const left = refundLeftOf(vouchers, id, order, total);
    if (left.total_cents <= 0) throw new Conflict(NOTHING_LEFT);
    if (request.amount_cents > left.total_cents) {
      throw new Conflict(`Only ${formatPence(left.total_cents)} is left to refund on this order. Enter that or less.`);
    }
    if (request.restock.length > 0) checkRestock(id, order, request.restock);
    const toVoucher = Math.min(request.amount_cents, left.voucher_cents);
    return { order, count: count + vouchers.refundsOf(id), toVoucher, toCard: request.amount_cents - toVoucher };
  }

  /**
   * Only units the order had, and not already put back (by an earlier refund or a cancel with restock):
   * refused here while nothing has been done. The same rule runs again inside the write (`shelf.putBack`),
   * where a refund or cancel that finished meanwhile is seen, and what it took is reported, not refused.
   */
  function checkRestock(id: string, order: OrderMoney, restock: ShelfUnits[]): void {
    if (order.refund_required === 1) throw new Conflict(NO_UNITS_TAKEN);
    const beyond = shelf.beyondLeft(id, restock);
    if (!beyond) return;
    throw new Conflict(
      beyond.left === 0
        ? `There is nothing of ${beyond.product_id} left to put back on the shelf from this order.`
        : `Only ${beyond.left} of ${beyond.product_id} can still be put back on the shelf from this order.`,
    );
  }

  return {
    async refund(id: string, request: RefundRequest) {
      const { order, count, toVoucher, toCard } = check(id, request);
      if (toCard > 0 && order.payment_provider !== provider.name) {
        throw new Conflict(`This order was paid through ${order.payment_provider}; refund it in that provider's dashboard.`);
      }
      const idempotencyKey = `refund:${id}:${count + 1}:${request.amount_cents}`;
      let providerRefundId: string | null = null;
      if (toCard > 0) {
        try {
          providerRefundId = (await provider.refund({ sessionId: order.payment_session_id, amountPence: toCard, idempotencyKey })).id;
        } catch (error) {
          if (!(error instanceof PaymentProviderError)) throw error;
          log("error", "refund refused by the payment provider", { provider: provider.name, orderId: id, reason: error.message });
          throw new HttpError(502, `The refund was not made: ${error.message} Nothing was recorded; try again.`);
        }
      }
      return writeTransaction(db, (): RefundOutcome => {
        // The same key again (a double click that reached here second): the first one recorded it.
        const taken = recordedWithKey.get(idempotencyKey);
        if (taken) {
          const notRestocked = shelf.notPutBack(id, request.restock, JSON.parse(taken.restocked) as ShelfUnits[]);
          return { order: detail(id, orders.getOrder(id)!)!, notRestocked };
        }
        // The voucher's part back on the voucher, checked again inside the write: a refund that finished meanwhile is seen.
        if (toVoucher > 0) {
          const { voucherId, pence } = vouchers.refundable(id);
          if (voucherId === null || pence < toVoucher) throw new Conflict(NOTHING_LEFT);
          vouchers.refund(voucherId, id, toVoucher, `Refund of order ${id}`);
        }
        // The one rule, now that the provider has answered: only what is still left goes back.
        const { putBack, notPutBack } = shelf.putBack(id, request.restock);
        if (providerRefundId !== null)
          db.query(
            `INSERT INTO refunds (id, order_id, amount_cents, reason, note, restocked, idempotency_key, provider_refund_id, fee_cents)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          ).run(
            rowId("rf"),
            id,
            toCard,
            request.reason,
            request.note,
            JSON.stringify(putBack),
            idempotencyKey,
            providerRefundId,
            // The demo's refund has no fee (Stripe keeps its own and charges none on the refund); Stripe's is read by
            // the fees job from the refund's balance transaction (decision 0050).
            provider.name === "demo" ? 0 : null,
          );
        const refunded = orders.getOrder(id)!;
        if (refunded.email) {
          // The order's money in all, the voucher's part with the card's, as the owner's refund_left counts it.
          const paidCents = refunded.amount_cents + refunded.voucher_cents;
          const refundedCents = paidCents - refundLeftOf(vouchers, id, refunded, refunded.refunded_cents).total_cents;
          enqueueEmail(db, {
            dedupeKey: `refund:${idempotencyKey}`,
            kind: "refund",
            orderId: id,
            recipient: refunded.email,
            ...renderRefundEmail(
              refunded,
              { toVoucherCents: toVoucher, toCardCents: toCard, paidCents, refundedCents },
              publicUrl,
              readShopIdentity(db),
            ),
          });
        }
        // The one read of the refunded order: its email and the owner's answer are both made from it.
        return { order: detail(id, refunded)!, notRestocked: notPutBack };
      });
    },
  };
}
