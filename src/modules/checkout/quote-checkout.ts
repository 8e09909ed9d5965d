import type { Database } from "bun:sqlite";
import { writeTransaction } from "../../db/transaction";
import type { KnownPayer, PaymentProvider } from "../../services/payments/provider";
import type { DispatchPromise } from "../catalog/dispatch-promise";
import { newOrderId } from "../orders/order-id";
import type { QuoteLine } from "../quotes/model";
import { checkoutStore } from "./checkout-store";
import { HOLD_MINUTES, paymentSessions } from "./payment-session";
import type { PricedLine } from "./price-basket";

/** What a quote puts on the payment page: its lines and delivery, priced by the owner. */
export type QuotePayment = {
  quoteId: string;
  /** `amount_cents` is the price of one: the payment page shows it with the line's quantity. */
  lines: QuoteLine[];
  deliveryCents: number;
  /** The shopper's own quote link: the payment page's "back" returns there. */
  quoteUrl: string;
  /** The name and email of the request the quote answers: the payment page opens with them filled in. */
  payer: KnownPayer;
};

/** A payment page about to end is not handed out again: the shopper gets a fresh one instead. */
const REUSE_MARGIN_MS = 10 * 60_000;

const QUOTE_ENDED =
  "This quote was replaced or withdrawn while the payment page was being opened. Please use the newest quote we sent you.";

export type QuoteCheckout = ReturnType<typeof createQuoteCheckout>;

/**
 * Paying a quote goes through the basket's checkout rows, provider and
 * fulfilment (src/modules/checkout/fulfil.ts), so the order it makes is an
 * ordinary order. Its lines hold no stock: they are work still to be made.
 */
export function createQuoteCheckout({
  db,
  provider,
  publicUrl,
  dispatch,
  now = () => new Date(),
}: {
  db: Database;
  provider: PaymentProvider;
  publicUrl: string;
  dispatch: DispatchPromise;
  now?: () => Date;
}) {
  const store = checkoutStore(db);
  const sessions = paymentSessions({ db, provider, publicUrl, dispatch });

  /** Ends a quote's unpaid checkouts in our books; returns their sessions for the provider. */
  function endOpen(quoteIds: string[]): string[] {
    return writeTransaction(db, () =>
      quoteIds.flatMap((quoteId) =>
        store.openForQuote(quoteId).flatMap((checkout) => {
          store.release(checkout, "expired");
          return checkout.provider_session_id ? [checkout.provider_session_id] : [];
        }),
      ),
    );
  }

  return {
    /**
     * POST /api/quotes/{id}/accept, after the quote service said the quote can
     * be accepted. The session is made now, when the shopper clicks, so a link
     * older than a payment session's life still works until the quote's date.
     * A double click (or a second tab) is handed the same payment page while it
     * has time left; concurrent clicks are ordered by the IMMEDIATE transaction.
     */
    async start(quote: QuotePayment): Promise<{ url: string }> {
      const begun = writeTransaction(db, () => {
        const soonest = now().getTime() + REUSE_MARGIN_MS;
        const open = store.openForQuote(quote.quoteId);
        const reusable = open.find((checkout) => new Date(checkout.expires_at).getTime() > soonest);
        if (reusable) return { repeat: reusable.id, created: null } as const;
        // Pages about to end are ended now, so only the new one can be paid.
        for (const older of open) store.release(older, "expired");
        const id = newOrderId();
        const expiresAt = new Date(now().getTime() + HOLD_MINUTES * 60_000);
        const lines: PricedLine[] = quote.lines.map((line) => ({
          productId: quote.quoteId,
          variantId: null,
          productName: line.description,
          variantName: null,
          unitPriceCents: line.amount_cents,
          quantity: line.quantity,
          meta: { quoteId: quote.quoteId },
        }));
        const subtotal = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
        store.insert(
          {
            id,
            client_key: null,
            basket_id: null,
            holder: null,
            request_hash: `quote:${quote.quoteId}`,
            provider: provider.name,
            subtotal_cents: subtotal,
            delivery_cents: quote.deliveryCents,
            discount_code: null,
            discount_cents: 0,
            gift_message: null,
            gift_from: null,
            voucher_id: null,
            voucher_cents: 0,
            amount_cents: subtotal + quote.deliveryCents,
            currency: "gbp",
            expires_at: expiresAt.toISOString(),
            quote_id: quote.quoteId,
          },
          lines,
        );
        const endedSessions = open.flatMap((older) => (older.provider_session_id ? [older.provider_session_id] : []));
        return { repeat: null, created: { id, lines, expiresAt, endedSessions } } as const;
      });
      if (begun.repeat !== null) return { url: await sessions.waitForUrl(begun.repeat) };

      const { id, lines, expiresAt, endedSessions } = begun.created;
      await sessions.expire(endedSessions);
      return sessions.open({
        checkoutId: id,
        lines,
        deliveryCents: quote.deliveryCents,
        expiresAt,
        cancelUrl: quote.quoteUrl,
        endedMessage: QUOTE_ENDED,
        payer: quote.payer,
      });
    },

    /**
     * A quote was withdrawn (pulled, or replaced by a newer version): its open
     * payment pages are ended, in our books at once and at the provider after.
     * A payment that got through anyway still becomes an order (fulfil.ts).
     */
    async endSessions(quoteIds: string[]): Promise<void> {
      if (quoteIds.length === 0) return;
      await sessions.expire(endOpen(quoteIds));
    },
  };
}
