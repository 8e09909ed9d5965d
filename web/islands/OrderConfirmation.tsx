import { useEffect, useState } from "react";
import { dispatchedByText } from "../../shared/dispatch-words";
import { orderReference } from "../../shared/order-view";
import type { CheckoutSessionView } from "../../src/modules/checkout/model";
import { CheckoutSummary } from "../components/CheckoutSummary";
import { type CustomerOrder, OrderDetails } from "../components/OrderDetails";
import { ParcelTracking } from "../components/ParcelTracking";
import { clearBasket } from "../lib/basket-gift-store";
import { forgetPaidCheckout } from "../lib/checkout-client";

export type OrderConfirmationProps = { sessionId: string };

/** GET /api/checkout/session (docs/product.md#other-records, "Checkout session (read)"). */
type CheckoutSession = CheckoutSessionView;

/** The confirmation page's two failure texts (docs/product.md#confirmation-page). */
const UNABLE = "Unable to load order";
const FAILED = "Failed to load order";

/** Confirm is retried 1 s, 2 s, 3 s … apart, at most 5 s, for 5 minutes; then the customer may ask again. */
const CONFIRM_GIVE_UP_MS = 5 * 60 * 1000;
function confirmRetryDelay(attempt: number): number {
  return Math.min(attempt, 5) * 1000;
}

type View = {
  session: CheckoutSession | null;
  orderId: string | null;
  /** The answer of GET /api/orders/{id} carries the address the confirmation email goes to. */
  order: (CustomerOrder & { email?: string | null }) | null;
  error: string | null;
  /** Confirm kept answering "processing" until CONFIRM_GIVE_UP_MS passed. */
  stalled: boolean;
};

const START: View = { session: null, orderId: null, order: null, error: null, stalled: false };

async function fetchJson<T>(url: string, init?: RequestInit): Promise<{ status: number; body: T | null }> {
  const response = await fetch(url, { ...init, headers: { Accept: "application/json", ...init?.headers } });
  return { status: response.status, body: (await response.json().catch(() => null)) as T | null };
}

function paymentDone(session: CheckoutSession): boolean {
  return session.status === "complete" || session.payment_status === "paid";
}

/**
 * The confirmation page (docs/product.md#confirmation-page): shows the session's
 * summary at once, waits for the order to be confirmed ('Processing Order...'),
 * then shows it. Any 4xx answer reads 'Unable to load order'; no answer at all,
 * 'Failed to load order'.
 */
export function OrderConfirmation({ sessionId }: OrderConfirmationProps) {
  const [view, setView] = useState<View>(START);
  const [round, setRound] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new round (the "Try again" button) starts the lookup afresh
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const update = (change: Partial<View>) => {
      if (!stopped) setView((current) => ({ ...current, ...change }));
    };
    const wait = (ms: number) => new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));

    async function run(): Promise<void> {
      const found = await fetchJson<CheckoutSession>(`/api/checkout/session?${new URLSearchParams({ id: sessionId })}`);
      if (stopped) return;
      const session = found.body;
      if (found.status !== 200 || !session) return update({ error: UNABLE });
      update({ session });
      if (paymentDone(session)) forgetPaidBasket();
      if (session.status === "expired" && !paymentDone(session)) return update({ error: UNABLE });

      const startedAt = Date.now();
      let orderId: string | null = null;
      for (let attempt = 1; ; attempt++) {
        const confirm = await fetchJson<{ orderId?: string | null }>("/api/checkout/confirm", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ id: sessionId }),
        });
        if (stopped) return;
        if (confirm.status === 200 && confirm.body?.orderId) {
          orderId = confirm.body.orderId;
          break;
        }
        // 202 means the payment is still pending; a 5xx (the payment provider
        // did not answer) is worth another try too. A 4xx will not change.
        if (confirm.status !== 202 && confirm.status < 500) return update({ error: UNABLE });
        if (Date.now() - startedAt >= CONFIRM_GIVE_UP_MS) return update({ stalled: true });
        await wait(confirmRetryDelay(attempt));
        if (stopped) return;
      }
      forgetPaidBasket();
      update({ orderId });

      const query = new URLSearchParams({ sessionId });
      const order = await fetchJson<NonNullable<View["order"]>>(`/api/orders/${encodeURIComponent(orderId)}?${query}`);
      if (stopped) return;
      if (order.status !== 200 || !order.body?.id) return update({ error: UNABLE });
      update({ order: order.body });
    }

    run().catch(() => update({ error: FAILED }));
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [sessionId, round]);

  const { session, orderId, order, error, stalled } = view;
  const checkAgain = () => {
    setView((current) => ({ ...current, stalled: false, error: null }));
    setRound((value) => value + 1);
  };

  return (
    <div className="confirmation" aria-busy={!orderId && !error && !stalled}>
      {(orderId || !error) && (
        <p className="confirmation__status" role="status">
          {orderId
            ? `Your order is confirmed. Your order reference is ${orderReference(orderId)}.`
            : stalled
              ? "Your payment is still being confirmed. This can take a little while: check again in a moment, or come back to this page later."
              : "We're confirming your payment. This page updates as soon as your order is ready."}
        </p>
      )}
      {error && (
        <p className="form-error confirmation__error" role="alert">
          {error}
        </p>
      )}

      {order?.dispatch_by && (
        <p className="confirmation__dispatch" data-testid="dispatch-by">
          {dispatchedByText(order.dispatch_by)}
        </p>
      )}
      {order?.email && (
        <p className="confirmation__email" data-testid="confirmation-sent-to">
          Your confirmation email is on its way to <strong>{order.email}</strong>.
        </p>
      )}
      {order ? (
        <>
          <ParcelTracking order={order} />
          <OrderDetails order={order} sessionId={sessionId} />
        </>
      ) : (
        session && session.line_items.length > 0 && <CheckoutSummary session={session} className="confirmation__summary" />
      )}

      <p className="confirmation__actions">
        {orderId ? (
          <a className="button button--primary" href={`/order/${encodeURIComponent(orderId)}`}>
            View your order
          </a>
        ) : (
          !error && (
            <button type="button" className="button button--primary" disabled>
              Processing Order...
            </button>
          )
        )}
        {stalled && (
          <button type="button" className="button button--secondary" onClick={checkAgain}>
            Check again
          </button>
        )}
        <a className="button button--ghost" href="/products">
          Continue shopping
        </a>
      </p>
    </div>
  );
}

/** The basket is cleared once the session is complete or paid; the header badge follows (docs/product.md#confirmation-page). */
function forgetPaidBasket(): void {
  clearBasket();
  forgetPaidCheckout();
}
