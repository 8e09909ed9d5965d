import { useId } from "react";
import { MADE_TO_SPECIFICATION } from "../../../shared/made-to-specification";
import { formatDelivery, formatPence } from "../../../shared/money";
import { formatUkDay } from "../../../shared/uk-day";
import { wholeOrBlank } from "../parts";
import { type QuoteForm, quotePreview, workingDays } from "./quote-form";

/**
 * The quote as the shopper will read it, redrawn as the owner types. With
 * delivery left blank the server applies the shop's rule when sending, so the
 * preview names the rule instead of guessing a figure.
 */
export function QuotePreview({ form }: { form: QuoteForm }) {
  const titleId = useId();
  const preview = quotePreview(form);
  const leadTime = wholeOrBlank(form.leadTime);
  return (
    <section className="admin-quote-preview" aria-labelledby={titleId}>
      <h3 id={titleId}>What the shopper will see</h3>
      <table className="admin-quote-preview__table">
        <caption className="visually-hidden">The quote's lines, delivery and total</caption>
        <tbody>
          {preview.lines.map((line) => (
            <tr key={line.key}>
              <th scope="row">
                {line.label || <span className="muted">No description yet</span>}
                {line.each !== null && <span className="admin-cell-sub">{`${formatPence(line.each)} each`}</span>}
              </th>
              <td className="admin-num admin-nowrap">{line.pence === null ? "—" : formatPence(line.pence)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Delivery</th>
            <td className="admin-num admin-nowrap">
              {preview.deliveryByRule ? "Shop's delivery rule" : preview.delivery === null ? "—" : formatDelivery(preview.delivery)}
            </td>
          </tr>
          <tr className="admin-quote-preview__total">
            <th scope="row">Total</th>
            <td className="admin-num admin-nowrap">
              {preview.deliveryByRule ? `${formatPence(preview.total)} + delivery` : formatPence(preview.total)}
            </td>
          </tr>
        </tfoot>
      </table>
      <p>{typeof leadTime === "number" ? `Lead time: ${workingDays(leadTime)}.` : "Lead time: not set yet."}</p>
      <p>{/^\d{4}-\d{2}-\d{2}$/.test(form.validUntil) ? `Valid until ${formatUkDay(form.validUntil)}.` : "Valid until: not set yet."}</p>
      {form.message.trim() && <p className="admin-quote-preview__note">{form.message.trim()}</p>}
      <p className="hint">{MADE_TO_SPECIFICATION}</p>
    </section>
  );
}
