import type { MouseEvent } from "react";
import { formatDelivery, formatPence } from "../../shared/money";
import { orderReference } from "../../shared/order-view";
import { quoteLineText, quoteLineTotal } from "../../shared/quote-view";
import { formatUkDay } from "../../shared/uk-day";
import { apiCall, enc, failureText, isSessionEnd } from "./api";
import { ResultNotice, shortDate, useResult } from "./parts";
import { workingDays } from "./quote-form";
import { navigate } from "./router";
import type { AdminQuote, QuoteStatus } from "./types";

/** The quote states of docs/decisions/0014-quotes.md as the owner reads them. */
const STATE_WORDS: Record<QuoteStatus, string> = {
  sent: "Sent",
  changes_requested: "Changes requested",
  declined: "Declined",
  expired: "Expired",
  withdrawn: "Withdrawn",
  paid: "Paid",
};

const STATE_TONES: Record<QuoteStatus, string> = {
  sent: "info",
  changes_requested: "warning",
  declined: "muted",
  expired: "muted",
  withdrawn: "muted",
  paid: "success",
};

/** Only these can still be accepted, so only these can be withdrawn (an expired one already reads "expired"). */
function isLive(quote: AdminQuote): boolean {
  return quote.status === "sent" || quote.status === "changes_requested";
}

/** The request's story: every quote version, newest first (as the server lists them), with the shopper's answers. */
export function QuoteHistory({ quotes, onChanged }: { quotes: AdminQuote[]; onChanged: () => Promise<unknown> }) {
  const result = useResult();

  async function withdraw(quote: AdminQuote) {
    if (!window.confirm(`Withdraw version ${quote.version}? The shopper will no longer be able to accept or pay it.`)) return;
    result.clear();
    try {
      await apiCall(`/api/admin/quotes/${enc(quote.id)}/withdraw`, { method: "POST" });
      result.succeed(`Version ${quote.version} withdrawn.`);
      await onChanged();
    } catch (caught) {
      if (!isSessionEnd(caught)) result.fail(failureText(caught, "Withdrawing failed", "Withdrawing failed: network error"));
    }
  }

  return (
    <>
      <ResultNotice state={result} />
      {quotes.length === 0 ? (
        <p className="muted">No quotes sent yet.</p>
      ) : (
        <ol className="admin-quote-history">
          {quotes.map((quote) => (
            <li key={quote.id} className="admin-quote-version" aria-labelledby={`quote-${quote.id}`}>
              <header className="admin-quote-version__header">
                <h3 id={`quote-${quote.id}`}>Version {quote.version}</h3>
                <span className={`admin-badge admin-badge--${STATE_TONES[quote.status]}`}>{STATE_WORDS[quote.status]}</span>
                <span className="admin-cell-sub">Sent {shortDate(quote.created_at)}</span>
              </header>
              <ul className="admin-plain-list admin-quote-version__lines">
                {quote.lines.map((line, index) => (
                  <li key={`${index}-${line.description}`}>
                    <span>{quoteLineText(line)}</span> <span className="admin-nowrap">{formatPence(quoteLineTotal(line))}</span>
                  </li>
                ))}
                <li>
                  <span>Delivery</span> <span className="admin-nowrap">{formatDelivery(quote.delivery_cents)}</span>
                </li>
              </ul>
              <dl className="admin-facts admin-quote-version__facts">
                <div>
                  <dt>Total</dt>
                  <dd>{formatPence(quote.total_cents)}</dd>
                </div>
                <div>
                  <dt>Valid until</dt>
                  <dd>{formatUkDay(quote.valid_until)}</dd>
                </div>
                <div>
                  <dt>Lead time</dt>
                  <dd>{workingDays(quote.lead_time_days)}</dd>
                </div>
                {quote.message && (
                  <div className="admin-quote-version__wide">
                    <dt>Your note</dt>
                    <dd className="admin-quote-version__text">{quote.message}</dd>
                  </div>
                )}
                {(quote.shopper_message || quote.responded_at) && (
                  <div className="admin-quote-version__wide">
                    <dt>The shopper's answer{quote.responded_at ? `, ${shortDate(quote.responded_at)}` : ""}</dt>
                    <dd className="admin-quote-version__text">{quote.shopper_message || "No message."}</dd>
                  </div>
                )}
                {quote.order_id && (
                  <div>
                    <dt>Order</dt>
                    <dd>
                      <OrderLink id={quote.order_id} />
                    </dd>
                  </div>
                )}
              </dl>
              {isLive(quote) && (
                <div className="admin-actions">
                  <button
                    type="button"
                    className="button button--ghost admin-button--small admin-button--danger"
                    aria-label={`Withdraw version ${quote.version}`}
                    onClick={() => void withdraw(quote)}
                  >
                    Withdraw
                  </button>
                </div>
              )}
            </li>
          ))}
        </ol>
      )}
    </>
  );
}

/** A real link (it opens in a new tab too) that, clicked plainly, changes screen without a page load. */
function OrderLink({ id }: { id: string }) {
  function open(event: MouseEvent<HTMLAnchorElement>) {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate("/admin/orders", { order: id });
  }
  return (
    <a href={`/admin/orders?order=${enc(id)}`} onClick={open}>
      Order {orderReference(id)}
    </a>
  );
}
