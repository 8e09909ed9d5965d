import { formatMinus, formatPence } from "../../shared/money";
import type { CheckoutSessionView } from "../../src/modules/checkout/model";

/**
 * A checkout's lines as the shop priced them (the goods, any discount, delivery, a gift voucher's part) and what is
 * left to pay: the confirmation page's summary before its order exists, and the page that places an order a gift
 * voucher pays in full.
 */
export function CheckoutSummary({
  session,
  className,
}: {
  session: Pick<CheckoutSessionView, "line_items" | "amount_total">;
  className: string;
}) {
  return (
    <section className={`card ${className}`} aria-label="Order summary">
      <ul className="order-items">
        {session.line_items.map((line, index) => (
          <li key={`${index}-${line.description}`}>
            <span>
              {line.quantity} × {line.description}
            </span>
            <span>{line.amount_total < 0 ? formatMinus(line.amount_total) : formatPence(line.amount_total)}</span>
          </li>
        ))}
      </ul>
      <dl className="order-totals">
        <div className="order-totals__total">
          <dt>Total</dt>
          <dd>{formatPence(session.amount_total)}</dd>
        </div>
      </dl>
    </section>
  );
}
