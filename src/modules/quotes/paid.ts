import type { Database } from "bun:sqlite";
import type { OrderStore } from "../orders/store";

/**
 * Records that a quote's payment became an order, inside the order's own
 * transaction (src/modules/checkout/fulfil.ts): the quote is paid, any other
 * live version of the request is withdrawn so it cannot be paid as well, and
 * the request is completed. A second payment of a quote already paid (two
 * payment pages paid in two tabs) is still an order — money taken is never
 * lost — but flagged for refund, as a payment for sold-out stock is.
 */
export function recordQuotePayment(db: Database, orders: OrderStore, quoteId: string, orderId: string): void {
  const marked = db
    .query<unknown, [string, string]>(
      `UPDATE quotes SET status = 'paid', order_id = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
       WHERE id = ? AND status != 'paid'`,
    )
    .run(orderId, quoteId);
  if (marked.changes === 0) {
    orders.flagRefundRequired(orderId);
    return;
  }
  const request = db.query<{ id: string }, [string]>("SELECT custom_request_id AS id FROM quotes WHERE id = ?").get(quoteId);
  if (!request) return;
  db.query<unknown, [string, string]>(
    `UPDATE quotes SET status = 'withdrawn', updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
     WHERE custom_request_id = ? AND id != ? AND status IN ('sent', 'changes_requested')`,
  ).run(request.id, quoteId);
  db.query<unknown, [string]>(
    "UPDATE custom_requests SET status = 'completed', updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?",
  ).run(request.id);
}
