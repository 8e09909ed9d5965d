import { formatDelivery, formatMinus, formatPence } from "../../shared/money";

type Totals = {
  amount_cents: number;
  subtotal_cents?: number | null;
  delivery_cents?: number | null;
  /** The code the order was priced with and what it took off; absent or 0 shows no line (docs/decisions/0020-discount-codes.md). */
  discount_code?: string | null;
  discount_cents?: number | null;
  /** What a gift voucher paid, delivery included; absent or 0 shows no line (docs/decisions/0054-gift-vouchers.md). */
  voucher_cents?: number | null;
  items: readonly { unit_price_cents: number; quantity: number }[];
};

/**
 * Subtotal, any discount, delivery, what a gift voucher paid and the total paid
 * by card, as the shopper's confirmation and the owner's order screen both show them. Orders from before subtotal and
 * delivery were stored derive them from the lines and the amount paid.
 */
export function OrderTotals({ order }: { order: Totals }) {
  const subtotal = order.subtotal_cents ?? order.items.reduce((sum, item) => sum + item.unit_price_cents * item.quantity, 0);
  const delivery = order.delivery_cents ?? Math.max(0, order.amount_cents - subtotal);
  return (
    <dl className="order-totals">
      <div>
        <dt>Subtotal</dt>
        <dd>{formatPence(subtotal)}</dd>
      </div>
      {order.discount_cents ? (
        <div>
          <dt>{`Discount (${order.discount_code})`}</dt>
          <dd>{formatMinus(order.discount_cents)}</dd>
        </div>
      ) : null}
      <div>
        <dt>Delivery</dt>
        <dd>{formatDelivery(delivery)}</dd>
      </div>
      {order.voucher_cents ? (
        <div>
          <dt>Gift voucher</dt>
          <dd>{formatMinus(order.voucher_cents)}</dd>
        </div>
      ) : null}
      <div className="order-totals__total">
        <dt>Total</dt>
        <dd>{formatPence(order.amount_cents)}</dd>
      </div>
    </dl>
  );
}
