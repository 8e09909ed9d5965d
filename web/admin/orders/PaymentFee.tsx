import { formatMinus, formatPence } from "../../../shared/money";
import type { AdminOrder } from "../types";

/**
 * What the shopper paid, the payment provider's fee and what reached the shop (docs/decisions/0050-money-that-reconciles.md).
 * A Stripe fee not settled yet says so rather than showing a guess; the demo checkout's fee is the published UK card
 * rate and says "demo" beside it. An order a gift voucher paid in full had no card payment and so no fee.
 */
export function PaymentFee({ order }: { order: AdminOrder }) {
  return (
    <dl className="order-totals admin-payment-fee" aria-label="Payment and fee" data-testid="payment-fee">
      <div>
        <dt>Paid</dt>
        <dd>{formatPence(order.amount_cents)}</dd>
      </div>
      {order.amount_cents === 0 ? (
        <div>
          <dt>Card fee</dt>
          <dd className="muted">None: nothing was charged to a card</dd>
        </div>
      ) : order.fee_cents === null || order.net_cents === null ? (
        <div>
          <dt>Stripe fee</dt>
          <dd className="muted">Fee not known yet</dd>
        </div>
      ) : (
        <>
          <div>
            <dt>{order.fee_source === "demo" ? "Card fee (demo: 1.5% + 20p)" : "Stripe fee"}</dt>
            <dd>{formatMinus(order.fee_cents)}</dd>
          </div>
          <div className="order-totals__total">
            <dt>Received</dt>
            <dd>{formatPence(order.net_cents)}</dd>
          </div>
        </>
      )}
    </dl>
  );
}
