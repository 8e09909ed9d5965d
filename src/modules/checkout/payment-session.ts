import type { Database } from "bun:sqlite";
import { isPosted, postsNothing } from "../../../shared/delivery";
import { dispatchedByText } from "../../../shared/dispatch-words";
import { writeTransaction } from "../../db/transaction";
import { Conflict, HttpError } from "../../errors";
import { errorFields, log } from "../../log";
import { type KnownPayer, PaymentProviderError, type SessionProvider } from "../../services/payments/provider";
import type { DispatchPromise } from "../catalog/dispatch-promise";
import { checkoutStore } from "./checkout-store";
import { lineDispatchDays } from "./dispatch-dates";
import type { PricedLine } from "./price-basket";

/** Stripe's shortest session is 30 minutes; a minute more absorbs clock skew and network time. */
export const HOLD_MINUTES = 31;

export const PROVIDER_UNREACHABLE = "We couldn't reach the payment provider, so nothing was charged. Please try again in a moment.";

type OpenSession = {
  /** The checkout row already written (state 'creating'). */
  checkoutId: string;
  lines: PricedLine[];
  deliveryCents: number;
  /** A discount the server priced (basket checkouts only), shown on the payment page. */
  discount?: { code: string; discountCents: number } | null;
  expiresAt: Date;
  /** Where the payment page's "back" goes. */
  cancelUrl: string;
  /** The answer when the checkout ended while the provider was answering (replaced or withdrawn). */
  endedMessage: string;
  /** Who pays, when the shop already knows (a quote): the payment page opens with it filled in. */
  payer?: KnownPayer | null;
  /** A gift order: the payment page asks for the recipient's address as the delivery address. */
  gift?: boolean;
};

/**
 * The part of starting a payment that talks to the provider, shared by the
 * basket's checkout and a quote's: open the session after the checkout row
 * committed, record it, and end sessions nobody may pay any more.
 */
export function paymentSessions({
  db,
  provider,
  publicUrl,
  dispatch,
}: {
  db: Database;
  provider: SessionProvider;
  publicUrl: string;
  dispatch: DispatchPromise;
}) {
  const store = checkoutStore(db);

  /** Ends sessions at the provider so their pages cannot be paid; a failure only logs. */
  async function expire(sessionIds: string[]): Promise<void> {
    await Promise.all(
      sessionIds.map((sessionId) =>
        provider.expireSession(sessionId).catch((error: unknown) => {
          log("error", "replaced payment session could not be expired", { provider: provider.name, cause: causeName(error) });
        }),
      ),
    );
  }

  return {
    expire,

    /** The payment page of a checkout another request is opening right now (a double click). */
    async waitForUrl(id: string): Promise<string> {
      for (let attempt = 0; attempt < 50; attempt++) {
        const row = store.byId(id);
        if (row?.payment_url) return row.payment_url;
        if (row?.state !== "creating") break;
        await Bun.sleep(200);
      }
      throw new Conflict("This checkout is still being set up. Please try again in a moment.");
    },

    /**
     * Opens the provider's session for a checkout row. A provider failure
     * releases the row (nothing stays held) and answers 502.
     */
    async open({
      checkoutId,
      lines,
      deliveryCents,
      discount = null,
      expiresAt,
      cancelUrl,
      endedMessage,
      payer = null,
      gift = false,
    }: OpenSession): Promise<{ url: string }> {
      let session: { id: string; url: string };
      // Each line says when it will be dispatched, counted from when the checkout began, as the order will be.
      const started = store.byId(checkoutId)?.created_at;
      const days = lineDispatchDays(db, dispatch, lines, started ? new Date(started) : new Date());
      try {
        session = await provider.createSession({
          checkoutId,
          lines: lines.map((line, index) => ({
            name: line.variantName ? `${line.productName} — ${line.variantName}` : line.productName,
            unitAmountPence: line.unitPriceCents,
            quantity: line.quantity,
            // A gift voucher is emailed, never dispatched (docs/decisions/0056-a-voucher-basket-posts-nothing.md).
            ...(isPosted(line) ? { description: dispatchedByText(days[index]!) } : {}),
          })),
          deliveryPence: deliveryCents,
          discount: discount ? { code: discount.code, amountPence: discount.discountCents } : null,
          currency: "gbp",
          expiresAt,
          successUrl: `${publicUrl}/success?session_id={CHECKOUT_SESSION_ID}`,
          cancelUrl,
          idempotencyKey: `checkout-${checkoutId}`,
          payer,
          gift,
          emailedOnly: postsNothing(lines),
        });
      } catch (error) {
        const checkout = store.byId(checkoutId);
        if (checkout) writeTransaction(db, () => store.release(checkout, "failed"));
        log("error", "payment session could not be created", { checkoutId, ...errorFields(error) });
        throw new HttpError(502, PROVIDER_UNREACHABLE);
      }
      if (!writeTransaction(db, () => store.opened(checkoutId, session.id, session.url))) {
        // The checkout ended while the provider was answering: its page must not be payable.
        await expire([session.id]);
        throw new Conflict(endedMessage);
      }
      return { url: session.url };
    },
  };
}

export function causeName(error: unknown): string {
  const cause = error instanceof PaymentProviderError ? error.cause : error;
  return cause instanceof Error ? cause.name : typeof cause;
}
