import { formatPence } from "../../../shared/money";
import { REFUND_REASON_LABELS, type RefundReason } from "../../../shared/refund-reasons";
import { shortDate } from "../parts";
import type { AdminOrder } from "../types";
import { paidInAll, refundLeft } from "./RefundDialog";

/** Each refund made on the order, the amount left, and the Refund button while money is left (docs/decisions/0017-refunds.md). */
export function OrderRefunds({ order, onRefund }: { order: AdminOrder; onRefund: () => void }) {
  const left = refundLeft(order);
  return (
    <section className="card admin-section admin-order__refunds" aria-labelledby="refunds-title">
      <h2 id="refunds-title">Refunds</h2>
      {order.refunds.length > 0 && (
        <ul className="order-items">
          {order.refunds.map((refund) => (
            <li key={refund.at} className="admin-order-line">
              <div className="order-item__body">
                <span>{REFUND_REASON_LABELS[refund.reason as RefundReason] ?? refund.reason}</span>
                <span className="admin-cell-sub">
                  {shortDate(refund.at)}
                  {refund.note ? ` · ${refund.note}` : ""}
                  {refund.fee_cents === null
                    ? " · fee not known yet"
                    : refund.fee_cents > 0
                      ? ` · fee ${formatPence(refund.fee_cents)}`
                      : ""}
                </span>
              </div>
              <span className="admin-nowrap">{formatPence(refund.amount_cents)}</span>
            </li>
          ))}
        </ul>
      )}
      <p className="muted" data-testid="refund-left">
        {left === 0 ? "Refunded in full." : `${formatPence(left)} left to refund of ${formatPence(paidInAll(order))}.`}
      </p>
      {left > 0 && (
        <button type="button" className="button button--secondary" onClick={onRefund}>
          Refund…
        </button>
      )}
    </section>
  );
}
