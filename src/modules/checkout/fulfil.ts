import type { Database } from "bun:sqlite";
import { latestDay } from "../../../shared/dispatch-words";
import { writeTransaction } from "../../db/transaction";
import type { PaymentSnapshot, PostalAddress } from "../../services/payments/provider";
import type { DispatchPromise } from "../catalog/dispatch-promise";
import { discountCodeStore } from "../discount-codes/store";
import { orderProduction } from "../orders/production";
import { recordQuotePayment } from "../quotes/paid";
import { type CheckoutRow, checkoutStore, unitsOf } from "./checkout-store";
import { lineDispatchDays } from "./dispatch-dates";
import { stockCovers, takeStock } from "./stock-hold";

export type FulfilOutcome =
  | { kind: "order"; orderId: string; created: boolean }
  | { kind: "waiting"; status: "processing" | "expired" }
  | { kind: "unknown" };

/** Runs inside the order's transaction, e.g. to queue its emails so they commit with it. */
export type OrderCreatedHook = (db: Database, orderId: string) => void;

/**
 * The one way a payment becomes an order, used by the Stripe webhook, the
 * success page's confirm call, the demo checkout and the reconciling sweep.
 * Whichever arrives first creates the order inside an IMMEDIATE transaction;
 * every later or concurrent caller finds it. A payment that lands after its
 * hold was released takes the stock again if it is still there, and is
 * otherwise recorded as paid and flagged for refund — stock never goes below 0.
 */
export function fulfilPayment(
  db: Database,
  snapshot: PaymentSnapshot,
  onOrderCreated: OrderCreatedHook,
  dispatch: DispatchPromise,
): FulfilOutcome {
  return writeTransaction(db, () => {
    const store = checkoutStore(db);
    const checkout = store.forSession(snapshot.id, snapshot.checkoutId);
    if (!checkout) return { kind: "unknown" };
    const existing = db.query<{ id: string }, [string]>("SELECT id FROM orders WHERE id = ?").get(checkout.id);
    if (existing) return { kind: "order", orderId: existing.id, created: false };

    const paid = snapshot.paymentStatus === "paid" || snapshot.paymentStatus === "no_payment_required";
    if (!paid) {
      if (snapshot.status === "expired") {
        store.release(checkout, "expired");
        return { kind: "waiting", status: "expired" };
      }
      // Complete but unpaid (a bank payment on its way): the hold stays.
      return { kind: "waiting", status: "processing" };
    }

    const lines = store.lines(checkout.id);
    // Read before this payment counts its use: a checkout that gave its use back (expired, replaced, cancelled)
    // and finds every use taken since is honoured, and the owner told the code went past its limit (decision 0025).
    const discountOverLimit = checkout.hold !== "held" && checkout.discount_code !== null && discountUsesTaken(db, checkout.discount_code);
    let refundRequired = false;
    if (checkout.hold === "held") {
      store.markPaid(checkout.id, snapshot.id);
    } else if (stockCovers(db, unitsOf(lines))) {
      takeStock(db, unitsOf(lines));
      store.markPaid(checkout.id, snapshot.id);
    } else {
      refundRequired = true;
      store.markPaidWithoutStock(checkout.id, snapshot.id);
    }

    // The promise the shopper saw: counted from when the checkout began, not when the payment arrived (decision 0015).
    const dispatchBy = latestDay(lineDispatchDays(db, dispatch, lines, new Date(checkout.created_at)));
    insertOrder(db, checkout, snapshot, { refundRequired, discountOverLimit }, dispatchBy);
    // Issue 14: every paid order starts in the workshop's queue, timestamped with the order.
    orderProduction(db).start(checkout.id);
    const item = db.query(
      `INSERT INTO order_items (order_id, product_id, variant_id, product_name, unit_price_cents, quantity, meta)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
    const claimUpload = db.query("UPDATE uploads SET order_id = ? WHERE token = ? AND order_id IS NULL");
    for (const line of lines) {
      // The variant lives in meta.variantName (spec section 3), not in the product name.
      item.run(
        checkout.id,
        line.productId,
        line.variantId,
        line.productName,
        line.unitPriceCents,
        line.quantity,
        JSON.stringify(line.meta),
      );
      for (const token of [line.meta.gpxToken, line.meta.imageToken]) if (token) claimUpload.run(checkout.id, token);
    }
    if (checkout.quote_id) recordQuotePayment(db, checkout.quote_id, checkout.id);
    // A use counts only once paid, here, once per order (the order insert above makes a replay return early).
    if (checkout.discount_code) discountCodeStore(db).countUse(checkout.discount_code);
    onOrderCreated(db, checkout.id);
    return { kind: "order", orderId: checkout.id, created: true };
  });
}

function insertOrder(
  db: Database,
  checkout: Pick<
    CheckoutRow,
    "id" | "subtotal_cents" | "delivery_cents" | "discount_code" | "discount_cents" | "amount_cents" | "currency" | "provider"
  >,
  snapshot: PaymentSnapshot,
  flags: { refundRequired: boolean; discountOverLimit: boolean },
  dispatchBy: string | null,
): void {
  const shipping = address(snapshot.shipping ?? snapshot.billing);
  const billing = address(snapshot.billing ?? snapshot.shipping);
  db.query(
    `INSERT INTO orders (id, status, subtotal_cents, delivery_cents, discount_code, discount_cents, amount_cents, currency, email,
       shipping_name, shipping_line1, shipping_line2, shipping_city, shipping_postal_code, shipping_country,
       billing_name, billing_line1, billing_line2, billing_city, billing_postal_code, billing_country,
       payment_provider, payment_session_id, refund_required, discount_over_limit, dispatch_by)
     VALUES (?, 'paid', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    checkout.id,
    checkout.subtotal_cents,
    checkout.delivery_cents,
    checkout.discount_code,
    checkout.discount_cents,
    checkout.amount_cents,
    checkout.currency,
    snapshot.customerEmail,
    ...shipping,
    ...billing,
    checkout.provider,
    snapshot.id,
    flags.refundRequired ? 1 : 0,
    flags.discountOverLimit ? 1 : 0,
    dispatchBy,
  );
}

/** Whether a code's uses are all taken, paid or held by checkouts waiting for payment (a deleted code has none to take). */
function discountUsesTaken(db: Database, code: string): boolean {
  const codes = discountCodeStore(db);
  const found = codes.byCode(code);
  return found !== null && codes.allUsesTaken(found);
}

function address(a: PostalAddress | null): (string | null)[] {
  return [a?.name ?? null, a?.line1 ?? null, a?.line2 ?? null, a?.city ?? null, a?.postalCode ?? null, a?.country ?? null];
}
