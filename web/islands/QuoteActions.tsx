import { type FormEvent, useState } from "react";
import { formatPence } from "../../shared/money";

export type QuoteActionsProps = { quoteId: string; token: string; totalPence: number };

type Action = "accept" | "changes" | "decline";
type ActionState = { status: "idle" } | { status: "busy"; action: Action } | { status: "error"; message: string };

const NO_PAYMENT_PAGE = "We couldn't open the payment page. Please try again in a moment.";
const UNREACHABLE = "We couldn't reach the shop. Please check your connection and press Accept and pay again.";

/** The server's payment page address: ours (the demo checkout) or an https one (Stripe). Anything else is not followed. */
const isPaymentPage = (url: string) => url.startsWith("/") || /^https?:\/\//i.test(url);

/**
 * The live quote's three answers. Each is a plain form that posts to
 * /api/quotes/{id}/… and works before (or without) this script; hydrated, a
 * second press does nothing while the first is under way. Accepting goes
 * through the JSON call and leaves by `location`, so a refusal ("This quote has
 * already been paid.") is shown here, and Stripe's page is reached the one way
 * the shop's CSP allows (form-action covers a form post's redirect, not this).
 */
export function QuoteActions({ quoteId, token, totalPence }: QuoteActionsProps) {
  const [state, setState] = useState<ActionState>({ status: "idle" });
  const busy = state.status === "busy";
  const base = `/api/quotes/${encodeURIComponent(quoteId)}`;

  async function accept(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setState({ status: "busy", action: "accept" });
    try {
      const response = await fetch(`${base}/accept`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ t: token }),
      });
      const answer = (await response.json().catch(() => ({}))) as { url?: unknown; error?: unknown };
      if (response.ok && typeof answer.url === "string" && isPaymentPage(answer.url)) {
        // Stays busy while the browser leaves: a second press must not open a second payment.
        window.location.assign(answer.url);
        return;
      }
      setState({ status: "error", message: typeof answer.error === "string" && answer.error ? answer.error : NO_PAYMENT_PAGE });
    } catch {
      setState({ status: "error", message: UNREACHABLE });
    }
  }

  /** Changes and decline post the form itself (the server answers with this page and a note); only a repeat is stopped. */
  const postOnce = (action: Action) => (event: FormEvent<HTMLFormElement>) => {
    if (busy) event.preventDefault();
    else setState({ status: "busy", action });
  };

  const tokenField = <input type="hidden" name="t" value={token} />;
  return (
    <div className="quote-actions">
      <form className="card quote-actions__accept" method="post" action={`${base}/accept`} onSubmit={accept}>
        {tokenField}
        <h2>Happy with this quote?</h2>
        <p>{`Accept it and pay ${formatPence(totalPence)} by card. We start making it as soon as you have paid.`}</p>
        <button className="button button--primary button--large button--wide" type="submit" disabled={busy}>
          Accept and pay
        </button>
        {state.status === "busy" && state.action === "accept" && (
          <p className="hint" role="status">
            Opening the payment page…
          </p>
        )}
        {state.status === "error" && (
          <p className="form-error" role="alert">
            {state.message}
          </p>
        )}
      </form>

      <form className="card form" method="post" action={`${base}/changes`} onSubmit={postOnce("changes")}>
        {tokenField}
        <h2>Want something changed?</h2>
        <div className="field">
          <label htmlFor="quote-changes-message">What would you like changed?</label>
          <textarea id="quote-changes-message" name="message" rows={4} maxLength={2000} required />
          <p className="hint">We will reply by email with a new quote.</p>
        </div>
        <button className="button button--secondary" type="submit" disabled={busy}>
          Ask for changes
        </button>
      </form>

      <form className="card form" method="post" action={`${base}/decline`} onSubmit={postOnce("decline")}>
        {tokenField}
        <h2>Not for you?</h2>
        <div className="field">
          <label htmlFor="quote-decline-message">Anything you would like to tell us? (optional)</label>
          <textarea id="quote-decline-message" name="message" rows={3} maxLength={2000} />
        </div>
        <button className="button button--ghost" type="submit" disabled={busy}>
          Decline
        </button>
      </form>
    </div>
  );
}
